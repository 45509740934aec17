//! Paper trading with a latency model (`SimConfig::latency`, `--latency`): a request reaches
//! the engine after its order-entry delay, its answer and private-stream events come back after
//! the response delay, and market-stream frames leave after the market-data delay. Lower bounds
//! only: each delay is a wait the simulator adds.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use contango::recording::Recording;
use contango::{
    Client, DepthChannel, Event, NewOrder, Open, OrderStatus, OrderType, PositionType, Side,
    StreamItem,
};
use contango_research::FitLatency as _;
use contango_sim::{Delay, Latency, MarketDriver, Sim};
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

/// A session recorded against a venue with a planted latency gives the planted legs back. The
/// venue's clock runs 1.5 s ahead of this machine's, so nothing comes out right unless the
/// client's clock sample puts the exchange's times on the local clock. Order entry and response
/// are planted equal: the venue delays its own clock endpoint with the same legs, and a clock
/// sample (the midpoint of a round trip) cannot tell a slow way there from a slow way back, so
/// unequal ones would move the split by half their difference. Cancel, planted apart, shows the
/// split itself: 100 ms there, 80 ms back. What the venue spends on a request besides the
/// planted wait (a few ms in a debug build) is latency too and is measured with it: the legs
/// are long enough for it to stay well under the 10 % allowed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_fitted_from_a_recorded_session_recovers_the_planted_legs() {
    let ms = Duration::from_millis;
    let planted = Latency {
        order_entry: Delay::Constant(ms(80)),
        cancel: Delay::Constant(ms(100)),
        response: Delay::Constant(ms(80)),
        market_data: Delay::Constant(ms(40)),
        seed: 1,
    };
    let sim = Sim::builder()
        .latency(planted.clone())
        .market_driver(MarketDriver::random_walk(5).contracts([BTC]).step(ms(20)))
        .start()
        .await
        .expect("sim");
    sim.set_clock_skew(1_500);
    let dir = std::env::temp_dir().join(format!("contango-latency-fit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join("session.jsonl");
    let client = Client::builder()
        .base_url(sim.rest_url())
        .credentials(sim.credentials())
        .record_session(&path)
        .build()
        .expect("a recording client");
    let mut user = client.user_stream().connect().await.expect("user stream");
    let mut market = client
        .market_stream()
        .subscribe(DepthChannel::new(BTC, 0))
        .connect()
        .await
        .expect("market stream");

    // Resting orders far under the market, each cancelled; then each cancellation's event.
    let mut ids = Vec::new();
    for _ in 0..6 {
        let id = client
            .new_order(NewOrder {
                contract_name: BTC.into(),
                side: Side::Buy,
                order_type: OrderType::Limit,
                position_type: PositionType::Cross,
                open: Open::Open,
                volume: Decimal::ONE,
                amount: Decimal::ZERO,
                price: Decimal::from(20_000),
            })
            .send()
            .await
            .expect("a resting order")
            .order_id;
        client
            .cancel_order(BTC)
            .order_id(id)
            .send()
            .await
            .expect("cancelled");
        ids.push(id);
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    let mut cancelled = 0;
    while cancelled < ids.len() {
        match tokio::time::timeout_at(deadline, user.recv()).await {
            Ok(Some(StreamItem::Event(Event::OrderTradeUpdate(u))))
                if ids.contains(&u.order.order_id) && u.order.status == OrderStatus::Cancelled =>
            {
                cancelled += 1;
            }
            Ok(Some(_)) => {}
            other => panic!("{cancelled} cancellations seen, then {other:?}"),
        }
    }
    // Every market frame due has arrived by now.
    while tokio::time::timeout(ms(1), market.recv()).await.is_ok() {}
    user.shutdown().await.expect("the listen key closed");
    market.shutdown().await;
    client.flush_recording().await.expect("flushed");
    sim.shutdown().await;

    let recording = Recording::from_file(&path).expect("the recording");
    let fitted = Latency::fitted(&recording).expect("a model");
    // Streamed from the file, the recording not read whole: the same model.
    let streamed = Latency::fitted_from_path(&path);
    let served = serve_fitted(&path);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(streamed.as_ref(), Ok(&fitted));
    assert_eq!(
        served,
        Some(format!(
            "  latency       : {fitted}, fitted from {}",
            path.display()
        ))
    );
    assert!(!fitted.cancel_from_order_entry, "{fitted}");
    let l = &fitted.latency;
    let legs = [
        ("order entry", &l.order_entry, &planted.order_entry),
        ("cancel", &l.cancel, &planted.cancel),
        ("response", &l.response, &planted.response),
        ("market data", &l.market_data, &planted.market_data),
    ];
    for (name, fitted_leg, planted_leg) in legs {
        let Delay::Empirical(samples) = fitted_leg else {
            panic!("{name}: {fitted_leg}");
        };
        // The median: the middle one of the sorted samples (Delay::median).
        let (median, planted) = (fitted_leg.median(), planted_leg.median());
        assert!(samples.len() >= 6, "{name}: {fitted_leg}");
        assert!(
            median.abs_diff(planted) <= planted / 10,
            "{name}: planted {planted:?}, fitted median {median:?} ({fitted})"
        );
    }
}

/// `contango-sim --latency-from FILE` started: the latency line it prints (then stopped).
fn serve_fitted(file: &std::path::Path) -> Option<String> {
    use std::io::BufRead as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_contango-sim"))
        .arg("--latency-from")
        .arg(file)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("contango-sim runs");
    // Printed before it serves; a start that fails ends the output, so this never waits long.
    let line = child.stdout.take().and_then(|out| {
        std::io::BufReader::new(out)
            .lines()
            .map_while(Result::ok)
            .find(|l| l.starts_with("  latency") || l.starts_with("Ctrl-C"))
    });
    let _ = child.kill();
    let _ = child.wait();
    line
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
