//! `contango stream market` prints the simulator's book and trades as JSON lines (decimals as
//! strings), a gap after a dropped connection as a line of its own, exits 0 on SIGINT or SIGTERM,
//! and refuses unknown channels, missing or out-of-range channel parameters and empty contracts
//! before connecting.

use std::time::Duration;

use contango::{OrderType, Side};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde_json::Value;

use crate::support::{Harness, decimal, expect_line, order, signal, start, taker, wait};

const C: &str = "E-BTC-USDT";

/// The best price of a side of a depth line (`asks` or `buys`).
fn best(line: &Value, side: &str) -> Option<Decimal> {
    line["data"][side][0][0].as_str()?.parse().ok()
}

/// A printed line: one JSON object whose numbers are all integers (decimals travel as strings).
fn json_line(line: &str) -> Value {
    fn no_floats(v: &Value) -> bool {
        match v {
            Value::Number(n) => !n.is_f64(),
            Value::Array(items) => items.iter().all(no_floats),
            Value::Object(fields) => fields.values().all(no_floats),
            _ => true,
        }
    }
    let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
    assert!(v.is_object() && no_floats(&v), "{line}");
    v
}

#[test]
fn sim_flag_streams_a_moving_book_and_trades_and_exits_0_on_sigint() {
    let h = Harness::new("market-sim");
    let mut cmd = h.bare();
    // `--channel` repeated and comma-separated; an enum parameter in any case.
    cmd.args([
        "--sim",
        "stream",
        "market",
        "--channel",
        "depth",
        "--channel",
        "trades,kline",
    ])
    .args(["--interval", "1MIN", "--contract", C]);
    let (child, out, err) = start(cmd);
    expect_line(&err, "the driven simulator", |l| {
        l.starts_with("sim: listening on http://127.0.0.1:") && l.contains("random walk")
    });
    expect_line(&err, "subscription", |l| l.contains("subscribed"));

    // Every line is checked as it comes; the simulator's market driver makes the trades.
    let depth = json_line(&expect_line(&out, "a depth line", |l| {
        json_line(l)["kind"] == "depth"
    }));
    assert_eq!(depth["type"], "event", "{depth}");
    assert_eq!(depth["channel"], "market_e_btcusdt_depth_step0", "{depth}");
    assert!(best(&depth, "asks") > best(&depth, "buys"), "{depth}");
    let trade = json_line(&expect_line(&out, "a trade line", |l| {
        json_line(l)["kind"] == "trades"
    }));
    let printed = &trade["data"]["data"][0];
    assert!(decimal(&printed["price"]) > Decimal::ZERO, "{trade}");
    assert!(decimal(&printed["vol"]) >= Decimal::ONE, "{trade}");
    // The candle channel is named by the interval's wire value.
    let candle = json_line(&expect_line(&out, "a candle line", |l| {
        json_line(l)["kind"] == "kline"
    }));
    assert_eq!(candle["channel"], "market_e_btcusdt_kline_1min", "{candle}");
    assert!(
        decimal(&candle["data"]["close"]) > Decimal::ZERO,
        "{candle}"
    );

    signal(&child, "INT");
    let run = wait(child, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{run:?}");
    for line in out.try_iter() {
        json_line(&line);
    }
}

#[test]
fn stream_market_prints_the_book_a_trade_and_a_gap_and_exits_0_on_sigterm() {
    let h = Harness::new("market");
    let sim = h.sim();
    // Levels inside the simulator's spread, so the book the stream shows is the one set here.
    sim.add_liquidity(C, Side::Buy, dec!(29995.5), dec!(2))
        .expect("a bid");
    sim.add_liquidity_as(sim.api_key(), C, Side::Sell, dec!(30004.5), dec!(3))
        .expect("a resting ask of the stream's account");
    let book = h.run(&["depth", C, "--limit", "1"]).json();
    let (bid, ask) = (decimal(&book["bids"][0][0]), decimal(&book["asks"][0][0]));
    assert_eq!((bid, ask), (dec!(29995.5), dec!(30004.5)), "{book}");

    let mut cmd = h.contango();
    cmd.args([
        "stream",
        "market",
        "--channel",
        "depth,trades",
        "--contract",
        C,
    ]);
    let (child, out, err) = start(cmd);
    expect_line(&err, "subscription", |l| l.contains("subscribed"));

    let depth = expect_line(&out, "a depth line with the simulator's best prices", |l| {
        let v = json_line(l);
        v["kind"] == "depth" && best(&v, "buys") == Some(bid) && best(&v, "asks") == Some(ask)
    });
    let depth = json_line(&depth);
    assert_eq!(depth["type"], "event", "{depth}");
    assert_eq!(depth["channel"], "market_e_btcusdt_depth_step0", "{depth}");
    // Decimals as strings with their exact text, never floats.
    assert_eq!(depth["data"]["asks"][0][1], "3", "{depth}");

    // Another account crosses the resting ask.
    let taker = taker(sim);
    h.rt.block_on(
        taker
            .new_order(order(Side::Buy, OrderType::Market, dec!(0)))
            .send(),
    )
    .expect("the taker's order");
    let trade = expect_line(&out, "a trade line", |l| {
        let v = json_line(l);
        v["kind"] == "trades"
            && v["data"]["data"]
                .as_array()
                .is_some_and(|t| t.iter().any(|t| t["price"] == "30004.5"))
    });
    let trade = json_line(&trade);
    assert_eq!(trade["channel"], "market_e_btcusdt_trade_ticker", "{trade}");
    let printed = trade["data"]["data"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["price"] == "30004.5"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(decimal(&printed["vol"]), dec!(3), "{trade}");

    // The server drops the connection: the stream reconnects and says which channels it lost.
    sim.close_market_streams();
    let gap = json_line(&expect_line(&out, "gap after the reconnect", |l| {
        json_line(l)["type"] == "gap"
    }));
    let channels: Vec<&str> = gap["channels"]
        .as_array()
        .map(|c| c.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(
        channels.contains(&"market_e_btcusdt_depth_step0")
            && channels.contains(&"market_e_btcusdt_trade_ticker"),
        "{gap}"
    );

    signal(&child, "TERM");
    let run = wait(child, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{run:?}");
}

#[test]
fn bad_channels_parameters_and_contracts_are_refused_before_connecting() {
    let h = Harness::new("market-refused");
    let cases: [(&[&str], &str); 5] = [
        (
            &["--channel", "depth", "--contract", C, "--step", "10"],
            "invalid argument `step`: must be at most 9, got 10",
        ),
        (
            &["--channel", "kline", "--contract", C],
            "channel `kline` needs --interval",
        ),
        (
            &["--channel", "depth,candles", "--contract", C],
            "invalid value 'candles' for '--channel <CHANNEL>'",
        ),
        (
            &["--channel", "depth", "--contract", ""],
            "invalid argument `symbol`: must not be empty",
        ),
        (
            &["--channel", "trades", "--contract", C, "--step", "3"],
            "--step applies to channel depth, which is not among --channel",
        ),
    ];
    for (args, says) in cases {
        let run = h.run(&[&["stream", "market"][..], args].concat());
        assert_eq!(run.code, Some(2), "{args:?}: {run:?}");
        assert!(run.stderr.contains(says), "{args:?}: {run:?}");
        assert!(run.stdout.is_empty(), "{args:?}: {run:?}");
    }
    assert_eq!(h.sim().market_connections_opened(), 0, "nothing was sent");
}

/// `--sim --market-from FILE`: the simulator's market is the recording's (here the exchange's
/// own depth frame, as a probe recorded it), not the synthetic one; `--pace` is checked first.
#[test]
fn the_simulator_follows_a_recorded_market() {
    let h = Harness::new("market-from");
    let fixture = format!(
        "{}/../../shared/fixtures/real-world/probe_ws_market_depth_frame.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let frame = std::fs::read_to_string(&fixture).unwrap_or_else(|e| panic!("{fixture}: {e}"));
    let line = |v: Value| serde_json::to_string(&v).expect("json");
    let recording = [
        line(serde_json::json!({"contango_recording": 1, "started_ms": 1, "client": "test"})),
        line(serde_json::json!({"at": 1, "kind": "connect", "conn": 1, "stream": "market", "url": "ws://exchange/kline-api/ws"})),
        line(serde_json::json!({"at": 2, "kind": "frame", "conn": 1, "dir": "in", "binary": true, "gzip": true, "text": frame.trim()})),
    ]
    .join("\n");
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("market-from.jsonl");
    std::fs::write(&path, recording + "\n").expect("recording");
    let path = path.to_str().expect("a path");
    let mut cmd = h.bare();
    cmd.args([
        "--sim",
        "--market-from",
        path,
        "--pace",
        "fast",
        "depth",
        C,
        "--limit",
        "2",
        "-o",
        "json",
    ]);
    let run = crate::support::finish(cmd);
    assert_eq!(run.code, Some(0), "{run:?}");
    let book: Value = serde_json::from_str(&run.stdout).expect("json");
    assert_eq!(decimal(&book["asks"][0][0]), dec!(86526), "{book}");
    assert_eq!(decimal(&book["asks"][0][1]), dec!(61555), "{book}");
    assert_eq!(decimal(&book["bids"][0][0]), dec!(86525.9), "{book}");
    assert!(run.stderr.contains("following"), "{run:?}");
    let mut cmd = h.bare();
    cmd.args(["--sim", "--market-from", path, "--pace", "soon", "depth", C]);
    let refused = crate::support::finish(cmd);
    assert_eq!(refused.code, Some(2), "{refused:?}");
    assert!(refused.stderr.contains("not a pace"), "{refused:?}");
}
