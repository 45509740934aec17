//! The committer: a thread that owns the store, commits the inputs the venue applied (grouping
//! those that arrive together into one transaction), and only then publishes what they caused,
//! in order, and says how far it got. A commit that fails stops it: the venue takes no more
//! input, and nothing after the last good commit is ever answered or published.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use tokio::sync::watch;

use crate::exchange::effects::Effects;
use crate::store::{Batch, Input as Journaled, Row, Store};

/// Inputs committed together at most.
const GROUP: usize = 512;
/// Snapshots kept: the latest, and the one before it.
const KEEP_SNAPSHOTS: usize = 2;
/// Commits between two checkpoints of the write-ahead log.
const CHECKPOINT_EVERY: u64 = 4_096;

/// How far the committer got.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Commit {
    /// The last input committed (0: none since the start).
    pub committed: u64,
    /// Why it stopped, once a commit failed.
    pub failed: Option<String>,
}

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

/// Where the committer's progress is seen from: waited on by the servers (async) and the
/// embedding API (blocking), read by the history.
#[derive(Debug)]
pub struct Progress {
    state: Mutex<Commit>,
    changed: Condvar,
    watch: watch::Sender<Commit>,
    committed: Arc<AtomicU64>,
}

impl Progress {
    fn new(shared: Arc<AtomicU64>) -> Progress {
        let start = Commit {
            committed: shared.load(Ordering::Acquire),
            failed: None,
        };
        Progress {
            state: Mutex::new(start.clone()),
            changed: Condvar::new(),
            watch: watch::channel(start).0,
            committed: shared,
        }
    }

    fn set(&self, f: impl FnOnce(&mut Commit)) {
        let now = {
            let mut s = super::lock(&self.state);
            f(&mut s);
            s.clone()
        };
        self.committed.store(now.committed, Ordering::Release);
        self.watch.send_replace(now);
        self.changed.notify_all();
    }

    /// The committed seq, shared (the history drops what it kept pending up to it).
    pub fn committed(&self) -> Arc<AtomicU64> {
        self.committed.clone()
    }

    /// Why the committer stopped, if it did.
    pub fn failed(&self) -> Option<String> {
        super::lock(&self.state).failed.clone()
    }

    fn reached(c: &Commit, seq: u64) -> Option<Result<(), String>> {
        if c.committed >= seq {
            Some(Ok(()))
        } else {
            c.failed.clone().map(Err)
        }
    }

    /// Waits until input `seq` is committed; the failure that stopped the committer before it.
    pub async fn wait(&self, seq: u64) -> Result<(), String> {
        let mut rx = self.watch.subscribe();
        let seen = rx.wait_for(|c| Self::reached(c, seq).is_some()).await;
        match seen {
            Ok(c) => Self::reached(&c, seq).unwrap_or(Ok(())),
            Err(_) => Err("the journal's committer is gone".into()),
        }
    }

    /// Blocks until input `seq` is committed; the failure that stopped the committer before it.
    pub fn wait_blocking(&self, seq: u64) -> Result<(), String> {
        let mut s = super::lock(&self.state);
        loop {
            if let Some(r) = Self::reached(&s, seq) {
                return r;
            }
            s = self.changed.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// The running committer: where jobs go, and how far it got.
#[derive(Debug)]
pub struct Committer {
    jobs: Sender<Job>,
    progress: Arc<Progress>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Committer {
    /// Starts the thread over `store`, whose journal ends at input `seq`; `committed` shares
    /// how far it got (with the history); `publish` sends what committed inputs caused; `prune`
    /// drops the journal before each new snapshot.
    pub fn start(
        store: Store,
        seq: u64,
        committed: Arc<AtomicU64>,
        publish: Box<dyn FnMut(Effects) + Send>,
        prune: bool,
    ) -> Committer {
        let (jobs, rx) = channel();
        committed.store(seq, Ordering::Release);
        let progress = Arc::new(Progress::new(committed));
        let p = progress.clone();
        let thread = std::thread::Builder::new()
            .name("contango-sim-journal".into())
            .spawn(move || run(store, rx, &p, publish, prune));
        let thread = match thread {
            Ok(t) => Some(t),
            Err(e) => {
                progress.set(|c| c.failed = Some(format!("the journal's thread: {e}")));
                None
            }
        };
        Committer {
            jobs,
            progress,
            thread: Mutex::new(thread),
        }
    }

    /// Queues a job (dropped once the committer has stopped: its failure says why).
    pub fn send(&self, job: Job) {
        let _ = self.jobs.send(job);
    }

    /// How far it got.
    pub fn progress(&self) -> &Arc<Progress> {
        &self.progress
    }

    /// Finishes what was queued, then stops; waits for the thread.
    pub fn close(&self) {
        self.send(Job::Close);
        if let Some(t) = super::lock(&self.thread).take() {
            let _ = t.join();
        }
    }
}

fn run(
    mut store: Store,
    jobs: Receiver<Job>,
    progress: &Progress,
    mut publish: Box<dyn FnMut(Effects) + Send>,
    prune: bool,
) {
    let mut commits = 0_u64;
    let mut queue: Vec<Job> = Vec::new();
    loop {
        let Ok(first) = jobs.recv() else {
            return;
        };
        queue.push(first);
        while queue.len() < GROUP {
            match jobs.try_recv() {
                Ok(j) => queue.push(j),
                Err(_) => break,
            }
        }
        let mut close = false;
        let mut inputs: Vec<Job> = Vec::new();
        for job in queue.drain(..) {
            match job {
                Job::Input { .. } => inputs.push(job),
                Job::FailNextCommit => {
                    if let Err(e) = commit(&mut store, &mut inputs, progress, &mut publish) {
                        return stop(progress, e);
                    }
                    store.inject_commit_failure();
                }
                other => {
                    if let Err(e) = commit(&mut store, &mut inputs, progress, &mut publish) {
                        return stop(progress, e);
                    }
                    commits += 1;
                    match other {
                        Job::Snapshot {
                            seq,
                            time_ms,
                            state,
                            rows,
                        } => {
                            if let Err(e) = store.write_rows(&rows) {
                                return stop(progress, e.to_string());
                            }
                            if let Err(e) = store.snapshot(seq, time_ms, &state) {
                                return stop(progress, e.to_string());
                            }
                            if prune {
                                if let Err(e) = store.prune(seq) {
                                    tracing::warn!(error = %e, "journal: not pruned");
                                }
                            }
                            if let Err(e) = store.forget_snapshots(KEEP_SNAPSHOTS) {
                                tracing::warn!(error = %e, "journal: old snapshots kept");
                            }
                        }
                        _ => close = true,
                    }
                }
            }
        }
        if let Err(e) = commit(&mut store, &mut inputs, progress, &mut publish) {
            return stop(progress, e);
        }
        commits += 1;
        if close {
            let _ = store.checkpoint();
            if let Err(e) = store.close() {
                tracing::warn!(error = %e, "journal: the store did not close cleanly");
            }
            return;
        }
        if commits >= CHECKPOINT_EVERY {
            commits = 0;
            let _ = store.checkpoint();
        }
    }
}

/// Commits `inputs` in one transaction, then publishes what they caused and says so.
fn commit(
    store: &mut Store,
    inputs: &mut Vec<Job>,
    progress: &Progress,
    publish: &mut Box<dyn FnMut(Effects) + Send>,
) -> Result<(), String> {
    if inputs.is_empty() {
        return Ok(());
    }
    let mut batch = Batch::default();
    let mut last = 0;
    for job in inputs.iter_mut() {
        if let Job::Input {
            seq,
            time_ms,
            kind,
            bytes,
            rows,
            ..
        } = job
        {
            batch.inputs.push(Journaled {
                seq: *seq,
                time_ms: *time_ms,
                kind: *kind,
                input: bytes,
            });
            batch.rows.append(rows);
            last = *seq;
        }
    }
    store.commit(&batch).map_err(|e| e.to_string())?;
    for job in inputs.drain(..) {
        if let Job::Input { publish: fx, .. } = job {
            publish(fx);
        }
    }
    progress.set(|c| c.committed = last);
    Ok(())
}

fn stop(progress: &Progress, why: String) {
    tracing::error!(error = %why, "journal: a commit failed; the venue takes no more input");
    progress.set(|c| c.failed = Some(why));
}
