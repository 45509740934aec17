//! The open market-stream connections, what they are subscribed to, and the faults that apply
//! to all of them, with the latency model's market-data delay. The servers keep it (the
//! embedding API and the admin routes reach it there); the venue tells it of each input that
//! changed the market ([`super::super::hubs`]).

use std::collections::HashMap;
use std::time::Duration;

use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

use crate::latency::{Leg, Sampler};

/// What the simulator tells a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// Close the connection (code 1001).
    Close,
    /// Send nothing (pings included) until then; keep the connection open.
    SilenceUntil(Instant),
}

#[derive(Debug)]
struct Conn {
    tx: mpsc::UnboundedSender<Control>,
    subscriptions: usize,
}

/// The registry of market-stream connections.
#[derive(Debug)]
pub struct MarketHub {
    conns: HashMap<u64, Conn>,
    opened: u64,
    silenced_until: Option<Instant>,
    delay: Duration,
    /// The latency model's market-data delays, drawn one a batch of frames.
    latency: Option<Sampler>,
    changes: watch::Sender<u64>,
}

impl Default for MarketHub {
    fn default() -> Self {
        MarketHub {
            conns: HashMap::new(),
            opened: 0,
            silenced_until: None,
            delay: Duration::ZERO,
            latency: None,
            changes: watch::channel(0).0,
        }
    }
}

impl MarketHub {
    /// No connection yet; frames wait the market-data delays `latency` draws (`None`: none).
    pub fn with_latency(latency: Option<Sampler>) -> MarketHub {
        MarketHub {
            latency,
            ..MarketHub::default()
        }
    }

    /// Registers a connection: its id, its control channel, the change signal, and the
    /// silence already in force.
    pub fn register(&mut self) -> Registration {
        let (tx, rx) = mpsc::unbounded_channel();
        self.opened += 1;
        self.conns.insert(
            self.opened,
            Conn {
                tx,
                subscriptions: 0,
            },
        );
        Registration {
            id: self.opened,
            control: rx,
            changes: self.changes.subscribe(),
            silenced_until: self.silenced_until.filter(|t| *t > Instant::now()),
        }
    }

    /// Forgets a connection.
    pub fn unregister(&mut self, id: u64) {
        self.conns.remove(&id);
    }

    /// Records how many channels connection `id` is subscribed to.
    pub fn set_subscriptions(&mut self, id: u64, n: usize) {
        if let Some(c) = self.conns.get_mut(&id) {
            c.subscriptions = n;
        }
    }

    /// Signals that input `seq`, committed, may have changed books, trades or mark prices:
    /// connections recompute what they push (and send only what differs).
    pub fn changed(&self, seq: u64) {
        // With no connection nobody waits: a backtest's strategy reads no market stream, and
        // waking no one cost a replay a twentieth of its time.
        if self.changes.receiver_count() == 0 {
            return;
        }
        self.changes.send_modify(|v| *v = (*v).max(seq));
    }

    /// Closes every connection.
    pub fn close_all(&mut self) {
        for c in self.conns.values() {
            let _ = c.tx.send(Control::Close);
        }
    }

    /// Silences every connection (and the ones opened meanwhile) for `d`.
    pub fn silence(&mut self, d: Duration) {
        let until = Instant::now() + d;
        self.silenced_until = Some(until);
        for c in self.conns.values() {
            let _ = c.tx.send(Control::SilenceUntil(until));
        }
    }

    /// Delays every frame sent from now on by `d` (zero: no delay).
    pub fn set_delay(&mut self, d: Duration) {
        self.delay = d;
    }

    /// How long frames queued now wait: the delay fault and the latency model's market-data
    /// delay.
    pub fn delay(&mut self) -> Duration {
        let model = self
            .latency
            .as_mut()
            .map_or(Duration::ZERO, |s| s.draw(Leg::MarketData));
        self.delay + model
    }

    /// Open connections.
    pub fn len(&self) -> usize {
        self.conns.len()
    }

    /// Whether no connection is open.
    pub fn is_empty(&self) -> bool {
        self.conns.is_empty()
    }

    /// Connections accepted since the start.
    pub fn opened(&self) -> u64 {
        self.opened
    }

    /// Live subscriptions over every connection.
    pub fn subscriptions(&self) -> usize {
        self.conns.values().map(|c| c.subscriptions).sum()
    }
}

/// What a new connection gets from the hub.
#[derive(Debug)]
pub struct Registration {
    /// Its id.
    pub id: u64,
    /// Close and silence orders.
    pub control: mpsc::UnboundedReceiver<Control>,
    /// Ticks whenever the market may have changed.
    pub changes: watch::Receiver<u64>,
    /// A silence in force when it connected.
    pub silenced_until: Option<Instant>,
}
