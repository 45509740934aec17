//! The funding watcher: the mark price, the index price, the funding rates and the time to the
//! next funding of some contracts, polled over REST (`/v1/index`), so it works without either
//! stream feature.
//!
//! A screen that shows funding must not cost the account its rate limit: the watcher asks one
//! contract at a time, no faster than every [`MIN_EVERY`] for each, and spaces its calls so that
//! they take at most a quarter of their endpoint group's rate (the client's own limiter paces
//! them too). Between two answers the countdown keeps running on the local clock
//! ([`Funding::until_funding`]).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rust_decimal::Decimal;
use tokio::sync::mpsc;

use crate::{Client, Endpoint, Error, IndexRequest, MarkPrice};

/// The shortest interval between two polls of one contract.
pub const MIN_EVERY: Duration = Duration::from_secs(5);

/// The share of the endpoint group's rate the watcher may take: one request in four.
const RATE_SHARE: u32 = 4;

/// What the watcher knows of one contract: its latest answer and when it came.
#[derive(Debug, Clone, PartialEq)]
pub struct Funding {
    /// The contract.
    pub contract: String,
    /// The exchange's answer, as the spec types it.
    pub index: MarkPrice,
    /// When the answer arrived (the countdown runs from here).
    pub received: Instant,
}

impl Funding {
    /// The mark price.
    pub fn mark_price(&self) -> Option<Decimal> {
        self.index.mark_price
    }

    /// The index price.
    pub fn index_price(&self) -> Option<Decimal> {
        self.index.index_price
    }

    /// The funding rate of the current period (a fraction: 0.0001 is 0.01 %).
    pub fn funding_rate(&self) -> Option<Decimal> {
        self.index.current_fund_rate
    }

    /// The predicted rate of the next period.
    pub fn next_funding_rate(&self) -> Option<Decimal> {
        self.index.next_fund_rate
    }

    /// The time left to the next funding now: the answer's count less the time since it came
    /// (zero once passed, until the next answer). `None` when the answer had no count, or a
    /// negative one.
    pub fn until_funding(&self) -> Option<Duration> {
        let left = self.index.until_funding?.to_duration()?;
        Some(left.saturating_sub(self.received.elapsed()))
    }

    /// How long ago the answer came.
    pub fn age(&self) -> Duration {
        self.received.elapsed()
    }
}

/// What the watcher yields.
#[derive(Debug)]
pub enum FundingItem {
    /// A contract's new answer (also kept: [`FundingWatcher::latest`]).
    Updated(Funding),
    /// A poll of `contract` failed; the last answer stays, ageing, and the next poll comes on
    /// schedule.
    Failed {
        /// The contract polled.
        contract: String,
        /// Why.
        error: Error,
    },
}

/// Builds a [`FundingWatcher`].
#[derive(Debug)]
pub struct FundingWatcherBuilder {
    client: Client,
    contracts: Vec<String>,
    every: Duration,
}

impl FundingWatcherBuilder {
    /// Watches `contract` too.
    pub fn contract(mut self, contract: impl Into<String>) -> Self {
        let contract = contract.into();
        if !self.contracts.contains(&contract) {
            self.contracts.push(contract);
        }
        self
    }

    /// How often each contract is polled (default, and at least, [`MIN_EVERY`]; longer when
    /// the contracts watched would take more than a quarter of the endpoint group's rate).
    pub fn every(mut self, every: Duration) -> Self {
        self.every = every;
        self
    }

    /// The interval between two polls of one contract, as the watcher will keep it.
    pub fn interval(&self) -> Duration {
        let share = self
            .client
            .core()
            .rate(<IndexRequest as Endpoint>::RATE_GROUP)
            .map_or(Duration::ZERO, |r| r.interval() * RATE_SHARE);
        let n = u32::try_from(self.contracts.len())
            .unwrap_or(u32::MAX)
            .max(1);
        self.every.max(MIN_EVERY).max(share.saturating_mul(n))
    }

    /// Starts polling, the first answer of each contract at once: a task of the current Tokio
    /// runtime, which ends with the watcher.
    pub fn start(self) -> FundingWatcher {
        let interval = self.interval();
        let latest = Arc::new(Mutex::new(BTreeMap::new()));
        // A few items wait for a reader; past them an item is dropped, not waited for, so a
        // watcher read only through `latest` keeps polling.
        let (tx, rx) = mpsc::channel(16);
        let task = tokio::spawn(poll(
            self.client,
            self.contracts,
            interval,
            latest.clone(),
            tx,
        ));
        FundingWatcher {
            latest,
            rx,
            task,
            interval,
        }
    }
}

/// The mark price and funding of some contracts, polled (see the module docs).
#[derive(Debug)]
pub struct FundingWatcher {
    latest: Arc<Mutex<BTreeMap<String, Funding>>>,
    rx: mpsc::Receiver<FundingItem>,
    task: tokio::task::JoinHandle<()>,
    interval: Duration,
}

impl FundingWatcher {
    /// A watcher of `client`'s exchange; name the contracts with
    /// [`FundingWatcherBuilder::contract`].
    pub fn builder(client: Client) -> FundingWatcherBuilder {
        FundingWatcherBuilder {
            client,
            contracts: Vec::new(),
            every: MIN_EVERY,
        }
    }

    /// The next answer or failure. Cancel-safe: dropping the future loses nothing. Items wait
    /// for a reader up to a few; a watcher read only through [`Self::latest`] drops them.
    pub async fn next(&mut self) -> Option<FundingItem> {
        self.rx.recv().await
    }

    /// The latest answer for `contract`, if one came.
    pub fn latest(&self, contract: &str) -> Option<Funding> {
        lock(&self.latest).get(contract).cloned()
    }

    /// The interval between two polls of one contract.
    pub fn interval(&self) -> Duration {
        self.interval
    }
}

impl Drop for FundingWatcher {
    fn drop(&mut self) {
        self.task.abort();
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The polling task: each contract once per `interval`, the calls spread evenly over it.
async fn poll(
    client: Client,
    contracts: Vec<String>,
    interval: Duration,
    latest: Arc<Mutex<BTreeMap<String, Funding>>>,
    tx: mpsc::Sender<FundingItem>,
) {
    if contracts.is_empty() {
        return;
    }
    let n = u32::try_from(contracts.len()).unwrap_or(u32::MAX);
    let step = interval / n;
    // The first round at once (the client's limiter paces it), then one call every `step`.
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + interval, step);
    // After a stall (a slow answer, a suspended laptop) the schedule moves on; no burst.
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    for (round, contract) in contracts.iter().cycle().enumerate() {
        if round >= contracts.len() {
            ticks.tick().await;
        }
        let item = match client.index(contract.clone()).send().await {
            Ok(index) => {
                let funding = Funding {
                    contract: contract.clone(),
                    index,
                    received: Instant::now(),
                };
                lock(&latest).insert(contract.clone(), funding.clone());
                FundingItem::Updated(funding)
            }
            Err(error) => FundingItem::Failed {
                contract: contract.clone(),
                error,
            },
        };
        if let Err(mpsc::error::TrySendError::Closed(_)) = tx.try_send(item) {
            return;
        }
    }
}
