//! The running venue: the core and its history under one lock, the clock that stamps inputs,
//! and the [`subscriber`]s its effects are published to. The servers and the feeds share it.
//!
//! [`Venue::submit`] is the one way an input reaches the core: it is journaled (with a
//! [`write_ahead`] journal), applied, what left the core is kept (history) and told to the
//! subscribers, and what it caused is published to them (private-stream events, that the market
//! changed, closed listen keys) in the order the inputs were applied. Reads take the lock ([`Venue::read`]) and see the
//! state as of the latest input.
//!
//! A journaled venue (`journal` feature, a state directory) publishes nothing before the commit:
//! each input is queued with what it caused, committed by the thread that applied it once the
//! lock is let go (or by one committing already), and published once its commit has returned.
//! The servers wait for the commit of every input applied before they answer
//! ([`Venue::settled`]), reads included, so that nothing is answered that a restart could not
//! bring back.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::watch;

pub mod clock;
pub mod history;
pub mod progress;
pub mod subscriber;
pub mod write_ahead;

use crate::config::SimConfig;
use crate::error::SimResult;
use crate::exchange::Exchange;
use crate::exchange::input::{Answer, FrameRef, Input};
use clock::Clock;
use history::History;
use subscriber::{Subscriber, Subscribers};
use write_ahead::WriteAhead;

/// The core and what the venue remembers of it, behind one lock.
#[derive(Debug)]
pub struct Core {
    /// The exchange.
    pub exchange: Exchange,
    /// What left it.
    pub history: Box<dyn History>,
    /// The last input applied (its journal seq).
    pub seq: u64,
}

/// What the servers and feeds share.
#[derive(Debug)]
pub struct Venue {
    core: Mutex<Core>,
    /// The injectable clock that stamps inputs.
    pub clock: Clock,
    /// Who is told of each input.
    subscribers: Subscribers,
    /// The configuration the venue started with (the servers' settings).
    pub config: SimConfig,
    /// Flips to `true` when the simulator shuts down.
    pub shutdown: watch::Sender<bool>,
    /// The last input applied, for the servers' wait.
    applied: AtomicU64,
    /// The journal, when the venue has a state directory.
    journal: Option<Box<dyn WriteAhead>>,
}

/// The core, locked for reading ([`Venue::read`]).
#[derive(Debug)]
pub struct Read<'a>(MutexGuard<'a, Core>);

impl std::ops::Deref for Read<'_> {
    type Target = Core;

    fn deref(&self) -> &Core {
        &self.0
    }
}

/// Locks `m`; a panic elsewhere does not make it unusable.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Venue {
    /// A venue around `core` (its exchange, which `config` described, and its history), without
    /// a journal.
    pub fn new(config: SimConfig, core: Core, clock: Clock) -> Arc<Venue> {
        Self::build(config, core, clock, Subscribers::default(), None)
    }

    /// A journaled venue: `exchange` as the journal brought it back (after input `seq`), its
    /// history in the store, `journal` committing what comes next and publishing it to
    /// `subscribers` (the list the journal was started with).
    pub fn journaled(
        config: SimConfig,
        core: Core,
        clock: Clock,
        subscribers: Subscribers,
        journal: Box<dyn WriteAhead>,
    ) -> Arc<Venue> {
        Self::build(config, core, clock, subscribers, Some(journal))
    }

    fn build(
        config: SimConfig,
        core: Core,
        clock: Clock,
        subscribers: Subscribers,
        journal: Option<Box<dyn WriteAhead>>,
    ) -> Arc<Venue> {
        let (shutdown, _) = watch::channel(false);
        let seq = core.seq;
        Arc::new(Venue {
            core: Mutex::new(core),
            clock,
            subscribers,
            config,
            shutdown,
            applied: AtomicU64::new(seq),
            journal,
        })
    }

    /// Tells `subscriber` of every input applied from now on, while its owner keeps it.
    pub fn subscribe<S: Subscriber + 'static>(&self, subscriber: &Arc<S>) {
        self.subscribers.add(subscriber);
    }

    /// Applies `input`, keeps and publishes what it caused; its answer. A journaled venue that
    /// can no longer commit refuses it, changing nothing.
    pub fn submit(&self, input: Input) -> SimResult<Answer> {
        let answer = self.apply(&mut lock(&self.core), input);
        self.commit();
        answer
    }

    /// Applies an input built from the state (`make` sees it under the same lock, so nothing
    /// comes between); `None` applies nothing.
    pub fn submit_with(
        &self,
        make: impl FnOnce(&Core) -> SimResult<Option<Input>>,
    ) -> SimResult<Option<Answer>> {
        let answer = {
            let mut core = lock(&self.core);
            match make(&core)? {
                Some(input) => self.apply(&mut core, input).map(Some),
                None => return Ok(None),
            }
        };
        self.commit();
        answer
    }

    /// [`Venue::submit_with`] for a market input read from a recording: a journal keeps the
    /// reference to the frame instead of the input.
    pub fn submit_recorded(
        &self,
        reference: FrameRef,
        make: impl FnOnce(&Core) -> SimResult<Option<Input>>,
    ) -> SimResult<Option<Answer>> {
        let answer = {
            let mut core = lock(&self.core);
            match make(&core)? {
                Some(input) => self.apply_from(&mut core, input, Some(reference)).map(Some),
                None => return Ok(None),
            }
        };
        self.commit();
        answer
    }

    /// A journaled venue commits what was applied, on this thread, once the core's lock is let
    /// go (unless another thread is committing: it takes this input too).
    fn commit(&self) {
        if let Some(journal) = &self.journal {
            journal.drive();
        }
    }

    fn apply(&self, core: &mut Core, input: Input) -> SimResult<Answer> {
        self.apply_from(core, input, None)
    }

    /// The flow of one input: journaled (announced to the journal, which refuses it once a
    /// commit failed), applied, its records kept and told before anything answers it; its
    /// effects published once it is committed (at once without a journal).
    fn apply_from(
        &self,
        core: &mut Core,
        input: Input,
        reference: Option<FrameRef>,
    ) -> SimResult<Answer> {
        let seq = core.seq + 1;
        if let Some(journal) = &self.journal {
            journal.before(&core.exchange, seq, &input, reference.as_ref())?;
        }
        let (answer, mut effects) = core.exchange.apply(input);
        core.seq = seq;
        let records = std::mem::take(&mut effects.records);
        self.subscribers.records(seq, &records);
        match &self.journal {
            Some(journal) => journal.after(&core.exchange, seq, &records, effects),
            None => self.subscribers.publish(seq, &effects),
        }
        core.history.record(seq, records);
        self.applied.store(seq, Ordering::Release);
        answer
    }

    /// The core as of the latest input, for reading only: inputs are the one way to change it.
    pub fn read(&self) -> Read<'_> {
        Read(lock(&self.core))
    }

    /// Waits until every input applied so far is committed (at once without a journal); the
    /// store's failure when that can no longer happen.
    pub async fn settled(&self) -> SimResult<()> {
        self.committed(self.applied.load(Ordering::Acquire)).await
    }

    /// Waits until input `seq` is committed (at once without a journal).
    pub async fn committed(&self, seq: u64) -> SimResult<()> {
        match &self.journal {
            Some(journal) => journal.progress().wait(seq).await,
            None => Ok(()),
        }
    }

    /// [`Venue::settled`], blocking the thread (the embedding API's synchronous calls).
    pub fn settled_blocking(&self) -> SimResult<()> {
        match &self.journal {
            Some(journal) => journal
                .progress()
                .wait_blocking(self.applied.load(Ordering::Acquire)),
            None => Ok(()),
        }
    }

    /// Makes the journal's next commit fail as a full disk's would (tests of the refusal);
    /// nothing without a journal.
    #[doc(hidden)]
    pub fn fail_next_commit(&self) {
        if let Some(journal) = &self.journal {
            journal.fail_next_commit();
        }
    }

    /// Stops the journal, if any: a last snapshot, then the committer finishes and closes the
    /// store.
    pub fn close(&self) {
        if let Some(journal) = &self.journal {
            let core = lock(&self.core);
            journal.close(&core.exchange, core.seq);
        }
    }
}
