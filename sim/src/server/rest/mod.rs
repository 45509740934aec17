//! The interface's endpoints: one handler for every path, so the simulator sees the exact bytes
//! that were signed and answers every mistake in the interface's own format.
//!
//! Per request: injected faults → route (from the spec's table) → authentication → rate limit →
//! decode with the generated request type → an input to the venue, or a read of it → the commit
//! of every input applied so far (a journaled venue) → answer with the generated response type →
//! in drift mode, the answer as the changed API sends it ([`super::changed_api`]).

mod account;
mod decode;
mod listen_key;
mod market;
mod new_order;
mod trade;

use std::sync::Arc;

use bytes::Bytes;
use contango::{ErrorCode, Product};
use contango_runtime::http::endpoint::{Endpoint, EndpointMeta, Envelope};
use hyper::{HeaderMap, Method, StatusCode, Uri};

use super::changed_api;
use super::faults::{Fault, Received};
use super::http::{Body, Response};
use super::routes::{self, Route};
use super::shared::Server;
use super::wire::{dropped, error_response, fault_status};
use crate::error::{SimError, SimResult};
use crate::exchange::input::{Answer, Command, Input};
use crate::venue::{Venue, lock};

/// What a handler needs to know about the request.
struct Ctx<'a> {
    venue: &'a Venue,
    route: &'a Route,
    uid: i64,
    query: &'a str,
    body: &'a [u8],
}

impl Ctx<'_> {
    fn product(&self) -> Product {
        self.route.product
    }

    fn now(&self) -> i64 {
        self.venue.clock.now()
    }

    /// Sends `command` of the request's account to the venue, stamped with the exchange time.
    fn submit(&self, command: Command) -> SimResult<Answer> {
        self.venue.submit(Input::Request {
            uid: self.uid,
            time: self.now(),
            command,
        })
    }
}

/// A handler of one endpoint.
type Handler = fn(&Ctx<'_>) -> SimResult<Response>;

/// The handler of each endpoint of the spec, by its request type.
fn handler(meta: &EndpointMeta) -> Option<Handler> {
    use contango::{
        AccountRequest, CancelAllOrdersRequest, CancelOrderRequest, CloseListenKeyRequest,
        CommissionRateRequest, ContractsRequest, CreateListenKeyRequest, DepthRequest,
        ForceOrdersHistoryRequest, IndexRequest, KeepAliveListenKeyRequest, KlinesRequest,
        LevelEditRequest, LeverageBracketRequest, MyTradesRequest, NewOrderRequest,
        OpenOrdersRequest, PingRequest, PositionMarginRequest, QueryOrderRequest,
        ServerTimeRequest, TickerRequest, TransferHistoryRequest, TransferRequest,
    };
    let table: [(EndpointMeta, Handler); 24] = [
        (PingRequest::META, market::ping),
        (ServerTimeRequest::META, market::time),
        (ContractsRequest::META, market::contracts),
        (DepthRequest::META, market::depth),
        (TickerRequest::META, market::ticker),
        (IndexRequest::META, market::index),
        (KlinesRequest::META, market::klines),
        (MyTradesRequest::META, trade::my_trades),
        (OpenOrdersRequest::META, trade::open_orders),
        (QueryOrderRequest::META, trade::query_order),
        (NewOrderRequest::META, trade::new_order),
        (CancelOrderRequest::META, trade::cancel_order),
        (CancelAllOrdersRequest::META, trade::cancel_all),
        (PositionMarginRequest::META, account::position_margin),
        (LevelEditRequest::META, account::level_edit),
        (AccountRequest::META, account::account),
        (LeverageBracketRequest::META, account::leverage_bracket),
        (CommissionRateRequest::META, account::commission_rate),
        (TransferRequest::META, account::transfer),
        (TransferHistoryRequest::META, account::transfer_history),
        (ForceOrdersHistoryRequest::META, account::force_orders),
        (CreateListenKeyRequest::META, listen_key::create),
        (KeepAliveListenKeyRequest::META, listen_key::keep_alive),
        (CloseListenKeyRequest::META, listen_key::close),
    ];
    table
        .into_iter()
        .find(|(m, _)| m.name == meta.name)
        .map(|(_, h)| h)
}

/// Every request that is not a stream's or an admin route's.
pub async fn handle(
    server: Arc<Server>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path();
    // The route, resolved once: the latency's leg, the gate and the handler all read it.
    let route = routes::resolve(&method, path);
    let plan = {
        let mut faults = lock(&server.faults);
        faults.record(Received {
            method: method.as_str().to_owned(),
            path: path.to_owned(),
            query: uri.query().unwrap_or("").to_owned(),
            body: String::from_utf8_lossy(&body).into_owned(),
            signature: headers
                .get(contango_runtime::AuthHeaders::DEFAULT.signature)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned),
        });
        faults.take(method.as_str(), path)
    };
    // The latency model's wait for the engine and an injected latency fault are one wait (on
    // the wall, or in a lockstep backtest's event time); a fault's answer travels back too.
    let endpoint = route.as_ref().ok().map(|r| r.meta);
    let passage = server.to_engine(endpoint, plan.latency).await;
    let response = match plan.action {
        Some(Fault::Status(status)) => fault_status(status),
        Some(Fault::RateLimited { retry_after_secs }) => {
            let mut e = SimError::new(ErrorCode::TooManyRequests);
            e.retry_after = Some(retry_after_secs);
            error_response(&e)
        }
        Some(Fault::Banned) => {
            error_response(&SimError::new(ErrorCode::TooManyRequests).status(418))
        }
        Some(Fault::BannedFor { retry_after_secs }) => {
            let mut e = SimError::new(ErrorCode::TooManyRequests).status(418);
            e.retry_after = Some(retry_after_secs);
            error_response(&e)
        }
        Some(Fault::Code(code)) => error_response(&SimError::new(code)),
        _ => {
            answer(
                &server,
                route,
                &method,
                path,
                uri.query().unwrap_or(""),
                &headers,
                &body,
            )
            .await
        }
    };
    server.to_client(passage).await;
    match plan.action {
        Some(Fault::DropConnection) => dropped(),
        Some(Fault::CodeAfterHandling(code)) => error_response(&SimError::new(code)),
        _ => response,
    }
}

/// The answer to a request that reached the engine: processed, committed, and as the changed
/// API sends it in drift mode.
async fn answer(
    server: &Server,
    route: SimResult<Route>,
    method: &Method,
    path: &str,
    query: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> Response {
    let processed = route.and_then(|r| process(server, r, method, path, query, headers, body));
    // Write-ahead: nothing is answered before every input applied so far is committed (at once
    // without a journal); a venue whose store failed answers that instead.
    if let Err(e) = server.venue.settled().await {
        return error_response(&e);
    }
    match processed {
        Ok((meta, r)) if server.venue.config.drift => {
            drifted(meta, r, server.venue.clock.now()).await
        }
        Ok((_, r)) => r,
        Err(e) => error_response(&e),
    }
}

/// The answer of one request to the endpoint of `route`, and the endpoint that gave it.
fn process(
    server: &Server,
    route: Route,
    method: &Method,
    path: &str,
    query: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> SimResult<(&'static EndpointMeta, Response)> {
    let meta = route.meta;
    let handler = handler(meta).ok_or_else(|| {
        SimError::new(ErrorCode::UnsupportedOperation)
            .status(404)
            .detail(format!("the simulator does not serve {}", meta.name))
    })?;
    let uid = super::auth::authenticate(
        &server.venue,
        meta,
        method.as_str(),
        path,
        query,
        headers,
        body,
    )?;
    if let Some(uid) = uid {
        lock(&server.throttle).check(uid, std::time::Instant::now())?;
    }
    let ctx = Ctx {
        venue: &server.venue,
        route: &route,
        uid: uid.unwrap_or(0),
        query,
        body,
    };
    Ok((meta, handler(&ctx)?))
}

/// A successful answer of `meta`'s endpoint as drift mode sends it; other answers as they are.
async fn drifted(meta: &EndpointMeta, response: Response, now_ms: i64) -> Response {
    if response.status() != StatusCode::OK {
        return response;
    }
    let (parts, body) = response.into_parts();
    let bytes = match body.into_bytes() {
        Ok(b) => b,
        Err(e) => return error_response(&SimError::internal(e)),
    };
    let wrapped = meta.envelope == Envelope::Wrapped;
    match changed_api::rest(meta.name, wrapped, &bytes, now_ms) {
        changed_api::Rewrite::Unchanged => Response::from_parts(parts, Body::from(bytes)),
        changed_api::Rewrite::Changed(text) => Response::from_parts(parts, Body::from(text)),
        changed_api::Rewrite::Refused(e) => error_response(&e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_endpoint_of_the_spec_has_a_handler() {
        for meta in contango::ENDPOINTS {
            assert!(handler(meta).is_some(), "{} has no handler", meta.name);
        }
    }
}
