//! The one way effects leave the venue: its subscribers, each told of every input in order.

use std::fmt;
use std::sync::{Arc, RwLock, Weak};

use crate::exchange::effects::Effects;
use crate::exchange::records::Record;

/// A part that follows the venue's inputs: the servers' connections, a backtest's recorder.
///
/// Both calls come in input order, on the thread that applied or committed the input; they
/// must not block nor call back into the venue.
pub trait Subscriber: Send + Sync {
    /// The history input `seq` left, under the core's lock, before anything answers the input:
    /// a read that follows its answer finds them.
    fn records(&self, _seq: u64, _records: &[Record]) {}

    /// What input `seq` caused, once it is committed (at once without a journal): nothing is
    /// shown that a restart could not bring back.
    fn published(&self, _seq: u64, _effects: &Effects) {}
}

/// The subscribers of one venue, shared with the journal's committer that publishes. Each is
/// told while its owner keeps it.
#[derive(Clone, Default)]
pub struct Subscribers(Arc<RwLock<Vec<Weak<dyn Subscriber>>>>);

impl Subscribers {
    /// Adds `subscriber`: it is told of the inputs applied from now on, until it is dropped.
    pub fn add<S: Subscriber + 'static>(&self, subscriber: &Arc<S>) {
        let weak: Weak<dyn Subscriber> = Arc::downgrade(subscriber) as Weak<S>;
        let mut all = self.0.write().unwrap_or_else(|e| e.into_inner());
        all.retain(|s| s.strong_count() > 0);
        all.push(weak);
    }

    /// Tells every subscriber of input `seq`'s records.
    pub fn records(&self, seq: u64, records: &[Record]) {
        if records.is_empty() {
            return;
        }
        for s in self.0.read().unwrap_or_else(|e| e.into_inner()).iter() {
            if let Some(s) = s.upgrade() {
                s.records(seq, records);
            }
        }
    }

    /// Tells every subscriber what input `seq` caused.
    pub fn publish(&self, seq: u64, effects: &Effects) {
        if effects.is_empty() {
            return;
        }
        for s in self.0.read().unwrap_or_else(|e| e.into_inner()).iter() {
            if let Some(s) = s.upgrade() {
                s.published(seq, effects);
            }
        }
    }
}

impl fmt::Debug for Subscribers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.read().map_or(0, |v| v.len());
        write!(f, "Subscribers({n})")
    }
}
