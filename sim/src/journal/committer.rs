//! The committer: commits the inputs the venue applied (grouping those that arrive together
//! into one transaction), and only then publishes what they caused, in order, and says how far
//! it got. A commit that fails stops it: the venue takes no more input, and nothing after the
//! last good commit is ever answered or published.
//!
//! Whoever applied an input commits it, on its own thread, right after (leader-follower group
//! commit): the venue queues each input in seq order under its lock, then [`Committer::drive`]s.
//! One caller at a time holds the store; it commits everything queued, and what arrives while it
//! commits is committed by it too, in its next round, or by the next caller. An order's round
//! trip then costs its commit and no thread handoff.
//!
//! A commit holds the inputs alone (the journal's log: what a restart needs), one write. Their
//! read-table rows follow within [`ROWS_EVERY`], in a SQLite transaction of their own, written
//! by a housekeeping thread (and before every snapshot, and at shutdown). The history reads the
//! store up to the last input whose rows are written (`rows_written`) and keeps the records after
//! it in memory; a restart writes again the rows of the inputs it replays, so a crash loses none.
//! The housekeeping thread also checkpoints SQLite's write-ahead log, on a second connection, so
//! that no write pays for a checkpoint.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex, TryLockError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::config::JournalKept;
use crate::exchange::effects::Effects;
use crate::store::{Batch, Checkpointer, JournalEntry, Row, Store};
use crate::venue::progress::Progress;
use crate::venue::subscriber::Subscribers;

/// Inputs committed together at most.
const GROUP: usize = 512;
/// Snapshots kept: the latest, and the one before it.
const KEEP_SNAPSHOTS: usize = 2;
/// Commits between two checkpoints of SQLite's write-ahead log, or a second. Commits write the
/// journal's log, not SQLite, but the read tables' rows follow them: a short write-ahead log
/// keeps the rows' page look-ups cheap (checkpointing once a second only cost a tenth more CPU
/// a request in the soak).
const CHECKPOINT_EVERY: u64 = 1_000;
/// The longest a checkpoint waits for commits.
const CHECKPOINT_IDLE: Duration = Duration::from_secs(1);
/// The longest an input's read-table rows wait for their own transaction after its commit.
pub const ROWS_EVERY: Duration = Duration::from_millis(100);
/// How often the housekeeping thread forgets the read tables' rows older than `--keep`.
const FORGET_EVERY: Duration = Duration::from_secs(1);
/// Rows the housekeeping thread writes a transaction: a commit waits for one step at most.
const ROWS_STEP: usize = 1_000;
/// Rows kept waiting at most: more are written by the committing caller at once.
const ROWS_MAX: usize = 20_000;

/// What the committer does, in order.
#[derive(Debug)]
pub enum Job {
    /// An input applied: journal it with its rows, then publish what it caused.
    Input {
        /// Its seq.
        seq: u64,
        /// Exchange time stamped on it.
        time_ms: i64,
        /// Its kind.
        kind: u8,
        /// Its encoding.
        bytes: Vec<u8>,
        /// The read-table rows it produced.
        rows: Vec<Row>,
        /// What to publish once it is committed (its records are in `rows`).
        publish: Effects,
    },
    /// The core's state after input `seq`.
    Snapshot {
        /// The last input it includes.
        seq: u64,
        /// Its exchange time.
        time_ms: i64,
        /// Its encoding.
        state: Vec<u8>,
        /// Read-table rows of inputs up to `seq`, written first (at shutdown: the equity of
        /// the minute the venue stops in).
        rows: Vec<Row>,
    },
    /// Stop once what came before is done.
    Close,
    /// The next commit fails as a full disk's would (tests of the venue's refusal).
    FailNextCommit,
}

/// The committer of a running venue: what it shares with its housekeeping thread, and that
/// thread.
pub struct Committer {
    inner: Arc<Inner>,
    housekeeping: Mutex<Option<(Sender<Nudge>, JoinHandle<()>)>>,
}

impl std::fmt::Debug for Committer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Committer")
            .field("progress", &self.inner.progress)
            .finish_non_exhaustive()
    }
}

/// The queue of applied inputs, the store (held by whoever commits), how far it got.
struct Inner {
    queue: Mutex<Vec<Job>>,
    worker: Mutex<Worker>,
    progress: Arc<Progress>,
}

/// What of the journal and the read tables a running venue keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Retention {
    /// The journal: compacted behind the snapshots, or all of it.
    pub journal: JournalKept,
    /// How long the read tables keep a row, in exchange time (`None`: for ever).
    pub keep: Option<Duration>,
}

/// What wakes the housekeeping thread before its round: enough commits for a checkpoint.
enum Nudge {
    Checkpoint,
}

/// The committing side: the store, the rows waiting for their transaction, what publishes.
struct Worker {
    /// `None` once closed, or stopped by a failed commit.
    store: Option<Store>,
    publish: Subscribers,
    /// What of the journal and the read tables stays.
    retention: Retention,
    /// A snapshot was taken since the last compaction.
    compact_due: bool,
    /// Exchange time of the last input committed (or the state's at the start): `--keep`
    /// counts back from it.
    last_time_ms: i64,
    /// Commits since the last checkpoint.
    commits: u64,
    /// The housekeeping thread (`None`: there is none).
    nudge: Option<Sender<Nudge>>,
    /// Read-table rows of committed inputs, not written yet, and since when.
    rows: Vec<Row>,
    rows_since: Option<Instant>,
    /// The last input committed: once `rows` are written, the history may read up to it.
    committed: u64,
    rows_written: Arc<AtomicU64>,
}

impl Committer {
    /// A committer over `store`, whose journal ends at input `seq` with every row written;
    /// `rows_written` shares the last input whose rows are written (with the history);
    /// `publish` sends what committed inputs caused; `retention` says what of the journal and
    /// the read tables stays, `time_ms` is the exchange time the journal ends at.
    pub fn start(
        mut store: Store,
        seq: u64,
        rows_written: Arc<AtomicU64>,
        publish: Subscribers,
        retention: Retention,
        time_ms: i64,
    ) -> Committer {
        rows_written.store(seq, Ordering::Release);
        let progress = Arc::new(Progress::new(Arc::new(AtomicU64::new(seq))));
        // Without one, SQLite keeps checkpointing in the commits.
        let checkpointer = match store.checkpointer() {
            Ok(c) => Some(c),
            Err(e) => {
                tracing::warn!(error = %e, "journal: checkpoints stay in the commits");
                None
            }
        };
        let (nudge, nudged) = channel();
        let worker = Worker {
            store: Some(store),
            publish,
            retention,
            compact_due: false,
            last_time_ms: time_ms,
            commits: 0,
            nudge: Some(nudge.clone()),
            rows: Vec::new(),
            rows_since: None,
            committed: seq,
            rows_written,
        };
        let inner = Arc::new(Inner {
            queue: Mutex::new(Vec::new()),
            worker: Mutex::new(worker),
            progress,
        });
        let shared = inner.clone();
        let thread = std::thread::Builder::new()
            .name("contango-sim-journal".into())
            .spawn(move || housekeeping(&shared, checkpointer.as_ref(), &nudged));
        let housekeeping = match thread {
            Ok(t) => Some((nudge, t)),
            Err(e) => {
                // The committing callers then write the rows (`ROWS_EVERY`).
                tracing::warn!(error = %e, "journal: no housekeeping thread");
                super::lock(&inner.worker).nudge = None;
                None
            }
        };
        Committer {
            inner,
            housekeeping: Mutex::new(housekeeping),
        }
    }

    /// Queues a job; the venue queues inputs in seq order, under its lock.
    pub fn send(&self, job: Job) {
        super::lock(&self.inner.queue).push(job);
    }

    /// Commits what is queued, unless another caller is committing: that one commits it (it
    /// looks at the queue again once it lets go of the store).
    pub fn drive(&self) {
        self.inner.drive();
    }

    /// How far it got.
    pub fn progress(&self) -> &Arc<Progress> {
        &self.inner.progress
    }

    /// Stops the housekeeping thread, commits what was queued (a last snapshot, say), writes
    /// the rows, checkpoints and closes the store.
    pub fn close(&self) {
        if let Some((nudge, thread)) = super::lock(&self.housekeeping).take() {
            super::lock(&self.inner.worker).nudge = None;
            drop(nudge);
            let _ = thread.join();
        }
        self.send(Job::Close);
        let mut worker = super::lock(&self.inner.worker);
        let jobs = std::mem::take(&mut *super::lock(&self.inner.queue));
        worker.run(jobs, &self.inner.progress);
    }
}

impl Drop for Committer {
    /// Without [`Committer::close`] (a venue dropped as a killed one is left): the housekeeping
    /// thread ends, and with it the last hold on the store, which closes; the rows waiting are
    /// not written (a restart writes them).
    fn drop(&mut self) {
        if let Some((nudge, _thread)) = super::lock(&self.housekeeping).take() {
            super::lock(&self.inner.worker).nudge = None;
            drop(nudge);
        }
    }
}

impl Inner {
    /// Carries out what is queued, unless another holds the store: that one does it (it looks
    /// at the queue again once it lets go).
    fn drive(&self) {
        loop {
            {
                let mut worker = match self.worker.try_lock() {
                    Ok(w) => w,
                    Err(TryLockError::Poisoned(e)) => e.into_inner(),
                    Err(TryLockError::WouldBlock) => return,
                };
                let jobs = std::mem::take(&mut *super::lock(&self.queue));
                worker.run(jobs, &self.progress);
            }
            // A job queued while the store was held, by a caller that found it held.
            if super::lock(&self.queue).is_empty() {
                return;
            }
        }
    }

    /// Writes the rows waiting now, [`ROWS_STEP`] a transaction, letting go of the store between
    /// two steps so that commits go on meanwhile (the rows that come then wait for the next
    /// round); then what was queued.
    fn write_rows(&self) {
        let mut left = super::lock(&self.worker).rows.len();
        while left > 0 {
            let mut worker = super::lock(&self.worker);
            let jobs = std::mem::take(&mut *super::lock(&self.queue));
            worker.run(jobs, &self.progress);
            if worker.store.is_none() {
                return;
            }
            let n = left.min(ROWS_STEP);
            if let Err(e) = worker.write_rows_step(n) {
                worker.store = None;
                return stop(&self.progress, e);
            }
            left = if worker.rows.is_empty() { 0 } else { left - n };
        }
        if !super::lock(&self.queue).is_empty() {
            self.drive();
        }
    }

    /// The compaction a snapshot asked for, a step of `--keep` when `forget` ([`Worker::forget`]),
    /// then what was queued meanwhile; `true` when no row older than `--keep` remains.
    fn maintain(&self, forget: bool) -> bool {
        let done = {
            let mut worker = super::lock(&self.worker);
            worker.compact();
            !forget || worker.forget()
        };
        if !super::lock(&self.queue).is_empty() {
            self.drive();
        }
        done
    }
}

/// The housekeeping thread: the rows waiting every [`ROWS_EVERY`], the compaction a snapshot
/// asks for, a checkpoint when nudged or every [`CHECKPOINT_IDLE`], a step of `--keep` every
/// [`FORGET_EVERY`] (every round while rows older than it remain); it ends when the committer
/// closes.
fn housekeeping(
    inner: &Inner,
    checkpointer: Option<&Checkpointer>,
    nudged: &std::sync::mpsc::Receiver<Nudge>,
) {
    let mut checkpointed = Instant::now();
    // The first step at the first round: a venue started on an old store catches up at once.
    let (mut forgot, mut behind) = (None::<Instant>, true);
    loop {
        let checkpoint = match nudged.recv_timeout(ROWS_EVERY) {
            Ok(Nudge::Checkpoint) => true,
            Err(RecvTimeoutError::Timeout) => checkpointed.elapsed() >= CHECKPOINT_IDLE,
            Err(RecvTimeoutError::Disconnected) => return,
        };
        let waiting = super::lock(&inner.worker).rows_since.is_some();
        if waiting {
            inner.write_rows();
        }
        let forget = behind || forgot.is_none_or(|t| t.elapsed() >= FORGET_EVERY);
        if forget {
            forgot = Some(Instant::now());
        }
        if forget || super::lock(&inner.worker).compact_due {
            behind = !inner.maintain(forget);
        }
        if let (true, Some(c)) = (checkpoint, checkpointer) {
            checkpointed = Instant::now();
            match c.checkpoint() {
                Ok(true) => {}
                Ok(false) => tracing::debug!("journal: the log starts over next time"),
                Err(e) => tracing::debug!(error = %e, "journal: checkpoint put off"),
            }
        }
    }
}

impl Worker {
    /// Carries out `jobs`, in order, in groups of at most [`GROUP`] inputs.
    fn run(&mut self, jobs: Vec<Job>, progress: &Progress) {
        if self.store.is_none() {
            return;
        }
        let mut inputs: Vec<Job> = Vec::new();
        let mut close = false;
        let result = (|| {
            for job in jobs {
                match job {
                    Job::Input { .. } => {
                        inputs.push(job);
                        if inputs.len() >= GROUP {
                            self.commit(&mut inputs, progress)?;
                        }
                    }
                    Job::FailNextCommit => {
                        self.commit(&mut inputs, progress)?;
                        if let Some(store) = self.store.as_mut() {
                            store.inject_commit_failure();
                        }
                    }
                    Job::Snapshot {
                        seq,
                        time_ms,
                        state,
                        rows,
                    } => {
                        self.commit(&mut inputs, progress)?;
                        // A snapshot's inputs have their rows written: a restart writes again
                        // only the rows of the inputs it replays.
                        self.rows.extend(rows);
                        self.write_rows()?;
                        self.snapshot(seq, time_ms, &state)?;
                    }
                    Job::Close => close = true,
                }
            }
            self.commit(&mut inputs, progress)?;
            if self.rows.len() >= ROWS_MAX || close {
                self.write_rows()?;
            }
            Ok::<(), String>(())
        })();
        if let Err(e) = result {
            self.store = None;
            return stop(progress, e);
        }
        if self.commits >= CHECKPOINT_EVERY {
            self.commits = 0;
            if let Some(nudge) = &self.nudge {
                let _ = nudge.send(Nudge::Checkpoint);
            }
        }
        if close {
            self.compact();
            if let Some(mut store) = self.store.take() {
                let _ = store.checkpoint();
                if let Err(e) = store.close() {
                    tracing::warn!(error = %e, "journal: the store did not close cleanly");
                }
            }
        }
    }

    /// Commits `inputs` in one transaction, then publishes what they caused and says so; their
    /// rows wait for a transaction of their own.
    fn commit(&mut self, inputs: &mut Vec<Job>, progress: &Progress) -> Result<(), String> {
        if inputs.is_empty() {
            return Ok(());
        }
        let Some(store) = self.store.as_mut() else {
            return Err("the store is closed".into());
        };
        let mut batch = Batch::default();
        let mut last = 0;
        let mut last_time = self.last_time_ms;
        for job in inputs.iter() {
            if let Job::Input {
                seq,
                time_ms,
                kind,
                bytes,
                ..
            } = job
            {
                batch.inputs.push(JournalEntry {
                    seq: *seq,
                    time_ms: *time_ms,
                    kind: *kind,
                    input: bytes,
                });
                last = *seq;
                last_time = *time_ms;
            }
        }
        store.commit(&batch).map_err(|e| e.to_string())?;
        drop(batch);
        self.commits += 1;
        self.committed = last;
        self.last_time_ms = last_time;
        for job in inputs.drain(..) {
            if let Job::Input {
                seq,
                rows,
                publish: fx,
                ..
            } = job
            {
                if !rows.is_empty() && self.rows_since.is_none() {
                    self.rows_since = Some(Instant::now());
                }
                self.rows.extend(rows);
                self.publish.publish(seq, &fx);
            }
        }
        if self.rows_since.is_none() {
            // Nothing waits: the history may read up to here.
            self.rows_written.store(last, Ordering::Release);
        }
        progress.set(|c| c.committed = last);
        // Without a housekeeping thread, the committing callers write the rows.
        if self.nudge.is_none() && self.rows_since.is_some_and(|t| t.elapsed() >= ROWS_EVERY) {
            self.write_rows()?;
        }
        Ok(())
    }

    /// Writes the first `n` rows waiting in one transaction; the history may then read up to
    /// the input before the first row still waiting (the last input committed, when none is).
    fn write_rows_step(&mut self, n: usize) -> Result<(), String> {
        let Some(store) = self.store.as_mut() else {
            return Err("the store is closed".into());
        };
        let n = n.min(self.rows.len());
        if n > 0 {
            store
                .write_rows(&self.rows[..n])
                .map_err(|e| e.to_string())?;
            self.rows.drain(..n);
        }
        let through = match self.rows.first() {
            Some(r) => r.seq().saturating_sub(1).min(self.committed),
            None => {
                self.rows_since = None;
                self.committed
            }
        };
        self.rows_written.store(through, Ordering::Release);
        Ok(())
    }

    /// Writes the rows waiting, in one transaction; the history may then read up to the last
    /// input committed.
    fn write_rows(&mut self) -> Result<(), String> {
        self.write_rows_step(usize::MAX)
    }

    fn snapshot(&mut self, seq: u64, time_ms: i64, state: &[u8]) -> Result<(), String> {
        let Some(store) = self.store.as_mut() else {
            return Err("the store is closed".into());
        };
        store
            .snapshot(seq, time_ms, state)
            .map_err(|e| e.to_string())?;
        if let Err(e) = store.forget_snapshots(KEEP_SNAPSHOTS) {
            tracing::warn!(error = %e, "journal: old snapshots kept");
        }
        // The housekeeping thread compacts, off the path of the request that took the
        // snapshot (or the close does, for the last snapshot).
        self.compact_due = self.retention.journal == JournalKept::Compacted;
        Ok(())
    }

    /// Removes the journal behind the older snapshot kept, if a snapshot since asks for it.
    fn compact(&mut self) {
        if !std::mem::take(&mut self.compact_due) {
            return;
        }
        if let Some(store) = self.store.as_mut() {
            tracing::debug!("journal: compacting");
            match store.compact() {
                Ok(p) => tracing::debug!(inputs = p.inputs, "journal: compacted"),
                Err(e) => tracing::warn!(error = %e, "journal: not compacted"),
            }
            self.give_back_free_pages();
        }
    }

    /// A step of forgetting the read tables' rows older than `--keep`; `true` when every such
    /// row is gone (or nothing is to be forgotten).
    fn forget(&mut self) -> bool {
        let (Some(keep), Some(store)) = (self.retention.keep, self.store.as_mut()) else {
            return true;
        };
        let keep_ms = i64::try_from(keep.as_millis()).unwrap_or(i64::MAX);
        let cutoff = self.last_time_ms.saturating_sub(keep_ms);
        let done = match store.forget_before(cutoff) {
            Ok(f) => {
                tracing::debug!(rows = f.rows, cutoff, "journal: read-table rows forgotten");
                f.done
            }
            Err(e) => {
                tracing::warn!(error = %e, "journal: read-table rows kept");
                true
            }
        };
        self.give_back_free_pages();
        done
    }

    fn give_back_free_pages(&mut self) {
        if let Some(store) = self.store.as_mut() {
            if let Err(e) = store.give_back_free_pages() {
                tracing::debug!(error = %e, "journal: free pages kept");
            }
        }
    }
}

fn stop(progress: &Progress, why: String) {
    tracing::error!(error = %why, "journal: a commit failed; the venue takes no more input");
    progress.set(|c| c.failed = Some(why));
}
