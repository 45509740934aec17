//! Orders: validation against the contract's documented limits, matching, settlement, cancels.
//!
//! Order types:
//! - `LIMIT` trades what crosses its price, then rests (status NEW or PARTIALLY_FILLED).
//! - `MARKET` trades at any price, up to its volume; the rest is cancelled. Its `price` is ignored.
//! - `IOC` trades what crosses its price; the rest is cancelled (CANCELLED, with `executedQty`).
//! - `FOK` trades its whole volume if the book allows, else nothing (CANCELLED).
//! - `POST_ONLY` rests without trading; one that would trade is REJECTED.
//!
//! An accepted order always gets an id and keeps its record; refusals (errors) create nothing.
//! INIT and PENDING_CANCEL are never produced.

use contango::{ErrorCode, ExecutionType, NewOrderRequest, Product};
use rust_decimal::Decimal;

use crate::account::TradeRecord;
use crate::config::ContractConfig;
use crate::engine::{Fill, Resting, Side, matching};
use crate::error::{SimError, SimResult};
use crate::events::{Effects, LastFill, order_update};
use crate::positions::{MarginMode, Position, value};
use crate::state::{Print, State};

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
}

/// Order status as the simulator moves it: NEW → PARTIALLY_FILLED → FILLED, or to CANCELLED or
/// REJECTED.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderStatus {
    /// Accepted, nothing filled.
    New,
    /// Partly filled, still open.
    PartiallyFilled,
    /// Completely filled.
    Filled,
    /// Cancelled (by request, or the unfilled rest of MARKET/IOC/FOK).
    Cancelled,
    /// A POST_ONLY order that would have traded.
    Rejected,
}

impl OrderStatus {
    /// The wire value.
    pub fn wire(self) -> contango::OrderStatus {
        match self {
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
    /// Type.
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
}

impl OrderRecord {
    /// Contracts not yet filled.
    pub fn remaining(&self) -> Decimal {
        self.volume - self.filled
    }

    /// Whether the order is in the book.
    pub fn is_open(&self) -> bool {
        matches!(self.status, OrderStatus::New | OrderStatus::PartiallyFilled)
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

/// Decimal places of a number as written, trailing zeros ignored.
fn decimals(v: Decimal) -> u32 {
    v.normalize().scale()
}

impl State {
    /// Places an order (`POST /v2/order`); returns its id.
    pub fn place_order(
        &mut self,
        uid: i64,
        product: Product,
        req: &NewOrderRequest,
        now: i64,
    ) -> SimResult<i64> {
        let cfg = self.contract_for(&req.contract_name, product)?;
        if !cfg.tradable {
            return Err(SimError::new(ErrorCode::ContractNotTradable));
        }
        let side = match req.side {
            contango::Side::Buy => Side::Buy,
            contango::Side::Sell => Side::Sell,
            _ => return Err(SimError::new(ErrorCode::InvalidSide)),
        };
        let kind = match req.order_type {
            contango::OrderType::Limit => OrderKind::Limit,
            contango::OrderType::Market => OrderKind::Market,
            contango::OrderType::Ioc => OrderKind::Ioc,
            contango::OrderType::Fok => OrderKind::Fok,
            contango::OrderType::PostOnly => OrderKind::PostOnly,
            _ => return Err(SimError::new(ErrorCode::InvalidOrderType)),
        };
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
        if let Some(id) = &req.client_order_id {
            if id.is_empty() {
                return Err(SimError::new(ErrorCode::EmptyNewClientOrderId));
            }
            if id.chars().count() >= 32 {
                return Err(SimError::param("clientOrderId"));
            }
        }
        let default_leverage = self.config.default_leverage;
        let account = self.account(uid)?;
        let leverage = account.leverage_of(&cfg.symbol, default_leverage);
        if let Some(l) = req.leverage {
            if !(1..=125).contains(&l) {
                return Err(SimError::param("leverage"));
            }
            if u32::try_from(l).ok() != Some(leverage) {
                return Err(SimError::with_arg(
                    ErrorCode::OrderLeverageConfigMismatch,
                    leverage,
                ));
            }
        }
        let volume = req.volume;
        let price = req.price;
        check_volume(&cfg, kind, volume)?;
        let mark = self.mark(&cfg.symbol);
        if kind != OrderKind::Market {
            check_price(&cfg, price, mark)?;
        }
        let open_count = account
            .open_orders
            .iter()
            .filter(|id| self.orders.get(id).is_some_and(|o| o.symbol == cfg.symbol))
            .count();
        // The market maker (who owns the seeded book) is exempt.
        if uid != crate::state::MARKET_MAKER_UID
            && open_count >= usize::try_from(cfg.max_valid_order).unwrap_or(usize::MAX)
        {
            return Err(SimError::new(ErrorCode::TooManyOrders));
        }

        // Plan the trades without touching the book.
        let book = &self
            .markets
            .get(&cfg.symbol)
            .ok_or_else(|| SimError::new(ErrorCode::OrderBookMissing))?
            .book;
        let post_only_reject =
            kind == OrderKind::PostOnly && matching::would_cross(book, &side, price);
        let limit = (kind != OrderKind::Market).then_some(price);
        let mut fills = if post_only_reject {
            Vec::new()
        } else {
            matching::plan(book, &side, limit, volume)
        };
        let planned: Decimal = fills.iter().map(|f| f.volume).sum();
        let fok_kill = kind == OrderKind::Fok && planned < volume;
        if fok_kill {
            fills.clear();
        }
        let rests = matches!(kind, OrderKind::Limit | OrderKind::PostOnly) && !post_only_reject;
        let rest = if rests {
            volume - planned
        } else {
            Decimal::ZERO
        };

        // Order value: at the limit price, or for MARKET at the planned fills (the unfilled part
        // at the mark price).
        let money = if kind == OrderKind::Market {
            fills
                .iter()
                .map(|f| value(&cfg, f.volume, f.price))
                .sum::<Decimal>()
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
        if !open {
            let key = (cfg.symbol.clone(), side.opposite(), mode);
            let closable = account
                .positions
                .get(&key)
                .map_or(Decimal::ZERO, |p| p.volume - p.pending_close);
            if volume > closable {
                return Err(SimError::new(ErrorCode::CloseQuantityExceedsPosition));
            }
        } else {
            let lev = Decimal::from(leverage.max(1));
            let mut need = Decimal::ZERO;
            for f in &fills {
                let v = value(&cfg, f.volume, f.price);
                need += v / lev + v * cfg.commission.open_taker;
            }
            need += value(&cfg, rest, price) / lev;
            if need > account.available(&cfg.margin_coin, &self.contracts) {
                return Err(SimError::new(ErrorCode::InsufficientBalance));
            }
        }

        // Accepted: from here on the order exists.
        let id = self.next_order_id();
        let order = OrderRecord {
            id,
            uid,
            client_order_id: req.client_order_id.clone(),
            symbol: cfg.symbol.clone(),
            side,
            kind,
            mode,
            open,
            price,
            volume,
            amount: req.amount,
            leverage,
            filled: Decimal::ZERO,
            filled_price_volume: Decimal::ZERO,
            fee: Decimal::ZERO,
            status: OrderStatus::New,
            locked: Decimal::ZERO,
            ctime: now,
            mtime: now,
        };
        let mut fx = Effects::new("ORDER");
        fx.order(
            uid,
            order_update(&cfg, &order, ExecutionType::New, None, now)?,
        );
        self.orders.insert(id, order);
        self.account_mut(uid)?.open_orders.insert(id);
        for f in &fills {
            self.execute_fill(&cfg, id, f, now, &mut fx)?;
        }
        let remaining = self
            .orders
            .get(&id)
            .map_or(Decimal::ZERO, |o| o.remaining());
        if post_only_reject {
            self.finish(&cfg, id, OrderStatus::Rejected, now, &mut fx)?;
        } else if remaining > Decimal::ZERO && !rests {
            self.finish(&cfg, id, OrderStatus::Cancelled, now, &mut fx)?;
        } else if remaining > Decimal::ZERO {
            self.rest(&cfg, id, now, &mut fx)?;
        }
        self.publish(fx, now);
        Ok(id)
    }

    /// Puts the unfilled rest of an order in the book and locks its margin.
    fn rest(&mut self, cfg: &ContractConfig, id: i64, now: i64, fx: &mut Effects) -> SimResult<()> {
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
        }
        Ok(())
    }

    /// Ends an order that is not (or no longer) in the book: CANCELLED or REJECTED.
    fn finish(
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
        let uid = o.uid;
        fx.order(
            uid,
            order_update(cfg, o, ExecutionType::Canceled, None, now)?,
        );
        self.account_mut(uid)?.open_orders.remove(&id);
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

    /// One planned fill between the incoming order `taker` and a resting order.
    fn execute_fill(
        &mut self,
        cfg: &ContractConfig,
        taker: i64,
        fill: &Fill,
        now: i64,
        fx: &mut Effects,
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
        market.prints.push(Print {
            trade_id,
            taker_order: taker,
            taker_side,
            time: now,
            price: fill.price,
            volume: fill.volume,
            value: value(cfg, fill.volume, fill.price),
        });
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
        self.settle(
            cfg,
            fill.maker_order,
            fill.volume,
            fill.price,
            true,
            &parties,
            now,
            fx,
        )?;
        self.settle(
            cfg,
            taker,
            fill.volume,
            fill.price,
            false,
            &parties,
            now,
            fx,
        )
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
        now: i64,
        fx: &mut Effects,
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
        account.trades.push(TradeRecord {
            trade_id: parties.trade_id,
            symbol: cfg.symbol.clone(),
            price,
            volume,
            value: traded,
            side: o.side,
            fee,
            bid_id: parties.bid,
            ask_id: parties.ask,
            bid_uid: parties.bid_uid,
            ask_uid: parties.ask_uid,
            is_maker,
            time: now,
        });
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
        self.orders.insert(order_id, o);
        Ok(())
    }

    /// A LIMIT OPEN cross order of `uid` through the normal path (limits, matching, fees): how
    /// tests add liquidity from any account.
    pub fn add_liquidity(
        &mut self,
        uid: i64,
        symbol: &str,
        side: Side,
        price: Decimal,
        volume: Decimal,
        now: i64,
    ) -> SimResult<i64> {
        let cfg = self.contract(symbol)?.clone();
        let product = match cfg.margin_kind {
            crate::config::MarginKind::Usdt => Product::UsdtMargined,
            crate::config::MarginKind::Coin => Product::CoinMargined,
        };
        let req = NewOrderRequest::new(contango::NewOrder {
            contract_name: symbol.to_owned(),
            side: side.wire(),
            order_type: contango::OrderType::Limit,
            position_type: contango::PositionType::Cross,
            open: contango::Open::Open,
            volume,
            amount: value(&cfg, volume, price),
            price,
        });
        self.place_order(uid, product, &req, now)
    }

    /// Finds an order of `uid` in `symbol` by id or client order id (the newest with that id).
    pub fn find_order(
        &self,
        uid: i64,
        symbol: &str,
        order_id: Option<i64>,
        client_order_id: Option<&str>,
    ) -> SimResult<&OrderRecord> {
        let found = match (order_id, client_order_id) {
            (Some(id), _) => self.orders.get(&id),
            (None, Some(coid)) => self
                .orders
                .values()
                .filter(|o| o.uid == uid && o.client_order_id.as_deref() == Some(coid))
                .max_by_key(|o| o.id),
            (None, None) => return Err(SimError::param("orderId")),
        };
        found
            .filter(|o| o.uid == uid && o.symbol == symbol)
            .ok_or_else(|| SimError::new(ErrorCode::OrderNotFound))
    }

    /// Cancels one order (`POST /v2/cancel`): -2013 unknown, -1141 already cancelled, -1145
    /// filled or rejected.
    pub fn cancel_order(
        &mut self,
        uid: i64,
        product: Product,
        symbol: &str,
        order_id: Option<i64>,
        client_order_id: Option<&str>,
        now: i64,
    ) -> SimResult<i64> {
        self.contract_for(symbol, product)?;
        let o = self.find_order(uid, symbol, order_id, client_order_id)?;
        let id = o.id;
        match o.status {
            OrderStatus::Cancelled => {
                return Err(SimError::new(ErrorCode::DuplicateCancelOrInvalidOrder));
            }
            OrderStatus::Filled | OrderStatus::Rejected => {
                return Err(SimError::new(ErrorCode::OrderNotCancellable));
            }
            OrderStatus::New | OrderStatus::PartiallyFilled => {}
        }
        let mut fx = Effects::new("ORDER");
        self.cancel_open(id, now, &mut fx)?;
        self.publish(fx, now);
        Ok(id)
    }

    /// Cancels every open order of `uid` in `symbol` (`POST /v2/allOpenOrders`).
    pub fn cancel_all(
        &mut self,
        uid: i64,
        product: Product,
        symbol: &str,
        now: i64,
    ) -> SimResult<usize> {
        self.contract_for(symbol, product)?;
        let ids = self.open_order_ids(uid, symbol)?;
        let mut fx = Effects::new("ORDER");
        for id in &ids {
            self.cancel_open(*id, now, &mut fx)?;
        }
        self.publish(fx, now);
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
}

/// The two orders and owners of a trade.
struct Parties {
    trade_id: i64,
    bid: i64,
    ask: i64,
    bid_uid: i64,
    ask_uid: i64,
}

/// Volume limits: -1164 not positive, -1136 below the minimum, -1111 too many decimals, -1154
/// (MARKET) / -1137 (priced) above the maximum.
fn check_volume(cfg: &ContractConfig, kind: OrderKind, volume: Decimal) -> SimResult<()> {
    if volume <= Decimal::ZERO {
        return Err(SimError::with_arg(
            ErrorCode::OrderQuantityNotAboveMinimum,
            0,
        ));
    }
    if volume < cfg.min_order_volume {
        return Err(SimError::new(ErrorCode::OrderQuantityTooSmall));
    }
    if decimals(volume) > cfg.volume_precision {
        return Err(SimError::new(ErrorCode::BadPrecision));
    }
    if kind == OrderKind::Market {
        if volume > cfg.max_market_volume {
            return Err(SimError::new(ErrorCode::OrderQuantityExceedsMaximum));
        }
    } else if volume > cfg.max_limit_volume {
        return Err(SimError::new(ErrorCode::OrderQuantityTooLarge));
    }
    Ok(())
}

/// Price limits of priced orders: -1138 not positive, -1150 more decimals than pricePrecision,
/// -1155 further from the mark price than the contract's band.
fn check_price(cfg: &ContractConfig, price: Decimal, mark: Decimal) -> SimResult<()> {
    if price <= Decimal::ZERO {
        return Err(SimError::new(ErrorCode::OrderPriceOutOfRange));
    }
    if decimals(price) > cfg.price_precision {
        return Err(SimError::with_arg(
            ErrorCode::TooManyDecimalPlaces,
            cfg.price_precision,
        ));
    }
    if mark > Decimal::ZERO && (price - mark).abs() / mark > cfg.price_band {
        return Err(SimError::new(ErrorCode::PriceDeviatesFromLastTrade));
    }
    Ok(())
}

#[cfg(test)]
#[path = "orders_tests.rs"]
mod tests;
