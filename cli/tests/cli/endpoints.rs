//! Every endpoint's subcommand once, against one simulator, its JSON answer parsed and checked:
//! decimals as exact strings, ids as integers (also above 2^53).

use contango_cli::Api;
use contango_cli::commands::Commands;
use rust_decimal_macros::dec;
use serde_json::Value;

use crate::support::{Harness, decimal, new_order};

const C: &str = "E-BTC-USDT";

#[test]
fn every_endpoint_answers_json_through_the_sdk() {
    let h = Harness::new("endpoints");
    let mut covered: Vec<String> = Vec::new();
    let mut run = |args: &[&str]| {
        covered.push(args[0].to_owned());
        h.run(args)
    };

    assert_eq!(run(&["ping"]).json(), Value::Object(Default::default()));
    let time = run(&["server-time"]).json();
    let server_ms = time["serverTime"].as_i64().expect("serverTime");
    assert!(
        (server_ms - h.sim().server_time_ms()).abs() < 60_000,
        "{time}"
    );

    let contracts = run(&["contracts", "--contract-name", C]).json();
    assert_eq!(contracts[0]["symbol"], C, "{contracts}");
    assert_eq!(decimal(&contracts[0]["minOrderVolume"]), dec!(1));
    let every = run(&["contracts"]).json();
    let names: Vec<&str> = every
        .as_array()
        .map(|a| a.iter().filter_map(|c| c["symbol"].as_str()).collect())
        .unwrap_or_default();
    assert!(names.contains(&C) && names.len() > 1, "{every}");

    // The mark price and funding; funding is off in this simulator: rates 0, the countdown to
    // the next 8-hour boundary.
    let index = run(&["index", C]).json();
    assert!(decimal(&index["tagPrice"]) > dec!(0), "{index}");
    assert!(decimal(&index["indexPrice"]) > dec!(0), "{index}");
    assert_eq!(decimal(&index["currentFundRate"]), dec!(0), "{index}");
    let left = index["remainingSecond"].as_i64().expect("remainingSecond");
    assert!((0..=8 * 3600).contains(&left), "{index}");

    let book = run(&["depth", C, "--limit", "2"]).json();
    let (asks, bids) = (book["asks"].as_array(), book["bids"].as_array());
    assert_eq!(asks.map(Vec::len), Some(2), "{book}");
    assert_eq!(bids.map(Vec::len), Some(2), "{book}");
    assert!(decimal(&book["asks"][0][0]) > decimal(&book["bids"][0][0]));

    let ticker = run(&["ticker", C]).json();
    assert!(decimal(&ticker["last"]) > dec!(0), "{ticker}");
    let klines = run(&["klines", C, "1min", "--limit", "2"]).json();
    assert!(
        klines
            .as_array()
            .is_some_and(|k| !k.is_empty() && k.len() <= 2),
        "{klines}"
    );
    decimal(&klines[0]["close"]);

    let brackets = run(&["leverage-bracket", C]).json();
    assert_eq!(brackets["contractName"], C);
    decimal(&brackets["brackets"][0]["maintMarginRatio"]);
    let fees = run(&["commission-rate", C]).json();
    assert_eq!(decimal(&fees["openTakerFeeRate"]), dec!(0.0004), "{fees}");

    // Money moves, exactly.
    let before = decimal(&run(&["account"]).json()["account"][0]["accountNormal"]);
    run(&[
        "transfer",
        "--coin-symbol",
        "USDT",
        "--amount",
        "10.25",
        "--transfer-type",
        "wallet_to_contract",
    ])
    .json();
    let history = run(&["transfer-history", "wallet_to_contract"]).json();
    assert_eq!(decimal(&history[0]["amount"]), dec!(10.25), "{history}");
    let after = decimal(&run(&["account"]).json()["account"][0]["accountNormal"]);
    assert_eq!(after - before, dec!(10.25));

    run(&["level-edit", C, "20"]).json();

    // An order rests, is found, listed and cancelled; ids stay exact integers.
    let ack = run(&new_order(
        "buy",
        "limit",
        "cross",
        "2",
        "29000.5",
        &["--client-order-id", "cli-rest"],
    ))
    .json();
    let id = ack["orderId"].as_i64().expect("an integer order id");
    assert!(id > 1 << 53, "{ack}");
    let found = run(&["query-order", C, "--client-order-id", "cli-rest"]).json();
    assert_eq!(found[0]["orderId"].as_i64(), Some(id), "{found}");
    assert_eq!(decimal(&found[0]["price"]), dec!(29000.5));
    assert_eq!(found[0]["side"], "BUY");
    let open = run(&["open-orders", C]).json();
    assert!(
        open.as_array()
            .is_some_and(|o| o.iter().any(|o| o["orderId"].as_i64() == Some(id)))
    );
    let cancelled = run(&["cancel-order", C, "--order-id", &id.to_string()]).json();
    assert_eq!(cancelled["orderId"].as_i64(), Some(id));

    run(&new_order("buy", "limit", "cross", "1", "28000", &[])).json();
    run(&["cancel-all-orders", C]).json();
    let open = run(&["open-orders", C]).json();
    assert_eq!(open.as_array().map(Vec::len), Some(0), "{open}");

    // A MARKET order fills against the book: a trade, an isolated position, its margin.
    run(&new_order("BUY", "MARKET", "2", "1", "0", &[])).json();
    let trades = run(&["my-trades", C]).json();
    assert_eq!(decimal(&trades[0]["qty"]), dec!(1), "{trades}");
    assert_eq!(trades[0]["isBuyer"], true);
    run(&["position-margin", C, "5.25"]).json();
    let account = run(&["account"]).json();
    let position = &account["account"][0]["positionVos"][0]["positions"][0];
    decimal(&position["avgPrice"]);

    let forced = run(&["force-orders-history", C]).json();
    assert!(forced.is_array(), "{forced}");

    let key = run(&["create-listen-key"]).json()["listenKey"]
        .as_str()
        .expect("a listen key")
        .to_owned();
    run(&["keep-alive-listen-key", &key]).json();
    assert!(h.sim().listen_key_active(&key));
    run(&["close-listen-key", &key]).json();
    assert!(!h.sim().listen_key_active(&key));

    // Every endpoint of the spec was run.
    let mut all: Vec<String> = Commands::commands()
        .iter()
        .map(|c| c.get_name().to_owned())
        .collect();
    all.sort();
    covered.sort();
    covered.dedup();
    assert_eq!(covered, all);
}

#[test]
fn lists_print_one_object_per_line_with_jsonl_and_tables_on_request() {
    let h = Harness::new("jsonl");
    let lines = h.run(&["--jsonl", "leverage-bracket", C]).lines();
    assert_eq!(lines.len(), 1, "an object is one line");
    let klines = h
        .run(&["--jsonl", "klines", C, "1min", "--limit", "3"])
        .lines();
    assert!(!klines.is_empty() && klines.iter().all(|k| k["close"].is_string()));
    let table = h.run(&["--output", "table", "commission-rate", C]);
    assert_eq!(table.code, Some(0), "{table:?}");
    assert!(
        table
            .stdout
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["openTakerFeeRate", "0.0004"]),
        "{}",
        table.stdout
    );
}

/// A protected entry in one command (the shorthands and the full repeatable form), then a
/// conditional order listed, queried and cancelled with `--condition-order true`.
#[test]
fn conditional_orders_are_placed_queried_and_cancelled_from_the_command_line() {
    let h = Harness::new("conditional");
    let ack = h
        .run(&new_order(
            "buy",
            "market",
            "cross",
            "2",
            "30010",
            &[
                "--stop-loss",
                "29000",
                "--trigger-order-create-params",
                "triggerType=2,triggerPriceType=2,triggerPrice=31000,type=LIMIT,price=30990,clientOrderId=tp-cli",
            ],
        ))
        .json();
    let parent = ack["orderId"].as_i64().expect("an order id").to_string();
    let found = h.run(&["query-order", C, "--order-id", &parent]).json();
    let children = found[0]["childOrders"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(children.len(), 2, "{found}");
    let of = |kind: i64| {
        children
            .iter()
            .find(|c| c["triggerType"] == kind)
            .unwrap_or_else(|| panic!("no triggerType {kind}: {found}"))
    };
    let (stop, take) = (of(1), of(2));
    assert_eq!(decimal(&stop["triggerPrice"]), dec!(29000));
    assert_eq!(stop["type"], "MARKET", "{found}");
    assert_eq!(take["triggerPriceType"], 2, "{found}");
    assert_eq!(take["clientOrderId"], "tp-cli", "{found}");
    // Both wait, armed by the fill, covering its 2 contracts.
    let open = h.run(&["open-orders", C]).json();
    let waiting: Vec<&Value> = open
        .as_array()
        .into_iter()
        .flatten()
        .filter(|o| o["status"] == "INIT")
        .collect();
    assert_eq!(waiting.len(), 2, "{open}");
    assert!(waiting.iter().all(|o| decimal(&o["origQty"]) == dec!(2)));
    // A waiting conditional order is found and cancelled with the flag only.
    let id = take["orderId"].as_i64().expect("an id").to_string();
    let missing = h.run(&["query-order", C, "--order-id", &id]);
    assert_eq!(missing.code, Some(3), "{missing:?}");
    let query = [
        "query-order",
        C,
        "--order-id",
        &id,
        "--condition-order",
        "true",
    ];
    assert_eq!(h.run(&query).json()[0]["status"], "INIT");
    let cancel = [
        "cancel-order",
        C,
        "--order-id",
        &id,
        "--condition-order",
        "true",
    ];
    h.run(&cancel).json();
    assert_eq!(h.run(&query).json()[0]["status"], "CANCELLED");
    // A malformed item is refused before anything is sent (exit 2).
    let bad = h.run(&new_order(
        "buy",
        "market",
        "cross",
        "1",
        "0",
        &["--trigger-order-create-params", "triggerType=1,oops"],
    ));
    assert_eq!(bad.code, Some(2), "{bad:?}");
}
