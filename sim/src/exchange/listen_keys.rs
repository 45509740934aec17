//! Listen keys and their lifecycle (section 3.5), on the exchange clock.
//!
//! | state | trigger | result |
//! | --- | --- | --- |
//! | none | create | new key, valid `validity` (30 minutes) |
//! | active | create | the same key, valid `validity` from now |
//! | active | keep-alive | valid `validity` from now |
//! | active | delete | closed, its streams closed |
//! | active | `validity` without keep-alive | closed, its streams closed |
//!
//! A key that does not exist (never did, expired, closed, or belongs to another account) is
//! INVALID_LISTEN_KEY (-1150 in the user-stream table).

use std::collections::BTreeMap;

use contango::ErrorCode;

use super::Exchange;
use crate::error::{SimError, SimResult};

/// How many times each listen-key transition happened, for tests that must see the client's
/// requests (`Sim::listen_key_stats`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct ListenKeyStats {
    /// Keys issued (a POST that returned the already active key does not count).
    pub created: u64,
    /// Successful keep-alives (PUT).
    pub kept_alive: u64,
    /// Keys closed by DELETE.
    pub closed: u64,
    /// Keys that expired (validity passed without a keep-alive).
    pub expired: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
struct KeyRecord {
    uid: i64,
    expires: i64,
}

/// Every listen key and the account it was leased to, until it expires or is closed.
#[derive(Debug, Clone, Default)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct ListenKeyLeases {
    keys: BTreeMap<String, KeyRecord>,
    created: u64,
    stats: ListenKeyStats,
}

fn invalid() -> SimError {
    SimError::new(ErrorCode::InvalidListenKey)
}

impl ListenKeyLeases {
    /// The account's active key, extended; or a new one.
    pub fn create(&mut self, uid: i64, now: i64, validity_ms: i64) -> String {
        if let Some((key, rec)) = self
            .keys
            .iter_mut()
            .find(|(_, r)| r.uid == uid && r.expires > now)
        {
            rec.expires = now + validity_ms;
            return key.clone();
        }
        self.keys.retain(|_, r| r.uid != uid);
        self.created += 1;
        self.stats.created += 1;
        // 64 hex characters, like real keys: an HMAC of a counter and the time.
        let key = contango_runtime::http::credentials::sign_message(
            b"contango-sim-listen-key",
            format!("{uid}:{}:{now}", self.created).as_bytes(),
        );
        self.keys.insert(
            key.clone(),
            KeyRecord {
                uid,
                expires: now + validity_ms,
            },
        );
        key
    }

    /// Extends an active key of `uid`.
    pub fn keep_alive(&mut self, uid: i64, key: &str, now: i64, validity_ms: i64) -> SimResult<()> {
        match self.keys.get_mut(key) {
            Some(r) if r.uid == uid && r.expires > now => {
                r.expires = now + validity_ms;
                self.stats.kept_alive += 1;
                Ok(())
            }
            _ => Err(invalid()),
        }
    }

    /// Closes an active key of `uid`.
    pub fn close(&mut self, uid: i64, key: &str, now: i64) -> SimResult<()> {
        match self.keys.get(key) {
            Some(r) if r.uid == uid && r.expires > now => {
                self.keys.remove(key);
                self.stats.closed += 1;
                Ok(())
            }
            _ => Err(invalid()),
        }
    }

    /// The account of an active key.
    pub fn owner(&self, key: &str, now: i64) -> SimResult<i64> {
        match self.keys.get(key) {
            Some(r) if r.expires > now => Ok(r.uid),
            _ => Err(invalid()),
        }
    }

    /// Removes the keys that expired by `now`; returns them.
    pub fn sweep(&mut self, now: i64) -> Vec<String> {
        let expired: Vec<String> = self
            .keys
            .iter()
            .filter(|(_, r)| r.expires <= now)
            .map(|(k, _)| k.clone())
            .collect();
        for k in &expired {
            self.keys.remove(k);
        }
        self.stats.expired += expired.len() as u64;
        expired
    }

    /// When the next key expires (`None`: no key leased).
    pub fn next_expiry(&self) -> Option<i64> {
        self.keys.values().map(|r| r.expires).min()
    }

    /// Keys leased now (expired ones not swept yet included).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no key is leased.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The counts of each transition so far.
    pub fn stats(&self) -> ListenKeyStats {
        self.stats
    }
}

impl Exchange {
    fn validity_ms(&self) -> i64 {
        self.rules.listen_key_validity_ms
    }

    /// Closes the keys that expired by `now`, and their streams.
    pub(crate) fn sweep_listen_keys(&mut self, now: i64) {
        for key in self.listen_keys.sweep(now) {
            self.out.closed_keys.push((key, "listen key expired"));
        }
    }

    /// `POST /listenKey`.
    pub(crate) fn create_listen_key(&mut self, uid: i64, now: i64) -> String {
        self.sweep_listen_keys(now);
        let validity = self.validity_ms();
        self.listen_keys.create(uid, now, validity)
    }

    /// `PUT /listenKey/{key}`.
    pub(crate) fn keep_alive_listen_key(&mut self, uid: i64, key: &str, now: i64) -> SimResult<()> {
        self.sweep_listen_keys(now);
        let validity = self.validity_ms();
        self.listen_keys.keep_alive(uid, key, now, validity)
    }

    /// `DELETE /listenKey/{key}`: also closes its streams.
    pub(crate) fn close_listen_key(&mut self, uid: i64, key: &str, now: i64) -> SimResult<()> {
        self.sweep_listen_keys(now);
        self.listen_keys.close(uid, key, now)?;
        self.out
            .closed_keys
            .push((key.to_owned(), "listen key closed"));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: i64 = 3_600_000;

    #[test]
    fn lifecycle() {
        let mut keys = ListenKeyLeases::default();
        let k = keys.create(7, 0, HOUR);
        assert_eq!(k.len(), 64);
        // Same key while active, validity extended.
        assert_eq!(keys.create(7, HOUR - 1, HOUR), k);
        assert!(keys.owner(&k, 2 * HOUR - 2).is_ok());
        keys.keep_alive(7, &k, 2 * HOUR - 2, HOUR).ok();
        assert_eq!(keys.owner(&k, 3 * HOUR - 3), Ok(7));
        // Another account cannot touch it.
        assert_eq!(keys.keep_alive(8, &k, 0, HOUR), Err(invalid()));
        // Expires after the validity without keep-alive.
        assert_eq!(keys.owner(&k, 3 * HOUR - 2), Err(invalid()));
        assert_eq!(keys.sweep(3 * HOUR), vec![k.clone()]);
        let k2 = keys.create(7, 3 * HOUR, HOUR);
        assert_ne!(k, k2);
        assert!(keys.close(7, &k2, 3 * HOUR).is_ok());
        assert_eq!(keys.close(7, &k2, 3 * HOUR), Err(invalid()));
        assert_eq!(
            keys.stats(),
            ListenKeyStats {
                created: 2,
                kept_alive: 1,
                closed: 1,
                expired: 1
            }
        );
    }
}
