//! The open private-stream connections and the faults that apply to all of them: where each
//! account's events go, written as they are sent.

use std::collections::HashMap;
use std::time::Duration;

use contango::Event;
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::latency::{Leg, Sampler};

/// What the state sends a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamMsg {
    /// A serialized event, to be sent at `due` (later than now under the delay fault).
    Event {
        /// The frame's text.
        text: String,
        /// When it may leave.
        due: Instant,
    },
    /// Send and read nothing until then (pings and pongs included); keep the connection open.
    SilenceUntil(Instant),
    /// Close with this code and reason.
    Close(u16, &'static str),
}

#[derive(Debug)]
struct Conn {
    uid: i64,
    key: String,
    tx: mpsc::UnboundedSender<StreamMsg>,
}

/// The open stream connections and the faults that apply to all of them.
#[derive(Debug, Default)]
pub struct Hub {
    conns: HashMap<u64, Conn>,
    next: u64,
    silenced_until: Option<Instant>,
    delay: Duration,
    /// The latency model's response delays, drawn one an event.
    latency: Option<Sampler>,
}

impl Hub {
    /// No connection yet; events wait the response delays `latency` draws (`None`: none).
    pub fn with_latency(latency: Option<Sampler>) -> Hub {
        Hub {
            latency,
            ..Hub::default()
        }
    }

    /// Registers a connection of `uid` on listen key `key` (silenced if a silence is in force).
    pub fn register(&mut self, uid: i64, key: &str) -> (u64, mpsc::UnboundedReceiver<StreamMsg>) {
        let (tx, rx) = mpsc::unbounded_channel();
        if let Some(until) = self.silenced_until.filter(|t| *t > Instant::now()) {
            let _ = tx.send(StreamMsg::SilenceUntil(until));
        }
        self.next += 1;
        self.conns.insert(
            self.next,
            Conn {
                uid,
                key: key.to_owned(),
                tx,
            },
        );
        (self.next, rx)
    }

    /// Forgets a connection.
    pub fn unregister(&mut self, id: u64) {
        self.conns.remove(&id);
    }

    /// Queues `event`, written once if `uid` has a connection, to every connection of `uid`
    /// ([`Hub::send`]).
    pub fn send_event(&mut self, uid: i64, event: &Event) {
        self.queue(uid, || text(event));
    }

    /// Queues a frame's text to every connection of `uid` (dropping connections that are
    /// gone), due after the current delay fault and the latency model's response delay. A
    /// connection sends its events in order, each once it is due.
    pub fn send(&mut self, uid: i64, text: &str) {
        self.queue(uid, || Some(text.to_owned()));
    }

    fn queue(&mut self, uid: i64, text: impl FnOnce() -> Option<String>) {
        let model = self
            .latency
            .as_mut()
            .map_or(Duration::ZERO, |s| s.draw(Leg::Response));
        if !self.conns.values().any(|c| c.uid == uid) {
            return;
        }
        let Some(text) = text() else {
            return;
        };
        let due = Instant::now() + self.delay + model;
        self.conns.retain(|_, c| {
            let msg = StreamMsg::Event {
                text: text.clone(),
                due,
            };
            c.uid != uid || c.tx.send(msg).is_ok()
        });
    }

    /// Silences every connection (and the ones opened meanwhile) for `d`.
    pub fn silence(&mut self, d: Duration) {
        let until = Instant::now() + d;
        self.silenced_until = Some(until);
        for c in self.conns.values() {
            let _ = c.tx.send(StreamMsg::SilenceUntil(until));
        }
    }

    /// Delays every event sent from now on by `d` (zero: no delay).
    pub fn set_delay(&mut self, d: Duration) {
        self.delay = d;
    }

    /// Closes the connections of listen key `key`.
    pub fn close_key(&mut self, key: &str, reason: &'static str) {
        for c in self.conns.values().filter(|c| c.key == key) {
            let _ = c.tx.send(StreamMsg::Close(1000, reason));
        }
    }

    /// Closes every connection.
    pub fn close_all(&mut self, reason: &'static str) {
        for c in self.conns.values() {
            let _ = c.tx.send(StreamMsg::Close(1001, reason));
        }
    }

    /// Number of connections registered since the start (open or not).
    pub fn opened(&self) -> u64 {
        self.next
    }

    /// Number of registered connections.
    pub fn len(&self) -> usize {
        self.conns.len()
    }

    /// Whether no connection is registered.
    pub fn is_empty(&self) -> bool {
        self.conns.is_empty()
    }
}

/// The wire text of a private-stream event.
fn text(event: &Event) -> Option<String> {
    let text = match event {
        Event::OrderTradeUpdate(u) => serde_json::to_string(u),
        Event::AccountUpdate(u) => serde_json::to_string(u),
        Event::Other { raw, .. } => return Some(raw.clone()),
    };
    text.map_err(|e| tracing::error!(error = %e, "simulator: an event did not serialise"))
        .ok()
}
