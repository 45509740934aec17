//! The simulator's tests over real sockets, as one test binary (each binary links tokio, axum,
//! reqwest and the SDK: one links them once).

mod support; // a raw WebSocket client for the simulator's streams

mod drift;
mod market_stream;
