//! An account's API key and secret ([`ApiKey`]), and fresh ones for accounts the venue creates
//! (`--accounts N`, `POST /__sim/accounts`) and for the admin routes (`--admin`): bits from the
//! standard library's OS-seeded hasher keys. Fresh keys are made outside the core, which stays
//! deterministic: a created account's key travels in its input, so a replay creates the same
//! one.

use std::hash::{BuildHasher, Hasher};

use contango::Credentials;

/// An account's API key and secret. The core keeps the secret (a restarted venue must check the
/// same signatures) and never shows it: `Debug` redacts it, and no record or view carries it.
#[derive(Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct ApiKey {
    /// The API key (`X-CH-APIKEY`).
    pub key: String,
    secret: String,
}

impl ApiKey {
    /// A key and its secret.
    pub fn new(key: impl Into<String>, secret: impl Into<String>) -> Self {
        ApiKey {
            key: key.into(),
            secret: secret.into(),
        }
    }

    /// The secret, for signing checks and the journal.
    pub fn secret(&self) -> &str {
        &self.secret
    }

    /// The credentials requests of this account are signed with.
    pub fn credentials(&self) -> Credentials {
        Credentials::new(&self.key, &self.secret)
    }
}

impl std::fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ApiKey")
            .field("key", &self.key)
            .field("secret", &"<redacted>")
            .finish()
    }
}

/// 64 fresh bits as hex.
fn word(n: u64) -> String {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(n);
    format!("{:016x}", h.finish())
}

/// A fresh key `<prefix>-<16 hex>` and a secret of 64 hex characters.
pub fn fresh(prefix: &str) -> ApiKey {
    let key = format!("{prefix}-{}", word(0));
    let secret: String = (1..=4).map(word).collect();
    ApiKey::new(key, secret)
}
