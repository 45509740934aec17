//! Conditional orders: stop loss and take profit, standalone or attached to a new order. The
//! rules executed here (the watched price, which way a trigger fires, an already-crossed trigger,
//! what fires, margin at the trigger, attached orders, one-cancels-other, the events) are the
//! table of docs/design.md, Conditional orders, a row per topic.
//!
//! Pending triggers live in each contract's [`TriggerIndex`](super::book::TriggerIndex); the
//! operation runner ([`super::operation`]) tests them after every operation.

use contango::{ErrorCode, ExecutionType};
use rust_decimal::Decimal;

use super::Exchange;
use super::book::{Side, WatchedPrice};
use super::effects::{Changes, order_update};
use super::limits::{check_price, check_volume};
use super::order::{
    Attached, Condition, ConditionSpec, Oco, OrderIntent, OrderKind, OrderRecord, OrderStatus,
    Origin, Places, TriggerSpec, direction, slot,
};
use crate::config::ContractConfig;
use crate::error::{SimError, SimResult};

fn watched_name(watched: WatchedPrice) -> &'static str {
    match watched {
        WatchedPrice::Last => "last trade",
        WatchedPrice::Mark => "mark",
    }
}

impl Exchange {
    /// The current price a trigger watching `watched` compares with.
    pub fn watched_price(&self, symbol: &str, watched: WatchedPrice) -> Decimal {
        match watched {
            WatchedPrice::Last => self.last_price(symbol),
            WatchedPrice::Mark => self.mark(symbol),
        }
    }

    /// -1138 when `trigger` would fire at once against `reference` (named `param`).
    fn refuse_crossed(
        &self,
        symbol: &str,
        trigger: &TriggerSpec,
        side: Side,
        reference: Option<Decimal>,
        param: &str,
    ) -> SimResult<()> {
        let current = self.watched_price(symbol, trigger.watched);
        let (against, what) = match reference {
            Some(p) => (p, "the price its order enters at"),
            None => (current, watched_name(trigger.watched)),
        };
        if direction(trigger.kind, side).crossed(trigger.price, against) {
            return Err(
                SimError::new(ErrorCode::OrderPriceOutOfRange).detail(format!(
                    "{param} {} would fire at once: {what} price is {against}",
                    trigger.price
                )),
            );
        }
        Ok(())
    }

    /// Accepts a conditional order (and the orders attached to it): INIT, armed, nothing
    /// reserved; returns its id.
    pub(crate) fn accept_conditional(
        &mut self,
        intent: OrderIntent,
        spec: ConditionSpec,
        attached: &[Attached],
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<i64> {
        let cfg = self.contract(&intent.symbol)?.clone();
        if !cfg.tradable {
            return Err(SimError::new(ErrorCode::ContractNotTradable));
        }
        let leverage = self
            .account(intent.uid)?
            .leverage_of(&cfg.symbol, self.rules.default_leverage);
        if intent.leverage.is_some_and(|l| l != leverage) {
            return Err(SimError::with_arg(
                ErrorCode::OrderLeverageConfigMismatch,
                leverage,
            ));
        }
        check_price(&cfg, spec.trigger.price).map_err(|e| e.detail("triggerPrice"))?;
        let mut intent = intent;
        if spec.places == Places::Position {
            intent.kind = OrderKind::Market;
        } else {
            check_volume(&cfg, intent.kind, intent.volume)?;
            if intent.kind == OrderKind::Limit {
                check_price(&cfg, intent.price)?;
            }
        }
        self.refuse_crossed(
            &cfg.symbol,
            &spec.trigger,
            intent.side,
            None,
            "triggerPrice",
        )?;
        let entry = if intent.kind == OrderKind::Limit {
            intent.price
        } else {
            spec.trigger.price
        };
        self.check_attached_at(&intent, attached, Some(entry))?;
        let position = match spec.position_id {
            Some(pid) => Some(self.named_position(&intent, pid)?),
            None if !intent.open => self.open_position(&intent),
            None => None,
        };
        let id = self.next_order_id();
        let mut record = OrderRecord::new(id, &intent, leverage, OrderStatus::Init, now);
        record.condition = Some(Condition {
            kind: spec.trigger.kind,
            watched: spec.trigger.watched,
            price: spec.trigger.price,
            places: spec.places,
            position,
            oco: spec.position_id.map(Oco::Position),
            armed: false,
            rejected: None,
        });
        self.file_waiting(&cfg, record, now, fx)?;
        self.arm(id, fx);
        self.attach(id, attached, now, fx)?;
        Ok(id)
    }

    /// Keeps a new conditional order among its owner's waiting ones and announces it (an
    /// ORDER_TRADE_UPDATE, execution type NEW, status INIT).
    fn file_waiting(
        &mut self,
        cfg: &ContractConfig,
        record: OrderRecord,
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<()> {
        let (id, uid) = (record.id, record.uid);
        fx.order(
            uid,
            order_update(cfg, &record, ExecutionType::New, None, now)?,
        );
        self.insert_order(record);
        self.account_mut(uid)?.waiting.insert(id);
        Ok(())
    }

    /// The id of position `pid` of the intent's owner, which the intent must close (-1102
    /// naming `positionId`, `side` or `positionType` otherwise).
    fn named_position(&self, intent: &OrderIntent, pid: i64) -> SimResult<i64> {
        let p = self
            .account(intent.uid)?
            .positions
            .values()
            .find(|p| p.id == pid && p.symbol == intent.symbol)
            .ok_or_else(|| {
                SimError::param("positionId")
                    .detail(format!("no open position {pid} in {}", intent.symbol))
            })?;
        if p.side != intent.side.opposite() {
            return Err(SimError::param("side").detail(format!(
                "position {pid} is closed by a {} order",
                p.side.opposite().wire()
            )));
        }
        if p.mode != intent.mode {
            return Err(SimError::param("positionType")
                .detail(format!("position {pid} is {}", p.mode.wire())));
        }
        Ok(pid)
    }

    /// The id of the position a CLOSE intent would close, if one is open.
    fn open_position(&self, intent: &OrderIntent) -> Option<i64> {
        let key = (intent.symbol.clone(), intent.side.opposite(), intent.mode);
        self.account(intent.uid)
            .ok()?
            .positions
            .get(&key)
            .map(|p| p.id)
    }

    /// Checks the orders to attach to a new (not conditional) order.
    pub(crate) fn check_attached(
        &self,
        parent: &OrderIntent,
        attached: &[Attached],
    ) -> SimResult<()> {
        let entry = (parent.kind != OrderKind::Market).then_some(parent.price);
        self.check_attached_at(parent, attached, entry)
    }

    /// Checks attached orders: prices as written, and no trigger reached at `entry` (the price
    /// the parent enters at; `None`: the current price).
    fn check_attached_at(
        &self,
        parent: &OrderIntent,
        attached: &[Attached],
        entry: Option<Decimal>,
    ) -> SimResult<()> {
        let cfg = self.contract(&parent.symbol)?;
        for (i, a) in attached.iter().enumerate() {
            let name = |key: &str| format!("triggerOrderCreateParams[{i}].{key}");
            check_price(cfg, a.trigger.price).map_err(|e| e.detail(name("triggerPrice")))?;
            if a.kind == OrderKind::Limit {
                check_price(cfg, a.price).map_err(|e| e.detail(name("price")))?;
            }
            self.refuse_crossed(
                &parent.symbol,
                &a.trigger,
                parent.side.opposite(),
                entry,
                &name("triggerPrice"),
            )?;
        }
        Ok(())
    }

    /// Creates the orders attached to `parent`: INIT, not armed, volume zero until it fills.
    pub(crate) fn attach(
        &mut self,
        parent: i64,
        attached: &[Attached],
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<()> {
        let Some(p) = self.orders.get(&parent).cloned() else {
            return Ok(());
        };
        let cfg = self.contract(&p.symbol)?.clone();
        for a in attached {
            let id = self.next_order_id();
            let intent = OrderIntent {
                uid: p.uid,
                symbol: p.symbol.clone(),
                side: p.side.opposite(),
                kind: a.kind,
                mode: p.mode,
                open: false,
                volume: Decimal::ZERO,
                price: a.price,
                amount: Decimal::ZERO,
                leverage: None,
                client_order_id: a.client_order_id.clone(),
                origin: Origin::Wire,
            };
            let mut child = OrderRecord::new(id, &intent, p.leverage, OrderStatus::Init, now);
            child.parent = Some(parent);
            child.condition = Some(Condition {
                kind: a.trigger.kind,
                watched: a.trigger.watched,
                price: a.trigger.price,
                places: Places::Order,
                position: None,
                oco: Some(Oco::Parent(parent)),
                armed: false,
                rejected: None,
            });
            self.file_waiting(&cfg, child, now, fx)?;
            if let Some(parent) = self.orders.get_mut(&parent) {
                parent.children.push(id);
            }
        }
        Ok(())
    }

    /// After a fill of its parent: an attached order covers what the parent has `filled` (an
    /// ORDER_TRADE_UPDATE, execution type NEW and status INIT, states its new quantity), and is
    /// armed on the first fill, tied to the position the parent opened.
    pub(crate) fn cover(
        &mut self,
        cfg: &ContractConfig,
        child: i64,
        filled: Decimal,
        position: Option<i64>,
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<()> {
        let Some(o) = self.orders.get_mut(&child) else {
            return Ok(());
        };
        if !o.is_waiting() {
            return Ok(());
        }
        o.volume = filled;
        o.mtime = now;
        fx.order(o.uid, order_update(cfg, o, ExecutionType::New, None, now)?);
        let arm = o.condition.as_mut().is_some_and(|c| {
            if c.position.is_none() {
                c.position = position;
            }
            !c.armed
        });
        if arm {
            self.arm(child, fx);
        }
        Ok(())
    }

    /// Puts a waiting order's trigger in its contract's index; the follow-up tests it.
    fn arm(&mut self, id: i64, fx: &mut Changes) {
        let Some(o) = self.orders.get_mut(&id) else {
            return;
        };
        let side = o.side;
        let Some(c) = o.condition.as_mut() else {
            return;
        };
        c.armed = true;
        let slot = slot(side, c);
        if let Some(m) = self.markets.get_mut(&o.symbol) {
            m.triggers.insert(&slot, id);
        }
        fx.price_moved(&o.symbol);
    }

    /// Takes a waiting order's trigger out of its contract's index.
    fn disarm(&mut self, id: i64) {
        let Some(o) = self.orders.get_mut(&id) else {
            return;
        };
        let side = o.side;
        let Some(c) = o.condition.as_mut() else {
            return;
        };
        if !std::mem::replace(&mut c.armed, false) {
            return;
        }
        let slot = slot(side, c);
        if let Some(m) = self.markets.get_mut(&o.symbol) {
            m.triggers.remove(&slot, id);
        }
    }

    /// The order whose trigger the current prices of `symbol` have reached, if any.
    pub(crate) fn crossed_trigger(&self, symbol: &str) -> Option<i64> {
        let m = self.markets.get(symbol)?;
        if m.triggers.is_empty() {
            return None;
        }
        m.triggers.crossed(self.last_price(symbol), m.mark)
    }

    /// Cancels a conditional order that has not fired (and what waits for it): CANCELED.
    pub(crate) fn cancel_waiting(&mut self, id: i64, now: i64, fx: &mut Changes) -> SimResult<()> {
        self.disarm(id);
        let symbol = self
            .orders
            .get(&id)
            .map(|o| o.symbol.clone())
            .ok_or_else(|| SimError::new(ErrorCode::OrderNotFound))?;
        let cfg = self.contract(&symbol)?.clone();
        self.finish(&cfg, id, OrderStatus::Cancelled, now, fx)
    }

    /// Fires the trigger of waiting order `id`: it becomes the order it places, or REJECTED
    /// when that order cannot be placed; the others of its one-cancels-other group go.
    pub(crate) fn fire(&mut self, id: i64, now: i64, fx: &mut Changes) -> SimResult<()> {
        self.disarm(id);
        let o = self
            .orders
            .get(&id)
            .cloned()
            .ok_or_else(|| SimError::internal("conditional order vanished"))?;
        let c = o
            .condition
            .clone()
            .ok_or_else(|| SimError::internal("not a conditional order"))?;
        self.account_mut(o.uid)?.waiting.remove(&id);
        let mut intent = OrderIntent {
            uid: o.uid,
            symbol: o.symbol.clone(),
            side: o.side,
            kind: o.kind,
            mode: o.mode,
            open: o.open,
            volume: o.volume,
            price: o.price,
            amount: o.amount,
            leverage: None,
            client_order_id: o.client_order_id.clone(),
            origin: Origin::Trigger { order: id },
        };
        if !o.open {
            let closable = self.closable(&intent);
            intent.volume = match c.places {
                Places::Position => closable,
                Places::Order => o.volume.min(closable),
            };
        }
        let placed = if intent.volume <= Decimal::ZERO && !o.open {
            Err(SimError::new(ErrorCode::CloseQuantityExceedsPosition)
                .detail("no position left to close"))
        } else {
            self.plan(&intent)
        };
        match placed {
            Ok(plan) => {
                self.execute(plan, &[], now, fx)?;
                self.cancel_others(&o, c.oco, now, fx)
            }
            Err(e) => {
                let cfg = self.contract(&o.symbol)?.clone();
                if let Some(c) = self.orders.get_mut(&id).and_then(|o| o.condition.as_mut()) {
                    c.rejected = Some(e.message);
                }
                self.finish(&cfg, id, OrderStatus::Rejected, now, fx)
            }
        }
    }

    /// Cancels the waiting orders of `fired`'s one-cancels-other group.
    fn cancel_others(
        &mut self,
        fired: &OrderRecord,
        oco: Option<Oco>,
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<()> {
        let others: Vec<i64> = match oco {
            None => return Ok(()),
            Some(Oco::Parent(parent)) => self
                .orders
                .get(&parent)
                .map(|p| p.children.clone())
                .unwrap_or_default(),
            Some(group) => self
                .account(fired.uid)?
                .waiting
                .iter()
                .copied()
                .filter(|id| {
                    self.orders
                        .get(id)
                        .and_then(|o| o.condition.as_ref())
                        .is_some_and(|c| c.oco == Some(group))
                })
                .collect(),
        };
        for other in others {
            if other != fired.id && self.orders.get(&other).is_some_and(OrderRecord::is_waiting) {
                self.cancel_waiting(other, now, fx)?;
            }
        }
        Ok(())
    }

    /// Cancels the waiting conditional orders that close position `pid` of `uid`, now closed.
    pub(crate) fn cancel_orphans(
        &mut self,
        uid: i64,
        pid: i64,
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<()> {
        let Ok(account) = self.account(uid) else {
            return Ok(());
        };
        let orphans: Vec<i64> = account
            .waiting
            .iter()
            .copied()
            .filter(|id| {
                self.orders
                    .get(id)
                    .and_then(|o| o.condition.as_ref())
                    .is_some_and(|c| c.position == Some(pid))
            })
            .collect();
        for id in orphans {
            if self.orders.get(&id).is_some_and(OrderRecord::is_waiting) {
                self.cancel_waiting(id, now, fx)?;
            }
        }
        Ok(())
    }
}
