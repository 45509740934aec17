//! What the servers share: the venue, and the servers' own state (the stream connections,
//! faults, rate limits, the latency model's request delays, a lockstep backtest's gate).

use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use contango::EndpointMeta;

use super::driver::Driver;
use super::faults::Faults;
use super::gate::{Gate, Held};
use super::hubs::Hubs;
use super::throttle::Throttle;
use crate::latency::{Leg, Sampler};
use crate::venue::{Venue, lock};

/// What the servers share: the venue, and their own state.
#[derive(Debug)]
pub struct Server {
    /// The venue.
    pub venue: Arc<Venue>,
    /// The stream connections, subscribed to the venue.
    pub hubs: Arc<Hubs>,
    /// Injected faults and the log of received requests.
    pub faults: Mutex<Faults>,
    /// Per-account rate limits.
    pub throttle: Mutex<Throttle>,
    /// The latency model's draws for requests and their answers (`None`: no model).
    latency: Option<Mutex<Sampler>>,
    /// A lockstep backtest's hold on requests: when set, requests wait in event time, not on
    /// the wall.
    gate: OnceLock<Gate>,
    /// A driven venue's market, moved by `POST /__sim/step`.
    driver: OnceLock<Arc<dyn Driver>>,
}

impl Server {
    /// The servers of `venue`: their stream connections are told of every input from now on.
    pub fn new(venue: Arc<Venue>) -> Arc<Server> {
        let hubs = Arc::new(Hubs::new(venue.config.latency.as_ref()));
        venue.subscribe(&hubs);
        let latency = venue
            .config
            .latency
            .as_ref()
            .map(|l| Mutex::new(l.sampler()));
        Arc::new(Server {
            venue,
            hubs,
            faults: Mutex::new(Faults::default()),
            throttle: Mutex::new(Throttle::default()),
            latency,
            gate: OnceLock::new(),
            driver: OnceLock::new(),
        })
    }

    /// Hands the venue's steps and report to `driver` (a driven backtest); false if one has
    /// them already.
    pub fn drive(&self, driver: Arc<dyn Driver>) -> bool {
        self.driver.set(driver).is_ok()
    }

    /// The driver of a driven venue.
    pub fn driver(&self) -> Option<&Arc<dyn Driver>> {
        self.driver.get()
    }

    /// Holds every request at `gate` from now on (a lockstep backtest); false if one holds
    /// them already.
    pub fn hold(&self, gate: Gate) -> bool {
        self.gate.set(gate).is_ok()
    }

    /// Waits until the engine may take a request: its cancel delay for a cancel, else its
    /// order-entry delay, plus an injected `fault` delay, on the wall or in a lockstep backtest's
    /// event time (the account's requests; a public one passes there at once). `endpoint` is
    /// the request's, as its route resolved (`None`: no endpoint has its path). Returns what its
    /// answer owes ([`Server::to_client`]).
    pub async fn to_engine(&self, endpoint: Option<&EndpointMeta>, fault: Duration) -> Passage {
        if let Some(gate) = self.gate.get() {
            // Public reads (time, contracts, the book) pass at the strategy's time: the
            // client's housekeeping does not move its orders in event time.
            if endpoint.is_some_and(|e| e.security.needs_key()) {
                return Passage::Held(gate.enter(leg(endpoint), fault).await);
            }
            return Passage::Wall(Duration::ZERO);
        }
        let (entry, response) = match &self.latency {
            Some(sampler) => {
                let leg = leg(endpoint);
                let mut sampler = lock(sampler);
                (sampler.draw(leg), sampler.draw(Leg::Response))
            }
            None => (Duration::ZERO, Duration::ZERO),
        };
        let wait = entry + fault;
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        Passage::Wall(response)
    }

    /// Waits until an answer may reach the client, as `passage` ([`Server::to_engine`]) says.
    pub async fn to_client(&self, passage: Passage) {
        match passage {
            Passage::Held(held) => held.answer().await,
            Passage::Wall(wait) if !wait.is_zero() => tokio::time::sleep(wait).await,
            Passage::Wall(_) => {}
        }
    }
}

/// What a request's answer owes once the engine took the request.
#[derive(Debug)]
pub enum Passage {
    /// A wait on the wall (the latency model's response draw; zero without a model).
    Wall(Duration),
    /// The lockstep backtest's release.
    Held(Held),
}

/// The leg a request travels: cancel for the cancel endpoints, else order entry.
fn leg(endpoint: Option<&EndpointMeta>) -> Leg {
    let cancel = endpoint.is_some_and(|e| e.name.starts_with("cancel"));
    if cancel { Leg::Cancel } else { Leg::OrderEntry }
}
