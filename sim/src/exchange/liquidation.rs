//! Forced liquidation and auto-deleveraging (ADL), at a new mark price.
//!
//! A new mark price of a contract (`prices`) re-checks every account, once:
//! - an **isolated** position in that contract is liquidated when
//!   `margin + unrealized(mark) < maintenance(mark)`;
//! - the **cross** positions of a margin coin are all liquidated when the cross equity
//!   `balance − Σ isolated margins + Σ cross unrealized` falls below `Σ cross maintenance`
//!   (each position valued at its own contract's mark).
//!
//! A liquidated account first loses its open orders in the contract. Its position is closed at
//! the mark price, without fee. An isolated loss is capped at the position's margin and a cross
//! loss at the balance; what is beyond is recorded as `deficitLosses` (the exchange absorbs it).
//! The closed volume is taken over by ADL: opposite positions of other accounts in the contract,
//! most profitable first (then oldest), are reduced at the mark price. Each side gets a trade, a
//! forced-order record (LIQUIDATION or ADL) and stream events. Longs and shorts stay equal.

use contango::ExecutionType;
use rust_decimal::Decimal;

use super::Exchange;
use super::account::PositionKey;
use super::book::Side;
use super::effects::{Changes, LastFill, order_update};
use super::order::{OrderIntent, OrderKind, OrderRecord, OrderStatus, Origin};
use super::positions::{MarginMode, value};
use super::records::{ForcedKind, ForcedRecord, Record, TradeRecord};
use crate::config::ContractConfig;
use crate::error::SimResult;

/// What a mark-price change did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Liquidations {
    /// Positions liquidated: `(uid, position id)`.
    pub liquidated: Vec<(i64, i64)>,
    /// Positions reduced by ADL: `(uid, position id)`.
    pub deleveraged: Vec<(i64, i64)>,
}

impl Exchange {
    /// Liquidates what falls below maintenance at the mark price of `symbol` (just set:
    /// `prices`).
    pub(crate) fn liquidate_below_maintenance(
        &mut self,
        symbol: &str,
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<Liquidations> {
        // Borrowed, not cloned: this runs at every move of the mark price.
        let cfg = self.contract(symbol)?;
        let price = self.mark(symbol);
        let mut victims: Vec<(i64, PositionKey)> = Vec::new();
        for (uid, account) in &self.accounts {
            for (key, p) in &account.positions {
                if p.symbol == symbol
                    && p.mode == MarginMode::Isolated
                    && p.margin + p.unrealized(cfg, price) < p.maintenance(cfg, price)
                {
                    victims.push((*uid, key.clone()));
                }
            }
            let coin = &cfg.margin_coin;
            let cross: Vec<(&PositionKey, &super::positions::Position)> = account
                .positions
                .iter()
                .filter(|(_, p)| {
                    p.mode == MarginMode::Cross
                        && self
                            .contracts
                            .get(&p.symbol)
                            .is_some_and(|c| &c.margin_coin == coin)
                })
                .collect();
            if cross.is_empty() {
                continue;
            }
            let mut equity = account.coins.get(coin).map_or(Decimal::ZERO, |c| c.balance)
                - account.position_margin(coin, MarginMode::Isolated, &self.contracts);
            let mut maintenance = Decimal::ZERO;
            for (_, p) in &cross {
                if let Some(c) = self.contracts.get(&p.symbol) {
                    let mark = self.mark(&p.symbol);
                    equity += p.unrealized(c, mark);
                    maintenance += p.maintenance(c, mark);
                }
            }
            if equity < maintenance {
                victims.extend(cross.into_iter().map(|(k, _)| (*uid, k.clone())));
            }
        }
        let mut report = Liquidations::default();
        for (uid, key) in victims {
            self.liquidate(uid, &key, now, fx, &mut report)?;
        }
        Ok(report)
    }

    /// Closes one position at its contract's mark price and hands its volume to ADL.
    fn liquidate(
        &mut self,
        uid: i64,
        key: &PositionKey,
        now: i64,
        fx: &mut Changes,
        report: &mut Liquidations,
    ) -> SimResult<()> {
        let cfg = self.contract(&key.0)?.clone();
        let mark = self.mark(&key.0);
        for id in self.open_order_ids(uid, &key.0)? {
            self.cancel_open(id, now, fx)?;
        }
        let Some((position_id, volume)) = self
            .account(uid)?
            .positions
            .get(key)
            .map(|p| (p.id, p.volume))
        else {
            return Ok(());
        };
        let record_id = self.next_record_id();
        let order_id = self.next_order_id();
        let (realized, deficit, entry, leverage) =
            self.force_close(uid, key, volume, &cfg, mark, true, now, fx)?;
        report.liquidated.push((uid, position_id));
        let closing = key.1.opposite();
        self.out.records.push(Record::Forced(ForcedRecord {
            id: record_id,
            uid,
            kind: ForcedKind::Liquidation,
            symbol: cfg.symbol.clone(),
            contract_id: cfg.contract_id,
            mode: key.2,
            side: closing,
            leverage,
            price: mark,
            volume,
            value: value(&cfg, volume, mark),
            entry_price: entry,
            realized,
            deficit,
            time: now,
        }));

        // ADL: opposite positions of other accounts, most profitable first.
        let mut candidates: Vec<(Decimal, i64, i64, PositionKey)> = Vec::new();
        for (other, account) in &self.accounts {
            if *other == uid {
                continue;
            }
            for (k, p) in &account.positions {
                if k.0 == key.0 && k.1 == closing {
                    candidates.push((p.unrealized(&cfg, mark), p.id, *other, k.clone()));
                }
            }
        }
        candidates.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut left = volume;
        let mut liquidation_order =
            self.forced_order(order_id, uid, &cfg, closing, key.2, volume, mark, now);
        for (_, pid, other, k) in candidates {
            if left <= Decimal::ZERO {
                break;
            }
            let available = self
                .account(other)?
                .positions
                .get(&k)
                .map_or(Decimal::ZERO, |p| p.volume);
            let take = left.min(available);
            if take <= Decimal::ZERO {
                continue;
            }
            left -= take;
            // Resting CLOSE orders against the reduced position no longer fit: cancel them.
            let closes: Vec<i64> = self
                .open_order_ids(other, &k.0)?
                .into_iter()
                .filter(|id| {
                    self.orders
                        .get(id)
                        .is_some_and(|o| !o.open && o.side == k.1.opposite() && o.mode == k.2)
                })
                .collect();
            for id in closes {
                self.cancel_open(id, now, fx)?;
            }
            let trade_id = self.next_trade_id();
            let adl_order_id = self.next_order_id();
            let adl_record = self.next_record_id();
            let (pnl, deficit, adl_entry, adl_leverage) =
                self.force_close(other, &k, take, &cfg, mark, false, now, fx)?;
            report.deleveraged.push((other, pid));
            let (bid, ask, bid_uid, ask_uid) = if closing == Side::Buy {
                (order_id, adl_order_id, uid, other)
            } else {
                (adl_order_id, order_id, other, uid)
            };
            for (who, side, is_liquidated) in [(uid, closing, true), (other, k.1.opposite(), false)]
            {
                self.out.records.push(Record::Trade(TradeRecord {
                    trade_id,
                    order_id: if is_liquidated {
                        order_id
                    } else {
                        adl_order_id
                    },
                    uid: who,
                    symbol: cfg.symbol.clone(),
                    price: mark,
                    volume: take,
                    value: value(&cfg, take, mark),
                    side,
                    fee: Decimal::ZERO,
                    realized: Decimal::ZERO,
                    bid_id: bid,
                    ask_id: ask,
                    bid_uid,
                    ask_uid,
                    is_maker: !is_liquidated,
                    rule: None,
                    time: now,
                }));
            }
            self.out.records.push(Record::Forced(ForcedRecord {
                id: adl_record,
                uid: other,
                kind: ForcedKind::Adl,
                symbol: cfg.symbol.clone(),
                contract_id: cfg.contract_id,
                mode: k.2,
                side: k.1.opposite(),
                leverage: adl_leverage,
                price: mark,
                volume: take,
                value: value(&cfg, take, mark),
                entry_price: adl_entry,
                realized: pnl,
                deficit,
                time: now,
            }));
            let mut adl_order = self.forced_order(
                adl_order_id,
                other,
                &cfg,
                k.1.opposite(),
                k.2,
                take,
                mark,
                now,
            );
            adl_order.filled = take;
            adl_order.filled_price_volume = take * mark;
            adl_order.status = OrderStatus::Filled;
            let last = LastFill {
                volume: take,
                price: mark,
                trade_id,
                is_maker: true,
                realized: pnl,
            };
            fx.order(
                other,
                order_update(&cfg, &adl_order, ExecutionType::Adl, Some(last), now)?,
            );
        }
        liquidation_order.filled = volume;
        liquidation_order.filled_price_volume = volume * mark;
        liquidation_order.status = OrderStatus::Filled;
        let last = LastFill {
            volume,
            price: mark,
            trade_id: 0,
            is_maker: false,
            realized,
        };
        fx.order(
            uid,
            order_update(
                &cfg,
                &liquidation_order,
                ExecutionType::Liquidation,
                Some(last),
                now,
            )?,
        );
        Ok(())
    }

    /// Closes `volume` of a position at `mark` without fee; returns
    /// `(realized, deficit, entry price, leverage)`. With `cap`, the loss is capped (at the margin
    /// for isolated, at the balance for cross).
    #[allow(clippy::too_many_arguments)]
    fn force_close(
        &mut self,
        uid: i64,
        key: &PositionKey,
        volume: Decimal,
        cfg: &ContractConfig,
        mark: Decimal,
        cap: bool,
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<(Decimal, Decimal, Decimal, u32)> {
        let account = self.account_mut(uid)?;
        let Some(p) = account.positions.get_mut(key) else {
            return Ok((Decimal::ZERO, Decimal::ZERO, Decimal::ZERO, 0));
        };
        let entry = p.entry_price(cfg);
        let leverage = p.leverage;
        let margin_before = p.margin;
        let (mut pnl, _) = p.close(cfg, volume, mark, now);
        let mut deficit = Decimal::ZERO;
        if cap && key.2 == MarginMode::Isolated && pnl < -margin_before {
            deficit = -pnl - margin_before;
            pnl = -margin_before;
            p.realized += deficit;
        }
        fx.position(uid, cfg, p, mark)?;
        if p.volume.is_zero() {
            fx.position_closed(uid, p.id);
            account.positions.remove(key);
        }
        let coin = account.coin(&cfg.margin_coin);
        coin.balance += pnl;
        coin.realized += pnl;
        if cap && key.2 == MarginMode::Cross && coin.balance < Decimal::ZERO {
            deficit += -coin.balance;
            coin.realized += -coin.balance;
            coin.balance = Decimal::ZERO;
        }
        fx.touch(uid, &cfg.margin_coin);
        Ok((pnl, deficit, entry, leverage))
    }

    /// The synthetic order a forced close is reported under in the stream.
    #[allow(clippy::too_many_arguments)]
    fn forced_order(
        &self,
        id: i64,
        uid: i64,
        cfg: &ContractConfig,
        side: Side,
        mode: MarginMode,
        volume: Decimal,
        price: Decimal,
        now: i64,
    ) -> OrderRecord {
        let intent = OrderIntent {
            uid,
            symbol: cfg.symbol.clone(),
            side,
            kind: OrderKind::Market,
            mode,
            open: false,
            volume,
            price,
            amount: value(cfg, volume, price),
            leverage: None,
            client_order_id: None,
            origin: Origin::Liquidation,
        };
        OrderRecord::new(id, &intent, 0, OrderStatus::New, now)
    }
}
