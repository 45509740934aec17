//! Per-key request-rate limits (off by default): -1003 with HTTP 429 and `Retry-After`.

use std::time::{Duration, Instant};

use contango::ErrorCode;

use crate::error::{SimError, SimResult};
use crate::state::State;

impl State {
    /// Counts one request of `uid` against its limit, if any.
    pub fn check_rate(&mut self, uid: i64, now: Instant) -> SimResult<()> {
        let account = self.account_mut(uid)?;
        let Some(limit) = account.rate_limit else {
            return Ok(());
        };
        while account
            .recent
            .front()
            .is_some_and(|t| now.duration_since(*t) >= limit.per)
        {
            account.recent.pop_front();
        }
        if account.recent.len() >= usize::try_from(limit.max_requests).unwrap_or(usize::MAX) {
            let wait = account.recent.front().map_or(limit.per, |t| {
                limit.per.saturating_sub(now.duration_since(*t))
            });
            return Err(too_many(wait));
        }
        account.recent.push_back(now);
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
