//! A trade between an incoming order and a resting one, booked on both sides: the fee, the
//! order's lock, the position and its PnL, the order's state, the trade record and the events.
//! A trade prints (it becomes the contract's last price), so the operation's follow-up tests the
//! contract's triggers; a position a trade closes is reported, for the conditional orders that
//! protected it; the first fill of an order arms the orders attached to it, and each fill sets
//! their volume to what it has filled.

use contango::{ErrorCode, ExecutionType};
use rust_decimal::Decimal;

use super::super::Exchange;
use super::super::book::source::Rule;
use super::super::book::{Fill, Side};
use super::super::effects::{Changes, LastFill, order_update};
use super::super::order::OrderStatus;
use super::super::positions::{Position, value};
use super::super::records::{Record, TradeRecord};
use super::super::tape::Print;
use crate::config::ContractConfig;
use crate::error::{SimError, SimResult};

impl Exchange {
    /// One planned fill between the incoming order `taker` and a resting order.
    pub(crate) fn execute_fill(
        &mut self,
        cfg: &ContractConfig,
        taker: i64,
        fill: &Fill,
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<()> {
        let taker_side = self
            .orders
            .get(&taker)
            .map(|o| o.side)
            .ok_or_else(|| SimError::internal("taker vanished"))?;
        let trade_id = self.next_trade_id();
        let market = self
            .markets
            .get_mut(&cfg.symbol)
            .ok_or_else(|| SimError::new(ErrorCode::OrderBookMissing))?;
        market.book.fill(
            &taker_side.opposite(),
            fill.price,
            fill.maker_order,
            fill.volume,
        );
        market.tape.push(Print {
            trade_id,
            taker_order: taker,
            taker_side,
            time: now,
            price: fill.price,
            volume: fill.volume,
            amount: fill.price * fill.volume,
        });
        // A new last price: the operation's follow-up tests the contract's triggers.
        fx.price_moved(&cfg.symbol);
        let (bid, ask) = if taker_side == Side::Buy {
            (taker, fill.maker_order)
        } else {
            (fill.maker_order, taker)
        };
        let uid_of = |id: i64| self.orders.get(&id).map_or(0, |o| o.uid);
        let parties = Parties {
            trade_id,
            bid,
            ask,
            bid_uid: uid_of(bid),
            ask_uid: uid_of(ask),
        };
        let (volume, price) = (fill.volume, fill.price);
        self.settle(
            cfg,
            fill.maker_order,
            volume,
            price,
            true,
            &parties,
            None,
            now,
            fx,
        )?;
        self.settle(cfg, taker, volume, price, false, &parties, None, now, fx)
    }

    /// A fill of our order `order_id` against a market source: booked on our side only, the
    /// source being the other. A resting order (a maker: crossed book, trade through, queue
    /// cleared) leaves our book by what filled; an incoming one (book walk) takes it from the
    /// source's level, where it stays taken until the source changes that level.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn execute_source_fill(
        &mut self,
        cfg: &ContractConfig,
        order_id: i64,
        price: Decimal,
        volume: Decimal,
        rule: Rule,
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<()> {
        let (side, uid) = self
            .orders
            .get(&order_id)
            .map(|o| (o.side, o.uid))
            .ok_or_else(|| SimError::internal("order vanished"))?;
        let trade_id = self.next_trade_id();
        let is_maker = rule != Rule::BookWalk;
        let market = self
            .markets
            .get_mut(&cfg.symbol)
            .ok_or_else(|| SimError::new(ErrorCode::OrderBookMissing))?;
        if is_maker {
            market.book.fill(&side, price, order_id, volume);
        } else if let Some(m) = market.source.as_mut() {
            m.book.take(side.opposite(), price, volume);
        }
        let parties = match side {
            Side::Buy => Parties {
                trade_id,
                bid: order_id,
                ask: 0,
                bid_uid: uid,
                ask_uid: 0,
            },
            Side::Sell => Parties {
                trade_id,
                bid: 0,
                ask: order_id,
                bid_uid: 0,
                ask_uid: uid,
            },
        };
        self.settle(
            cfg,
            order_id,
            volume,
            price,
            is_maker,
            &parties,
            Some(rule),
            now,
            fx,
        )?;
        let open = self.orders.get(&order_id).is_some_and(|o| o.is_open());
        if !open {
            if let Some(m) = self
                .markets
                .get_mut(&cfg.symbol)
                .and_then(|m| m.source.as_mut())
            {
                m.ahead.remove(&order_id);
            }
        }
        Ok(())
    }

    /// Books one side of a trade: fee, lock, position, PnL, order state, trade record, events.
    #[allow(clippy::too_many_arguments)]
    fn settle(
        &mut self,
        cfg: &ContractConfig,
        order_id: i64,
        volume: Decimal,
        price: Decimal,
        is_maker: bool,
        parties: &Parties,
        rule: Option<Rule>,
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<()> {
        let mut o = self
            .orders
            .get(&order_id)
            .cloned()
            .ok_or_else(|| SimError::internal("order vanished"))?;
        let mark = self.mark(&cfg.symbol);
        let new_position_id = self.next_position_id();
        let traded = value(cfg, volume, price);
        let rates = cfg.commission;
        let rate = match (o.open, is_maker) {
            (true, true) => rates.open_maker,
            (true, false) => rates.open_taker,
            (false, true) => rates.close_maker,
            (false, false) => rates.close_taker,
        };
        let fee = traded * rate;
        let account = self.account_mut(o.uid)?;
        account.coin(&cfg.margin_coin).balance -= fee;
        let mut realized = Decimal::ZERO;
        let key = if o.open {
            (cfg.symbol.clone(), o.side, o.mode)
        } else {
            (cfg.symbol.clone(), o.side.opposite(), o.mode)
        };
        if o.open {
            if o.locked > Decimal::ZERO {
                let part =
                    (value(cfg, volume, o.price) / Decimal::from(o.leverage.max(1))).min(o.locked);
                o.locked -= part;
                let coin = account.coin(&cfg.margin_coin);
                coin.order_lock = (coin.order_lock - part).max(Decimal::ZERO);
            }
            let position = account.positions.entry(key.clone()).or_insert_with(|| {
                Position::new(
                    new_position_id,
                    cfg.symbol.clone(),
                    o.side,
                    o.mode,
                    o.leverage,
                    now,
                )
            });
            position.open(cfg, volume, price, now);
            position.fees += fee;
            fx.position(o.uid, cfg, position, mark)?;
        } else if let Some(position) = account.positions.get_mut(&key) {
            if is_maker {
                position.pending_close = (position.pending_close - volume).max(Decimal::ZERO);
            }
            let (pnl, _released) = position.close(cfg, volume, price, now);
            position.fees += fee;
            realized = pnl;
            fx.position(o.uid, cfg, position, mark)?;
            if position.volume.is_zero() {
                fx.position_closed(o.uid, position.id);
                account.positions.remove(&key);
            }
            let coin = account.coin(&cfg.margin_coin);
            coin.balance += pnl;
            coin.realized += pnl;
        }
        o.filled += volume;
        o.filled_price_volume += price * volume;
        o.fee += fee;
        o.mtime = now;
        o.status = if o.remaining() <= Decimal::ZERO {
            OrderStatus::Filled
        } else {
            OrderStatus::PartiallyFilled
        };
        if o.status == OrderStatus::Filled {
            account.open_orders.remove(&order_id);
            if o.locked > Decimal::ZERO {
                let coin = account.coin(&cfg.margin_coin);
                coin.order_lock = (coin.order_lock - o.locked).max(Decimal::ZERO);
                o.locked = Decimal::ZERO;
            }
        }
        let trade = TradeRecord {
            trade_id: parties.trade_id,
            order_id,
            uid: o.uid,
            symbol: cfg.symbol.clone(),
            price,
            volume,
            value: traded,
            side: o.side,
            fee,
            realized,
            bid_id: parties.bid,
            ask_id: parties.ask,
            bid_uid: parties.bid_uid,
            ask_uid: parties.ask_uid,
            is_maker,
            rule,
            time: now,
        };
        let last = LastFill {
            volume,
            price,
            trade_id: parties.trade_id,
            is_maker,
            realized,
        };
        fx.order(
            o.uid,
            order_update(cfg, &o, ExecutionType::Trade, Some(last), now)?,
        );
        fx.touch(o.uid, &cfg.margin_coin);
        let (children, filled, opened) = (o.children.clone(), o.filled, o.open);
        let position = opened
            .then(|| account.positions.get(&key).map(|p| p.id))
            .flatten();
        self.orders.insert(order_id, o);
        self.out.records.push(Record::Trade(trade));
        for child in children {
            self.cover(cfg, child, filled, position, now, fx)?;
        }
        Ok(())
    }
}

/// The two orders and owners of a trade.
struct Parties {
    trade_id: i64,
    bid: i64,
    ask: i64,
    bid_uid: i64,
    ask_uid: i64,
}
