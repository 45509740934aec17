//! What the venue remembers of what left the core: done orders, each side of every trade,
//! transfers, forced orders. The REST history views (`myTrades`, `futures_transfer_history`,
//! `forceOrdersHistory`, a done order's `order`), the fill log and the reports read it through
//! [`History`], which has two homes:
//! - [`MemoryHistory`], in memory, when there is no store: the latest [`ORDERS_KEPT`] done orders, and
//!   per account the latest [`TRADES_KEPT`] trades, [`TRANSFERS_KEPT`] transfers and
//!   [`FORCED_KEPT`] forced orders; the latest [`FILL_LOG`] fills against a market source. Older
//!   records are forgotten, so a venue that runs for days stays the same size. The venue's own
//!   accounts (the market maker, the market driver's taker) keep no records here: their requotes
//!   would push the users' done orders out within minutes, and their trades would fill memory
//!   at the driver's pace for the first hour. Running totals (fees, trades, orders, fills by
//!   rule) count everything since the start, theirs included.
//! - a journaled venue's store, whose read tables keep everything (the `journal` feature).

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use crate::error::SimResult;
use crate::exchange::Exchange;
use crate::exchange::book::source::Rule;
use crate::exchange::records::{ForcedKind, ForcedRecord, Record, TradeRecord, Transfer};
use crate::venue::Core;
pub use crate::venue::history::{DoneOrder, FillRecord, History, Span, Totals};

/// The former name of [`MemoryHistory`].
#[deprecated(
    note = "renamed `MemoryHistory` (store::TimeRange and the rate limit's window share no name with it)"
)]
pub type Window = MemoryHistory;

/// Done orders kept (over every account).
pub const ORDERS_KEPT: usize = 10_000;
/// Trades kept per account.
pub const TRADES_KEPT: usize = 10_000;
/// Transfers kept per account.
pub const TRANSFERS_KEPT: usize = 1_000;
/// Forced orders kept per account.
pub const FORCED_KEPT: usize = 1_000;
/// Fills against a market source kept for the fill log (over every account).
pub const FILL_LOG: usize = 10_000;
/// Default window of the history endpoints: the recent 30 days.
pub const THIRTY_DAYS_MS: i64 = 30 * 24 * 3600 * 1000;

/// The history in memory: a bounded window and the totals.
#[derive(Debug, Default)]
pub struct MemoryHistory {
    /// The done orders kept, in the order they were done, in a ring allocated once: a venue
    /// that runs for days replaces them one by one without allocating and freeing tree nodes,
    /// which fragmented the heap (its resident size crept for minutes).
    orders: VecDeque<DoneOrder>,
    /// The number of done orders ever kept before the ring's front: the one numbered `n` is at
    /// `n - dropped`.
    dropped: u64,
    /// Each kept done order's number, by id.
    by_id: HashMap<i64, u64>,
    /// The numbers of the kept done orders with each client order id, by account.
    client_ids: HashMap<(i64, String), Vec<u64>>,
    trades: BTreeMap<i64, VecDeque<TradeRecord>>,
    transfers: BTreeMap<i64, VecDeque<Transfer>>,
    forced: BTreeMap<i64, VecDeque<ForcedRecord>>,
    fills: VecDeque<FillRecord>,
    fill_counts: BTreeMap<Rule, u64>,
    totals: BTreeMap<(i64, String), Totals>,
    orders_done: BTreeMap<i64, u64>,
    /// The venue's own accounts, whose records are not kept.
    house: BTreeSet<i64>,
}

fn bounded<T>(queue: &mut VecDeque<T>, item: T, max: usize) {
    if queue.len() >= max {
        queue.pop_front();
    }
    queue.push_back(item);
}

impl MemoryHistory {
    /// The core of a venue without a store: `exchange`, and its history in this window holding
    /// the records its start left (`start`: the accounts it opened, the trades it backfilled).
    pub fn core(exchange: Exchange, start: Vec<Record>) -> Core {
        let mut history = MemoryHistory::without(exchange.house_accounts());
        history.record(0, start);
        Core {
            exchange,
            history: Box::new(history),
            seq: 0,
        }
    }

    /// An empty window that keeps no records of the accounts `house` (the venue's own).
    pub fn without(house: impl IntoIterator<Item = i64>) -> MemoryHistory {
        MemoryHistory {
            house: house.into_iter().collect(),
            ..MemoryHistory::default()
        }
    }

    /// Keeps what left the core.
    pub fn keep(&mut self, records: Vec<Record>) {
        for r in records {
            match r {
                Record::Order { order, children } => self.done(DoneOrder { order, children }),
                Record::Trade(t) => self.trade(t),
                Record::Transfer(t) if !self.house.contains(&t.uid) => {
                    bounded(self.transfers.entry(t.uid).or_default(), t, TRANSFERS_KEPT);
                }
                Record::Forced(f) if !self.house.contains(&f.uid) => {
                    bounded(self.forced.entry(f.uid).or_default(), f, FORCED_KEPT);
                }
                Record::Transfer(_) | Record::Forced(_) => {}
                Record::Account { .. } | Record::OrderChanged(_) | Record::Funding(_) => {}
            }
        }
    }

    fn done(&mut self, done: DoneOrder) {
        let uid = done.order.uid;
        *self.orders_done.entry(uid).or_default() += 1;
        if self.house.contains(&uid) {
            return;
        }
        if self.orders.capacity() == 0 {
            self.orders.reserve_exact(ORDERS_KEPT);
            self.by_id.reserve(2 * ORDERS_KEPT);
            self.client_ids.reserve(2 * ORDERS_KEPT);
        }
        if self.orders.len() == ORDERS_KEPT {
            self.forget_oldest();
        }
        let n = self.dropped + self.orders.len() as u64;
        if let Some(coid) = &done.order.client_order_id {
            self.client_ids
                .entry((uid, coid.clone()))
                .or_default()
                .push(n);
        }
        self.by_id.insert(done.order.id, n);
        self.orders.push_back(done);
    }

    fn forget_oldest(&mut self) {
        let Some(gone) = self.orders.pop_front() else {
            return;
        };
        let n = self.dropped;
        self.dropped += 1;
        // An order done twice is found at its latest place.
        if self.by_id.get(&gone.order.id) == Some(&n) {
            self.by_id.remove(&gone.order.id);
        }
        if let Some(coid) = gone.order.client_order_id {
            let key = (gone.order.uid, coid);
            if let Some(numbers) = self.client_ids.get_mut(&key) {
                numbers.retain(|&m| m != n);
                if numbers.is_empty() {
                    self.client_ids.remove(&key);
                }
            }
        }
    }

    /// The kept done order numbered `n`.
    fn numbered(&self, n: u64) -> Option<&DoneOrder> {
        let at = usize::try_from(n.checked_sub(self.dropped)?).ok()?;
        self.orders.get(at)
    }

    fn trade(&mut self, t: TradeRecord) {
        let totals = self.totals.entry((t.uid, t.symbol.clone())).or_default();
        totals.fees += t.fee;
        totals.trades += 1;
        if let Some(rule) = t.rule {
            *self.fill_counts.entry(rule).or_default() += 1;
            let fill = FillRecord::of(&t, rule);
            bounded(&mut self.fills, fill, FILL_LOG);
        }
        if !self.house.contains(&t.uid) {
            bounded(self.trades.entry(t.uid).or_default(), t, TRADES_KEPT);
        }
    }

    /// The done order `id`, if still kept.
    fn done_order(&self, id: i64) -> Option<&DoneOrder> {
        self.numbered(*self.by_id.get(&id)?)
    }

    /// The done orders of `uid` with client order id `coid` still kept, oldest (by id) first.
    fn done_by_client_id(&self, uid: i64, coid: &str) -> Vec<&DoneOrder> {
        let mut found: Vec<&DoneOrder> = self
            .client_ids
            .get(&(uid, coid.to_owned()))
            .into_iter()
            .flatten()
            // An order done twice is found once, at its latest place.
            .filter_map(|&n| {
                self.numbered(n)
                    .filter(|d| self.by_id.get(&d.order.id) == Some(&n))
            })
            .collect();
        found.sort_by_key(|d| d.order.id);
        found
    }

    /// Trades of `uid` in `symbol`, oldest first (`myTrades`): with `from_id`, the first
    /// `limit` from that trade id on; without, the newest `limit`; `start`/`end` bound the time
    /// (inclusive).
    fn trades_of(
        &self,
        uid: i64,
        symbol: &str,
        from_id: Option<i64>,
        (start, end): Span,
        limit: usize,
    ) -> Vec<&TradeRecord> {
        let (start, end) = (start.unwrap_or(i64::MIN), end.unwrap_or(i64::MAX));
        let matching = self.trades.get(&uid).into_iter().flatten().filter(|t| {
            t.symbol == symbol
                && t.time >= start
                && t.time <= end
                && from_id.is_none_or(|id| t.trade_id >= id)
        });
        if from_id.is_some() {
            matching.take(limit).collect()
        } else {
            let all: Vec<_> = matching.collect();
            let skip = all.len().saturating_sub(limit);
            all.into_iter().skip(skip).collect()
        }
    }

    /// Transfers of one direction, optionally of one coin, in `[begin, end]` (begin defaults to
    /// 30 days before `now`, end to any time), oldest first, paged.
    #[allow(clippy::too_many_arguments)]
    fn transfers_of(
        &self,
        uid: i64,
        to_contract: bool,
        coin: Option<&str>,
        (begin, end): Span,
        page: usize,
        limit: usize,
        now: i64,
    ) -> Vec<&Transfer> {
        let begin = begin.unwrap_or(now - THIRTY_DAYS_MS);
        let end = end.unwrap_or(i64::MAX);
        self.transfers
            .get(&uid)
            .into_iter()
            .flatten()
            .filter(|t| t.to_contract == to_contract)
            .filter(|t| coin.is_none_or(|c| c.eq_ignore_ascii_case(&t.coin)))
            .filter(|t| t.time >= begin && t.time <= end)
            .skip(page.saturating_sub(1).saturating_mul(limit))
            .take(limit)
            .collect()
    }

    /// Forced orders of `uid` in `symbol`, of one kind or both, in `[begin, end]` (begin
    /// defaults to 30 days before `now`), oldest first, paged.
    #[allow(clippy::too_many_arguments)]
    fn forced_of(
        &self,
        uid: i64,
        symbol: &str,
        kind: Option<ForcedKind>,
        (begin, end): Span,
        page: usize,
        limit: usize,
        now: i64,
    ) -> Vec<&ForcedRecord> {
        let begin = begin.unwrap_or(now - THIRTY_DAYS_MS);
        let end = end.unwrap_or(i64::MAX);
        self.forced
            .get(&uid)
            .into_iter()
            .flatten()
            .filter(|r| r.symbol == symbol && kind.is_none_or(|k| k == r.kind))
            .filter(|r| r.time >= begin && r.time <= end)
            .skip(page.saturating_sub(1).saturating_mul(limit))
            .take(limit)
            .collect()
    }
}

impl History for MemoryHistory {
    fn record(&mut self, _seq: u64, records: Vec<Record>) {
        self.keep(records);
    }

    fn order(&self, id: i64) -> SimResult<Option<DoneOrder>> {
        Ok(self.done_order(id).cloned())
    }

    fn orders_by_client_id(&self, uid: i64, coid: &str) -> SimResult<Vec<DoneOrder>> {
        Ok(self
            .done_by_client_id(uid, coid)
            .into_iter()
            .cloned()
            .collect())
    }

    fn trades(
        &self,
        uid: i64,
        symbol: &str,
        from_id: Option<i64>,
        span: Span,
        limit: usize,
    ) -> SimResult<Vec<TradeRecord>> {
        let found = self.trades_of(uid, symbol, from_id, span, limit);
        Ok(found.into_iter().cloned().collect())
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
        let found = self.transfers_of(uid, to_contract, coin, span, page, limit, now);
        Ok(found.into_iter().cloned().collect())
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
        let found = self.forced_of(uid, symbol, kind, span, page, limit, now);
        Ok(found.into_iter().cloned().collect())
    }

    fn fills(&self) -> SimResult<Vec<FillRecord>> {
        Ok(self.fills.iter().cloned().collect())
    }

    fn fill_counts(&self) -> SimResult<BTreeMap<Rule, u64>> {
        Ok(self.fill_counts.clone())
    }

    fn totals(&self) -> SimResult<BTreeMap<(i64, String), Totals>> {
        Ok(self.totals.clone())
    }

    fn orders_done(&self, uid: i64) -> SimResult<u64> {
        Ok(self.orders_done.get(&uid).copied().unwrap_or(0))
    }
}
