//! What a run adds up to: one [`Report`] for a lockstep backtest (`Backtest`), a paper session
//! (read from a journaled venue's store: `Report::from_store`; `contango-sim report`) and, later,
//! a fidelity run.
//!
//! A report has these parts:
//! - [`Run`]: what produced it: its kind, the account, the margin coin its money is in, the span
//!   of exchange time it covers, the latency model it ran with, the queue model its fills
//!   against a market source were made by, and the instrument whose price it follows;
//! - [`Results`]: the figures, exact decimals: orders, fills by rule, fees, realised and
//!   unrealised PnL, equity at the start and the end, maximum drawdown;
//! - [`Metrics`]: backtesting.py's statistics by their names and a futures venue's own, from the
//!   report's own series ([`metrics`] names them, docs/backtests.md defines them);
//! - the equity curve ([`EquityPoint`]s, for the chart), the account at each minute's close of
//!   event time ([`MinutePoint`]s, for the metrics), every fill ([`FillLine`]s, the fill log),
//!   every funding payment ([`FundingLine`]s) and the trade ledger ([`RoundTrip`]s);
//! - [`Timing`]: wall-clock figures (a backtest's seconds, frames and frames a second), in their
//!   own section, `None` for a paper session: two runs of one recording and one strategy give
//!   reports equal in everything but `timing`.
//!
//! As JSON ([`Report::to_json`]; decimals are strings, exact; an undefined figure is `null`), a
//! paper session's (`contango-sim report --json`), its series cut to one item and its metrics to
//! a few:
//!
//! ```json
//! {
//!   "run": {
//!     "kind": "paper",
//!     "account": { "uid": 10001, "api_key": "contango-sim-api-key" },
//!     "coin": "USDT",
//!     "span": { "first_ms": 1795782660000, "last_ms": 1795782720000 },
//!     "latency": "none: zero latency assumed",
//!     "queue_model": "conservative",
//!     "instrument": "E-BTC-USDT"
//!   },
//!   "results": {
//!     "orders": 3,
//!     "fills_by_rule": { "match": 3 },
//!     "fees": "0.0389970",
//!     "realized_pnl": "-0.010",
//!     "unrealized_pnl": "0.0000000",
//!     "equity_start": "100000",
//!     "equity_end": "99999.9510030",
//!     "max_drawdown": "0.0489970"
//!   },
//!   "metrics": {
//!     "duration": 60000,
//!     "exposure_time_pct": 79.86,
//!     "return_pct": -0.000048997,
//!     "sharpe_ratio": null,
//!     "max_drawdown_pct": -0.000048997,
//!     "trades": 1,
//!     "profit_factor": 0.0,
//!     "fees_maker": "0.0119980",
//!     "fees_taker": "0.0269990",
//!     "max_leverage": 0.0006000002939821441
//!   },
//!   "equity": [
//!     { "time_ms": 1795782660000, "equity": "100000", "position": "0", "price": "30000" }
//!   ],
//!   "minutes": [
//!     { "time_ms": 1795782720000, "equity": "99999.9510030", "position": "2", "price": "30000",
//!       "margin_used_pct": 0.006000002939821441, "leverage": 0.0006000002939821441,
//!       "liquidation_distance_pct": null }
//!   ],
//!   "fills": [
//!     { "time_ms": 1795782672084, "contract": "E-BTC-USDT", "order_id": 1690000000000000061,
//!       "side": "BUY", "action": "OPEN", "price": "30010", "volume": "1", "value": "30.010",
//!       "maker": false, "rule": "match", "fee": "0.0120040" }
//!   ],
//!   "funding": [],
//!   "trades": [
//!     { "contract": "E-BTC-USDT", "side": "long", "volume": "1",
//!       "entry_time_ms": 1795782672084, "exit_time_ms": 1795782672112,
//!       "entry_price": "30010", "exit_price": "29990", "pnl": "-0.046999", "fees": "0.026999",
//!       "return_pct": -0.15661112962345883, "duration_ms": 28,
//!       "entry_order_id": 1690000000000000061, "exit_order_id": 1690000000000000062 }
//!   ],
//!   "timing": null
//! }
//! ```
//!
//! A backtest's `timing`: `{ "seconds": 0.52, "frames": 4000, "frames_per_second": 7692.3 }`.
//!
//! Both kinds gather their figures through one mechanism (`tally`): equity samples in time order
//! give the curve, the start, the end and the drawdown; minute samples the series the metrics
//! come from; fills give the fill log, the counts by rule and the ledger; all give the span. What
//! each kind adds is where its samples come from (a backtest: the account after every frame and
//! at each minute's close; a paper session: the store's `equity`, `exposure` and `marks` tables)
//! and where its money comes from (the docs of `backtest` and of `Report::from_store`). The
//! metrics (`stats`) and the ledger (`ledger`) are one code for both.
//!
//! Displayed (`{report}`), a report is a short summary for people: what `contango-sim report`
//! prints without `--json`. Drawn, it is one chart ([`Report::plot`]); written out whole, a
//! tearsheet ([`Report::tearsheet`]).

mod ledger;
pub mod metrics;
#[cfg(test)]
mod metrics_tests;
mod paper;
pub(crate) mod plot;
mod stats;
mod summary;
pub(crate) mod tally;
mod tearsheet;
pub mod trades;

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub use metrics::Metrics;
pub use paper::{Account, ReportError};
pub use plot::PlotError;
pub use tearsheet::TearsheetError;
pub use trades::RoundTrip;

/// The latency model of a run that models none: orders reach the engine, and answers and market
/// data reach the strategy, at once.
pub const ZERO_LATENCY: &str = "none: zero latency assumed";

/// A run's report: what produced it, its results and metrics, the equity curve and the equity
/// each minute, the fills, the funding payments, the trade ledger and (a backtest's) wall-clock
/// timing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// What produced it.
    pub run: Run,
    /// The figures.
    pub results: Results,
    /// The metrics, from the minutes, the fills, the funding and the ledger ([`metrics`]).
    pub metrics: Metrics,
    /// Equity and position over time, for the chart (a backtest keeps at most a few thousand
    /// points, evenly spaced over its frames; a paper session has one per minute that took
    /// input).
    pub equity: Vec<EquityPoint>,
    /// The account at each minute's close of event time, from the first minute to the last
    /// (minutes without input repeat the one before), and at the end: the series the metrics'
    /// returns, drawdowns and exposure come from.
    pub minutes: Vec<MinutePoint>,
    /// Every fill, in order: the fill log.
    pub fills: Vec<FillLine>,
    /// Every funding payment of the account's positions, in order.
    pub funding: Vec<FundingLine>,
    /// The trade ledger: the fills paired into round trips ([`Report::trades`]).
    pub trades: Vec<RoundTrip>,
    /// Wall-clock figures, apart from the results (`None`: a paper session).
    pub timing: Option<Timing>,
}

/// What produced a report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    /// A backtest or a paper session.
    pub kind: RunKind,
    /// The account reported on.
    pub account: RunAccount,
    /// The margin coin the money (fees, PnL, equity) is in.
    pub coin: String,
    /// The exchange time covered: the first and last equity sample or fill (`None`: neither).
    pub span: Option<Span>,
    /// The latency model the run used, as the model writes itself (`order entry 30 ms, cancel
    /// 0 ms, response 0 ms, market data 0 ms`), or [`ZERO_LATENCY`] without one. A paper
    /// session whose restarts changed it names each model with the time it held from, oldest
    /// first, separated by `; ` (`Report::from_store`).
    pub latency: String,
    /// The queue model resting orders filled by against a market source, as
    /// [`QueueModel`](contango_sim::QueueModel) writes it (`conservative`, `optimistic`, `power:3`).
    pub queue_model: String,
    /// The contract whose price the chart and `buy_and_hold_return_pct` follow: the one with the
    /// most fills (the first filled among equals), else a backtest's first source contract in the
    /// report's coin (`None`: neither).
    pub instrument: Option<String>,
}

/// What kind of run a report is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum RunKind {
    /// A lockstep backtest over a recorded market.
    Backtest,
    /// A paper session of a journaled venue, read from its store.
    Paper,
}

impl RunKind {
    /// Its name in the JSON and the summary (`backtest`, `paper`).
    pub fn name(self) -> &'static str {
        match self {
            RunKind::Backtest => "backtest",
            RunKind::Paper => "paper",
        }
    }
}

/// The account a report is of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunAccount {
    /// Its uid.
    pub uid: i64,
    /// Its API key, when known (never its secret).
    pub api_key: Option<String>,
}

/// A stretch of exchange time, both ends included (ms since the epoch).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    /// The first moment.
    pub first_ms: i64,
    /// The last moment.
    pub last_ms: i64,
}

/// A run's figures, exact. Money is in the run's coin; a figure that needs an equity sample is
/// `None` without one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Results {
    /// Orders placed (conditional and attached orders count one each).
    pub orders: u64,
    /// Fills by the rule that made them (`book_walk`, `crossed_book`, `trade_through`, and at
    /// an order's own price `queue_cleared`, `queue_optimistic` or `queue_power` as the queue
    /// model says; `match` when two orders of the venue met).
    pub fills_by_rule: BTreeMap<String, u64>,
    /// Fees paid (negative: rebates).
    pub fees: Decimal,
    /// Profit and loss realised by closes, before fees.
    pub realized_pnl: Decimal,
    /// Profit and loss of the positions still open at the end, at the mark prices.
    pub unrealized_pnl: Option<Decimal>,
    /// Equity (balance plus unrealised PnL) at the first sample.
    pub equity_start: Option<Decimal>,
    /// Equity at the end.
    pub equity_end: Option<Decimal>,
    /// The largest fall of equity from a previous high, over every sample.
    pub max_drawdown: Option<Decimal>,
}

/// The account's equity and position at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EquityPoint {
    /// Exchange time (ms): a backtest's frame, a paper session's minute.
    pub time_ms: i64,
    /// Balance plus unrealised PnL, in the run's coin.
    pub equity: Decimal,
    /// Long minus short contracts.
    pub position: Decimal,
    /// The instrument's mark price (`None`: not known, as in a paper session).
    pub price: Option<Decimal>,
}

/// The account at one minute's close of event time (or at the end).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MinutePoint {
    /// Exchange time (ms): the minute's close.
    pub time_ms: i64,
    /// Balance plus unrealised PnL, in the run's coin.
    pub equity: Decimal,
    /// Long minus short contracts.
    pub position: Decimal,
    /// The instrument's mark price.
    pub price: Option<Decimal>,
    /// Margin in use (the positions' margins and the open orders' locks) over the account's
    /// equity, in percent.
    pub margin_used_pct: Option<f64>,
    /// Gross value of the open positions at the marks over the account's equity.
    pub leverage: Option<f64>,
    /// The nearest liquidation price's distance from its contract's mark, in percent of the
    /// mark (`None`: no position a move of its own price liquidates, or not known).
    pub liquidation_distance_pct: Option<f64>,
}

/// One fill, as the fill log lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FillLine {
    /// Exchange time (ms).
    pub time_ms: i64,
    /// Contract.
    pub contract: String,
    /// The order filled.
    pub order_id: i64,
    /// `BUY` or `SELL`.
    pub side: String,
    /// `OPEN` or `CLOSE`: with the side, the position it changed (an OPEN BUY and a CLOSE SELL
    /// the long). A forced close (liquidation, ADL) is a `CLOSE`.
    pub action: String,
    /// Price.
    pub price: Decimal,
    /// Contracts.
    pub volume: Decimal,
    /// Its value in the contract's margin coin, as the exchange counts it.
    pub value: Decimal,
    /// Whether the order was the maker.
    pub maker: bool,
    /// The rule that made it (`book_walk`, `crossed_book`, `trade_through`, `queue_cleared`,
    /// `queue_optimistic`, `queue_power`; `match` when two orders of the venue met).
    pub rule: String,
    /// The fee charged.
    pub fee: Decimal,
}

/// A funding payment of one of the account's positions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FundingLine {
    /// The funding time (ms).
    pub time_ms: i64,
    /// Contract.
    pub contract: String,
    /// The position: `long` or `short`.
    pub side: String,
    /// The rate applied.
    pub rate: Decimal,
    /// Received (negative: paid), in the contract's margin coin.
    pub amount: Decimal,
}

/// Wall-clock figures of a backtest: how long it took, not what it did.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// Wall time the run took, in seconds.
    pub seconds: f64,
    /// Market-stream frames replayed.
    pub frames: u64,
    /// Frames a second (wall time).
    pub frames_per_second: f64,
}

impl Report {
    /// The report as pretty JSON (decimals exact).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The fill log alone, one JSON object per line: what two runs of one recording and one
    /// strategy give byte for byte.
    pub fn fill_log(&self) -> String {
        self.fills
            .iter()
            .filter_map(|f| serde_json::to_string(f).ok())
            .map(|l| l + "\n")
            .collect()
    }
}
