//! A driven backtest: a recorded market served as a venue that moves only when told, traded on
//! between steps through the exchange's API, as an agent or any HTTP client rehearses
//! (docs/backtests.md, A driven backtest).
//!
//! `cargo run --example driven [RECORDING]`
//!
//! Without a recording it first records two seconds of the simulator's own driven market. Then
//! it serves the recording driven, with 30 ms of order entry and 20 ms of response latency:
//! steps into the market, buys, steps a second (the order's latency moves the venue by itself),
//! sells to close, steps to the end over `POST /__sim/step`, and prints each step's fills and the
//! report's summary from `GET /__sim/report`. The same as `contango-sim --market-from FILE
//! --driven --latency order_entry=30ms,response=20ms`. Exit 0 when both orders filled.

use std::path::PathBuf;
use std::time::Duration;

use contango::{Client, NewOrder, Open, OrderType, PositionType, Side};
use contango_research::Backtest;
use contango_sim::{Delay, Latency, MarketDriver, Sim};
use rust_decimal::Decimal;
use serde_json::{Value, json};

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const BTC: &str = "E-BTC-USDT";

/// Records `seconds` of a random-walk market with trades to `path`.
async fn record(path: &std::path::Path, seconds: u64) -> Result {
    let driver = MarketDriver::random_walk(7)
        .contracts([BTC])
        .step(Duration::from_millis(10))
        .trade_every(1);
    Sim::record_market(path, driver, &[BTC], Duration::from_secs(seconds)).await?;
    Ok(())
}

/// `POST /__sim/step` with `body`, as any HTTP client sends it: the step's answer.
async fn step(http: &reqwest::Client, url: &str, body: Value) -> Result<Value> {
    let answer = http
        .post(format!("{url}/__sim/step"))
        .body(body.to_string())
        .send()
        .await?
        .text()
        .await?;
    let answer: Value = serde_json::from_str(&answer)?;
    Ok(answer["data"].clone())
}

/// A market order of one contract: a BUY that opens the long, a SELL that closes it.
fn market(side: Side) -> NewOrder {
    let open = if side == Side::Buy {
        Open::Open
    } else {
        Open::Close
    };
    NewOrder {
        contract_name: BTC.into(),
        side,
        order_type: OrderType::Market,
        position_type: PositionType::Cross,
        open,
        volume: Decimal::ONE,
        amount: Decimal::ZERO,
        price: Decimal::ZERO,
    }
}

#[tokio::main]
async fn main() -> Result {
    let recording = match std::env::args().nth(1) {
        Some(path) => PathBuf::from(path),
        None => {
            let path = std::env::temp_dir().join("contango-driven-example.jsonl");
            println!(
                "recording 2 s of the simulator's market to {}",
                path.display()
            );
            record(&path, 2).await?;
            path
        }
    };
    let latency = Latency {
        order_entry: Delay::Constant(Duration::from_millis(30)),
        response: Delay::Constant(Duration::from_millis(20)),
        ..Latency::zero()
    };
    let venue = Backtest::from_file(&recording)?
        .latency(latency)
        .drive()
        .await?;
    let url = venue.rest_url().to_owned();
    println!("driven venue at {url}");
    let http = reqwest::Client::new();
    let client = Client::builder()
        .base_url(&url)
        .credentials(venue.credentials())
        .unpaced()
        .build()?;

    let first = step(&http, &url, json!({"frames": 10})).await?;
    let start = first["nowMs"].as_i64().unwrap_or_default();
    println!("stepped 10 frames: exchange time {start}");
    client.new_order(market(Side::Buy)).send().await?;
    let after = step(&http, &url, json!({"until_ms": start + 1_000})).await?;
    println!(
        "bought, stepped a second ({} frames): fills {}",
        after["frames"], after["fills"]
    );
    client.new_order(market(Side::Sell)).send().await?;
    let end = step(&http, &url, json!({"frames": u32::MAX})).await?;
    println!(
        "closed, stepped to the end ({} frames in all): fills {}",
        end["framesApplied"], end["fills"]
    );

    let report = http
        .get(format!("{url}/__sim/report"))
        .send()
        .await?
        .text()
        .await?;
    let report: Value = serde_json::from_str(&report)?;
    let report = &report["data"];
    println!(
        "report: {} fills, {} round trip, realized PnL {}, fees {}, latency {}",
        report["fills"].as_array().map_or(0, Vec::len),
        report["trades"].as_array().map_or(0, Vec::len),
        report["results"]["realized_pnl"],
        report["results"]["fees"],
        report["run"]["latency"]
    );
    let filled = report["fills"].as_array().map_or(0, Vec::len);
    venue.shutdown().await;
    if filled == 2 {
        Ok(())
    } else {
        Err(format!("expected both orders filled, got {filled} fills").into())
    }
}
