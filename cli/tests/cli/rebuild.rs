//! Editing the spec changes the command line with no hand edit, proven on a full copy of the
//! shipped spec: a crate generating its SDK and its CLI from its own copy is built, and its
//! `new-order` goes through the spec's built-in precheck against the simulator (an order below
//! the contract's minimum refused locally, one within placed); the spec gains an endpoint (with a
//! documented, limited parameter); cargo recompiles, and the rebuilt binary has the new
//! subcommand, its help from the spec, and the SDK's local refusal of its limit. Its `watch`
//! (contango's own, on the facade's client, added with `run_with`) follows the account too.

use std::time::{Duration, Instant};

use crate::probe::{self, Probe, RECENT_TRADES, SHIPPED_SPEC};

use crate::support::{Harness, Run, finish, new_order, signal, start, wait};

/// The probe crate's `main`: its SDK and its CLI generated from its own `spec.yaml`.
pub const MAIN: &str = r#"
contango::generate!("spec.yaml");
contango_cli::generate_cli!("spec.yaml");

fn main() -> std::process::ExitCode {
    contango_cli::run_with::<Commands>(&[&contango_cli::watch::Watch])
}
"#;

/// The workspace's root, the CLI crate's parent directory: what a probe is built against.
pub fn workspace_root() -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(|p| p.to_string_lossy().into_owned())
        .expect("the workspace root")
}

/// Runs the probe's binary aimed at the simulator.
fn probe_cli(h: &Harness, probe: &Probe, args: &[&str]) -> Run {
    let mut cmd = h.aimed(&probe.binary());
    cmd.args(args);
    finish(cmd)
}

#[test]
fn editing_the_spec_changes_the_command_line() {
    let probe = Probe::new("cli-rebuild-probe", &workspace_root());
    probe.write("spec.yaml", SHIPPED_SPEC);
    probe.write("src/main.rs", MAIN);
    let t = Instant::now();
    let first = probe.build();
    assert!(first.ok, "the probe does not build:\n{}", first.stderr);
    eprintln!("first build (dependencies included): {:?}", t.elapsed());
    let h = Harness::new("cli-rebuild-probe");
    let help = probe_cli(&h, &probe, &["--help"]);
    assert!(
        help.stdout.contains("new-order") && !help.stdout.contains("recent-trades"),
        "{help:?}"
    );

    // The generated CLI works, through the SDK's precheck: below the minimum volume the order is
    // refused locally (exit 2) after a contract lookup; within the limits it is placed.
    let refused = probe_cli(
        &h,
        &probe,
        &new_order("buy", "limit", "cross", "0.5", "29000", &[]),
    );
    assert_eq!(refused.code, Some(2), "{refused:?}");
    assert!(
        refused.stderr.contains("invalid argument `volume`")
            && refused.stderr.contains("-1136 ORDER_QUANTITY_TOO_SMALL"),
        "{refused:?}"
    );
    let placed = probe_cli(
        &h,
        &probe,
        &new_order("buy", "limit", "cross", "1", "29000", &[]),
    );
    assert!(placed.json()["orderId"].is_number(), "{placed:?}");
    let sent: Vec<(String, String)> = h
        .sim()
        .received()
        .into_iter()
        .map(|r| (r.method, r.path))
        .filter(|(_, path)| path.ends_with("/contracts") || path.ends_with("/order"))
        .collect();
    let get = |p: &str| ("GET".to_owned(), p.to_owned());
    let post = |p: &str| ("POST".to_owned(), p.to_owned());
    assert_eq!(
        sent,
        [
            get("/fapi/v1/contracts"),
            get("/fapi/v1/contracts"),
            post("/fapi/v2/order")
        ],
        "a lookup per run (each is a new client), one order sent"
    );
    // `watch` is contango's own (the watchers hold the facade's types): the crate opts in
    // (`run_with`), and it follows the account from the same target and credentials, the
    // order just placed too.
    let mut watch = h.aimed(&probe.binary());
    watch.args(["watch", "account", "--contract", "E-BTC-USDT"]);
    let (child, out, _err) = start(watch);
    let first = out
        .recv_timeout(Duration::from_secs(30))
        .expect("a state line within 30 s");
    let first: serde_json::Value =
        serde_json::from_str(&first).unwrap_or_else(|e| panic!("{e}: {first}"));
    assert_eq!(first["type"], "state", "{first}");
    assert_eq!(
        first["open_orders"][0]["orderId"],
        placed.json()["orderId"],
        "{first}"
    );
    signal(&child, "TERM");
    let run = wait(child, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{run:?}");

    // Only the spec changes.
    probe.write(
        "spec.yaml",
        &probe::edit(
            SHIPPED_SPEC,
            &[("\nendpoints:\n", &format!("\nendpoints:\n{RECENT_TRADES}"))],
        ),
    );
    let t = Instant::now();
    let edited = probe.build();
    assert!(edited.ok, "{}", edited.stderr);
    eprintln!("rebuild after the spec edit: {:?}", t.elapsed());
    assert!(
        edited.recompiled,
        "the spec changed but the probe was not recompiled"
    );

    let help = probe_cli(&h, &probe, &["--help"]);
    assert!(help.stdout.contains("recent-trades"), "{help:?}");
    let help = probe_cli(&h, &probe, &["recent-trades", "--help"]);
    for text in [
        "Recent trades of a contract, newest first.",
        "GET /v1/recentTrades",
        "<CONTRACT_NAME>",
        "--limit <LIMIT>",
        "How many trades (1 to 50).",
    ] {
        assert!(
            help.stdout.contains(text),
            "missing {text:?}:\n{}",
            help.stdout
        );
    }
    // The new limit is the SDK's: refused locally, before the server is contacted.
    let before = h.sim().received().len();
    let refused = probe_cli(
        &h,
        &probe,
        &["recent-trades", "E-BTC-USDT", "--limit", "51"],
    );
    assert_eq!(refused.code, Some(2), "{refused:?}");
    assert!(
        refused
            .stderr
            .contains("invalid argument `limit`: must be at most 50"),
        "{refused:?}"
    );
    assert_eq!(h.sim().received().len(), before, "nothing was sent");
}
