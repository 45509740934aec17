//! The simulator's tests over real sockets, as one test binary (each binary links tokio, hyper,
//! reqwest and the SDK: one links them once).

mod market_server; // a market source speaking the exchange's wire format, scripted by the tests
mod support; // a raw WebSocket client for the simulator's streams

#[cfg(feature = "backtest")] // Backtest
mod backtest;
mod drift;
#[cfg(feature = "backtest")] // Fidelity
mod fidelity;
mod latency;
#[cfg(feature = "backtest")] // Backtest
mod lockstep;
#[cfg(feature = "backtest")] // Backtest
mod market_cache;
mod market_stream;
#[cfg(feature = "backtest")] // Backtest
mod queue_models;
mod real_prices;
#[cfg(feature = "backtest")] // Backtest
mod recorder;
mod recording_v1;
#[cfg(feature = "journal")] // Report::from_store and the store's reader
mod report;
#[cfg(feature = "backtest")] // Backtest, the chart and the tearsheet
mod report_metrics;
#[cfg(feature = "journal")] // --state
mod restart;
#[cfg(feature = "journal")] // rusqlite, the store's own dependency, makes the bad files
mod stores;
mod structure;
#[cfg(feature = "backtest")] // Backtest::sweep
mod sweep;
