//! Editing the spec recompiles, proven end to end on a full copy of the shipped spec: a crate
//! that depends only on `contango` (and tokio for its `main`) and generates its API from its own
//! copy of `spec/futures.yaml` is built, and its client places orders against the simulator
//! through the spec's built-in precheck; its spec is then edited (an error message, a field and
//! an endpoint) with its code untouched, and cargo recompiles it, the precheck quoting the new
//! message; code using the new items (and the conditional-order helpers the spec names) then
//! builds and runs; and with the old spec restored, that code no longer compiles. The crate shares this build's target directory, so the dependencies
//! are built once.

use crate::probe::{self, Probe, SHIPPED_SPEC};
use contango_sim::Sim;
use std::time::Instant;

/// The shipped spec with an error message reworded, a field (`Contract.probeLimit`) and an
/// endpoint (`recent_trades`).
fn spec_v2() -> String {
    probe::edit(
        SHIPPED_SPEC,
        &[
            (
                r#"message: "order quantity below the minimum""#,
                r#"message: "order quantity below the contract's minimum""#,
            ),
            (
                "      maxValidOrder: { type: i32, doc: Maximum number of valid (open) orders. }\n",
                "      maxValidOrder: { type: i32, doc: Maximum number of valid (open) orders. }\n      \
                 probeLimit: decimal\n",
            ),
            (
                "\nendpoints:\n",
                &format!("\nendpoints:\n{}", probe::RECENT_TRADES),
            ),
        ],
    )
}

/// Places an order below the contract's minimum volume (refused by the precheck, locally) and
/// one within its limits (placed), with the client the crate generated.
const MAIN_V1: &str = r#"
contango::generate!("spec.yaml");

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let client = Client::builder()
        .base_url(args[1].as_str())
        .credentials(contango::Credentials::new(args[2].as_str(), args[3].as_str()))
        .timeout(std::time::Duration::from_secs(5))
        .build()
        .expect("a client");
    let order = |volume: &str| NewOrder {
        contract_name: "E-BTC-USDT".into(),
        side: Side::Buy,
        order_type: OrderType::Limit,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: volume.parse().expect("a volume"),
        amount: "0".parse().expect("an amount"),
        price: "29000".parse().expect("a price"),
    };
    match client.new_order(order("0.5")).send().await {
        Err(Error::InvalidArgument(e)) => println!("refused: {e}"),
        other => println!("not refused: {other:?}"),
    }
    match client.new_order(order("1")).send().await {
        Ok(placed) => println!("placed: {}", placed.order_id),
        Err(e) => println!("not placed: {e}"),
    }
    // The spec's duration type, in the crate's own `MarkPrice`.
    match client.index("E-BTC-USDT").send().await {
        Ok(i) => println!("funding in {:?}", i.until_funding.and_then(contango::DurationSeconds::to_duration)),
        Err(e) => println!("no index: {e}"),
    }
    // NEW ITEMS
}
"#;

/// V1 plus code using the new field and endpoint, and the exchange's conditional orders
/// through the built-in helpers the crate's own spec names: an entry with a stop loss and a
/// take profit attached, then a stop on the whole position on the mark price.
fn main_v2() -> String {
    MAIN_V1.replace(
        "    // NEW ITEMS\n",
        r#"    let limit = |c: &Contract| c.probe_limit;
    println!("v2 {} {}", std::any::type_name_of_val(&limit),
        std::any::type_name::<RecentTradesBuilder<'static>>());
    use contango::conditional::Trigger;
    let price = |p: &str| p.parse().expect("a price");
    let entry = NewOrder { order_type: OrderType::Market, price: price("30010"), ..order("2") };
    match client.new_order(entry).stop_loss(Trigger::last(price("29000")))
        .take_profit(Trigger::mark(price("31000"))).send().await {
        Ok(p) => println!("protected: {}", p.order_id),
        Err(e) => println!("not protected: {e}"),
    }
    match client.stop_loss("E-BTC-USDT", Side::Buy, PositionType::Cross, Trigger::mark(price("28000")))
        .trigger_price_type(TriggerPriceType::MarkPrice).send().await {
        Ok(s) => println!("stop: {}", s.order_id),
        Err(e) => println!("no stop: {e}"),
    }
"#,
    )
}

/// Runs the probe's binary against `sim`: what it printed.
async fn run_against(probe: &Probe, sim: &Sim) -> String {
    let args = [sim.rest_url(), sim.api_key(), sim.secret()].map(str::to_owned);
    let binary = probe.binary();
    let out = tokio::task::spawn_blocking(move || probe::run_bounded(&binary, &args))
        .await
        .expect("the probe's run");
    assert!(out.0, "the probe failed:\n{}", out.1);
    out.1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn editing_the_spec_recompiles_and_brings_the_new_items() {
    let root = env!("CARGO_MANIFEST_DIR");
    let probe = Probe::new("rebuild-probe", root);
    probe.write("spec.yaml", SHIPPED_SPEC);
    probe.write("src/main.rs", MAIN_V1);

    let t = Instant::now();
    let first = probe.build();
    assert!(first.ok, "the probe does not build:\n{}", first.stderr);
    eprintln!("first build (dependencies included): {:?}", t.elapsed());

    // The generated client works, its precheck included: the small order is refused locally
    // after one contract lookup; the other is placed.
    let sim = Sim::start().await.expect("the simulator");
    let out = run_against(&probe, &sim).await;
    assert!(
        out.contains("refused: invalid argument `volume`")
            && out.contains("-1136 ORDER_QUANTITY_TOO_SMALL: order quantity below the minimum")
            && out.contains("placed: ")
            && out.contains("funding in Some("),
        "{out}"
    );
    let log = sim.received();
    let paths: Vec<(&str, &str)> = log
        .iter()
        .map(|r| (r.method.as_str(), r.path.as_str()))
        .filter(|(_, path)| path.ends_with("/contracts") || path.ends_with("/order"))
        .collect();
    assert_eq!(
        paths,
        [("GET", "/fapi/v1/contracts"), ("POST", "/fapi/v2/order")],
        "one lookup for both orders, and only the second order sent"
    );

    // Nothing changed: nothing is recompiled. (A few tries: another build sharing the target
    // directory, or an edit of contango's own sources meanwhile, can invalidate it once.)
    let unchanged = (0..3)
        .map(|_| probe.build())
        .find(|b| b.ok && !b.recompiled);
    assert!(
        unchanged.is_some(),
        "nothing changed, yet the probe is recompiled on every build"
    );

    // Only the spec changes: cargo must notice and recompile, and the precheck quotes the new
    // message.
    probe.write("spec.yaml", &spec_v2());
    let t = Instant::now();
    let edited = probe.build();
    assert!(edited.ok, "{}", edited.stderr);
    assert!(
        edited.recompiled,
        "the spec changed but the probe was not recompiled"
    );
    eprintln!("rebuild after the spec edit: {:?}", t.elapsed());
    let out = run_against(&probe, &sim).await;
    assert!(
        out.contains("-1136 ORDER_QUANTITY_TOO_SMALL: order quantity below the contract's minimum"),
        "{out}"
    );

    // Code using the new field and endpoint builds and runs.
    probe.write("src/main.rs", &main_v2());
    let v2 = probe.build();
    assert!(v2.ok, "the new items are missing:\n{}", v2.stderr);
    let out = run_against(&probe, &sim).await;
    assert!(
        out.contains("v2 ") && out.contains("RecentTradesBuilder"),
        "{out}"
    );
    // The two attached orders (armed by the entry's fill) and the stop wait for their triggers.
    assert!(
        out.contains("protected: ") && out.contains("stop: "),
        "{out}"
    );
    assert_eq!(sim.pending_triggers("E-BTC-USDT"), 3, "{out}");

    // They came from the edit: with the old spec back, the same code no longer compiles.
    probe.write("spec.yaml", SHIPPED_SPEC);
    let reverted = probe.build();
    assert!(!reverted.ok, "the probe built without the new items");
    assert!(
        reverted.stderr.contains("probe_limit") && reverted.stderr.contains("RecentTradesBuilder"),
        "{}",
        reverted.stderr
    );
    sim.shutdown().await;
}
