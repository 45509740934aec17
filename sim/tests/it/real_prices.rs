//! Real prices: the simulator following a market source, over real sockets. The source is a
//! market server written for the tests (`market_server`), speaking the exchange's wire format;
//! each test scripts its book and trades and checks the fill rules of docs/design.md, Real
//! prices, through the SDK.

use std::time::Duration;

use contango::{
    Client, DepthChannel, MarketEvent, MarketItem, NewOrder, Open, OrderType, PositionType, Side,
};
use contango_sim::exchange::book::source::Rule;
use contango_sim::{AdminAccess, MarketSource, Sim, SourceHealth};
use rust_decimal::Decimal;
use tokio::time::{Instant, sleep};

use crate::market_server::{Levels, MarketServer};

const BTC: &str = "E-BTC-USDT";

fn d(s: &str) -> Decimal {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn asks() -> Levels {
    vec![("30010", "100"), ("30020", "50"), ("30030", "200")]
}

fn bids() -> Levels {
    vec![("29990", "100"), ("29980", "60")]
}

/// Polls `cond` every 10 ms for up to 10 s.
async fn until(what: &str, mut cond: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !cond() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        sleep(Duration::from_millis(10)).await;
    }
}

/// A market server with the test book, and a simulator whose BTC that source drives, live.
async fn sourced() -> (MarketServer, Sim, Client) {
    let market = MarketServer::start().await;
    market.depth(asks(), bids(), 1);
    let sim = Sim::builder()
        .market_source(MarketSource::live(market.url()))
        .source_contracts([BTC])
        .start()
        .await
        .expect("simulator");
    until("the source's first book", || {
        sim.source_health(BTC) == Some(SourceHealth::Live)
    })
    .await;
    let client = sim.client().expect("client");
    (market, sim, client)
}

fn order(side: Side, kind: OrderType, volume: &str, price: &str) -> NewOrder {
    NewOrder {
        contract_name: BTC.into(),
        side,
        order_type: kind,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: d(volume),
        amount: Decimal::ZERO,
        price: d(price),
    }
}

/// The fills of `order` so far: `(price, volume, rule)`.
fn fills_of(sim: &Sim, order: i64) -> Vec<(Decimal, Decimal, Rule)> {
    sim.fills()
        .into_iter()
        .filter(|f| f.order_id == order)
        .map(|f| (f.price, f.volume, f.rule))
        .collect()
}

fn filled(sim: &Sim, order: i64) -> Decimal {
    fills_of(sim, order).iter().map(|f| f.1).sum()
}

async fn asks_of(c: &Client) -> Vec<(Decimal, Decimal)> {
    let book = c.depth(BTC).limit(10).send().await.expect("depth");
    book.asks.iter().map(|l| (l.price, l.quantity)).collect()
}

#[tokio::test]
async fn the_simulators_depth_and_market_stream_are_the_sources_book() {
    let (market, sim, c) = sourced().await;
    let book = c.depth(BTC).limit(10).send().await.expect("depth");
    let levels = |v: &[contango::PriceLevel]| -> Vec<(Decimal, Decimal)> {
        v.iter().map(|l| (l.price, l.quantity)).collect()
    };
    let want =
        |l: Levels| -> Vec<(Decimal, Decimal)> { l.iter().map(|(p, s)| (d(p), d(s))).collect() };
    assert_eq!(levels(&book.asks), want(asks()));
    assert_eq!(levels(&book.bids), want(bids()));
    // Its own market stream serves the same book.
    let mut stream = c
        .market_stream()
        .url(sim.market_ws_url())
        .subscribe(DepthChannel::new(BTC, 0))
        .connect()
        .await
        .expect("market stream");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        assert!(Instant::now() < deadline, "no depth frame");
        if let Ok(Some(MarketItem::Event(MarketEvent::Depth(depth)))) =
            tokio::time::timeout(Duration::from_secs(5), stream.recv()).await
        {
            assert_eq!(levels(&depth.tick.asks), want(asks()));
            assert_eq!(levels(&depth.tick.buys), want(bids()));
            break;
        }
    }
    // The mark price is the mid.
    assert_eq!(sim.mark_price(BTC), Some(d("30000")));
    stream.shutdown().await;
    sim.shutdown().await;
    market.stop();
}

#[tokio::test]
async fn a_market_order_walks_the_levels_and_what_it_took_stays_taken_until_the_level_changes() {
    let (market, sim, c) = sourced().await;
    let id = c
        .new_order(order(Side::Buy, OrderType::Market, "120", "30010"))
        .send()
        .await
        .expect("market order")
        .order_id;
    assert_eq!(
        fills_of(&sim, id),
        vec![
            (d("30010"), d("100"), Rule::BookWalk),
            (d("30020"), d("20"), Rule::BookWalk)
        ]
    );
    let q = c.query_order(BTC).order_id(id).send().await.expect("query");
    let avg = q[0].avg_price.expect("average");
    assert!(avg > d("30010") && avg < d("30020"), "{avg}");
    assert_eq!(
        asks_of(&c).await[..2],
        [(d("30020"), d("30")), (d("30030"), d("200"))]
    );
    // The source shows the 100 at 30010 again: the level did not change, so what we took
    // stays taken.
    market.depth(asks(), bids(), 2);
    sleep(Duration::from_millis(300)).await;
    assert_eq!(asks_of(&c).await[0], (d("30020"), d("30")));
    // A new level of 100 at 30005: taking 30 leaves 70, served until the source changes it.
    market.depth(vec![("30005", "100"), ("30010", "100")], bids(), 3);
    let deadline = Instant::now() + Duration::from_secs(10);
    while asks_of(&c).await[0] != (d("30005"), d("100")) {
        assert!(Instant::now() < deadline, "the new level did not come");
        sleep(Duration::from_millis(20)).await;
    }
    let id = c
        .new_order(order(Side::Buy, OrderType::Market, "30", "0"))
        .send()
        .await
        .expect("market order")
        .order_id;
    assert_eq!(
        fills_of(&sim, id),
        vec![(d("30005"), d("30"), Rule::BookWalk)]
    );
    assert_eq!(asks_of(&c).await[0], (d("30005"), d("70")));
    market.depth(vec![("30005", "100"), ("30010", "100")], bids(), 4);
    sleep(Duration::from_millis(300)).await;
    assert_eq!(
        asks_of(&c).await[0],
        (d("30005"), d("70")),
        "the level did not change"
    );
    market.depth(vec![("30005", "120"), ("30010", "100")], bids(), 5);
    let deadline = Instant::now() + Duration::from_secs(10);
    while asks_of(&c).await[0] != (d("30005"), d("120")) {
        assert!(
            Instant::now() < deadline,
            "the changed level did not come back whole"
        );
        sleep(Duration::from_millis(20)).await;
    }
    sim.shutdown().await;
    market.stop();
}

#[tokio::test]
async fn the_queue_ahead_is_eaten_by_trades_at_the_price_then_fills() {
    let (market, sim, c) = sourced().await;
    // 100 are displayed at 29990 when our bid of 50 joins them.
    let id = c
        .new_order(order(Side::Buy, OrderType::Limit, "50", "29990"))
        .send()
        .await
        .expect("bid")
        .order_id;
    market.trade("SELL", "29990", "80", 10);
    sleep(Duration::from_millis(200)).await;
    assert_eq!(filled(&sim, id), Decimal::ZERO, "80 of the 100 ahead");
    market.trade("SELL", "29990", "30", 11);
    until("the first fill", || filled(&sim, id) == d("10")).await;
    assert_eq!(fills_of(&sim, id)[0].2, Rule::QueueCleared);
    market.trade("SELL", "29990", "50", 12);
    until("the rest", || filled(&sim, id) == d("50")).await;
    assert_eq!(
        fills_of(&sim, id)[1],
        (d("29990"), d("40"), Rule::QueueCleared)
    );
    sim.shutdown().await;
    market.stop();
}

#[tokio::test]
async fn one_trade_fills_resting_orders_at_their_price_and_no_more_than_its_size() {
    let (market, sim, c) = sourced().await;
    // Two bids at 29995 (nothing displayed there: nothing ahead), one at 29993.
    let mut ids = Vec::new();
    for (volume, price) in [("30", "29995"), ("30", "29995"), ("5", "29993")] {
        ids.push(
            c.new_order(order(Side::Buy, OrderType::Limit, volume, price))
                .send()
                .await
                .expect("bid")
                .order_id,
        );
    }
    // A trade of 40 through them, at 29970: 40 in all, best price then oldest, each at its own
    // price.
    market.trade("SELL", "29970", "40", 10);
    until("the fills", || {
        ids.iter().map(|id| filled(&sim, *id)).sum::<Decimal>() == d("40")
    })
    .await;
    assert_eq!(
        fills_of(&sim, ids[0]),
        vec![(d("29995"), d("30"), Rule::TradeThrough)]
    );
    assert_eq!(
        fills_of(&sim, ids[1]),
        vec![(d("29995"), d("10"), Rule::TradeThrough)]
    );
    assert!(fills_of(&sim, ids[2]).is_empty());
    sleep(Duration::from_millis(200)).await;
    let total: Decimal = sim.fills().iter().map(|f| f.volume).sum();
    assert_eq!(total, d("40"), "never more than the trade");
    sim.shutdown().await;
    market.stop();
}

#[tokio::test]
async fn a_crossed_source_pauses_matching_and_a_dropped_one_comes_back() {
    let (market, sim, c) = sourced().await;
    let bid = c
        .new_order(order(Side::Buy, OrderType::Limit, "5", "29995"))
        .send()
        .await
        .expect("bid")
        .order_id;
    // The source's bid reaches its ask: degraded, nothing matches.
    market.depth(vec![("30010", "100")], vec![("30015", "10")], 5);
    until("degraded", || {
        matches!(sim.source_health(BTC), Some(SourceHealth::Degraded { .. }))
    })
    .await;
    let Some(SourceHealth::Degraded { reason }) = sim.source_health(BTC) else {
        panic!("not degraded");
    };
    assert!(reason.contains("crossed"), "{reason}");
    let id = c
        .new_order(order(Side::Buy, OrderType::Market, "1", "0"))
        .send()
        .await
        .expect("market order")
        .order_id;
    market.trade("SELL", "29900", "50", 6);
    sleep(Duration::from_millis(300)).await;
    assert!(sim.fills().is_empty(), "{:?}", sim.fills());
    let q = c.query_order(BTC).order_id(id).send().await.expect("query");
    assert_eq!(q[0].executed_qty, Some(Decimal::ZERO));
    // Dropped, then back: the book it sends on reconnecting is the simulator's again.
    market.depth(asks(), bids(), 7);
    until("live", || {
        sim.source_health(BTC) == Some(SourceHealth::Live)
    })
    .await;
    market.drop_connections();
    until("degraded by the disconnection", || {
        matches!(sim.source_health(BTC), Some(SourceHealth::Degraded { .. }))
    })
    .await;
    until("live again", || {
        sim.source_health(BTC) == Some(SourceHealth::Live)
    })
    .await;
    assert_eq!(asks_of(&c).await[0], (d("30010"), d("100")));
    market.trade("SELL", "29980", "5", 8);
    until("the resting bid filled", || filled(&sim, bid) == d("5")).await;
    sim.shutdown().await;
    market.stop();
}

#[tokio::test]
async fn stops_and_liquidations_run_on_the_source_prices() {
    let (market, sim, c) = sourced().await;
    c.new_order(order(Side::Buy, OrderType::Market, "2", "0"))
        .send()
        .await
        .expect("long");
    let stop = c
        .stop_loss(BTC, Side::Buy, PositionType::Cross, d("29950"))
        .send()
        .await
        .expect("stop")
        .order_id;
    // A trade of the source prints through the stop: it fires and sells into the source's bids.
    market.trade("SELL", "29940", "1", 20);
    until("the stop's fill", || filled(&sim, stop) == d("2")).await;
    assert_eq!(fills_of(&sim, stop)[0].2, Rule::BookWalk);
    // An isolated long of 2 (margin 6 USDT at 10x): the source's mid becomes the mark price,
    // and a fall to 27000 liquidates it.
    let mut isolated = order(Side::Buy, OrderType::Market, "2", "0");
    isolated.position_type = PositionType::Isolated;
    c.new_order(isolated).send().await.expect("isolated long");
    market.depth(vec![("29010", "100")], vec![("28990", "100")], 21);
    until("the mark at the new mid", || {
        sim.mark_price(BTC) == Some(d("29000"))
    })
    .await;
    market.depth(vec![("27010", "100")], vec![("26990", "100")], 22);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let forced = c
            .force_orders_history(BTC)
            .send()
            .await
            .expect("forced orders");
        if !forced.is_empty() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no liquidation at the source's mark"
        );
        sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(sim.mark_price(BTC), Some(d("27000")));
    sim.shutdown().await;
    market.stop();
}

/// The real frames a probe recorded from the exchange: the source's book takes the stream's
/// sizes as contracts (the unit of the REST depth and of orders), as their numbers show.
#[tokio::test]
async fn the_real_frames_sizes_are_contracts() {
    let fixture = |name: &str| {
        let path = format!(
            "{}/../../shared/fixtures/real-world/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let sim = Sim::builder()
        .market_source(MarketSource::Stepped)
        .source_contracts([BTC])
        .start()
        .await
        .expect("simulator");
    sim.apply_market_frame(&fixture("probe_ws_market_depth_frame.json"));
    let c = sim.client().expect("client");
    let book = c.depth(BTC).limit(3).send().await.expect("depth");
    assert_eq!(
        (book.asks[0].price, book.asks[0].quantity),
        (d("86526"), d("61555"))
    );
    assert_eq!(
        (book.bids[0].price, book.bids[0].quantity),
        (d("86525.9"), d("51720"))
    );
    // The trade frame's amount is price × vol: vol counts contracts (a notional needs the
    // multiplier, 0.001 BTC for E-BTC-USDT), not coins.
    let trade: serde_json::Value =
        serde_json::from_slice(&fixture("probe_ws_market_trade_frame.json")).expect("json");
    let t = &trade["tick"]["data"][0];
    let num = |v: &serde_json::Value| d(v.as_str().unwrap_or_default());
    assert_eq!(num(&t["price"]) * num(&t["vol"]), num(&t["amount"]));
    sim.apply_market_frame(&fixture("probe_ws_market_trade_frame.json"));
    assert_eq!(sim.last_price(BTC), Some(d("86525.9")));
    // The clock follows the frames' exchange time.
    assert_eq!(sim.now_ms(), 1_790_133_525_574);
    sim.shutdown().await;
}

/// A paper venue other bots reach keeps its admin routes to the admin key.
#[tokio::test]
async fn admin_routes_refuse_requests_without_the_admin_key_and_change_nothing() {
    let (key, secret) = ("sim-admin-test", "sim-admin-test-secret");
    let sim = Sim::builder()
        .admin(AdminAccess::Signed {
            api_key: key.into(),
            secret: secret.into(),
        })
        .start()
        .await
        .expect("simulator");
    let http = reqwest::Client::new();
    let path = "/__sim/mark_price";
    let body = r#"{"contractName":"E-BTC-USDT","price":"20000"}"#;
    let url = format!("{}{path}", sim.rest_url());
    let plain = http.post(&url).body(body).send().await.expect("answer");
    assert_eq!(plain.status().as_u16(), 401);
    let funded = contango::Credentials::new(sim.api_key(), sim.secret());
    for creds in [&funded, &contango::Credentials::new(key, "a wrong secret")] {
        let ts = sim.server_time_ms();
        let sig = creds.sign(ts, "POST", path, "", body.as_bytes());
        let r = http
            .post(&url)
            .header("X-CH-APIKEY", creds.api_key())
            .header("X-CH-TS", ts.to_string())
            .header("X-CH-SIGN", sig.to_string())
            .header("Content-Type", "application/json")
            .body(body)
            .send()
            .await
            .expect("answer");
        assert_eq!(r.status().as_u16(), 401, "{creds:?}");
    }
    assert_eq!(sim.mark_price(BTC), Some(d("30000")), "nothing changed");
    let admin = contango::Credentials::new(key, secret);
    let ts = sim.server_time_ms();
    let sig = admin.sign(ts, "POST", path, "", body.as_bytes());
    let r = http
        .post(&url)
        .header("X-CH-APIKEY", key)
        .header("X-CH-TS", ts.to_string())
        .header("X-CH-SIGN", sig.to_string())
        .header("Content-Type", "application/json")
        .body(body)
        .send()
        .await
        .expect("answer");
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(sim.mark_price(BTC), Some(d("20000")));
    sim.shutdown().await;
}
