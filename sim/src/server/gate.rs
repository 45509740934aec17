//! A lockstep backtest's hold on requests: the latency model in event time.
//!
//! On wall time a request sleeps its order-entry delay, then its answer sleeps the response
//! delay. In a lockstep backtest nothing sleeps: the harness owns the clock, and a request asks
//! it when it may pass. [`Gate::enter`] waits until the harness has applied the market up to the
//! request's arrival at the engine; [`Held::answer`] until it has applied the market up to the
//! answer's arrival at the client. The harness draws the delays itself, in its own order, so a
//! run is the same for a seed (docs/design.md, Latency).

use std::time::Duration;

use tokio::sync::{mpsc, oneshot};

use crate::latency::Leg;

/// What a held request tells the harness.
#[derive(Debug)]
pub enum Step {
    /// A request wants to reach the engine by `leg` (plus an injected `extra` delay); `go`
    /// releases it once the market is applied up to its arrival and the clock reads it.
    Enter {
        /// Order entry, or cancel.
        leg: Leg,
        /// An injected latency fault, added to the draw.
        extra: Duration,
        /// Released by the harness.
        go: oneshot::Sender<()>,
    },
    /// The engine has taken the request entered last and its answer is ready; `go` releases it
    /// once the market is applied up to the answer's arrival.
    Answer {
        /// Released by the harness.
        go: oneshot::Sender<()>,
    },
    /// The request entered last went away without an answer (its connection closed): the
    /// engine is free.
    Gone,
}

/// The servers' end of the hold (the harness holds the receiver).
#[derive(Debug, Clone)]
pub struct Gate {
    tx: mpsc::UnboundedSender<Step>,
}

impl Gate {
    /// A gate and the harness's end of it.
    pub fn new() -> (Gate, mpsc::UnboundedReceiver<Step>) {
        let (tx, rx) = mpsc::unbounded_channel();
        (Gate { tx }, rx)
    }

    /// Waits until the request may reach the engine; it then holds the engine until its answer
    /// leaves ([`Held::answer`]) or it is dropped. A harness that has gone lets it pass.
    pub async fn enter(&self, leg: Leg, extra: Duration) -> Held {
        let (go, wait) = oneshot::channel();
        if self.tx.send(Step::Enter { leg, extra, go }).is_ok() {
            let _ = wait.await;
        }
        Held {
            tx: Some(self.tx.clone()),
        }
    }
}

/// A request the engine has taken, until its answer leaves.
#[derive(Debug)]
pub struct Held {
    tx: Option<mpsc::UnboundedSender<Step>>,
}

impl Held {
    /// Waits until the answer may reach the client. A harness that has gone lets it pass.
    pub async fn answer(mut self) {
        let Some(tx) = self.tx.take() else { return };
        let (go, wait) = oneshot::channel();
        if tx.send(Step::Answer { go }).is_ok() {
            let _ = wait.await;
        }
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send(Step::Gone);
        }
    }
}
