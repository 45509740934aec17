//! The servers around the core: they turn the wire into inputs and publish what comes out.
//!
//! - [`rest`]: the interface's endpoints, routed by the spec's own table ([`routes`]), with
//!   signature checks ([`auth`]), per-account rate limits on wall time ([`throttle`]) and injected
//!   faults ([`faults`]);
//! - [`user_stream`]: the private event stream;
//! - [`market_stream`]: the public market stream;
//! - [`admin`]: the `/__sim/*` routes that drive the simulator from outside;
//! - [`changed_api`]: drift mode, answers and frames as a changed API would send them;
//! - [`gate`]: a lockstep backtest's hold on requests, the latency model in event time;
//! - [`wire`]: envelopes, error answers and frames.
//!
//! Connections, rate-limit windows and faults belong here, not to the core: they are not
//! journaled.

pub mod admin;
pub mod auth;
pub mod changed_api;
pub mod faults;
pub mod gate;
pub mod market_stream;
pub mod rest;
pub mod routes;
pub mod throttle;
pub mod user_stream;
pub mod wire;

pub mod shared;

use std::sync::Arc;

use axum::Router;
use axum::routing::{any, post};

pub use shared::Server;

/// Every route of the simulator.
pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route(routes::user_stream_path(), any(user_stream::handler))
        .route(routes::market_stream_path(), any(market_stream::handler))
        .route("/__sim/{action}", post(admin::handle).get(admin::handle))
        .fallback(rest::handle)
        .with_state(server)
}
