//! The session a lockstep backtest records ([`Backtest::record_session`](super::Backtest::record_session)): the
//! file the strategy's client would have written live, with every time in event time.
//!
//! The strategy's client records its own HTTP exchanges, through a recorder whose clock is the
//! strategy's time: a request is stamped when the strategy sent it, its answer when the harness
//! released it. The harness writes the streams the strategy would have read: a `market`
//! connection with each frame's original bytes and a `user` connection with each order update's
//! text, each written when its delivery time comes on the strategy's timeline, so frames that
//! arrive while a request is in flight are written at their arrival, as a live client's stream
//! records them, not when the busy strategy gets to them. The recording's clock is the
//! exchange's, which one clock sample (offset 0) says before anything is sent.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use contango::recording::{Direction, Recorder};

/// What the strategy receives, as its stream carried it.
pub(super) enum Line {
    /// A market-stream frame, its bytes as recorded (gzip or text).
    Market(Vec<u8>),
    /// A private-stream order update, its text.
    Order(String),
}

/// The recording of a run, and what waits for its time to be written.
pub(crate) struct Session {
    recorder: Recorder,
    /// The strategy's time (epoch µs): the recorder's clock.
    now: Arc<AtomicI64>,
    market: u64,
    user: u64,
    /// Lines by the harness queue's key (delivery time µs, order of making).
    pending: BTreeMap<(i64, u64), Line>,
}

impl Session {
    /// A recording at `path` starting at `start_us` (the first frame's time), with the two
    /// streams connected to the simulator's `market_url` and `user_url`.
    pub(super) fn create(
        path: &Path,
        start_us: i64,
        market_url: &str,
        user_url: &str,
    ) -> io::Result<Session> {
        let now = Arc::new(AtomicI64::new(start_us));
        let clock = Arc::clone(&now);
        let recorder = Recorder::create_with_clock(path, move || clock.load(Ordering::Acquire))?;
        let market = recorder.connect("market", market_url);
        let user = recorder.connect("user", user_url);
        // Event time is the exchange's time: the readers' offset is zero, measured exactly.
        recorder.clock(0, None);
        Ok(Session {
            recorder,
            now,
            market,
            user,
            pending: BTreeMap::new(),
        })
    }

    /// The recorder, for the strategy's client.
    pub(super) fn recorder(&self) -> &Recorder {
        &self.recorder
    }

    /// `line` reaches the strategy at `key`'s time; written when the strategy's time gets there.
    pub(super) fn received(&mut self, key: (i64, u64), line: Line) {
        self.pending.insert(key, line);
    }

    /// The strategy's time moves to `us`: what reached it by then is written at its own time
    /// (never before a line already written), then the clock reads `us`.
    pub(super) fn at(&mut self, us: i64) {
        while let Some(entry) = self.pending.first_entry() {
            if entry.key().0 > us {
                break;
            }
            let ((time, _), line) = entry.remove_entry();
            self.now.fetch_max(time, Ordering::AcqRel);
            match line {
                Line::Market(bytes) => {
                    // The exchange sends gzip frames as binary messages, text ones as text.
                    let binary = bytes.starts_with(&[0x1f, 0x8b]);
                    self.recorder
                        .frame(self.market, Direction::In, binary, bytes);
                }
                Line::Order(text) => {
                    self.recorder
                        .frame(self.user, Direction::In, false, text.into_bytes());
                }
            }
        }
        self.now.fetch_max(us, Ordering::AcqRel);
    }

    /// Writes what is left, each at its own time.
    pub(super) fn finish(&mut self) {
        if let Some(last) = self.pending.last_key_value().map(|(k, _)| k.0) {
            self.at(last);
        }
    }
}
