//! The server-time offset: signed requests carry the server's idea of "now", not the local one,
//! so a skewed local clock does not turn every request into -1021.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Local wall-clock time in milliseconds since the Unix epoch.
pub fn local_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// Local wall-clock time in microseconds since the Unix epoch (recordings keep their start at this
/// precision).
pub fn local_us() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// Offset between the server's clock and the local one, kept from time samples.
#[derive(Debug, Default)]
pub struct ServerClock {
    offset_ms: AtomicI64,
    /// Local ms of the last sample; 0 = never sampled.
    synced_at_ms: AtomicI64,
    /// How many samples were tried, taken or failed: a request signed at one generation and
    /// refused (-1021) at a later one needs no new sample, only a new signature, and callers that
    /// waited while another sampled share its sample.
    generation: AtomicU64,
}

impl ServerClock {
    /// The server's "now" as best known.
    pub fn now_ms(&self) -> i64 {
        local_ms().saturating_add(self.offset_ms.load(Ordering::Relaxed))
    }

    /// Server time minus local time, in milliseconds.
    pub fn offset_ms(&self) -> i64 {
        self.offset_ms.load(Ordering::Relaxed)
    }

    /// Records a sample: the request left at `sent_ms`, the answer (carrying `server_ms`) arrived
    /// at `received_ms`, both local. The server read its clock, on average, at the midpoint.
    pub fn record(&self, sent_ms: i64, server_ms: i64, received_ms: i64) {
        let midpoint = sent_ms + (received_ms - sent_ms).max(0) / 2;
        self.offset_ms
            .store(server_ms.saturating_sub(midpoint), Ordering::Relaxed);
        self.synced_at_ms
            .store(received_ms.max(1), Ordering::Relaxed);
        self.generation.fetch_add(1, Ordering::Release);
    }

    /// The number of samples tried so far (read it before signing; see [`Self::record`]).
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// Whether a new sample is due: never sampled, or older than `interval`.
    pub fn is_stale(&self, interval: Duration) -> bool {
        let at = self.synced_at_ms.load(Ordering::Relaxed);
        let age = local_ms().saturating_sub(at);
        at == 0 || u128::try_from(age).unwrap_or(0) >= interval.as_millis()
    }

    /// Records a failed sample: the offset stays, and the next attempt waits a full interval
    /// instead of every signed request trying again.
    pub fn record_failure(&self) {
        self.synced_at_ms
            .store(local_ms().max(1), Ordering::Relaxed);
        self.generation.fetch_add(1, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_uses_the_round_trip_midpoint() {
        let c = ServerClock::default();
        assert!(c.is_stale(Duration::from_secs(60)));
        // Sent at 1000, answered at 1100: the server read 5050 at local 1050.
        c.record(1000, 5050, 1100);
        assert_eq!(c.offset_ms(), 4000);
        c.record(1000, 500, 1000);
        assert_eq!(c.offset_ms(), -500, "a server behind the local clock");
        assert_eq!(c.generation(), 2);
        c.record_failure();
        assert_eq!(c.offset_ms(), -500, "a failed sample keeps the offset");
        assert_eq!(c.generation(), 3, "a failed sample counts as tried");
    }

    #[test]
    fn staleness() {
        let c = ServerClock::default();
        c.record(local_ms(), local_ms(), local_ms());
        assert!(!c.is_stale(Duration::from_secs(60)));
        assert!(c.is_stale(Duration::ZERO));
    }
}
