//! Orders and trades (`/v2/order`, `/v2/cancel`, `/v2/allOpenOrders`, `/v2/openOrders`,
//! `/v2/myTrades`).

use crate::server::http::Response;
use contango::{
    CancelAllOrdersRequest, CancelOrderRequest, ErrorCode, MyTradesRequest, NewOrderRequest,
    OpenOrdersRequest, OrderId, QueryOrderRequest,
};

use super::{Ctx, decode, new_order};
use crate::error::{SimError, SimResult};
use crate::exchange::input::Command;
use crate::exchange::order::OrderRecord;
use crate::exchange::orders::cancel::refuse_cancel;
use crate::exchange::orders::visible;
use crate::exchange::views;
use crate::history::DoneOrder;
use crate::server::wire::wrapped;
use crate::venue::Core;

/// `POST /v2/order`.
pub fn new_order(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: NewOrderRequest = decode::body(ctx)?;
    let placement = {
        let core = ctx.venue.read();
        new_order::placement(&core.exchange, ctx.uid, ctx.product(), &req)?
    };
    let id = ctx
        .submit(Command::PlaceOrder {
            product: ctx.product(),
            placement,
        })?
        .order_id()?;
    wrapped(Some(&OrderId { order_id: id }))
}

/// An order of `uid` in `symbol`, live or done, by id or client order id (the newest with that
/// id), as a request with `conditionOrder` = `conditional` may see it.
enum Found<'a> {
    Live(&'a OrderRecord),
    Done(Box<DoneOrder>),
}

fn find<'a>(
    core: &'a Core,
    uid: i64,
    symbol: &str,
    order_id: Option<i64>,
    client_order_id: Option<&str>,
    conditional: bool,
) -> SimResult<Found<'a>> {
    let seen = |o: &OrderRecord| visible(o, uid, symbol, conditional);
    let (ex, history) = (&core.exchange, &core.history);
    let found = match (order_id, client_order_id) {
        (Some(id), _) => match ex.order(id).filter(|o| seen(o)) {
            Some(o) => Some(Found::Live(o)),
            None => history
                .order(id)?
                .filter(|d| seen(&d.order))
                .map(|d| Found::Done(Box::new(d))),
        },
        (None, Some(coid)) => {
            let live = ex.orders_by_client_id(uid, coid).rfind(|o| seen(o));
            // No done order newer than the live one: the live one, without reading the rest.
            if let Some(l) = live.filter(|l| history.done_after(uid, coid, l.id) == Some(false)) {
                return Ok(Found::Live(l));
            }
            let done = history
                .orders_by_client_id(uid, coid)?
                .into_iter()
                .rfind(|d| seen(&d.order));
            match (live, done) {
                (Some(l), Some(d)) if d.order.id > l.id => Some(Found::Done(Box::new(d))),
                (Some(l), _) => Some(Found::Live(l)),
                (None, Some(d)) => Some(Found::Done(Box::new(d))),
                (None, None) => None,
            }
        }
        (None, None) => return Err(SimError::param("orderId")),
    };
    found.ok_or_else(|| SimError::new(ErrorCode::OrderNotFound))
}

/// `POST /v2/cancel`: -2013 unknown, -1141 already cancelled, -1145 filled or rejected.
pub fn cancel_order(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: CancelOrderRequest = decode::body(ctx)?;
    let conditional = req.condition_order == Some(true);
    let symbol = req.contract_name;
    let id = {
        let core = ctx.venue.read();
        core.exchange.contract_for(&symbol, ctx.product())?;
        match find(
            &core,
            ctx.uid,
            &symbol,
            req.order_id,
            req.client_order_id.as_deref(),
            conditional,
        )? {
            Found::Live(o) => o.id,
            Found::Done(d) => {
                refuse_cancel(d.order.status)?;
                d.order.id
            }
        }
    };
    let id = ctx
        .submit(Command::CancelOrder {
            product: ctx.product(),
            symbol,
            order_id: id,
            conditional,
        })?
        .order_id()?;
    wrapped(Some(&OrderId { order_id: id }))
}

/// `POST /v2/allOpenOrders`: `contractName` from the JSON body, or from the query
/// (docs/design.md, Decisions).
pub fn cancel_all(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: CancelAllOrdersRequest = match decode::body(ctx) {
        Ok(r) => r,
        Err(e) => decode::query(ctx).map_err(|_| e)?,
    };
    ctx.submit(Command::CancelAll {
        product: ctx.product(),
        symbol: req.contract_name,
    })?;
    wrapped::<()>(None)
}

/// `GET /v2/order`: the order, as a one-element list (the samples' shape).
pub fn query_order(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: QueryOrderRequest = decode::query(ctx)?;
    let order = {
        let core = ctx.venue.read();
        core.exchange
            .contract_for(&req.contract_name, ctx.product())?;
        match find(
            &core,
            ctx.uid,
            &req.contract_name,
            req.order_id,
            req.client_order_id.as_deref(),
            req.condition_order == Some(true),
        )? {
            Found::Live(o) => {
                views::order(o, &live_children(&core, o)?.iter().collect::<Vec<_>>())?
            }
            Found::Done(d) => {
                let children: Vec<&OrderRecord> = d.children.iter().collect();
                views::order(&d.order, &children)?
            }
        }
    };
    wrapped(Some(&vec![order]))
}

/// The orders attached to the live order `o`, as they are now (they stay in the core with it).
fn live_children(core: &Core, o: &OrderRecord) -> SimResult<Vec<OrderRecord>> {
    let mut out = Vec::with_capacity(o.children.len());
    for id in &o.children {
        match core.exchange.order(*id) {
            Some(c) => out.push(c.clone()),
            None => out.extend(core.history.order(*id)?.map(|d| d.order)),
        }
    }
    Ok(out)
}

/// `GET /v2/openOrders`: open orders and conditional orders waiting for their trigger, oldest
/// first.
pub fn open_orders(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: OpenOrdersRequest = decode::query(ctx)?;
    let list = {
        let core = ctx.venue.read();
        core.exchange
            .contract_for(&req.contract_name, ctx.product())?;
        let mut list = Vec::new();
        for id in core
            .exchange
            .listed_order_ids(ctx.uid, &req.contract_name)?
        {
            if let Some(o) = core.exchange.order(id) {
                let children = live_children(&core, o)?;
                list.push(views::order(o, &children.iter().collect::<Vec<_>>())?);
            }
        }
        list
    };
    wrapped(Some(&list))
}

/// `GET /v2/myTrades`: oldest first. With `fromId`, the first `limit` trades from that id on;
/// without, the newest `limit` trades; `startTime`/`endTime` bound `ctime` (inclusive).
pub fn my_trades(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: MyTradesRequest = decode::query(ctx)?;
    let limit = req
        .limit
        .and_then(|l| usize::try_from(l).ok())
        .unwrap_or(100);
    let list = {
        let core = ctx.venue.read();
        core.exchange
            .contract_for(&req.contract_name, ctx.product())?;
        core.exchange.account(ctx.uid)?;
        core.history
            .trades(
                ctx.uid,
                &req.contract_name,
                req.from_id,
                (req.start_time.map(|t| t.0), req.end_time.map(|t| t.0)),
                limit,
            )?
            .iter()
            .map(views::trade)
            .collect::<SimResult<Vec<_>>>()?
    };
    wrapped(Some(&list))
}
