//! `contango drift`: against the plain simulator every read-only endpoint and both streams are
//! probed and nothing is found (every field the simulator sends is in the spec), exit 0; against
//! the drifting one every change it declares is found, exit 6; and `--patch` prints the edits
//! that make the drift go away in a crate built from the patched spec.

use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;

use crate::probe::{Probe, SHIPPED_SPEC};
use crate::support::{Harness, Run, new_order, wait};

/// Runs `drift --seconds 4` with `args` through `cmd` (aimed at the harness's simulator); while
/// it listens, an order of its account changes, so the order update's drift is seen too.
/// The findings of a `drift -o json` run as (kind, endpoint, path, wire), sorted.
pub fn findings(run: &Run) -> Vec<(String, String, String, String)> {
    let report: Value = serde_json::from_str(&run.stdout).expect("one JSON document");
    let mut found: Vec<_> = report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            let s = |k: &str| f[k].as_str().unwrap_or_default().to_owned();
            (s("kind"), s("endpoint"), s("path"), s("wire"))
        })
        .collect();
    found.sort();
    found
}

pub fn drift_while_an_order_changes(h: &Harness, mut cmd: Command, args: &[&str]) -> Run {
    cmd.args(["drift", "--seconds", "4"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let child = cmd.spawn().expect("run drift");
    std::thread::sleep(Duration::from_millis(1500));
    let placed = h.run(&new_order("buy", "limit", "cross", "10", "20000", &[]));
    assert_eq!(placed.code, Some(0), "{placed:?}");
    wait(child, Duration::from_secs(60))
}

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
        "index",
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
/// endpoint, path and wire value the simulator declares (`contango_sim::server::changed_api::EXPECTED`), and
/// exits 6.
#[test]
fn the_drifting_simulator_shows_every_kind_of_finding_and_exit_6() {
    let h = Harness::with(
        "drift-sim",
        contango_sim::Sim::builder()
            .drift(true)
            .market_driver(contango_sim::MarketDriver::random_walk(3)),
    );
    let run = drift_while_an_order_changes(&h, h.contango(), &["-o", "json"]);
    assert_eq!(run.code, Some(6), "{run:?}");
    assert!(run.stderr.contains("drift:"), "{run:?}");
    let report: Value = serde_json::from_str(&run.stdout).expect("one JSON document");
    let found = findings(&run);
    for e in contango_sim::server::changed_api::EXPECTED {
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
        contango_sim::server::changed_api::EXPECTED.len(),
        "nothing else: {report:#}"
    );
}

/// `--patch` round trip: contango's own CLI (generated from `spec/futures.yaml`) probes the
/// drifting simulator (exit 6) and prints a patch; a crate generating its SDK and CLI from a full
/// copy of the shipped spec at the same path applies it with `git apply`, builds, and probes the
/// same server again: nothing drifts any more (exit 0). (A probe built from the unpatched copy
/// first would be this crate's own binary again, at the cost of one more build of the SDK.)
#[test]
fn the_printed_patch_applied_and_rebuilt_makes_the_drift_go_away() {
    let h = Harness::with(
        "drift-patch",
        contango_sim::Sim::builder()
            .drift(true)
            .market_driver(contango_sim::MarketDriver::random_walk(9)),
    );
    let patch = drift_while_an_order_changes(&h, h.contango(), &["--patch"]);
    assert_eq!(patch.code, Some(6), "{patch:?}");
    assert!(
        patch
            .stdout
            .starts_with("--- a/spec/futures.yaml\n+++ b/spec/futures.yaml\n"),
        "{}",
        patch.stdout
    );

    let probe = Probe::new("drift-patch-probe", &crate::rebuild::workspace_root());
    std::fs::create_dir_all(probe.dir.join("spec")).expect("the probe's spec directory");
    probe.write("spec/futures.yaml", SHIPPED_SPEC);
    probe.write(
        "src/main.rs",
        &crate::rebuild::MAIN.replace("\"spec.yaml\"", "\"spec/futures.yaml\""),
    );
    probe.write("drift.patch", &patch.stdout);
    let applied = Command::new("git")
        .args(["apply", "--unidiff-zero", "drift.patch"])
        .current_dir(&probe.dir)
        .output()
        .expect("run git apply");
    assert!(
        applied.status.success(),
        "git apply: {}\n{}",
        String::from_utf8_lossy(&applied.stderr),
        patch.stdout
    );
    assert_ne!(
        std::fs::read_to_string(probe.dir.join("spec/futures.yaml")).expect("the patched spec"),
        SHIPPED_SPEC,
        "the patch changed nothing"
    );

    let second = probe.build();
    assert!(
        second.ok,
        "the patched spec does not build:\n{}\n{}",
        second.stderr, patch.stdout
    );
    let again = drift_while_an_order_changes(&h, h.aimed(&probe.binary()), &["-o", "json"]);
    let report: Value =
        serde_json::from_str(&again.stdout).unwrap_or_else(|e| panic!("{e}: {again:?}"));
    assert_eq!(
        report["findings"],
        Value::Array(vec![]),
        "{report:#}\nafter applying\n{}",
        patch.stdout
    );
    assert_eq!(again.code, Some(0), "{again:?}");
}
