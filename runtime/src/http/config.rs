//! What a client is configured with that needs checking once: the names authentication travels
//! under, the base URLs split into what requests need, and what a configuration can get wrong.

use std::net::IpAddr;

use url::Url;

/// Names under which authentication travels, as the spec's `auth` section gives them (generated
/// code passes them to [`CoreBuilder::auth_headers`](crate::CoreBuilder::auth_headers));
/// [`AuthHeaders::DEFAULT`] holds the interface document's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AuthHeaders {
    /// Header carrying the API key (the spec's `api_key_header`).
    pub api_key: &'static str,
    /// Header carrying the signature (the spec's `signature_header`).
    pub signature: &'static str,
    /// Header carrying the timestamp in milliseconds (the spec's `timestamp_header`).
    pub timestamp: &'static str,
    /// Parameter carrying the receive window (the spec's `recv_window_param`; query for GET,
    /// body otherwise).
    pub recv_window: &'static str,
}

impl AuthHeaders {
    /// The names the interface document gives: `X-CH-APIKEY`, `X-CH-SIGN`, `X-CH-TS` and
    /// `recvWindow`.
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
pub(crate) struct BaseUrl {
    /// `scheme://host[:port]`, as the URL parser normalised it.
    pub(crate) origin: String,
    /// The base's path without a trailing `/` (often empty).
    pub(crate) path: String,
    /// Whether credentials may be sent there (https, or loopback).
    pub(crate) secure: bool,
}

impl BaseUrl {
    pub(crate) fn parse(text: &str) -> Result<BaseUrl, ConfigError> {
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

    pub(crate) fn text(&self) -> String {
        format!("{}{}", self.origin, self.path)
    }
}
