//! The HTTP side: one handler that routes every interface path by hand, so the simulator sees
//! the exact bytes that were signed and answers every mistake in the interface's own format.
//!
//! Per request: injected faults → route → authentication → rate limit → decode with the
//! generated request type → operate → answer with the generated response type → in drift mode,
//! the answer as the changed API sends it ([`crate::drift`]).

mod account;
mod decode;
mod listen_key;
mod market;
mod trade;

use std::sync::Arc;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, post};
use contango::{ErrorCode, Product};
use contango_runtime::encode::percent_decode;
use contango_runtime::endpoint::{Endpoint, EndpointMeta, Envelope};
use serde::Serialize;

use crate::error::{SimError, SimResult};
use crate::faults::Fault;
use crate::state::Shared;

/// Every route of the simulator.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/stream", any(crate::stream::handler))
        .route(crate::market_ws::PATH, any(crate::market_ws::handler))
        .route(
            "/__sim/{action}",
            post(crate::admin::handle).get(crate::admin::handle),
        )
        .fallback(handle)
        .with_state(shared)
}

/// An interface endpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Route {
    Ping,
    Time,
    Contracts,
    Depth,
    Ticker,
    Klines,
    MyTrades,
    PositionMargin,
    LevelEdit,
    OpenOrders,
    CancelOrder,
    QueryOrder,
    NewOrder,
    CancelAll,
    Account,
    LeverageBracket,
    CommissionRate,
    Transfer,
    TransferHistory,
    ForceOrders,
    CreateListenKey,
    KeepAliveListenKey(String),
    CloseListenKey(String),
}

impl Route {
    /// Method, security and error table, from the generated request types.
    fn meta(&self) -> EndpointMeta {
        use contango::*;
        match self {
            Route::Ping => PingRequest::META,
            Route::Time => ServerTimeRequest::META,
            Route::Contracts => ContractsRequest::META,
            Route::Depth => DepthRequest::META,
            Route::Ticker => TickerRequest::META,
            Route::Klines => KlinesRequest::META,
            Route::MyTrades => MyTradesRequest::META,
            Route::PositionMargin => PositionMarginRequest::META,
            Route::LevelEdit => LevelEditRequest::META,
            Route::OpenOrders => OpenOrdersRequest::META,
            Route::CancelOrder => CancelOrderRequest::META,
            Route::QueryOrder => QueryOrderRequest::META,
            Route::NewOrder => NewOrderRequest::META,
            Route::CancelAll => CancelAllOrdersRequest::META,
            Route::Account => AccountRequest::META,
            Route::LeverageBracket => LeverageBracketRequest::META,
            Route::CommissionRate => CommissionRateRequest::META,
            Route::Transfer => TransferRequest::META,
            Route::TransferHistory => TransferHistoryRequest::META,
            Route::ForceOrders => ForceOrdersHistoryRequest::META,
            Route::CreateListenKey => CreateListenKeyRequest::META,
            Route::KeepAliveListenKey(_) => KeepAliveListenKeyRequest::META,
            Route::CloseListenKey(_) => CloseListenKeyRequest::META,
        }
    }
}

const LISTEN_KEY_PATH: &str = "/user_stream/api/v1/listenKey";

/// Finds the endpoint of `method path`: 404 for unknown paths, 405 for a known path with another
/// method (both -1020).
fn resolve(method: &Method, path: &str) -> SimResult<(Route, Product)> {
    let unsupported = |status| SimError::new(ErrorCode::UnsupportedOperation).status(status);
    if let Some(rest) = path.strip_prefix(LISTEN_KEY_PATH) {
        let route = match (method.as_str(), rest.strip_prefix('/')) {
            ("POST", None) if rest.is_empty() => Route::CreateListenKey,
            ("PUT", Some(k)) if !k.is_empty() && !k.contains('/') => {
                Route::KeepAliveListenKey(percent_decode(k))
            }
            ("DELETE", Some(k)) if !k.is_empty() && !k.contains('/') => {
                Route::CloseListenKey(percent_decode(k))
            }
            (_, None) if rest.is_empty() => return Err(unsupported(405)),
            (_, Some(k)) if !k.is_empty() && !k.contains('/') => return Err(unsupported(405)),
            _ => return Err(unsupported(404)),
        };
        return Ok((route, Product::UsdtMargined));
    }
    let (product, rest) = if let Some(r) = path.strip_prefix("/fapi") {
        (Product::UsdtMargined, r)
    } else if let Some(r) = path.strip_prefix("/dapi") {
        (Product::CoinMargined, r)
    } else {
        return Err(unsupported(404));
    };
    let by_method = |get: Option<Route>, post: Option<Route>| match method.as_str() {
        "GET" => get.ok_or_else(|| unsupported(405)),
        "POST" => post.ok_or_else(|| unsupported(405)),
        _ => Err(unsupported(405)),
    };
    let route = match rest {
        "/v1/ping" => by_method(Some(Route::Ping), None),
        "/v1/time" => by_method(Some(Route::Time), None),
        "/v1/contracts" => by_method(Some(Route::Contracts), None),
        "/v1/depth" => by_method(Some(Route::Depth), None),
        "/v1/ticker" => by_method(Some(Route::Ticker), None),
        "/v1/klines" => by_method(Some(Route::Klines), None),
        "/v2/myTrades" => by_method(Some(Route::MyTrades), None),
        "/v2/positionMargin" => by_method(None, Some(Route::PositionMargin)),
        "/v2/level_edit" => by_method(None, Some(Route::LevelEdit)),
        "/v2/openOrders" => by_method(Some(Route::OpenOrders), None),
        "/v2/cancel" => by_method(None, Some(Route::CancelOrder)),
        "/v2/order" => by_method(Some(Route::QueryOrder), Some(Route::NewOrder)),
        "/v2/allOpenOrders" => by_method(None, Some(Route::CancelAll)),
        "/v2/account" => by_method(Some(Route::Account), None),
        "/v2/leverageBracket" => by_method(Some(Route::LeverageBracket), None),
        "/v2/commissionRate" => by_method(Some(Route::CommissionRate), None),
        "/v2/futures_transfer" => by_method(None, Some(Route::Transfer)),
        "/v2/futures_transfer_history" => by_method(Some(Route::TransferHistory), None),
        "/v2/forceOrdersHistory" => by_method(Some(Route::ForceOrders), None),
        _ => Err(unsupported(404)),
    }?;
    Ok((route, product))
}

/// What a handler needs to know about the request.
struct Ctx<'a> {
    shared: &'a Shared,
    product: Product,
    uid: i64,
    query: &'a str,
    body: &'a [u8],
}

impl Ctx<'_> {
    fn now(&self) -> i64 {
        self.shared.clock.now()
    }
}

async fn handle(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path();
    let (drift, plan) = {
        let mut st = shared.lock();
        st.faults.record(crate::faults::Received {
            method: method.as_str().to_owned(),
            path: path.to_owned(),
            query: uri.query().unwrap_or("").to_owned(),
            body: String::from_utf8_lossy(&body).into_owned(),
            signature: headers
                .get(contango_runtime::AuthHeaders::DEFAULT.signature)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned),
        });
        (st.config.drift, st.faults.take(method.as_str(), path))
    };
    if !plan.latency.is_zero() {
        tokio::time::sleep(plan.latency).await;
    }
    match plan.action {
        Some(Fault::Status(status)) => return fault_status(status),
        Some(Fault::RateLimited { retry_after_secs }) => {
            let mut e = SimError::new(ErrorCode::TooManyRequests);
            e.retry_after = Some(retry_after_secs);
            return error_response(&e);
        }
        Some(Fault::Banned) => {
            return error_response(&SimError::new(ErrorCode::TooManyRequests).status(418));
        }
        Some(Fault::BannedFor { retry_after_secs }) => {
            let mut e = SimError::new(ErrorCode::TooManyRequests).status(418);
            e.retry_after = Some(retry_after_secs);
            return error_response(&e);
        }
        Some(Fault::Code(code)) => return error_response(&SimError::new(code)),
        _ => {}
    }
    let response = match process(
        &shared,
        &method,
        path,
        uri.query().unwrap_or(""),
        &headers,
        &body,
    ) {
        Ok((meta, r)) if drift => drifted(&meta, r, shared.clock.now()).await,
        Ok((_, r)) => r,
        Err(e) => error_response(&e),
    };
    match plan.action {
        Some(Fault::DropConnection) => dropped(),
        Some(Fault::CodeAfterHandling(code)) => error_response(&SimError::new(code)),
        _ => response,
    }
}

/// The answer of one request, and the endpoint that gave it.
fn process(
    shared: &Shared,
    method: &Method,
    path: &str,
    query: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> SimResult<(EndpointMeta, Response)> {
    let (route, product) = resolve(method, path)?;
    let meta = route.meta();
    let uid =
        crate::auth::authenticate(shared, &meta, method.as_str(), path, query, headers, body)?;
    if let Some(uid) = uid {
        shared.lock().check_rate(uid, std::time::Instant::now())?;
    }
    let ctx = Ctx {
        shared,
        product,
        uid: uid.unwrap_or(0),
        query,
        body,
    };
    let response = match route {
        Route::Ping => market::ping(&ctx),
        Route::Time => market::time(&ctx),
        Route::Contracts => market::contracts(&ctx),
        Route::Depth => market::depth(&ctx),
        Route::Ticker => market::ticker(&ctx),
        Route::Klines => market::klines(&ctx),
        Route::MyTrades => trade::my_trades(&ctx),
        Route::OpenOrders => trade::open_orders(&ctx),
        Route::QueryOrder => trade::query_order(&ctx),
        Route::NewOrder => trade::new_order(&ctx),
        Route::CancelOrder => trade::cancel_order(&ctx),
        Route::CancelAll => trade::cancel_all(&ctx),
        Route::PositionMargin => account::position_margin(&ctx),
        Route::LevelEdit => account::level_edit(&ctx),
        Route::Account => account::account(&ctx),
        Route::LeverageBracket => account::leverage_bracket(&ctx),
        Route::CommissionRate => account::commission_rate(&ctx),
        Route::Transfer => account::transfer(&ctx),
        Route::TransferHistory => account::transfer_history(&ctx),
        Route::ForceOrders => account::force_orders(&ctx),
        Route::CreateListenKey => listen_key::create(&ctx),
        Route::KeepAliveListenKey(key) => listen_key::keep_alive(&ctx, &key),
        Route::CloseListenKey(key) => listen_key::close(&ctx, &key),
    }?;
    Ok((meta, response))
}

/// A successful answer of `meta`'s endpoint as drift mode sends it; other answers as they are.
async fn drifted(meta: &EndpointMeta, response: Response, now_ms: i64) -> Response {
    if response.status() != StatusCode::OK {
        return response;
    }
    let (parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(b) => b,
        Err(e) => return error_response(&SimError::internal(e)),
    };
    let wrapped = meta.envelope == Envelope::Wrapped;
    match crate::drift::rest(meta.name, wrapped, &bytes, now_ms) {
        crate::drift::Answer::Unchanged => Response::from_parts(parts, Body::from(bytes)),
        crate::drift::Answer::Changed(text) => Response::from_parts(parts, Body::from(text)),
        crate::drift::Answer::Refused(e) => error_response(&e),
    }
}

pub(crate) fn json(status: u16, body: String) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (
        status,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response()
}

/// The interface's error answer: `{"code":<n>,"msg":"..."}` with the error's HTTP status.
pub fn error_response(e: &SimError) -> Response {
    let mut r = json(e.status, e.body());
    if let Some(secs) = e.retry_after {
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    r
}

fn fault_status(status: u16) -> Response {
    if (500..600).contains(&status) {
        let e = SimError::new(ErrorCode::InternalError).status(status);
        return error_response(&e);
    }
    json(status, String::new())
}

/// A response whose body fails: hyper aborts the connection, the client gets no answer.
pub(crate) fn dropped() -> Response {
    Response::new(Body::new(FailingBody))
}

struct FailingBody;

impl http_body::Body for FailingBody {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, std::io::Error>>> {
        std::task::Poll::Ready(Some(Err(std::io::Error::other(
            "dropped by fault injection",
        ))))
    }
}

/// A bare answer: the value itself.
fn bare<T: Serialize>(value: &T) -> SimResult<Response> {
    Ok(json(
        200,
        serde_json::to_string(value).map_err(SimError::internal)?,
    ))
}

/// A v2 answer: `{"code":"0","msg":"Success","data":...}` (`data` null for `None`).
fn wrapped<T: Serialize>(data: Option<&T>) -> SimResult<Response> {
    #[derive(Serialize)]
    struct Envelope<'a, T> {
        code: &'static str,
        msg: &'static str,
        data: Option<&'a T>,
    }
    let body = serde_json::to_string(&Envelope {
        code: "0",
        msg: "Success",
        data,
    })
    .map_err(SimError::internal)?;
    Ok(json(200, body))
}

/// A listen-key answer: `{"msg":"succ","code":200[,"data":...]}`.
fn user_stream_ok<T: Serialize>(data: Option<&T>) -> SimResult<Response> {
    #[derive(Serialize)]
    struct Envelope<'a, T> {
        msg: &'static str,
        code: u16,
        #[serde(skip_serializing_if = "Option::is_none")]
        data: Option<&'a T>,
    }
    let body = serde_json::to_string(&Envelope {
        msg: "succ",
        code: 200,
        data,
    })
    .map_err(SimError::internal)?;
    Ok(json(200, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes() {
        let get = Method::GET;
        let post = Method::POST;
        assert_eq!(
            resolve(&get, "/fapi/v1/ping").ok(),
            Some((Route::Ping, Product::UsdtMargined))
        );
        assert_eq!(
            resolve(&get, "/dapi/v2/order").ok(),
            Some((Route::QueryOrder, Product::CoinMargined))
        );
        assert_eq!(
            resolve(&post, "/fapi/v2/order").ok(),
            Some((Route::NewOrder, Product::UsdtMargined))
        );
        assert_eq!(
            resolve(&post, "/fapi/v1/ping").err().map(|e| e.status),
            Some(405)
        );
        assert_eq!(
            resolve(&get, "/fapi/v9/nope").err().map(|e| e.status),
            Some(404)
        );
        assert_eq!(resolve(&get, "/other").err().map(|e| e.status), Some(404));
        assert_eq!(
            resolve(&Method::PUT, "/user_stream/api/v1/listenKey/ab%63")
                .ok()
                .map(|r| r.0),
            Some(Route::KeepAliveListenKey("abc".into()))
        );
        assert_eq!(
            resolve(&Method::DELETE, "/user_stream/api/v1/listenKey/k")
                .ok()
                .map(|r| r.0),
            Some(Route::CloseListenKey("k".into()))
        );
        assert_eq!(
            resolve(&post, "/user_stream/api/v1/listenKey")
                .ok()
                .map(|r| r.0),
            Some(Route::CreateListenKey)
        );
        assert_eq!(
            resolve(&get, "/user_stream/api/v1/listenKey")
                .err()
                .map(|e| e.status),
            Some(405)
        );
        assert_eq!(percent_decode("a%2Fb%zz%4"), "a/b%zz%4");
    }
}
