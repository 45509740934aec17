//! Editing the spec recompiles, proven end to end: a small crate that generates its API from its
//! own spec is built; its spec is edited (a field and an endpoint added) with its code untouched,
//! and cargo recompiles it; code using the new items then builds and runs; and with the old spec
//! restored, that code no longer compiles. The crate shares this build's target directory, so
//! the dependencies are built once.

use crate::probe::{Probe, SPEC_V1};
use std::time::Instant;

/// V1 plus a field (`Ticker.volume`) and an endpoint (`trades`).
fn spec_v2() -> String {
    SPEC_V1.replace(
        "      symbol: { type: string, required: true }\n",
        "      symbol: { type: string, required: true }\n      volume: decimal\n",
    ) + r#"  trades:
    doc: Recent trades of a contract.
    method: GET
    path: /v1/trades
    security: NONE
    errors: main
    query:
      symbol: { type: string, required: true }
    response: { envelope: bare, data: list<Ticker> }
"#
}

const MAIN_V1: &str = r#"
contango::generate!("spec.yaml");

fn main() {
    let request = TickerRequest::new("E-BTC-USDT");
    println!("v1 {request:?}");
}
"#;

const MAIN_V2: &str = r#"
contango::generate!("spec.yaml");

fn main() {
    let ticker = Ticker { symbol: "E-BTC-USDT".into(), volume: None };
    let request = TradesRequest::new("E-BTC-USDT");
    println!("v2 {ticker:?} {request:?} {}", std::any::type_name::<TradesBuilder<'static>>());
}
"#;

#[test]
fn editing_the_spec_recompiles_and_brings_the_new_items() {
    let root = env!("CARGO_MANIFEST_DIR");
    let probe = Probe::new("rebuild-probe", &[("contango", root)], root);
    probe.write("spec.yaml", SPEC_V1);
    probe.write("src/main.rs", MAIN_V1);

    let t = Instant::now();
    let first = probe.build();
    assert!(first.ok, "the probe does not build:\n{}", first.stderr);
    eprintln!("first build (dependencies included): {:?}", t.elapsed());

    // Nothing changed: nothing is recompiled. (A few tries: another build sharing the target
    // directory, or an edit of contango's own sources meanwhile, can invalidate it once.)
    let unchanged = (0..3)
        .map(|_| probe.build())
        .find(|b| b.ok && !b.recompiled);
    assert!(
        unchanged.is_some(),
        "nothing changed, yet the probe is recompiled on every build"
    );

    // Only the spec changes: cargo must notice and recompile.
    probe.write("spec.yaml", &spec_v2());
    let t = Instant::now();
    let edited = probe.build();
    assert!(edited.ok, "{}", edited.stderr);
    assert!(
        edited.recompiled,
        "the spec changed but the probe was not recompiled"
    );
    eprintln!("rebuild after the spec edit: {:?}", t.elapsed());

    // Code using the new field and endpoint builds and runs.
    probe.write("src/main.rs", MAIN_V2);
    let v2 = probe.build();
    assert!(v2.ok, "the new items are missing:\n{}", v2.stderr);
    let out = probe.run();
    assert!(
        out.contains("volume: None") && out.contains("TradesBuilder"),
        "{out}"
    );

    // They came from the edit: with the old spec back, the same code no longer compiles.
    probe.write("spec.yaml", SPEC_V1);
    let reverted = probe.build();
    assert!(!reverted.ok, "the probe built without the new items");
    assert!(
        reverted.stderr.contains("volume") && reverted.stderr.contains("TradesRequest"),
        "{}",
        reverted.stderr
    );
}
