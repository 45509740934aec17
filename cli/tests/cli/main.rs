//! The `contango` binary, run as a user runs it, against the simulator started in the test: every
//! endpoint once, the failures and their exit codes, the drift probe, profiles, the private and
//! market streams, the market recorder (against a scripted market server), the account and book
//! watchers, and a spec edit picked up by a rebuild. One test binary (link time matters).

mod drift;
mod endpoints;
mod failures;
mod market;
mod mcp;
// A market server the test scripts, speaking the exchange's wire format (the simulator's tests',
// written for the simulator's older minimum Rust: no let chains).
#[allow(dead_code, clippy::collapsible_if)]
#[path = "../../../sim/tests/it/market_server.rs"]
mod market_server;
#[path = "../../../tests/it/probe.rs"]
mod probe;
mod rebuild;
mod record;
mod recording;
mod stream;
mod support;
mod watch;
