//! What leaves the core: [`Effects`], the output of one input (the private-stream events in
//! order, the history records, the listen keys closed), and [`Changes`], what one operation
//! changed, turned into ORDER_TRADE_UPDATE and ACCOUNT_UPDATE events (section 6) of the
//! generated types. They stay values: whoever sends them writes their wire text.
//!
//! Quantities in events are base quantities (`contracts × multiplier`), as section 6.2 says of
//! `q`; `q`, `l`, `z` and `pa` use the same unit so they can be compared. `pa` is positive, its
//! direction in `ps`. `n` is the order's total fee so far. Balance items: `cw` = balance − isolated
//! margins, `lb` = order locks, `iw` = isolated margins, `bc` = the transfer amount for transfers
//! (0 otherwise).

use std::collections::{BTreeMap, BTreeSet};

use contango::{Event, ExecutionType, Millis, OrderUpdate, PositionSide, PositionUpdate};
use rust_decimal::Decimal;

use super::account::{Account, PositionKey};
use super::book::Side;
use super::order::OrderRecord;
use super::positions::{MarginMode, Position};
use super::records::Record;
use crate::config::ContractConfig;
use crate::error::SimResult;

/// The fill an order update reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastFill {
    /// Contracts filled in this event.
    pub volume: Decimal,
    /// Fill price.
    pub price: Decimal,
    /// Trade id.
    pub trade_id: i64,
    /// Whether this side was the maker.
    pub is_maker: bool,
    /// PnL realized by this fill.
    pub realized: Decimal,
}

/// What one input caused, in order: everything that leaves the core.
#[derive(Debug, Default)]
pub struct Effects {
    /// Private-stream events, `(uid, event)`, in the order the state changed.
    pub events: Vec<(i64, Event)>,
    /// Books, trades or mark prices may have changed (the market stream recomputes its pushes).
    pub market_changed: bool,
    /// Listen keys that closed or expired, with why: their streams close.
    pub closed_keys: Vec<(String, &'static str)>,
    /// History leaving the core.
    pub records: Vec<Record>,
}

impl Effects {
    /// Records an order that left the core, with its attached orders as they are.
    pub(crate) fn retired(&mut self, order: OrderRecord, children: Vec<OrderRecord>) {
        self.records.push(Record::Order { order, children });
    }

    /// Records a new account (its key, never its secret).
    pub(crate) fn account_opened(&mut self, account: &Account, time: i64) {
        self.records.push(Record::Account {
            uid: account.uid,
            api_key: account.key.key.clone(),
            time,
        });
    }

    /// Whether nothing left the core.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
            && !self.market_changed
            && self.closed_keys.is_empty()
            && self.records.is_empty()
    }
}

/// What an operation's published changes still ask for ([`super::operation`]).
#[derive(Debug, Default)]
pub struct FollowUp {
    /// Contracts whose last or mark price moved, or where a trigger was armed.
    pub moved: BTreeSet<String>,
    /// Positions closed: `(uid, position id)`.
    pub closed: Vec<(i64, i64)>,
}

impl FollowUp {
    /// Adds what `other` asks for.
    pub fn absorb(&mut self, other: FollowUp) {
        self.moved.extend(other.moved);
        self.closed.extend(other.closed);
    }
}

/// What one operation changed, collected while it runs and turned into events at its end
/// ([`super::operation`]).
#[derive(Debug)]
pub struct Changes {
    pub(crate) reason: &'static str,
    pub(crate) orders: Vec<(i64, OrderUpdate)>,
    pub(crate) accounts: BTreeMap<(i64, String), Touched>,
    pub(crate) follow_up: FollowUp,
}

/// An account's balance in one coin, touched by an operation, and its positions' new states.
#[derive(Debug, Default)]
pub(crate) struct Touched {
    pub(crate) positions: BTreeMap<PositionKey, PositionUpdate>,
    pub(crate) balance_change: Decimal,
}

impl Changes {
    /// Changes of an operation; `reason` becomes ACCOUNT_UPDATE's `m`.
    pub fn new(reason: &'static str) -> Self {
        Changes {
            reason,
            orders: Vec::new(),
            accounts: BTreeMap::new(),
            follow_up: FollowUp::default(),
        }
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.orders.is_empty()
            && self.accounts.is_empty()
            && self.follow_up.moved.is_empty()
            && self.follow_up.closed.is_empty()
    }

    /// The last or mark price of `symbol` moved, or a trigger was armed there: its triggers are
    /// tested once the effects are published.
    pub fn price_moved(&mut self, symbol: &str) {
        if !self.follow_up.moved.contains(symbol) {
            self.follow_up.moved.insert(symbol.to_owned());
        }
    }

    /// Position `pid` of `uid` closed: its conditional orders are cancelled after publishing.
    pub fn position_closed(&mut self, uid: i64, pid: i64) {
        self.follow_up.closed.push((uid, pid));
    }

    /// Queues an order update for `uid`.
    pub fn order(&mut self, uid: i64, update: OrderUpdate) {
        self.orders.push((uid, update));
    }

    /// Marks the balance of `uid` in `coin` as changed.
    pub fn touch(&mut self, uid: i64, coin: &str) {
        self.accounts.entry((uid, coin.to_owned())).or_default();
    }

    /// Records a balance change not due to PnL or fees (`bc`).
    pub fn balance_change(&mut self, uid: i64, coin: &str, amount: Decimal) {
        self.accounts
            .entry((uid, coin.to_owned()))
            .or_default()
            .balance_change += amount;
    }

    /// Records a position's new state (the latest one per position wins).
    pub fn position(
        &mut self,
        uid: i64,
        cfg: &ContractConfig,
        position: &Position,
        mark: Decimal,
    ) -> SimResult<()> {
        let update = position_update(cfg, position, mark)?;
        self.accounts
            .entry((uid, cfg.margin_coin.clone()))
            .or_default()
            .positions
            .insert(
                (position.symbol.clone(), position.side, position.mode),
                update,
            );
        Ok(())
    }
}

fn position_side(side: Side) -> PositionSide {
    match side {
        Side::Buy => PositionSide::Long,
        Side::Sell => PositionSide::Short,
    }
}

/// The `P` item of a position.
pub fn position_update(
    cfg: &ContractConfig,
    p: &Position,
    mark: Decimal,
) -> SimResult<PositionUpdate> {
    let mut u = PositionUpdate::new(p.symbol.clone());
    u.position_amount = Some(p.volume * cfg.multiplier);
    u.entry_price = Some(p.entry_price(cfg));
    u.last_settlement_price = Some(mark);
    u.cumulative_realized = Some(p.realized - p.fees);
    u.unrealized_profit = Some(p.unrealized(cfg, mark));
    u.margin_type = Some(p.mode.wire());
    u.isolated_margin = Some(if p.mode == MarginMode::Isolated {
        p.margin
    } else {
        Decimal::ZERO
    });
    u.position_side = Some(position_side(p.side));
    Ok(u)
}

/// The `o` object of an order update.
pub fn order_update(
    cfg: &ContractConfig,
    o: &OrderRecord,
    execution: ExecutionType,
    last: Option<LastFill>,
    now: i64,
) -> SimResult<OrderUpdate> {
    let mut u = OrderUpdate::new(o.symbol.clone(), execution, o.status.wire(), o.id);
    u.client_order_id = o.client_order_id.clone();
    u.side = Some(o.side.wire());
    u.order_type = Some(o.kind.wire());
    u.quantity = Some(o.volume * cfg.multiplier);
    u.price = Some(o.price);
    u.average_price = Some(o.avg_price());
    u.last_filled_quantity = Some(last.map_or(Decimal::ZERO, |l| l.volume * cfg.multiplier));
    u.cumulative_filled_quantity = Some(o.filled * cfg.multiplier);
    u.last_filled_price = Some(last.map_or(Decimal::ZERO, |l| l.price));
    u.fee_asset = Some(cfg.margin_coin.clone());
    u.fee = Some(o.fee);
    u.trade_time = Some(Millis(now));
    u.trade_id = Some(last.map_or(0, |l| l.trade_id));
    u.is_maker = Some(last.is_some_and(|l| l.is_maker));
    u.reduce_only = Some(false);
    // The position the order opens or closes.
    let position = if o.open { o.side } else { o.side.opposite() };
    u.position_side = Some(position_side(position));
    u.realized_profit = Some(last.map_or(Decimal::ZERO, |l| l.realized));
    Ok(u)
}
