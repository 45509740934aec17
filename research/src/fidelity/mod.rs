//! Fidelity: would this simulator have filled what the exchange filled? A recorded session of
//! the user's own (docs/recordings.md) is replayed through the simulator: its market frame by
//! frame in event time, the user's orders and cancels sent again at their recorded times plus
//! the latency model's delays (docs/design.md, Fidelity). Each order's outcome on both sides
//! is compared and gets a verdict; the PnL gap is split by cause.
//!
//! ```no_run
//! # async fn f() -> Result<(), Box<dyn std::error::Error>> {
//! let report = contango_research::Fidelity::from_file("session.jsonl")?.run().await?;
//! print!("{report}");
//! println!("gap: {:?} bps", report.summary.gap_bps);
//! # Ok(()) }
//! ```
//!
//! A session recorded to a file (or to a directory of rotated files, joined) is read a line at a
//! time: its own lines (its requests and answers, its private stream, its clock samples) are
//! kept in memory, and its market, most of its size, is read from the recording's decoded cache
//! ([`contango_sim::feeds::cache`]), checked once.
//!
//! The simulator takes the session's contracts, commission rates and starting balances where
//! the session looked them up, else its own defaults, and the report says which. Latency is
//! fitted from the session itself unless a model is given ([`Fidelity::latency`]); the queue
//! model is the simulator's default unless one is given.

mod outcome;
mod render;
mod session;
mod summary;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use contango::recording::{Direction, Joined, Recorded, Recording, RecordingError};
use contango::{Client, MarketEvent, OrderTradeUpdate};
use rust_decimal::Decimal;
use serde::Serialize;

pub use outcome::{Outcome, Verdict};
pub use summary::{GapParts, Summary};

use crate::backtest::gather::Gatherer;
use crate::backtest::lockstep::{Actor, Run};
use crate::backtest::{self, BacktestError};
use contango_sim::QueueModel;
use contango_sim::config::{ContractConfig, SimConfig};
use contango_sim::exchange::market::channel_symbol;
use contango_sim::feeds::cache::{CacheError, MarketCache, MarketEvents, market_frames};
use contango_sim::feeds::pace::Pace;
use contango_sim::latency::Latency;
use session::{Cancel, Placed, Session};

/// Why a session could not be checked.
#[derive(Debug, thiserror::Error)]
pub enum FidelityError {
    /// The recording could not be read.
    #[error("fidelity: {0}")]
    Recording(#[from] RecordingError),
    /// The session lacks what the check needs.
    #[error("fidelity: the session cannot be checked: it lacks {}", .0.join("; "))]
    Incomplete(Vec<&'static str>),
    /// The simulator could not run it.
    #[error("fidelity: {0}")]
    Run(#[from] BacktestError),
    /// The chart could not be written.
    #[error("fidelity: the chart {path}: {message}")]
    Plot {
        /// Where it was to go.
        path: PathBuf,
        /// What failed.
        message: String,
    },
}

/// One order compared.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OrderCheck {
    /// Its client order id: how both sides name it.
    pub client_order_id: String,
    /// Its id on the exchange (`None` when the exchange refused it).
    pub order_id: Option<i64>,
    /// Its contract.
    pub contract: String,
    /// Buy or sell.
    #[serde(skip)]
    pub buy: bool,
    /// What the exchange did.
    pub live: Outcome,
    /// What the simulator did.
    pub sim: Outcome,
    /// The verdict.
    pub verdict: Verdict,
    /// Simulated fee minus live fee (reported, not a verdict).
    pub fee_difference: Decimal,
    /// Simulated time to the first fill minus live, in ms, when both filled (reported, not a
    /// verdict).
    pub first_fill_difference_ms: Option<i64>,
}

/// A fidelity check's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FidelityReport {
    /// Each order placed in the session, in the order sent.
    pub orders: Vec<OrderCheck>,
    /// The summary.
    pub summary: Summary,
    /// Where the simulator's contracts, fees and balances came from.
    pub setup: Vec<String>,
    /// The latency model the orders travelled with.
    pub latency: String,
    /// The queue model.
    pub queue_model: String,
    /// What the check could not see.
    pub limits: Vec<String>,
    /// Cumulative PnL over time `(ms, live, simulated)`, at each fill of either side.
    #[serde(skip)]
    pub curve: Vec<(i64, Decimal, Decimal)>,
}

impl From<CacheError> for FidelityError {
    fn from(e: CacheError) -> FidelityError {
        match e {
            CacheError::Recording(e) => FidelityError::Recording(e),
            e => FidelityError::Run(BacktestError::Cache(e)),
        }
    }
}

/// A fidelity check to run.
#[derive(Debug, Clone)]
#[must_use]
pub struct Fidelity {
    /// The session's lines: a recording given in memory whole; one read from a file without
    /// its market frames, which `market` holds.
    recording: Recording,
    /// The recording file's market, from its decoded cache, and how many market frames the file
    /// holds.
    market: Option<(MarketCache, usize)>,
    latency: Option<Latency>,
    queue_model: QueueModel,
}

impl Fidelity {
    /// The session recorded at `path`, a file (plain or gzip) or a directory of them (one
    /// session, [`Recording::from_dir`]) read a line at a time: its market is read from the
    /// recording's decoded cache ([`contango_sim::feeds::cache`]; checked here, or built), its other
    /// lines are kept.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Fidelity, FidelityError> {
        let path = path.as_ref();
        let market = MarketCache::open(path)?;
        let (recording, frames) = own_lines(path)?;
        Ok(Fidelity {
            market: Some((market, frames)),
            ..Self::from_recording(recording)
        })
    }

    /// The session `recording`.
    pub fn from_recording(recording: Recording) -> Fidelity {
        Fidelity {
            recording,
            market: None,
            latency: None,
            queue_model: QueueModel::default(),
        }
    }

    /// The market's events, from the first.
    fn events(&self) -> MarketEvents {
        match &self.market {
            Some((cache, _)) => cache.events(),
            None => MarketEvents::from_frames(market_frames(&self.recording)),
        }
    }

    /// The latency model the orders travel with (default: fitted from the session itself,
    /// [`crate::FitLatency::from_recording`], else none).
    pub fn latency(mut self, latency: Latency) -> Self {
        self.latency = Some(latency);
        self
    }

    /// The simulator's queue model (default: its own default).
    pub fn queue_model(mut self, model: QueueModel) -> Self {
        self.queue_model = model;
        self
    }

    /// Replays the session and compares.
    pub async fn run(self) -> Result<FidelityReport, FidelityError> {
        let elsewhere = self.market.as_ref().map_or(0, |(_, frames)| *frames);
        let session = Session::read(&self.recording, self.events(), elsewhere)?;
        if !session.lacks.is_empty() {
            return Err(FidelityError::Incomplete(session.lacks));
        }
        let events = self.events();
        let mut setup = Vec::new();
        let mut limits = session.limits.clone();
        let latency = match self.latency {
            Some(l) => Some(l),
            None => match crate::fit::fitted_with_market(&self.recording, &session.market_times) {
                Ok(f) => {
                    setup.push(format!("latency fitted from the session: {f}"));
                    Some(f.latency)
                }
                Err(e) => {
                    limits.push(format!("no latency model: {e}"));
                    None
                }
            },
        };
        let config = configure(&session, self.queue_model, &mut setup);
        let sim = backtest::start(config).await?;
        let client = backtest::client(&sim, None)?;
        let mut replay = Replayer::new(&session);
        let total = usize::try_from(events.len()).unwrap_or(usize::MAX);
        let mut run = Run::new(
            backtest::harness(&sim),
            events,
            latency.as_ref(),
            Gatherer::new(1, total, "USDT".into(), Vec::new()),
            Pace::Fast,
        );
        run.wake_at(replay.actions.iter().map(|a| a.0));
        let played = run.run(&mut replay, &client).await;
        let ticks = ticks(&sim);
        sim.shutdown().await;
        played?;
        let orders = compare(&session, &replay, &ticks);
        let marks: HashMap<String, Decimal> = session
            .orders
            .iter()
            .filter_map(|o| {
                let price = session.last_price.get(&channel_symbol(&o.contract))?;
                Some((o.contract.clone(), *price))
            })
            .collect();
        let summary = summary::summarize(&orders, &marks);
        let curve = render::curve(&session, &replay.updates);
        Ok(FidelityReport {
            orders,
            summary,
            setup,
            latency: latency
                .map_or_else(|| crate::report::ZERO_LATENCY.to_owned(), |l| l.to_string()),
            queue_model: self.queue_model.to_string(),
            limits,
            curve,
        })
    }
}

/// The lines of the recording at `path` (a file or a directory) but its market frames (the
/// frames from the server on its `market` connections), and how many of those there are.
fn own_lines(path: &Path) -> Result<(Recording, usize), RecordingError> {
    let mut entries = Joined::open(path)?;
    let mut market = std::collections::HashSet::new();
    let mut kept = Vec::new();
    let mut frames = 0;
    for entry in &mut entries {
        let entry = entry?;
        match &entry.recorded {
            Recorded::Connect { conn, stream, .. } if stream == "market" => {
                market.insert(*conn);
            }
            Recorded::Frame(f) if f.dir == Direction::In && market.contains(&f.conn) => {
                frames += 1;
                continue;
            }
            _ => {}
        }
        kept.push(entry);
    }
    let recording = Recording {
        header: entries.header().clone(),
        entries: kept,
        warnings: entries.warnings().to_vec(),
    };
    Ok((recording, frames))
}

/// The simulator for `session`: its contracts, fees and balances where it has them.
fn configure(session: &Session, queue: QueueModel, setup: &mut Vec<String>) -> SimConfig {
    let mut config = contango_sim::Sim::builder().queue_model(queue);
    let mut traded: Vec<String> = session.orders.iter().map(|o| o.contract.clone()).collect();
    traded.sort();
    traded.dedup();
    let mut from_session = Vec::new();
    for c in &session.contracts {
        let base = config
            .contracts
            .iter()
            .find(|k| k.symbol == c.symbol)
            .or_else(|| config.contracts.first())
            .cloned();
        if let Some(base) = base {
            config = config.contract(contract_config(base, c, session));
            from_session.push(c.symbol.clone());
        }
    }
    setup.push(if from_session.is_empty() {
        "contracts and commission rates: the simulator's defaults (the session looked none up)"
            .to_owned()
    } else {
        format!(
            "contracts: from the session ({}); commission rates: {}",
            from_session.join(", "),
            if session.commission.is_empty() {
                "the contracts' own, else the simulator's defaults".to_owned()
            } else {
                format!("from the session ({})", session.commission.len())
            }
        )
    });
    if session.balances.is_empty() {
        setup.push("balances: the simulator's defaults (the session read no account)".into());
    } else {
        config.user.contract_balances = session.balances.clone();
        setup.push("balances: the account's at the start of the session".into());
    }
    config.source_contracts(traded)
}

/// `base` with what the session says of contract `c`.
fn contract_config(
    mut base: ContractConfig,
    c: &contango::Contract,
    session: &Session,
) -> ContractConfig {
    base.symbol = c.symbol.clone();
    let set = |to: &mut Decimal, v: Option<Decimal>| {
        if let Some(v) = v {
            *to = v;
        }
    };
    set(&mut base.multiplier, c.multiplier);
    set(&mut base.min_order_volume, c.min_order_volume);
    set(&mut base.min_order_money, c.min_order_money);
    set(&mut base.max_market_volume, c.max_market_volume);
    set(&mut base.max_market_money, c.max_market_money);
    set(&mut base.max_limit_volume, c.max_limit_volume);
    set(&mut base.max_limit_money, c.max_limit_money);
    if let Some(p) = c.price_precision.and_then(|p| u32::try_from(p).ok()) {
        base.price_precision = p;
    }
    if let Some(n) = c.max_valid_order.and_then(|n| u32::try_from(n).ok()) {
        base.max_valid_order = n;
    }
    if let Some(coin) = &c.multiplier_coin {
        base.multiplier_coin = coin.clone();
    }
    if let Some(id) = c.contract_id {
        base.contract_id = id;
    }
    if let Some(status) = c.status {
        base.tradable = status == contango::ContractStatus::CanTrade;
    }
    let fees = &mut base.commission;
    set(&mut fees.open_taker, c.open_taker_fee);
    set(&mut fees.open_maker, c.open_maker_fee);
    set(&mut fees.close_taker, c.close_taker_fee);
    set(&mut fees.close_maker, c.close_maker_fee);
    if let Some(r) = session.commission.get(&c.symbol) {
        set(&mut fees.open_taker, r.open_taker_fee_rate);
        set(&mut fees.open_maker, r.open_maker_fee_rate);
        set(&mut fees.close_taker, r.close_taker_fee_rate);
        set(&mut fees.close_maker, r.close_maker_fee_rate);
    }
    base
}

/// The price step of each contract the simulator ran.
fn ticks(sim: &contango_sim::Sim) -> HashMap<String, Decimal> {
    let core = sim.venue().read();
    core.exchange
        .contracts()
        .values()
        .map(|c| (c.symbol.clone(), Decimal::new(1, c.price_precision)))
        .collect()
}

/// Each order of the session against the simulator's.
fn compare(
    session: &Session,
    replay: &Replayer<'_>,
    ticks: &HashMap<String, Decimal>,
) -> Vec<OrderCheck> {
    session
        .orders
        .iter()
        .map(|o| {
            let live = match &o.answer {
                Ok(id) => session.live.get(id).cloned().unwrap_or_else(|| Outcome {
                    order_id: Some(*id),
                    status: "NEW".into(),
                    ..Outcome::default()
                }),
                Err(why) => Outcome::refused(why.clone()),
            };
            let sim = match replay.answers.get(&o.client_order_id) {
                Some(Err(why)) => Outcome::refused(why.clone()),
                Some(Ok(id)) => replay.updates.get(&o.client_order_id).map_or_else(
                    || Outcome {
                        order_id: Some(*id),
                        status: "NEW".into(),
                        ..Outcome::default()
                    },
                    |u| Outcome::of_updates(u),
                ),
                None => Outcome::refused("not sent: the replay ended first".into()),
            };
            let tick = ticks.get(&o.contract).copied().unwrap_or_default();
            OrderCheck {
                client_order_id: o.client_order_id.clone(),
                order_id: o.answer.as_ref().ok().copied(),
                contract: o.contract.clone(),
                buy: o.buy,
                verdict: Verdict::of(&live, &sim, tick),
                fee_difference: sim.fee - live.fee,
                first_fill_difference_ms: match (live.first_fill_ms, sim.first_fill_ms) {
                    // Both from the same send time: the difference of the fills' times.
                    (Some(l), Some(s)) => Some(s - l),
                    _ => None,
                },
                live,
                sim,
            }
        })
        .collect()
}

/// What the replay sends, in order: `(exchange time µs, what)`.
enum Action<'s> {
    Place(&'s Placed),
    Cancel(&'s Cancel),
}

/// Sends the session's orders and cancels again at their times, and keeps what the simulator
/// answered and streamed.
struct Replayer<'s> {
    actions: Vec<(i64, Action<'s>)>,
    next: usize,
    /// The simulator's answer to each order, by client order id.
    answers: HashMap<String, Result<i64, String>>,
    /// The simulator's updates of each order, by client order id.
    updates: HashMap<String, Vec<OrderTradeUpdate>>,
}

impl<'s> Replayer<'s> {
    fn new(session: &'s Session) -> Replayer<'s> {
        let mut actions: Vec<(i64, Action<'s>)> = session
            .orders
            .iter()
            .map(|o| (o.sent_us, Action::Place(o)))
            .chain(
                session
                    .cancels
                    .iter()
                    .map(|c| (c.sent_us, Action::Cancel(c))),
            )
            .collect();
        // Stable: what was sent at one time goes in the session's order, orders first.
        actions.sort_by_key(|a| a.0);
        Replayer {
            actions,
            next: 0,
            answers: HashMap::new(),
            updates: HashMap::new(),
        }
    }
}

impl Actor for Replayer<'_> {
    async fn event(&mut self, _event: &MarketEvent, _client: &Client) {}

    async fn order(&mut self, update: &OrderTradeUpdate, _client: &Client) {
        if let Some(id) = &update.order.client_order_id {
            self.updates
                .entry(id.clone())
                .or_default()
                .push(update.clone());
        }
    }

    /// Each wake sends the next action: one was asked for each, at its time.
    async fn wake(&mut self, _at_us: i64, client: &Client) {
        let Some((_, action)) = self.actions.get(self.next) else {
            return;
        };
        self.next += 1;
        match action {
            Action::Place(o) => {
                let answer = client
                    .send(&o.request)
                    .await
                    .map(|a| a.order_id)
                    .map_err(|e| e.to_string());
                self.answers.insert(o.client_order_id.clone(), answer);
            }
            Action::Cancel(c) => {
                let _ = client.send(&c.request).await;
            }
        }
    }
}
