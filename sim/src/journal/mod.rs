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

use std::sync::Arc;

use contango::ErrorCode;

use crate::error::{SimError, SimResult};
use crate::exchange::input::{Answer, FrameRef, Input};
use crate::venue::core::Core;
use committer::{Committer, Job, Progress};
use rows::RowMaker;

/// The journal of a running venue.
#[derive(Debug)]
pub struct Journal {
    committer: Committer,
    snapshot_every: u64,
    /// The read tables' rows of each input beyond its records'.
    rows: std::sync::Mutex<RowMaker>,
    /// Closed already (a last snapshot taken, the store closed).
    closed: std::sync::atomic::AtomicBool,
}

impl Journal {
    fn new(committer: Committer, snapshot_every: u64, rows: RowMaker) -> Journal {
        Journal {
            committer,
            snapshot_every: snapshot_every.max(1),
            rows: std::sync::Mutex::new(rows),
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
        let mut maker = lock(&self.rows);
        let mut rows = maker.before(&core.exchange, seq, time_ms);
        let (answer, mut effects) = core.exchange.apply(input);
        core.seq = seq;
        let records = std::mem::take(&mut effects.records);
        rows.extend(maker.after(&core.exchange, seq, &records));
        drop(maker);
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

    /// Commits what was applied (on this thread, unless another is committing).
    pub fn drive(&self) {
        self.committer.drive();
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
            self.committer.send(Job::Snapshot {
                seq: core.seq,
                time_ms: core.exchange.now(),
                state: encoding::encode_state(&core.exchange),
                rows: lock(&self.rows).closing(&core.exchange, core.seq),
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

/// Locks `m`; a panic elsewhere does not make it unusable.
fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}
