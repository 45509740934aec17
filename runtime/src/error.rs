//! The one error type of every request, and the vocabulary generated error codes plug into.
//!
//! A caller needs to know four things about a failure: was anything sent, what did the server
//! say (code, message, HTTP status), and may it be retried. [`Error`] answers all of them without
//! ever carrying a secret, a header or a request body.

use std::fmt;

/// How a failed request may be retried (the spec's `retry` column).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RetryClass {
    /// A retry cannot help.
    Never,
    /// Nothing was processed; retrying is safe (for idempotent requests).
    Safe,
    /// Resync the server-time offset, re-sign and retry once.
    ResyncClock,
    /// Slow down, then retry.
    BackOff,
    /// The outcome is unknown (the request may have been processed): look it up before any
    /// retry. For orders the client does this itself, by client order id.
    Ambiguous,
}

/// A generated error-code vocabulary (the macro's `ErrorCode` enum implements it).
///
/// Codes are looked up per error table because the same number means different things in
/// different tables (`-1150`). Implementations have a catch-all for codes the spec lacks.
pub trait ApiCode: Copy + fmt::Debug + Send + Sync + 'static {
    /// The code `code` as named in error table `table` (the catch-all when unknown).
    fn from_wire(table: &str, code: i64) -> Self;
    /// Whether `code` marks success in error table `table` (`0` in the futures table, `200` in the
    /// user-stream table).
    fn is_success(table: &str, code: i64) -> bool;
    /// The raw number as sent by the server.
    fn code(self) -> i64;
    /// How a request that failed with this code may be retried.
    fn retry_class(self) -> RetryClass;
    /// The spec name (`INVALID_TIMESTAMP`), or a generic name for the catch-all.
    fn name(self) -> &'static str;
    /// Whether the spec's tables list the code (not the catch-all).
    fn is_known(self) -> bool;
}

/// A parameter refused locally, before anything was sent.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InvalidArgument {
    /// Wire name of the offending parameter (the first one, for cross-parameter rules).
    pub param: &'static str,
    /// What is wrong, in words (`must be at most 100, got 101`).
    pub reason: String,
}

impl InvalidArgument {
    /// Builds the error for `param`.
    pub fn new(param: &'static str, reason: impl Into<String>) -> Self {
        InvalidArgument {
            param,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for InvalidArgument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid argument `{}`: {}", self.param, self.reason)
    }
}

impl std::error::Error for InvalidArgument {}

/// Everything that can go wrong with a request.
///
/// `C` is the generated `ErrorCode`. Messages never contain secrets, headers or bodies sent.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error<C: ApiCode> {
    /// A parameter was refused locally; nothing was sent.
    #[error(transparent)]
    InvalidArgument(InvalidArgument),
    /// The server answered with an error code.
    #[error("{endpoint}: server error {} {}: {message} (HTTP {status})", .code.code(), .code.name())]
    Api {
        /// The error code, looked up in the endpoint's error table.
        code: C,
        /// The server's message (may be empty).
        message: String,
        /// HTTP status of the answer.
        status: u16,
        /// Spec name of the endpoint.
        endpoint: &'static str,
    },
    /// An answer that is neither the expected value nor an error object (an HTML error page).
    #[error("{endpoint}: unexpected HTTP {status} answer: {body}")]
    Http {
        /// HTTP status of the answer.
        status: u16,
        /// Spec name of the endpoint.
        endpoint: &'static str,
        /// The first 200 characters of the body (lossy UTF-8).
        body: String,
    },
    /// JSON that does not match the response type.
    #[error("{endpoint}: cannot decode the answer (HTTP {status}): {message}")]
    Decode {
        /// Spec name of the endpoint.
        endpoint: &'static str,
        /// HTTP status of the answer.
        status: u16,
        /// What did not match, with its position.
        message: String,
    },
    /// No answer: connection refused, reset, TLS failure.
    #[error("{endpoint}: request failed: {}", chain(source))]
    Transport {
        /// Spec name of the endpoint.
        endpoint: &'static str,
        /// The underlying failure (its URL is stripped).
        source: reqwest::Error,
    },
    /// No answer within the configured timeout.
    #[error("{endpoint}: timed out")]
    Timeout {
        /// Spec name of the endpoint.
        endpoint: &'static str,
    },
    /// The client is misconfigured.
    #[error("configuration error: {0}")]
    Config(String),
    /// A keyed endpoint was called on a client without credentials; nothing was sent.
    #[error("{endpoint}: this endpoint needs an API key, but the client has no credentials")]
    MissingCredentials {
        /// Spec name of the endpoint.
        endpoint: &'static str,
    },
    /// Credentials refused over plain `http://` to a host other than loopback; nothing was sent.
    #[error("refusing to send credentials over plain http to {url}")]
    Insecure {
        /// The base URL that was refused.
        url: String,
    },
    /// The server banned this client (HTTP 418); nothing is sent until the ban ends.
    #[error("{endpoint}: banned by the server for another {}s; nothing was sent", ceil_secs(*.retry_after))]
    Banned {
        /// Spec name of the endpoint.
        endpoint: &'static str,
        /// Time left until the ban ends.
        retry_after: std::time::Duration,
    },
    /// A request that must not run twice got no clear answer, and looking it up failed too: it may
    /// or may not have been processed. Look it up by `client_id` before sending it again.
    #[error("{endpoint}: outcome unknown for client id {client_id}: {detail}")]
    OutcomeUnknown {
        /// Spec name of the endpoint.
        endpoint: &'static str,
        /// The client-chosen id the request carried (generated when the caller gave none).
        client_id: String,
        /// What failed: the send, then the lookup.
        detail: String,
        /// The failure of the send that left the outcome open.
        cause: Box<Error<C>>,
    },
}

impl<C: ApiCode> Error<C> {
    /// The server's error code, when the server answered with one.
    pub fn code(&self) -> Option<C> {
        match self {
            Error::Api { code, .. } => Some(*code),
            _ => None,
        }
    }

    /// The server's message, when the server answered with an error code.
    pub fn message(&self) -> Option<&str> {
        match self {
            Error::Api { message, .. } => Some(message),
            _ => None,
        }
    }

    /// The HTTP status, when an answer arrived.
    pub fn status(&self) -> Option<u16> {
        match self {
            Error::Api { status, .. }
            | Error::Http { status, .. }
            | Error::Decode { status, .. } => Some(*status),
            _ => None,
        }
    }

    /// Whether the request may have been processed although no success arrived: no answer after
    /// sending, a garbled answer, a gateway error, or a code of class [`RetryClass::Ambiguous`].
    pub fn is_ambiguous(&self) -> bool {
        match self {
            Error::Timeout { .. } | Error::Decode { .. } => true,
            Error::Transport { source, .. } => !source.is_connect(),
            Error::Http { status, .. } => (500..600).contains(status),
            Error::Api { .. } => self.retry_class() == RetryClass::Ambiguous,
            _ => false,
        }
    }

    /// Whether the failure proves the server did not process the request, so even a request that
    /// must not run twice may be sent again: never connected, rate-limited, or rejected before
    /// processing (timestamp).
    pub fn proves_not_processed(&self) -> bool {
        match self {
            Error::Transport { source, .. } => source.is_connect(),
            Error::Api { code, status, .. } => {
                *status == 429
                    || matches!(
                        code.retry_class(),
                        RetryClass::BackOff | RetryClass::ResyncClock
                    )
            }
            Error::Http { status, .. } => *status == 429,
            _ => false,
        }
    }

    /// Whether the server answered with an error code.
    pub fn is_api(&self) -> bool {
        matches!(self, Error::Api { .. })
    }

    /// How the failed request may be retried.
    ///
    /// A failure after the request left (timeout, reset, 5xx) is [`RetryClass::Ambiguous`]: safe to
    /// retry only for idempotent requests; the retry layer checks idempotency. So is a 5xx answer
    /// whose code the error table does not list, or lists as "never retry" (`-1000 unknown error
    /// while processing`): the server failed while handling the request.
    pub fn retry_class(&self) -> RetryClass {
        match self {
            Error::Api { code, status, .. } => match code.retry_class() {
                RetryClass::Never if is_back_off_status(*status) => RetryClass::BackOff,
                RetryClass::Never if (500..600).contains(status) => RetryClass::Ambiguous,
                class => class,
            },
            Error::Transport { source, .. } if !source.is_connect() => RetryClass::Ambiguous,
            Error::Transport { .. } => RetryClass::Safe,
            Error::Timeout { .. } => RetryClass::Ambiguous,
            Error::Banned { .. } => RetryClass::BackOff,
            Error::OutcomeUnknown { .. } => RetryClass::Ambiguous,
            Error::Http { status, .. } if is_back_off_status(*status) => RetryClass::BackOff,
            Error::Http { status, .. } if (500..600).contains(status) => RetryClass::Ambiguous,
            _ => RetryClass::Never,
        }
    }
}

/// A failure that carries no answer's code: the send path's own (refused before sending, no
/// answer, banned), the same whatever the endpoint, so the path that meets it is compiled once.
/// Each is one of [`Error`]'s variants and becomes it where the endpoint is known.
#[derive(Debug)]
pub(crate) enum Uncoded {
    InvalidArgument(InvalidArgument),
    Transport {
        endpoint: &'static str,
        source: reqwest::Error,
    },
    Timeout {
        endpoint: &'static str,
    },
    Config(String),
    MissingCredentials {
        endpoint: &'static str,
    },
    Insecure {
        url: String,
    },
    Banned {
        endpoint: &'static str,
        retry_after: std::time::Duration,
    },
}

impl<C: ApiCode> From<Uncoded> for Error<C> {
    fn from(e: Uncoded) -> Self {
        match e {
            Uncoded::InvalidArgument(a) => Error::InvalidArgument(a),
            Uncoded::Transport { endpoint, source } => Error::Transport { endpoint, source },
            Uncoded::Timeout { endpoint } => Error::Timeout { endpoint },
            Uncoded::Config(text) => Error::Config(text),
            Uncoded::MissingCredentials { endpoint } => Error::MissingCredentials { endpoint },
            Uncoded::Insecure { url } => Error::Insecure { url },
            Uncoded::Banned {
                endpoint,
                retry_after,
            } => Error::Banned {
                endpoint,
                retry_after,
            },
        }
    }
}

/// An error and its causes, `a: b: c` (reqwest's own message alone says only "error sending
/// request"; the cause says "connection refused").
fn chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let next = c.to_string();
        if !text.ends_with(&next) {
            text.push_str(": ");
            text.push_str(&next);
        }
        cause = c.source();
    }
    text
}

/// Whole seconds, rounded up (a ban with 300 ms left reads "another 1s", not "another 0s").
fn ceil_secs(d: std::time::Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

/// 429 (too many requests) and 418 (banned after ignoring 429s).
fn is_back_off_status(status: u16) -> bool {
    status == 429 || status == 418
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use super::*;

    /// A hand-written stand-in for the generated `ErrorCode`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub(crate) enum TestCode {
        Success,
        InvalidTimestamp,
        InvalidSymbol,
        TooManyRequests,
        Unknown(i64),
    }

    impl ApiCode for TestCode {
        fn is_known(self) -> bool {
            !matches!(self, TestCode::Unknown(_))
        }
        fn from_wire(table: &str, code: i64) -> Self {
            match (table, code) {
                (_, 0) | ("user_stream", 200) => TestCode::Success,
                (_, -1021) => TestCode::InvalidTimestamp,
                (_, -1121) => TestCode::InvalidSymbol,
                (_, -1003) => TestCode::TooManyRequests,
                (_, c) => TestCode::Unknown(c),
            }
        }
        fn is_success(table: &str, code: i64) -> bool {
            match table {
                "user_stream" => code == 200,
                _ => code == 0,
            }
        }
        fn code(self) -> i64 {
            match self {
                TestCode::Success => 0,
                TestCode::InvalidTimestamp => -1021,
                TestCode::InvalidSymbol => -1121,
                TestCode::TooManyRequests => -1003,
                TestCode::Unknown(c) => c,
            }
        }
        fn retry_class(self) -> RetryClass {
            match self {
                TestCode::InvalidTimestamp => RetryClass::ResyncClock,
                TestCode::TooManyRequests => RetryClass::BackOff,
                _ => RetryClass::Never,
            }
        }
        fn name(self) -> &'static str {
            match self {
                TestCode::Success => "SUCCESS",
                TestCode::InvalidTimestamp => "INVALID_TIMESTAMP",
                TestCode::InvalidSymbol => "INVALID_SYMBOL",
                TestCode::TooManyRequests => "TOO_MANY_REQUESTS",
                TestCode::Unknown(_) => "UNKNOWN",
            }
        }
    }

    #[test]
    fn api_error_display_and_accessors() {
        let e: Error<TestCode> = Error::Api {
            code: TestCode::InvalidSymbol,
            message: "Invalid symbol.".into(),
            status: 400,
            endpoint: "depth",
        };
        assert_eq!(
            e.to_string(),
            "depth: server error -1121 INVALID_SYMBOL: Invalid symbol. (HTTP 400)"
        );
        assert_eq!(e.code(), Some(TestCode::InvalidSymbol));
        assert_eq!(e.message(), Some("Invalid symbol."));
        assert_eq!(e.status(), Some(400));
        assert!(e.is_api());
        assert_eq!(e.retry_class(), RetryClass::Never);
    }

    #[test]
    fn retry_classes() {
        let api = |code, status| Error::<TestCode>::Api {
            code,
            message: String::new(),
            status,
            endpoint: "x",
        };
        assert_eq!(
            api(TestCode::InvalidTimestamp, 400).retry_class(),
            RetryClass::ResyncClock
        );
        assert_eq!(
            api(TestCode::TooManyRequests, 200).retry_class(),
            RetryClass::BackOff
        );
        assert_eq!(
            api(TestCode::Unknown(-9), 429).retry_class(),
            RetryClass::BackOff
        );
        // A 5xx with a code the table does not list (or lists as never-retry): the server failed
        // while handling it; the outcome is unknown.
        for status in [500, 503] {
            let e = api(TestCode::Unknown(-1001), status);
            assert_eq!(e.retry_class(), RetryClass::Ambiguous);
            assert!(e.is_ambiguous());
            assert!(!e.proves_not_processed());
        }
        assert_eq!(
            api(TestCode::InvalidSymbol, 500).retry_class(),
            RetryClass::Ambiguous
        );
        assert!(!api(TestCode::InvalidSymbol, 400).is_ambiguous());
        // A listed class wins over the status.
        assert_eq!(
            api(TestCode::TooManyRequests, 503).retry_class(),
            RetryClass::BackOff
        );
        let http = |status| Error::<TestCode>::Http {
            status,
            endpoint: "x",
            body: String::new(),
        };
        assert_eq!(http(502).retry_class(), RetryClass::Ambiguous);
        assert_eq!(http(429).retry_class(), RetryClass::BackOff);
        assert_eq!(http(418).retry_class(), RetryClass::BackOff);
        assert_eq!(http(404).retry_class(), RetryClass::Never);
        assert_eq!(
            Error::<TestCode>::Timeout { endpoint: "x" }.retry_class(),
            RetryClass::Ambiguous
        );
        let d = Error::<TestCode>::Decode {
            endpoint: "x",
            status: 200,
            message: "m".into(),
        };
        assert_eq!(d.retry_class(), RetryClass::Never);
        assert_eq!(d.code(), None);
        assert_eq!(d.status(), Some(200));
        let ia = Error::<TestCode>::InvalidArgument(InvalidArgument::new(
            "limit",
            "must be at most 100, got 101",
        ));
        assert_eq!(
            ia.to_string(),
            "invalid argument `limit`: must be at most 100, got 101"
        );
        assert_eq!(ia.status(), None);
        let banned = |ms| Error::<TestCode>::Banned {
            endpoint: "x",
            retry_after: std::time::Duration::from_millis(ms),
        };
        assert_eq!(
            banned(300).to_string(),
            "x: banned by the server for another 1s; nothing was sent"
        );
        assert!(banned(120_000).to_string().contains("another 120s"));
        assert_eq!(ia.retry_class(), RetryClass::Never);
    }
}
