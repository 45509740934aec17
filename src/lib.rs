#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

extern crate self as contango;

pub use contango_macros::generate;
pub use contango_runtime::drift::{DriftReport, Finding, FindingKind};
/// Recordings of sessions (the guide: `docs/recordings.md`): the [`Recorder`]
/// (`ClientBuilder::record_session`) and the format read back ([`recording::Recording`]).
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
    ConfigError, Credentials, DurationMillis, DurationSeconds, InvalidArgument, LocalDateTime,
    Millis, Rate, RetryClass, RetryPolicy, Seconds,
};
// What `ENDPOINTS` holds and `each_endpoint` hands out: every endpoint as metadata and as a type.
pub use contango_runtime::{EachEndpoint, Endpoint, EndpointMeta};

#[cfg(feature = "user-stream")]
pub mod account;
#[cfg(feature = "market-stream")]
pub mod book;
pub mod checks;
pub mod conditional;
mod features;
pub mod funding;
pub mod risk;
#[cfg(feature = "market-stream")]
pub mod strategy;

#[doc(hidden)]
pub mod __private {
    pub use contango_runtime::__private::*;
    // The built-in prechecks a spec names (`precheck: contract_limits`).
    pub use crate::contract_limits;
    // The built-in helpers a spec names (`helpers: [conditional_orders]`).
    pub use crate::conditional_orders;
    // What generated stream code goes through: expanded or dropped by this crate's features.
    pub use crate::{if_market_stream, if_user_stream};
}

generate!("spec/futures.yaml");

// The guides' examples compile as doc tests, as the README's (the crate docs) do.
#[cfg(doctest)]
mod guides {
    #[doc = include_str!("../docs/streams.md")]
    struct Streams;
    #[doc = include_str!("../docs/watchers.md")]
    struct Watchers;
    #[doc = include_str!("../docs/simulator.md")]
    struct Simulator;
    #[doc = include_str!("../docs/drift.md")]
    struct Drift;
    #[doc = include_str!("../docs/recordings.md")]
    struct Recordings;
    #[doc = include_str!("../docs/cli.md")]
    struct Cli;
    #[doc = include_str!("../docs/spec.md")]
    struct Spec;
    #[doc = include_str!("../docs/conditional-orders.md")]
    struct ConditionalOrders;
    #[doc = include_str!("../docs/backtests.md")]
    struct Backtests;
}
