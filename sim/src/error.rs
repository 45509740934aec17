//! Refusals, as the interface sends them: `{"code":<n>,"msg":<text>}` with an HTTP status.
//!
//! The text is the spec's message template (`ErrorCode::message_template`) with `{0}` filled, so
//! the simulator and the SDK can never disagree about a code's meaning.

use std::fmt;

use contango::ErrorCode;

/// An error answer of the simulator, also returned by the embedding API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimError {
    /// The code, resolved in the table of the endpoint that answered.
    pub code: ErrorCode,
    /// The message sent (`msg`).
    pub message: String,
    /// HTTP status of the answer.
    pub status: u16,
    /// `Retry-After` seconds sent with the answer (rate limits).
    pub retry_after: Option<u64>,
}

impl SimError {
    /// The error for `code`, its template's `{0}` left as is.
    pub fn new(code: ErrorCode) -> Self {
        Self::with_arg(code, "")
    }

    /// The error for `code` with `{0}` replaced by `arg`.
    pub fn with_arg(code: ErrorCode, arg: impl fmt::Display) -> Self {
        let template = code.message_template();
        let message = if template.contains("{0}") {
            template.replace("{0}", &arg.to_string())
        } else {
            template.to_owned()
        };
        SimError {
            code,
            message,
            status: status_of(code),
            retry_after: (code == ErrorCode::TooManyRequests).then_some(1),
        }
    }

    /// -1102 for parameter `name`.
    pub fn param(name: impl fmt::Display) -> Self {
        Self::with_arg(ErrorCode::ParamEmptyOrMalformed, name)
    }

    /// An internal failure (-1000, HTTP 500); the text is for logs and tests.
    pub fn internal(what: impl fmt::Display) -> Self {
        SimError {
            code: ErrorCode::UnknownError,
            message: format!("{}: {what}", ErrorCode::UnknownError.message_template()),
            status: 500,
            retry_after: None,
        }
    }

    /// Adds what exactly was wrong to the message (`<template>: <detail>`), as a parameter's
    /// name or the values that clashed.
    pub fn detail(mut self, detail: impl fmt::Display) -> Self {
        self.message = format!("{}: {detail}", self.message);
        self
    }

    /// Replaces the HTTP status.
    pub fn status(mut self, status: u16) -> Self {
        self.status = status;
        self
    }

    /// The JSON body `{"code":<n>,"msg":"..."}`.
    pub fn body(&self) -> String {
        #[derive(serde::Serialize)]
        struct Body<'a> {
            code: i64,
            msg: &'a str,
        }
        serde_json::to_string(&Body {
            code: self.code.code(),
            msg: &self.message,
        })
        .unwrap_or_else(|_| format!("{{\"code\":{},\"msg\":\"\"}}", self.code.code()))
    }
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code.code(), self.message)
    }
}

impl std::error::Error for SimError {}

/// The HTTP status a code is answered with: 401 for credentials, 429 for rate limits, 500 for
/// internal errors, 400 for everything else the client got wrong.
fn status_of(code: ErrorCode) -> u16 {
    match code {
        ErrorCode::Unauthorized
        | ErrorCode::InvalidSignature
        | ErrorCode::InvalidApiKeyFormat
        | ErrorCode::InvalidApiKeyIpOrPermission
        | ErrorCode::InvalidApiKey => 401,
        ErrorCode::TooManyRequests => 429,
        ErrorCode::UnknownError | ErrorCode::InternalError | ErrorCode::ServiceError => 500,
        ErrorCode::ServerOffline => 503,
        _ => 400,
    }
}

/// Shorthand for results of the simulator's operations.
pub type SimResult<T> = Result<T, SimError>;
