//! Orders and trades (`/v2/order`, `/v2/cancel`, `/v2/allOpenOrders`, `/v2/openOrders`,
//! `/v2/myTrades`).

use axum::response::Response;
use contango::{
    CancelAllOrdersRequest, CancelOrderRequest, MyTradesRequest, NewOrderRequest,
    OpenOrdersRequest, OrderId, QueryOrderRequest,
};

use super::{Ctx, decode, wrapped};
use crate::error::SimResult;
use crate::views;

/// `POST /v2/order`.
pub fn new_order(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: NewOrderRequest = decode::body(ctx.body)?;
    let id = ctx
        .shared
        .lock()
        .place_order(ctx.uid, ctx.product, &req, ctx.now())?;
    wrapped(Some(&OrderId { order_id: id }))
}

/// `POST /v2/cancel`.
pub fn cancel_order(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: CancelOrderRequest = decode::body(ctx.body)?;
    let id = ctx.shared.lock().cancel_order(
        ctx.uid,
        ctx.product,
        &req.contract_name,
        req.order_id,
        req.client_order_id.as_deref(),
        ctx.now(),
    )?;
    wrapped(Some(&OrderId { order_id: id }))
}

/// `POST /v2/allOpenOrders`: `contractName` from the JSON body, or from the query (docs/design.md,
/// Decisions).
pub fn cancel_all(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: CancelAllOrdersRequest = match decode::body(ctx.body) {
        Ok(r) => r,
        Err(e) => decode::query(ctx.query).map_err(|_| e)?,
    };
    ctx.shared
        .lock()
        .cancel_all(ctx.uid, ctx.product, &req.contract_name, ctx.now())?;
    wrapped::<()>(None)
}

/// `GET /v2/order`: the order, as a one-element list (the samples' shape).
pub fn query_order(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: QueryOrderRequest = decode::query(ctx.query)?;
    let order = {
        let st = ctx.shared.lock();
        st.contract_for(&req.contract_name, ctx.product)?;
        let o = st.find_order(
            ctx.uid,
            &req.contract_name,
            req.order_id,
            req.client_order_id.as_deref(),
        )?;
        views::order(o)?
    };
    wrapped(Some(&vec![order]))
}

/// `GET /v2/openOrders`, oldest first.
pub fn open_orders(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: OpenOrdersRequest = decode::query(ctx.query)?;
    let list = {
        let st = ctx.shared.lock();
        st.contract_for(&req.contract_name, ctx.product)?;
        let mut list = Vec::new();
        for id in st.open_order_ids(ctx.uid, &req.contract_name)? {
            if let Some(o) = st.orders.get(&id) {
                list.push(views::order(o)?);
            }
        }
        list
    };
    wrapped(Some(&list))
}

/// `GET /v2/myTrades`: oldest first. With `fromId`, the first `limit` trades from that id on;
/// without, the newest `limit` trades; `startTime`/`endTime` bound `ctime` (inclusive).
pub fn my_trades(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: MyTradesRequest = decode::query(ctx.query)?;
    let limit = req
        .limit
        .and_then(|l| usize::try_from(l).ok())
        .unwrap_or(100);
    let list = {
        let st = ctx.shared.lock();
        st.contract_for(&req.contract_name, ctx.product)?;
        let start = req.start_time.map_or(i64::MIN, |t| t.0);
        let end = req.end_time.map_or(i64::MAX, |t| t.0);
        let matching = st.account(ctx.uid)?.trades.iter().filter(|t| {
            t.symbol == req.contract_name
                && t.time >= start
                && t.time <= end
                && req.from_id.is_none_or(|id| t.trade_id >= id)
        });
        let picked: Vec<_> = if req.from_id.is_some() {
            matching.take(limit).collect()
        } else {
            let all: Vec<_> = matching.collect();
            let skip = all.len().saturating_sub(limit);
            all.into_iter().skip(skip).collect()
        };
        picked
            .into_iter()
            .map(views::trade)
            .collect::<SimResult<Vec<_>>>()?
    };
    wrapped(Some(&list))
}
