//! Requests over HTTP: the client's configuration and builder, credentials and signing, the
//! endpoint trait generated code implements, the send path (rate limit, clock, retries, the
//! lookup that keeps an order from running twice) and what it records.

pub mod builder;
pub mod client;
pub mod clock;
mod clock_sync;
pub mod config;
pub mod credentials;
pub mod dedupe;
pub mod endpoint;
mod exchange;
pub mod ratelimit;
mod request;
pub mod retry;
mod send;

pub use send::answer;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
