//! `contango stream user` prints a fill as a JSON line, a gap after a dropped connection as a
//! line of its own, and, on SIGTERM, closes its listen key and exits 0.

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use contango::{Client, Credentials, NewOrder, Open, OrderType, PositionType, Side};
use rust_decimal_macros::dec;
use serde_json::Value;

use crate::support::{Harness, decimal, wait};

const C: &str = "E-BTC-USDT";

/// Lines of a pipe, sent as they come.
fn lines(pipe: impl std::io::Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// The first line matching `want` within 30 seconds.
fn expect_line(rx: &mpsc::Receiver<String>, what: &str, want: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut seen = Vec::new();
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left) {
            Ok(line) if want(&line) => return line,
            Ok(line) => seen.push(line),
            Err(_) => break,
        }
    }
    panic!("no {what} within 30 s; saw {seen:#?}");
}

fn order(side: Side, order_type: OrderType, price: rust_decimal::Decimal) -> NewOrder {
    NewOrder {
        contract_name: C.into(),
        side,
        order_type,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: dec!(3),
        amount: dec!(0),
        price,
    }
}

#[test]
fn stream_user_prints_a_fill_and_a_gap_and_closes_the_listen_key_on_sigterm() {
    let h = Harness::new("stream");
    let mut child = h
        .contango()
        .args(["stream", "user"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run contango stream user");
    let out = lines(child.stdout.take().expect("stdout"));
    let err = lines(child.stderr.take().expect("stderr"));
    expect_line(&err, "subscription", |l| l.contains("subscribed"));

    // A resting order of the stream's account, filled by another account's MARKET order.
    let sim = h.sim();
    let maker = Client::builder()
        .base_url(sim.rest_url())
        .credentials(Credentials::new(sim.api_key(), sim.secret()))
        .build()
        .expect("a client");
    sim.add_account("taker", "taker-secret", &[("USDT", dec!(100000))], &[])
        .expect("a taker account");
    let taker = Client::builder()
        .base_url(sim.rest_url())
        .credentials(Credentials::new("taker", "taker-secret"))
        .build()
        .expect("a client");
    let resting =
        h.rt.block_on(
            maker
                .new_order(order(Side::Buy, OrderType::Limit, dec!(29995.5)))
                .send(),
        )
        .expect("a resting order");
    h.rt.block_on(
        taker
            .new_order(order(Side::Sell, OrderType::Market, dec!(0)))
            .send(),
    )
    .expect("the taker's order");

    let fill = expect_line(&out, "fill of the resting order", |l| {
        let v: Value = serde_json::from_str(l).unwrap_or_default();
        v["type"] == "event"
            && v["event"] == "ORDER_TRADE_UPDATE"
            && v["data"]["o"]["i"].as_i64() == Some(resting.order_id)
            && v["data"]["o"]["X"] == "FILLED"
    });
    let fill: Value = serde_json::from_str(&fill).unwrap_or_default();
    assert_eq!(decimal(&fill["data"]["o"]["L"]), dec!(29995.5), "{fill}");

    // The server drops the connection: the stream reconnects and says so, on a line of its own.
    sim.close_streams();
    let gap = expect_line(&out, "gap after the reconnect", |l| {
        l.contains("\"type\":\"gap\"")
    });
    let gap: Value = serde_json::from_str(&gap).unwrap_or_default();
    assert!(gap["from_ms"].as_i64() <= gap["to_ms"].as_i64(), "{gap}");

    let pid = child.id().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("run kill");
    assert!(killed.success());
    let run = wait(child, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{run:?}");
    let closes = sim
        .received()
        .into_iter()
        .filter(|r| r.method == "DELETE" && r.path.contains("/listenKey/"))
        .count();
    assert_eq!(closes, 1, "the listen key is closed once");
}
