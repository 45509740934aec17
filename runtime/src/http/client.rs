//! The client core every generated client wraps: its configuration once checked, the connection
//! pool, the clock, the rate limiter, the drift log and the recorder, shared by its clones.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use reqwest::header::{HeaderName, HeaderValue};

use crate::drift::{DriftLog, DriftReport};
use crate::http::clock::ServerClock;
use crate::http::config::{AuthHeaders, BaseUrl};
use crate::http::credentials::Credentials;
use crate::http::ratelimit::RateLimiter;
use crate::http::retry::RetryPolicy;
use crate::recording::Recorder;

/// Samples the server clock: sends the spec's server-time request through
/// [`Core::sample_server_time`]. Generated from the spec's `clock` section.
pub type TimeSource = for<'a> fn(&'a Core) -> Pin<Box<dyn Future<Output = bool> + Send + 'a>>;

pub(crate) struct Inner {
    pub(crate) http: reqwest::Client,
    pub(crate) product: BaseUrl,
    pub(crate) user_stream: BaseUrl,
    pub(crate) base_url: String,
    pub(crate) prefix: &'static str,
    pub(crate) credentials: Option<Credentials>,
    /// The API key as a header value, checked once.
    pub(crate) api_key: Option<HeaderValue>,
    pub(crate) names: AuthHeaders,
    pub(crate) api_key_header: HeaderName,
    pub(crate) signature_header: HeaderName,
    pub(crate) timestamp_header: HeaderName,
    pub(crate) recv_window: Option<u64>,
    pub(crate) retry: RetryPolicy,
    pub(crate) limiter: RateLimiter,
    pub(crate) clock: ServerClock,
    pub(crate) time_source: Option<TimeSource>,
    pub(crate) clock_interval: Duration,
    /// One clock sample at a time; others wait for it instead of sending their own.
    pub(crate) clock_sync: tokio::sync::Mutex<()>,
    pub(crate) prechecks: bool,
    pub(crate) market_stream_url: Option<String>,
    /// Per-client state of hand-written extensions (caches), one value per type.
    pub(crate) extensions: std::sync::Mutex<HashMap<TypeId, Arc<dyn Any + Send + Sync>>>,
    /// What answers and stream frames held that the spec does not describe.
    pub(crate) drift: DriftLog,
    /// Where this client's exchanges and frames are recorded, if anywhere.
    pub(crate) recorder: Option<Recorder>,
}

/// The shared client core: configuration, credentials and the connection pool.
///
/// Cheap to clone (an `Arc`); clones share the pool.
#[derive(Clone)]
pub struct Core {
    pub(crate) inner: Arc<Inner>,
}

impl fmt::Debug for Core {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = &self.inner;
        f.debug_struct("Core")
            .field("base_url", &i.base_url)
            .field("product_prefix", &i.prefix)
            .field("user_stream_url", &i.user_stream.text())
            .field("credentials", &i.credentials)
            .field("recv_window", &i.recv_window)
            .finish_non_exhaustive()
    }
}

impl Core {
    /// What the server sent so far, on REST and both streams, that the spec does not describe
    /// (docs/design.md, Drift): bounded and de-duplicated.
    pub fn drift(&self) -> DriftReport {
        self.inner.drift.report()
    }

    /// The log behind [`Core::drift`], which the streams of this client write to.
    pub fn drift_log(&self) -> &DriftLog {
        &self.inner.drift
    }

    /// The recorder this client's traffic goes to, if any ([`CoreBuilder::recorder`](crate::CoreBuilder::recorder)).
    pub fn recorder(&self) -> Option<&Recorder> {
        self.inner.recorder.as_ref()
    }

    /// The product path prefix (`/fapi`).
    pub fn product_prefix(&self) -> &'static str {
        self.inner.prefix
    }

    /// The base URL, normalised, without a trailing `/`.
    pub fn base_url(&self) -> &str {
        &self.inner.base_url
    }

    /// The configured market stream address, if any (see [`CoreBuilder::market_stream_url`](crate::CoreBuilder::market_stream_url)).
    pub fn market_stream_url(&self) -> Option<&str> {
        self.inner.market_stream_url.as_deref()
    }

    /// The configured credentials, if any.
    pub fn credentials(&self) -> Option<&Credentials> {
        self.inner.credentials.as_ref()
    }

    /// The configured receive window in milliseconds, if any.
    pub fn recv_window(&self) -> Option<u64> {
        self.inner.recv_window
    }

    /// The timestamp signed requests carry: the server's time as best known, in milliseconds.
    pub fn timestamp_ms(&self) -> i64 {
        self.inner.clock.now_ms()
    }

    /// The client-side rate of an endpoint group (the spec's `rate_limits`, as configured);
    /// `None` when the group is not paced. What a poller sizes its interval by.
    pub fn rate(&self, group: &str) -> Option<crate::Rate> {
        self.inner.limiter.rate(group)
    }

    /// Whether requests are checked against server-published limits before sending.
    pub fn prechecks(&self) -> bool {
        self.inner.prechecks
    }

    /// The value of type `T` this client (and its clones) shares, created on first use: where
    /// hand-written extensions keep per-client state such as caches.
    pub fn extension<T: Default + Send + Sync + 'static>(&self) -> Arc<T> {
        let mut map = match self.inner.extensions.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        let entry = map
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Arc::new(T::default()));
        match Arc::clone(entry).downcast::<T>() {
            Ok(v) => v,
            // Unreachable by construction (keyed by the type); replace rather than panic.
            Err(_) => {
                let v = Arc::new(T::default());
                *entry = v.clone();
                v
            }
        }
    }
}
