//! What the servers share: the venue, and the servers' own state (faults, rate limits, the
//! latency model's request delays).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::Method;

use super::faults::Faults;
use super::routes;
use super::throttle::Throttle;
use crate::latency::{Leg, Sampler};
use crate::venue::{Venue, lock};

/// What the servers share: the venue, and their own state.
#[derive(Debug)]
pub struct Server {
    /// The venue.
    pub venue: Arc<Venue>,
    /// Injected faults and the log of received requests.
    pub faults: Mutex<Faults>,
    /// Per-account rate limits.
    pub throttle: Mutex<Throttle>,
    /// The latency model's draws for requests and their answers (`None`: no model).
    latency: Option<Mutex<Sampler>>,
}

impl Server {
    /// The servers of `venue`.
    pub fn new(venue: Arc<Venue>) -> Arc<Server> {
        let latency = venue
            .config
            .latency
            .as_ref()
            .map(|l| Mutex::new(l.sampler()));
        Arc::new(Server {
            venue,
            faults: Mutex::new(Faults::default()),
            throttle: Mutex::new(Throttle::default()),
            latency,
        })
    }

    /// How long a request waits before the engine takes it (its cancel delay for a cancel,
    /// else its order-entry delay), and how long its answer then waits: zero without a model.
    pub fn delays(&self, method: &Method, path: &str) -> (Duration, Duration) {
        let Some(sampler) = &self.latency else {
            return (Duration::ZERO, Duration::ZERO);
        };
        let cancel = routes::resolve(method, path).is_ok_and(|r| r.meta.name.starts_with("cancel"));
        let mut sampler = lock(sampler);
        let entry = sampler.draw(if cancel { Leg::Cancel } else { Leg::OrderEntry });
        (entry, sampler.draw(Leg::Response))
    }
}
