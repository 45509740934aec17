//! The running venue: the core and its history under one lock, the clock that stamps inputs,
//! and the connections its effects are published to. The servers and the feeds share it.
//!
//! [`Venue::submit`] is the one way an input reaches the core: it is applied, what left the core
//! is kept (history) and published (private-stream events, market-stream changes, closed listen
//! keys) in the order the inputs were applied. Reads take the lock ([`Venue::read`]) and see the
//! state as of the latest input.

use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::watch;

use crate::config::SimConfig;
use crate::error::SimResult;
use crate::exchange::Exchange;
use crate::exchange::effects::Effects;
use crate::exchange::input::{Answer, Input};
use crate::feeds::clock::Clock;
use crate::history::{History, Window};
use crate::server::market_stream::hub::MarketHub;
use crate::server::user_stream::hub::Hub;

/// The core and what the venue remembers of it, behind one lock.
#[derive(Debug)]
pub struct Core {
    /// The exchange.
    pub exchange: Exchange,
    /// What left it.
    pub history: Box<dyn History>,
}

/// What the servers and feeds share.
#[derive(Debug)]
pub struct Venue {
    core: Mutex<Core>,
    /// The injectable clock that stamps inputs.
    pub clock: Clock,
    /// Private-stream connections.
    pub hub: Mutex<Hub>,
    /// Market-stream connections.
    pub market_hub: Mutex<MarketHub>,
    /// The configuration the venue started with (the servers' settings).
    pub config: SimConfig,
    /// Flips to `true` when the simulator shuts down.
    pub shutdown: watch::Sender<bool>,
}

/// Locks `m`; a panic elsewhere does not make it unusable.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Venue {
    /// A venue around `exchange`, which `config` described.
    pub fn new(config: SimConfig, mut exchange: Exchange, clock: Clock) -> Arc<Venue> {
        let mut history: Box<dyn History> = Box::new(Window::default());
        history.record(0, exchange.take_effects().records);
        let (shutdown, _) = watch::channel(false);
        Arc::new(Venue {
            core: Mutex::new(Core { exchange, history }),
            clock,
            hub: Mutex::new(Hub::default()),
            market_hub: Mutex::new(MarketHub::default()),
            config,
            shutdown,
        })
    }

    /// Applies `input`, keeps and publishes what it caused; its answer.
    pub fn submit(&self, input: Input) -> SimResult<Answer> {
        let mut core = lock(&self.core);
        let (answer, effects) = core.exchange.apply(input);
        self.publish(&mut core, effects);
        answer
    }

    /// Applies an input built from the state (`make` sees it under the same lock, so nothing
    /// comes between); `None` applies nothing.
    pub fn submit_with(
        &self,
        make: impl FnOnce(&Core) -> SimResult<Option<Input>>,
    ) -> SimResult<Option<Answer>> {
        let mut core = lock(&self.core);
        let Some(input) = make(&core)? else {
            return Ok(None);
        };
        let (answer, effects) = core.exchange.apply(input);
        self.publish(&mut core, effects);
        answer.map(Some)
    }

    /// The core, for reading.
    pub fn read(&self) -> MutexGuard<'_, Core> {
        lock(&self.core)
    }

    /// Keeps the records and sends the events, under the core's lock so that every client sees
    /// them in the order the state changed.
    fn publish(&self, core: &mut Core, effects: Effects) {
        let Effects {
            events,
            market_changed,
            closed_keys,
            records,
        } = effects;
        core.history.record(0, records);
        if !events.is_empty() || !closed_keys.is_empty() {
            let mut hub = lock(&self.hub);
            for (uid, text) in &events {
                hub.send(*uid, text);
            }
            for (key, reason) in &closed_keys {
                hub.close_key(key, reason);
            }
        }
        if market_changed {
            lock(&self.market_hub).changed();
        }
    }
}
