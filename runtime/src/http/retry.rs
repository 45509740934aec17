//! When and how long to wait before trying again: bounded in attempts and total time, with
//! jittered exponential backoff so many clients do not retry in lockstep.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Limits of automatic retries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included (1 = never retry).
    pub max_attempts: u32,
    /// Backoff before the first retry; doubles each time.
    pub base_delay: Duration,
    /// Cap of one backoff (and of an honoured `Retry-After`).
    pub max_delay: Duration,
    /// Total time budget for all attempts of one call; no retry starts after it.
    pub max_elapsed: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 4,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_secs(5),
            max_elapsed: Duration::from_secs(30),
        }
    }
}

impl RetryPolicy {
    /// No automatic retries.
    pub const NONE: RetryPolicy = RetryPolicy {
        max_attempts: 1,
        base_delay: Duration::ZERO,
        max_delay: Duration::ZERO,
        max_elapsed: Duration::ZERO,
    };

    /// The wait before retry number `retry` (1-based): "equal jitter", half fixed and half random,
    /// so the wait grows but two clients rarely collide.
    pub fn backoff(&self, retry: u32) -> Duration {
        let exp = self
            .base_delay
            .saturating_mul(1u32 << retry.saturating_sub(1).min(16));
        let capped = exp.min(self.max_delay);
        let half = capped / 2;
        half + jitter(half)
    }
}

/// A uniformly random duration in `[0, max]` (splitmix64 over a global counter: no dependency,
/// good enough to spread retries).
pub fn jitter(max: Duration) -> Duration {
    static STATE: AtomicU64 = AtomicU64::new(0);
    if max.is_zero() {
        return Duration::ZERO;
    }
    let seed = STATE.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed)
        ^ u64::from(std::process::id())
        ^ crate::http::clock::local_ms().unsigned_abs();
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    let nanos = u64::try_from(max.as_nanos()).unwrap_or(u64::MAX);
    Duration::from_nanos(z % nanos.saturating_add(1))
}

/// Parses a `Retry-After` header value given in seconds (HTTP dates are not used by exchanges).
pub fn parse_retry_after(value: &str) -> Option<Duration> {
    let secs: f64 = value.trim().parse().ok()?;
    (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(86_400.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_is_capped_and_jittered() {
        let p = RetryPolicy {
            max_attempts: 10,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(800),
            max_elapsed: Duration::from_secs(10),
        };
        for _ in 0..200 {
            let d1 = p.backoff(1);
            assert!(
                d1 >= Duration::from_millis(50) && d1 <= Duration::from_millis(100),
                "{d1:?}"
            );
            let d3 = p.backoff(3);
            assert!(
                d3 >= Duration::from_millis(200) && d3 <= Duration::from_millis(400),
                "{d3:?}"
            );
            let d9 = p.backoff(9);
            assert!(
                d9 >= Duration::from_millis(400) && d9 <= Duration::from_millis(800),
                "{d9:?}"
            );
        }
        let spread: std::collections::HashSet<_> = (0..50).map(|_| p.backoff(4)).collect();
        assert!(spread.len() > 10, "jitter spreads waits");
    }

    #[test]
    fn retry_after_seconds() {
        assert_eq!(parse_retry_after("2"), Some(Duration::from_secs(2)));
        assert_eq!(parse_retry_after(" 0.5 "), Some(Duration::from_millis(500)));
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), None);
        assert_eq!(parse_retry_after("-1"), None);
        assert_eq!(parse_retry_after("1e9"), Some(Duration::from_secs(86_400)));
    }
}
