//! Per-account request-rate limits (off by default): -1003 with HTTP 429 and `Retry-After`.
//!
//! The server's business, on wall time: a window of recent requests per account, never
//! journaled (a restarted venue starts its windows empty).

use std::collections::{BTreeMap, VecDeque};
use std::time::{Duration, Instant};

use contango::ErrorCode;

use crate::error::{SimError, SimResult};

/// A request-rate limit of one account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    /// Requests allowed per window.
    pub max_requests: u32,
    /// The window.
    pub per: Duration,
}

#[derive(Debug)]
struct RateWindow {
    limit: RateLimit,
    recent: VecDeque<Instant>,
}

/// The limits in force and each account's recent requests.
#[derive(Debug, Default)]
pub struct Throttle {
    windows: BTreeMap<i64, RateWindow>,
}

impl Throttle {
    /// Sets (or, with `None`, removes) the limit of account `uid`; its window starts empty.
    pub fn set(&mut self, uid: i64, limit: Option<RateLimit>) {
        match limit {
            Some(limit) => {
                self.windows.insert(
                    uid,
                    RateWindow {
                        limit,
                        recent: VecDeque::new(),
                    },
                );
            }
            None => {
                self.windows.remove(&uid);
            }
        }
    }

    /// Counts one request of `uid` at `now` against its limit, if any.
    pub fn check(&mut self, uid: i64, now: Instant) -> SimResult<()> {
        let Some(w) = self.windows.get_mut(&uid) else {
            return Ok(());
        };
        let limit = w.limit;
        while w
            .recent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= limit.per)
        {
            w.recent.pop_front();
        }
        if w.recent.len() >= usize::try_from(limit.max_requests).unwrap_or(usize::MAX) {
            let wait = w.recent.front().map_or(limit.per, |t| {
                limit.per.saturating_sub(now.duration_since(*t))
            });
            return Err(too_many(wait));
        }
        w.recent.push_back(now);
        Ok(())
    }
}

/// -1003 / HTTP 429; the message carries the wait so `Retry-After` can be set from it.
pub fn too_many(wait: Duration) -> SimError {
    let mut e = SimError::new(ErrorCode::TooManyRequests);
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    e.retry_after = Some(secs.max(1));
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_of_recent_requests() {
        let mut t = Throttle::default();
        let start = Instant::now();
        assert!(t.check(7, start).is_ok(), "no limit");
        t.set(
            7,
            Some(RateLimit {
                max_requests: 2,
                per: Duration::from_secs(1),
            }),
        );
        assert!(t.check(7, start).is_ok());
        assert!(t.check(7, start).is_ok());
        let e = t.check(7, start + Duration::from_millis(400)).err();
        assert_eq!(e.as_ref().and_then(|e| e.retry_after), Some(1));
        assert!(t.check(7, start + Duration::from_secs(1)).is_ok());
        t.set(7, None);
        assert!(t.check(7, start).is_ok());
    }
}
