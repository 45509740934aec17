//! A report's metrics, named as backtesting.py names its statistics (snake_case), computed (in
//! `stats`) from the report's own series: the equity each minute of event time
//! ([`Report::minutes`](super::Report::minutes)), the fills, the funding payments and the trade
//! ledger ([`Report::trades`](super::Report::trades)). docs/backtests.md defines each; the
//! conventions:
//!
//! - Returns are the equity's simple returns from one minute to the next (the market trades
//!   around the clock: 525,600 periods a year), the risk-free rate 0, standard deviations with
//!   `n − 1`. A return needs the equity before it above 0.
//! - Drawdown is the fall from the running peak, in percent of the peak, negative.
//! - Money is exact (`Decimal`), ratios `f64`, times and durations ms. A figure the data does not
//!   define (a Sharpe ratio of fewer than two returns, a profit factor without a losing trade)
//!   is `None` (`null` in the JSON), never NaN or 0.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Periods a year: minutes, the market trades around the clock.
pub const MINUTES_A_YEAR: f64 = 525_600.0;

/// A run's metrics: backtesting.py's statistics and a futures venue's own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// The span's first moment (ms since the epoch).
    pub start: Option<i64>,
    /// The span's last moment (ms since the epoch).
    pub end: Option<i64>,
    /// `end − start` (ms).
    pub duration: Option<i64>,
    /// Time with a position open, in percent of the duration.
    pub exposure_time_pct: Option<f64>,
    /// Equity at the last minute sample.
    pub equity_final: Option<Decimal>,
    /// The highest equity of the minute samples.
    pub equity_peak: Option<Decimal>,
    /// Equity's change from the first minute sample to the last, in percent.
    pub return_pct: Option<f64>,
    /// The instrument's mark price from the first minute sample to the last, in percent (long
    /// only).
    pub buy_and_hold_return_pct: Option<f64>,
    /// The return compounded to a year: `(last / first)^(525600 / n) − 1`, `n` returns.
    pub return_ann_pct: Option<f64>,
    /// The standard deviation of the returns times `√525600`, in percent.
    pub volatility_ann_pct: Option<f64>,
    /// Mean return over its standard deviation, times `√525600`.
    pub sharpe_ratio: Option<f64>,
    /// Mean return over the downside deviation (`√(Σ min(r, 0)² / n)`), times `√525600` (two
    /// returns at least).
    pub sortino_ratio: Option<f64>,
    /// The annualised return over the maximum drawdown's size.
    pub calmar_ratio: Option<f64>,
    /// The deepest drawdown, in percent (negative).
    pub max_drawdown_pct: Option<f64>,
    /// The mean of each drawdown's deepest point, in percent (negative).
    pub avg_drawdown_pct: Option<f64>,
    /// The longest drawdown, from its peak to the recovery (or the end), ms.
    pub max_drawdown_duration: Option<i64>,
    /// The mean drawdown's length, ms.
    pub avg_drawdown_duration: Option<i64>,
    /// Round trips in the ledger.
    pub trades: u64,
    /// Round trips with a PnL above 0, in percent.
    pub win_rate_pct: Option<f64>,
    /// The highest round-trip return, percent.
    pub best_trade_pct: Option<f64>,
    /// The lowest round-trip return, percent.
    pub worst_trade_pct: Option<f64>,
    /// The geometric mean of the round-trip returns, percent.
    pub avg_trade_pct: Option<f64>,
    /// The longest round trip, ms.
    pub max_trade_duration: Option<i64>,
    /// The mean round trip's length, ms.
    pub avg_trade_duration: Option<i64>,
    /// Winning round trips' PnL over the losing ones' (their size).
    pub profit_factor: Option<f64>,
    /// The arithmetic mean of the round-trip returns, percent.
    pub expectancy_pct: Option<f64>,
    /// Van Tharp's system quality number: `√n × mean PnL / its standard deviation`.
    pub sqn: Option<f64>,
    /// Fees of the fills that made (negative: rebates).
    pub fees_maker: Decimal,
    /// Fees of the fills that took.
    pub fees_taker: Decimal,
    /// Funding paid (a positive amount).
    pub funding_paid: Decimal,
    /// Funding received.
    pub funding_received: Decimal,
    /// The nearest any position came to its liquidation price, in percent of the mark (minute
    /// samples).
    pub min_liquidation_distance_pct: Option<f64>,
    /// The highest margin in use (positions' margins and orders' locks) over the account's
    /// equity, percent (minute samples).
    pub max_margin_used_pct: Option<f64>,
    /// The highest gross value of the open positions over the account's equity (minute
    /// samples).
    pub max_leverage: Option<f64>,
}
