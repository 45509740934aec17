//! The research tools' tests over real sockets, as one test binary: backtests in lockstep, their
//! sweeps and recorded sessions, decoded market caches and queue models, on the simulator.

#[path = "../../../sim/tests/it/market_server.rs"]
#[allow(dead_code)] // shared with the simulator's tests: each binary uses a part
mod market_server; // a market source speaking the exchange's wire format, scripted by the tests
#[path = "../../../sim/tests/it/support.rs"]
#[allow(dead_code)] // shared with the simulator's tests: each binary uses a part
mod support; // a raw WebSocket client for the simulator's streams

mod backtest;
mod driven;
mod lockstep;
mod market_cache;
mod queue_models;
mod recorder;
mod sweep;
