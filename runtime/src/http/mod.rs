//! Requests over HTTP: the client's configuration and builder, credentials and signing, the
//! endpoint trait generated code implements, the send path (rate limit, clock, retries, the
//! lookup that keeps an order from running twice) and what it records.

pub mod client;
pub mod clock;
pub mod credentials;
pub mod dedupe;
pub mod endpoint;
pub mod ratelimit;
pub mod retry;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
