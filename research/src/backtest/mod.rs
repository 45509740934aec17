//! The lockstep backtest: a recorded market replayed through the simulator, frame by frame,
//! with a strategy trading on it over real sockets (docs/design.md, Real prices).
//!
//! ```no_run
//! # async fn f() -> Result<(), Box<dyn std::error::Error>> {
//! use contango::strategy::Strategy;
//! use contango::{Client, MarketEvent};
//!
//! struct Watch;
//! impl Strategy for Watch {
//!     async fn on_event(&mut self, _event: &MarketEvent, _client: &Client) {}
//! }
//!
//! let report = contango_research::Backtest::from_file("day.jsonl")?
//!     .plot("day.svg")
//!     .run(&mut Watch)
//!     .await?;
//! println!("{}", report.to_json());
//! # Ok(()) }
//! ```
//!
//! The harness starts a simulator whose market follows the recording ([`MarketSource::Stepped`])
//! and a [`Client`](contango::Client) of its funded account. For each market-stream frame it applies the frame
//! (the book, the tape, the mark price, the fills of resting orders, the triggers), then hands
//! the event to the strategy and waits for it to return before the next frame. Nothing depends
//! on wall time: the clock follows the recording, so the same recording and strategy give the
//! same fills, run after run, at any pace, and the run is as fast as the strategy.
//!
//! The [`Report`] sums the run up (the one report type of backtests and paper sessions:
//! [`crate::report`]): orders, fills by rule, fees, realised and unrealised PnL, maximum
//! drawdown, the metrics, equity and position over time and at each minute of event time, the
//! fill log, the funding payments and the trade ledger, with the frames and frames a second in
//! its `timing`; as a value, as JSON ([`Report::to_json`]), drawn as SVG ([`Backtest::plot`],
//! [`Report::plot`]) and as a tearsheet ([`Report::tearsheet`]). The money is in the margin coin
//! of the source contracts when they share one, else USDT: the equity followed is the funded
//! account's balance in it plus the unrealised PnL of the positions margined in it.
//!
//! A run can also record its session ([`Backtest::record_session`]) as the strategy's client would have
//! recorded it live, in event time: a backtest's session is then read as a live one is.

mod driven;
pub use driven::Driven;
pub(crate) mod gather;
pub(crate) mod lockstep;
mod session;
pub mod sweep;
mod tap;

use std::path::{Path, PathBuf};
use std::time::Instant;

use contango::recording::{Recording, RecordingError};
use contango::strategy::Strategy;

pub use crate::report::{EquityPoint, FillLine, Report};

use crate::report::ZERO_LATENCY;
use contango_sim::config::{MarketSource, SimConfig};
use contango_sim::exchange::USER_UID;
use contango_sim::feeds::cache::{
    CacheError, MarketCache, MarketEvents, RecordedFrame, market_frames,
};
use contango_sim::latency::Latency;
use contango_sim::{Pace, QueueModel, Sim};

/// Why a backtest could not run.
#[derive(Debug, thiserror::Error)]
pub enum BacktestError {
    /// The recording could not be read (a damaged line is named by its number).
    #[error("backtest: {0}")]
    Recording(#[from] RecordingError),
    /// Its decoded cache could not be written or read on.
    #[error("backtest: {0}")]
    Cache(CacheError),
    /// It holds no market-stream frame.
    #[error("backtest: the recording holds no market-stream frame")]
    NoFrames,
    /// The simulator did not start.
    #[error("backtest: the simulator did not start: {0}")]
    Start(#[from] std::io::Error),
    /// The client could not be built.
    #[error("backtest: {0}")]
    Client(#[from] contango::ConfigError),
    /// The session's recording could not be written whole ([`Backtest::record_session`]).
    #[error("backtest: recording the session: {0}")]
    Record(std::io::Error),
    /// The chart could not be written.
    #[error("backtest: the chart {path}: {message}")]
    Plot {
        /// Where it was to go.
        path: PathBuf,
        /// What failed.
        message: String,
    },
}

impl From<CacheError> for BacktestError {
    fn from(e: CacheError) -> BacktestError {
        match e {
            CacheError::Recording(e) => BacktestError::Recording(e),
            e => BacktestError::Cache(e),
        }
    }
}

/// Where a backtest's market comes from.
#[derive(Debug, Clone)]
enum Market {
    /// Frames in memory, decoded when the run starts.
    Frames(Vec<RecordedFrame>),
    /// A recording (a file or a directory), its events streamed from its decoded cache, checked
    /// when the backtest was made.
    File(MarketCache),
}

/// A backtest to run: the market, the source contracts, the pace, the chart.
#[derive(Debug, Clone)]
#[must_use]
pub struct Backtest {
    market: Market,
    contracts: Option<Vec<String>>,
    pace: Pace,
    /// The latency model, run in event time (`None`: none).
    latency: Option<Latency>,
    plot: Option<PathBuf>,
    /// Where the session is recorded.
    record: Option<PathBuf>,
    /// At most this many equity points are kept (evenly spaced); drawdown sees every frame.
    points: usize,
    queue_model: QueueModel,
}

impl Backtest {
    /// The market-stream events of the recording at `path`, streamed from its decoded cache
    /// beside it ([`contango_sim::feeds::cache`]): built here the first time, checked against the
    /// recording and built again whenever it does not match. A damaged line of the recording is
    /// refused with its number; a file cut short by a kill plays up to its last whole line. A
    /// directory of recordings is one session ([`Backtest::from_dir`]).
    ///
    /// The recording is hashed here, once: every run of this backtest and of its clones (a
    /// sweep's) replays the cache checked here, as the recording was then.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Backtest, BacktestError> {
        Ok(Self::with(Market::File(MarketCache::open(path)?)))
    }

    /// The market-stream events of a directory of recordings read as one session, in time order
    /// ([`Recording::from_dir`]): what `contango record market` writes, a file per hour or day,
    /// the closed ones gzipped. Streamed from the directory's decoded cache beside it
    /// (`DIR.contango-cache`), as [`Backtest::from_file`] streams a file's.
    pub fn from_dir(dir: impl AsRef<Path>) -> Result<Backtest, BacktestError> {
        Self::from_file(dir)
    }

    /// The market-stream frames of `recording`, in memory.
    pub fn from_recording(recording: &Recording) -> Backtest {
        Self::with(Market::Frames(market_frames(recording)))
    }

    /// Market-stream frames as the exchange sends them (text or gzip), in order, each at its
    /// own time.
    pub fn from_frames(frames: impl IntoIterator<Item = Vec<u8>>) -> Backtest {
        let frames = frames
            .into_iter()
            .enumerate()
            .map(|(i, bytes)| RecordedFrame {
                entry: i as u64,
                at_ms: 0,
                at_us: 0,
                bytes,
            });
        Self::with(Market::Frames(frames.collect()))
    }

    fn with(market: Market) -> Backtest {
        Backtest {
            market,
            contracts: None,
            pace: Pace::Fast,
            latency: None,
            plot: None,
            record: None,
            points: 2_000,
            queue_model: QueueModel::Conservative,
        }
    }

    /// The source contracts (default: every tradable one).
    pub fn contracts<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.contracts = Some(names.into_iter().map(Into::into).collect());
        self
    }

    /// How fast frames are released, at most (default as fast as the strategy): with
    /// `Recorded` or `Times`, a frame also waits for its recorded time. The fills are the same
    /// at any pace.
    pub fn pace(mut self, pace: Pace) -> Self {
        self.pace = pace;
        self
    }

    /// Runs with `latency`, in event time (docs/design.md, Latency): a request reaches the
    /// engine its order-entry (or cancel) delay after it was sent, the frames up to then applied
    /// first; its answer returns a response delay later, the frames up to then applied too; the
    /// strategy sees each frame a market-data delay after its time and each order update a
    /// response delay after the engine made it. The same model and seed give the same run.
    pub fn latency(mut self, latency: Latency) -> Self {
        self.latency = Some(latency);
        self
    }

    /// How resting orders advance in the queue ahead of them (default conservative; see
    /// [`QueueModel`]): the report's fills name it, and so does its run.
    pub fn queue_model(mut self, model: QueueModel) -> Self {
        self.queue_model = model;
        self
    }

    /// Draws the report's chart (equity, drawdown, position, price with the fills) to this SVG
    /// file at the end.
    pub fn plot(mut self, path: impl Into<PathBuf>) -> Self {
        self.plot = Some(path.into());
        self
    }

    /// Records the session to a new file at `path` as the strategy's client would have recorded
    /// it live (format version 2, without secrets), every time in event time: its HTTP
    /// exchanges, sent at the strategy's time and answered when the harness released them; the
    /// market frames (their original bytes) and its order updates, each when it reached the
    /// strategy; and a clock sample saying the recording's clock is the exchange's. So a
    /// backtest's session can be checked against another model of the exchange, fitted
    /// ([`crate::FitLatency::from_recording`]) or replayed ([`Backtest::from_file`]), as a live one can.
    /// The run fails if the file cannot be written whole.
    pub fn record_session(mut self, path: impl Into<PathBuf>) -> Self {
        self.record = Some(path.into());
        self
    }

    /// The former name of [`Backtest::record_session`] ("record" names a spec type).
    #[deprecated(note = "renamed `record_session`")]
    pub fn record(self, path: impl Into<PathBuf>) -> Self {
        self.record_session(path)
    }

    /// A fingerprint of the market (FNV-1a of its frames; a recording's SHA-256, taken when its
    /// cache was checked): what shards of one sweep share.
    pub(crate) fn fingerprint(&self) -> String {
        match &self.market {
            Market::Frames(frames) => sweep::fnv1a(frames.iter().map(|f| &f.bytes)),
            Market::File(cache) => contango_sim::feeds::cache::hex(&cache.recording_sha256()),
        }
    }

    /// Runs `strategy` over the market; the report at the end.
    pub async fn run<S: Strategy>(mut self, strategy: &mut S) -> Result<Report, BacktestError> {
        let events = match std::mem::replace(&mut self.market, Market::Frames(Vec::new())) {
            Market::Frames(frames) => MarketEvents::from_frames(frames),
            // A recorded session holds each frame's bytes as received.
            Market::File(cache) if self.record.is_some() => cache.events_with_frames()?,
            Market::File(cache) => cache.events(),
        };
        if events.is_empty() {
            return Err(BacktestError::NoFrames);
        }
        let (sim, kept, gatherer, _) = self.venue(Sim::builder(), events.len()).await?;
        let mut run = lockstep::Run::new(
            harness(&sim),
            events,
            self.latency.as_ref(),
            gatherer,
            self.pace,
        );
        let session = match &self.record {
            Some(path) => Some(run.record(path).map_err(BacktestError::Record)?),
            None => None,
        };
        let client = client(&sim, session.clone())?;
        let started = Instant::now();
        let gatherer = run.run(&mut lockstep::Strategic(strategy), &client).await;
        let gatherer = match gatherer {
            Ok(r) => r,
            Err(e) => {
                sim.shutdown().await;
                return Err(e.into());
            }
        };
        let mut report =
            gatherer.finish(&kept, &sim.venue().read(), sim.api_key(), started.elapsed());
        report.run.latency = self
            .latency
            .as_ref()
            .map_or_else(|| ZERO_LATENCY.to_owned(), ToString::to_string);
        sim.shutdown().await;
        if let (Some(session), Some(path)) = (&session, &self.record) {
            session.flush().await.map_err(|e| {
                BacktestError::Record(std::io::Error::new(
                    e.kind(),
                    format!("{}: {e}", path.display()),
                ))
            })?;
        }
        if let Some(path) = &self.plot {
            report.plot(path).map_err(|e| BacktestError::Plot {
                path: e.path,
                message: e.message,
            })?;
        }
        Ok(report)
    }
}

impl Backtest {
    /// The simulator a run of `frames` frames plays on, set up by `config` with the backtest's
    /// queue model and source contracts; the funded account's tap, the run's gatherer and the
    /// coin its money is in.
    async fn venue(
        &self,
        config: SimConfig,
        frames: u64,
    ) -> Result<(Sim, std::sync::Arc<tap::Tap>, gather::Gatherer, String), BacktestError> {
        let mut config = config.queue_model(self.queue_model).order_changes(true);
        if let Some(c) = &self.contracts {
            config = config.source_contracts(c.clone());
        }
        let sim = start(config).await?;
        let kept = tap::install(sim.venue(), USER_UID);
        let (coin, instruments) = money(&sim.venue().read().exchange);
        let total = usize::try_from(frames).unwrap_or(usize::MAX);
        let gatherer = gather::Gatherer::new(self.points, total, coin.clone(), instruments);
        Ok((sim, kept, gatherer, coin))
    }
}

/// The coin a backtest's money is in and the contracts whose marks it samples: the margin coin
/// of the source contracts when they share one, else USDT; the source contracts margined in
/// it.
pub(crate) fn money(ex: &contango_sim::exchange::Exchange) -> (String, Vec<String>) {
    let sourced = ex.source_contracts();
    let coins: std::collections::BTreeSet<&str> = sourced
        .iter()
        .filter_map(|c| ex.contracts().get(c))
        .map(|c| c.margin_coin.as_str())
        .collect();
    let coin = match coins.into_iter().collect::<Vec<_>>().as_slice() {
        [one] => (*one).to_owned(),
        _ => "USDT".to_owned(),
    };
    let instruments = sourced
        .into_iter()
        .filter(|c| ex.contracts().get(c).is_some_and(|c| c.margin_coin == coin))
        .collect();
    (coin, instruments)
}

/// A simulator set up by `config` whose market follows the frames the harness applies
/// ([`MarketSource::Stepped`]).
pub(crate) async fn start(config: SimConfig) -> Result<Sim, BacktestError> {
    Ok(config.market_source(MarketSource::Stepped).start().await?)
}

/// A client of `sim`'s funded account, recording to `recorder` if given.
pub(crate) fn client(
    sim: &Sim,
    recorder: Option<contango::recording::Recorder>,
) -> Result<contango::Client, BacktestError> {
    // Event time runs faster than the wall: pacing the client on the wall would only slow the
    // run, never change what it does.
    let mut client = contango::Client::builder()
        .base_url(sim.rest_url())
        .credentials(sim.credentials())
        .unpaced();
    if let Some(r) = recorder {
        client = client.recorder(r);
    }
    Ok(client.build()?)
}

/// What a lockstep run needs of `sim`.
pub(crate) fn harness(sim: &Sim) -> Harness<'_> {
    Harness {
        server: sim.server(),
        market_url: sim.market_ws_url(),
        user_url: sim.ws_url(),
    }
}

/// What a lockstep run needs of the simulator: its servers (the gate, the venue behind them)
/// and where its streams are served (a recorded session's connections name them).
pub(crate) struct Harness<'a> {
    /// The servers, and through them the venue.
    pub server: &'a contango_sim::server::Server,
    /// The market stream's URL.
    pub market_url: &'a str,
    /// The private stream's URL.
    pub user_url: &'a str,
}
