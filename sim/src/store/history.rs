//! The venue's history in the store: what leaves the core, as rows of the read tables; the rows
//! read back as the core's records; and [`StoreHistory`], the [`History`] of a journaled venue,
//! which answers the REST history views from the read tables as [`crate::history::MemoryHistory`]
//! answers them from memory.
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

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rust_decimal::Decimal;

use super::StoreError;
use super::range::{Page, TimeRange};
use super::reader::Reader;
use super::rows::{
    AccountRow, FillRow, ForcedKind as ForcedRowKind, ForcedRow, FundingRow, OrderRow, Row,
    TransferDirection, TransferRow,
};
use crate::error::{SimError, SimResult};
use crate::exchange::book::source::Rule;
use crate::exchange::book::{PriceSource, Side};
use crate::exchange::order::{
    Condition, Oco, OrderKind, OrderRecord, OrderStatus, Places, TriggerKind,
};
use crate::exchange::positions::MarginMode;
use crate::exchange::records::{ForcedKind, ForcedRecord, Record, TradeRecord, Transfer};
use crate::history::{DoneOrder, FILL_LOG, FillRecord, History, Span, THIRTY_DAYS_MS, Totals};

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

const RULES: [Rule; 6] = [
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

fn source_name(source: PriceSource) -> &'static str {
    match source {
        PriceSource::Last => "LAST_PRICE",
        PriceSource::Mark => "MARK_PRICE",
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
        trigger_price_type: c.map(|c| source_name(c.source).to_owned()),
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
        kind: match f.kind {
            ForcedKind::Liquidation => ForcedRowKind::Liquidation,
            ForcedKind::Adl => ForcedRowKind::Adl,
        },
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
    let source = named(
        &[PriceSource::Last, PriceSource::Mark],
        |s| source_name(s).to_owned(),
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
        source,
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
        kind: match row.kind {
            ForcedRowKind::Liquidation => ForcedKind::Liquidation,
            ForcedRowKind::Adl => ForcedKind::Adl,
        },
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

/// A fill of the fill log: a trade against a market source.
fn fill_record(t: &TradeRecord, rule: Rule) -> FillRecord {
    FillRecord {
        time: t.time,
        symbol: t.symbol.clone(),
        order_id: t.order_id,
        uid: t.uid,
        side: t.side,
        price: t.price,
        volume: t.volume,
        rule,
        fee: t.fee,
    }
}

/// A read of the store that failed, as the venue reports it.
fn read<T>(what: &str, r: Result<T, StoreError>) -> SimResult<T> {
    r.map_err(|e| SimError::internal(format!("reading {what} from the store: {e}")))
}

fn count(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// A pending order's latest state: the record, and the children it left the core with (`None`:
/// a live order's change).
#[derive(Debug, Clone, Copy)]
struct Latest<'a> {
    order: &'a OrderRecord,
    archived: Option<&'a [OrderRecord]>,
}

/// The history of a journaled venue: the store's read tables, through a [`Reader`], and the
/// records of the inputs applied but not yet committed.
///
/// The venue reads its history as soon as it applied an input, before the commit of that
/// input has returned. So [`History::record`] keeps each input's records until the committed
/// seq (an [`AtomicU64`] the committer sets after each commit) reaches it, and every query
/// answers the rows of the inputs up to the committed seq (read at the query's start) followed
/// by the pending records after it: each item once, in the order the venue made them, as
/// [`crate::history::MemoryHistory`] answers, but with nothing forgotten.
#[derive(Debug)]
pub struct StoreHistory {
    reader: Reader,
    committed: Arc<AtomicU64>,
    /// `(seq, records)` of inputs not known to be committed, in the order recorded.
    pending: VecDeque<(u64, Vec<Record>)>,
}

impl StoreHistory {
    /// The history over `reader`'s store, told the committed seq through `committed`: the
    /// store's last seq when it is opened (the inputs a start replays are already there: their
    /// records are not kept again), then set by the committer after each commit.
    pub fn new(reader: Reader, committed: Arc<AtomicU64>) -> StoreHistory {
        StoreHistory {
            reader,
            committed,
            pending: VecDeque::new(),
        }
    }

    /// Inputs whose records are held until their commit.
    pub fn pending_inputs(&self) -> usize {
        self.pending.len()
    }

    fn committed(&self) -> u64 {
        self.committed.load(Ordering::Acquire)
    }

    /// The records of the inputs after `through`, in order.
    fn pending_after(&self, through: u64) -> impl Iterator<Item = &Record> {
        self.pending
            .iter()
            .filter(move |(seq, _)| *seq > through)
            .flat_map(|(_, records)| records)
    }

    fn pending_trades(&self, through: u64) -> impl Iterator<Item = &TradeRecord> {
        self.pending_after(through).filter_map(|r| match r {
            Record::Trade(t) => Some(t),
            _ => None,
        })
    }

    /// The latest state of each order a pending record carries.
    fn pending_orders(&self, through: u64) -> BTreeMap<i64, Latest<'_>> {
        let mut latest = BTreeMap::new();
        for r in self.pending_after(through) {
            let (order, archived) = match r {
                Record::Order { order, children } => (order, Some(children.as_slice())),
                Record::OrderChanged(order) => (order, None),
                _ => continue,
            };
            latest.insert(order.id, Latest { order, archived });
        }
        latest
    }

    /// The done order of an archived row, with the orders attached to it as they ended. An
    /// order is archived with its whole group by one input, and never written again: the rows of
    /// the group are all in the store, and no pending record replaces one.
    fn done_of_row(&self, row: &OrderRow, through: u64) -> SimResult<DoneOrder> {
        let mut order = order_record(row)?;
        let children = read(
            "orders",
            self.reader.children_through(row.order_id, through),
        )?
        .iter()
        .map(order_record)
        .collect::<SimResult<Vec<_>>>()?;
        order.children = children.iter().map(|c| c.id).collect();
        Ok(DoneOrder { order, children })
    }

    /// A page of `limit` from `offset` over the store's rows followed by the pending `items`
    /// (filtered as the rows were): `rows` is the store's part (paged at `offset` already), and
    /// `stored` says how many rows the filter finds in the store, asked only when the page
    /// reaches past them.
    fn page<T>(
        rows: Vec<T>,
        items: impl Iterator<Item = T>,
        (offset, limit): (usize, usize),
        stored: impl FnOnce() -> SimResult<u64>,
    ) -> SimResult<Vec<T>> {
        let mut out = rows;
        if out.len() >= limit {
            return Ok(out);
        }
        let stored = if out.is_empty() {
            count(stored()?)
        } else {
            offset + out.len()
        };
        let take = limit - out.len();
        out.extend(items.skip(offset.saturating_sub(stored)).take(take));
        Ok(out)
    }
}

/// `span` as the store's window, its start defaulting to 30 days before `now`.
fn recent(span: Span, now: i64) -> TimeRange {
    TimeRange {
        start: Some(span.0.unwrap_or(now - THIRTY_DAYS_MS)),
        end: span.1,
    }
}

fn within(time: i64, window: TimeRange) -> bool {
    let (start, end) = window.bounds();
    time >= start && time <= end
}

impl History for StoreHistory {
    fn record(&mut self, seq: u64, records: Vec<Record>) {
        let committed = self.committed();
        self.pending.retain(|(s, _)| *s > committed);
        if seq > committed && !records.is_empty() {
            self.pending.push_back((seq, records));
        }
    }

    fn order(&self, id: i64) -> SimResult<Option<DoneOrder>> {
        let through = self.committed();
        let pending = self.pending_orders(through);
        if let Some(latest) = pending.get(&id) {
            return Ok(latest.archived.map(|children| DoneOrder {
                order: latest.order.clone(),
                children: children.to_vec(),
            }));
        }
        match read("orders", self.reader.order_through(id, through))? {
            Some(row) if row.archived => self.done_of_row(&row, through).map(Some),
            _ => Ok(None),
        }
    }

    fn orders_by_client_id(&self, uid: i64, coid: &str) -> SimResult<Vec<DoneOrder>> {
        let through = self.committed();
        let pending = self.pending_orders(through);
        let rows = self
            .reader
            .archived_by_client_id_through(uid, coid, through);
        // Archived rows are final: the pending records add orders, they replace none.
        let mut found = BTreeMap::new();
        for row in read("orders", rows)? {
            found.insert(row.order_id, self.done_of_row(&row, through)?);
        }
        for (id, latest) in &pending {
            let o = latest.order;
            if o.uid != uid || o.client_order_id.as_deref() != Some(coid) {
                continue;
            }
            if let Some(children) = latest.archived {
                let done = DoneOrder {
                    order: o.clone(),
                    children: children.to_vec(),
                };
                found.insert(*id, done);
            }
        }
        Ok(found.into_values().collect())
    }

    fn trades(
        &self,
        uid: i64,
        symbol: &str,
        from_id: Option<i64>,
        span: Span,
        limit: usize,
    ) -> SimResult<Vec<TradeRecord>> {
        let through = self.committed();
        let window = TimeRange {
            start: span.0,
            end: span.1,
        };
        let mut pending: Vec<&TradeRecord> = self
            .pending_trades(through)
            .filter(|t| t.uid == uid && t.symbol == symbol && within(t.time, window))
            .filter(|t| from_id.is_none_or(|id| t.trade_id >= id))
            .collect();
        // With `from_id` the first `limit` (the store's, then the pending ones); without, the
        // newest `limit` (the pending ones, and before them the store's).
        let (from_store, pending) = match from_id {
            Some(_) => {
                pending.truncate(limit);
                (limit, pending)
            }
            None => {
                let newest = pending.split_off(pending.len().saturating_sub(limit));
                (limit - newest.len(), newest)
            }
        };
        let rows = self
            .reader
            .fills_through(uid, symbol, from_id, window, from_store, through);
        let mut out = read("fills", rows)?
            .iter()
            .map(trade_record)
            .collect::<SimResult<Vec<_>>>()?;
        let room = limit - out.len().min(limit);
        out.extend(pending.into_iter().take(room).cloned());
        Ok(out)
    }

    fn transfers(
        &self,
        uid: i64,
        to_contract: bool,
        coin: Option<&str>,
        span: Span,
        page: usize,
        limit: usize,
        now: i64,
    ) -> SimResult<Vec<Transfer>> {
        let through = self.committed();
        let window = recent(span, now);
        let direction = if to_contract {
            TransferDirection::ToContract
        } else {
            TransferDirection::ToWallet
        };
        let paged = Page { page, limit };
        let rows = self
            .reader
            .transfers_through(uid, direction, coin, window, paged, through);
        let rows: Vec<Transfer> = read("transfers", rows)?.iter().map(transfer).collect();
        let items = self.pending_after(through).filter_map(|r| match r {
            Record::Transfer(t)
                if t.uid == uid
                    && t.to_contract == to_contract
                    && coin.is_none_or(|c| c.eq_ignore_ascii_case(&t.coin))
                    && within(t.time, window) =>
            {
                Some(t.clone())
            }
            _ => None,
        });
        let offset = page.saturating_sub(1).saturating_mul(limit);
        Self::page(rows, items, (offset, limit), || {
            let n = self
                .reader
                .transfers_count_through(uid, direction, coin, window, through);
            read("transfers", n)
        })
    }

    fn forced(
        &self,
        uid: i64,
        symbol: &str,
        kind: Option<ForcedKind>,
        span: Span,
        page: usize,
        limit: usize,
        now: i64,
    ) -> SimResult<Vec<ForcedRecord>> {
        let through = self.committed();
        let window = recent(span, now);
        let row_kind = kind.map(|k| match k {
            ForcedKind::Liquidation => ForcedRowKind::Liquidation,
            ForcedKind::Adl => ForcedRowKind::Adl,
        });
        let paged = Page { page, limit };
        let rows = self
            .reader
            .forced_through(uid, symbol, row_kind, window, paged, through);
        let rows = read("forced_orders", rows)?
            .iter()
            .map(forced_record)
            .collect::<SimResult<Vec<_>>>()?;
        let items = self.pending_after(through).filter_map(|r| match r {
            Record::Forced(f)
                if f.uid == uid
                    && f.symbol == symbol
                    && kind.is_none_or(|k| k == f.kind)
                    && within(f.time, window) =>
            {
                Some(f.clone())
            }
            _ => None,
        });
        let offset = page.saturating_sub(1).saturating_mul(limit);
        Self::page(rows, items, (offset, limit), || {
            let n = self
                .reader
                .forced_count_through(uid, symbol, row_kind, window, through);
            read("forced_orders", n)
        })
    }

    fn fills(&self) -> SimResult<Vec<FillRecord>> {
        let through = self.committed();
        let mut pending: Vec<FillRecord> = self
            .pending_trades(through)
            .filter_map(|t| t.rule.map(|rule| fill_record(t, rule)))
            .collect();
        let newest = pending.split_off(pending.len().saturating_sub(FILL_LOG));
        let rows = self
            .reader
            .fill_log_through(FILL_LOG - newest.len(), through);
        let mut out = Vec::new();
        for row in read("fills", rows)? {
            let t = trade_record(&row)?;
            if let Some(rule) = t.rule {
                out.push(fill_record(&t, rule));
            }
        }
        out.extend(newest);
        Ok(out)
    }

    fn fill_counts(&self) -> SimResult<BTreeMap<Rule, u64>> {
        let through = self.committed();
        let mut counts = BTreeMap::new();
        for (name, n) in read("fills", self.reader.fill_counts_through(through))? {
            let rule = RULES
                .into_iter()
                .find(|r| r.name() == name)
                .ok_or_else(|| {
                    SimError::internal(format!(
                        "store: fills: rule {name:?} is not a value this build writes"
                    ))
                })?;
            *counts.entry(rule).or_default() += n;
        }
        for t in self.pending_trades(through) {
            if let Some(rule) = t.rule {
                *counts.entry(rule).or_default() += 1;
            }
        }
        Ok(counts)
    }

    fn totals(&self) -> SimResult<BTreeMap<(i64, String), Totals>> {
        let through = self.committed();
        let mut totals: BTreeMap<(i64, String), Totals> = BTreeMap::new();
        let mut add = |uid: i64, contract: String, fee: Decimal| {
            let t = totals.entry((uid, contract)).or_default();
            t.fees += fee;
            t.trades += 1;
        };
        read("fills", self.reader.fill_fees_through(through, &mut add))?;
        for t in self.pending_trades(through) {
            add(t.uid, t.symbol.clone(), t.fee);
        }
        Ok(totals)
    }

    fn orders_done(&self, uid: i64) -> SimResult<u64> {
        let through = self.committed();
        let stored = read("orders", self.reader.archived_count_through(uid, through))?;
        // An archived row is final: no pending record replaces it.
        let pending = self
            .pending_orders(through)
            .values()
            .filter(|l| l.order.uid == uid && l.archived.is_some())
            .count();
        Ok(stored + u64::try_from(pending).unwrap_or_default())
    }
}
