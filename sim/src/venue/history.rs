//! What the venue remembers of what left the core, as the REST history views, the fill log
//! and the reports read it: the [`History`] trait the venue feeds each input's records, and
//! the values it answers with. Its homes are the in-memory window (`crate::history`) and a
//! journaled venue's store (`crate::store`).

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use crate::error::SimResult;
use crate::exchange::book::Side;
use crate::exchange::book::source::Rule;
use crate::exchange::order::OrderRecord;
use crate::exchange::records::{ForcedKind, ForcedRecord, Record, TradeRecord, Transfer};

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

impl FillRecord {
    /// The fill of trade `t`, made by `rule`.
    pub fn of(t: &TradeRecord, rule: Rule) -> FillRecord {
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
    /// Whether a done order of `uid` with client order id `coid` and an id above `id` is kept,
    /// when that is known without the work of [`History::orders_by_client_id`] (`None`: ask it).
    /// A look-up that found a live order with that id asks this first.
    fn done_after(&self, uid: i64, coid: &str, id: i64) -> Option<bool> {
        let _ = (uid, coid, id);
        None
    }
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
    /// The latest fills against a market source, oldest first (the latest few thousand in
    /// memory).
    fn fills(&self) -> SimResult<Vec<FillRecord>>;
    /// Fills against a market source since the start, by rule.
    fn fill_counts(&self) -> SimResult<BTreeMap<Rule, u64>>;
    /// Fees and trades of every account since the start, by `(uid, contract)`.
    fn totals(&self) -> SimResult<BTreeMap<(i64, String), Totals>>;
    /// Orders of `uid` that are done, since the start.
    fn orders_done(&self, uid: i64) -> SimResult<u64>;
}
