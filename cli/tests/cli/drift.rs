//! `contango drift`: against the plain simulator every read-only endpoint and both streams are
//! probed and nothing is found (every field the simulator sends is in the spec), exit 0; against
//! the drifting one every change it declares is found, exit 6.

use std::process::Stdio;
use std::time::Duration;

use serde_json::Value;

use crate::support::{Harness, new_order, wait};

#[test]
fn the_plain_simulator_shows_no_drift_and_every_read_only_endpoint_is_probed() {
    let h = Harness::new("drift-plain");
    // A resting order, so the probe has an order id to look up.
    let placed = h.run(&new_order("buy", "limit", "cross", "10", "20000", &[]));
    assert_eq!(placed.code, Some(0), "{placed:?}");
    let run = h.run(&["drift", "--seconds", "2", "-o", "json"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let report = run.json();
    assert_eq!(report["findings"], Value::Array(vec![]), "{report:#}");
    let checked = report["checked"].as_array().expect("checked");
    let outcome = |what: &str| {
        checked
            .iter()
            .find(|c| c["endpoint"] == what)
            .map(|c| c["outcome"].as_str().unwrap_or_default().to_owned())
            .unwrap_or_else(|| panic!("{what} not probed: {report:#}"))
    };
    for endpoint in [
        "ping",
        "server_time",
        "contracts",
        "depth",
        "ticker",
        "klines",
        "my_trades",
        "open_orders",
        "query_order",
        "account",
        "leverage_bracket",
        "commission_rate",
        "transfer_history",
        "force_orders_history",
        "stream market",
        "stream user",
    ] {
        assert_eq!(outcome(endpoint), "ok", "{endpoint}: {report:#}");
    }
    // Nothing that changes state is probed.
    for mutating in ["new_order", "cancel_order", "transfer", "level_edit"] {
        assert!(
            checked.iter().all(|c| c["endpoint"] != mutating),
            "{mutating}: {report:#}"
        );
    }
}

#[test]
fn without_credentials_signed_endpoints_are_skipped_and_public_ones_probed() {
    let h = Harness::new("drift-public");
    let mut cmd = h.bare();
    cmd.args([
        "--base-url",
        h.sim().rest_url(),
        "drift",
        "--seconds",
        "0",
        "-o",
        "json",
    ]);
    let run = crate::support::finish(cmd);
    assert_eq!(run.code, Some(0), "{run:?}");
    let report = run.json();
    let checked = report["checked"].as_array().expect("checked");
    let of = |what: &str| {
        checked
            .iter()
            .find(|c| c["endpoint"] == what)
            .cloned()
            .unwrap_or_else(|| panic!("{what}: {report:#}"))
    };
    assert_eq!(of("depth")["outcome"], "ok");
    assert_eq!(of("account")["outcome"], "skipped");
    assert_eq!(of("account")["detail"], "needs credentials");
    assert!(
        checked.iter().all(|c| c["endpoint"] != "stream market"),
        "--seconds 0 skips the streams: {report:#}"
    );
}

/// The simulator's drift mode: `contango drift` reports every change it makes, with the
/// endpoint, path and wire value the simulator declares (`contango_sim::drift::EXPECTED`), and
/// exits 6.
#[test]
fn the_drifting_simulator_shows_every_kind_of_finding_and_exit_6() {
    let h = Harness::with(
        "drift-sim",
        contango_sim::Sim::builder()
            .drift(true)
            .market_driver(contango_sim::MarketDriver::random_walk(3)),
    );
    let mut cmd = h.contango();
    cmd.args(["drift", "--seconds", "4", "-o", "json"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = cmd.spawn().expect("run contango drift");
    // While the probe listens, an order of its account changes: the order update it receives
    // carries the drifted fields.
    std::thread::sleep(Duration::from_millis(1500));
    let placed = h.run(&new_order("buy", "limit", "cross", "10", "20000", &[]));
    assert_eq!(placed.code, Some(0), "{placed:?}");
    let run = wait(child, Duration::from_secs(60));
    assert_eq!(run.code, Some(6), "{run:?}");
    assert!(run.stderr.contains("drift:"), "{run:?}");
    let report: Value = serde_json::from_str(&run.stdout).expect("one JSON document");
    let found: Vec<(String, String, String, String)> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            let s = |k: &str| f[k].as_str().unwrap_or_default().to_owned();
            (s("kind"), s("endpoint"), s("path"), s("wire"))
        })
        .collect();
    for e in contango_sim::drift::EXPECTED {
        let want = (
            e.kind.to_owned(),
            e.source.to_owned(),
            e.path.to_owned(),
            e.wire.to_owned(),
        );
        assert!(found.contains(&want), "{want:?} not found in {report:#}");
    }
    assert_eq!(
        found.len(),
        contango_sim::drift::EXPECTED.len(),
        "nothing else: {report:#}"
    );
}
