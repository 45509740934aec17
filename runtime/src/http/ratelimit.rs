//! Client-side rate limiting: one GCRA (token bucket) per endpoint group that delays rather than
//! fails, plus the server's own signals: a pause after -1003 / HTTP 429 and a ban after HTTP 418.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A sustained rate with a burst allowance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// Requests allowed per `per`.
    pub requests: u32,
    /// The window of `requests`.
    pub per: Duration,
    /// Requests that may go out back to back before pacing starts (at least 1).
    pub burst: u32,
}

impl Rate {
    /// `requests` per second, with a burst of the same size.
    pub const fn per_second(requests: u32) -> Rate {
        Rate {
            requests,
            per: Duration::from_secs(1),
            burst: requests,
        }
    }

    /// The spacing of requests at the sustained rate (`per / requests`).
    pub fn interval(&self) -> Duration {
        self.per / self.requests.max(1)
    }
}

/// What the limiter says about sending now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Permit {
    /// Send after waiting this long (zero: now).
    After(Duration),
    /// The server banned the client; no request may be sent for this long.
    Banned(Duration),
}

#[derive(Debug, Default)]
struct Windows {
    /// Theoretical arrival time per group (GCRA).
    tat: HashMap<&'static str, Instant>,
    /// No request before this instant (after -1003 / 429).
    paused_until: Option<Instant>,
    /// Banned until this instant (after 418).
    banned_until: Option<Instant>,
}

/// The limiter shared by all clones of a client.
#[derive(Debug, Default)]
pub struct RateLimiter {
    rates: HashMap<&'static str, Rate>,
    state: Mutex<Windows>,
}

impl RateLimiter {
    /// A limiter with a rate per group; groups without a rate are not paced.
    pub fn new(rates: HashMap<&'static str, Rate>) -> Self {
        RateLimiter {
            rates,
            state: Mutex::new(Windows::default()),
        }
    }

    /// The configured rate of a group.
    pub fn rate(&self, group: &str) -> Option<Rate> {
        self.rates.get(group).copied()
    }

    /// Reserves a slot in `group`'s schedule and says when it may be used.
    pub fn reserve(&self, group: &'static str) -> Permit {
        let now = Instant::now();
        let mut st = match self.state.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        if let Some(until) = st.banned_until {
            if until > now {
                return Permit::Banned(until - now);
            }
            st.banned_until = None;
        }
        let start = match st.paused_until {
            Some(until) if until > now => until,
            _ => now,
        };
        let Some(rate) = self.rates.get(group).copied() else {
            return Permit::After(start - now);
        };
        let interval = rate.interval();
        let tolerance = interval * rate.burst.max(1).saturating_sub(1);
        let tat = st.tat.get(group).copied().unwrap_or(start).max(start);
        // GCRA: the slot may be used once `tat - tolerance` has passed.
        let allowed_at = tat.checked_sub(tolerance).unwrap_or(start).max(start);
        st.tat.insert(group, tat + interval);
        Permit::After(allowed_at.saturating_duration_since(now))
    }

    /// The server said slow down (-1003 / 429): no request for `pause`.
    pub fn pause(&self, pause: Duration) {
        let until = Instant::now() + pause;
        let mut st = match self.state.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        st.paused_until = Some(st.paused_until.map_or(until, |u| u.max(until)));
    }

    /// The server banned the client (418): nothing is sent for `ban`.
    pub fn ban(&self, ban: Duration) {
        let until = Instant::now() + ban;
        let mut st = match self.state.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        st.banned_until = Some(st.banned_until.map_or(until, |u| u.max(until)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn waits(l: &RateLimiter, group: &'static str, n: usize) -> Vec<Duration> {
        (0..n)
            .map(|_| match l.reserve(group) {
                Permit::After(d) => d,
                Permit::Banned(_) => panic!("banned"),
            })
            .collect()
    }

    #[test]
    fn burst_then_paced() {
        let l = RateLimiter::new(HashMap::from([(
            "orders",
            Rate {
                requests: 10,
                per: Duration::from_secs(1),
                burst: 3,
            },
        )]));
        let w = waits(&l, "orders", 6);
        assert!(w[..3].iter().all(|d| d.is_zero()), "{w:?}");
        // Then one slot every 100 ms.
        for (i, d) in w[3..].iter().enumerate() {
            let expected = Duration::from_millis(100 * (i as u64 + 1));
            assert!(
                *d <= expected && *d + Duration::from_millis(20) >= expected,
                "{w:?}"
            );
        }
        assert!(
            waits(&l, "other", 5).iter().all(|d| d.is_zero()),
            "unpaced group"
        );
    }

    #[test]
    fn pause_and_ban() {
        let l = RateLimiter::new(HashMap::new());
        l.pause(Duration::from_millis(300));
        match l.reserve("x") {
            Permit::After(d) => assert!(d > Duration::from_millis(250)),
            Permit::Banned(_) => panic!(),
        }
        l.ban(Duration::from_secs(60));
        assert!(matches!(l.reserve("x"), Permit::Banned(d) if d > Duration::from_secs(59)));
    }
}
