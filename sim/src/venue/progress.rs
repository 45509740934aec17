//! How far the commits got: what the venue waits on before it answers or publishes, and what
//! the journal's committer moves on.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use contango::ErrorCode;
use tokio::sync::watch;

use crate::error::{SimError, SimResult};

/// How far the commits got.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Commit {
    /// The last input committed (0: none since the start).
    pub committed: u64,
    /// Why it stopped, once a commit failed.
    pub failed: Option<String>,
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
    /// Commits up to `shared`, which the committer moves on.
    pub fn new(shared: Arc<AtomicU64>) -> Progress {
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

    /// Changes the progress and wakes whoever waits.
    pub fn set(&self, f: impl FnOnce(&mut Commit)) {
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

    /// Waits until input `seq` is committed; -1016 with the failure that stopped the commits
    /// before it.
    pub async fn wait(&self, seq: u64) -> SimResult<()> {
        // Mostly committed already (a market frame, a read): no receiver to make then.
        if self.committed.load(Ordering::Acquire) >= seq {
            return Ok(());
        }
        let mut rx = self.watch.subscribe();
        let seen = rx.wait_for(|c| Self::reached(c, seq).is_some()).await;
        let reached = match seen {
            Ok(c) => Self::reached(&c, seq).unwrap_or(Ok(())),
            Err(_) => Err("the journal's committer is gone".into()),
        };
        reached.map_err(|why| stopped(&why))
    }

    /// Blocks until input `seq` is committed; -1016 with the failure that stopped the commits
    /// before it.
    pub fn wait_blocking(&self, seq: u64) -> SimResult<()> {
        let mut s = super::lock(&self.state);
        loop {
            if let Some(r) = Self::reached(&s, seq) {
                return r.map_err(|why| stopped(&why));
            }
            s = self.changed.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// The answer of a venue whose store failed: -1016, and why.
pub fn stopped(why: &str) -> SimError {
    SimError::new(ErrorCode::ServerOffline).detail(format!(
        "the venue's store could not commit ({why}); it takes no more input until it is \
         restarted"
    ))
}
