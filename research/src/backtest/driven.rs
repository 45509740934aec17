//! A driven backtest: a recorded market served as a venue that moves only when told, so that
//! any client of the exchange's API (an agent's tools, ccxt, the SDK) rehearses on it the way it
//! trades live (docs/backtests.md, A driven backtest).
//!
//! The market steps on `POST /__sim/step` (`{"until_ms":T}` or `{"frames":N}`); the report is
//! `GET /__sim/report`. Between steps the venue serves the API as always: with a latency model,
//! each of the account's requests reaches the engine its order-entry (or cancel) delay after the
//! client's time, with the recorded frames up to its arrival applied, and its answer returns a
//! response delay later, the frames up to then applied too (the lockstep run's gate). No request
//! waits for a step, and a step waits only for a request already on its way: a client that sends
//! and then steps cannot deadlock. The same recording, model and requests give the same report.

use std::sync::Arc;
use std::time::Duration;

use contango::Credentials;
use contango::Product;
use contango_sim::error::{SimError, SimResult};
use contango_sim::exchange::{USER_UID, market, views};
use contango_sim::feeds::cache::MarketEvents;
use contango_sim::feeds::pace::Pace;
use contango_sim::server::driver::{Driver, StepTo};
use contango_sim::venue::{Venue, lock};
use contango_sim::{Sim, SimConfig};
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};

use super::lockstep::{Drive, Run};
use super::tap::Tap;
use super::{Backtest, BacktestError, Market, Report, ZERO_LATENCY, gather, harness};

/// The levels a side of each book has in a step's answer.
const BOOK_LEVELS: usize = 5;

/// A driven venue, served until [`Driven::shutdown`].
pub struct Driven {
    rest_url: String,
    ws_url: String,
    market_ws_url: String,
    api_key: String,
    /// The funded account's secret: a paper venue's, printed at its start as the simulator's is.
    secret: String,
    steps: Arc<Steps>,
    task: tokio::task::JoinHandle<()>,
}

impl std::fmt::Debug for Driven {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Driven")
            .field("rest_url", &self.rest_url)
            .field("api_key", &self.api_key)
            .finish_non_exhaustive()
    }
}

impl Backtest {
    /// Serves the market as a driven venue: the funded account's key trades on it through the
    /// exchange's API, and the market moves on [`Driven::step`] (or `POST /__sim/step`).
    pub async fn drive(self) -> Result<Driven, BacktestError> {
        self.drive_on(Sim::builder()).await
    }

    /// [`Backtest::drive`] on a simulator set up by `config` (its address, its admin access):
    /// the backtest's market, queue model and latency replace what it says of them.
    pub async fn drive_on(mut self, mut config: SimConfig) -> Result<Driven, BacktestError> {
        let events = match std::mem::replace(&mut self.market, Market::Frames(Vec::new())) {
            Market::Frames(frames) => MarketEvents::from_frames(frames),
            Market::File(cache) => cache.events(),
        };
        if events.is_empty() {
            return Err(BacktestError::NoFrames);
        }
        // The latency is the run's, in event time: in the configuration it would be slept on
        // the wall.
        config.latency = None;
        let (sim, kept, gatherer, coin) = self.venue(config, events.len()).await?;
        let (commands, received) = mpsc::unbounded_channel();
        let steps = Arc::new(Steps(commands));
        sim.server().drive(steps.clone());
        let (rest_url, ws_url, market_ws_url, api_key, secret) = (
            sim.rest_url().to_owned(),
            sim.ws_url().to_owned(),
            sim.market_ws_url().to_owned(),
            sim.api_key().to_owned(),
            sim.secret().to_owned(),
        );
        let latency = self.latency;
        let task = tokio::spawn(async move {
            let run = Run::new(
                harness(&sim),
                events,
                latency.as_ref(),
                gatherer,
                Pace::Fast,
            );
            let api_key = sim.api_key().to_owned();
            let described = latency
                .as_ref()
                .map_or_else(|| ZERO_LATENCY.to_owned(), ToString::to_string);
            let report = |g: &gather::Gatherer, venue: &Venue| {
                let mut report = g
                    .clone()
                    .finish(&kept, &venue.read(), &api_key, Duration::ZERO);
                // What a run's wall time was says nothing of what it did: the same steps give
                // the same report.
                report.timing = None;
                report.run.latency = described.clone();
                report
            };
            let mut seen = 0;
            let state = |venue: &Venue, now_ms: i64| state(venue, now_ms, &kept, &coin, &mut seen);
            run.driven(received, report, state).await;
            sim.shutdown().await;
        });
        Ok(Driven {
            rest_url,
            ws_url,
            market_ws_url,
            api_key,
            secret,
            steps,
            task,
        })
    }
}

impl Driven {
    /// The venue's REST address.
    pub fn rest_url(&self) -> &str {
        &self.rest_url
    }

    /// The private stream's address.
    pub fn ws_url(&self) -> &str {
        &self.ws_url
    }

    /// The market stream's address.
    pub fn market_ws_url(&self) -> &str {
        &self.market_ws_url
    }

    /// The funded account's key and secret.
    pub fn credentials(&self) -> Credentials {
        Credentials::new(&self.api_key, &self.secret)
    }

    /// The funded account's API key.
    pub fn api_key(&self) -> &str {
        &self.api_key
    }

    /// The funded account's secret (a paper venue's).
    pub fn secret(&self) -> &str {
        &self.secret
    }

    /// Moves the market (`POST /__sim/step` does the same): the frames applied, the time, the
    /// account's fills since the last step, its account and the books.
    pub async fn step(&self, to: StepTo) -> SimResult<Value> {
        self.steps.step(to).await
    }

    /// The report (`GET /__sim/report`), once the market is played to its end.
    pub async fn report(&self) -> SimResult<Value> {
        self.steps.report().await
    }

    /// The report's tearsheet, one HTML page (`GET /__sim/tearsheet`), once the market is
    /// played to its end.
    pub async fn tearsheet(&self) -> SimResult<String> {
        self.steps.tearsheet().await
    }

    /// Stops the venue.
    pub async fn shutdown(self) {
        let _ = self.steps.0.send(Drive::Stop);
        let _ = self.task.await;
    }
}

/// The driven run's door: what the venue's admin routes and [`Driven`] send it.
#[derive(Debug)]
struct Steps(mpsc::UnboundedSender<Drive>);

fn ended() -> SimError {
    SimError::internal("the driven backtest has ended")
}

impl Driver for Steps {
    fn step(
        &self,
        to: StepTo,
    ) -> std::pin::Pin<Box<dyn Future<Output = SimResult<Value>> + Send + '_>> {
        Box::pin(async move {
            let (reply, answer) = oneshot::channel();
            self.0
                .send(Drive::Step { to, reply })
                .map_err(|_| ended())?;
            answer.await.map_err(|_| ended())
        })
    }

    fn report(&self) -> std::pin::Pin<Box<dyn Future<Output = SimResult<Value>> + Send + '_>> {
        Box::pin(async move {
            let report = self.played().await?;
            serde_json::to_value(&*report)
                .map_err(|e| SimError::internal(format!("the report: {e}")))
        })
    }

    fn tearsheet(&self) -> std::pin::Pin<Box<dyn Future<Output = SimResult<String>> + Send + '_>> {
        Box::pin(async move { Ok(self.played().await?.tearsheet_html()) })
    }
}

impl Steps {
    /// The run's report, once its market is played to the end.
    async fn played(&self) -> SimResult<Box<Report>> {
        let (reply, answer) = oneshot::channel();
        self.0.send(Drive::Report { reply }).map_err(|_| ended())?;
        answer.await.map_err(|_| ended())?.ok_or_else(|| {
            SimError::new(contango::ErrorCode::UnsupportedOperation)
                .detail("the market has frames left: step it to its end first")
                .status(409)
        })
    }
}

/// What a step answers: the time, the fills since the last step (`seen` of the tap's counted
/// before), the account in the money's coin and each source contract's book.
fn state(venue: &Venue, now_ms: i64, tap: &Tap, coin: &str, seen: &mut usize) -> Value {
    let fills: Vec<Value> = {
        let kept = lock(&tap.kept);
        let new = kept.fills.get(*seen..).unwrap_or_default();
        *seen = kept.fills.len();
        new.iter()
            .filter_map(|f| serde_json::to_value(f).ok())
            .collect()
    };
    let core = venue.read();
    let ex = &core.exchange;
    let product = if coin == "USDT" {
        Product::UsdtMargined
    } else {
        Product::CoinMargined
    };
    let account = views::account(ex, USER_UID, product)
        .ok()
        .and_then(|a| serde_json::to_value(a).ok());
    let books: Vec<Value> = ex
        .source_contracts()
        .iter()
        .filter_map(|c| {
            let book = market::depth(ex.market(c)?, BOOK_LEVELS, now_ms);
            let mut v = serde_json::to_value(book).ok()?;
            v["contractName"] = c.clone().into();
            Some(v)
        })
        .collect();
    json!({"nowMs": now_ms, "fills": fills, "account": account, "books": books})
}
