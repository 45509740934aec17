//! The servers' stream connections, subscribed to the venue: each account's private-stream
//! events, the listen keys closed, and the market stream's signal that the market changed.

use std::sync::Mutex;

use super::market_stream::hub::MarketHub;
use super::user_stream::hub::Hub;
use crate::exchange::effects::Effects;
use crate::latency::Latency;
use crate::venue::lock;
use crate::venue::subscriber::Subscriber;

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
}

impl Subscriber for Hubs {
    /// Sends what input `seq` caused: each account's events, the listen keys closed, and the
    /// market stream's signal (its connections read the book as of `seq`).
    fn published(&self, seq: u64, effects: &Effects) {
        if !effects.events.is_empty() || !effects.closed_keys.is_empty() {
            let mut hub = lock(&self.user);
            for (uid, event) in &effects.events {
                hub.send_event(*uid, event);
            }
            for (key, reason) in &effects.closed_keys {
                hub.close_key(key, reason);
            }
        }
        if effects.market_changed {
            lock(&self.market).changed(seq);
        }
    }
}
