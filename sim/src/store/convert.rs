//! What leaves the core, as rows of the read tables, and the rows read back as the core's
//! records (what [`super::StoreHistory`] answers with).
//!
//! Each record becomes one row, tagged with the seq of the input it left the core with
//! ([`rows`]):
//!
//! | record | row |
//! | --- | --- |
//! | [`Record::Account`] | `accounts` |
//! | [`Record::Order`]: an order done with the orders attached to it, leaving the core | `orders`, `archived` 1 (its attached orders leave as records of their own, before it: their rows are theirs) |
//! | [`Record::OrderChanged`]: a live order's new state | `orders`, `archived` 0 |
//! | [`Record::Trade`] | `fills`, `rule` `match` when two orders of the venue met |
//! | [`Record::Transfer`] | `transfers` |
//! | [`Record::Forced`] | `forced_orders` |
//! | [`Record::Funding`] | `funding` |
//!
//! An order's `Record::Order` is its last record (nothing changes an order that left the core),
//! so its row stays archived.
//!
//! Read back ([`order_record`], [`trade_record`], [`transfer`], [`forced_record`]), a row gives
//! the record as the REST views read it. A trade, a transfer and a forced close come back whole.
//! An order comes back with what its view shows and what its row keeps, not the core's
//! bookkeeping: `filled_price_volume` is `avg_price × filled` (the view shows the average,
//! which that gives back exactly), `locked` is 0 (a done order locks nothing), and its
//! trigger's `position`, `armed` and `rejected` are not kept (its one-cancels-other group only
//! for an attached order: its parent). Its `children` are the orders whose `parent_id` it is.

use super::rows::{
    AccountRow, FillRow, ForcedRow, FundingRow, OrderRow, Row, TransferDirection, TransferRow,
};
use crate::error::{SimError, SimResult};
use crate::exchange::book::source::Rule;
use crate::exchange::book::{Side, WatchedPrice};
use crate::exchange::order::{
    Condition, Oco, OrderKind, OrderRecord, OrderStatus, Places, TriggerKind,
};
use crate::exchange::positions::MarginMode;
use crate::exchange::records::{ForcedRecord, Record, TradeRecord, Transfer};
use rust_decimal::Decimal;

// Names in the columns. Those of the REST API are its text, or for what it sends as a number
// (`position_type`, the trigger columns) the name the spec gives that number, in capitals.

/// The `rule` of a fill between two orders of the venue.
const MATCH: &str = "match";

const STATUSES: [OrderStatus; 6] = [
    OrderStatus::Init,
    OrderStatus::New,
    OrderStatus::PartiallyFilled,
    OrderStatus::Filled,
    OrderStatus::Cancelled,
    OrderStatus::Rejected,
];

pub(super) const RULES: [Rule; 6] = [
    Rule::BookWalk,
    Rule::CrossedBook,
    Rule::TradeThrough,
    Rule::QueueCleared,
    Rule::QueueOptimistic,
    Rule::QueuePower,
];

fn mode_name(mode: MarginMode) -> &'static str {
    match mode {
        MarginMode::Cross => "CROSS",
        MarginMode::Isolated => "ISOLATED",
    }
}

fn action_name(open: bool) -> &'static str {
    if open { "OPEN" } else { "CLOSE" }
}

fn trigger_name(kind: TriggerKind) -> &'static str {
    match kind {
        TriggerKind::StopLoss => "STOP_LOSS",
        TriggerKind::TakeProfit => "TAKE_PROFIT",
    }
}

fn watched_name(watched: WatchedPrice) -> &'static str {
    match watched {
        WatchedPrice::Last => "LAST_PRICE",
        WatchedPrice::Mark => "MARK_PRICE",
    }
}

/// What the order carrying `c` places when it fires, as its view's `triggerOrderType` says.
fn places_name(c: &Condition, kind: OrderKind) -> &'static str {
    match c.order_type(kind) {
        contango::TriggerOrderType::Position => "POSITION",
        contango::TriggerOrderType::Market => "MARKET",
        _ => "LIMIT",
    }
}

/// The value of a row's column that is not one of the names it may hold.
fn unknown(table: &str, id: i64, column: &str, value: &str) -> SimError {
    SimError::internal(format!(
        "store: {table} row {id}: {column} {value:?} is not a value this build writes"
    ))
}

/// A name read back: the one of `all` whose name it is.
fn named<T: Copy>(
    all: &[T],
    name: impl Fn(T) -> String,
    value: &str,
    (table, id, column): (&str, i64, &str),
) -> SimResult<T> {
    all.iter()
        .copied()
        .find(|t| name(*t) == value)
        .ok_or_else(|| unknown(table, id, column, value))
}

fn side_of(value: &str, at: (&str, i64, &str)) -> SimResult<Side> {
    named(&[Side::Buy, Side::Sell], |s| s.name().to_owned(), value, at)
}

fn mode_of(value: &str, at: (&str, i64, &str)) -> SimResult<MarginMode> {
    let all = [MarginMode::Cross, MarginMode::Isolated];
    named(&all, |m| mode_name(m).to_owned(), value, at)
}

fn rule_of(value: &str, at: (&str, i64, &str)) -> SimResult<Option<Rule>> {
    if value == MATCH {
        return Ok(None);
    }
    named(&RULES, |r| r.name().to_owned(), value, at).map(Some)
}

/// The row of `o` as input `seq` left it; `archived`: it left the core (a [`Record::Order`]).
pub fn order_row(seq: u64, o: &OrderRecord, archived: bool) -> OrderRow {
    let c = o.condition.as_ref();
    OrderRow {
        order_id: o.id,
        uid: o.uid,
        client_order_id: o.client_order_id.clone(),
        contract: o.symbol.clone(),
        side: o.side.name().to_owned(),
        order_type: o.kind.wire().as_str().to_owned(),
        position_type: mode_name(o.mode).to_owned(),
        action: action_name(o.open).to_owned(),
        leverage: o.leverage,
        price: o.price,
        volume: o.volume,
        amount: o.amount,
        filled: o.filled,
        avg_price: o.avg_price(),
        fee: o.fee,
        status: o.status.wire().as_str().to_owned(),
        conditional: c.is_some(),
        trigger_type: c.map(|c| trigger_name(c.kind).to_owned()),
        trigger_price: c.map(|c| c.price),
        trigger_price_type: c.map(|c| watched_name(c.watched).to_owned()),
        trigger_order_type: c.map(|c| places_name(c, o.kind).to_owned()),
        parent_id: o.parent,
        archived,
        created_ms: o.ctime,
        updated_ms: o.mtime,
        seq,
    }
}

/// The row of one side of a trade.
pub fn fill_row(seq: u64, t: &TradeRecord) -> FillRow {
    FillRow {
        trade_id: t.trade_id,
        order_id: t.order_id,
        uid: t.uid,
        contract: t.symbol.clone(),
        side: t.side.name().to_owned(),
        price: t.price,
        volume: t.volume,
        value: t.value,
        fee: t.fee,
        realized_pnl: t.realized,
        maker: t.is_maker,
        rule: t.rule.map_or(MATCH, Rule::name).to_owned(),
        bid_order_id: t.bid_id,
        ask_order_id: t.ask_id,
        bid_uid: t.bid_uid,
        ask_uid: t.ask_uid,
        time_ms: t.time,
        seq,
    }
}

/// The row of a transfer.
pub fn transfer_row(seq: u64, t: &Transfer) -> TransferRow {
    TransferRow {
        id: t.id,
        uid: t.uid,
        coin: t.coin.clone(),
        direction: if t.to_contract {
            TransferDirection::ToContract
        } else {
            TransferDirection::ToWallet
        },
        amount: t.amount,
        balance_after: t.after,
        time_ms: t.time,
        seq,
    }
}

/// The row of a forced close.
pub fn forced_row(seq: u64, f: &ForcedRecord) -> ForcedRow {
    ForcedRow {
        id: f.id,
        uid: f.uid,
        kind: f.kind,
        contract: f.symbol.clone(),
        contract_id: f.contract_id,
        position_type: mode_name(f.mode).to_owned(),
        side: f.side.name().to_owned(),
        leverage: f.leverage,
        price: f.price,
        volume: f.volume,
        value: f.value,
        entry_price: f.entry_price,
        realized_pnl: f.realized,
        deficit: f.deficit,
        time_ms: f.time,
        seq,
    }
}

/// The row a record becomes, tagged with the input `seq` it left the core with.
pub fn row(seq: u64, record: &Record) -> Row {
    match record {
        Record::Account { uid, api_key, time } => Row::Account(AccountRow {
            uid: *uid,
            api_key: api_key.clone(),
            created_ms: *time,
            seq,
        }),
        Record::Order { order, .. } => Row::Order(order_row(seq, order, true)),
        Record::OrderChanged(order) => Row::Order(order_row(seq, order, false)),
        Record::Trade(t) => Row::Fill(fill_row(seq, t)),
        Record::Transfer(t) => Row::Transfer(transfer_row(seq, t)),
        Record::Forced(f) => Row::Forced(forced_row(seq, f)),
        Record::Funding(f) => Row::Funding(FundingRow {
            uid: f.uid,
            contract: f.symbol.clone(),
            position_side: f.side.name().to_owned(),
            position_type: mode_name(f.mode).to_owned(),
            rate: f.rate,
            amount: f.amount,
            time_ms: f.time,
            seq,
        }),
    }
}

/// The rows of what input `seq` made leave the core, in order (a commit's rows).
pub fn rows(seq: u64, records: &[Record]) -> Vec<Row> {
    records.iter().map(|r| row(seq, r)).collect()
}

/// The order of a row, as its view reads it (see the module's notes); `children` empty (the
/// rows whose `parent_id` it is say them).
pub fn order_record(row: &OrderRow) -> SimResult<OrderRecord> {
    let at = |column| ("orders", row.order_id, column);
    let kind = OrderKind::from_wire(&contango::OrderType::from_wire_str(&row.order_type))
        .ok_or_else(|| unknown("orders", row.order_id, "type", &row.order_type))?;
    let status = named(
        &STATUSES,
        |s| s.wire().as_str().to_owned(),
        &row.status,
        at("status"),
    )?;
    let open = named(
        &[true, false],
        |o| action_name(o).to_owned(),
        &row.action,
        at("action"),
    )?;
    let condition = if row.conditional {
        Some(condition(row)?)
    } else {
        None
    };
    Ok(OrderRecord {
        id: row.order_id,
        uid: row.uid,
        client_order_id: row.client_order_id.clone(),
        symbol: row.contract.clone(),
        side: side_of(&row.side, at("side"))?,
        kind,
        mode: mode_of(&row.position_type, at("position_type"))?,
        open,
        price: row.price,
        volume: row.volume,
        amount: row.amount,
        leverage: row.leverage,
        filled: row.filled,
        filled_price_volume: row.avg_price * row.filled,
        fee: row.fee,
        status,
        locked: Decimal::ZERO,
        ctime: row.created_ms,
        mtime: row.updated_ms,
        condition,
        parent: row.parent_id,
        children: Vec::new(),
    })
}

/// The trigger of a conditional order's row.
fn condition(row: &OrderRow) -> SimResult<Condition> {
    let at = |column| ("orders", row.order_id, column);
    let missing = |column| unknown("orders", row.order_id, column, "NULL");
    let text = |v: &Option<String>, column| v.clone().ok_or_else(|| missing(column));
    let kinds = [TriggerKind::StopLoss, TriggerKind::TakeProfit];
    let kind = named(
        &kinds,
        |k| trigger_name(k).to_owned(),
        &text(&row.trigger_type, "trigger_type")?,
        at("trigger_type"),
    )?;
    let watched = named(
        &[WatchedPrice::Last, WatchedPrice::Mark],
        |s| watched_name(s).to_owned(),
        &text(&row.trigger_price_type, "trigger_price_type")?,
        at("trigger_price_type"),
    )?;
    let places = match text(&row.trigger_order_type, "trigger_order_type")?.as_str() {
        "POSITION" => Places::Position,
        "LIMIT" | "MARKET" => Places::Order,
        other => return Err(unknown("orders", row.order_id, "trigger_order_type", other)),
    };
    Ok(Condition {
        kind,
        watched,
        price: row.trigger_price.ok_or_else(|| missing("trigger_price"))?,
        places,
        position: None,
        oco: row.parent_id.map(Oco::Parent),
        armed: false,
        rejected: None,
    })
}

/// One side of a trade, whole.
pub fn trade_record(row: &FillRow) -> SimResult<TradeRecord> {
    let at = |column| ("fills", row.trade_id, column);
    Ok(TradeRecord {
        trade_id: row.trade_id,
        order_id: row.order_id,
        uid: row.uid,
        symbol: row.contract.clone(),
        price: row.price,
        volume: row.volume,
        value: row.value,
        side: side_of(&row.side, at("side"))?,
        fee: row.fee,
        realized: row.realized_pnl,
        bid_id: row.bid_order_id,
        ask_id: row.ask_order_id,
        bid_uid: row.bid_uid,
        ask_uid: row.ask_uid,
        is_maker: row.maker,
        rule: rule_of(&row.rule, at("rule"))?,
        time: row.time_ms,
    })
}

/// A transfer, whole.
pub fn transfer(row: &TransferRow) -> Transfer {
    Transfer {
        id: row.id,
        uid: row.uid,
        to_contract: row.direction == TransferDirection::ToContract,
        coin: row.coin.clone(),
        amount: row.amount,
        after: row.balance_after,
        time: row.time_ms,
    }
}

/// A forced close, whole.
pub fn forced_record(row: &ForcedRow) -> SimResult<ForcedRecord> {
    let at = |column| ("forced_orders", row.id, column);
    Ok(ForcedRecord {
        id: row.id,
        uid: row.uid,
        kind: row.kind,
        symbol: row.contract.clone(),
        contract_id: row.contract_id,
        mode: mode_of(&row.position_type, at("position_type"))?,
        side: side_of(&row.side, at("side"))?,
        leverage: row.leverage,
        price: row.price,
        volume: row.volume,
        value: row.value,
        entry_price: row.entry_price,
        realized: row.realized_pnl,
        deficit: row.deficit,
        time: row.time_ms,
    })
}
