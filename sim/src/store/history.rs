//! [`StoreHistory`], the [`History`] of a journaled venue: it answers the REST history views
//! from the read tables as [`crate::history::MemoryHistory`] answers them from memory, the
//! records turned into rows and back by [`super::convert`].

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rust_decimal::Decimal;

use super::StoreError;
use super::convert::{RULES, forced_record, order_record, trade_record, transfer};
use super::range::{Page, TimeRange};
use super::reader::Reader;
use super::recent::RecentDone;
use super::rows::{OrderRow, TransferDirection};
use crate::error::{SimError, SimResult};
use crate::exchange::book::source::Rule;
use crate::exchange::order::OrderRecord;
use crate::exchange::records::{ForcedKind, ForcedRecord, Record, TradeRecord, Transfer};
use crate::history::{DoneOrder, FILL_LOG, FillRecord, History, Span, THIRTY_DAYS_MS, Totals};

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
    /// The newest done orders by client order id, known without reading the store.
    recent: RecentDone,
}

impl StoreHistory {
    /// The history over `reader`'s store, told the committed seq through `committed`: the
    /// store's last seq when it is opened (the inputs a start replays are already there: their
    /// records are not kept again), then set by the committer after each commit.
    pub fn new(reader: Reader, committed: Arc<AtomicU64>) -> StoreHistory {
        // Unknown, the floor is the largest id: the index then answers nothing it was not told.
        let floor = reader.newest_archived_id().unwrap_or(Some(i64::MAX));
        StoreHistory {
            reader,
            committed,
            pending: VecDeque::new(),
            recent: RecentDone::new(floor.unwrap_or(0)),
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

    /// The latest state of each order a pending record carries, of the orders `wanted` keeps
    /// (a query asks for few of them: the map holds those alone).
    fn pending_orders(
        &self,
        through: u64,
        wanted: impl Fn(&OrderRecord) -> bool,
    ) -> BTreeMap<i64, Latest<'_>> {
        let mut latest = BTreeMap::new();
        for r in self.pending_after(through) {
            let (order, archived) = match r {
                Record::Order { order, children } => (order, Some(children.as_slice())),
                Record::OrderChanged(order) => (order, None),
                _ => continue,
            };
            if wanted(order) {
                latest.insert(order.id, Latest { order, archived });
            }
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
        // Recorded in seq order: the committed ones are at the front.
        while self.pending.front().is_some_and(|(s, _)| *s <= committed) {
            self.pending.pop_front();
        }
        for r in &records {
            if let Record::Order { order, children } = r {
                for o in std::iter::once(order).chain(children) {
                    if let Some(coid) = &o.client_order_id {
                        self.recent.note(o.id, o.uid, coid);
                    }
                }
            }
        }
        if seq > committed && !records.is_empty() {
            self.pending.push_back((seq, records));
        }
    }

    fn order(&self, id: i64) -> SimResult<Option<DoneOrder>> {
        let through = self.committed();
        let pending = self.pending_orders(through, |o| o.id == id);
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

    fn done_after(&self, uid: i64, coid: &str, id: i64) -> Option<bool> {
        self.recent.done_after(uid, coid, id)
    }

    fn orders_by_client_id(&self, uid: i64, coid: &str) -> SimResult<Vec<DoneOrder>> {
        let through = self.committed();
        let pending = self.pending_orders(through, |o| {
            o.uid == uid && o.client_order_id.as_deref() == Some(coid)
        });
        let rows = self
            .reader
            .archived_by_client_id_through(uid, coid, through);
        // Archived rows are final: the pending records add orders, they replace none.
        let mut found = BTreeMap::new();
        for row in read("orders", rows)? {
            found.insert(row.order_id, self.done_of_row(&row, through)?);
        }
        for (id, latest) in &pending {
            if let Some(children) = latest.archived {
                let done = DoneOrder {
                    order: latest.order.clone(),
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
        let row_kind = kind;
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
            .filter_map(|t| t.rule.map(|rule| FillRecord::of(t, rule)))
            .collect();
        let newest = pending.split_off(pending.len().saturating_sub(FILL_LOG));
        let rows = self
            .reader
            .fill_log_through(FILL_LOG - newest.len(), through);
        let mut out = Vec::new();
        for row in read("fills", rows)? {
            let t = trade_record(&row)?;
            if let Some(rule) = t.rule {
                out.push(FillRecord::of(&t, rule));
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
            .pending_orders(through, |o| o.uid == uid)
            .values()
            .filter(|l| l.archived.is_some())
            .count();
        Ok(stored + u64::try_from(pending).unwrap_or_default())
    }
}
