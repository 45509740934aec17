//! The simulator's clock: wall time plus two test-controlled offsets.
//!
//! Tests need time to pass without sleeping (a listen key expires after 60 minutes) and need the
//! server's clock to be wrong (clock skew). The two are kept apart on purpose:
//!
//! - **skew** shifts the *server clock*: `serverTime` of `GET /v1/time` and the timestamp window of
//!   signed requests. A client whose clock disagrees gets -1021, as against a real skewed server.
//! - **advance** moves the *exchange clock* only: listen-key expiry, the time stamped on orders,
//!   trades, transfers and forced orders, and the default 30-day windows of the history endpoints.
//!   Advancing it does not lock clients out of signed endpoints (their clocks did not move).
//!
//! `exchange_now = wall + skew + advanced`, `server_now = wall + skew`.
//!
//! With a recorded market source ([`crate::source`]) the clock **follows the recorded exchange
//! time** instead of the wall: [`Clock::follow`] sets it from each frame applied, and both clocks
//! read it (plus skew and advance); nothing mixes in wall time. A client's timestamp then cannot
//! be compared with a server time that jumps as the recording plays, so the signed-request window
//! is not checked while following (signatures still are).

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the epoch of the machine's clock.
pub fn wall_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// The injectable clock shared by every part of the simulator.
#[derive(Debug, Default)]
pub struct Clock {
    skew_ms: AtomicI64,
    advanced_ms: AtomicI64,
    following: AtomicBool,
    followed_ms: AtomicI64,
}

impl Clock {
    /// The server clock (`serverTime`, the signed-request window): wall time plus skew, or the
    /// recorded time followed.
    pub fn server_now(&self) -> i64 {
        let base = if self.following.load(Ordering::Relaxed) {
            self.followed_ms.load(Ordering::Relaxed)
        } else {
            wall_ms()
        };
        base.saturating_add(self.skew_ms.load(Ordering::Relaxed))
    }

    /// Makes the clock follow a recording's exchange time, from `ms` on (until the first call it
    /// reads the wall); later calls move it forward only (a frame older than one already applied
    /// does not turn it back).
    pub fn follow(&self, ms: i64) {
        self.followed_ms.fetch_max(ms, Ordering::Relaxed);
        self.following.store(true, Ordering::Relaxed);
    }

    /// Whether the clock follows a recording (and not the wall).
    pub fn is_following(&self) -> bool {
        self.following.load(Ordering::Relaxed)
    }

    /// The exchange clock (expiry, record times): server clock plus the time advanced by tests.
    pub fn now(&self) -> i64 {
        self.server_now()
            .saturating_add(self.advanced_ms.load(Ordering::Relaxed))
    }

    /// Sets the server clock's offset from wall time (may be negative).
    pub fn set_skew(&self, ms: i64) {
        self.skew_ms.store(ms, Ordering::Relaxed);
    }

    /// Moves the exchange clock forward by `ms` (negative values are ignored).
    pub fn advance(&self, ms: i64) {
        if ms > 0 {
            self.advanced_ms.fetch_add(ms, Ordering::Relaxed);
        }
    }
}

/// `YYYY-MM-DDTHH:MM:SS` (UTC) for `ms` since the epoch: the local date-time text positions and
/// forced orders carry.
pub fn local_datetime(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}

/// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datetime_text() {
        assert_eq!(local_datetime(0), "1970-01-01T00:00:00");
        assert_eq!(local_datetime(1_686_688_551_000), "2023-06-13T20:35:51");
        assert_eq!(local_datetime(951_782_400_000), "2000-02-29T00:00:00");
    }

    #[test]
    fn skew_and_advance_are_separate() {
        let c = Clock::default();
        c.set_skew(-10_000);
        c.advance(3_600_000);
        c.advance(-5);
        let server = c.server_now();
        let exchange = c.now();
        assert!((exchange - server - 3_600_000).abs() < 1_000);
        assert!((wall_ms() - 10_000 - server).abs() < 1_000);
    }
}
