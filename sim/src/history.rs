//! What the venue remembers of what left the core: done orders, each side of every trade,
//! transfers, forced orders. The REST history views (`myTrades`, `futures_transfer_history`,
//! `forceOrdersHistory`, a done order's `order`), the fill log and the reports read it through
//! [`History`], which has two homes:
//! - [`Window`], in memory, when there is no store: the latest [`ORDERS_KEPT`] done orders, and
//!   per account the latest [`TRADES_KEPT`] trades, [`TRANSFERS_KEPT`] transfers and
//!   [`FORCED_KEPT`] forced orders; the latest [`FILL_LOG`] fills against a market source. Older
//!   records are forgotten, so a venue that runs for days stays the same size. The venue's own
//!   accounts (the market maker, the market driver's taker) keep no records here: their requotes
//!   would push the users' done orders out within minutes, and their trades would fill memory
//!   at the driver's pace for the first hour. Running totals (fees, trades, orders, fills by
//!   rule) count everything since the start, theirs included.
//! - a journaled venue's store, whose read tables keep everything (the `journal` feature).

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use rust_decimal::Decimal;

use crate::error::SimResult;
use crate::exchange::book::Side;
use crate::exchange::book::source::Rule;
use crate::exchange::order::OrderRecord;
use crate::exchange::records::{ForcedKind, ForcedRecord, Record, TradeRecord, Transfer};

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

/// One fill of our orders against a market source, for the fill log, the admin route and
/// reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FillRecord {
    /// Exchange time.
    pub time: i64,
    /// Contract.
    pub symbol: String,
    /// Our order.
    pub order_id: i64,
    /// Its owner.
    pub uid: i64,
    /// Its side.
    pub side: Side,
    /// Price.
    pub price: Decimal,
    /// Contracts.
    pub volume: Decimal,
    /// The rule that made it.
    pub rule: Rule,
    /// The fee charged.
    pub fee: Decimal,
}

/// A done order as it left the core, with its attached orders as they ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoneOrder {
    /// The order.
    pub order: OrderRecord,
    /// Its attached orders.
    pub children: Vec<OrderRecord>,
}

/// Running totals of one account in one contract.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// Fees paid.
    pub fees: Decimal,
    /// Trades (each side counted once).
    pub trades: u64,
}

/// The time bounds of a history query, inclusive (`None`: unbounded, or the endpoint's default).
pub type Span = (Option<i64>, Option<i64>);

/// Where the venue keeps what left the core, and the history reads. `seq` numbers the inputs
/// (0 without a journal).
pub trait History: Send + std::fmt::Debug {
    /// Keeps what input `seq` made leave the core.
    fn record(&mut self, seq: u64, records: Vec<Record>);
    /// The done order `id`, if kept.
    fn order(&self, id: i64) -> SimResult<Option<DoneOrder>>;
    /// The done orders of `uid` with client order id `coid` still kept, oldest first.
    fn orders_by_client_id(&self, uid: i64, coid: &str) -> SimResult<Vec<DoneOrder>>;
    /// Trades of `uid` in `symbol`, oldest first (`myTrades`): with `from_id`, the first
    /// `limit` from that trade id on; without, the newest `limit`; `span` bounds the time.
    fn trades(
        &self,
        uid: i64,
        symbol: &str,
        from_id: Option<i64>,
        span: Span,
        limit: usize,
    ) -> SimResult<Vec<TradeRecord>>;
    /// Transfers of one direction, optionally of one coin, in `span` (its start defaults to 30
    /// days before `now`), oldest first, paged.
    #[allow(clippy::too_many_arguments)]
    fn transfers(
        &self,
        uid: i64,
        to_contract: bool,
        coin: Option<&str>,
        span: Span,
        page: usize,
        limit: usize,
        now: i64,
    ) -> SimResult<Vec<Transfer>>;
    /// Forced orders of `uid` in `symbol`, of one kind or both, in `span` (its start defaults to
    /// 30 days before `now`), oldest first, paged.
    #[allow(clippy::too_many_arguments)]
    fn forced(
        &self,
        uid: i64,
        symbol: &str,
        kind: Option<ForcedKind>,
        span: Span,
        page: usize,
        limit: usize,
        now: i64,
    ) -> SimResult<Vec<ForcedRecord>>;
    /// The latest fills against a market source, oldest first (at most [`FILL_LOG`]).
    fn fills(&self) -> SimResult<Vec<FillRecord>>;
    /// Fills against a market source since the start, by rule.
    fn fill_counts(&self) -> SimResult<BTreeMap<Rule, u64>>;
    /// Fees and trades of every account since the start, by `(uid, contract)`.
    fn totals(&self) -> SimResult<BTreeMap<(i64, String), Totals>>;
    /// Orders of `uid` that are done, since the start.
    fn orders_done(&self, uid: i64) -> SimResult<u64>;
}

/// The history in memory: a bounded window and the totals.
#[derive(Debug, Default)]
pub struct Window {
    orders: BTreeMap<i64, DoneOrder>,
    order_ids: VecDeque<i64>,
    client_ids: BTreeMap<(i64, String), BTreeSet<i64>>,
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

impl Window {
    /// An empty window that keeps no records of the accounts `house` (the venue's own).
    pub fn without(house: impl IntoIterator<Item = i64>) -> Window {
        Window {
            house: house.into_iter().collect(),
            ..Window::default()
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
        let (id, uid) = (done.order.id, done.order.uid);
        *self.orders_done.entry(uid).or_default() += 1;
        if self.house.contains(&uid) {
            return;
        }
        if let Some(coid) = &done.order.client_order_id {
            self.client_ids
                .entry((uid, coid.clone()))
                .or_default()
                .insert(id);
        }
        self.orders.insert(id, done);
        self.order_ids.push_back(id);
        while self.order_ids.len() > ORDERS_KEPT {
            let Some(old) = self.order_ids.pop_front() else {
                break;
            };
            let Some(gone) = self.orders.remove(&old) else {
                continue;
            };
            if let Some(coid) = gone.order.client_order_id {
                let key = (gone.order.uid, coid);
                if let Some(ids) = self.client_ids.get_mut(&key) {
                    ids.remove(&old);
                    if ids.is_empty() {
                        self.client_ids.remove(&key);
                    }
                }
            }
        }
    }

    fn trade(&mut self, t: TradeRecord) {
        let totals = self.totals.entry((t.uid, t.symbol.clone())).or_default();
        totals.fees += t.fee;
        totals.trades += 1;
        if let Some(rule) = t.rule {
            *self.fill_counts.entry(rule).or_default() += 1;
            let fill = FillRecord {
                time: t.time,
                symbol: t.symbol.clone(),
                order_id: t.order_id,
                uid: t.uid,
                side: t.side,
                price: t.price,
                volume: t.volume,
                rule,
                fee: t.fee,
            };
            bounded(&mut self.fills, fill, FILL_LOG);
        }
        if !self.house.contains(&t.uid) {
            bounded(self.trades.entry(t.uid).or_default(), t, TRADES_KEPT);
        }
    }

    /// The done order `id`, if still kept.
    fn done_order(&self, id: i64) -> Option<&DoneOrder> {
        self.orders.get(&id)
    }

    /// The done orders of `uid` with client order id `coid` still kept, oldest first.
    fn done_by_client_id(&self, uid: i64, coid: &str) -> impl Iterator<Item = &DoneOrder> {
        self.client_ids
            .get(&(uid, coid.to_owned()))
            .into_iter()
            .flatten()
            .filter_map(|id| self.orders.get(id))
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

impl History for Window {
    fn record(&mut self, _seq: u64, records: Vec<Record>) {
        self.keep(records);
    }

    fn order(&self, id: i64) -> SimResult<Option<DoneOrder>> {
        Ok(self.done_order(id).cloned())
    }

    fn orders_by_client_id(&self, uid: i64, coid: &str) -> SimResult<Vec<DoneOrder>> {
        Ok(self.done_by_client_id(uid, coid).cloned().collect())
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
