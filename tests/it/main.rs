//! The facade's integration tests, as one test binary with a module per suite. Every test binary
//! links tokio, reqwest, rustls and the simulator; one binary links them once (there were
//! twenty, and linking was most of the suite's build).
//!
//! A new suite is a file here and a `mod` line below, in its group; its helpers come from the
//! support modules as `use crate::sim_support::{...}`. Run one suite with
//! `cargo test --test it resilience_retries::`.

// Support shared by the suites.
mod common; // a loopback HTTP server that records requests and answers canned bodies
mod probe; // a scratch crate built with cargo (also used by the CLI's rebuild test)
mod sim_support; // clients of a running simulator, order shorthands, hand-built requests
mod stream_support; // bounded waits on a user stream, a raw WebSocket

// Against a loopback server: what is sent, and how answers and failures decode.
mod errors;
mod fixtures;
mod limits;
mod records;
mod signing;
mod wire;

// Against the simulator, end to end.
mod conditional_orders;
mod paper_trade;
mod sim_e2e_auth;
mod sim_e2e_concurrency;
mod sim_e2e_rest;
mod sim_e2e_stream;

// Resilience, against the simulator.
mod resilience_clock;
mod resilience_orders;
mod resilience_prechecks;
mod resilience_rate_limits;
mod resilience_retries;
mod resilience_secrets;
mod risk;

// The stream clients and the watchers, against the simulator.
mod account_watcher;
mod conditional_property;
mod market_stream;
mod stream_connection;
mod stream_events;

// Drift between what a server sends and the spec.
mod drift;

// Sessions recorded and replayed.
mod recording;

// Other specs' expansions and mistakes, hostile input, and a spec edit picked up by a rebuild.
mod features;
mod fuzz_regressions;
mod generated;
mod rebuild;
mod spec_errors;

// The repository itself: no work-process references, the README a front page, links that lead
// somewhere.
mod house;
