//! A new-order request read into what the core places: the order, the trigger that makes it
//! conditional, and the orders attached to it, each wire value checked here (-1102 naming the
//! parameter, -1116, -1117, -1118) so that the core sees only values it knows.

use contango::{ErrorCode, NewOrderRequest, Product, TriggerOrderCreateParam};

use crate::error::{SimError, SimResult};
use crate::exchange::Exchange;
use crate::exchange::book::{Side, WatchedPrice};
use crate::exchange::order::{
    Attached, ConditionSpec, OrderIntent, OrderKind, Origin, Placement, Places, TriggerKind,
    TriggerSpec,
};
use crate::exchange::positions::MarginMode;

fn client_order_id(id: &Option<String>, param: &str) -> SimResult<Option<String>> {
    if let Some(id) = id {
        if id.is_empty() {
            return Err(SimError::new(ErrorCode::EmptyNewClientOrderId));
        }
        if id.chars().count() >= 32 {
            return Err(SimError::param(param));
        }
    }
    Ok(id.clone())
}

fn trigger_kind(t: &contango::TriggerType, param: &str) -> SimResult<TriggerKind> {
    match t {
        contango::TriggerType::StopLoss => Ok(TriggerKind::StopLoss),
        contango::TriggerType::TakeProfit => Ok(TriggerKind::TakeProfit),
        _ => {
            Err(SimError::param(param)
                .detail(format!("{t} is not 1 (stop loss) or 2 (take profit)")))
        }
    }
}

fn watched_price(t: &contango::TriggerPriceType, param: &str) -> SimResult<WatchedPrice> {
    match t {
        contango::TriggerPriceType::LastPrice => Ok(WatchedPrice::Last),
        contango::TriggerPriceType::MarkPrice => Ok(WatchedPrice::Mark),
        _ => {
            Err(SimError::param(param)
                .detail(format!("{t} is not 1 (last price) or 2 (mark price)")))
        }
    }
}

/// Reads a new-order request (`POST /v2/order`) of `uid` sent to `product`'s path.
pub fn placement(
    ex: &Exchange,
    uid: i64,
    product: Product,
    req: &NewOrderRequest,
) -> SimResult<Placement> {
    let cfg = ex.contract_for(&req.contract_name, product)?;
    let kind = OrderKind::from_wire(&req.order_type)
        .ok_or_else(|| SimError::new(ErrorCode::InvalidOrderType))?;
    let mode = match req.position_type {
        contango::PositionType::Cross => MarginMode::Cross,
        contango::PositionType::Isolated => MarginMode::Isolated,
        _ => return Err(SimError::param("positionType")),
    };
    let open = match req.open {
        contango::Open::Open => true,
        contango::Open::Close => false,
        _ => return Err(SimError::param("open")),
    };
    let intent = OrderIntent {
        uid,
        symbol: cfg.symbol.clone(),
        side: Side::from_wire(&req.side).ok_or_else(|| SimError::new(ErrorCode::InvalidSide))?,
        kind,
        mode,
        open,
        volume: req.volume,
        price: req.price,
        amount: req.amount,
        // Range checked by the request's own validation (1 to 125).
        leverage: req.leverage.and_then(|l| u32::try_from(l).ok()),
        client_order_id: client_order_id(&req.client_order_id, "clientOrderId")?,
        origin: Origin::Wire,
    };
    let condition = condition(req, &intent)?;
    let attached = match &req.trigger_order_create_params {
        Some(items) if !items.is_empty() => {
            if !open {
                return Err(SimError::param("triggerOrderCreateParams")
                    .detail("take-profit and stop-loss orders attach to an OPEN order only"));
            }
            attached(items)?
        }
        _ => Vec::new(),
    };
    Ok(Placement {
        intent,
        condition,
        attached,
    })
}

/// The trigger of a conditional order (`conditionOrder` true); trigger parameters on an order
/// that is not conditional are refused rather than ignored.
fn condition(req: &NewOrderRequest, intent: &OrderIntent) -> SimResult<Option<ConditionSpec>> {
    if req.condition_order != Some(true) {
        let stray = [
            ("triggerType", req.trigger_type.is_some()),
            ("triggerPriceType", req.trigger_price_type.is_some()),
            ("triggerPrice", req.trigger_price.is_some()),
            ("positionId", req.position_id.is_some()),
            (
                "triggerOrderType",
                req.trigger_order_type
                    .as_ref()
                    .is_some_and(|t| *t != contango::TriggerOrderType::Normal),
            ),
        ];
        if let Some((name, _)) = stray.iter().find(|(_, sent)| *sent) {
            return Err(SimError::param(name).detail("trigger parameters need conditionOrder true"));
        }
        return Ok(None);
    }
    let kind = match &req.trigger_type {
        Some(t) => trigger_kind(t, "triggerType")?,
        None => return Err(SimError::param("triggerType")),
    };
    let watched = match &req.trigger_price_type {
        Some(t) => watched_price(t, "triggerPriceType")?,
        None => WatchedPrice::Last,
    };
    let price = req
        .trigger_price
        .ok_or_else(|| SimError::param("triggerPrice"))?;
    let mut places = match &req.trigger_order_type {
        None | Some(contango::TriggerOrderType::Normal) => Places::Order,
        Some(contango::TriggerOrderType::Limit) if intent.kind == OrderKind::Limit => Places::Order,
        Some(contango::TriggerOrderType::Market) if intent.kind == OrderKind::Market => {
            Places::Order
        }
        Some(contango::TriggerOrderType::Position) => Places::Position,
        Some(t) => {
            return Err(SimError::param("triggerOrderType").detail(format!(
                "{t} does not match the order's type {}",
                intent.kind.wire()
            )));
        }
    };
    if req.position_id.is_some() {
        places = Places::Position;
    }
    if places == Places::Order && !matches!(intent.kind, OrderKind::Limit | OrderKind::Market) {
        return Err(SimError::new(ErrorCode::InvalidOrderType)
            .detail("a conditional order places a LIMIT or a MARKET order"));
    }
    if places == Places::Position && intent.open {
        return Err(SimError::param("open")
            .detail("a conditional order that closes a position is sent with open CLOSE"));
    }
    Ok(Some(ConditionSpec {
        trigger: TriggerSpec {
            kind,
            watched,
            price,
        },
        places,
        position_id: req.position_id,
    }))
}

/// The attached orders: at most one stop loss and one take profit, each LIMIT or MARKET.
fn attached(items: &[TriggerOrderCreateParam]) -> SimResult<Vec<Attached>> {
    let mut out: Vec<Attached> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let name = |key: &str| format!("triggerOrderCreateParams[{i}].{key}");
        let kind = trigger_kind(&item.trigger_type, &name("triggerType"))?;
        if out.iter().any(|a| a.trigger.kind == kind) {
            return Err(SimError::param("triggerOrderCreateParams")
                .detail("at most one stop loss and one take profit"));
        }
        let order_kind = match item.order_type {
            contango::OrderType::Limit => OrderKind::Limit,
            contango::OrderType::Market => OrderKind::Market,
            _ => {
                return Err(SimError::param(name("type")).detail("LIMIT or MARKET"));
            }
        };
        out.push(Attached {
            client_order_id: client_order_id(&item.client_order_id, &name("clientOrderId"))?,
            trigger: TriggerSpec {
                kind,
                watched: watched_price(&item.trigger_price_type, &name("triggerPriceType"))?,
                price: item.trigger_price,
            },
            kind: order_kind,
            price: item.price,
        });
    }
    Ok(out)
}
