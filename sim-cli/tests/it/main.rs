//! The `contango-sim` command's tests: the venue in a child process killed with SIGKILL and
//! restarted, stores it must refuse, a store kept bounded while killed, latency models given on
//! the command line, a paper session's report, and the fidelity check; as one test binary.

#[path = "../../../sim/tests/it/market_server.rs"]
#[allow(dead_code)] // shared with the simulator's tests: each binary uses a part
mod market_server; // a market source speaking the exchange's wire format, scripted by the tests
#[path = "../../../sim/tests/it/support.rs"]
#[allow(dead_code)] // shared with the simulator's tests: each binary uses a part
mod support; // a raw WebSocket client for the simulator's streams

mod bounds;
mod driven;
mod fidelity;
mod latency;
mod report;
mod report_metrics;
mod restart;
mod stores;
