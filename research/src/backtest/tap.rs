//! What a backtest's report needs of the venue's history beyond its window: every fill and
//! funding payment of the funded account, as they leave the core. The in-memory history keeps
//! the latest few thousand of each and no funding; a report needs the whole run.
//!
//! The tap subscribes to the venue's records and keeps a copy of the account's. A fill's action
//! (open or close) is its order's: the venue is started with order changes on
//! ([`contango_sim::SimConfig::order_changes`]), so the fill's order is among the same input's records;
//! a fill whose order is none of them is a forced close (a liquidation's or ADL's order is the
//! exchange's, never placed).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use crate::report::{FillLine, FundingLine};
use contango_sim::exchange::book::Side;
use contango_sim::exchange::records::Record;
use contango_sim::venue::subscriber::Subscriber;
use contango_sim::venue::{Venue, lock};

/// The fills and funding payments of one account, in order.
#[derive(Debug, Default)]
pub(crate) struct Kept {
    pub fills: Vec<FillLine>,
    pub funding: Vec<FundingLine>,
}

/// One account's fills and funding, copied from the venue's records.
#[derive(Debug)]
pub(crate) struct Tap {
    uid: i64,
    pub(crate) kept: Mutex<Kept>,
}

/// Taps `venue`'s records for account `uid`'s fills and funding from now on (while the tap is
/// kept).
pub(crate) fn install(venue: &Venue, uid: i64) -> Arc<Tap> {
    let tap = Arc::new(Tap {
        uid,
        kept: Mutex::new(Kept::default()),
    });
    venue.subscribe(&tap);
    tap
}

impl Subscriber for Tap {
    fn records(&self, _seq: u64, records: &[Record]) {
        let mut opens: BTreeMap<i64, bool> = BTreeMap::new();
        for r in records {
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
            for r in records {
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
    }
}
