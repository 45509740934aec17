//! Editing the spec changes the command line with no hand edit: a crate generating its SDK and
//! its CLI from its own spec is built; the spec gains an endpoint (with a documented, limited
//! parameter); cargo recompiles, and the rebuilt binary has the new subcommand, its help from
//! the spec, and the SDK's local refusal of its limit.

#[path = "../../../tests/it/probe.rs"]
mod probe;

use std::process::Command;

use probe::{Probe, SPEC_V1};

use crate::support::finish;

const SPEC_V2_ADDS: &str = r#"  recent_trades:
    doc: Recent trades of a contract, newest first.
    method: GET
    path: /v1/trades
    security: NONE
    errors: main
    query:
      symbol: { type: string, required: true }
      limit: { type: i32, min: 1, max: 50, doc: How many trades. }
    response: { envelope: bare, data: list<Ticker> }
"#;

const MAIN: &str = r#"
contango::generate!("spec.yaml");
contango_cli::generate_cli!("spec.yaml");

fn main() -> std::process::ExitCode {
    contango_cli::run::<Commands>()
}
"#;

fn probe_cli(probe: &Probe, args: &[&str]) -> crate::support::Run {
    let mut cmd = Command::new(probe.binary());
    cmd.args(args);
    finish(cmd)
}

#[test]
fn editing_the_spec_changes_the_command_line() {
    let cli = env!("CARGO_MANIFEST_DIR");
    let root = std::path::Path::new(cli)
        .parent()
        .map(|p| p.to_string_lossy().into_owned())
        .expect("the workspace root");
    let probe = Probe::new(
        "cli-rebuild-probe",
        &[("contango", root.as_str()), ("contango-cli", cli)],
        &root,
    );
    probe.write("spec.yaml", SPEC_V1);
    probe.write("src/main.rs", MAIN);
    let first = probe.build();
    assert!(first.ok, "the probe does not build:\n{}", first.stderr);
    let help = probe_cli(&probe, &["--help"]);
    assert!(
        help.stdout.contains("ticker") && !help.stdout.contains("recent-trades"),
        "{help:?}"
    );

    // Only the spec changes.
    probe.write("spec.yaml", &format!("{SPEC_V1}{SPEC_V2_ADDS}"));
    let edited = probe.build();
    assert!(edited.ok, "{}", edited.stderr);
    assert!(
        edited.recompiled,
        "the spec changed but the probe was not recompiled"
    );

    let help = probe_cli(&probe, &["--help"]);
    assert!(help.stdout.contains("recent-trades"), "{help:?}");
    let help = probe_cli(&probe, &["recent-trades", "--help"]);
    for text in [
        "Recent trades of a contract, newest first.",
        "GET /v1/trades",
        "<SYMBOL>",
        "--limit <LIMIT>",
        "How many trades (1 to 50).",
    ] {
        assert!(
            help.stdout.contains(text),
            "missing {text:?}:\n{}",
            help.stdout
        );
    }
    // The new limit is the SDK's: refused locally, before the (absent) server is contacted.
    let refused = probe_cli(
        &probe,
        &[
            "--base-url",
            "http://127.0.0.1:9",
            "recent-trades",
            "E-BTC-USDT",
            "--limit",
            "51",
        ],
    );
    assert_eq!(refused.code, Some(2), "{refused:?}");
    assert!(
        refused
            .stderr
            .contains("invalid argument `limit`: must be at most 50"),
        "{refused:?}"
    );
}
