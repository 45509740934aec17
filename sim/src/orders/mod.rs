//! Orders: what an order is, how one is placed ([`intent`] → [`place`]), filled ([`settle`]),
//! found and cancelled.
//!
//! Order types:
//! - `LIMIT` trades what crosses its price, then rests (status NEW or PARTIALLY_FILLED).
//! - `MARKET` trades at any price, up to its volume; the rest is cancelled. Its `price` is ignored.
//! - `IOC` trades what crosses its price; the rest is cancelled (CANCELLED, with `executedQty`).
//! - `FOK` trades its whole volume if the book allows, else nothing (CANCELLED).
//! - `POST_ONLY` rests without trading; one that would trade is REJECTED.
//!
//! A conditional order (a stop loss or take profit) waits with status INIT until its trigger
//! fires, then becomes the LIMIT or MARKET order it places, under the same id
//! ([`crate::conditional`]). An accepted order always gets an id and keeps its record; refusals
//! (errors) create nothing. PENDING_CANCEL is never produced.
//!
//! Finding an order: a conditional order that has not fired is found only when the request says
//! `conditionOrder=true` (the exchange keeps them apart until they fire); with it, only orders
//! that are or were conditional are found.

pub mod intent;
pub mod place;
pub mod settle;

use contango::ErrorCode;
use rust_decimal::Decimal;

use crate::conditional::Condition;
use crate::config::ContractConfig;
use crate::engine::Side;
use crate::error::{SimError, SimResult};
use crate::events::{Effects, order_update};
use crate::positions::MarginMode;
use crate::state::State;

pub use intent::{OrderIntent, Origin};

/// Order type (the wire's `OrderType` minus its catch-all).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderKind {
    /// Limit.
    Limit,
    /// Market.
    Market,
    /// Immediate or cancel.
    Ioc,
    /// Fill or kill.
    Fok,
    /// Post only.
    PostOnly,
}

impl OrderKind {
    /// The wire value.
    pub fn wire(self) -> contango::OrderType {
        match self {
            OrderKind::Limit => contango::OrderType::Limit,
            OrderKind::Market => contango::OrderType::Market,
            OrderKind::Ioc => contango::OrderType::Ioc,
            OrderKind::Fok => contango::OrderType::Fok,
            OrderKind::PostOnly => contango::OrderType::PostOnly,
        }
    }

    /// The wire's order type, `None` for its catch-all.
    pub fn from_wire(t: &contango::OrderType) -> Option<OrderKind> {
        Some(match t {
            contango::OrderType::Limit => OrderKind::Limit,
            contango::OrderType::Market => OrderKind::Market,
            contango::OrderType::Ioc => OrderKind::Ioc,
            contango::OrderType::Fok => OrderKind::Fok,
            contango::OrderType::PostOnly => OrderKind::PostOnly,
            _ => return None,
        })
    }
}

/// Order status as the simulator moves it: (INIT →) NEW → PARTIALLY_FILLED → FILLED, or to
/// CANCELLED or REJECTED.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    /// A conditional order waiting for its trigger (or, attached, for its parent's fill).
    Init,
    /// Accepted, nothing filled.
    New,
    /// Partly filled, still open.
    PartiallyFilled,
    /// Completely filled.
    Filled,
    /// Cancelled (by request, the unfilled rest of MARKET/IOC/FOK, a conditional order by
    /// one-cancels-other, with its parent or its position).
    Cancelled,
    /// A POST_ONLY order that would have traded, or a trigger whose order could not be placed.
    Rejected,
}

impl OrderStatus {
    /// The wire value.
    pub fn wire(self) -> contango::OrderStatus {
        match self {
            OrderStatus::Init => contango::OrderStatus::Init,
            OrderStatus::New => contango::OrderStatus::New,
            OrderStatus::PartiallyFilled => contango::OrderStatus::PartiallyFilled,
            OrderStatus::Filled => contango::OrderStatus::Filled,
            OrderStatus::Cancelled => contango::OrderStatus::Cancelled,
            OrderStatus::Rejected => contango::OrderStatus::Rejected,
        }
    }
}

/// An accepted order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderRecord {
    /// Order id.
    pub id: i64,
    /// Owner.
    pub uid: i64,
    /// Client order id, if given.
    pub client_order_id: Option<String>,
    /// Contract name.
    pub symbol: String,
    /// Direction.
    pub side: Side,
    /// Type (of a conditional order: the type it places).
    pub kind: OrderKind,
    /// Margin mode of the position it opens or closes.
    pub mode: MarginMode,
    /// OPEN (`true`) or CLOSE.
    pub open: bool,
    /// Limit price (as sent, for MARKET too).
    pub price: Decimal,
    /// Contracts.
    pub volume: Decimal,
    /// The `amount` sent (`origAmount`).
    pub amount: Decimal,
    /// Leverage the margin is computed with.
    pub leverage: u32,
    /// Contracts filled.
    pub filled: Decimal,
    /// Σ price × volume of the fills (average price = this / filled).
    pub filled_price_volume: Decimal,
    /// Fees paid so far.
    pub fee: Decimal,
    /// Status.
    pub status: OrderStatus,
    /// Margin still locked for the unfilled rest (OPEN orders in the book).
    pub locked: Decimal,
    /// Creation time (exchange clock).
    pub ctime: i64,
    /// Last change.
    pub mtime: i64,
    /// The trigger of a conditional order; kept once it fired (it stays a conditional order).
    pub condition: Option<Condition>,
    /// The order this one is attached to (a take profit or stop loss of it).
    pub parent: Option<i64>,
    /// The take-profit and stop-loss orders attached to this one.
    pub children: Vec<i64>,
}

impl OrderRecord {
    /// A record of `intent` accepted as `id` at `now`: nothing filled, nothing locked.
    pub fn new(
        id: i64,
        intent: &OrderIntent,
        leverage: u32,
        status: OrderStatus,
        now: i64,
    ) -> Self {
        OrderRecord {
            id,
            uid: intent.uid,
            client_order_id: intent.client_order_id.clone(),
            symbol: intent.symbol.clone(),
            side: intent.side,
            kind: intent.kind,
            mode: intent.mode,
            open: intent.open,
            price: intent.price,
            volume: intent.volume,
            amount: intent.amount,
            leverage,
            filled: Decimal::ZERO,
            filled_price_volume: Decimal::ZERO,
            fee: Decimal::ZERO,
            status,
            locked: Decimal::ZERO,
            ctime: now,
            mtime: now,
            condition: None,
            parent: None,
            children: Vec::new(),
        }
    }

    /// Contracts not yet filled.
    pub fn remaining(&self) -> Decimal {
        self.volume - self.filled
    }

    /// Whether the order is in the book.
    pub fn is_open(&self) -> bool {
        matches!(self.status, OrderStatus::New | OrderStatus::PartiallyFilled)
    }

    /// Whether the order is a conditional one waiting for its trigger.
    pub fn is_waiting(&self) -> bool {
        self.status == OrderStatus::Init
    }

    /// Average fill price (0 before the first fill).
    pub fn avg_price(&self) -> Decimal {
        if self.filled.is_zero() {
            Decimal::ZERO
        } else {
            self.filled_price_volume / self.filled
        }
    }
}

impl State {
    /// Ends an order that is not (or no longer) in the book: CANCELLED or REJECTED. Orders
    /// attached to it that are still waiting go with it when it filled nothing.
    pub(crate) fn finish(
        &mut self,
        cfg: &ContractConfig,
        id: i64,
        status: OrderStatus,
        now: i64,
        fx: &mut Effects,
    ) -> SimResult<()> {
        let o = self
            .orders
            .get_mut(&id)
            .ok_or_else(|| SimError::internal("order vanished"))?;
        o.status = status;
        o.mtime = now;
        let (uid, unfilled, children) = (o.uid, o.filled.is_zero(), o.children.clone());
        fx.order(
            uid,
            order_update(cfg, o, contango::ExecutionType::Canceled, None, now)?,
        );
        let account = self.account_mut(uid)?;
        account.open_orders.remove(&id);
        account.waiting.remove(&id);
        if unfilled {
            for child in children {
                if self.orders.get(&child).is_some_and(OrderRecord::is_waiting) {
                    self.cancel_waiting(child, now, fx)?;
                }
            }
        }
        Ok(())
    }

    /// Cancels an open order: out of the book, lock and pending-close volume released.
    pub(crate) fn cancel_open(&mut self, id: i64, now: i64, fx: &mut Effects) -> SimResult<()> {
        let Some(o) = self.orders.get(&id).cloned() else {
            return Err(SimError::new(ErrorCode::OrderNotFound));
        };
        let cfg = self.contract(&o.symbol)?.clone();
        if let Some(m) = self.markets.get_mut(&o.symbol) {
            m.book.remove(&o.side, o.price, id);
            if let Some(mirror) = m.mirror.as_mut() {
                mirror.ahead.remove(&id);
            }
        }
        let account = self.account_mut(o.uid)?;
        if o.open {
            let coin = account.coin(&cfg.margin_coin);
            coin.order_lock = (coin.order_lock - o.locked).max(Decimal::ZERO);
        } else if let Some(p) =
            account
                .positions
                .get_mut(&(o.symbol.clone(), o.side.opposite(), o.mode))
        {
            p.pending_close = (p.pending_close - o.remaining()).max(Decimal::ZERO);
        }
        fx.touch(o.uid, &cfg.margin_coin);
        if let Some(rec) = self.orders.get_mut(&id) {
            rec.locked = Decimal::ZERO;
        }
        self.finish(&cfg, id, OrderStatus::Cancelled, now, fx)
    }

    /// Finds an order of `uid` in `symbol` by id or client order id (the newest with that id);
    /// `conditional` as the request's `conditionOrder` (module docs).
    pub fn find_order(
        &self,
        uid: i64,
        symbol: &str,
        order_id: Option<i64>,
        client_order_id: Option<&str>,
        conditional: bool,
    ) -> SimResult<&OrderRecord> {
        let visible = |o: &&OrderRecord| {
            o.uid == uid
                && o.symbol == symbol
                && if conditional {
                    o.condition.is_some()
                } else {
                    !o.is_waiting()
                }
        };
        let found = match (order_id, client_order_id) {
            (Some(id), _) => self.orders.get(&id).filter(visible),
            (None, Some(coid)) => self
                .orders
                .values()
                .filter(|o| o.client_order_id.as_deref() == Some(coid))
                .filter(visible)
                .max_by_key(|o| o.id),
            (None, None) => return Err(SimError::param("orderId")),
        };
        found.ok_or_else(|| SimError::new(ErrorCode::OrderNotFound))
    }

    /// Cancels one order (`POST /v2/cancel`): -2013 unknown, -1141 already cancelled, -1145
    /// filled or rejected. A waiting conditional order is found with `conditional` only.
    #[allow(clippy::too_many_arguments)]
    pub fn cancel_order(
        &mut self,
        uid: i64,
        product: contango::Product,
        symbol: &str,
        order_id: Option<i64>,
        client_order_id: Option<&str>,
        conditional: bool,
        now: i64,
    ) -> SimResult<i64> {
        self.contract_for(symbol, product)?;
        let o = self.find_order(uid, symbol, order_id, client_order_id, conditional)?;
        let (id, status) = (o.id, o.status);
        match status {
            OrderStatus::Cancelled => {
                return Err(SimError::new(ErrorCode::DuplicateCancelOrInvalidOrder));
            }
            OrderStatus::Filled | OrderStatus::Rejected => {
                return Err(SimError::new(ErrorCode::OrderNotCancellable));
            }
            OrderStatus::Init | OrderStatus::New | OrderStatus::PartiallyFilled => {}
        }
        self.operate("ORDER", now, |st, fx| {
            if status == OrderStatus::Init {
                st.cancel_waiting(id, now, fx)
            } else {
                st.cancel_open(id, now, fx)
            }
        })?;
        Ok(id)
    }

    /// Cancels every open and waiting conditional order of `uid` in `symbol`
    /// (`POST /v2/allOpenOrders`, deprecated by the exchange but still served).
    pub fn cancel_all(
        &mut self,
        uid: i64,
        product: contango::Product,
        symbol: &str,
        now: i64,
    ) -> SimResult<usize> {
        self.contract_for(symbol, product)?;
        let ids = self.listed_order_ids(uid, symbol)?;
        self.operate("ORDER", now, |st, fx| {
            for id in &ids {
                // A waiting child may have gone with its parent already.
                match st.orders.get(id).map(|o| o.status) {
                    Some(OrderStatus::Init) => st.cancel_waiting(*id, now, fx)?,
                    Some(OrderStatus::New | OrderStatus::PartiallyFilled) => {
                        st.cancel_open(*id, now, fx)?;
                    }
                    _ => {}
                }
            }
            Ok(())
        })?;
        Ok(ids.len())
    }

    /// Ids of the open orders of `uid` in `symbol`, oldest first.
    pub fn open_order_ids(&self, uid: i64, symbol: &str) -> SimResult<Vec<i64>> {
        Ok(self
            .account(uid)?
            .open_orders
            .iter()
            .copied()
            .filter(|id| self.orders.get(id).is_some_and(|o| o.symbol == symbol))
            .collect())
    }

    /// Ids of what `openOrders` lists for `uid` in `symbol`: the open orders and the conditional
    /// orders waiting for their trigger, oldest first.
    pub fn listed_order_ids(&self, uid: i64, symbol: &str) -> SimResult<Vec<i64>> {
        let account = self.account(uid)?;
        let mut ids: Vec<i64> = account
            .open_orders
            .iter()
            .chain(&account.waiting)
            .copied()
            .filter(|id| self.orders.get(id).is_some_and(|o| o.symbol == symbol))
            .collect();
        ids.sort_unstable();
        Ok(ids)
    }
}

#[cfg(test)]
mod tests;
