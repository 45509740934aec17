//! `contango stream user` prints a fill as a JSON line, a gap after a dropped connection as a
//! line of its own, and, on SIGTERM, closes its listen key and exits 0.

use std::time::Duration;

use contango::{Client, Credentials, OrderType, Side};
use rust_decimal_macros::dec;
use serde_json::Value;

use crate::support::{Harness, decimal, expect_line, order, signal, start, taker, wait};

#[test]
fn stream_user_prints_a_fill_and_a_gap_and_closes_the_listen_key_on_sigterm() {
    let h = Harness::new("stream");
    let mut cmd = h.contango();
    cmd.args(["stream", "user"]);
    let (child, out, err) = start(cmd);
    expect_line(&err, "subscription", |l| l.contains("subscribed"));

    // A resting order of the stream's account, filled by another account's MARKET order.
    let sim = h.sim();
    let maker = Client::builder()
        .base_url(sim.rest_url())
        .credentials(Credentials::new(sim.api_key(), sim.secret()))
        .build()
        .expect("a client");
    let taker = taker(sim);
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

    signal(&child, "TERM");
    let run = wait(child, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{run:?}");
    let closes = sim
        .received()
        .into_iter()
        .filter(|r| r.method == "DELETE" && r.path.contains("/listenKey/"))
        .count();
    assert_eq!(closes, 1, "the listen key is closed once");
}
