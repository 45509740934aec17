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
//! - [`wire`]: envelopes, error answers and frames;
//! - [`http`]: HTTP/1.1 and the WebSocket handshake on hyper, with the accept loop.
//!
//! Connections, rate-limit windows and faults belong here, not to the core: they are not
//! journaled.

pub mod admin;
pub mod auth;
pub mod changed_api;
pub mod control;
pub mod driver;
pub mod faults;
pub mod gate;
pub mod http;
pub mod hubs;
pub mod market_stream;
pub mod rest;
pub mod routes;
pub mod throttle;
pub mod user_stream;
pub mod wire;

pub mod shared;

use std::sync::Arc;

use hyper::{Method, StatusCode};

use self::http::{BODY_LIMIT, Body, Request, Response, Upgrade};
pub use shared::Server;

/// Answers `request`: the two streams at their paths (the spec's), the admin routes under
/// `/__sim/`, and every other request as the interface's ([`rest`]).
pub async fn handle(server: Arc<Server>, mut request: Request) -> Response {
    let path = request.uri().path();
    if path == routes::user_stream_path() {
        let query = request.uri().query().map(str::to_owned);
        return user_stream::handler(server, query, Upgrade::take(&mut request));
    }
    if path == routes::market_stream_path() {
        return market_stream::handler(server, Upgrade::take(&mut request));
    }
    let admin = path
        .strip_prefix("/__sim/")
        .filter(|a| !a.is_empty() && !a.contains('/'))
        .map(contango_runtime::wire::encode::percent_decode);
    let (parts, body) = request.into_parts();
    let Some(body) = http::read_body(body, BODY_LIMIT).await else {
        return http::answer(StatusCode::PAYLOAD_TOO_LARGE, Body::empty());
    };
    match admin {
        Some(action) if parts.method == Method::GET || parts.method == Method::POST => {
            admin::handle(server, action, parts.method, parts.uri, parts.headers, body).await
        }
        Some(_) => http::answer(StatusCode::METHOD_NOT_ALLOWED, Body::empty()),
        None => rest::handle(server, parts.method, parts.uri, parts.headers, body).await,
    }
}
