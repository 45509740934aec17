//! Placing an order: every check first (`Exchange::plan`, which changes nothing), then the
//! order exists (`Exchange::execute`): its record and NEW event, its trades, and what rests.
//!
//! Limits checked, each with its documented code: the contract tradable (-1146); the leverage
//! sent matching the account's (-1166); the volume (-1164, -1136, -1111, -1154/-1137) and, for
//! priced orders, the price (-1138, -1150, -1155 against the mark price); at most
//! `maxValidOrder` open orders per contract (-1015); the order value (-1160, -1161); a CLOSE not
//! above the position's closable volume (-1156); for an OPEN, margin and taker fees within the
//! available balance (-2017).

use contango::{ErrorCode, ExecutionType};
use rust_decimal::Decimal;

use super::super::book::source::Rule;
use super::super::book::{Fill, Resting, Side, matching};
use super::super::effects::{Changes, order_update};
use super::super::limits::{check_band, check_price, check_volume};
use super::super::order::{
    Attached, OrderIntent, OrderKind, OrderRecord, OrderStatus, Origin, Placement,
};
use super::super::positions::value;
use super::super::{Exchange, MARKET_MAKER_UID};
use crate::config::ContractConfig;
use crate::error::{SimError, SimResult};

/// An order that passed every check, and what it will do: its trades and what rests.
#[derive(Debug, Clone)]
pub struct Plan {
    cfg: ContractConfig,
    intent: OrderIntent,
    leverage: u32,
    fills: Vec<Fill>,
    /// On a source contract: the source's levels it takes (price, contracts) instead.
    walk: Vec<(Decimal, Decimal)>,
    /// Whether the unfilled rest goes into the book (LIMIT, POST_ONLY).
    rests: bool,
    /// A POST_ONLY order that would have traded.
    post_only_reject: bool,
}

impl Exchange {
    /// Places an order (`POST /v2/order`), a conditional one, or one with take-profit and
    /// stop-loss orders attached; returns its id.
    pub(crate) fn place_order(&mut self, placement: Placement, now: i64) -> SimResult<i64> {
        self.operate("ORDER", now, |st, fx| st.accept(placement, now, fx))
    }

    /// Places `intent` (the driver's and the helpers' orders); returns its id.
    pub(crate) fn place(&mut self, intent: OrderIntent, now: i64) -> SimResult<i64> {
        self.operate("ORDER", now, |st, fx| {
            let plan = st.plan(&intent)?;
            st.execute(plan, &[], now, fx)
        })
    }

    fn accept(&mut self, p: Placement, now: i64, fx: &mut Changes) -> SimResult<i64> {
        if let Some(condition) = p.condition {
            return self.accept_conditional(p.intent, condition, &p.attached, now, fx);
        }
        let plan = self.plan(&p.intent)?;
        self.check_attached(&p.intent, &p.attached)?;
        self.execute(plan, &p.attached, now, fx)
    }

    /// A LIMIT OPEN cross order of `uid` through the normal path (limits, matching, fees): how
    /// tests and the admin route add liquidity from any account.
    pub(crate) fn add_liquidity(
        &mut self,
        uid: i64,
        symbol: &str,
        side: Side,
        price: Decimal,
        volume: Decimal,
        now: i64,
    ) -> SimResult<i64> {
        let cfg = self.contract(symbol)?.clone();
        let intent = OrderIntent::limit(uid, &cfg, side, price, volume, Origin::Liquidity);
        self.place(intent, now)
    }

    /// Every check of `intent` against the limits, the book and the account; nothing changes.
    pub(crate) fn plan(&self, intent: &OrderIntent) -> SimResult<Plan> {
        let cfg = self.contract(&intent.symbol)?.clone();
        if !cfg.tradable {
            return Err(SimError::new(ErrorCode::ContractNotTradable));
        }
        let account = self.account(intent.uid)?;
        let leverage = account.leverage_of(&cfg.symbol, self.rules.default_leverage);
        if let Some(l) = intent.leverage {
            if l != leverage {
                return Err(SimError::with_arg(
                    ErrorCode::OrderLeverageConfigMismatch,
                    leverage,
                ));
            }
        }
        let (kind, side, volume, price) = (intent.kind, intent.side, intent.volume, intent.price);
        check_volume(&cfg, kind, volume)?;
        let mark = self.mark(&cfg.symbol);
        if kind != OrderKind::Market {
            check_price(&cfg, price)?;
            check_band(&cfg, price, mark)?;
        }
        let open_count = account
            .open_orders
            .iter()
            .filter(|id| self.orders.get(id).is_some_and(|o| o.symbol == cfg.symbol))
            .count();
        // The market maker (who owns the seeded book) is exempt.
        if intent.uid != MARKET_MAKER_UID
            && open_count >= usize::try_from(cfg.max_valid_order).unwrap_or(usize::MAX)
        {
            return Err(SimError::new(ErrorCode::TooManyOrders));
        }

        // The trades, without touching the book: against the other orders, or on a sourced
        // contract against the source's levels (nothing while its source is not live).
        let market = self
            .markets
            .get(&cfg.symbol)
            .ok_or_else(|| SimError::new(ErrorCode::OrderBookMissing))?;
        let limit = (kind != OrderKind::Market).then_some(price);
        let (post_only_reject, mut fills, mut walk) = match &market.source {
            Some(m) => {
                let crosses = !m.book.walk(side, Some(price), Decimal::MAX).is_empty();
                let reject = kind == OrderKind::PostOnly && crosses;
                let walk = if reject || !m.health.is_live() {
                    Vec::new()
                } else {
                    m.book.walk(side, limit, volume)
                };
                (reject, Vec::new(), walk)
            }
            None => {
                let reject = kind == OrderKind::PostOnly
                    && matching::would_cross(&market.book, &side, price);
                let fills = if reject {
                    Vec::new()
                } else {
                    matching::plan(&market.book, &side, limit, volume)
                };
                (reject, fills, Vec::new())
            }
        };
        let planned: Decimal = fills.iter().map(|f| f.volume).sum::<Decimal>()
            + walk.iter().map(|(_, v)| *v).sum::<Decimal>();
        if kind == OrderKind::Fok && planned < volume {
            fills.clear();
            walk.clear();
        }
        let rests = matches!(kind, OrderKind::Limit | OrderKind::PostOnly) && !post_only_reject;
        let rest = if rests {
            volume - planned
        } else {
            Decimal::ZERO
        };

        // Order value: at the limit price, or for MARKET at the planned fills (the unfilled part
        // at the mark price).
        let trades = || {
            fills
                .iter()
                .map(|f| (f.price, f.volume))
                .chain(walk.iter().copied())
        };
        let money = if kind == OrderKind::Market {
            trades().map(|(p, v)| value(&cfg, v, p)).sum::<Decimal>()
                + value(&cfg, volume - planned, mark)
        } else {
            value(&cfg, volume, price)
        };
        if money < cfg.min_order_money {
            return Err(SimError::with_arg(
                ErrorCode::OrderAmountTooSmall,
                cfg.min_order_money,
            ));
        }
        let max_money = if kind == OrderKind::Market {
            cfg.max_market_money
        } else {
            cfg.max_limit_money
        };
        if money > max_money {
            return Err(SimError::with_arg(
                ErrorCode::OrderAmountTooLarge,
                max_money,
            ));
        }
        if intent.open {
            let lev = Decimal::from(leverage.max(1));
            let mut need = Decimal::ZERO;
            for (p, v) in trades() {
                let v = value(&cfg, v, p);
                need += v / lev + v * cfg.commission.open_taker;
            }
            need += value(&cfg, rest, price) / lev;
            if need > account.available(&cfg.margin_coin, &self.contracts) {
                return Err(SimError::new(ErrorCode::InsufficientBalance));
            }
        } else if volume > self.closable(intent) {
            return Err(SimError::new(ErrorCode::CloseQuantityExceedsPosition));
        }
        Ok(Plan {
            cfg,
            intent: intent.clone(),
            leverage,
            fills,
            walk,
            rests,
            post_only_reject,
        })
    }

    /// Contracts a CLOSE order of `intent`'s owner, side and mode can still close.
    pub(crate) fn closable(&self, intent: &OrderIntent) -> Decimal {
        let key = (intent.symbol.clone(), intent.side.opposite(), intent.mode);
        self.account(intent.uid)
            .ok()
            .and_then(|a| a.positions.get(&key))
            .map_or(Decimal::ZERO, |p| p.volume - p.pending_close)
    }

    /// Makes a planned order exist: its record (or, for a fired trigger, the conditional
    /// record it becomes) and NEW event, the orders attached to it, its trades, then what rests
    /// or the end of what does not.
    pub(crate) fn execute(
        &mut self,
        plan: Plan,
        attached: &[Attached],
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<i64> {
        let Plan {
            cfg,
            intent,
            leverage,
            fills,
            walk,
            rests,
            post_only_reject,
        } = plan;
        let id = match intent.origin {
            Origin::Trigger { order } => {
                let o = self
                    .orders
                    .get_mut(&order)
                    .ok_or_else(|| SimError::internal("conditional order vanished"))?;
                o.kind = intent.kind;
                o.volume = intent.volume;
                o.leverage = leverage;
                o.status = OrderStatus::New;
                o.mtime = now;
                order
            }
            _ => {
                let id = self.next_order_id();
                let record = OrderRecord::new(id, &intent, leverage, OrderStatus::New, now);
                self.insert_order(record);
                id
            }
        };
        if let Some(o) = self.orders.get(&id) {
            fx.order(
                intent.uid,
                order_update(&cfg, o, ExecutionType::New, None, now)?,
            );
        }
        self.account_mut(intent.uid)?.open_orders.insert(id);
        self.attach(id, attached, now, fx)?;
        for f in &fills {
            self.execute_fill(&cfg, id, f, now, fx)?;
        }
        for (price, volume) in walk {
            self.execute_source_fill(&cfg, id, price, volume, Rule::BookWalk, now, fx)?;
        }
        let remaining = self
            .orders
            .get(&id)
            .map_or(Decimal::ZERO, OrderRecord::remaining);
        if post_only_reject {
            self.finish(&cfg, id, OrderStatus::Rejected, now, fx)?;
        } else if remaining > Decimal::ZERO && !rests {
            self.finish(&cfg, id, OrderStatus::Cancelled, now, fx)?;
        } else if remaining > Decimal::ZERO {
            self.rest(&cfg, id, now, fx)?;
        }
        Ok(id)
    }

    /// Puts the unfilled rest of an order in the book and locks its margin.
    fn rest(&mut self, cfg: &ContractConfig, id: i64, now: i64, fx: &mut Changes) -> SimResult<()> {
        let o = self
            .orders
            .get_mut(&id)
            .ok_or_else(|| SimError::internal("order vanished"))?;
        let remaining = o.remaining();
        let (uid, side, price, open, mode) = (o.uid, o.side, o.price, o.open, o.mode);
        let lock = if open {
            value(cfg, remaining, price) / Decimal::from(o.leverage.max(1))
        } else {
            Decimal::ZERO
        };
        o.locked = lock;
        o.mtime = now;
        let account = self.account_mut(uid)?;
        if open {
            account.coin(&cfg.margin_coin).order_lock += lock;
        } else if let Some(p) =
            account
                .positions
                .get_mut(&(cfg.symbol.clone(), side.opposite(), mode))
        {
            p.pending_close += remaining;
        }
        fx.touch(uid, &cfg.margin_coin);
        if let Some(m) = self.markets.get_mut(&cfg.symbol) {
            m.book.insert(
                &side,
                price,
                Resting {
                    order_id: id,
                    account: uid,
                    remaining,
                },
            );
            // Behind what the source shows at its price now.
            if let Some(source) = m.source.as_mut() {
                let ahead = source.book.displayed(side, price);
                source.ahead.insert(id, ahead);
            }
        }
        Ok(())
    }
}
