#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

extern crate self as contango;

pub use contango_macros::generate;
pub use contango_runtime::drift::{DriftReport, Finding, FindingKind};
/// Recordings of sessions (README "Recording and replaying sessions"): the [`Recorder`]
/// (`ClientBuilder::record`) and the format read back ([`recording::Recording`]).
///
/// [`Recorder`]: recording::Recorder
pub use contango_runtime::recording;
#[cfg(feature = "user-stream")]
pub use contango_runtime::stream::UserStreamBuilder;
#[cfg(any(feature = "user-stream", feature = "market-stream"))]
pub use contango_runtime::stream::{ConnectError, Gap, GapReason, StreamError};
#[cfg(feature = "market-stream")]
pub use contango_runtime::stream::{
    MarketData, MarketMessage, MarketRequest, MarketStreamBuilder, RequestError, Subscription,
};
pub use contango_runtime::{
    ConfigError, Credentials, InvalidArgument, LocalDateTime, Millis, Rate, RetryClass,
    RetryPolicy, Seconds,
};

#[cfg(feature = "user-stream")]
pub mod account;
#[cfg(feature = "market-stream")]
pub mod book;
pub mod checks;
mod features;

#[doc(hidden)]
pub mod __private {
    pub use contango_runtime::__private::*;
    // The built-in prechecks a spec names (`precheck: contract_limits`).
    pub use crate::contract_limits;
    // What generated stream code goes through: expanded or dropped by this crate's features.
    pub use crate::{if_market_stream, if_user_stream};
}

generate!("spec/futures.yaml");
