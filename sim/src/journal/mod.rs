//! A paper venue that survives restarts (the `journal` feature; docs/design.md, The journaled
//! venue): every input the core is fed is journaled, write-ahead, in the store
//! ([`crate::store`]); snapshots of the core's state every N inputs and at shutdown; a start
//! loads the latest snapshot and replays the inputs after it, so the venue comes back exactly.
//!
//! - [`encoding`]: inputs and the state in a compact binary encoding (borsh behind a format
//!   byte).
//! - [`committer`]: the thread that commits (in groups), then publishes, in order.
//! - [`start`]: opening a state directory, the first start and a restart, `--check`.
//!
//! What is journaled: every input (requests, market updates from a live source, driver steps,
//! clock ticks, admin actions) with the exchange time stamped on it. Rate-limit windows,
//! connections and faults are the servers' and are not. A restart moves the clock on to now:
//! the first input after it settles the funding times missed meanwhile, in order, and expires
//! the listen keys that ran out.

pub mod committer;
pub mod encoding;
pub mod start;

use std::sync::Arc;

use contango::ErrorCode;
use rust_decimal::Decimal;

use crate::error::{SimError, SimResult};
use crate::exchange::Exchange;
use crate::exchange::account::Account;
use crate::exchange::book::Side;
use crate::exchange::input::{Answer, FrameRef, Input};
use crate::exchange::records::Record;
use crate::store::{EquityRow, Row};
use crate::venue::core::Core;
use committer::{Committer, Job, Progress};

/// The journal of a running venue.
#[derive(Debug)]
pub struct Journal {
    committer: Committer,
    snapshot_every: u64,
    /// The minute of the latest input: its close is written by the first input of a later one.
    equity_minute: std::sync::Mutex<i64>,
    /// Rows the first input carries: what the first start made before any input.
    first_rows: std::sync::Mutex<Vec<Row>>,
    /// Closed already (a last snapshot taken, the store closed).
    closed: std::sync::atomic::AtomicBool,
}

impl Journal {
    fn new(
        committer: Committer,
        snapshot_every: u64,
        minute: i64,
        first_rows: Vec<Row>,
    ) -> Journal {
        Journal {
            committer,
            snapshot_every: snapshot_every.max(1),
            equity_minute: std::sync::Mutex::new(minute),
            first_rows: std::sync::Mutex::new(first_rows),
            closed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// How far the committer got.
    pub fn progress(&self) -> &Arc<Progress> {
        self.committer.progress()
    }

    /// Applies `input` under the venue's lock and queues it to be committed and published (a
    /// market input read from a recording journaled as its `reference`); its answer (the caller answers it only once it is committed: [`Journal::wait`]). Refused,
    /// changing nothing, once a commit has failed.
    pub fn submit(
        &self,
        core: &mut Core,
        input: Input,
        reference: Option<FrameRef>,
    ) -> SimResult<Answer> {
        if let Some(why) = self.progress().failed() {
            return Err(stopped(&why));
        }
        let time_ms = input.time();
        let (kind, bytes) = match reference {
            Some(r) => (encoding::RECORDED, encoding::encode_reference(&r, time_ms)),
            None => (encoding::kind(&input), encoding::encode_input(&input)),
        };
        let seq = core.seq + 1;
        let mut rows = std::mem::take(&mut *lock(&self.first_rows));
        self.minute_closed(&core.exchange, seq, time_ms, &mut rows);
        let (answer, mut effects) = core.exchange.apply(input);
        core.seq = seq;
        let records = std::mem::take(&mut effects.records);
        rows.extend(crate::store::rows(seq, &records));
        let opening = opening_rows(&core.exchange, seq, &records);
        rows.extend(opening.into_iter().map(Row::Equity));
        core.history.record(seq, records);
        self.committer.send(Job::Input {
            seq,
            time_ms,
            kind,
            bytes,
            rows,
            publish: effects,
        });
        if seq % self.snapshot_every == 0 {
            self.committer.send(Job::Snapshot {
                seq,
                time_ms: core.exchange.now(),
                state: encoding::encode_state(&core.exchange),
                rows: Vec::new(),
            });
        }
        answer
    }

    /// Each account's equity in each margin coin at the close of each minute that took input:
    /// the first input of a later minute (`seq`, at `time_ms`), before it is applied, writes the
    /// rows of the minute of the input before it. The state changes only with inputs, so that
    /// is the minute's last value; after a restart the first input closes the minute the venue
    /// stopped in.
    fn minute_closed(&self, ex: &Exchange, seq: u64, time_ms: i64, rows: &mut Vec<Row>) {
        let minute = time_ms.div_euclid(60_000) * 60_000;
        let closed = {
            let mut last = lock(&self.equity_minute);
            if minute <= *last {
                return;
            }
            std::mem::replace(&mut *last, minute)
        };
        rows.extend(equity_rows(ex, seq, closed).into_iter().map(Row::Equity));
    }

    /// Makes the next commit fail as a full disk's would.
    #[doc(hidden)]
    pub fn fail_next_commit(&self) {
        self.committer.send(Job::FailNextCommit);
    }

    /// Waits until input `seq` is committed.
    pub async fn wait(&self, seq: u64) -> SimResult<()> {
        self.progress().wait(seq).await.map_err(|e| stopped(&e))
    }

    /// Blocks until input `seq` is committed.
    pub fn wait_blocking(&self, seq: u64) -> SimResult<()> {
        self.progress().wait_blocking(seq).map_err(|e| stopped(&e))
    }

    /// A last snapshot of `core`, then the committer finishes what is queued and closes the
    /// store.
    pub fn close(&self, core: &Core) {
        if self.closed.swap(true, std::sync::atomic::Ordering::AcqRel) {
            return;
        }
        if self.progress().failed().is_none() && core.seq > 0 {
            // The minute it stops in, closed as it stands (a restart's first input in a later
            // minute writes the same values again).
            let minute = *lock(&self.equity_minute);
            let rows = equity_rows(&core.exchange, core.seq, minute);
            self.committer.send(Job::Snapshot {
                seq: core.seq,
                time_ms: core.exchange.now(),
                state: encoding::encode_state(&core.exchange),
                rows: rows.into_iter().map(Row::Equity).collect(),
            });
        }
        self.committer.close();
    }
}

/// The answer of a venue whose store failed: -1016, and why.
fn stopped(why: &str) -> SimError {
    SimError::new(ErrorCode::ServerOffline).detail(format!(
        "the venue's store could not commit ({why}); it takes no more input until it is \
         restarted"
    ))
}

/// Every account's equity per margin coin at `minute`: balance, unrealised PnL at the marks, and
/// the net position over the contracts margined in the coin.
pub fn equity_rows(ex: &Exchange, seq: u64, minute: i64) -> Vec<EquityRow> {
    let mut out = Vec::new();
    for account in ex.accounts().values() {
        account_equity(ex, account, seq, minute, &mut out);
    }
    out
}

/// The opening equity of each account `records` opened (their funding, no position yet),
/// stamped as the close of the minute before it was opened: a report's curve starts where the
/// account did, even when it trades in its first minute.
pub fn opening_rows(ex: &Exchange, seq: u64, records: &[Record]) -> Vec<EquityRow> {
    let mut out = Vec::new();
    for r in records {
        if let Record::Account { uid, time, .. } = r {
            if let Some(account) = ex.accounts().get(uid) {
                let minute = time.div_euclid(60_000) * 60_000 - 60_000;
                account_equity(ex, account, seq, minute, &mut out);
            }
        }
    }
    out
}

fn account_equity(
    ex: &Exchange,
    account: &Account,
    seq: u64,
    minute: i64,
    out: &mut Vec<EquityRow>,
) {
    for (coin, balance) in &account.coins {
        let mut unrealized = Decimal::ZERO;
        let mut position = Decimal::ZERO;
        for p in account.positions_in(coin, ex.contracts()) {
            if let Some(c) = ex.contracts().get(&p.symbol) {
                unrealized += p.unrealized(c, ex.mark(&p.symbol));
            }
            position += match p.side {
                Side::Buy => p.volume,
                Side::Sell => -p.volume,
            };
        }
        out.push(EquityRow {
            uid: account.uid,
            coin: coin.clone(),
            minute_ms: minute,
            balance: balance.balance,
            unrealized,
            equity: balance.balance + unrealized,
            position,
            seq,
        });
    }
}

/// Locks `m`; a panic elsewhere does not make it unusable.
fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
