//! The public market stream. By default against the embedded simulator with its market driver on
//! (a seeded random walk moves the mark price, the market maker re-quotes, trades print):
//! subscribes to depth, trades, the ticker and 1-minute candles of two contracts, prints a live top
//! of book and the trades for a few seconds, has the simulator drop the connection once (the
//! stream reconnects, resubscribes every channel and reports the gap), pages kline history back,
//! and exits. No account, no network.
//!
//! `cargo run --example market_stream`
//!
//! With `CONTANGO_MARKET_WS_URL` set (e.g. `wss://<market host>/kline-api/ws`) it connects there
//! instead, subscribes to the four channel kinds of `CONTANGO_CONTRACT` (default `E-BTC-USDT`)
//! and prints what arrives for `CONTANGO_SECONDS` (default 10).

use std::time::{Duration, Instant};

use contango::book::{BookItem, BookWatcher};
use contango::{
    Client, DepthChannel, KlineChannel, MarketChannel, MarketEvent, MarketItem, MarketStream,
    StreamKlineInterval, TickerChannel, TradesChannel,
};
use contango_sim::{MarketDriver, Sim};
use rust_decimal::Decimal;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

#[tokio::main]
async fn main() -> Result {
    match std::env::var("CONTANGO_MARKET_WS_URL") {
        Ok(url) if !url.is_empty() => remote(&url).await,
        _ => simulated().await,
    }
}

/// The four channel kinds of one contract.
fn channels(contract: &str) -> [MarketChannel; 4] {
    [
        DepthChannel::new(contract, 0).into(),
        TradesChannel::new(contract).into(),
        TickerChannel::new(contract).into(),
        KlineChannel::new(contract, StreamKlineInterval::OneMinute).into(),
    ]
}

async fn simulated() -> Result {
    let contracts = ["E-BTC-USDT", "E-ETH-USDT"];
    let sim = Sim::builder()
        .market_driver(
            MarketDriver::random_walk(42)
                .contracts(contracts)
                .step(Duration::from_millis(100))
                .backfill(Duration::from_secs(2 * 3600)),
        )
        .start()
        .await?;
    println!(
        "simulator  REST {}  market stream {}",
        sim.rest_url(),
        sim.market_ws_url()
    );
    let client = sim.client()?;
    let mut builder = client
        .market_stream()
        .reconnect_backoff(Duration::from_millis(100), Duration::from_secs(2));
    for c in contracts.iter().flat_map(|c| channels(c)) {
        builder = builder.subscribe(c);
    }
    let stream = builder.connect().await?;
    println!(
        "subscribed {} channels on {} connection(s)",
        stream.subscriptions().len(),
        stream.connections()
    );

    let mut books = BookWatcher::new(stream).stale_after(Duration::from_secs(3));
    for c in contracts {
        books.track(c, 0)?;
    }
    books.load_multipliers(&client).await?;

    println!("\n-- live for 3 s");
    watch(&mut books, Duration::from_secs(3)).await;

    println!("\n-- the simulator drops the connection");
    sim.close_market_streams();
    watch(&mut books, Duration::from_secs(2)).await;

    println!("\n-- kline history, paged back");
    let channel = KlineChannel::new(contracts[0], StreamKlineInterval::OneMinute);
    let mut end = None;
    for page in 1..=3 {
        let mut req = channel.history().page_size(40);
        if let Some(e) = end {
            req = req.end_idx(e);
        }
        let candles = books.stream().request(&req).await?;
        let (Some(first), Some(last)) = (candles.first(), candles.last()) else {
            break;
        };
        println!(
            "page {page}   {} candles {} .. {}  close {} .. {}",
            candles.len(),
            first.ds.as_deref().unwrap_or("?"),
            last.ds.as_deref().unwrap_or("?"),
            show(first.close),
            show(last.close)
        );
        end = Some(first.id.0 - 1);
    }
    let trades = books
        .stream()
        .request(&TradesChannel::new(contracts[0]).history().top(5))
        .await?;
    if let Some(t) = trades.last() {
        let n = trades.len();
        println!(
            "recent     {n} trades, last {} {} @ {}",
            t.side, t.vol, t.price
        );
    }

    books.shutdown().await;
    sim.shutdown().await;
    println!("\ndone");
    Ok(())
}

/// Prints book changes (top of book), trades, gaps and staleness for `secs`.
async fn watch(books: &mut BookWatcher, secs: Duration) {
    let until = Instant::now() + secs;
    let mut last_print: Option<Instant> = None;
    while let Ok(Some(item)) = tokio::time::timeout_at(until.into(), books.next()).await {
        match item {
            BookItem::Book(b) => {
                // At most a few lines a second.
                if last_print.is_some_and(|t| t.elapsed() < Duration::from_millis(300)) {
                    continue;
                }
                last_print = Some(Instant::now());
                let base = b.bids_in_base().and_then(|l| l.first().map(|l| l.quantity));
                println!(
                    "book       {:<11} bid {:>10} x {:<6} ask {:>10} x {:<6} mid {} spread {} (bid {} base)",
                    b.contract,
                    fmt(b.best_bid().map(|l| l.price)),
                    fmt(b.best_bid().map(|l| l.quantity)),
                    fmt(b.best_ask().map(|l| l.price)),
                    fmt(b.best_ask().map(|l| l.quantity)),
                    fmt(b.mid()),
                    fmt(b.spread()),
                    fmt(base),
                );
            }
            BookItem::Stale { contract, reason } => println!("stale      {contract} {reason:?}"),
            BookItem::Stream(MarketItem::Event(MarketEvent::Trades(t))) => {
                for tr in &t.tick.data {
                    println!(
                        "trade      {:<11} {} {} @ {}",
                        t.channel.symbol, tr.side, tr.vol, tr.price
                    );
                }
            }
            BookItem::Stream(MarketItem::Event(_)) => {}
            BookItem::Stream(MarketItem::Gap(g)) => println!(
                "GAP        blind {} ms ({}), {} channels resubscribed",
                g.duration().as_millis(),
                g.reason,
                g.channels.len()
            ),
            BookItem::Stream(other) => println!("stream     {other:?}"),
            _ => {}
        }
    }
}

fn fmt(v: Option<rust_decimal::Decimal>) -> String {
    v.map_or_else(|| "-".into(), |d| d.normalize().to_string())
}

/// Against a real server: the four channel kinds of one contract, printed as they arrive.
async fn remote(url: &str) -> Result {
    let contract = std::env::var("CONTANGO_CONTRACT").unwrap_or_else(|_| "E-BTC-USDT".into());
    let secs: u64 = std::env::var("CONTANGO_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    // The REST base URL only matters for the client's clock; the stream goes to `url`.
    let base = std::env::var("CONTANGO_BASE_URL").unwrap_or_else(|_| "https://localhost".into());
    let client = Client::builder()
        .base_url(base)
        .market_stream_url(url)
        .build()?;
    let mut builder = client.market_stream();
    for c in channels(&contract) {
        builder = builder.subscribe(c);
    }
    let mut stream: MarketStream = builder.connect().await?;
    println!(
        "connected to {url}, {} channels of {contract}",
        stream.subscriptions().len()
    );
    let until = Instant::now() + Duration::from_secs(secs);
    let mut n = 0u64;
    while let Ok(Some(item)) = tokio::time::timeout_at(until.into(), stream.recv()).await {
        n += 1;
        match item {
            MarketItem::Event(MarketEvent::Depth(d)) => println!(
                "depth   {} bid {} ask {} ({} x {} levels, ts {})",
                d.channel.symbol,
                show(d.tick.buys.first().map(|l| l.price)),
                show(d.tick.asks.first().map(|l| l.price)),
                d.tick.buys.len(),
                d.tick.asks.len(),
                d.ts.0
            ),
            MarketItem::Event(MarketEvent::Trades(t)) => {
                for tr in &t.tick.data {
                    println!(
                        "trade   {} {} {} @ {}",
                        t.channel.symbol, tr.side, tr.vol, tr.price
                    );
                }
            }
            MarketItem::Event(MarketEvent::Ticker(t)) => println!(
                "ticker  {} close {} 24h vol {} rose {}",
                t.channel.symbol,
                show(t.tick.close),
                show(t.tick.vol),
                show(t.tick.rose)
            ),
            MarketItem::Event(MarketEvent::Kline(k)) => println!(
                "kline   {} {} o {} h {} l {} c {}",
                k.channel.symbol,
                k.tick.id.0,
                show(k.tick.open),
                show(k.tick.high),
                show(k.tick.low),
                show(k.tick.close)
            ),
            other => println!("{other:?}"),
        }
    }
    println!("{n} items in {secs} s");
    stream.shutdown().await;
    Ok(())
}

/// A decimal the server may leave out, `-` when it did.
fn show(v: Option<Decimal>) -> String {
    v.map_or_else(|| "-".to_owned(), |d| d.to_string())
}
