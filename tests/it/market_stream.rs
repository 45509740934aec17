//! The market stream client against the simulator over real sockets: typed events of four channel
//! kinds on two contracts, depth equal to REST, trades equal to both sides' `myTrades`, heartbeats,
//! silence, reconnects with resubscription and a gap naming the channels, sharding past the
//! server's subscription limit, history requests, the book watcher, and the market driver.

use crate::sim_support;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use crate::sim_support::{client, d, order, second_account};
use contango::book::{BookItem, BookWatcher, StaleReason};
use contango::{
    DepthChannel, KlineChannel, MarketChannel, MarketEvent, MarketItem, MarketStream, OrderType,
    Side, StreamError, StreamKlineInterval, Subscription as _, TickerChannel, TradesChannel,
};
use contango_sim::{MarketDriver, Sim};
use rust_decimal::Decimal;

const BTC: &str = "E-BTC-USDT";
const ETH: &str = "E-ETH-USDT";
/// Bound of every wait on the stream.
const WAIT: Duration = Duration::from_secs(10);

/// A market stream of `sim` with test-sized timings.
fn builder(sim: &Sim) -> contango::MarketStreamBuilder<contango::MarketStreamApi> {
    client(sim)
        .market_stream()
        .connect_timeout(Duration::from_secs(2))
        .close_timeout(Duration::from_secs(1))
        .reconnect_backoff(Duration::from_millis(50), Duration::from_millis(400))
}

/// The next item within the wait.
async fn next(stream: &mut MarketStream) -> MarketItem {
    tokio::time::timeout(WAIT, stream.recv())
        .await
        .expect("an item within the wait")
        .expect("the stream runs")
}

/// Items until `found` returns a value (bounded in count and time).
async fn until<T>(stream: &mut MarketStream, mut found: impl FnMut(&MarketItem) -> Option<T>) -> T {
    let deadline = Instant::now() + WAIT;
    for _ in 0..100_000 {
        assert!(Instant::now() < deadline, "not found within {WAIT:?}");
        let item = next(stream).await;
        if let Some(v) = found(&item) {
            return v;
        }
    }
    panic!("not found within the item bound")
}

/// The simulator's live subscription count once it reaches `n`, or when the wait ends.
async fn subscriptions_reaching(sim: &Sim, n: usize) -> usize {
    let deadline = Instant::now() + WAIT;
    while sim.market_subscriptions() < n && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    sim.market_subscriptions()
}

fn four_kinds(contract: &str) -> [MarketChannel; 4] {
    [
        DepthChannel::new(contract, 0).into(),
        TradesChannel::new(contract).into(),
        TickerChannel::new(contract).into(),
        KlineChannel::new(contract, StreamKlineInterval::OneMinute).into(),
    ]
}

#[tokio::test]
async fn four_channel_kinds_on_two_contracts_with_depth_equal_to_rest_and_trades_to_my_trades() {
    let sim = Sim::start().await.expect("sim");
    let mut b = builder(&sim);
    for c in four_kinds(BTC).into_iter().chain(four_kinds(ETH)) {
        b = b.subscribe(c);
    }
    let mut stream = b.connect().await.expect("connect");
    assert_eq!(stream.connections(), 1);
    assert_eq!(stream.subscriptions().len(), 8);

    // On subscription the server sends every channel's current state: all eight arrive typed.
    let mut seen = BTreeSet::new();
    until(&mut stream, |item| {
        if let MarketItem::Event(e) = item {
            assert!(!matches!(e, MarketEvent::Other { .. }), "{e:?}");
            if !matches!(e, MarketEvent::Trades(_)) {
                seen.insert(e.channel_name());
            }
        }
        (seen.len() == 6).then_some(())
    })
    .await;

    // A resting ask at 30000 from a second account changes the book: the snapshot that shows it
    // equals /depth taken right after it (nothing else moves the book in between).
    let taker = second_account(&sim, "taker");
    let buyer = client(&sim);
    taker
        .new_order(order(
            BTC,
            Side::Sell,
            OrderType::Limit,
            contango::Open::Open,
            "3",
            "30000",
        ))
        .send()
        .await
        .expect("ask");
    let book = until(&mut stream, |item| match item {
        MarketItem::Event(MarketEvent::Depth(m))
            if m.channel == DepthChannel::new(BTC, 0)
                && m.tick.asks.first().map(|l| l.price) == Some(d("30000")) =>
        {
            Some(m.tick.clone())
        }
        _ => None,
    })
    .await;
    let rest = client(&sim)
        .depth(BTC)
        .limit(30)
        .send()
        .await
        .expect("depth");
    assert_eq!(book.asks, rest.asks);
    assert_eq!(book.buys, rest.bids);

    // The funded account buys those 3 at market: one trade, on the stream as on both sides'
    // myTrades, and in the ticker and the 1-minute candle (whichever frame comes first).
    buyer
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Market,
            contango::Open::Open,
            "3",
            "0",
        ))
        .send()
        .await
        .expect("buy");
    let mut printed = None;
    let (mut candle, mut ticker) = (false, false);
    until(&mut stream, |item| {
        match item {
            MarketItem::Event(MarketEvent::Trades(t)) if t.channel == TradesChannel::new(BTC) => {
                printed = Some(t.tick.data.clone());
            }
            MarketItem::Event(MarketEvent::Kline(k))
                if k.channel == KlineChannel::new(BTC, StreamKlineInterval::OneMinute) =>
            {
                candle = k.tick.vol == Some(d("3")) && k.tick.close == Some(d("30000"));
            }
            MarketItem::Event(MarketEvent::Ticker(t)) if t.channel == TickerChannel::new(BTC) => {
                ticker = t.tick.vol == Some(d("3")) && t.tick.close == Some(d("30000"));
            }
            _ => {}
        }
        (printed.is_some() && candle && ticker).then_some(())
    })
    .await;
    let printed = printed.expect("trades");
    assert_eq!(printed.len(), 1, "{printed:?}");
    let trade = &printed[0];
    assert_eq!(
        (trade.price, trade.vol, trade.side.clone()),
        (d("30000"), d("3"), Side::Buy)
    );
    for account in [&buyer, &taker] {
        let mine = account.my_trades(BTC).send().await.expect("myTrades");
        let same = mine
            .iter()
            .find(|m| Some(m.trade_id) == trade.id)
            .unwrap_or_else(|| panic!("trade {:?} in {mine:?}", trade.id));
        assert_eq!((same.price, same.qty), (Some(trade.price), Some(trade.vol)));
    }
    stream.shutdown().await;
    sim.shutdown().await;
}

#[tokio::test]
async fn heartbeats_keep_a_connection_and_silence_drops_it_with_one_gap_naming_its_channels() {
    let sim = Sim::builder()
        .market_ping_interval(Duration::from_millis(50))
        .start()
        .await
        .expect("sim");
    let channels = four_kinds(BTC);
    let mut b = builder(&sim).silence_timeout(Duration::from_millis(600));
    for c in channels.clone() {
        b = b.subscribe(c);
    }
    let mut stream = b.connect().await.expect("connect");
    // Over 30 ping intervals the connection stays: the client answers every ping.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        sim.market_connections_opened(),
        1,
        "no reconnect while pinged"
    );
    assert_eq!(sim.market_connections(), 1);

    // A silent server (no frames, no pings) is dropped, reconnected and resubscribed.
    sim.silence_market_streams(Duration::from_secs(3));
    let gap = until(&mut stream, |item| match item {
        MarketItem::Gap(g) => Some(g.clone()),
        _ => None,
    })
    .await;
    assert!(
        matches!(gap.reason, contango::GapReason::Silent(_)),
        "{gap:?}"
    );
    let names: BTreeSet<String> = channels.iter().map(|c| c.name()).collect();
    assert_eq!(gap.channels.iter().cloned().collect::<BTreeSet<_>>(), names);
    assert!(sim.market_connections_opened() >= 2);
    assert_eq!(
        subscriptions_reaching(&sim, 4).await,
        4,
        "every channel resubscribed"
    );
    stream.shutdown().await;
    sim.shutdown().await;
}

#[tokio::test]
async fn a_dropped_connection_reconnects_resubscribes_and_reports_one_gap() {
    let sim = Sim::start().await.expect("sim");
    sim.add_liquidity(BTC, Side::Sell, d("30100"), d("5"))
        .expect("ask");
    let mut b = builder(&sim);
    for c in four_kinds(BTC).into_iter().chain(four_kinds(ETH)) {
        b = b.subscribe(c);
    }
    let mut stream = b.connect().await.expect("connect");
    until(&mut stream, |item| {
        matches!(item, MarketItem::Event(MarketEvent::Depth(_))).then_some(())
    })
    .await;
    sim.close_market_streams();
    let mut disconnected = 0;
    let mut gaps = Vec::new();
    // After the gap, the server's snapshots of the resubscribed channels arrive again.
    let mut after = BTreeSet::new();
    until(&mut stream, |item| {
        match item {
            MarketItem::Disconnected { .. } => disconnected += 1,
            MarketItem::Gap(g) => gaps.push(g.clone()),
            MarketItem::Event(e) if !gaps.is_empty() && !matches!(e, MarketEvent::Trades(_)) => {
                after.insert(e.channel_name());
            }
            _ => {}
        }
        (after.len() == 6).then_some(())
    })
    .await;
    assert_eq!(disconnected, 1);
    assert_eq!(gaps.len(), 1, "{gaps:?}");
    assert_eq!(gaps[0].channels.len(), 8);
    assert_eq!(sim.market_subscriptions(), 8);
    assert_eq!(sim.market_connections(), 1);
    stream.shutdown().await;
    sim.shutdown().await;
}

/// Channels of every kind and depth step on `contracts`: 20 per contract.
fn many(contracts: &[&str]) -> Vec<MarketChannel> {
    let intervals = [
        StreamKlineInterval::OneMinute,
        StreamKlineInterval::FiveMinutes,
        StreamKlineInterval::FifteenMinutes,
        StreamKlineInterval::ThirtyMinutes,
        StreamKlineInterval::SixtyMinutes,
        StreamKlineInterval::TwoHours,
        StreamKlineInterval::FourHours,
        StreamKlineInterval::OneDay,
    ];
    let mut out = Vec::new();
    for c in contracts {
        out.extend((0..10).map(|step| MarketChannel::from(DepthChannel::new(c, step))));
        out.push(TradesChannel::new(c).into());
        out.push(TickerChannel::new(c).into());
        out.extend(
            intervals
                .iter()
                .map(|i| MarketChannel::from(KlineChannel::new(c, i.clone()))),
        );
    }
    out
}

#[tokio::test]
async fn subscriptions_past_the_server_limit_are_spread_over_connections() {
    let contracts = [
        BTC,
        ETH,
        "E-BTC-USD",
        "S-TEST-USDT",
        "E-SOL-USDT",
        "E-XRP-USDT",
        "E-DOGE-USDT",
        "E-LTC-USDT",
    ];
    let mut sb = Sim::builder();
    for (i, name) in contracts[4..].iter().enumerate() {
        let mut c = contango_sim::config::default_contracts()[0].clone();
        c.symbol = (*name).to_owned();
        c.contract_id += 100 + i as i64;
        sb = sb.contract(c);
    }
    let sim = sb.start().await.expect("sim");
    let channels: Vec<MarketChannel> = many(&contracts).into_iter().take(150).collect();
    assert_eq!(channels.len(), 150);

    // One connection asked to carry all 150: the server refuses the 101st on, and says so.
    let mut b = builder(&sim).subscriptions_per_connection(1000);
    for c in channels.clone() {
        b = b.subscribe(c);
    }
    let mut single = b.connect().await.expect("connect");
    let refusal = until(&mut single, |item| match item {
        MarketItem::Error(StreamError::Server { message }) => Some(message.clone()),
        _ => None,
    })
    .await;
    assert!(refusal.contains("error"), "{refusal}");
    single.shutdown().await;

    // The client's default spreads them: two connections, all 150 live on the server.
    let mut b = builder(&sim);
    for c in channels.clone() {
        b = b.subscribe(c);
    }
    let mut stream = b.connect().await.expect("connect");
    assert_eq!(stream.connections(), 2);
    assert_eq!(subscriptions_reaching(&sim, 150).await, 150);
    assert_eq!(sim.market_connections(), 2);
    // Data of a channel on the second connection arrives.
    let last = channels[149].name();
    until(&mut stream, |item| match item {
        MarketItem::Event(e) if e.channel_name() == last => Some(()),
        MarketItem::Error(e) => panic!("{e}"),
        _ => None,
    })
    .await;
    // A 151st subscription at run time lands on the connection with room, refused locally if bad.
    stream
        .subscribe(many(&[contracts[7]])[19].clone())
        .expect("subscribe");
    assert_eq!(subscriptions_reaching(&sim, 151).await, 151);
    assert_eq!(stream.connections(), 2);
    assert!(
        stream.subscribe(DepthChannel::new(BTC, 10)).is_err(),
        "step 10 is refused locally"
    );
    stream.shutdown().await;
    sim.shutdown().await;
}

#[tokio::test]
async fn a_frozen_book_and_a_lagging_one_are_reported_stale() {
    // The simulator's seeded book: ten levels of 100 each side, 10 apart around 30000.
    let sim = Sim::start().await.expect("sim");
    let stream = builder(&sim).connect().await.expect("connect");
    let mut books = BookWatcher::new(stream)
        .stale_after(Duration::from_millis(400))
        .max_lag(Duration::from_millis(800));
    books.track(BTC, 0).expect("track");
    books
        .load_multipliers(&client(&sim))
        .await
        .expect("multipliers");

    let first = next_book(&mut books).await;
    let BookItem::Book(book) = first else {
        panic!("{first:?}")
    };
    assert_eq!(book.contract, BTC);
    assert_eq!(book.best_ask().map(|l| l.price), Some(d("30010")));
    assert_eq!(book.best_bid().map(|l| l.price), Some(d("29990")));
    assert_eq!(book.mid(), Some(d("30000")));
    assert_eq!(book.spread(), Some(d("20")));
    let multiplier = book.multiplier.expect("multiplier loaded");
    assert_eq!(
        book.asks_in_base().expect("base")[0].quantity,
        d("100") * multiplier
    );
    // Nothing moves: the book goes stale once.
    let stale = next_book(&mut books).await;
    assert!(
        matches!(&stale, BookItem::Stale { contract, reason: StaleReason::Unchanged(_) } if contract == BTC),
        "{stale:?}"
    );
    assert!(books.is_stale(BTC), "and stays so while nothing changes");
    assert!(
        !books.is_stale("E-ETH-USDT"),
        "a book not watched is not stale"
    );
    // Frames now arrive two seconds late: the next change is reported lagging, then applied.
    sim.delay_market_frames(Duration::from_secs(2));
    sim.add_liquidity(BTC, Side::Buy, d("29995"), d("1"))
        .expect("bid");
    let lagging = next_book(&mut books).await;
    assert!(
        matches!(&lagging, BookItem::Stale { reason: StaleReason::Lagging(l), .. } if *l >= Duration::from_millis(800)),
        "{lagging:?}"
    );
    let BookItem::Book(moved) = next_book(&mut books).await else {
        panic!("the change follows")
    };
    assert_eq!(moved.best_bid().map(|l| l.price), Some(d("29995")));
    assert!(books.is_stale(BTC), "changed, but its last frame lagged");
    assert_eq!(books.book(BTC).map(|b| b.bids.len()), Some(11));
    books.shutdown().await;
    sim.shutdown().await;
}

async fn next_book(books: &mut BookWatcher) -> BookItem {
    for _ in 0..1000 {
        let item = tokio::time::timeout(WAIT, books.next())
            .await
            .expect("within the wait")
            .expect("running");
        if !matches!(item, BookItem::Stream(_)) {
            return item;
        }
    }
    panic!("no book item")
}

#[tokio::test]
async fn kline_history_pages_back_without_holes_or_duplicates_and_recent_trades_come_typed() {
    let sim = Sim::builder()
        .market_driver(
            MarketDriver::random_walk(7)
                .contracts([BTC])
                .step(Duration::from_millis(50))
                .backfill(Duration::from_secs(3 * 3600)),
        )
        .start()
        .await
        .expect("sim");
    let stream = builder(&sim).connect().await.expect("connect");
    let channel = KlineChannel::new(BTC, StreamKlineInterval::OneMinute);
    let mut all: BTreeMap<i64, contango::MarketKline> = BTreeMap::new();
    let mut end: Option<i64> = None;
    for _page in 0..10 {
        let mut req = channel.history().page_size(50);
        if let Some(e) = end {
            req = req.end_idx(e);
        }
        let page = stream.request(&req).await.expect("page");
        assert!(page.len() <= 50);
        if page.is_empty() {
            break;
        }
        for w in page.windows(2) {
            assert_eq!(
                w[1].id.0 - w[0].id.0,
                60,
                "consecutive minutes, oldest first"
            );
        }
        if let Some(e) = end {
            assert!(page.last().expect("last").id.0 <= e);
        }
        for k in &page {
            assert!(
                all.insert(k.id.0, k.clone()).is_none(),
                "duplicate {}",
                k.id.0
            );
        }
        end = Some(page[0].id.0 - 1);
    }
    assert!(all.len() >= 150, "{} candles", all.len());
    let ids: Vec<i64> = all.keys().copied().collect();
    for w in ids.windows(2) {
        assert_eq!(w[1] - w[0], 60, "no hole");
    }
    let trades = stream
        .request(&TradesChannel::new(BTC).history().top(20))
        .await
        .expect("trades");
    assert!(!trades.is_empty() && trades.len() <= 20);
    assert!(
        trades.windows(2).all(|w| w[0].ts <= w[1].ts),
        "oldest first"
    );
    // Up to 300 recent trades, as the exchange's current page allows (3 hours of backfill hold
    // more than that).
    let many = stream
        .request(&TradesChannel::new(BTC).history().top(300))
        .await
        .expect("300 trades");
    assert_eq!(many.len(), 300);
    // Limits are refused before anything is sent.
    assert!(
        stream
            .request(&channel.history().page_size(301))
            .await
            .is_err()
    );
    assert!(
        stream
            .request(&TradesChannel::new(BTC).history().top(301))
            .await
            .is_err()
    );
    stream.shutdown().await;
    sim.shutdown().await;
}

/// A price path for the driver: 30000 for two seconds, then down 400 a step to 25000 (a
/// 16.7 % fall, enough to take a cross long at 100x on a 200 USDT account below maintenance).
fn falling_path() -> Vec<(Duration, Decimal)> {
    let mut path = vec![
        (Duration::ZERO, d("30000")),
        (Duration::from_secs(2), d("30000")),
    ];
    let mut price = d("30000");
    let mut at = Duration::from_secs(2);
    while price > d("25000") {
        price = (price - d("400")).max(d("25000"));
        at += Duration::from_millis(100);
        path.push((at, price));
    }
    path
}

#[tokio::test]
async fn the_driver_moves_the_market_and_liquidates_an_under_margined_position() {
    let sim = Sim::builder()
        .market_driver(
            MarketDriver::price_path(falling_path())
                .contracts([BTC])
                .step(Duration::from_millis(50)),
        )
        .start()
        .await
        .expect("sim");
    let mut stream = builder(&sim)
        .subscribe(DepthChannel::new(BTC, 0))
        .subscribe(TradesChannel::new(BTC))
        .connect()
        .await
        .expect("connect");

    // A long at 100x on a thin account, opened while the path still holds 30000.
    sim.add_account("thin-key", "thin-secret", &[("USDT", d("200"))], &[])
        .expect("account");
    let thin = sim_support::client_as(
        &sim,
        "thin-key",
        "thin-secret",
        contango::Product::UsdtMargined,
    );
    thin.level_edit(BTC, 100).send().await.expect("leverage");
    let mut events = thin.user_stream().connect().await.expect("user stream");
    thin.new_order(order(
        BTC,
        Side::Buy,
        OrderType::Market,
        contango::Open::Open,
        "60",
        "0",
    ))
    .send()
    .await
    .expect("open");

    // The market stream shows the fall: the market maker's quotes follow the mark down, and the
    // driver's taker prints trades.
    let mut best_asks = BTreeSet::new();
    let mut trades = 0;
    until(&mut stream, |item| {
        match item {
            MarketItem::Event(MarketEvent::Depth(m)) => {
                if let Some(a) = m.tick.asks.first() {
                    best_asks.insert(a.price);
                }
            }
            MarketItem::Event(MarketEvent::Trades(t)) => trades += t.tick.data.len(),
            _ => {}
        }
        (best_asks.first() < Some(&d("25100")) && trades >= 3).then_some(())
    })
    .await;
    assert!(
        best_asks.len() >= 10,
        "re-quoted all the way: {best_asks:?}"
    );
    assert_eq!(sim.mark_price(BTC), Some(d("25000")));

    // The user stream shows the liquidation, and the history keeps it.
    let deadline = Instant::now() + WAIT;
    let mut liquidation = None;
    while liquidation.is_none() && Instant::now() < deadline {
        match tokio::time::timeout(WAIT, events.recv()).await {
            Ok(Some(contango::StreamItem::Event(contango::Event::OrderTradeUpdate(u))))
                if u.order.execution_type == contango::ExecutionType::Liquidation =>
            {
                liquidation = Some(u.order.clone());
            }
            Ok(Some(_)) => {}
            _ => break,
        }
    }
    let liquidation = liquidation.expect("a LIQUIDATION order update on the user stream");
    assert_eq!(liquidation.symbol, BTC);
    let forced = thin.force_orders_history(BTC).send().await.expect("forced");
    assert!(!forced.is_empty(), "the liquidation is in the history");
    let account = thin.account().send().await.expect("account");
    let open: Vec<_> = account
        .account
        .iter()
        .flat_map(|a| &a.position_vos)
        .flat_map(|v| &v.positions)
        .filter(|p| p.volume.is_some_and(|v| !v.is_zero()))
        .collect();
    assert!(open.is_empty(), "the long is closed: {open:?}");
    events.shutdown().await.ok();
    stream.shutdown().await;
    sim.shutdown().await;
}

/// A history request's parameters as they travel: `endIdx` as text, as the exchange's page sends
/// it (the simulator, like the page's table, takes a number too); `pageSize` and `top` as numbers.
#[test]
fn history_parameters_travel_as_the_page_sends_them() {
    use contango::MarketRequest;
    let kline = KlineChannel::new(BTC, StreamKlineInterval::OneMinute)
        .history()
        .end_idx(1_506_602_880)
        .page_size(300);
    assert_eq!(
        kline.params(),
        [
            ("endIdx", r#""1506602880""#.to_owned()),
            ("pageSize", "300".to_owned())
        ]
    );
    let trades = TradesChannel::new(BTC).history().top(300);
    assert_eq!(trades.params(), [("top", "300".to_owned())]);
}
