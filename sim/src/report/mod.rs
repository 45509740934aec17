//! What a run adds up to: one [`Report`] for a lockstep backtest (`Backtest`, the `backtest`
//! feature), a paper session (read from a journaled venue's store: `Report::from_store`, the
//! `journal` feature; `contango-sim report`) and, later, a fidelity run.
//!
//! A report has four parts:
//! - [`Run`]: what produced it: its kind, the account, the margin coin its money is in, the span
//!   of exchange time it covers, the latency model it ran with and the queue model its fills
//!   against a market source were made by;
//! - [`Results`]: the figures, exact decimals: orders, fills by rule, fees, realised and
//!   unrealised PnL, equity at the start and the end, maximum drawdown;
//! - the equity curve ([`EquityPoint`]s) and every fill ([`FillLine`]s, the fill log);
//! - [`Timing`]: wall-clock figures (a backtest's seconds, frames and frames a second), in their
//!   own section, `None` for a paper session: two runs of one recording and one strategy give
//!   reports equal in everything but `timing`.
//!
//! As JSON ([`Report::to_json`]; decimals are strings, exact; an undefined figure is `null`), a
//! paper session's (`contango-sim report --json`), its fills cut to one:
//!
//! ```json
//! {
//!   "run": {
//!     "kind": "paper",
//!     "account": { "uid": 10001, "api_key": "contango-sim-api-key" },
//!     "coin": "USDT",
//!     "span": { "first_ms": 1767225600000, "last_ms": 1767225780000 },
//!     "latency": "none: zero latency assumed",
//!     "queue_model": "conservative"
//!   },
//!   "results": {
//!     "orders": 3,
//!     "fills_by_rule": { "match": 3 },
//!     "fees": "0.0659940",
//!     "realized_pnl": "-0.040",
//!     "unrealized_pnl": "-0.010",
//!     "equity_start": "100000",
//!     "equity_end": "99999.8840060",
//!     "max_drawdown": "0.1159940"
//!   },
//!   "equity": [
//!     { "time_ms": 1767225600000, "equity": "100000", "position": "0" },
//!     { "time_ms": 1767225660000, "equity": "100000", "position": "0" },
//!     { "time_ms": 1767225720000, "equity": "99999.8840060", "position": "-1" },
//!     { "time_ms": 1767225780000, "equity": "99999.8840060", "position": "-1" }
//!   ],
//!   "fills": [
//!     { "time_ms": 1767225661000, "contract": "E-BTC-USDT", "order_id": 1690000000000000061,
//!       "side": "BUY", "price": "30010", "volume": "2", "rule": "match", "fee": "0.0240080" }
//!   ],
//!   "timing": null
//! }
//! ```
//!
//! A backtest's `timing`: `{ "seconds": 0.52, "frames": 4000, "frames_per_second": 7692.3 }`.
//!
//! Both kinds gather their figures through one mechanism (`tally`): equity samples in time order
//! give the curve, the start, the end and the drawdown; fills give the fill log and the counts by
//! rule; both give the span. What each kind adds is where its samples come from (a backtest: the
//! account after every frame; a paper session: the store's `equity` table) and where its money
//! comes from (the docs of `backtest` and of `Report::from_store`).
//!
//! Displayed (`{report}`), a report is a short summary for people: what `contango-sim report`
//! prints without `--json`.

#[cfg(any(feature = "backtest", feature = "journal"))]
mod ledger;
pub mod metrics;
#[cfg(all(test, any(feature = "backtest", feature = "journal")))]
mod metrics_tests;
#[cfg(feature = "journal")]
mod paper;
#[cfg(feature = "backtest")]
pub(crate) mod plot;
#[cfg(any(feature = "backtest", feature = "journal"))]
mod stats;
mod summary;
#[cfg(any(feature = "backtest", feature = "journal"))]
pub(crate) mod tally;
#[cfg(feature = "backtest")]
mod tearsheet;
pub mod trades;

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub use metrics::Metrics;
#[cfg(feature = "journal")]
pub use paper::{Account, ReportError};
#[cfg(feature = "backtest")]
pub use plot::PlotError;
#[cfg(feature = "backtest")]
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
    /// [`QueueModel`](crate::QueueModel) writes it (`conservative`, `optimistic`, `power:3`).
    pub queue_model: String,
    /// The contract whose price the chart and `buy_and_hold_return_pct` follow: the one with the
    /// most fills (the first filled among equals), else a backtest's first mirrored one in the
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
