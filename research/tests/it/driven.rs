//! A driven backtest: a recorded market served as a venue that moves only when told, traded
//! on through the exchange's API between steps, with latency on, over real sockets.

use std::time::Duration;

use contango::{Client, Side};
use contango_research::Backtest;
use contango_sim::{Delay, Latency};
use serde_json::{Value, json};

use crate::backtest::{market_order, recorded};

/// `POST /__sim/step` with `body`: the step's answer.
async fn step(http: &reqwest::Client, url: &str, body: Value) -> Value {
    let answer: Value = http
        .post(format!("{url}/__sim/step"))
        .json(&body)
        .send()
        .await
        .expect("stepped")
        .json()
        .await
        .expect("JSON");
    answer["data"].clone()
}

/// One rehearsal: a step into the market, a market buy, a step of half a second (the order's
/// 30 ms and its answer's 20 ms move the venue by themselves), a market sell, a step to the
/// end (at once, or `in_parts` of at most 7 frames toward a time past the end); the report by
/// the route.
async fn rehearse(path: &std::path::Path, in_parts: bool) -> (Value, Vec<Value>) {
    let latency = Latency {
        order_entry: Delay::Constant(Duration::from_millis(30)),
        response: Delay::Constant(Duration::from_millis(20)),
        ..Latency::zero()
    };
    let venue = Backtest::from_file(path)
        .expect("the recording")
        .latency(latency)
        .drive()
        .await
        .expect("a driven venue");
    let url = venue.rest_url().to_owned();
    let http = reqwest::Client::new();
    let client = Client::builder()
        .base_url(&url)
        .credentials(venue.credentials())
        .unpaced()
        .build()
        .expect("a client");
    let mut steps = Vec::new();
    let first = step(&http, &url, json!({"frames": 5})).await;
    assert_eq!(first["frames"], 5, "{first}");
    let start = first["nowMs"].as_i64().expect("a time");
    // Before the end there is no report yet.
    let early = http
        .get(format!("{url}/__sim/report"))
        .send()
        .await
        .expect("answered");
    assert_eq!(early.status(), 409);
    let early = http
        .get(format!("{url}/__sim/tearsheet"))
        .send()
        .await
        .expect("answered");
    assert_eq!(early.status(), 409);

    client
        .new_order(market_order(Side::Buy))
        .send()
        .await
        .expect("bought");
    let after = step(&http, &url, json!({"until_ms": start + 500})).await;
    assert!(
        after["nowMs"].as_i64().is_some_and(|t| t >= start + 500),
        "{after}"
    );
    assert_eq!(
        after["fills"].as_array().map(Vec::len),
        Some(1),
        "the buy filled: {after}"
    );
    // At its arrival: the client's time plus the order-entry delay, the market moved on by
    // the frames of those 30 ms.
    assert_eq!(after["fills"][0]["time_ms"], start + 30, "{after}");
    steps.push(after);
    client
        .new_order(market_order(Side::Sell))
        .send()
        .await
        .expect("sold");
    let end = if in_parts {
        let mut parts = 0;
        loop {
            let part = step(
                &http,
                &url,
                json!({"until_ms": i64::MAX / 1_000, "frames": 7}),
            )
            .await;
            assert!(part["frames"].as_u64().is_some_and(|n| n <= 7), "{part}");
            parts += 1;
            if part["done"] == true {
                assert!(parts > 2, "the end took {parts} parts");
                break part;
            }
        }
    } else {
        step(&http, &url, json!({"frames": 1_000_000})).await
    };
    assert_eq!(end["done"], true, "{end}");
    steps.push(end);
    let report: Value = http
        .get(format!("{url}/__sim/report"))
        .send()
        .await
        .expect("answered")
        .json()
        .await
        .expect("JSON");
    let report = report["data"].clone();
    assert_eq!(
        venue.report().await.expect("the report"),
        report,
        "the route's report is the venue's"
    );
    let page = http
        .get(format!("{url}/__sim/tearsheet"))
        .send()
        .await
        .expect("answered");
    assert_eq!(page.headers()["content-type"], "text/html; charset=utf-8");
    let page = page.text().await.expect("the page");
    assert!(page.starts_with("<!DOCTYPE html>"), "{page:.200}");
    assert_eq!(venue.tearsheet().await.expect("the tearsheet"), page);
    venue.shutdown().await;
    (report, steps)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_driven_rehearsal_trades_between_steps_and_reports_the_same_twice() {
    // A length no other test records: the file is named by it, and tests run at once.
    let path = recorded(1_200).await;
    let (report, steps) = rehearse(&path, false).await;
    let fills = report["fills"].as_array().map(Vec::len);
    assert_eq!(fills, Some(2), "{report}");
    assert_eq!(
        report["run"]["latency"],
        "order entry 30 ms, cancel 0 ms, response 20 ms, market data 0 ms"
    );
    let (again, steps_again) = rehearse(&path, false).await;
    assert_eq!(again, report, "the same inputs give the same report");
    assert_eq!(steps_again, steps);
    let (in_parts, _) = rehearse(&path, true).await;
    assert_eq!(
        in_parts, report,
        "a step taken in parts moves the market as one does"
    );
    let _ = std::fs::remove_file(&path);
}
