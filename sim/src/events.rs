//! Private-stream events: what an operation changed, turned into ORDER_TRADE_UPDATE and
//! ACCOUNT_UPDATE frames (section 6), serialized with the generated types.
//!
//! Quantities in events are base quantities (`contracts × multiplier`), as section 6.2 says of
//! `q`; `q`, `l`, `z` and `pa` use the same unit so they can be compared. `pa` is positive, its
//! direction in `ps`. `n` is the order's total fee so far. Balance items: `cw` = balance − isolated
//! margins, `lb` = order locks, `iw` = isolated margins, `bc` = the transfer amount for transfers
//! (0 otherwise).

use std::collections::BTreeMap;

use contango::{
    AccountUpdate, AccountUpdateReason, BalanceUpdate, ExecutionType, Millis, OrderTradeUpdate,
    OrderUpdate, PositionSide, PositionUpdate,
};
use rust_decimal::Decimal;

use crate::account::PositionKey;
use crate::config::ContractConfig;
use crate::engine::Side;
use crate::error::SimResult;
use crate::operation::FollowUp;
use crate::orders::OrderRecord;
use crate::positions::{MarginMode, Position};
use crate::state::State;

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

/// What one operation changed, collected while the state is locked and published at its end
/// ([`crate::operation`]).
#[derive(Debug)]
pub struct Effects {
    reason: &'static str,
    orders: Vec<(i64, OrderUpdate)>,
    accounts: BTreeMap<(i64, String), Touched>,
    follow_up: FollowUp,
}

#[derive(Debug, Default)]
struct Touched {
    positions: BTreeMap<PositionKey, PositionUpdate>,
    balance_change: Decimal,
}

impl Effects {
    /// Effects of an operation; `reason` becomes ACCOUNT_UPDATE's `m`.
    pub fn new(reason: &'static str) -> Self {
        Effects {
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

impl State {
    /// Sends the events of `fx` to the accounts' stream connections; returns what they still
    /// ask for.
    pub fn publish(&mut self, fx: Effects, now: i64) -> FollowUp {
        // Every operation that can move a book, print a trade or set a mark price ends here.
        self.market_hub.changed();
        for (uid, order) in fx.orders {
            let event = OrderTradeUpdate {
                event_type: "ORDER_TRADE_UPDATE".into(),
                event_time: Millis(now),
                order,
            };
            if let Ok(text) = serde_json::to_string(&event) {
                self.hub.send(uid, &text);
            }
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
            if let Ok(text) = serde_json::to_string(&event) {
                self.hub.send(uid, &text);
            }
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
