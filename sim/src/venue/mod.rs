//! The running venue: the core and its history under one lock, the clock that stamps inputs,
//! and the connections its effects are published to. The servers and the feeds share it.
//!
//! [`Venue::submit`] is the one way an input reaches the core: it is applied, what left the core
//! is kept (history) and published (private-stream events, market-stream changes, closed listen
//! keys) in the order the inputs were applied. Reads take the lock ([`Venue::read`]) and see the
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

pub mod core;

use crate::config::SimConfig;
use crate::error::SimResult;
use crate::exchange::Exchange;
use crate::exchange::effects::Effects;
use crate::exchange::input::{Answer, FrameRef, Input};
use crate::feeds::clock::Clock;
use crate::history::{History, Window};
#[cfg(feature = "journal")]
use crate::journal::Journal;
use crate::latency::Latency;
use crate::server::market_stream::hub::MarketHub;
use crate::server::user_stream::hub::Hub;

pub use self::core::Core;

/// The connections the venue publishes to.
#[derive(Debug)]
pub struct Hubs {
    /// Private-stream connections.
    pub user: Mutex<Hub>,
    /// Market-stream connections.
    pub market: Mutex<MarketHub>,
}

impl Hubs {
    /// No connection yet; their frames wait as `latency` says (`None`: no wait).
    pub fn new(latency: Option<&Latency>) -> Hubs {
        Hubs {
            user: Mutex::new(Hub::with_latency(latency.map(Latency::sampler))),
            market: Mutex::new(MarketHub::with_latency(latency.map(Latency::sampler))),
        }
    }

    /// Sends what an input caused: each account's events, the listen keys closed, and the
    /// market-stream's change signal.
    pub fn publish(&self, effects: Effects) {
        let Effects {
            events,
            market_changed,
            closed_keys,
            ..
        } = effects;
        if !events.is_empty() || !closed_keys.is_empty() {
            let mut hub = lock(&self.user);
            for (uid, text) in &events {
                hub.send(*uid, text);
            }
            for (key, reason) in closed_keys {
                hub.close_key(&key, reason);
            }
        }
        if market_changed {
            lock(&self.market).changed();
        }
    }
}

/// What the servers and feeds share.
#[derive(Debug)]
pub struct Venue {
    core: Mutex<Core>,
    /// The injectable clock that stamps inputs.
    pub clock: Clock,
    /// The connections.
    pub hubs: Arc<Hubs>,
    /// The configuration the venue started with (the servers' settings).
    pub config: SimConfig,
    /// Flips to `true` when the simulator shuts down.
    pub shutdown: watch::Sender<bool>,
    /// The last input applied, for the servers' wait.
    applied: AtomicU64,
    /// The journal, when the venue has a state directory.
    #[cfg(feature = "journal")]
    journal: Option<Journal>,
}

/// Locks `m`; a panic elsewhere does not make it unusable.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Venue {
    /// A venue around `exchange`, which `config` described, with its history in memory.
    pub fn new(config: SimConfig, mut exchange: Exchange, clock: Clock) -> Arc<Venue> {
        let mut history: Box<dyn History> = Box::new(Window::without(exchange.house_accounts()));
        history.record(0, exchange.take_effects().records);
        let core = Core {
            exchange,
            history,
            seq: 0,
        };
        let hubs = Arc::new(Hubs::new(config.latency.as_ref()));
        Self::build(
            config,
            core,
            clock,
            hubs,
            #[cfg(feature = "journal")]
            None,
        )
    }

    /// A journaled venue: `exchange` as the journal brought it back (after input `seq`), its
    /// history in the store, the journal `start` returns committing what comes next and
    /// publishing it with what it is given.
    #[cfg(feature = "journal")]
    pub fn journaled(
        config: SimConfig,
        exchange: Exchange,
        history: Box<dyn History>,
        seq: u64,
        clock: Clock,
        start: impl FnOnce(Box<dyn FnMut(Effects) + Send>) -> Journal,
    ) -> Arc<Venue> {
        let hubs = Arc::new(Hubs::new(config.latency.as_ref()));
        let publishing = hubs.clone();
        let journal = start(Box::new(move |fx| publishing.publish(fx)));
        let core = Core {
            exchange,
            history,
            seq,
        };
        Self::build(config, core, clock, hubs, Some(journal))
    }

    fn build(
        config: SimConfig,
        core: Core,
        clock: Clock,
        hubs: Arc<Hubs>,
        #[cfg(feature = "journal")] journal: Option<Journal>,
    ) -> Arc<Venue> {
        let (shutdown, _) = watch::channel(false);
        let seq = core.seq;
        Arc::new(Venue {
            core: Mutex::new(core),
            clock,
            hubs,
            config,
            shutdown,
            applied: AtomicU64::new(seq),
            #[cfg(feature = "journal")]
            journal,
        })
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
        #[cfg(feature = "journal")]
        if let Some(journal) = &self.journal {
            journal.drive();
        }
    }

    fn apply(&self, core: &mut Core, input: Input) -> SimResult<Answer> {
        self.apply_from(core, input, None)
    }

    fn apply_from(
        &self,
        core: &mut Core,
        input: Input,
        reference: Option<FrameRef>,
    ) -> SimResult<Answer> {
        #[cfg(feature = "journal")]
        if let Some(journal) = &self.journal {
            let answer = journal.submit(core, input, reference);
            self.applied.store(core.seq, Ordering::Release);
            return answer;
        }
        let _ = reference;
        let (answer, mut effects) = core.exchange.apply(input);
        core.seq += 1;
        let records = std::mem::take(&mut effects.records);
        core.history.record(core.seq, records);
        self.applied.store(core.seq, Ordering::Release);
        self.hubs.publish(effects);
        answer
    }

    /// The core, for reading.
    pub fn read(&self) -> MutexGuard<'_, Core> {
        lock(&self.core)
    }

    /// Waits until every input applied so far is committed (at once without a journal); the
    /// store's failure when that can no longer happen.
    pub async fn settled(&self) -> SimResult<()> {
        #[cfg(feature = "journal")]
        if let Some(journal) = &self.journal {
            let target = self.applied.load(Ordering::Acquire);
            return journal.wait(target).await;
        }
        Ok(())
    }

    /// [`Venue::settled`], blocking the thread (the embedding API's synchronous calls).
    pub fn settled_blocking(&self) -> SimResult<()> {
        #[cfg(feature = "journal")]
        if let Some(journal) = &self.journal {
            let target = self.applied.load(Ordering::Acquire);
            return journal.wait_blocking(target);
        }
        Ok(())
    }

    /// Makes the journal's next commit fail as a full disk's would (tests of the refusal);
    /// nothing without a journal.
    #[doc(hidden)]
    pub fn fail_next_commit(&self) {
        #[cfg(feature = "journal")]
        if let Some(journal) = &self.journal {
            journal.fail_next_commit();
        }
    }

    /// Stops the journal, if any: a last snapshot, then the committer finishes and closes the
    /// store.
    pub fn close(&self) {
        #[cfg(feature = "journal")]
        if let Some(journal) = &self.journal {
            journal.close(&lock(&self.core));
        }
    }
}
