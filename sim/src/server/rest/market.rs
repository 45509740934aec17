//! Public market data (`/v1/*`).

use crate::server::http::Response;
use contango::{
    ContractsRequest, DepthRequest, IndexRequest, KlinesRequest, Millis, ServerTime, TickerRequest,
};

use super::{Ctx, decode};
use crate::error::{SimError, SimResult};
use crate::exchange::market::{self, Market};
use crate::exchange::views;
use crate::server::wire::bare;

/// `GET /v1/ping`: `{}`.
pub fn ping(ctx: &Ctx<'_>) -> SimResult<Response> {
    decode::nothing(ctx)?;
    bare(&serde_json::Map::new())
}

/// `GET /v1/time`: the server clock (wall time plus skew).
pub fn time(ctx: &Ctx<'_>) -> SimResult<Response> {
    decode::nothing(ctx)?;
    bare(&ServerTime {
        server_time: Millis(ctx.venue.clock.server_now()),
        timezone: Some("UTC".into()),
    })
}

/// `GET /v1/contracts`: every contract of the product, in name order (the exchange's current
/// page), or the one named, as a one-element list (the 2023 document, which required the name:
/// [`crate::SimConfig::contracts_need_name`]).
pub fn contracts(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: ContractsRequest = decode::query(ctx)?;
    let core = ctx.venue.read();
    let ex = &core.exchange;
    let list = match &req.contract_name {
        Some(name) => vec![views::contract(ex.contract_for(name, ctx.product())?)?],
        None if ctx.venue.config.contracts_need_name => {
            return Err(SimError::param("contractName"));
        }
        None => ex
            .contracts()
            .values()
            .filter(|c| ex.contract_for(&c.symbol, ctx.product()).is_ok())
            .map(views::contract)
            .collect::<SimResult<Vec<_>>>()?,
    };
    drop(core);
    bare(&list)
}

/// Runs `f` on the market of `contract` (refused when the contract is of the other product),
/// under the state lock.
fn with_market<T>(
    ctx: &Ctx<'_>,
    contract: &str,
    f: impl FnOnce(&Market) -> SimResult<T>,
) -> SimResult<T> {
    let core = ctx.venue.read();
    core.exchange.contract_for(contract, ctx.product())?;
    let m = core
        .exchange
        .market(contract)
        .ok_or_else(|| SimError::new(contango::ErrorCode::OrderBookMissing))?;
    f(m)
}

fn limit(v: Option<i32>, default: usize) -> usize {
    v.and_then(|l| usize::try_from(l).ok()).unwrap_or(default)
}

/// `GET /v1/depth`.
pub fn depth(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: DepthRequest = decode::query(ctx)?;
    let now = ctx.now();
    let book = with_market(ctx, &req.contract_name, |m| {
        Ok(market::depth(m, limit(req.limit, 100), now))
    })?;
    bare(&book)
}

/// `GET /v1/ticker`.
pub fn ticker(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: TickerRequest = decode::query(ctx)?;
    let now = ctx.now();
    let t = with_market(ctx, &req.contract_name, |m| market::ticker(m, now))?;
    bare(&t)
}

/// `GET /v1/index`: the mark price, the index price and the funding.
pub fn index(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: IndexRequest = decode::query(ctx)?;
    let now = ctx.now();
    let v = with_market(ctx, &req.contract_name, |m| Ok(m.mark_price(now)))?;
    bare(&v)
}

/// `GET /v1/klines`.
pub fn klines(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: KlinesRequest = decode::query(ctx)?;
    let now = ctx.now();
    let k = with_market(ctx, &req.contract_name, |m| {
        market::klines(m, &req.interval, limit(req.limit, 100), now)
    })?;
    bare(&k)
}
