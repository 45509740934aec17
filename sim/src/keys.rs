//! Fresh API keys and secrets for accounts the venue creates (`--accounts N`,
//! `POST /__sim/accounts`) and for the admin routes (`--admin`): bits from the standard
//! library's OS-seeded hasher keys. Outside the core, which stays deterministic: a created
//! account's key travels in its input, so a replay creates the same one.

use std::hash::{BuildHasher, Hasher};

use crate::exchange::account::ApiKey;

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
