//! The simulator's clock: wall time plus two test-controlled offsets.
//!
//! Tests need time to pass without sleeping (a listen key expires after 30 minutes) and need the
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
//! With a recorded market source ([`crate::feeds::source`]) the clock **follows the recorded exchange
//! time** instead of the wall: [`Clock::follow`] sets it from each frame applied, and both clocks
//! read it (plus skew and advance); nothing mixes in wall time. A client's timestamp then cannot
//! be compared with a server time that jumps as the recording plays, so the signed-request window
//! is not checked while following (signatures still are).
//!
//! An injected clock (`SimConfig::clock_at`) is followed the same way: it starts at a fixed time
//! and moves only when advanced, so that runs tick the same each time.

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

    /// Moves the exchange clock forward, if needed, so that it reads at least `ms`: a restarted
    /// venue's clock never goes back before the last input it journaled.
    pub fn not_before(&self, ms: i64) {
        let behind = ms.saturating_sub(self.now());
        self.advance(behind);
    }

    /// Moves the exchange clock forward by `ms` (negative values are ignored).
    pub fn advance(&self, ms: i64) {
        if ms > 0 {
            self.advanced_ms.fetch_add(ms, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
