//! contango-research: what a trader studies with the simulator (`contango-sim`), apart from the
//! venue itself: lockstep backtests over recorded markets and their sweeps, the one report of
//! a backtest or a paper session (summary, chart, tearsheet, trade ledger), the fidelity check
//! of a live session against the simulator, latency models fitted to recorded sessions, and a
//! recording's market as Parquet tables.
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
//!     .run(&mut Watch)
//!     .await?;
//! println!("{report}");
//! # Ok(()) }
//! ```
//!
//! - [`backtest`]: a strategy run in lockstep over a recorded market, and sweeps of it;
//! - [`report`]: one report of a backtest or of a paper session read from a journaled venue's
//!   store;
//! - [`fidelity`]: would the simulator have filled what the exchange filled?
//! - [`fit`]: a latency model fitted to a recorded session ([`FitLatency`]);
//! - `export` (the `parquet` feature, off by default): a recording's market as Parquet tables,
//!   exact decimals, for pandas, polars and DuckDB.

#![deny(missing_docs)]

pub mod backtest;
#[cfg(feature = "parquet")]
pub mod export;
pub mod fidelity;
pub mod fit;
pub mod report;

pub use backtest::{Backtest, BacktestError, Driven};
pub use fidelity::{Fidelity, FidelityError, FidelityReport};
pub use fit::{FitError, FitLatency, Fitted};
pub use report::Report;
