//! Paper trading with a latency model (`SimConfig::latency`, `--latency`): a request reaches
//! the engine after its order-entry delay, its answer and private-stream events come back after
//! the response delay, and market-stream frames leave after the market-data delay. Lower bounds
//! only: each delay is a wait the simulator adds.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use contango::{Event, NewOrder, Open, OrderStatus, OrderType, PositionType, Side};
use contango_sim::{Latency, Sim};
use rust_decimal::Decimal;

use crate::support::{self, next_frame, send};

const BTC: &str = "E-BTC-USDT";

fn wall_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_latency_model_delays_the_engine_the_answer_the_fill_and_market_frames() {
    let latency: Latency = "order_entry=80ms,response=50ms,market_data=120ms"
        .parse()
        .expect("a latency");
    let sim = Sim::builder()
        .latency(latency)
        .market_gzip_frames(false)
        .start()
        .await
        .expect("sim");
    let client = sim.client().expect("client");
    let key = client
        .create_listen_key()
        .send()
        .await
        .expect("a listen key")
        .listen_key;
    let mut private =
        support::connect(sim.addr(), &format!("{}?listenKey={key}", sim.ws_url())).await;
    send(
        &mut private,
        r#"{"event":"sub","params":{"channel":"user_account_update"}}"#,
    )
    .await;
    let mut market = support::connect(sim.addr(), sim.market_ws_url()).await;
    send(
        &mut market,
        r#"{"event":"sub","params":{"channel":"market_e_btcusdt_trade_ticker","cb_id":"t"}}"#,
    )
    .await;
    // The subscriptions' acknowledgements, and nothing else pending.
    while next_frame(&mut private, Duration::from_millis(300))
        .await
        .is_some()
    {}
    while next_frame(&mut market, Duration::from_millis(300))
        .await
        .is_some()
    {}

    let sent = Instant::now();
    let sent_ms = wall_ms();
    let ack = client
        .new_order(NewOrder {
            contract_name: BTC.into(),
            side: Side::Buy,
            order_type: OrderType::Market,
            position_type: PositionType::Cross,
            open: Open::Open,
            volume: Decimal::from(2),
            amount: Decimal::ZERO,
            price: Decimal::ZERO,
        })
        .send()
        .await
        .expect("a market order against the seed book");
    let answered = sent.elapsed();
    assert!(
        answered >= Duration::from_millis(130),
        "answered after {answered:?}: order entry 80 ms and response 50 ms at least"
    );

    // The fill on the private stream: stamped when the engine took the order (order entry
    // after the send), sent a response delay after that.
    let mut filled = None;
    for _ in 0..20 {
        let Some(frame) = next_frame(&mut private, Duration::from_secs(3)).await else {
            break;
        };
        if let Ok(Event::OrderTradeUpdate(u)) = Event::decode(frame.text.as_bytes()) {
            if u.order.order_id == ack.order_id && u.order.status == OrderStatus::Filled {
                filled = Some((u.event_time.0, sent.elapsed()));
                break;
            }
        }
    }
    let Some((engine_ms, arrived)) = filled else {
        panic!("no fill event for order {}", ack.order_id);
    };
    assert!(
        engine_ms >= sent_ms + 80,
        "the engine took the order at {engine_ms}, sent at {sent_ms}: 80 ms of order entry"
    );
    assert!(
        arrived >= Duration::from_millis(130),
        "the fill arrived after {arrived:?}"
    );

    // The trade on the market stream: its frame leaves the market-data delay after it was made.
    let mut trade = None;
    for _ in 0..20 {
        let Some(frame) = next_frame(&mut market, Duration::from_secs(3)).await else {
            break;
        };
        if frame.json["channel"] == "market_e_btcusdt_trade_ticker" {
            trade = Some((frame.json["ts"].as_i64().unwrap_or(i64::MAX), wall_ms()));
            break;
        }
    }
    let Some((made_ms, received_ms)) = trade else {
        panic!("no trade frame");
    };
    assert!(
        received_ms - made_ms >= 120,
        "the trade frame made at {made_ms} arrived at {received_ms}: 120 ms of market data"
    );
    sim.shutdown().await;
}

#[test]
fn the_command_line_refuses_a_bad_latency_before_it_starts() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_contango-sim"))
        .args(["--latency", "order_entry=5"])
        .output()
        .expect("contango-sim runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("latency `order_entry=5`: `5` has no unit (us, ms or s)"),
        "{stderr}"
    );
}
