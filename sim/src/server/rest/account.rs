//! Account, margin, leverage, commission, transfers and forced orders (`/v2/*`).

use crate::server::http::Response;
use contango::{
    AccountRequest, AutoCloseType, CommissionRateRequest, ForceOrdersHistoryRequest,
    LevelEditRequest, LeverageBracketRequest, PositionMarginRequest, TransferHistoryRequest,
    TransferRequest, TransferType,
};
use contango_runtime::drift::{Field, Record, Schema, Ty};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::{Ctx, decode};
use crate::error::{SimError, SimResult};
use crate::exchange::input::Command;
use crate::exchange::records::ForcedKind;
use crate::exchange::views;
use crate::server::wire::wrapped;

fn page_limit(page: Option<i32>, limit: Option<i32>) -> (usize, usize) {
    let page = page.and_then(|p| usize::try_from(p).ok()).unwrap_or(1);
    let limit = limit.and_then(|l| usize::try_from(l).ok()).unwrap_or(10);
    (page, limit)
}

/// The transfer's direction: -1102 for the catch-all.
fn to_contract(kind: &TransferType) -> SimResult<bool> {
    match kind {
        TransferType::WalletToContract => Ok(true),
        TransferType::ContractToWallet => Ok(false),
        _ => Err(SimError::param("transferType")),
    }
}

/// The document's sample body names the amount `positionMargin` (docs/design.md, Decisions).
#[derive(Deserialize)]
struct PositionMarginAlias {
    #[serde(
        rename = "contractName",
        deserialize_with = "contango::__private::de::wire"
    )]
    contract_name: String,
    #[serde(
        rename = "positionMargin",
        deserialize_with = "contango::__private::de::wire"
    )]
    position_margin: Decimal,
}

impl Schema for PositionMarginAlias {
    fn ty() -> Ty {
        static RECORD: Record = Record {
            name: "PositionMarginAlias",
            array: false,
            fields: &[
                Field {
                    keys: &[b"contractName"],
                    required: true,
                    or_one: false,
                    ty: <String as Schema>::ty,
                },
                Field {
                    keys: &[b"positionMargin"],
                    required: true,
                    or_one: false,
                    ty: <Decimal as Schema>::ty,
                },
            ],
        };
        Ty::Record(&RECORD)
    }
}

/// `POST /v2/positionMargin` (amount as `amount`, or as `positionMargin`).
pub fn position_margin(ctx: &Ctx<'_>) -> SimResult<Response> {
    let (symbol, amount) = match decode::body::<PositionMarginRequest>(ctx) {
        Ok(r) => (r.contract_name, r.amount),
        Err(e) => match decode::from_body::<PositionMarginAlias>(ctx.body) {
            Ok(a) if !a.contract_name.is_empty() => (a.contract_name, a.position_margin),
            _ => return Err(e),
        },
    };
    ctx.submit(Command::PositionMargin {
        product: ctx.product(),
        symbol,
        amount,
    })?;
    wrapped::<()>(None)
}

/// `POST /v2/level_edit`.
pub fn level_edit(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: LevelEditRequest = decode::body(ctx)?;
    ctx.submit(Command::LevelEdit {
        product: ctx.product(),
        symbol: req.contract_name,
        leverage: req.leverage,
    })?;
    wrapped::<()>(None)
}

/// `GET /v2/account`.
pub fn account(ctx: &Ctx<'_>) -> SimResult<Response> {
    let _: AccountRequest = decode::query(ctx)?;
    let a = views::account(&ctx.venue.read().exchange, ctx.uid, ctx.product())?;
    wrapped(Some(&a))
}

/// `GET /v2/leverageBracket`.
pub fn leverage_bracket(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: LeverageBracketRequest = decode::query(ctx)?;
    let cfg = ctx
        .venue
        .read()
        .exchange
        .contract_for(&req.contract_name, ctx.product())?
        .clone();
    wrapped(Some(&views::brackets(&cfg)?))
}

/// `GET /v2/commissionRate`.
pub fn commission_rate(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: CommissionRateRequest = decode::query(ctx)?;
    let cfg = ctx
        .venue
        .read()
        .exchange
        .contract_for(&req.contract_name, ctx.product())?
        .clone();
    wrapped(Some(&views::commission(&cfg)?))
}

/// `POST /v2/futures_transfer`.
pub fn transfer(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: TransferRequest = decode::body(ctx)?;
    ctx.submit(Command::Transfer {
        coin: req.coin_symbol,
        amount: req.amount,
        to_contract: to_contract(&req.transfer_type)?,
    })?;
    wrapped::<()>(None)
}

/// `GET /v2/futures_transfer_history`.
pub fn transfer_history(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: TransferHistoryRequest = decode::query(ctx)?;
    let (page, limit) = page_limit(req.page, req.limit);
    let to_contract = to_contract(&req.transfer_type)?;
    let now = ctx.now();
    let list = {
        let core = ctx.venue.read();
        core.exchange.account(ctx.uid)?;
        core.history
            .transfers(
                ctx.uid,
                to_contract,
                req.coin_symbol.as_deref(),
                (req.begin_time.map(|t| t.0), req.end_time.map(|t| t.0)),
                page,
                limit,
                now,
            )?
            .iter()
            .map(views::transfer)
            .collect::<SimResult<Vec<_>>>()?
    };
    wrapped(Some(&list))
}

/// `GET /v2/forceOrdersHistory`.
pub fn force_orders(ctx: &Ctx<'_>) -> SimResult<Response> {
    let req: ForceOrdersHistoryRequest = decode::query(ctx)?;
    let (page, limit) = page_limit(req.page, req.limit);
    let kind = match req.auto_close_type {
        None => None,
        Some(AutoCloseType::Liquidation) => Some(ForcedKind::Liquidation),
        Some(AutoCloseType::Adl) => Some(ForcedKind::Adl),
        Some(_) => return Err(SimError::param("autoCloseType")),
    };
    let now = ctx.now();
    let list = {
        let core = ctx.venue.read();
        core.exchange
            .contract_for(&req.contract_name, ctx.product())?;
        core.exchange.account(ctx.uid)?;
        core.history
            .forced(
                ctx.uid,
                &req.contract_name,
                kind,
                (req.begin_time.map(|t| t.0), req.end_time.map(|t| t.0)),
                page,
                limit,
                now,
            )?
            .iter()
            .map(views::forced)
            .collect::<SimResult<Vec<_>>>()?
    };
    wrapped(Some(&list))
}
