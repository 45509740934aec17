//! `contango-sim --market-from FILE --driven`: the recording served as a backtest stepped over
//! its admin routes, traded on with the printed key between steps, the latency of the command
//! line moving it.

use std::ffi::OsStr;

use contango::{Client, NewOrder, Open, OrderType, PositionType, Side};
use rust_decimal::Decimal;
use serde_json::json;

use crate::restart::{admin, recording, spawn_logged};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_serves_a_driven_backtest_with_its_latency() {
    let path = recording(1_000).await;
    let log = path.with_extension("stderr");
    let args = [
        OsStr::new("--market-from"),
        path.as_os_str(),
        OsStr::new("--driven"),
        OsStr::new("--latency"),
        OsStr::new("order_entry=40ms"),
    ];
    let venue = spawn_logged(&args, &log);
    let http = reqwest::Client::new();
    let first = admin(&http, &venue.rest, "step", json!({"frames": 3})).await;
    let start = first["nowMs"].as_i64().expect("a time");
    let client = Client::builder()
        .base_url(&venue.rest)
        .credentials(venue.key.clone())
        .unpaced()
        .build()
        .expect("a client");
    let buy = NewOrder {
        contract_name: "E-BTC-USDT".into(),
        side: Side::Buy,
        order_type: OrderType::Market,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: Decimal::ONE,
        amount: Decimal::ZERO,
        price: Decimal::ZERO,
    };
    client.new_order(buy).send().await.expect("bought");
    let end = admin(&http, &venue.rest, "step", json!({"frames": 1_000_000})).await;
    assert_eq!(end["done"], true, "{end}");
    assert_eq!(end["fills"][0]["time_ms"], start + 40, "{end}");
    let report = admin(&http, &venue.rest, "report", serde_json::Value::Null).await;
    assert_eq!(
        report["fills"].as_array().map(Vec::len),
        Some(1),
        "{report}"
    );
    drop(venue);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&log);
}
