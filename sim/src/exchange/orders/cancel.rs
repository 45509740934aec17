//! Ending orders: a cancel, every order of a contract, and the end of an order that is not (or
//! no longer) in the book.

use contango::ErrorCode;
use rust_decimal::Decimal;

use super::super::Exchange;
use super::super::effects::{Changes, order_update};
use super::super::order::{OrderRecord, OrderStatus};
use super::visible;
use crate::config::ContractConfig;
use crate::error::{SimError, SimResult};

/// Whether an order in `status` can be cancelled: -1141 already cancelled, -1145 filled or
/// rejected.
pub fn refuse_cancel(status: OrderStatus) -> SimResult<()> {
    match status {
        OrderStatus::Cancelled => Err(SimError::new(ErrorCode::DuplicateCancelOrInvalidOrder)),
        OrderStatus::Filled | OrderStatus::Rejected => {
            Err(SimError::new(ErrorCode::OrderNotCancellable))
        }
        OrderStatus::Init | OrderStatus::New | OrderStatus::PartiallyFilled => Ok(()),
    }
}

impl Exchange {
    /// Ends an order that is not (or no longer) in the book: CANCELLED or REJECTED. Orders
    /// attached to it that are still waiting go with it when it filled nothing.
    pub(crate) fn finish(
        &mut self,
        cfg: &ContractConfig,
        id: i64,
        status: OrderStatus,
        now: i64,
        fx: &mut Changes,
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
    pub(crate) fn cancel_open(&mut self, id: i64, now: i64, fx: &mut Changes) -> SimResult<()> {
        let Some(o) = self.orders.get(&id).cloned() else {
            return Err(SimError::new(ErrorCode::OrderNotFound));
        };
        let cfg = self.contract(&o.symbol)?.clone();
        if let Some(m) = self.markets.get_mut(&o.symbol) {
            m.book.remove(&o.side, o.price, id);
            if let Some(source) = m.source.as_mut() {
                source.ahead.remove(&id);
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

    /// Cancels one live order the server found for the request (`POST /v2/cancel`): -2013 when
    /// the request may not see it, -1141 already cancelled, -1145 filled or rejected. A waiting
    /// conditional order is seen with `conditional` only.
    pub(crate) fn cancel_order(
        &mut self,
        uid: i64,
        symbol: &str,
        id: i64,
        conditional: bool,
        now: i64,
    ) -> SimResult<i64> {
        let status = self
            .orders
            .get(&id)
            .filter(|o| visible(o, uid, symbol, conditional))
            .map(|o| o.status)
            .ok_or_else(|| SimError::new(ErrorCode::OrderNotFound))?;
        refuse_cancel(status)?;
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
    pub(crate) fn cancel_all(&mut self, uid: i64, symbol: &str, now: i64) -> SimResult<usize> {
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
