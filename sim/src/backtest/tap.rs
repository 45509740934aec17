//! What a backtest's report needs of the venue's history beyond its window: every fill and
//! funding payment of the funded account, as they leave the core. The in-memory history keeps
//! the latest few thousand of each and no funding; a report needs the whole run.
//!
//! The tap wraps the venue's history: each input's records pass through it unchanged, and it
//! keeps a copy of the account's. A fill's action (open or close) is its order's: the venue is
//! set to let every order an input changed leave a record of it, so the fill's order is among
//! the same input's records; a fill whose order is none of them is a forced close (a
//! liquidation's or ADL's order is the exchange's, never placed).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use crate::error::SimResult;
use crate::exchange::book::Side;
use crate::exchange::records::{ForcedKind, ForcedRecord, Record, TradeRecord, Transfer};
use crate::history::{DoneOrder, FillRecord, History, Span, Totals, Window};
use crate::report::{FillLine, FundingLine};
use crate::venue::{Venue, lock};

/// The fills and funding payments of one account, in order.
#[derive(Debug, Default)]
pub(crate) struct Kept {
    pub fills: Vec<FillLine>,
    pub funding: Vec<FundingLine>,
}

/// The venue's history, and a copy of one account's fills and funding.
#[derive(Debug)]
struct Tap {
    inner: Box<dyn History>,
    uid: i64,
    kept: Arc<Mutex<Kept>>,
}

/// Taps `venue`'s history for account `uid`'s fills and funding from now on.
pub(crate) fn install(venue: &Venue, uid: i64) -> Arc<Mutex<Kept>> {
    let kept = Arc::new(Mutex::new(Kept::default()));
    let mut core = venue.read();
    core.exchange.keep_order_changes(true);
    let inner = std::mem::replace(&mut core.history, Box::new(Window::default()));
    core.history = Box::new(Tap {
        inner,
        uid,
        kept: kept.clone(),
    });
    kept
}

impl History for Tap {
    fn record(&mut self, seq: u64, records: Vec<Record>) {
        let mut opens: BTreeMap<i64, bool> = BTreeMap::new();
        for r in &records {
            match r {
                Record::Order { order, children } => {
                    opens.insert(order.id, order.open);
                    opens.extend(children.iter().map(|c| (c.id, c.open)));
                }
                Record::OrderChanged(order) => {
                    opens.insert(order.id, order.open);
                }
                _ => {}
            }
        }
        {
            let mut kept = lock(&self.kept);
            for r in &records {
                match r {
                    Record::Trade(t) if t.uid == self.uid => {
                        let open = opens.get(&t.order_id).copied().unwrap_or(false);
                        kept.fills.push(FillLine::of_trade(t, open));
                    }
                    Record::Funding(f) if f.uid == self.uid => kept.funding.push(FundingLine::of(
                        f.time,
                        &f.symbol,
                        f.side == Side::Buy,
                        f.rate,
                        f.amount,
                    )),
                    _ => {}
                }
            }
        }
        self.inner.record(seq, records);
    }

    fn order(&self, id: i64) -> SimResult<Option<DoneOrder>> {
        self.inner.order(id)
    }

    fn orders_by_client_id(&self, uid: i64, coid: &str) -> SimResult<Vec<DoneOrder>> {
        self.inner.orders_by_client_id(uid, coid)
    }

    fn trades(
        &self,
        uid: i64,
        symbol: &str,
        from_id: Option<i64>,
        span: Span,
        limit: usize,
    ) -> SimResult<Vec<TradeRecord>> {
        self.inner.trades(uid, symbol, from_id, span, limit)
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
        self.inner
            .transfers(uid, to_contract, coin, span, page, limit, now)
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
        self.inner.forced(uid, symbol, kind, span, page, limit, now)
    }

    fn fills(&self) -> SimResult<Vec<FillRecord>> {
        self.inner.fills()
    }

    fn fill_counts(&self) -> SimResult<BTreeMap<crate::exchange::book::source::Rule, u64>> {
        self.inner.fill_counts()
    }

    fn totals(&self) -> SimResult<BTreeMap<(i64, String), Totals>> {
        self.inner.totals()
    }

    fn orders_done(&self, uid: i64) -> SimResult<u64> {
        self.inner.orders_done(uid)
    }
}
