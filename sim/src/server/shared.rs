//! What the servers share: the venue, and the servers' own state (faults, rate limits).

use std::sync::{Arc, Mutex};

use super::faults::Faults;
use super::throttle::Throttle;
use crate::venue::Venue;

/// What the servers share: the venue, and their own state.
#[derive(Debug)]
pub struct Server {
    /// The venue.
    pub venue: Arc<Venue>,
    /// Injected faults and the log of received requests.
    pub faults: Mutex<Faults>,
    /// Per-account rate limits.
    pub throttle: Mutex<Throttle>,
}

impl Server {
    /// The servers of `venue`.
    pub fn new(venue: Arc<Venue>) -> Arc<Server> {
        Arc::new(Server {
            venue,
            faults: Mutex::new(Faults::default()),
            throttle: Mutex::new(Throttle::default()),
        })
    }
}
