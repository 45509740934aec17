//! The market stream over real sockets: a raw tokio-tungstenite client against `/kline-api/ws`,
//! frames gunzipped and decoded with the generated `Market*` types.

use std::time::{Duration, Instant};

use contango::{
    Client, MarketDepth, MarketKline, MarketTicker, MarketTrade, MarketTrades, NewOrder, Open,
    OrderType, PositionType, Side,
};
use contango_sim::{ContractConfig, MarketDriver, Sim};
use futures_util::{SinkExt, StreamExt};
use rust_decimal::Decimal;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

use crate::support::{Ws, next_frame, send};

fn d(s: &str) -> Decimal {
    s.parse().unwrap_or_else(|e| panic!("decimal {s}: {e}"))
}

async fn connect(sim: &Sim) -> Ws {
    crate::support::connect(sim.addr(), sim.market_ws_url()).await
}

async fn sub(ws: &mut Ws, channel: &str) {
    send(
        ws,
        &format!(r#"{{"event":"sub","params":{{"channel":"{channel}","cb_id":"t"}}}}"#),
    )
    .await;
}

/// The next frame that is not a ping (pings are answered), within `wait`.
async fn next_data(ws: &mut Ws, wait: Duration) -> Option<Value> {
    let deadline = Instant::now() + wait;
    for _ in 0..10_000 {
        let left = deadline.checked_duration_since(Instant::now())?;
        let f = next_frame(ws, left).await?;
        if let Some(n) = f.json.get("ping") {
            send(ws, &format!(r#"{{"pong":{n}}}"#)).await;
            continue;
        }
        return Some(f.json);
    }
    None
}

/// The next push on `channel` (other frames skipped), within 5 s.
async fn next_on(ws: &mut Ws, channel: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(5);
    for _ in 0..10_000 {
        let left = deadline
            .checked_duration_since(Instant::now())
            .unwrap_or_default();
        let v = next_data(ws, left)
            .await
            .unwrap_or_else(|| panic!("no frame on {channel}"));
        if v["channel"] == channel {
            return v;
        }
        if std::env::var_os("MARKET_TEST_TRACE").is_some() {
            eprintln!("skipped {v}");
        }
    }
    panic!("no frame on {channel}");
}

/// Decodes through text: numbers keep their exact digits (a `Value` would hand out `f64`).
fn typed<T: serde::de::DeserializeOwned>(v: &Value) -> T {
    serde_json::from_str(&v.to_string()).expect("typed")
}

fn tick<T: serde::de::DeserializeOwned>(v: &Value) -> T {
    typed(&v["tick"])
}

fn order(side: Side, order_type: OrderType, open: Open, volume: &str, price: &str) -> NewOrder {
    NewOrder {
        contract_name: "E-BTC-USDT".into(),
        side,
        order_type,
        position_type: PositionType::Cross,
        open,
        volume: d(volume),
        amount: Decimal::ZERO,
        price: d(price),
    }
}

/// A simulator with fast market pings and an idle limit of `idle` intervals.
async fn fast_pings(idle: u32) -> Sim {
    Sim::builder()
        .market_ping_interval(Duration::from_millis(100))
        .market_idle_intervals(idle)
        .start()
        .await
        .expect("sim")
}

fn client(sim: &Sim) -> Client {
    sim.client().expect("client")
}

#[tokio::test]
async fn frames_are_gzip_pings_are_answered_and_a_silent_client_is_closed() {
    let sim = fast_pings(3).await;
    let mut alive = connect(&sim).await;
    let mut silent = connect(&sim).await;
    let started = Instant::now();
    // The silent one sends nothing: closed after 3 intervals.
    let silent_side = async {
        let mut frames = 0;
        while let Some(f) = next_frame(&mut silent, Duration::from_secs(5)).await {
            assert!(f.gzip, "every frame is gzip binary, pings included");
            assert!(f.json["ping"].is_i64());
            frames += 1;
            assert!(frames < 100);
        }
        started.elapsed()
    };
    // The other answers every ping and stays: many intervals later it still gets pings.
    let alive_side = async {
        for _ in 0..8 {
            let f = next_frame(&mut alive, Duration::from_secs(2))
                .await
                .expect("still open");
            assert!(f.gzip);
            let n = f.json["ping"].as_i64().expect("a ping");
            assert!((n - sim.now_ms() / 1000).abs() <= 2, "unix seconds");
            send(&mut alive, &format!(r#"{{"pong":{n}}}"#)).await;
        }
    };
    let (silent_for, ()) = tokio::join!(silent_side, alive_side);
    assert!(silent_for >= Duration::from_millis(300));
    assert_eq!(sim.market_connections(), 1);
    assert_eq!(sim.market_connections_opened(), 2);
    sim.shutdown().await;
}

#[tokio::test]
async fn a_depth_snapshot_comes_at_once_and_equals_rest_depth() {
    let sim = Sim::builder()
        .market_gzip_frames(false)
        .start()
        .await
        .expect("sim");
    let mut ws = connect(&sim).await;
    sub(&mut ws, "market_e_btcusdt_depth_step0").await;
    let v = next_data(&mut ws, Duration::from_secs(5))
        .await
        .expect("snapshot");
    let rest = client(&sim)
        .depth("E-BTC-USDT")
        .limit(30)
        .send()
        .await
        .expect("rest depth");
    assert_eq!(v["event_rep"], "");
    assert_eq!(v["status"], "ok");
    assert!(v["data"].is_null());
    assert!(v["ts"].as_i64().is_some_and(|t| t > 0));
    let depth: MarketDepth = tick(&v);
    assert_eq!(depth.asks, rest.asks);
    assert_eq!(depth.buys, rest.bids);
    assert_eq!(depth.asks.len(), 10);
    // Aggregated: prices to multiples of 0.1 × 10^3 = 100; asks up, bids down, volumes summed.
    sub(&mut ws, "market_e_btcusdt_depth_step3").await;
    let v = next_on(&mut ws, "market_e_btcusdt_depth_step3").await;
    let depth: MarketDepth = tick(&v);
    assert_eq!(depth.asks.len(), 1);
    assert_eq!(
        (depth.asks[0].price, depth.asks[0].quantity),
        (d("30100"), d("1000"))
    );
    assert_eq!(
        (depth.buys[0].price, depth.buys[0].quantity),
        (d("29900"), d("1000"))
    );
    // An empty book: no levels and ts 0.
    sub(&mut ws, "market_s_testusdt_depth_step0").await;
    let v = next_on(&mut ws, "market_s_testusdt_depth_step0").await;
    assert_eq!(v["tick"], serde_json::json!({"asks": [], "buys": []}));
    assert_eq!(v["ts"], 0);
    // A change is pushed as a new snapshot, again equal to REST.
    sim.add_liquidity("E-BTC-USDT", Side::Sell, d("30005"), d("7"))
        .expect("liquidity");
    let v = next_on(&mut ws, "market_e_btcusdt_depth_step0").await;
    let depth: MarketDepth = tick(&v);
    assert_eq!(
        (depth.asks[0].price, depth.asks[0].quantity),
        (d("30005"), d("7"))
    );
    let rest = client(&sim)
        .depth("E-BTC-USDT")
        .limit(30)
        .send()
        .await
        .expect("rest depth");
    assert_eq!(depth.asks, rest.asks);
    sim.shutdown().await;
}

#[tokio::test]
async fn trades_ticker_and_kline_follow_a_match() {
    let sim = Sim::start().await.expect("sim");
    let mut ws = connect(&sim).await;
    for ch in ["trade_ticker", "ticker", "kline_1min"] {
        sub(&mut ws, &format!("market_e_btcusdt_{ch}")).await;
    }
    // Snapshots of ticker and kline first (trade_ticker waits for a trade).
    let first: MarketTicker = tick(&next_on(&mut ws, "market_e_btcusdt_ticker").await);
    assert_eq!(first.close, Some(d("30000")));
    let c = client(&sim);
    c.new_order(order(Side::Buy, OrderType::Market, Open::Open, "150", "0"))
        .send()
        .await
        .expect("market buy");
    // After the match: the latest push of each channel (they come in one burst, in any order).
    let (mut trades, mut ticker, mut candle) = (None, None, None);
    for _ in 0..20 {
        let v = next_data(&mut ws, Duration::from_secs(5))
            .await
            .expect("pushes");
        match v["channel"].as_str() {
            Some("market_e_btcusdt_trade_ticker") => trades = Some(tick::<MarketTrades>(&v)),
            Some("market_e_btcusdt_ticker") => ticker = Some(tick::<MarketTicker>(&v)),
            Some("market_e_btcusdt_kline_1min") => candle = Some(tick::<MarketKline>(&v)),
            other => panic!("unexpected {other:?}"),
        }
        let traded = |k: &Option<MarketKline>| k.as_ref().is_some_and(|k| k.vol == Some(d("150")));
        if trades.is_some() && ticker.is_some() && traded(&candle) {
            break;
        }
    }
    let (trades, ticker, candle) = (
        trades.expect("trades"),
        ticker.expect("ticker"),
        candle.expect("kline"),
    );
    assert_eq!(trades.data.len(), 2, "one frame for the match's two trades");
    let mine = c.my_trades("E-BTC-USDT").send().await.expect("myTrades");
    let mut ids: Vec<i64> = mine.iter().map(|t| t.trade_id).collect();
    ids.sort_unstable();
    let pushed: Vec<Option<i64>> = trades.data.iter().map(|t| t.id).collect();
    assert_eq!(pushed, ids.iter().map(|i| Some(*i)).collect::<Vec<_>>());
    let prices: Vec<(Decimal, Decimal)> = trades.data.iter().map(|t| (t.price, t.vol)).collect();
    assert_eq!(prices, vec![(d("30010"), d("100")), (d("30020"), d("50"))]);
    assert!(
        trades
            .data
            .iter()
            .all(|t| t.side == Side::Buy && t.ts.is_some() && t.ds.is_some())
    );
    assert_eq!(trades.ts, trades.data.last().and_then(|t| t.ts));
    assert_eq!(
        (ticker.close, ticker.vol),
        (Some(d("30020")), Some(d("150")))
    );
    assert_eq!(
        (candle.open, candle.close, candle.vol),
        (Some(d("30010")), Some(d("30020")), Some(d("150")))
    );
    assert_eq!(candle.id.0 % 60, 0);
    sim.shutdown().await;
}

#[tokio::test]
async fn recent_trades_on_request() {
    let sim = Sim::start().await.expect("sim");
    let c = client(&sim);
    for _ in 0..3 {
        c.new_order(order(Side::Sell, OrderType::Market, Open::Open, "10", "0"))
            .send()
            .await
            .expect("market sell");
    }
    let mut ws = connect(&sim).await;
    send(&mut ws, r#"{"event":"req","params":{"channel":"market_e_btcusdt_trade_ticker","cb_id":"x1","top":2}}"#).await;
    let v = next_data(&mut ws, Duration::from_secs(5))
        .await
        .expect("answer");
    assert_eq!(
        (
            v["event_rep"].as_str(),
            v["cb_id"].as_str(),
            v["status"].as_str()
        ),
        (Some("rep"), Some("x1"), Some("ok"))
    );
    assert!(v["tick"].is_null());
    let data: Vec<MarketTrade> = typed(&v["data"]);
    let mine = c.my_trades("E-BTC-USDT").send().await.expect("myTrades");
    let mut ids: Vec<i64> = mine.iter().map(|t| t.trade_id).collect();
    ids.sort_unstable();
    assert_eq!(
        data.iter().map(|t| t.id).collect::<Vec<_>>(),
        vec![Some(ids[1]), Some(ids[2])]
    );
    assert!(data.iter().all(|t| t.side == Side::Sell));
    // Bad parameters: an error frame naming the request.
    send(&mut ws, r#"{"event":"req","params":{"channel":"market_e_btcusdt_trade_ticker","cb_id":7,"top":"many"}}"#).await;
    let v = next_data(&mut ws, Duration::from_secs(5))
        .await
        .expect("refusal");
    assert_eq!(
        (v["event_rep"].as_str(), v["status"].as_str()),
        (Some("req"), Some("error"))
    );
    assert_eq!(v["cb_id"], 7);
    assert!(v["msg"].as_str().is_some_and(|m| m.contains("top")));
    sim.shutdown().await;
}

#[tokio::test]
async fn kline_history_pages_back_without_holes_or_duplicates() {
    let sim = Sim::builder()
        .market_driver(
            MarketDriver::random_walk(3)
                .backfill(Duration::from_secs(3 * 3600))
                .trade_every(0),
        )
        .start()
        .await
        .expect("sim");
    let mut ws = connect(&sim).await;
    let mut ids: Vec<i64> = Vec::new();
    let mut end: Option<i64> = None;
    for page in 0..20 {
        let end_idx = end.map_or(String::new(), |e| format!(r#","endIdx":"{e}""#));
        send(&mut ws, &format!(r#"{{"event":"req","params":{{"channel":"market_e_btcusdt_kline_1min","cb_id":"p{page}","pageSize":50{end_idx}}}}}"#)).await;
        let v = next_data(&mut ws, Duration::from_secs(5))
            .await
            .expect("page");
        assert_eq!(v["cb_id"], format!("p{page}"));
        let candles: Vec<MarketKline> = typed(&v["data"]);
        if candles.is_empty() {
            break;
        }
        assert!(candles.len() <= 50);
        assert!(
            candles.windows(2).all(|w| w[0].id.0 < w[1].id.0),
            "oldest first"
        );
        let first = candles[0].id.0;
        let mut page_ids: Vec<i64> = candles.iter().map(|k| k.id.0).collect();
        page_ids.append(&mut ids);
        ids = page_ids;
        end = Some(first - 1);
    }
    // 3 hours of trades every 10 s: 180 minutes of candles, one per minute.
    assert!(ids.len() >= 180, "{} candles", ids.len());
    assert!(
        ids.windows(2).all(|w| w[1] - w[0] == 60),
        "no hole, no duplicate"
    );
    sim.shutdown().await;
}

fn extra_contract(symbol: &str, id: i64) -> ContractConfig {
    let mut c = contango_sim::config::default_contracts()
        .into_iter()
        .next()
        .expect("a default contract");
    c.symbol = symbol.into();
    c.contract_id = id;
    c
}

#[tokio::test]
async fn the_101st_subscription_is_refused() {
    let sim = Sim::builder()
        .contract(extra_contract("E-XRP-USDT", 11))
        .contract(extra_contract("E-SOL-USDT", 12))
        .market_gzip_frames(false)
        .start()
        .await
        .expect("sim");
    let mut channels = Vec::new();
    for sym in [
        "e_btcusdt",
        "e_ethusdt",
        "e_btcusd",
        "s_testusdt",
        "e_xrpusdt",
        "e_solusdt",
    ] {
        for step in 0..10 {
            channels.push(format!("market_{sym}_depth_step{step}"));
        }
        channels.push(format!("market_{sym}_trade_ticker"));
        channels.push(format!("market_{sym}_ticker"));
        for i in [
            "1min", "5min", "15min", "30min", "60min", "2h", "4h", "1day",
        ] {
            channels.push(format!("market_{sym}_kline_{i}"));
        }
    }
    let mut ws = connect(&sim).await;
    for ch in channels.iter().take(101) {
        sub(&mut ws, ch).await;
    }
    let refused = &channels[100];
    let mut snapshots = 0;
    let mut refusal = None;
    for _ in 0..200 {
        let Some(v) = next_data(&mut ws, Duration::from_secs(3)).await else {
            break;
        };
        if v["status"] == "error" {
            refusal = Some(v);
        } else {
            snapshots += 1;
        }
        if snapshots >= 95 && refusal.is_some() {
            break;
        }
    }
    let refusal = refusal.expect("an error frame");
    assert_eq!(refusal["event_rep"], "sub");
    assert_eq!(refusal["channel"].as_str(), Some(refused.as_str()));
    assert!(refusal["msg"].as_str().is_some_and(|m| m.contains("100")));
    // 100 subscriptions, 5 of them trade_ticker (no snapshot): 95 snapshots.
    assert_eq!(snapshots, 95);
    assert_eq!(sim.market_subscriptions(), 100);
    // Freeing one makes room.
    send(
        &mut ws,
        &format!(
            r#"{{"event":"unsub","params":{{"channel":"{}"}}}}"#,
            channels[0]
        ),
    )
    .await;
    sub(&mut ws, refused).await;
    let v = next_data(&mut ws, Duration::from_secs(3))
        .await
        .expect("snapshot");
    assert_eq!(v["channel"].as_str(), Some(refused.as_str()));
    assert_eq!(v["status"], "ok");
    // Unknown names are refused too; unparseable text and unknown events are ignored.
    send(&mut ws, "garbage {").await;
    send(&mut ws, r#"{"event":"dance","params":{}}"#).await;
    ws.send(Message::Binary(vec![0x1f, 0x8b, 0xff, 0x00].into()))
        .await
        .expect("send");
    sub(&mut ws, "market_e_dogeusdt_ticker").await;
    let v = next_data(&mut ws, Duration::from_secs(3))
        .await
        .expect("refusal");
    assert_eq!(
        (v["status"].as_str(), v["msg"].as_str()),
        (Some("error"), Some("unknown symbol `e_dogeusdt`"))
    );
    assert_eq!(v["cb_id"], "t");
    sim.shutdown().await;
}

#[tokio::test]
async fn unsub_stops_the_pushes() {
    let sim = Sim::start().await.expect("sim");
    let mut left = connect(&sim).await;
    let mut stays = connect(&sim).await;
    for ws in [&mut left, &mut stays] {
        sub(ws, "market_e_ethusdt_depth_step0").await;
        next_on(ws, "market_e_ethusdt_depth_step0").await;
    }
    assert_eq!(sim.market_subscriptions(), 2);
    send(
        &mut left,
        r#"{"event":"unsub","params":{"channel":"market_e_ethusdt_depth_step0"}}"#,
    )
    .await;
    // Let the unsub land before the book changes.
    for _ in 0..100 {
        if sim.market_subscriptions() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(sim.market_subscriptions(), 1);
    sim.add_liquidity("E-ETH-USDT", Side::Buy, d("1999.5"), d("3"))
        .expect("liquidity");
    let v = next_on(&mut stays, "market_e_ethusdt_depth_step0").await;
    let depth: MarketDepth = tick(&v);
    assert_eq!(depth.buys[0].price, d("1999.5"));
    assert!(
        next_data(&mut left, Duration::from_millis(500))
            .await
            .is_none()
    );
    sim.shutdown().await;
}

#[tokio::test]
async fn the_random_walk_moves_the_mark_requotes_and_prints_trades() {
    let sim = Sim::builder()
        .market_driver(
            MarketDriver::random_walk(42)
                .step(Duration::from_millis(20))
                .trade_every(1),
        )
        .market_coalesce(Duration::from_millis(20))
        .start()
        .await
        .expect("sim");
    let start = sim.mark_price("E-BTC-USDT").expect("mark");
    let mut ws = connect(&sim).await;
    sub(&mut ws, "market_e_btcusdt_depth_step0").await;
    sub(&mut ws, "market_e_btcusdt_trade_ticker").await;
    let mut trades = 0;
    let mut books = Vec::new();
    for _ in 0..400 {
        let v = next_data(&mut ws, Duration::from_secs(5))
            .await
            .expect("frames");
        if v["channel"] == "market_e_btcusdt_trade_ticker" {
            trades += tick::<MarketTrades>(&v).data.len();
        } else {
            books.push(tick::<MarketDepth>(&v));
        }
        if trades >= 3 && books.len() >= 5 {
            break;
        }
    }
    assert!(trades >= 3);
    let moved = sim.mark_price("E-BTC-USDT").expect("mark");
    assert_ne!(moved, start, "the mark price moved");
    // Re-quoted around the mark: the books differ, and each has asks above its bids.
    assert!(books.windows(2).any(|w| w[0] != w[1]));
    for b in &books {
        assert_eq!((b.asks.len(), b.buys.len()), (10, 10));
        assert!(b.asks[0].price > b.buys[0].price);
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn a_price_path_liquidates_an_under_margined_position() {
    let path = std::env::temp_dir().join(format!("contango-sim-path-{}.csv", std::process::id()));
    std::fs::write(&path, "time,price\n0,30000\n1500,25000\n").expect("path file");
    let sim = Sim::builder()
        .market_driver(MarketDriver::price_path_csv(&path).step(Duration::from_millis(50)))
        .start()
        .await
        .expect("sim");
    let c = client(&sim);
    let mut long = order(Side::Buy, OrderType::Market, Open::Open, "100", "0");
    long.position_type = PositionType::Isolated;
    c.new_order(long).send().await.expect("isolated long");
    let mut forced = Vec::new();
    for _ in 0..100 {
        forced = c
            .force_orders_history("E-BTC-USDT")
            .send()
            .await
            .expect("history");
        if !forced.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(forced.len(), 1, "liquidated");
    assert_eq!(forced[0].price, Some(d("25000")));
    assert_eq!(sim.mark_price("E-BTC-USDT"), Some(d("25000")));
    // The market maker quotes around the new price.
    let book = c.depth("E-BTC-USDT").limit(1).send().await.expect("depth");
    assert_eq!(book.asks[0].price, d("25010"));
    assert_eq!(book.bids[0].price, d("24990"));
    let _ = std::fs::remove_file(&path);
    sim.shutdown().await;
}

#[tokio::test]
async fn a_malformed_path_file_stops_the_start() {
    let path = std::env::temp_dir().join(format!("contango-sim-bad-{}.csv", std::process::id()));
    std::fs::write(&path, "0,30000\n10,oops\n").expect("path file");
    let err = Sim::builder()
        .market_driver(MarketDriver::price_path_csv(&path))
        .start()
        .await
        .expect_err("refused");
    assert!(err.to_string().contains("line 2"), "{err}");
    let _ = std::fs::remove_file(&path);
}

#[tokio::test]
async fn faults_close_silence_and_delay() {
    // Short pings, so a silence visibly holds them back; a generous idle limit, so delayed pings
    // (answered late) do not close the connection.
    let sim = fast_pings(20).await;
    // Close: the client sees a close frame, the counters follow.
    let mut ws = connect(&sim).await;
    sub(&mut ws, "market_e_btcusdt_ticker").await;
    next_on(&mut ws, "market_e_btcusdt_ticker").await;
    assert_eq!(
        (sim.market_connections(), sim.market_subscriptions()),
        (1, 1)
    );
    sim.close_market_streams();
    assert!(next_data(&mut ws, Duration::from_secs(3)).await.is_none());
    for _ in 0..100 {
        if sim.market_connections() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(
        (sim.market_connections(), sim.market_subscriptions()),
        (0, 0)
    );
    // Silence: nothing for the duration (pings included), the connection stays, then frames again.
    let mut ws = connect(&sim).await;
    assert!(
        next_frame(&mut ws, Duration::from_secs(2))
            .await
            .is_some_and(|f| f.json["ping"].is_i64())
    );
    sim.silence_market_streams(Duration::from_millis(800));
    let silenced = Instant::now();
    sub(&mut ws, "market_e_btcusdt_ticker").await;
    let v = next_data(&mut ws, Duration::from_secs(5))
        .await
        .expect("frames after the silence");
    assert!(
        silenced.elapsed() >= Duration::from_millis(700),
        "{:?}",
        silenced.elapsed()
    );
    assert_eq!(
        v["channel"], "market_e_btcusdt_ticker",
        "what fell due is sent after"
    );
    assert_eq!(sim.market_connections(), 1);
    // Delay: frames leave late, so their ts lags the receive time.
    sim.delay_market_frames(Duration::from_millis(400));
    let sent = Instant::now();
    sub(&mut ws, "market_e_btcusdt_kline_5min").await;
    let v = next_on(&mut ws, "market_e_btcusdt_kline_5min").await;
    assert!(sent.elapsed() >= Duration::from_millis(400));
    let lag = sim.now_ms() - v["ts"].as_i64().expect("ts");
    assert!(lag >= 350, "ts lags by {lag} ms");
    sim.delay_market_frames(Duration::ZERO);
    assert_eq!(sim.market_connections_opened(), 2);
    sim.shutdown().await;
}

#[tokio::test]
async fn connections_are_closed_at_their_maximum_age() {
    let sim = Sim::builder()
        .market_max_connection_age(Duration::from_millis(300))
        .start()
        .await
        .expect("sim");
    let mut ws = connect(&sim).await;
    let opened = Instant::now();
    let mut reason = None;
    for _ in 0..100 {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => {
                reason = frame.map(|f| f.reason.to_string());
                break;
            }
            Ok(Some(Ok(_))) => {}
            _ => break,
        }
    }
    assert_eq!(reason.as_deref(), Some("maximum connection age reached"));
    assert!(opened.elapsed() >= Duration::from_millis(300));
    sim.shutdown().await;
}
