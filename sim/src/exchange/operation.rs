//! An input dispatched to its rule, and an operation followed by what it caused, in that order.
//!
//! Every change that can fill an order, move a price or close a position runs through
//! `Exchange::operate`: the operation collects its [`Changes`] (order updates, touched balances
//! and positions, prices that moved, positions it closed), which become events at its end. Then
//! its consequences run, each turned into events on its own, in order, until none is left:
//! 1. the conditional orders of positions it closed are cancelled;
//! 2. each trigger that the new prices reach fires (the oldest order first), as an operation of
//!    its own whose trades may move the price and close positions in turn.
//!
//! Each trigger fires at most once (it leaves the index when it fires or is cancelled), so the
//! chain ends. A client thus sees an operation's events before those of the triggers it caused,
//! and every trigger's before the next one's.

use contango::{
    AccountUpdate, AccountUpdateReason, BalanceUpdate, Event, Millis, OrderTradeUpdate, Product,
};
use rust_decimal::Decimal;

use super::Exchange;
use super::effects::{Changes, FollowUp};
use super::input::{Admin, Answer, Command, Input};
use super::positions::MarginMode;
use crate::error::SimResult;

impl Exchange {
    /// Runs one input's rule.
    pub(super) fn dispatch(&mut self, input: Input, now: i64) -> SimResult<Answer> {
        match input {
            Input::Request { uid, command, .. } => self.request(uid, command, now),
            Input::Market { update, entry, .. } => {
                if entry.is_some() {
                    self.recorded_entry = self.recorded_entry.max(entry);
                }
                self.apply_source(update, now).map(|()| Answer::Done)
            }
            Input::DriverStep { .. } => {
                self.drive(now);
                Ok(Answer::Done)
            }
            Input::Tick { .. } => {
                self.sweep_listen_keys(now);
                Ok(Answer::Done)
            }
            Input::Admin { action, .. } => self.admin(action, now),
        }
    }

    fn request(&mut self, uid: i64, command: Command, now: i64) -> SimResult<Answer> {
        let product_ok = |ex: &Exchange, symbol: &str, product: Product| {
            ex.contract_for(symbol, product).map(|_| ())
        };
        match command {
            Command::PlaceOrder { product, placement } => {
                product_ok(self, &placement.intent.symbol, product)?;
                self.place_order(placement, now).map(Answer::OrderId)
            }
            Command::CancelOrder {
                product,
                symbol,
                order_id,
                conditional,
            } => {
                product_ok(self, &symbol, product)?;
                self.cancel_order(uid, &symbol, order_id, conditional, now)
                    .map(Answer::OrderId)
            }
            Command::CancelAll { product, symbol } => {
                product_ok(self, &symbol, product)?;
                self.cancel_all(uid, &symbol, now).map(Answer::Cancelled)
            }
            Command::LevelEdit {
                product,
                symbol,
                leverage,
            } => self
                .level_edit(uid, product, &symbol, leverage, now)
                .map(|()| Answer::Done),
            Command::PositionMargin {
                product,
                symbol,
                amount,
            } => self
                .position_margin(uid, product, &symbol, amount, now)
                .map(|()| Answer::Done),
            Command::Transfer {
                coin,
                amount,
                to_contract,
            } => self
                .transfer(uid, &coin, amount, to_contract, now)
                .map(|()| Answer::Done),
            Command::CreateListenKey => Ok(Answer::ListenKey(self.create_listen_key(uid, now))),
            Command::KeepAliveListenKey { key } => self
                .keep_alive_listen_key(uid, &key, now)
                .map(|()| Answer::Done),
            Command::CloseListenKey { key } => {
                self.close_listen_key(uid, &key, now).map(|()| Answer::Done)
            }
        }
    }

    fn admin(&mut self, action: Admin, now: i64) -> SimResult<Answer> {
        match action {
            Admin::SetMark { symbol, price } => self
                .set_mark_price(&symbol, price, now)
                .map(Answer::Liquidations),
            Admin::PrintTrade {
                symbol,
                side,
                price,
                volume,
            } => self
                .print(&symbol, side, price, volume, now)
                .map(Answer::TradeId),
            Admin::AddLiquidity {
                uid,
                symbol,
                side,
                price,
                volume,
            } => self
                .add_liquidity(uid, &symbol, side, price, volume, now)
                .map(Answer::OrderId),
            Admin::AddAccount {
                key,
                contract,
                wallet,
            } => self.add_account(key, &contract, &wallet).map(Answer::Uid),
        }
    }

    /// Runs one operation: `f` changes the state and records its changes, which become events;
    /// then the conditional orders it orphaned are cancelled and the triggers it reached fire
    /// (module docs). A refused operation that changed nothing says nothing.
    pub(crate) fn operate<T>(
        &mut self,
        reason: &'static str,
        now: i64,
        f: impl FnOnce(&mut Exchange, &mut Changes) -> SimResult<T>,
    ) -> SimResult<T> {
        let mut fx = Changes::new(reason);
        let out = f(self, &mut fx);
        if out.is_err() && fx.is_empty() {
            return out;
        }
        let mut next = self.flush(fx, now);
        self.follow_up(&mut next, now);
        out
    }

    fn follow_up(&mut self, pending: &mut FollowUp, now: i64) {
        loop {
            let mut fx = Changes::new("ORDER");
            let step = if !pending.closed.is_empty() {
                std::mem::take(&mut pending.closed)
                    .into_iter()
                    .try_for_each(|(uid, pid)| self.cancel_orphans(uid, pid, now, &mut fx))
            } else if let Some(id) = self.next_crossed(pending) {
                self.fire(id, now, &mut fx)
            } else {
                return;
            };
            if let Err(e) = step {
                tracing::warn!(error = %e, "simulator: a conditional order's consequence failed");
            }
            pending.absorb(self.flush(fx, now));
        }
    }

    /// The oldest crossed trigger of the first moved contract that has one; contracts where
    /// none is crossed are done with.
    fn next_crossed(&self, pending: &mut FollowUp) -> Option<i64> {
        while let Some(symbol) = pending.moved.first() {
            if let Some(id) = self.crossed_trigger(symbol) {
                return Some(id);
            }
            pending.moved.pop_first();
        }
        None
    }

    /// Turns `fx` into the accounts' private-stream events, in order; returns what they still
    /// ask for.
    pub(crate) fn flush(&mut self, fx: Changes, now: i64) -> FollowUp {
        // Every operation that can move a book, print a trade or set a mark price ends here.
        self.out.market_changed = true;
        for (uid, order) in fx.orders {
            // Whatever changed an order told its owner: the order leaves at the input's end
            // if that made it done.
            self.touch_order(order.order_id);
            let event = OrderTradeUpdate {
                event_type: "ORDER_TRADE_UPDATE".into(),
                event_time: Millis(now),
                order,
            };
            self.out.events.push((uid, Event::OrderTradeUpdate(event)));
        }
        for ((uid, coin), touched) in fx.accounts {
            let Ok(balance) = self.balance_update(uid, &coin, touched.balance_change) else {
                continue;
            };
            let mut data = contango::AccountUpdateData::new();
            data.reason = Some(AccountUpdateReason::from_wire_str(fx.reason));
            data.balances = Some(vec![balance]);
            data.positions = Some(touched.positions.into_values().collect());
            let event = AccountUpdate {
                event_type: "ACCOUNT_UPDATE".into(),
                event_time: Millis(now),
                transaction_time: Some(Millis(now)),
                update: data,
            };
            self.out.events.push((uid, Event::AccountUpdate(event)));
        }
        fx.follow_up
    }

    /// The `B` item of `uid`'s balance in `coin`.
    fn balance_update(&self, uid: i64, coin: &str, change: Decimal) -> SimResult<BalanceUpdate> {
        let account = self.account(uid)?;
        let mut b = BalanceUpdate::new(coin.to_owned());
        let (balance, lock) = account
            .coins
            .get(coin)
            .map_or((Decimal::ZERO, Decimal::ZERO), |c| {
                (c.balance, c.order_lock)
            });
        let isolated = account.position_margin(coin, MarginMode::Isolated, &self.contracts);
        b.cross_wallet_balance = Some(balance - isolated);
        b.locked_balance = Some(lock);
        b.isolated_wallet_balance = Some(isolated);
        b.balance_change = Some(change);
        Ok(b)
    }
}
