//! The stream's settings and their defaults.

use std::time::Duration;

use crate::http::retry::jitter;

/// Everything tunable about a user stream (set through the builder).
#[derive(Debug, Clone)]
pub(crate) struct Settings {
    /// Explicit URL template; `None` uses the API's default derived from the base URL.
    pub url: Option<String>,
    pub keep_alive_interval: Duration,
    pub key_validity: Duration,
    pub ping_interval: Duration,
    pub silence_timeout: Duration,
    pub connect_timeout: Duration,
    pub ack_timeout: Duration,
    pub close_timeout: Duration,
    pub reconnect_min: Duration,
    pub reconnect_max: Duration,
    pub max_connection_age: Duration,
    pub buffer: usize,
    pub slow_consumer_timeout: Duration,
    pub dedupe_window: usize,
    pub max_frame_bytes: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            url: None,
            // Within both readings of the exchange: a key valid 30 minutes after each extension
            // (its current page) or 60 (the 2023 document), kept alive every 20 minutes.
            keep_alive_interval: Duration::from_secs(20 * 60),
            key_validity: Duration::from_secs(30 * 60),
            ping_interval: Duration::from_secs(15),
            silence_timeout: Duration::from_secs(45),
            connect_timeout: Duration::from_secs(10),
            ack_timeout: Duration::from_secs(10),
            close_timeout: Duration::from_secs(5),
            reconnect_min: Duration::from_millis(250),
            reconnect_max: Duration::from_secs(30),
            max_connection_age: Duration::from_secs(23 * 60 * 60),
            buffer: 1024,
            slow_consumer_timeout: Duration::from_secs(10),
            dedupe_window: 4096,
            max_frame_bytes: 4 << 20,
        }
    }
}

impl Settings {
    /// Refuses settings that cannot work (a zero interval would spin).
    pub fn check(&self) -> Result<(), String> {
        let durations = [
            ("keep_alive_interval", self.keep_alive_interval),
            ("key_validity", self.key_validity),
            ("ping_interval", self.ping_interval),
            ("silence_timeout", self.silence_timeout),
            ("connect_timeout", self.connect_timeout),
            ("ack_timeout", self.ack_timeout),
            ("close_timeout", self.close_timeout),
            ("reconnect_min", self.reconnect_min),
            ("max_connection_age", self.max_connection_age),
            ("slow_consumer_timeout", self.slow_consumer_timeout),
        ];
        for (name, d) in durations {
            if d.is_zero() {
                return Err(format!("{name} must be greater than zero"));
            }
        }
        if self.reconnect_max < self.reconnect_min {
            return Err("reconnect backoff: the maximum is below the minimum".into());
        }
        if self.buffer == 0 {
            return Err("buffer must hold at least one item".into());
        }
        if self.max_frame_bytes < 1024 {
            return Err("max_frame_bytes must be at least 1024".into());
        }
        Ok(())
    }

    /// The wait before reconnect attempt `attempt` (1-based): exponential from the minimum,
    /// capped at the maximum, half fixed and half random so clients spread out.
    pub fn backoff(&self, attempt: u32) -> Duration {
        let exp = self
            .reconnect_min
            .saturating_mul(1u32 << attempt.saturating_sub(1).min(20));
        let capped = exp.min(self.reconnect_max);
        let half = capped / 2;
        half + jitter(capped - half)
    }
}

/// The setters every stream builder shares, on its `settings: Settings` field: one place for
/// the engine's knobs and their documented defaults.
macro_rules! common_setters {
    () => {
        /// How often the client sends its own WebSocket ping (default 15 s).
        pub fn ping_interval(mut self, interval: Duration) -> Self {
            self.settings.ping_interval = interval;
            self
        }

        /// A connection that sends nothing (no frame, no ping, no pong) for this long is treated as
        /// dead (default 45 s).
        pub fn silence_timeout(mut self, timeout: Duration) -> Self {
            self.settings.silence_timeout = timeout;
            self
        }

        /// Time allowed for TCP, TLS and the WebSocket handshake (default 10 s).
        pub fn connect_timeout(mut self, timeout: Duration) -> Self {
            self.settings.connect_timeout = timeout;
            self
        }

        /// Time allowed for a close handshake, during which the closing connection's last frames are
        /// still read (default 5 s).
        pub fn close_timeout(mut self, timeout: Duration) -> Self {
            self.settings.close_timeout = timeout;
            self
        }

        /// Bounds of the jittered exponential reconnect backoff (default 250 ms to 30 s).
        pub fn reconnect_backoff(mut self, min: Duration, max: Duration) -> Self {
            self.settings.reconnect_min = min;
            self.settings.reconnect_max = max;
            self
        }

        /// Age at which a connection is replaced, make-before-break (default 23 hours). Keep it below
        /// the server's own limit (24 hours is common): a connection the server ends first is an
        /// outage, reported as a gap.
        pub fn max_connection_age(mut self, age: Duration) -> Self {
            self.settings.max_connection_age = age;
            self
        }

        /// Items buffered for the consumer (default 1024). See the module docs for what happens when
        /// it is full.
        pub fn buffer(mut self, items: usize) -> Self {
            self.settings.buffer = items;
            self
        }

        /// How long the stream waits for room in a full buffer before it drops the connection and
        /// reports a gap (default 10 s).
        pub fn slow_consumer_timeout(mut self, timeout: Duration) -> Self {
            self.settings.slow_consumer_timeout = timeout;
            self
        }

        /// Frames remembered to drop the copies a rotation delivers twice (default 4096; 0 turns
        /// dedupe off).
        pub fn dedupe_window(mut self, frames: usize) -> Self {
            self.settings.dedupe_window = frames;
            self
        }

        /// Largest frame accepted, after decompression (default 4 MiB).
        pub fn max_frame_bytes(mut self, bytes: usize) -> Self {
            self.settings.max_frame_bytes = bytes;
            self
        }
    };
}
pub(crate) use common_setters;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_bounded_and_jittered() {
        let s = Settings {
            reconnect_min: Duration::from_millis(100),
            reconnect_max: Duration::from_millis(1000),
            ..Settings::default()
        };
        for _ in 0..100 {
            let b1 = s.backoff(1);
            assert!(b1 >= Duration::from_millis(50) && b1 <= Duration::from_millis(100));
            let b3 = s.backoff(3);
            assert!(b3 >= Duration::from_millis(200) && b3 <= Duration::from_millis(400));
            let b30 = s.backoff(30);
            assert!(b30 >= Duration::from_millis(500) && b30 <= Duration::from_millis(1000));
        }
        assert!(s.backoff(u32::MAX) <= Duration::from_millis(1000));
    }

    #[test]
    fn zero_settings_are_refused() {
        assert!(Settings::default().check().is_ok());
        let s = Settings {
            keep_alive_interval: Duration::ZERO,
            ..Settings::default()
        };
        assert!(s.check().unwrap_err().contains("keep_alive_interval"));
        let s = Settings {
            buffer: 0,
            ..Settings::default()
        };
        assert!(s.check().is_err());
        let s = Settings {
            reconnect_min: Duration::from_secs(2),
            reconnect_max: Duration::from_secs(1),
            ..Settings::default()
        };
        assert!(s.check().is_err());
    }

    #[test]
    fn listen_keys_are_kept_alive_within_both_readings_of_their_lifetime() {
        let s = Settings::default();
        // Valid 30 minutes after each extension (the current page) or 60 (the 2023 document):
        // assume the shorter, and extend at two thirds of it at most.
        assert_eq!(s.key_validity, Duration::from_secs(30 * 60));
        assert!(s.keep_alive_interval <= Duration::from_secs(20 * 60));
        assert!(s.keep_alive_interval * 3 <= s.key_validity * 2);
    }
}
