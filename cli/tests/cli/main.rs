//! The `contango` binary, run as a user runs it, against the simulator started in the test: every
//! endpoint once, the failures and their exit codes, the drift probe, profiles, the private and
//! market streams, the account and book watchers, and a spec edit picked up by a rebuild. One test
//! binary (link time matters).

mod drift;
mod endpoints;
mod failures;
mod market;
#[path = "../../../tests/it/probe.rs"]
mod probe;
mod rebuild;
mod recording;
mod stream;
mod support;
mod watch;
