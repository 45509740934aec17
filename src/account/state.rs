//! The trader's state as plain data (open orders, positions, balances) and the rules that merge
//! the private stream's events and REST snapshots into it. No I/O: [`super::AccountWatcher`]
//! feeds it, and a program with its own event loop can too.
//!
//! The rules are docs/design.md's, Account watcher: an order moves forward only, by its id and
//! its progress (finished, filled quantity, stage); positions and balances are replaced only by
//! states of a later exchange time, a snapshot's being its request time; finished orders stay
//! for a window ([`AccountState::new`]); conditional orders wait apart
//! ([`AccountState::conditional_orders`]), and one placed elsewhere asks for a snapshot
//! ([`AccountState::take_unknown_conditional`]).

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use rust_decimal::Decimal;

use crate::{
    Account, AccountBalance, AccountUpdate, ExecutionType, Millis, Open, Order, OrderStatus,
    OrderTradeUpdate, OrderUpdate, Position, PositionSide, PositionType, Side,
};

/// A position's identity: contract, direction (`Buy` long, `Sell` short) and margin mode.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PositionKey {
    /// Contract name.
    pub contract: String,
    /// `Buy` for a long position, `Sell` for a short one.
    pub side: Side,
    /// Cross or isolated.
    pub margin: PositionType,
}

/// An order as the view holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct WatchedOrder {
    /// The order, with the wire keys of `openOrders` answers. Quantities are in contracts.
    pub order: Order,
    /// Sent through the watcher and acknowledged, but neither an event nor a snapshot has shown
    /// it yet (`order.status` is `None`). It counts as open.
    pub pending: bool,
    /// Exchange time (ms) of the last change applied (the local estimate of it for a pending
    /// order or a change found by a snapshot).
    pub updated_ms: i64,
}

/// Where a conditional order is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ConditionalStage {
    /// Waiting for its trigger (or, attached to another order, for that order's fill).
    Waiting,
    /// Fired: it is the working order it placed (or that order's fills).
    Fired,
    /// Cancelled (by request, one-cancels-other, with its parent or its position).
    Cancelled,
    /// Its trigger fired but its order could not be placed.
    Rejected,
}

impl WatchedOrder {
    /// Filled, cancelled or rejected.
    pub fn is_finished(&self) -> bool {
        self.order.status.as_ref().is_some_and(is_final)
    }

    /// A conditional order waiting for its trigger: status INIT, or sent through the watcher
    /// as a conditional order and not yet shown by the exchange.
    pub fn is_waiting(&self) -> bool {
        match &self.order.status {
            Some(status) => *status == OrderStatus::Init,
            None => self.order.condition_order == Some(true),
        }
    }

    /// Whether this is (or was, before it fired) a conditional order.
    pub fn is_conditional(&self) -> bool {
        self.order.condition_order == Some(true) || self.is_waiting()
    }

    /// The stage of a conditional order; `None` for any other order.
    pub fn conditional_stage(&self) -> Option<ConditionalStage> {
        if !self.is_conditional() {
            return None;
        }
        Some(match &self.order.status {
            Some(OrderStatus::Init) | None => ConditionalStage::Waiting,
            Some(OrderStatus::Cancelled) => ConditionalStage::Cancelled,
            Some(OrderStatus::Rejected) => ConditionalStage::Rejected,
            Some(_) => ConditionalStage::Fired,
        })
    }
}

/// A position as the view holds it. Quantities are in contracts.
#[derive(Debug, Clone, PartialEq)]
pub struct PositionState {
    /// Which position.
    pub key: PositionKey,
    /// Size in contracts; zero once closed.
    pub volume: Decimal,
    /// Entry price.
    pub entry_price: Option<Decimal>,
    /// Cumulative realized profit and loss, fees included (the stream's `cr`).
    pub realized: Option<Decimal>,
    /// Unrealized profit and loss at the mark price of the last event or snapshot (the mark
    /// moves without events, so this is informative, not kept exact).
    pub unrealized: Option<Decimal>,
    /// The price `unrealized` was valued at, as the exchange reports one: the event's last
    /// settlement price (`lp`) or the record's `indexPrice` (the position records name no mark
    /// price; the simulator sends its mark in `lp` and its index, the mid of its book, in
    /// `indexPrice`; `/v1/index` has both, `contango::funding`). Informative, as `unrealized` is.
    pub mark: Option<Decimal>,
    /// Margin of an isolated position (zero for cross).
    pub isolated_margin: Option<Decimal>,
    /// Exchange time (ms) of the state: the event's, or the snapshot's request time.
    pub exchange_ms: i64,
    /// The last REST record of the position, for the fields the stream does not carry
    /// (leverage, margin rates, ids): as of the last reconciliation.
    pub record: Option<Box<Position>>,
}

impl PositionState {
    /// The state of a REST position record of `contract`; `None` without a side.
    pub fn from_record(contract: &str, p: &Position, exchange_ms: i64) -> Option<Self> {
        let margin = p.position_type.unwrap_or(PositionType::Cross);
        let isolated_margin = if margin == PositionType::Isolated {
            p.hold_amount
        } else {
            Some(Decimal::ZERO)
        };
        Some(PositionState {
            key: PositionKey {
                contract: contract.to_owned(),
                side: p.side.clone()?,
                margin,
            },
            volume: p.volume.unwrap_or_default(),
            entry_price: p.open_price.or(p.avg_price),
            realized: p.history_realized_amount,
            unrealized: p.un_realized_amount,
            mark: p.index_price,
            isolated_margin,
            exchange_ms,
            record: Some(Box::new(p.clone())),
        })
    }

    /// Whether the fields the stream carries (volume, entry price, realized PnL, isolated margin)
    /// agree; a field one side does not know is not compared.
    pub fn agrees(&self, other: &PositionState) -> bool {
        self.key == other.key
            && self.volume == other.volume
            && agree(self.entry_price, other.entry_price)
            && agree(self.realized, other.realized)
            && agree(self.isolated_margin, other.isolated_margin)
    }

    /// The position as a REST record (the `positions` item of the account answer): the last
    /// record with the stream's fields on top, or one built from them (`id` 0) before any. A
    /// field the stream left at the record's value keeps the record's text (`1.50` stays `1.50`).
    pub fn to_record(&self) -> Position {
        let mut p = match &self.record {
            Some(p) => Position::clone(p),
            None => Position::new(0),
        };
        p.side = Some(self.key.side.clone());
        p.position_type = Some(self.key.margin);
        overlay(&mut p.volume, Some(self.volume));
        overlay(&mut p.open_price, self.entry_price);
        overlay(&mut p.avg_price, self.entry_price);
        overlay(&mut p.history_realized_amount, self.realized);
        overlay(&mut p.un_realized_amount, self.unrealized);
        if self.key.margin == PositionType::Isolated {
            overlay(&mut p.hold_amount, self.isolated_margin);
        }
        p
    }
}

/// A margin coin's balance as the view holds it, in the stream's terms.
#[derive(Debug, Clone, PartialEq)]
pub struct BalanceState {
    /// Margin coin.
    pub coin: String,
    /// Balance outside isolated margins (the stream's `cw`): transfers, realized PnL and fees.
    pub cross_wallet: Decimal,
    /// Margin locked by open orders (`lb`; the account answer's `accountLock`).
    pub locked: Decimal,
    /// Margin held by isolated positions (`iw`; `partPositionNormal`).
    pub isolated: Decimal,
    /// Exchange time (ms) of the state.
    pub exchange_ms: i64,
    /// The last REST balance entry (without its positions), for the fields the stream does not
    /// carry: as of the last reconciliation.
    pub record: Option<Box<AccountBalance>>,
}

impl BalanceState {
    /// The state of an account-answer entry. `accountNormal` is read as the available balance
    /// (balance − order locks − position margins, as the simulator documents it), so the balance
    /// outside isolated margins is `accountNormal + accountLock + totalPositionNormal`.
    pub fn from_record(b: &AccountBalance, exchange_ms: i64) -> Self {
        let zero = Decimal::ZERO;
        let locked = b.account_lock.unwrap_or(zero);
        let mut record = b.clone();
        record.position_vos = Vec::new();
        BalanceState {
            coin: b.margin_coin.clone(),
            cross_wallet: b.account_normal.unwrap_or(zero)
                + locked
                + b.total_position_normal.unwrap_or(zero),
            locked,
            isolated: b.part_position_normal.unwrap_or(zero),
            exchange_ms,
            record: Some(Box::new(record)),
        }
    }

    /// The whole balance: `cross_wallet + isolated`.
    pub fn wallet(&self) -> Decimal {
        self.cross_wallet + self.isolated
    }

    /// Whether the fields the stream carries agree.
    pub fn agrees(&self, other: &BalanceState) -> bool {
        self.coin == other.coin
            && self.cross_wallet == other.cross_wallet
            && self.locked == other.locked
            && self.isolated == other.isolated
    }

    /// The balance as an account-answer entry (without positions): the last record with the
    /// stream's fields on top (`accountNormal` with the cross margin of that record). A field
    /// equal to the record's keeps the record's text.
    pub fn to_record(&self) -> AccountBalance {
        let mut b = match &self.record {
            Some(b) => AccountBalance::clone(b),
            None => AccountBalance::new(String::new(), Vec::new()),
        };
        b.margin_coin = self.coin.clone();
        overlay(&mut b.account_lock, Some(self.locked));
        overlay(&mut b.part_position_normal, Some(self.isolated));
        let cross = b.total_position_normal.unwrap_or_default();
        overlay(
            &mut b.account_normal,
            Some(self.cross_wallet - self.locked - cross),
        );
        b
    }
}

/// One change of the view.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Change {
    /// An order's new state (boxed: an order record is several times the size of the rest).
    Order(Box<WatchedOrder>),
    /// A position's new state (volume zero: closed).
    Position(PositionState),
    /// A balance's new state.
    Balance(BalanceState),
}

/// What a reconciliation changed in one entry: `before` `None` means the snapshot added it,
/// `after` `None` that it removed it (a position closed while the stream was blind).
#[derive(Debug, Clone, PartialEq)]
pub struct Fix<T> {
    /// The view's state before.
    pub before: Option<T>,
    /// The state after.
    pub after: Option<T>,
}

/// Why a reconciliation ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReconcileCause {
    /// The initial snapshot.
    Start,
    /// The stream reported a gap.
    Gap,
    /// The periodic check.
    Interval,
    /// Asked for ([`super::AccountWatcher::reconcile`]).
    Requested,
    /// An event could not be applied (a contract's multiplier could not be loaded).
    Unapplied,
    /// The stream showed a conditional order placed elsewhere, whose trigger only a snapshot
    /// carries.
    UnknownConditional,
}

/// What a REST snapshot (and the `query_order` lookups it led to) changed in the view. Empty
/// lists mean the view was right.
#[derive(Debug, Clone, PartialEq)]
pub struct Reconciliation {
    /// Why it ran.
    pub cause: ReconcileCause,
    /// Exchange time (ms) at which the snapshot was requested.
    pub snapshot_ms: i64,
    /// Orders it changed: found, progressed (fills that were missed) or finished.
    pub orders: Vec<Fix<WatchedOrder>>,
    /// Positions it changed.
    pub positions: Vec<Fix<PositionState>>,
    /// Balances it changed.
    pub balances: Vec<Fix<BalanceState>>,
    /// Orders the snapshot no longer listed whose lookup failed: `(order id, error)`. They are
    /// looked up again at the next reconciliation.
    pub unresolved: Vec<(i64, String)>,
}

impl Reconciliation {
    /// A reconciliation that changed nothing yet.
    pub fn new(cause: ReconcileCause, snapshot_ms: i64) -> Self {
        Reconciliation {
            cause,
            snapshot_ms,
            orders: Vec::new(),
            positions: Vec::new(),
            balances: Vec::new(),
            unresolved: Vec::new(),
        }
    }

    /// Whether the snapshot found the view right (and every lookup succeeded).
    pub fn is_clean(&self) -> bool {
        self.orders.is_empty()
            && self.positions.is_empty()
            && self.balances.is_empty()
            && self.unresolved.is_empty()
    }
}

/// A REST view of the account: open orders of some contracts and the account answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    /// Exchange time (ms, the client's estimate) when the first request was sent: the server
    /// read its state no earlier.
    pub taken_ms: i64,
    /// The contracts whose open orders are listed.
    pub contracts: Vec<String>,
    /// Their open orders (each with its `contractName`).
    pub open_orders: Vec<Order>,
    /// The account answer (balances and positions).
    pub account: Account,
}

/// An open order a snapshot no longer lists: to be looked up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vanished {
    /// Its contract.
    pub contract: String,
    /// Its id.
    pub order_id: i64,
    /// Whether it is a conditional order (found with `conditionOrder=true`).
    pub conditional: bool,
}

/// The outcome of an event.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Applied {
    /// What it changed (nothing for a duplicate or an event older than the view).
    Changes(Vec<Change>),
    /// The event names a contract whose multiplier (face value) is not known: load it
    /// ([`AccountState::set_multiplier`] or [`AccountState::set_foreign`]) and apply again.
    NeedContract(String),
}

/// The view: orders by id, positions by key, balances by coin, with the merge rules.
#[derive(Debug, Clone)]
pub struct AccountState {
    orders: HashMap<i64, WatchedOrder>,
    positions: HashMap<PositionKey, PositionState>,
    balances: HashMap<String, BalanceState>,
    /// Margin coins the account answer lists (`None` before the first snapshot): balances of
    /// other coins belong to another product.
    coins: Option<HashSet<String>>,
    multipliers: HashMap<String, Decimal>,
    /// Contracts of another product (their events are not this view's).
    foreign: HashSet<String>,
    keep_finished_ms: i64,
    /// Exchange time of the newest finished order dropped: events of unknown orders up to it
    /// are late copies.
    forgotten_ms: i64,
    /// A conditional order appeared in the stream that no record describes yet.
    unknown_conditional: bool,
    /// The orders attached to a parent (its record's `childOrders`, held here by id: each
    /// attached order is an order of the view in its own right).
    children: HashMap<i64, Vec<i64>>,
}

impl AccountState {
    /// An empty view that keeps finished orders for `keep_finished` after their last change.
    pub fn new(keep_finished: Duration) -> Self {
        AccountState {
            orders: HashMap::new(),
            positions: HashMap::new(),
            balances: HashMap::new(),
            coins: None,
            multipliers: HashMap::new(),
            foreign: HashSet::new(),
            keep_finished_ms: i64::try_from(keep_finished.as_millis()).unwrap_or(i64::MAX),
            forgotten_ms: i64::MIN,
            unknown_conditional: false,
            children: HashMap::new(),
        }
    }

    /// The orders attached to `parent` (take profit, stop loss), as far as a record has shown.
    pub fn attached(&self, parent: i64) -> Vec<&WatchedOrder> {
        self.children
            .get(&parent)
            .into_iter()
            .flatten()
            .filter_map(|id| self.orders.get(id))
            .collect()
    }

    /// Takes a record's `childOrders` into the index; the record keeps none (the attached
    /// orders are held, and kept current, as orders of their own).
    fn index_children(&mut self, order: &mut Order) {
        if let Some(children) = order.child_orders.take() {
            let ids = children.iter().map(|c| c.order_id).collect();
            self.children.insert(order.order_id, ids);
        }
    }

    /// Whether the stream showed a conditional order the view has no record of since the last
    /// call (its trigger is not in the stream: a snapshot brings it). Clears the flag.
    pub fn take_unknown_conditional(&mut self) -> bool {
        std::mem::take(&mut self.unknown_conditional)
    }

    /// Records a contract's multiplier (face value): stream quantities are contracts times it.
    pub fn set_multiplier(&mut self, contract: &str, multiplier: Decimal) {
        if !multiplier.is_zero() {
            self.multipliers.insert(contract.to_owned(), multiplier);
        }
    }

    /// Marks a contract as another product's: its events are skipped.
    pub fn set_foreign(&mut self, contract: &str) {
        self.foreign.insert(contract.to_owned());
    }

    /// Whether the multiplier of `contract` is known (or the contract is another product's).
    pub fn knows_contract(&self, contract: &str) -> bool {
        self.multipliers.contains_key(contract) || self.foreign.contains(contract)
    }

    /// Every order held, open, pending and recently finished.
    pub fn orders(&self) -> impl Iterator<Item = &WatchedOrder> {
        self.orders.values()
    }

    /// Working orders, open and pending (conditional ones once fired), by id.
    pub fn open_orders(&self) -> Vec<&WatchedOrder> {
        let mut v: Vec<&WatchedOrder> = self
            .orders
            .values()
            .filter(|o| !o.is_finished() && !o.is_waiting())
            .collect();
        v.sort_by_key(|o| o.order.order_id);
        v
    }

    /// Conditional orders waiting for their trigger (or their parent's fill), by id.
    pub fn conditional_orders(&self) -> Vec<&WatchedOrder> {
        let mut v: Vec<&WatchedOrder> = self.orders.values().filter(|o| o.is_waiting()).collect();
        v.sort_by_key(|o| o.order.order_id);
        v
    }

    /// An order by id (finished ones for the keep window).
    pub fn order(&self, id: i64) -> Option<&WatchedOrder> {
        self.orders.get(&id)
    }

    /// Open positions, by key.
    pub fn positions(&self) -> Vec<&PositionState> {
        let mut v: Vec<&PositionState> = self
            .positions
            .values()
            .filter(|p| !p.volume.is_zero())
            .collect();
        v.sort_by(|a, b| a.key.cmp(&b.key));
        v
    }

    /// The open position of `contract` on `side` (`Buy` long, `Sell` short), in either margin
    /// mode (cross first).
    pub fn position(&self, contract: &str, side: Side) -> Option<&PositionState> {
        [PositionType::Cross, PositionType::Isolated]
            .into_iter()
            .filter_map(|margin| {
                self.positions.get(&PositionKey {
                    contract: contract.to_owned(),
                    side: side.clone(),
                    margin,
                })
            })
            .find(|p| !p.volume.is_zero())
    }

    /// Balances, by coin.
    pub fn balances(&self) -> Vec<&BalanceState> {
        let mut v: Vec<&BalanceState> = self.balances.values().collect();
        v.sort_by(|a, b| a.coin.cmp(&b.coin));
        v
    }

    /// The balance of a margin coin.
    pub fn balance(&self, coin: &str) -> Option<&BalanceState> {
        self.balances.get(coin)
    }

    /// The contracts the view has seen (orders and positions), for listing their open orders.
    pub fn contracts(&self) -> HashSet<String> {
        let orders = self
            .orders
            .values()
            .filter_map(|o| o.order.contract_name.clone());
        let positions = self.positions.keys().map(|k| k.contract.clone());
        orders.chain(positions).collect()
    }

    /// An order sent through the watcher and acknowledged: open (pending) until an event or a
    /// snapshot shows it. Ignored when the order is already known.
    pub fn insert_pending(&mut self, mut order: Order, now_ms: i64) -> Option<WatchedOrder> {
        if self.orders.contains_key(&order.order_id) {
            return None;
        }
        self.index_children(&mut order);
        let watched = WatchedOrder {
            order,
            pending: true,
            updated_ms: now_ms,
        };
        self.orders.insert(watched.order.order_id, watched.clone());
        Some(watched)
    }

    /// Applies a stream event.
    pub fn apply(&mut self, event: &crate::Event) -> Applied {
        match event {
            crate::Event::OrderTradeUpdate(u) => self.apply_order(u),
            crate::Event::AccountUpdate(u) => self.apply_account(u),
            _ => Applied::Changes(Vec::new()),
        }
    }

    /// Applies an ORDER_TRADE_UPDATE.
    pub fn apply_order(&mut self, event: &OrderTradeUpdate) -> Applied {
        let u = &event.order;
        if self.foreign.contains(&u.symbol) {
            return Applied::Changes(Vec::new());
        }
        let Some(&multiplier) = self.multipliers.get(&u.symbol) else {
            return Applied::NeedContract(u.symbol.clone());
        };
        let at = event.event_time.as_millis();
        let changed = match self.orders.get_mut(&u.order_id) {
            Some(existing) => absorb_event(existing, u, multiplier, at),
            None if at <= self.forgotten_ms => false,
            None => {
                let watched = WatchedOrder {
                    order: order_from_event(u, multiplier, at),
                    pending: false,
                    updated_ms: at,
                };
                self.unknown_conditional |= watched.is_waiting();
                self.orders.insert(u.order_id, watched);
                true
            }
        };
        let change = changed
            .then(|| {
                self.orders
                    .get(&u.order_id)
                    .map(|o| Change::Order(Box::new(o.clone())))
            })
            .flatten();
        Applied::Changes(change.into_iter().collect())
    }

    /// Applies an ACCOUNT_UPDATE: balances of this product's coins, positions of its contracts.
    pub fn apply_account(&mut self, event: &AccountUpdate) -> Applied {
        let positions = event.update.positions.as_deref().unwrap_or_default();
        if let Some(p) = positions.iter().find(|p| !self.knows_contract(&p.symbol)) {
            return Applied::NeedContract(p.symbol.clone());
        }
        let at = event.event_time.as_millis();
        let mut changes = Vec::new();
        for b in event.update.balances.as_deref().unwrap_or_default() {
            if self.coins.as_ref().is_some_and(|c| !c.contains(&b.asset)) {
                continue;
            }
            let entry = self.balances.get(&b.asset);
            if entry.is_some_and(|e| e.exchange_ms > at) {
                continue;
            }
            let zero = Decimal::ZERO;
            let incoming = BalanceState {
                coin: b.asset.clone(),
                cross_wallet: b
                    .cross_wallet_balance
                    .or(entry.map(|e| e.cross_wallet))
                    .unwrap_or(zero),
                locked: b.locked_balance.or(entry.map(|e| e.locked)).unwrap_or(zero),
                isolated: b
                    .isolated_wallet_balance
                    .or(entry.map(|e| e.isolated))
                    .unwrap_or(zero),
                exchange_ms: at,
                record: entry.and_then(|e| e.record.clone()),
            };
            let changed = entry.is_none_or(|e| !e.agrees(&incoming));
            if changed {
                changes.push(Change::Balance(incoming.clone()));
            }
            self.balances.insert(b.asset.clone(), incoming);
        }
        for p in positions {
            let Some(&multiplier) = self.multipliers.get(&p.symbol) else {
                continue; // another product's contract
            };
            let amount = p.position_amount.unwrap_or_default();
            let side = match &p.position_side {
                Some(PositionSide::Long) => Side::Buy,
                Some(PositionSide::Short) => Side::Sell,
                _ if amount.is_sign_negative() => Side::Sell,
                _ => Side::Buy,
            };
            let key = PositionKey {
                contract: p.symbol.clone(),
                side,
                margin: p.margin_type.unwrap_or(PositionType::Cross),
            };
            let entry = self.positions.get(&key);
            if entry.is_some_and(|e| e.exchange_ms > at) {
                continue;
            }
            let incoming = PositionState {
                volume: contracts(amount.abs(), multiplier),
                entry_price: p.entry_price,
                realized: p.cumulative_realized,
                unrealized: p.unrealized_profit,
                mark: p.last_settlement_price,
                isolated_margin: p.isolated_margin,
                exchange_ms: at,
                record: entry.and_then(|e| e.record.clone()),
                key: key.clone(),
            };
            let changed = match entry {
                Some(e) => !e.agrees(&incoming) || e.unrealized != incoming.unrealized,
                None => !incoming.volume.is_zero(),
            };
            if changed {
                changes.push(Change::Position(incoming.clone()));
            }
            self.positions.insert(key, incoming);
        }
        Applied::Changes(changes)
    }

    /// Merges a REST snapshot. Returns what it changed and the open orders it no longer lists,
    /// to be resolved with `query_order` ([`Self::apply_queried`]).
    pub fn apply_snapshot(
        &mut self,
        snapshot: Snapshot,
        cause: ReconcileCause,
    ) -> (Reconciliation, Vec<Vanished>) {
        let taken = snapshot.taken_ms;
        let mut fixes = Reconciliation::new(cause, taken);
        let listed: HashSet<i64> = snapshot.open_orders.iter().map(|o| o.order_id).collect();
        for order in snapshot.open_orders {
            self.merge_record(order, taken, &mut fixes);
        }
        let covered: HashSet<&String> = snapshot.contracts.iter().collect();
        let mut vanished: Vec<Vanished> = self
            .orders
            .values()
            .filter(|o| !o.is_finished() && !listed.contains(&o.order.order_id))
            .filter_map(|o| {
                let contract = o.order.contract_name.as_ref()?;
                covered.contains(contract).then(|| Vanished {
                    contract: contract.clone(),
                    order_id: o.order.order_id,
                    conditional: o.is_conditional(),
                })
            })
            .collect();
        vanished.sort_by_key(|v| v.order_id);

        let mut coins = HashSet::new();
        let mut seen = HashSet::new();
        for entry in &snapshot.account.account {
            coins.insert(entry.margin_coin.clone());
            for group in &entry.position_vos {
                for p in &group.positions {
                    let Some(state) = PositionState::from_record(&group.contract_name, p, taken)
                    else {
                        continue;
                    };
                    seen.insert(state.key.clone());
                    self.merge_position(state, &mut fixes);
                }
            }
            self.merge_balance(BalanceState::from_record(entry, taken), &mut fixes);
        }
        // Positions the snapshot does not list were closed, unless an event newer than it
        // opened them.
        for p in self.positions.values_mut() {
            if !p.volume.is_zero() && !seen.contains(&p.key) && p.exchange_ms < taken {
                fixes.positions.push(Fix {
                    before: Some(p.clone()),
                    after: None,
                });
                p.volume = Decimal::ZERO;
                p.exchange_ms = taken;
            }
        }
        self.balances.retain(|coin, _| coins.contains(coin));
        self.coins = Some(coins);
        (fixes, vanished)
    }

    /// Merges the answer of a `query_order` lookup made for a reconciliation.
    pub fn apply_queried(&mut self, order: Order, fixes: &mut Reconciliation) {
        let at = fixes.snapshot_ms;
        self.merge_record(order, at, fixes);
    }

    /// Drops finished orders whose last change is older than the keep window at `now_ms`.
    pub fn prune(&mut self, now_ms: i64) {
        let limit = now_ms.saturating_sub(self.keep_finished_ms);
        let mut forgotten = self.forgotten_ms;
        self.orders.retain(|_, o| {
            let keep = !o.is_finished() || o.updated_ms >= limit;
            if !keep {
                forgotten = forgotten.max(o.updated_ms);
            }
            keep
        });
        self.forgotten_ms = forgotten;
        let orders = &self.orders;
        self.children
            .retain(|parent, _| orders.contains_key(parent));
    }

    /// Merges a REST order record (snapshot or lookup) seen at `at`.
    fn merge_record(&mut self, mut order: Order, at: i64, fixes: &mut Reconciliation) {
        self.index_children(&mut order);
        let id = order.order_id;
        match self.orders.get_mut(&id) {
            Some(existing) => {
                let before = existing.clone();
                if absorb_record(existing, order, at) {
                    fixes.orders.push(Fix {
                        before: Some(before),
                        after: Some(existing.clone()),
                    });
                }
            }
            None => {
                let watched = WatchedOrder {
                    order,
                    pending: false,
                    updated_ms: at,
                };
                fixes.orders.push(Fix {
                    before: None,
                    after: Some(watched.clone()),
                });
                self.orders.insert(id, watched);
            }
        }
    }

    fn merge_position(&mut self, state: PositionState, fixes: &mut Reconciliation) {
        match self.positions.get_mut(&state.key) {
            // An event newer than the snapshot set it: keep it, take the record's other fields.
            Some(p) if p.exchange_ms >= state.exchange_ms => p.record = state.record,
            Some(p) => {
                if !p.agrees(&state) {
                    let before = (!p.volume.is_zero()).then(|| p.clone());
                    fixes.positions.push(Fix {
                        before,
                        after: Some(state.clone()),
                    });
                }
                *p = state;
            }
            None => {
                if !state.volume.is_zero() {
                    fixes.positions.push(Fix {
                        before: None,
                        after: Some(state.clone()),
                    });
                }
                self.positions.insert(state.key.clone(), state);
            }
        }
    }

    fn merge_balance(&mut self, state: BalanceState, fixes: &mut Reconciliation) {
        match self.balances.get_mut(&state.coin) {
            Some(b) if b.exchange_ms >= state.exchange_ms => b.record = state.record,
            Some(b) => {
                if !b.agrees(&state) {
                    fixes.balances.push(Fix {
                        before: Some(b.clone()),
                        after: Some(state.clone()),
                    });
                }
                *b = state;
            }
            None => {
                fixes.balances.push(Fix {
                    before: None,
                    after: Some(state.clone()),
                });
                self.balances.insert(state.coin.clone(), state);
            }
        }
    }
}

/// How far an order has gone: (finished, filled, stage). Each part only grows on the exchange:
/// a conditional order's INIT comes before the NEW of the order it places when it fires.
fn progress(status: Option<&OrderStatus>, filled: Option<Decimal>) -> (bool, Decimal, u8) {
    let stage = match status {
        None => 0,
        Some(OrderStatus::Init) => 1,
        Some(OrderStatus::PendingCancel) => 3,
        Some(s) if is_final(s) => 4,
        Some(_) => 2,
    };
    (stage == 4, filled.unwrap_or_default(), stage)
}

fn is_final(s: &OrderStatus) -> bool {
    matches!(
        s,
        OrderStatus::Filled | OrderStatus::Cancelled | OrderStatus::Rejected
    )
}

/// Applies an order event to a known order: its progress fields when it is further along, and
/// the static fields the view lacks; a waiting conditional order's quantity from an event newer
/// than its last change (an attached order covers what its parent has filled). Returns whether
/// the order changed.
fn absorb_event(w: &mut WatchedOrder, u: &OrderUpdate, multiplier: Decimal, at: i64) -> bool {
    let filled = u
        .cumulative_filled_quantity
        .map(|z| contracts(z, multiplier))
        .or(w.order.executed_qty);
    let ahead =
        progress(Some(&u.status), filled) > progress(w.order.status.as_ref(), w.order.executed_qty);
    let restated = w.is_waiting() && u.status == OrderStatus::Init && at >= w.updated_ms;
    if restated {
        let quantity = u.quantity.map(|q| contracts(q, multiplier));
        if quantity.is_some() && quantity != w.order.orig_qty {
            w.order.orig_qty = quantity;
            w.updated_ms = at;
            if !ahead {
                return true;
            }
        }
    }
    fill_from_event(&mut w.order, u, multiplier, at);
    if ahead {
        w.order.status = Some(u.status.clone());
        w.order.executed_qty = filled;
        w.order.avg_price = u.average_price.or(w.order.avg_price);
        w.pending = false;
        w.updated_ms = w.updated_ms.max(at);
    }
    ahead
}

/// Merges a REST record into a known order: the record replaces the view's unless the view is
/// further along, in which case the view keeps its progress fields. Returns whether the order
/// progressed.
fn absorb_record(w: &mut WatchedOrder, mut record: Order, at: i64) -> bool {
    let ahead = progress(record.status.as_ref(), record.executed_qty)
        > progress(w.order.status.as_ref(), w.order.executed_qty);
    if !ahead {
        record.status = w.order.status.clone();
        record.executed_qty = w.order.executed_qty;
        record.avg_price = w.order.avg_price;
    }
    if record.contract_name.is_none() {
        record.contract_name = w.order.contract_name.take();
    }
    w.order = record;
    if ahead || w.is_waiting() {
        // A waiting order's quantity is the record's now: older events leave it.
        w.pending &= !ahead;
        w.updated_ms = w.updated_ms.max(at);
    }
    ahead
}

/// The REST-shaped record of an order event (quantities converted to contracts).
fn order_from_event(u: &OrderUpdate, multiplier: Decimal, at: i64) -> Order {
    let mut o = Order::new(u.order_id);
    o.contract_name = Some(u.symbol.clone());
    fill_from_event(&mut o, u, multiplier, at);
    o.status = Some(u.status.clone());
    o.executed_qty = u
        .cumulative_filled_quantity
        .map(|z| contracts(z, multiplier));
    o.avg_price = u.average_price;
    o
}

/// Fills the fields an order event carries that the record does not have yet.
fn fill_from_event(o: &mut Order, u: &OrderUpdate, multiplier: Decimal, at: i64) {
    if o.client_order_id.is_none() {
        o.client_order_id = u.client_order_id.clone().filter(|c| !c.is_empty());
    }
    if o.price.is_none() {
        o.price = u.price;
    }
    if o.orig_qty.is_none() {
        o.orig_qty = u.quantity.map(|q| contracts(q, multiplier));
    }
    if o.order_type.is_none() {
        o.order_type = u.order_type.clone();
    }
    if o.side.is_none() {
        o.side = u.side.clone();
    }
    if o.action.is_none() {
        o.action = action(u.side.as_ref(), u.position_side.as_ref());
    }
    if o.transact_time.is_none() && u.execution_type == ExecutionType::New {
        o.transact_time = Some(u.trade_time.unwrap_or(Millis(at)));
    }
}

/// OPEN when the order's side is the position's (buy long, sell short), CLOSE otherwise.
fn action(side: Option<&Side>, position: Option<&PositionSide>) -> Option<Open> {
    match (side?, position?) {
        (Side::Buy, PositionSide::Long) | (Side::Sell, PositionSide::Short) => Some(Open::Open),
        (Side::Buy, PositionSide::Short) | (Side::Sell, PositionSide::Long) => Some(Open::Close),
        _ => None,
    }
}

/// A stream quantity (contracts × multiplier) in contracts.
fn contracts(quantity: Decimal, multiplier: Decimal) -> Decimal {
    quantity
        .checked_div(multiplier)
        .map_or(quantity, |q| q.normalize())
}

/// Sets `field` to `value` when there is one and it differs in value: `1.50` and `1.5` are the
/// same number, and the record's text is what the exchange wrote.
fn overlay(field: &mut Option<Decimal>, value: Option<Decimal>) {
    if value.is_some() && *field != value {
        *field = value;
    }
}

fn agree(a: Option<Decimal>, b: Option<Decimal>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a == b,
        _ => true,
    }
}

#[cfg(test)]
mod tests;
