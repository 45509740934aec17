#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

extern crate self as contango;

pub use contango_macros::generate;
pub use contango_runtime::drift::{DriftReport, Finding, FindingKind};
pub use contango_runtime::stream::{
    ConnectError, Gap, GapReason, MarketData, MarketMessage, MarketRequest, MarketStreamBuilder,
    RequestError, StreamError, Subscription, UserStreamBuilder,
};
pub use contango_runtime::{
    ConfigError, Credentials, InvalidArgument, LocalDateTime, Millis, Rate, RetryClass,
    RetryPolicy, Seconds,
};

pub mod account;
pub mod book;
pub mod checks;

#[doc(hidden)]
pub mod __private {
    pub use contango_runtime::__private::*;
    // The built-in prechecks a spec names (`precheck: contract_limits`).
    pub use crate::contract_limits;
}

generate!("spec/futures.yaml");
