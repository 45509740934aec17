//! `contango drift`: against the plain simulator every read-only endpoint and both streams are
//! probed and nothing is found (every field the simulator sends is in the spec), exit 0.

use serde_json::Value;

use crate::support::{Harness, new_order};

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
