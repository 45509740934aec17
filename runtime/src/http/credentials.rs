//! API credentials and request signing.
//!
//! `signature = lower-case hex(HMAC-SHA256(secret, ts + METHOD + path + ["?" + query] + body))`,
//! sent in the header the spec's `auth` section names (docs/design.md, Runtime). The HMAC is
//! keyed once per credential and cloned per request, so signing costs no more than hashing the
//! message.

use std::fmt;

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};
use zeroize::{Zeroize, Zeroizing};

use crate::wire::digits;

type HmacSha256 = Hmac<Sha256>;

/// SHA-256's block size: HMAC keys are padded (or hashed down) to it.
const BLOCK: usize = 64;

/// An API key and its secret.
///
/// The secret never appears in `Debug` or `Display` and is zeroized on drop. (The pre-keyed HMAC
/// state derived from it lives inside the `hmac` crate, which does not zeroize it.)
#[derive(Clone)]
pub struct Credentials {
    api_key: String,
    secret: Zeroizing<Vec<u8>>,
    keyed: HmacSha256,
}

impl Credentials {
    /// Credentials from an API key and its secret.
    pub fn new(api_key: impl Into<String>, secret: impl Into<String>) -> Self {
        let secret = Zeroizing::new(secret.into().into_bytes());
        let keyed = keyed_hmac(&secret);
        Credentials {
            api_key: api_key.into(),
            secret,
            keyed,
        }
    }

    /// The API key (sent in the spec's API-key header; not secret).
    pub fn api_key(&self) -> &str {
        &self.api_key
    }

    /// A zeroized copy of the secret as text, for a recording's redaction (which replaces it
    /// should a server ever echo it).
    pub(crate) fn secret_text(&self) -> Zeroizing<String> {
        Zeroizing::new(String::from_utf8_lossy(&self.secret).into_owned())
    }

    /// Signs one request: `ts_ms + method + path + ("?" + query, when non-empty) + body`.
    ///
    /// `query` and `body` must be the exact bytes sent (body empty for GET).
    pub fn sign(
        &self,
        ts_ms: i64,
        method: &str,
        path: &str,
        query: &str,
        body: &[u8],
    ) -> Signature {
        let mut mac = self.keyed.clone();
        let mut ts = [0_u8; digits::MAX];
        mac.update(digits::i64_text(ts_ms, &mut ts).as_bytes());
        mac.update(method.as_bytes());
        mac.update(path.as_bytes());
        if !query.is_empty() {
            mac.update(b"?");
            mac.update(query.as_bytes());
        }
        mac.update(body);
        Signature::from_digest(&mac.finalize().into_bytes())
    }

    /// Whether the secret equals `secret` (used by tests and the simulator; constant-time).
    pub fn secret_matches(&self, secret: &[u8]) -> bool {
        self.secret.len() == secret.len()
            && self
                .secret
                .iter()
                .zip(secret)
                .fold(0_u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    }
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Credentials")
            .field("api_key", &self.api_key)
            .field("secret", &"<redacted>")
            .finish()
    }
}

impl fmt::Display for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "API key {} (secret redacted)", self.api_key)
    }
}

/// An HMAC keyed with `secret`, built without a fallible constructor: per RFC 2104 a key longer
/// than the block is hashed first, then zero-padded to the block.
fn keyed_hmac(secret: &[u8]) -> HmacSha256 {
    let mut block = Zeroizing::new([0_u8; BLOCK]);
    if secret.len() > BLOCK {
        block[..32].copy_from_slice(&Sha256::digest(secret));
    } else {
        block[..secret.len()].copy_from_slice(secret);
    }
    let mut key = hmac::digest::Key::<HmacSha256>::from(*block);
    let mac = <HmacSha256 as hmac::digest::KeyInit>::new(&key);
    key.as_mut_slice().zeroize();
    mac
}

/// An HMAC-SHA256 signature as 64 lower-case hex characters, on the stack.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Signature([u8; 64]);

impl Signature {
    fn from_digest(digest: &[u8]) -> Self {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut out = [b'0'; 64];
        for (pair, b) in out.chunks_exact_mut(2).zip(digest) {
            pair[0] = HEX[usize::from(b >> 4)];
            pair[1] = HEX[usize::from(b & 0x0F)];
        }
        Signature(out)
    }

    /// The hex text, as sent in the spec's signature header.
    pub fn as_str(&self) -> &str {
        // Always ASCII hex by construction.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }
}

impl AsRef<str> for Signature {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Signature").field(&self.as_str()).finish()
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Lower-case hex HMAC-SHA256 of `message` keyed with `secret`: the rule servers (and the
/// simulator) verify a request's signature with.
pub fn sign_message(secret: &[u8], message: &[u8]) -> String {
    let mut mac = keyed_hmac(secret);
    mac.update(message);
    Signature::from_digest(&mac.finalize().into_bytes())
        .as_str()
        .to_owned()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const SECRET: &str = "902ae3cb34ecee2779aa4d3e1d226686";
    const BODY: &str =
        r#"{"symbol":"BTCUSDT","price":"9300","volume":"1","side":"BUY","type":"LIMIT"}"#;
    const EXPECTED: &str = "c50d0a74bb9427a9a03933d0eded03af9bf50115dc5b706882a4fcf07a26b761";

    #[test]
    fn published_vector() {
        let msg = format!("1588591856950POST/sapi/v1/order/test{BODY}");
        assert_eq!(sign_message(SECRET.as_bytes(), msg.as_bytes()), EXPECTED);
        let c = Credentials::new("key", SECRET);
        let sig = c.sign(
            1588591856950,
            "POST",
            "/sapi/v1/order/test",
            "",
            BODY.as_bytes(),
        );
        assert_eq!(sig.as_str(), EXPECTED);
        assert_eq!(sig.to_string(), EXPECTED);
        assert!(
            sig.as_str()
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        );
    }

    #[test]
    fn query_is_signed_with_question_mark_only_when_present() {
        let c = Credentials::new("key", SECRET);
        let with = c.sign(
            1,
            "GET",
            "/fapi/v2/order",
            "orderId=5&contractName=E-BTC-USDT",
            b"",
        );
        let expected = sign_message(
            SECRET.as_bytes(),
            b"1GET/fapi/v2/order?orderId=5&contractName=E-BTC-USDT",
        );
        assert_eq!(with.as_str(), expected);
        let without = c.sign(1, "GET", "/fapi/v2/account", "", b"");
        assert_eq!(
            without.as_str(),
            sign_message(SECRET.as_bytes(), b"1GET/fapi/v2/account")
        );
    }

    #[test]
    fn matches_the_hmac_crate_for_all_key_lengths() {
        for len in [0, 1, 31, 63, 64, 65, 200] {
            let key = vec![0x5a_u8; len];
            let mut reference =
                <HmacSha256 as hmac::digest::KeyInit>::new_from_slice(&key).unwrap();
            reference.update(b"message");
            let expected = hex::encode(reference.finalize().into_bytes());
            assert_eq!(sign_message(&key, b"message"), expected, "key length {len}");
        }
    }

    #[test]
    fn secret_never_shown() {
        let c = Credentials::new("my-api-key", SECRET);
        for text in [format!("{c:?}"), format!("{c:#?}"), c.to_string()] {
            assert!(!text.contains(SECRET), "{text}");
            assert!(text.contains("my-api-key"));
        }
        assert_eq!(
            format!("{c:?}"),
            r#"Credentials { api_key: "my-api-key", secret: "<redacted>" }"#
        );
        assert!(c.secret_matches(SECRET.as_bytes()));
        assert!(!c.secret_matches(b"other"));
        assert_eq!(c.api_key(), "my-api-key");
    }
}
