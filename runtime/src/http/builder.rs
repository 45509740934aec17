//! [`CoreBuilder`]: a client's settings, checked once by [`CoreBuilder::build`].

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use reqwest::header::{HeaderName, HeaderValue};

use crate::drift::DriftLog;
use crate::http::client::{Core, Inner, TimeSource};
use crate::http::clock::ServerClock;
use crate::http::config::{AuthHeaders, BaseUrl, ConfigError};
use crate::http::credentials::Credentials;
use crate::http::ratelimit::{Rate, RateLimiter};
use crate::http::retry::RetryPolicy;
use crate::recording::Recorder;

impl Core {
    /// Starts configuring a client.
    pub fn builder() -> CoreBuilder {
        CoreBuilder::default()
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
    pub fn record_session(mut self, path: impl Into<std::path::PathBuf>) -> Self {
        self.record_path = Some(path.into());
        self
    }

    /// The former name of [`CoreBuilder::record_session`] ("record" names a spec type).
    #[deprecated(note = "renamed `record_session`")]
    pub fn record(self, path: impl Into<std::path::PathBuf>) -> Self {
        self.record_session(path)
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
