//! The shared transport: one connection pool, signing, and the request/decode cycle every
//! generated endpoint goes through.
//!
//! The exact text signed is the exact text sent: path and query are built once by the encode
//! writers, the URL is parsed from that text once, and the parse is checked not to have rewritten
//! anything.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::header::{CONTENT_TYPE, HeaderMap, HeaderName, HeaderValue};
use tracing::Instrument as _;
use url::Url;

use crate::drift::{self, DriftLog, DriftReport};
use crate::error::{ApiCode, Error, InvalidArgument, RetryClass};
use crate::http::clock::{ServerClock, local_ms};
use crate::http::credentials::Credentials;
use crate::http::endpoint::{Base, Endpoint, Method};
use crate::http::ratelimit::{Permit, Rate, RateLimiter};
use crate::http::retry::{RetryPolicy, parse_retry_after};
use crate::recording::{HttpAnswer, Recorder};
use crate::wire::encode::{BodyWriter, PathParam, PathWriter, QueryWriter};

/// Samples the server clock: sends the spec's server-time request through
/// [`Core::sample_server_time`]. Generated from the spec's `clock` section.
pub type TimeSource = for<'a> fn(&'a Core) -> Pin<Box<dyn Future<Output = bool> + Send + 'a>>;

/// What the local checks found: the credentials a request carries and the base it goes to.
type Checked<'a> = (Option<&'a Credentials>, &'a BaseUrl);

/// How long a 418 ban lasts when the server does not say (`Retry-After`).
const DEFAULT_BAN: Duration = Duration::from_secs(120);

/// Names under which authentication travels (the spec's `auth` section).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AuthHeaders {
    /// Header carrying the API key (`X-CH-APIKEY`).
    pub api_key: &'static str,
    /// Header carrying the signature (`X-CH-SIGN`).
    pub signature: &'static str,
    /// Header carrying the timestamp in milliseconds (`X-CH-TS`).
    pub timestamp: &'static str,
    /// Parameter carrying the receive window (`recvWindow`; query for GET, body otherwise).
    pub recv_window: &'static str,
}

impl AuthHeaders {
    /// The names the interface document gives.
    pub const DEFAULT: AuthHeaders = AuthHeaders {
        api_key: "X-CH-APIKEY",
        signature: "X-CH-SIGN",
        timestamp: "X-CH-TS",
        recv_window: "recvWindow",
    };
}

impl Default for AuthHeaders {
    fn default() -> Self {
        AuthHeaders::DEFAULT
    }
}

/// A client configuration that cannot work.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// No base URL was given.
    #[error("a base URL is required")]
    MissingBaseUrl,
    /// A URL that does not parse, or is not a plain `http(s)://host[:port][/path]`.
    #[error("invalid URL `{url}`: {reason}")]
    InvalidUrl {
        /// The URL as given.
        url: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Credentials over plain `http://` to a host other than loopback.
    #[error(
        "refusing to send credentials over plain http to `{url}`; use https (http is allowed for loopback only)"
    )]
    Insecure {
        /// The refused URL.
        url: String,
    },
    /// A product prefix that is neither empty nor `/segment...` without a trailing `/`.
    #[error("invalid product prefix `{0}`: expected e.g. `/fapi`")]
    InvalidPrefix(&'static str),
    /// A header name from [`AuthHeaders`] that HTTP does not allow.
    #[error("invalid header name `{0}`")]
    InvalidHeaderName(&'static str),
    /// An API key with characters a header cannot carry.
    #[error("the API key contains characters not allowed in an HTTP header")]
    InvalidApiKey,
    /// The user agent cannot be a header value.
    #[error("the user agent contains characters not allowed in an HTTP header")]
    InvalidUserAgent,
    /// The HTTP client could not be built (TLS backend initialisation).
    #[error("cannot build the HTTP client: {0}")]
    Client(String),
    /// The recording file could not be created.
    #[error("cannot record: {0}")]
    Recording(String),
}

/// A base URL split into what requests need.
#[derive(Debug)]
struct BaseUrl {
    /// `scheme://host[:port]`, as the URL parser normalised it.
    origin: String,
    /// The base's path without a trailing `/` (often empty).
    path: String,
    /// Whether credentials may be sent there (https, or loopback).
    secure: bool,
}

impl BaseUrl {
    fn parse(text: &str) -> Result<BaseUrl, ConfigError> {
        let invalid = |reason: &str| ConfigError::InvalidUrl {
            url: text.to_owned(),
            reason: reason.to_owned(),
        };
        let url = Url::parse(text).map_err(|e| invalid(&e.to_string()))?;
        let https = match url.scheme() {
            "https" => true,
            "http" => false,
            _ => return Err(invalid("the scheme must be http or https")),
        };
        if url.query().is_some() || url.fragment().is_some() {
            return Err(invalid("a base URL has no query or fragment"));
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(invalid("a base URL carries no user name or password"));
        }
        let loopback = match url.host() {
            Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
            Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
            Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
            None => return Err(invalid("a host is required")),
        };
        Ok(BaseUrl {
            origin: url.origin().ascii_serialization(),
            path: url.path().trim_end_matches('/').to_owned(),
            secure: https || loopback,
        })
    }

    fn text(&self) -> String {
        format!("{}{}", self.origin, self.path)
    }
}

struct Inner {
    http: reqwest::Client,
    product: BaseUrl,
    user_stream: BaseUrl,
    base_url: String,
    prefix: &'static str,
    credentials: Option<Credentials>,
    /// The API key as a header value, checked once.
    api_key: Option<HeaderValue>,
    names: AuthHeaders,
    api_key_header: HeaderName,
    signature_header: HeaderName,
    timestamp_header: HeaderName,
    recv_window: Option<u64>,
    retry: RetryPolicy,
    limiter: RateLimiter,
    clock: ServerClock,
    time_source: Option<TimeSource>,
    clock_interval: Duration,
    /// One clock sample at a time; others wait for it instead of sending their own.
    clock_sync: tokio::sync::Mutex<()>,
    prechecks: bool,
    market_stream_url: Option<String>,
    /// Per-client state of hand-written extensions (caches), one value per type.
    extensions: std::sync::Mutex<HashMap<TypeId, Arc<dyn Any + Send + Sync>>>,
    /// What answers and stream frames held that the spec does not describe.
    drift: DriftLog,
    /// Where this client's exchanges and frames are recorded, if anywhere.
    recorder: Option<Recorder>,
}

/// The shared client core: configuration, credentials and the connection pool.
///
/// Cheap to clone (an `Arc`); clones share the pool.
#[derive(Clone)]
pub struct Core {
    inner: Arc<Inner>,
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

/// Configures a [`Core`].
#[derive(Clone)]
pub struct CoreBuilder {
    base_url: Option<String>,
    product_prefix: &'static str,
    user_stream_url: Option<String>,
    market_stream_url: Option<String>,
    credentials: Option<Credentials>,
    timeout: Duration,
    connect_timeout: Duration,
    recv_window: Option<u64>,
    user_agent: Option<String>,
    auth_headers: AuthHeaders,
    retry: RetryPolicy,
    rates: HashMap<&'static str, Rate>,
    time_source: Option<TimeSource>,
    clock_interval: Duration,
    prechecks: bool,
    recorder: Option<Recorder>,
    record_path: Option<std::path::PathBuf>,
    listen_key_fields: &'static [&'static str],
}

impl fmt::Debug for CoreBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CoreBuilder")
            .field("base_url", &self.base_url)
            .field("product_prefix", &self.product_prefix)
            .field("user_stream_url", &self.user_stream_url)
            .field("credentials", &self.credentials)
            .field("timeout", &self.timeout)
            .field("recv_window", &self.recv_window)
            .field("retry", &self.retry)
            .field("rates", &self.rates)
            .field("time_source", &TimeSourceDebug(self.time_source.is_some()))
            .field("recorder", &self.recorder)
            .finish_non_exhaustive()
    }
}

impl fmt::Debug for TimeSourceDebug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0 { "Some(..)" } else { "None" })
    }
}

struct TimeSourceDebug(bool);

impl Default for CoreBuilder {
    fn default() -> Self {
        CoreBuilder {
            base_url: None,
            product_prefix: "/fapi",
            user_stream_url: None,
            market_stream_url: None,
            credentials: None,
            timeout: Duration::from_secs(10),
            connect_timeout: Duration::from_secs(5),
            recv_window: None,
            user_agent: None,
            auth_headers: AuthHeaders::DEFAULT,
            retry: RetryPolicy::default(),
            rates: HashMap::new(),
            time_source: None,
            clock_interval: Duration::from_secs(300),
            prechecks: true,
            recorder: None,
            record_path: None,
            listen_key_fields: &[],
        }
    }
}

impl CoreBuilder {
    /// The exchange's base URL (`https://host[:port][/path]`), required.
    pub fn base_url(mut self, url: impl Into<String>) -> Self {
        self.base_url = Some(url.into());
        self
    }

    /// The product's path prefix (default `/fapi`), inserted before product endpoints' paths.
    pub fn product_prefix(mut self, prefix: &'static str) -> Self {
        self.product_prefix = prefix;
        self
    }

    /// Base URL of the user-stream REST endpoints (default: the base URL).
    pub fn user_stream_url(mut self, url: impl Into<String>) -> Self {
        self.user_stream_url = Some(url.into());
        self
    }

    /// Address of the public market stream (a `ws://` or `wss://` URL, usually on another host
    /// than REST); by default the spec's template with the base URL's host.
    pub fn market_stream_url(mut self, url: impl Into<String>) -> Self {
        self.market_stream_url = Some(url.into());
        self
    }

    /// API key and secret, needed by keyed and signed endpoints.
    pub fn credentials(mut self, credentials: Credentials) -> Self {
        self.credentials = Some(credentials);
        self
    }

    /// Whole-request timeout (default 10 s).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Connection-establishment timeout (default 5 s).
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.connect_timeout = timeout;
        self
    }

    /// Receive window in milliseconds, sent (and signed) with every signed request; unset by
    /// default, leaving the server's default.
    pub fn recv_window(mut self, ms: u64) -> Self {
        self.recv_window = Some(ms);
        self
    }

    /// The `User-Agent` header (default `contango/<version>`).
    pub fn user_agent(mut self, agent: impl Into<String>) -> Self {
        self.user_agent = Some(agent.into());
        self
    }

    /// Authentication header names, as the spec declares them.
    pub fn auth_headers(mut self, names: AuthHeaders) -> Self {
        self.auth_headers = names;
        self
    }

    /// Limits of automatic retries (default: 4 attempts within 30 s, backoff from 100 ms to 5 s).
    /// [`RetryPolicy::NONE`] turns retries off.
    pub fn retry_policy(mut self, policy: RetryPolicy) -> Self {
        self.retry = policy;
        self
    }

    /// Paces the endpoints of `group` to `rate` (requests wait for a slot rather than fail).
    pub fn rate_limit(mut self, group: &'static str, rate: Rate) -> Self {
        self.rates.insert(group, rate);
        self
    }

    /// Paces nothing: every rate-limit group's rate is dropped (the server's own pause and ban
    /// still apply). For a simulator whose time is not the wall's, such as a lockstep backtest.
    pub fn unpaced(mut self) -> Self {
        self.rates.clear();
        self
    }

    /// How the clock is sampled (the spec's server-time endpoint).
    pub fn time_source(mut self, source: TimeSource) -> Self {
        self.time_source = Some(source);
        self
    }

    /// How often the server-time offset is resampled (default 5 minutes; also on -1021).
    pub fn clock_sync_interval(mut self, interval: Duration) -> Self {
        self.clock_interval = interval;
        self
    }

    /// Whether requests are also checked against limits the server publishes (a contract's
    /// minimum volume, price precision, ...) before sending; on by default.
    pub fn prechecks(mut self, on: bool) -> Self {
        self.prechecks = on;
        self
    }

    /// Records every HTTP exchange and stream frame of this client with `recorder`
    /// (docs/recordings.md); off by default. One recorder may serve several
    /// clients.
    pub fn recorder(mut self, recorder: Recorder) -> Self {
        self.recorder = Some(recorder);
        self
    }

    /// Records this client's session to a new file at `path` ([`Recorder::create`], when the
    /// client is built).
    pub fn record(mut self, path: impl Into<std::path::PathBuf>) -> Self {
        self.record_path = Some(path.into());
        self
    }

    /// The parameter and answer field names that carry listen keys (the spec's
    /// `listen_key.field`): a recording replaces their values with placeholders.
    pub fn listen_key_fields(mut self, names: &'static [&'static str]) -> Self {
        self.listen_key_fields = names;
        self
    }

    /// Checks the configuration and builds the client.
    pub fn build(self) -> Result<Core, ConfigError> {
        let base_text = self.base_url.ok_or(ConfigError::MissingBaseUrl)?;
        let product = BaseUrl::parse(&base_text)?;
        let user_stream = match &self.user_stream_url {
            Some(u) => BaseUrl::parse(u)?,
            None => BaseUrl::parse(&base_text)?,
        };
        let prefix = self.product_prefix;
        if !prefix.is_empty()
            && (!prefix.starts_with('/') || prefix.ends_with('/') || prefix.contains(['?', '#']))
        {
            return Err(ConfigError::InvalidPrefix(prefix));
        }
        let api_key = match &self.credentials {
            Some(c) => {
                for base in [&product, &user_stream] {
                    if !base.secure {
                        return Err(ConfigError::Insecure { url: base.text() });
                    }
                }
                let mut v =
                    HeaderValue::from_str(c.api_key()).map_err(|_| ConfigError::InvalidApiKey)?;
                v.set_sensitive(true);
                Some(v)
            }
            None => None,
        };
        let names = self.auth_headers;
        let header = |name: &'static str| {
            HeaderName::from_bytes(name.as_bytes())
                .map_err(|_| ConfigError::InvalidHeaderName(name))
        };
        let user_agent = self
            .user_agent
            .unwrap_or_else(|| concat!("contango/", env!("CARGO_PKG_VERSION")).to_owned());
        let user_agent =
            HeaderValue::from_str(&user_agent).map_err(|_| ConfigError::InvalidUserAgent)?;
        let http = reqwest::Client::builder()
            .timeout(self.timeout)
            .connect_timeout(self.connect_timeout)
            .user_agent(user_agent);
        // The system's store replaces the bundled roots, as it does for the streams.
        #[cfg(feature = "native-roots")]
        let http = http.tls_built_in_webpki_certs(false);
        let http = http
            .build()
            .map_err(|e| ConfigError::Client(e.to_string()))?;
        let recorder = match (self.recorder, &self.record_path) {
            (Some(r), _) => Some(r),
            (None, Some(path)) => {
                Some(Recorder::create(path).map_err(|e| ConfigError::Recording(e.to_string()))?)
            }
            (None, None) => None,
        };
        if let Some(recorder) = &recorder {
            recorder.client(self.credentials.as_ref(), self.listen_key_fields);
        }
        Ok(Core {
            inner: Arc::new(Inner {
                http,
                base_url: product.text(),
                product,
                user_stream,
                prefix,
                credentials: self.credentials,
                api_key,
                names,
                api_key_header: header(names.api_key)?,
                signature_header: header(names.signature)?,
                timestamp_header: header(names.timestamp)?,
                recv_window: self.recv_window,
                retry: self.retry,
                limiter: RateLimiter::new(self.rates),
                clock: ServerClock::default(),
                time_source: self.time_source,
                clock_interval: self.clock_interval,
                clock_sync: tokio::sync::Mutex::new(()),
                prechecks: self.prechecks,
                market_stream_url: self.market_stream_url,
                extensions: std::sync::Mutex::new(HashMap::new()),
                drift: DriftLog::new(),
                recorder,
            }),
        })
    }
}

impl Core {
    /// Starts configuring a client.
    pub fn builder() -> CoreBuilder {
        CoreBuilder::default()
    }

    /// What the server sent so far, on REST and both streams, that the spec does not describe
    /// (docs/design.md, Drift): bounded and de-duplicated.
    pub fn drift(&self) -> DriftReport {
        self.inner.drift.report()
    }

    /// The log behind [`Core::drift`], which the streams of this client write to.
    pub fn drift_log(&self) -> &DriftLog {
        &self.inner.drift
    }

    /// The recorder this client's traffic goes to, if any ([`CoreBuilder::recorder`]).
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

    /// The configured market stream address, if any (see [`CoreBuilder::market_stream_url`]).
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

    /// Server time minus local time, in milliseconds, from the last clock sample.
    pub fn clock_offset_ms(&self) -> i64 {
        self.inner.clock.offset_ms()
    }

    /// Samples the server clock now (single-flight: concurrent callers share one sample).
    /// Returns whether a sample was taken; without a time source there is nothing to do.
    pub async fn sync_clock(&self) -> bool {
        self.sync_clock_since(self.inner.clock.generation()).await
    }

    /// Samples the server clock unless a sample was tried since generation `seen`: callers that
    /// looked at the same generation (or signed with it and were refused) take one sample
    /// between them. The check is made under the lock, so no caller can undo another's sample.
    async fn sync_clock_since(&self, seen: u64) -> bool {
        let Some(source) = self.inner.time_source else {
            return false;
        };
        let _guard = self.inner.clock_sync.lock().await;
        if self.inner.clock.generation() != seen {
            return true;
        }
        source(self).await
    }

    /// Sends `req` once (no retries, no rate limit) and records the server time `extract` reads
    /// from the answer, with the round trip's midpoint. Used by the generated time source.
    pub async fn sample_server_time<E: Endpoint + Sync>(
        &self,
        req: &E,
        extract: fn(&E::Response) -> i64,
    ) -> bool {
        // Its own span: the sample's status and latency are not the request's that triggered it.
        let span = tracing::info_span!(
            "contango.request",
            endpoint = E::META.name,
            method = E::META.method.as_str(),
            status = tracing::field::Empty,
            latency_ms = tracing::field::Empty,
        );
        let sent = local_ms();
        let sent_at = Instant::now();
        let result = match self.check_locally(req) {
            Ok(checked) => self.attempt(req, checked).instrument(span).await.0,
            Err(e) => Err(e),
        };
        let received = local_ms();
        match result {
            Ok(answer) => {
                let server_ms = extract(&answer);
                self.inner.clock.record(sent, server_ms, received);
                if let Some(recorder) = &self.inner.recorder {
                    // In microseconds, which the client's own millisecond offset rounds away:
                    // a recording's readers put exchange times on its clock with it.
                    let round_trip = sent_at.elapsed();
                    let midpoint_us = crate::http::clock::local_us()
                        .saturating_sub(i64::try_from(round_trip.as_micros() / 2).unwrap_or(0));
                    recorder.client_clock(
                        server_ms.saturating_mul(1_000).saturating_sub(midpoint_us),
                        u64::try_from(round_trip.as_micros()).ok(),
                    );
                }
                tracing::debug!(
                    offset_ms = self.inner.clock.offset_ms(),
                    "contango.clock_sync"
                );
                true
            }
            Err(e) => {
                self.inner.clock.record_failure();
                tracing::warn!(error = %e, "contango.clock_sync failed");
                false
            }
        }
    }

    /// Validates, signs and sends `req`, and decodes the answer; waits for a rate-limit slot,
    /// keeps the clock in sync, and retries what may be retried (the policy below; the README's
    /// "Failure handling" for users).
    ///
    /// Retries: idempotent requests retry transport failures, 5xx, and codes of class `Safe`,
    /// `BackOff` or `Ambiguous`; other requests retry only failures that prove nothing was
    /// processed (never connected, rate-limited). A -1021-like `ResyncClock` code resyncs the clock
    /// and re-signs once. All within the [`RetryPolicy`]'s attempts and time budget.
    pub async fn send<E: Endpoint + Sync>(&self, req: &E) -> Result<E::Response, Error<E::Code>> {
        let meta = E::META;
        // No URL path: path parameters can be secrets (listen keys); the endpoint names the path.
        // Each field is recorded once: a formatter appends a field recorded again, so what
        // changes per attempt (status, latency) is on the attempt's own span.
        let span = tracing::info_span!(
            "contango.request",
            endpoint = meta.name,
            method = meta.method.as_str(),
            code = tracing::field::Empty,
            attempts = tracing::field::Empty,
        );
        let mut attempts = 0;
        let result = self
            .send_with_retries(req, &mut attempts)
            .instrument(span.clone())
            .await;
        if attempts > 0 {
            span.record("attempts", attempts);
        }
        if let Err(Error::Api { code, .. }) = &result {
            span.record("code", code.code());
        }
        result
    }

    async fn send_with_retries<E: Endpoint + Sync>(
        &self,
        req: &E,
        attempts: &mut u32,
    ) -> Result<E::Response, Error<E::Code>> {
        let meta = E::META;
        let inner = &*self.inner;
        let policy = inner.retry;
        let started = Instant::now();
        let mut attempt: u32 = 1;
        let mut resynced = false;
        let checked = self.check_locally(req)?;
        loop {
            match inner.limiter.reserve(E::RATE_GROUP) {
                Permit::After(wait) if !wait.is_zero() => tokio::time::sleep(wait).await,
                Permit::After(_) => {}
                Permit::Banned(retry_after) => {
                    return Err(Error::Banned {
                        endpoint: meta.name,
                        retry_after,
                    });
                }
            }
            // Read before the staleness check: callers that all found the clock stale share the
            // first one's sample.
            let seen = inner.clock.generation();
            if meta.security.is_signed()
                && inner.time_source.is_some()
                && inner.clock.is_stale(inner.clock_interval)
            {
                self.sync_clock_since(seen).await;
            }
            let clock_generation = inner.clock.generation();
            let span = tracing::info_span!(
                "contango.attempt",
                n = attempt,
                status = tracing::field::Empty,
                latency_ms = tracing::field::Empty,
            );
            *attempts = attempt;
            let (result, retry_after) = self.attempt(req, checked).instrument(span).await;
            let error = match result {
                Ok(v) => return Ok(v),
                Err(e) => e,
            };
            // The server's own signals first: a ban stops everything, a 429 pauses everyone.
            match error.status() {
                Some(418) => {
                    let ban = retry_after.unwrap_or(DEFAULT_BAN);
                    inner.limiter.ban(ban);
                    tracing::warn!(ban_s = ban.as_secs(), "contango.banned");
                    return Err(Error::Banned {
                        endpoint: meta.name,
                        retry_after: ban,
                    });
                }
                Some(429) => inner
                    .limiter
                    .pause(retry_after.unwrap_or_else(|| policy.backoff(attempt))),
                _ => {}
            }
            let class = error.retry_class();
            if class == RetryClass::BackOff && error.status() != Some(429) {
                inner
                    .limiter
                    .pause(retry_after.unwrap_or_else(|| policy.backoff(attempt)));
            }
            if class == RetryClass::ResyncClock && meta.security.is_signed() {
                if resynced || inner.time_source.is_none() {
                    return Err(error);
                }
                resynced = true;
                // Resample unless another request did since this one was signed (concurrent
                // -1021s share one sample instead of each taking their own).
                self.sync_clock_since(clock_generation).await;
                tracing::info!(
                    offset_ms = inner.clock.offset_ms(),
                    "contango.resync_and_resign"
                );
                continue;
            }
            let may_retry = if meta.idempotent {
                matches!(
                    class,
                    RetryClass::Safe | RetryClass::BackOff | RetryClass::Ambiguous
                )
            } else {
                error.proves_not_processed()
            };
            let delay = retry_after
                .unwrap_or_else(|| policy.backoff(attempt))
                .min(policy.max_delay.max(retry_after.unwrap_or_default()));
            if !may_retry
                || attempt >= policy.max_attempts
                || started.elapsed() + delay > policy.max_elapsed
            {
                return Err(error);
            }
            tracing::info!(attempt, delay_ms = delay.as_millis() as u64, error = %error, "contango.retry");
            // A pause set above already delays the next slot; only sleep the remainder.
            if !matches!(class, RetryClass::BackOff) {
                tokio::time::sleep(delay).await;
            }
            attempt += 1;
        }
    }

    /// One request on the wire: prepare (sign with the current clock), send, decode. Also returns
    /// the answer's `Retry-After`, when it has one.
    async fn attempt<E: Endpoint + Sync>(
        &self,
        req: &E,
        checked: Checked<'_>,
    ) -> (Result<E::Response, Error<E::Code>>, Option<Duration>) {
        let endpoint = E::META.name;
        let request = match self.prepare(req, checked) {
            Ok(r) => r,
            Err(e) => return (Err(e), None),
        };
        // Recording: what was sent, taken before sending (nothing of this when not recording).
        let tap = self.inner.recorder.as_ref().map(|r| {
            let mut params: Vec<PathParam> = Vec::new();
            req.write_path(&mut PathWriter::noting(&mut String::new(), &mut params));
            let signature = request
                .headers()
                .get(&self.inner.signature_header)
                .and_then(|v| v.to_str().ok());
            r.http_tap(
                E::META.name,
                E::META.method.as_str(),
                request.url(),
                request.body().and_then(reqwest::Body::as_bytes),
                params,
                signature,
            )
        });
        let span = tracing::Span::current();
        let started = Instant::now();
        let transport = |e: reqwest::Error| {
            if e.is_timeout() {
                Error::Timeout { endpoint }
            } else {
                Error::Transport {
                    endpoint,
                    source: e.without_url(),
                }
            }
        };
        let response = match self.inner.http.execute(request).await {
            Ok(r) => r,
            Err(e) => {
                let error = transport(e);
                if let Some(tap) = tap {
                    tap.finish(Err(error.to_string()));
                }
                return (Err(error), None);
            }
        };
        let status = response.status().as_u16();
        span.record("status", status);
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(parse_retry_after);
        let header = |name| {
            response
                .headers()
                .get(name)
                .and_then(|v: &HeaderValue| v.to_str().ok())
                .map(str::to_owned)
        };
        let tap = tap.map(|tap| {
            let headers = (header(CONTENT_TYPE), header(reqwest::header::RETRY_AFTER));
            (tap, headers)
        });
        let body = match response.bytes().await {
            Ok(b) => b,
            Err(e) => {
                let error = transport(e);
                if let Some((tap, _)) = tap {
                    tap.finish(Err(error.to_string()));
                }
                return (Err(error), retry_after);
            }
        };
        if let Some((tap, (content_type, retry))) = tap {
            tap.finish(Ok(HttpAnswer {
                status,
                content_type,
                retry_after: retry,
                body: body.clone(),
            }));
        }
        let latency = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        span.record("latency_ms", latency);
        (
            drift::answer::<E>(&self.inner.drift, status, &body),
            retry_after,
        )
    }

    /// The refusals that need no network: arguments, credentials, transport security. Run once per
    /// call, before anything (a clock sample included) is sent.
    fn check_locally<E: Endpoint>(&self, req: &E) -> Result<Checked<'_>, Error<E::Code>> {
        let meta = E::META;
        let inner = &*self.inner;
        req.validate().map_err(Error::InvalidArgument)?;
        let credentials = if meta.security.needs_key() {
            Some(
                inner
                    .credentials
                    .as_ref()
                    .ok_or(Error::MissingCredentials {
                        endpoint: meta.name,
                    })?,
            )
        } else {
            None
        };
        let base = match meta.base {
            Base::Product => &inner.product,
            Base::UserStream => &inner.user_stream,
        };
        if credentials.is_some() && !base.secure {
            return Err(Error::Insecure { url: base.text() });
        }
        Ok((credentials, base))
    }

    /// Everything else before the network, per attempt: path, query, body, signature (with the
    /// current clock), headers.
    fn prepare<E: Endpoint>(
        &self,
        req: &E,
        (credentials, base): Checked<'_>,
    ) -> Result<reqwest::Request, Error<E::Code>> {
        let meta = E::META;
        let inner = &*self.inner;
        let signed = meta.security.is_signed();
        let recv_window = if signed { inner.recv_window } else { None };
        let is_get = meta.method == Method::Get;

        let mut path = String::with_capacity(64);
        path.push_str(&base.path);
        if meta.base == Base::Product {
            path.push_str(inner.prefix);
        }
        req.write_path(&mut PathWriter::new(&mut path));
        if path.is_empty() {
            path.push('/');
        }

        let mut query = String::new();
        {
            let mut q = QueryWriter::new(&mut query);
            req.write_query(&mut q);
            if let (true, Some(rw)) = (is_get, recv_window) {
                q.pair(inner.names.recv_window, &rw);
            }
        }

        let body = if meta.has_body && !is_get {
            let mut buf = Vec::with_capacity(128);
            let mut w = BodyWriter::new(&mut buf);
            req.write_body(&mut w);
            if let Some(rw) = recv_window {
                w.field(inner.names.recv_window, &rw);
            }
            w.finish()
                .map_err(|e| Error::InvalidArgument(InvalidArgument::new("body", e.to_string())))?;
            Some(buf)
        } else {
            None
        };

        let url = request_url(&base.origin, &path, &query).map_err(Error::InvalidArgument)?;
        let mut headers = HeaderMap::with_capacity(4);
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        if let (Some(credentials), Some(key)) = (credentials, &inner.api_key) {
            headers.insert(inner.api_key_header.clone(), key.clone());
            if signed {
                let ts = self.timestamp_ms();
                let body_bytes = body.as_deref().unwrap_or_default();
                let sig = credentials.sign(ts, meta.method.as_str(), &path, &query, body_bytes);
                let mut sig_value = HeaderValue::from_str(sig.as_str())
                    .map_err(|_| Error::Config("signature is not a header value".into()))?;
                sig_value.set_sensitive(true);
                headers.insert(inner.signature_header.clone(), sig_value);
                headers.insert(inner.timestamp_header.clone(), HeaderValue::from(ts));
            }
        }

        let mut request = reqwest::Request::new(http_method(meta.method), url);
        *request.headers_mut() = headers;
        if let Some(body) = body {
            *request.body_mut() = Some(body.into());
        }
        Ok(request)
    }
}

fn http_method(m: Method) -> reqwest::Method {
    match m {
        Method::Get => reqwest::Method::GET,
        Method::Post => reqwest::Method::POST,
        Method::Put => reqwest::Method::PUT,
        Method::Delete => reqwest::Method::DELETE,
    }
}

/// Parses `origin + path + ("?" + query)` once, refusing any URL the parser would rewrite
/// (dot segments, characters it would escape), since the signature covers the text as built.
pub(super) fn request_url(origin: &str, path: &str, query: &str) -> Result<Url, InvalidArgument> {
    let mut text = String::with_capacity(origin.len() + path.len() + query.len() + 1);
    text.push_str(origin);
    text.push_str(path);
    if !query.is_empty() {
        text.push('?');
        text.push_str(query);
    }
    let url = Url::parse(&text)
        .map_err(|e| InvalidArgument::new("path", format!("does not form a valid URL: {e}")))?;
    if url.path() != path || url.query().unwrap_or_default() != query {
        return Err(InvalidArgument::new(
            "path",
            format!("`{path}` would be rewritten by URL normalisation (a `.` or `..` segment?)"),
        ));
    }
    Ok(url)
}
