//! Why a command failed, and the exit code that tells scripts which kind of failure it was.

use std::fmt;
use std::process::ExitCode;

use contango_runtime::stream::ConnectError;
use contango_runtime::{ApiCode, Error};

/// The exit codes of `contango`, documented in `--help` and docs/cli.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum ExitStatus {
    /// The command succeeded (a stream: it was interrupted and closed cleanly).
    Success = 0,
    /// Something else failed: an answer that does not decode, output that cannot be written.
    Other = 1,
    /// Refused locally, nothing was sent: a bad argument or flag, missing or unsafe credentials.
    Refused = 2,
    /// The server answered with an error (its code and message are printed).
    Server = 3,
    /// No answer: the server is unreachable, the connection failed or timed out.
    Transport = 4,
    /// An order got no clear answer and could not be looked up: it may or may not exist.
    Unknown = 5,
    /// `contango drift` found the server sending what the spec does not describe.
    Drift = 6,
}

impl ExitStatus {
    /// The `--help` text listing the codes.
    pub const HELP: &'static str = "Exit codes:
  0  success (a stream: interrupted and closed cleanly)
  1  other failure (an answer that does not decode, output that cannot be written)
  2  refused locally, nothing sent (bad argument, missing or unsafe credentials)
  3  the server answered with an error (its code is printed)
  4  transport failure (server unreachable, connection failed, timed out)
  5  outcome unknown (an order may or may not exist: look it up)
  6  drift: the server sends what the spec does not describe (contango drift)";
}

impl From<ExitStatus> for ExitCode {
    fn from(s: ExitStatus) -> ExitCode {
        ExitCode::from(s as u8)
    }
}

/// A failed command. The message never holds a secret: it comes from the SDK's errors (which
/// never format one) or from this crate (which never formats credentials).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Refused locally; nothing was sent.
    Refused(String),
    /// The server answered with an error; `code` is its error code when it sent one.
    Server {
        /// The server's error code.
        code: Option<i64>,
        /// What the SDK says about it (endpoint, code, name, message, HTTP status).
        message: String,
    },
    /// No answer from the server.
    Transport(String),
    /// The outcome of a request that must not run twice is unknown.
    Unknown(String),
    /// `contango drift` found drift (the findings are printed).
    Drift(String),
    /// Anything else.
    Other(String),
}

impl Failure {
    /// A client configuration the SDK refuses (malformed URL, credentials over plain http).
    pub fn config(e: impl fmt::Display) -> Failure {
        Failure::Refused(e.to_string())
    }

    /// The exit code of this failure.
    pub fn status(&self) -> ExitStatus {
        match self {
            Failure::Refused(_) => ExitStatus::Refused,
            Failure::Server { .. } => ExitStatus::Server,
            Failure::Transport(_) => ExitStatus::Transport,
            Failure::Unknown(_) => ExitStatus::Unknown,
            Failure::Drift(_) => ExitStatus::Drift,
            Failure::Other(_) => ExitStatus::Other,
        }
    }

    /// The kind of failure as one word (`refused`, `server`, `transport`, `unknown`, `drift`,
    /// `other`), for output read by programs.
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Refused(_) => "refused",
            Failure::Server { .. } => "server",
            Failure::Transport(_) => "transport",
            Failure::Unknown(_) => "unknown",
            Failure::Drift(_) => "drift",
            Failure::Other(_) => "other",
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Refused(m) => write!(f, "refused locally, nothing sent: {m}"),
            Failure::Server { message, .. } => f.write_str(message),
            Failure::Transport(m) => write!(f, "transport failure: {m}"),
            Failure::Unknown(m) => write!(f, "outcome unknown: {m}"),
            Failure::Drift(m) => write!(f, "drift: {m}"),
            Failure::Other(m) => f.write_str(m),
        }
    }
}

impl<C: ApiCode> From<Error<C>> for Failure {
    fn from(e: Error<C>) -> Failure {
        let message = e.to_string();
        match &e {
            Error::InvalidArgument(_)
            | Error::MissingCredentials { .. }
            | Error::Insecure { .. }
            | Error::Config(_) => Failure::Refused(message),
            Error::Api { code, .. } => Failure::Server {
                code: Some(code.code()),
                message,
            },
            Error::Http { .. } | Error::Banned { .. } => Failure::Server {
                code: None,
                message,
            },
            Error::Transport { .. } | Error::Timeout { .. } => Failure::Transport(message),
            Error::OutcomeUnknown { .. } => Failure::Unknown(message),
            _ => Failure::Other(message),
        }
    }
}

impl<C: ApiCode> From<ConnectError<C>> for Failure {
    fn from(e: ConnectError<C>) -> Failure {
        match e {
            ConnectError::ListenKey(inner) => Failure::from(inner),
            ConnectError::Config(m) => Failure::Refused(format!("stream configuration: {m}")),
            ConnectError::WebSocket(_) | ConnectError::AckTimeout(_) => {
                Failure::Transport(e.to_string())
            }
            other => Failure::Other(other.to_string()),
        }
    }
}
