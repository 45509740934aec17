//! A paper venue that survives restarts (the `journal` feature; docs/design.md, The journaled
//! venue): every input the core is fed is journaled, write-ahead, in the store
//! ([`crate::store`]); snapshots of the core's state every N inputs and at shutdown; a start
//! loads the latest snapshot and replays the inputs after it, so the venue comes back exactly.
//!
//! - [`encoding`]: inputs and the state in a compact binary encoding (borsh behind a format
//!   byte).
//! - [`committer`]: commits (in groups, on the thread that applied the input), then publishes,
//!   in order.
//! - [`start`]: opening a state directory, the first start and a restart, `--check`.
//!
//! What is journaled: every input (requests, market updates from a live source, driver steps,
//! clock ticks, admin actions) with the exchange time stamped on it. Rate-limit windows,
//! connections and faults are the servers' and are not. A restart moves the clock on to now:
//! the first input after it settles the funding times missed meanwhile, in order, and expires
//! the listen keys that ran out.

pub mod committer;
pub mod encoding;
pub mod rows;
pub mod start;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::SimResult;
use crate::exchange::Exchange;
use crate::exchange::effects::Effects;
use crate::exchange::input::{FrameRef, Input};
use crate::exchange::records::Record;
use crate::store::Row;
use crate::venue::lock;
use crate::venue::progress::{Progress, stopped};
use crate::venue::write_ahead::WriteAhead;
use committer::{Committer, Job};
use rows::RowMaker;

/// The journal of a running venue.
#[derive(Debug)]
pub struct Journal {
    committer: Committer,
    snapshot_every: u64,
    /// The read tables' rows of each input beyond its records'.
    rows: Mutex<RowMaker>,
    /// The input being applied, between [`WriteAhead::before`] and [`WriteAhead::after`].
    applying: Mutex<Option<Applying>>,
    /// Closed already (a last snapshot taken, the store closed).
    closed: AtomicBool,
}

/// An input being applied: its encoding and the rows of the state before it.
#[derive(Debug)]
struct Applying {
    seq: u64,
    time_ms: i64,
    kind: u8,
    bytes: Vec<u8>,
    rows: Vec<Row>,
}

impl Journal {
    fn new(committer: Committer, snapshot_every: u64, rows: RowMaker) -> Journal {
        Journal {
            committer,
            snapshot_every: snapshot_every.max(1),
            rows: Mutex::new(rows),
            applying: Mutex::new(None),
            closed: AtomicBool::new(false),
        }
    }
}

impl WriteAhead for Journal {
    fn before(
        &self,
        exchange: &Exchange,
        seq: u64,
        input: &Input,
        reference: Option<&FrameRef>,
    ) -> SimResult<()> {
        if let Some(why) = self.progress().failed() {
            return Err(stopped(&why));
        }
        let time_ms = input.time();
        let (kind, bytes) = match reference {
            Some(r) => (encoding::RECORDED, encoding::encode_reference(r, time_ms)),
            None => (encoding::kind(input), encoding::encode_input(input)),
        };
        let rows = lock(&self.rows).before(exchange, seq, time_ms);
        *lock(&self.applying) = Some(Applying {
            seq,
            time_ms,
            kind,
            bytes,
            rows,
        });
        Ok(())
    }

    fn after(&self, exchange: &Exchange, seq: u64, records: &[Record], effects: Effects) {
        let Some(mut applying) = lock(&self.applying).take().filter(|a| a.seq == seq) else {
            tracing::error!(seq, "journal: an input applied without being announced");
            return;
        };
        applying
            .rows
            .extend(lock(&self.rows).after(exchange, seq, records));
        self.committer.send(Job::Input {
            seq,
            time_ms: applying.time_ms,
            kind: applying.kind,
            bytes: applying.bytes,
            rows: applying.rows,
            publish: effects,
        });
        if seq % self.snapshot_every == 0 {
            self.committer.send(Job::Snapshot {
                seq,
                time_ms: exchange.now(),
                state: encoding::encode_state(exchange),
                rows: Vec::new(),
            });
        }
    }

    fn drive(&self) {
        self.committer.drive();
    }

    fn progress(&self) -> &Progress {
        self.committer.progress()
    }

    fn fail_next_commit(&self) {
        self.committer.send(Job::FailNextCommit);
    }

    /// A last snapshot, then the committer finishes what is queued and closes the store.
    fn close(&self, exchange: &Exchange, seq: u64) {
        if self.closed.swap(true, Ordering::AcqRel) {
            return;
        }
        if self.progress().failed().is_none() && seq > 0 {
            self.committer.send(Job::Snapshot {
                seq,
                time_ms: exchange.now(),
                state: encoding::encode_state(exchange),
                rows: lock(&self.rows).closing(exchange, seq),
            });
        }
        self.committer.close();
    }
}
