//! Fault injection: misbehaviour a test asks for, targeted by path and method, count-limited.
//!
//! ```no_run
//! # async fn f() -> std::io::Result<()> {
//! use contango_sim::{Fault, FaultRule, Sim};
//! let sim = Sim::start().await?;
//! // The next two requests to /fapi/v2/order answer HTTP 503.
//! sim.inject(FaultRule::new(Fault::Status(503)).path("/fapi/v2/order").times(2));
//! # Ok(()) }
//! ```

use std::collections::VecDeque;
use std::time::Duration;

use contango::ErrorCode;

/// What goes wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Wait this long before handling the request (stacks with other faults; added to the
    /// latency model's order-entry or cancel wait, as one wait).
    Latency(Duration),
    /// Handle the request (an order IS accepted), then drop the connection without an answer.
    DropConnection,
    /// Answer with this HTTP status (5xx: `{"code":-1001,...}`) without handling the request.
    Status(u16),
    /// Answer HTTP 429 with `Retry-After` (seconds) and -1003, without handling the request.
    RateLimited {
        /// The `Retry-After` value in seconds.
        retry_after_secs: u64,
    },
    /// Answer HTTP 418 (banned) with -1003 (and the `Retry-After: 1` every -1003 carries),
    /// without handling the request.
    Banned,
    /// Answer HTTP 418 (banned) with -1003 and `Retry-After` (seconds: the ban's length), without
    /// handling the request.
    BannedFor {
        /// The `Retry-After` value in seconds.
        retry_after_secs: u64,
    },
    /// Answer this error code (with its usual HTTP status, and `Retry-After: 1` for -1003)
    /// without handling the request: -1021 from a server that keeps refusing timestamps, -1007
    /// before anything was processed, -2013 from a lookup.
    Code(ErrorCode),
    /// Handle the request (an order IS accepted), then answer this error code instead of the
    /// result: -1007 / -1006 for an order whose outcome the server itself does not know.
    CodeAfterHandling(ErrorCode),
}

/// A fault and the requests it applies to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaultRule {
    fault: Fault,
    path: Option<String>,
    method: Option<String>,
    remaining: Option<u32>,
}

impl FaultRule {
    /// `fault` for every request, until removed.
    pub fn new(fault: Fault) -> Self {
        FaultRule {
            fault,
            path: None,
            method: None,
            remaining: None,
        }
    }

    /// Only requests to exactly this path (`/fapi/v2/order`).
    pub fn path(mut self, path: impl Into<String>) -> Self {
        self.path = Some(path.into());
        self
    }

    /// Only requests with this method (`POST`, any case).
    pub fn method(mut self, method: impl Into<String>) -> Self {
        self.method = Some(method.into().to_ascii_uppercase());
        self
    }

    /// Only the next `n` matching requests.
    pub fn times(mut self, n: u32) -> Self {
        self.remaining = Some(n);
        self
    }

    fn matches(&self, method: &str, path: &str) -> bool {
        self.remaining != Some(0)
            && self.path.as_deref().is_none_or(|p| p == path)
            && self.method.as_deref().is_none_or(|m| m == method)
    }
}

/// What to do with one request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Plan {
    /// Total added latency.
    pub latency: Duration,
    /// The first non-latency fault that matched.
    pub action: Option<Fault>,
}

/// How many received requests the log keeps: when full, each new one pushes out the oldest (one
/// at a time, so a busy venue's memory holds steady rather than swinging by half the log).
pub const MAX_RECEIVED: usize = 10_000;

/// One request the HTTP interface received: method and path, faulted or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    /// The method, upper case (`POST`).
    pub method: String,
    /// The path, without the query (`/fapi/v2/order`).
    pub path: String,
    /// The query string, without `?` (empty when none).
    pub query: String,
    /// The body as text (lossy UTF-8).
    pub body: String,
    /// The signature header (`X-CH-SIGN`) it carried, if any: what a test checks never leaks.
    pub signature: Option<String>,
}

/// The injected rules, in insertion order, and the log of requests they were applied to.
#[derive(Debug, Default)]
pub struct Faults {
    rules: Vec<FaultRule>,
    received: VecDeque<Received>,
}

impl Faults {
    /// Adds a rule.
    pub fn add(&mut self, rule: FaultRule) {
        self.rules.push(rule);
    }

    /// Removes every rule.
    pub fn clear(&mut self) {
        self.rules.clear();
    }

    /// Every request received so far (REST only; the stream is not logged), oldest first.
    pub fn received(&self) -> &VecDeque<Received> {
        &self.received
    }

    /// Forgets the received requests.
    pub fn clear_received(&mut self) {
        self.received.clear();
    }

    /// Logs one received request. A long-running simulator keeps the most recent ones only.
    pub fn record(&mut self, request: Received) {
        if self.received.len() >= MAX_RECEIVED {
            self.received.pop_front();
        }
        self.received.push_back(request);
    }

    /// The faults for one request; counts it against every rule applied.
    pub fn take(&mut self, method: &str, path: &str) -> Plan {
        let mut plan = Plan::default();
        for rule in &mut self.rules {
            if !rule.matches(method, path) {
                continue;
            }
            let applied = match rule.fault {
                Fault::Latency(d) => {
                    plan.latency += d;
                    true
                }
                other if plan.action.is_none() => {
                    plan.action = Some(other);
                    true
                }
                _ => false,
            };
            if applied {
                if let Some(n) = rule.remaining.as_mut() {
                    *n = n.saturating_sub(1);
                }
            }
        }
        self.rules.retain(|r| r.remaining != Some(0));
        plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targeted_and_counted() {
        let mut f = Faults::default();
        f.add(
            FaultRule::new(Fault::Status(503))
                .path("/fapi/v2/order")
                .method("post")
                .times(2),
        );
        f.add(FaultRule::new(Fault::Latency(Duration::from_millis(5))).times(1));
        f.add(FaultRule::new(Fault::Banned).path("/x"));
        let p = f.take("GET", "/fapi/v2/order");
        assert_eq!(p.action, None);
        assert_eq!(p.latency, Duration::from_millis(5));
        assert_eq!(
            f.take("POST", "/fapi/v2/order").action,
            Some(Fault::Status(503))
        );
        assert_eq!(
            f.take("POST", "/fapi/v2/order").action,
            Some(Fault::Status(503))
        );
        assert_eq!(f.take("POST", "/fapi/v2/order"), Plan::default());
        assert_eq!(f.take("GET", "/x").action, Some(Fault::Banned));
        assert_eq!(f.take("GET", "/x").action, Some(Fault::Banned));
        f.clear();
        assert_eq!(f.take("GET", "/x"), Plan::default());
    }

    #[test]
    fn the_log_is_bounded() {
        let mut f = Faults::default();
        let r = |i: usize| Received {
            method: "GET".into(),
            path: format!("/{i}"),
            query: String::new(),
            body: String::new(),
            signature: None,
        };
        for i in 0..MAX_RECEIVED + 1 {
            f.record(r(i));
        }
        assert_eq!(f.received().len(), MAX_RECEIVED);
        assert_eq!(f.received().front(), Some(&r(1)));
        assert_eq!(f.received().back(), Some(&r(MAX_RECEIVED)));
        f.clear_received();
        assert!(f.received().is_empty());
    }
}
