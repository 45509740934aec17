//! The stream's settings and their defaults.

use std::time::Duration;

use crate::retry::jitter;

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
            keep_alive_interval: Duration::from_secs(30 * 60),
            key_validity: Duration::from_secs(60 * 60),
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
}
