//! The simulator's tests over real sockets, as one test binary (each binary links tokio, hyper,
//! reqwest and the SDK: one links them once).

#[allow(dead_code)] // shared with the research and command tests: each binary uses a part
mod market_server; // a market source speaking the exchange's wire format, scripted by the tests
mod support; // a raw WebSocket client for the simulator's streams

mod drift;
mod market_stream;
mod real_prices;
mod recording_v1;
mod structure;
