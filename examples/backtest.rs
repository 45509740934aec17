//! A lockstep backtest of a simple strategy on a recorded market, its report as a tearsheet and
//! a trade ledger (docs/backtests.md).
//!
//! `cargo run --example backtest [RECORDING] [--plot FILE.svg] [--tearsheet FILE.html]`
//!
//! Without a recording it first records one: the simulator's own driven market (a seeded random
//! walk with trades) through the SDK's market stream, to a file in the temporary directory, on an
//! injected exchange clock that runs 2,000 times faster than the wall (4 s recorded are over two
//! hours of market, enough minutes for the report's per-minute metrics). Then it replays that
//! market through a fresh simulator frame by frame, with the strategy trading on it over real
//! sockets, and prints the report's summary and where its JSON, chart, tearsheet and trade
//! ledger (CSV) went. The same strategy then runs live for a few seconds on the simulator's
//! market stream (`contango::strategy::run_live`): one code for both. Exit 0 when the backtest
//! ran, traded and wrote its chart, tearsheet and ledger.

use std::path::PathBuf;
use std::time::Duration;

use contango::strategy::{Strategy, run_live};
use contango::{
    Client, DepthChannel, MarketEvent, NewOrder, Open, OrderType, PositionType, Side, TradesChannel,
};
use contango_research::Backtest;
use contango_sim::{MarketDriver, Sim};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const BTC: &str = "E-BTC-USDT";

/// A moving-average crossover on the price (the last trade's, the book's mid), stop and reverse:
/// long 1 contract while the fast average is above the slow one, short 1 while it is below (each
/// a position of its own on this exchange: a reversal closes one and opens the other); MARKET
/// orders.
#[derive(Debug, Default)]
struct Crossover {
    prices: Vec<Decimal>,
    /// `Some(Side::Buy)`: long; `Some(Side::Sell)`: short; `None`: flat.
    holding: Option<Side>,
    orders: u32,
}

impl Crossover {
    const FAST: usize = 3;
    const SLOW: usize = 12;

    fn average(values: &[Decimal]) -> Decimal {
        values.iter().sum::<Decimal>() / Decimal::from(values.len().max(1))
    }

    async fn trade(&mut self, client: &Client, side: Side, open: Open) {
        let order = NewOrder {
            contract_name: BTC.into(),
            side,
            order_type: OrderType::Market,
            position_type: PositionType::Cross,
            open,
            volume: dec!(1),
            amount: Decimal::ZERO,
            price: Decimal::ZERO,
        };
        if client.new_order(order).send().await.is_ok() {
            self.orders += 1;
        }
    }

    /// Holds `side`: closes the other position if open, then opens this one.
    async fn hold(&mut self, client: &Client, side: Side) {
        if self.holding.as_ref() == Some(&side) {
            return;
        }
        if self.holding.is_some() {
            // A SELL closes the long, a BUY the short.
            self.trade(client, side.clone(), Open::Close).await;
        }
        self.trade(client, side.clone(), Open::Open).await;
        self.holding = Some(side);
    }
}

impl Strategy for Crossover {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        let price = match event {
            MarketEvent::Trades(t) => t.tick.data.last().map(|trade| trade.price),
            MarketEvent::Depth(d) => match (d.tick.asks.first(), d.tick.buys.first()) {
                (Some(ask), Some(bid)) => Some((ask.price + bid.price) / dec!(2)),
                _ => None,
            },
            _ => None,
        };
        let Some(price) = price else {
            return;
        };
        self.prices.push(price);
        if self.prices.len() > Self::SLOW {
            self.prices.remove(0);
        }
        if self.prices.len() < Self::SLOW {
            return;
        }
        let fast = Self::average(&self.prices[Self::SLOW - Self::FAST..]);
        let slow = Self::average(&self.prices);
        if fast > slow {
            self.hold(client, Side::Buy).await;
        } else if fast < slow {
            self.hold(client, Side::Sell).await;
        }
    }
}

/// 2026-01-01T00:00:00Z: where the recording's exchange clock starts.
const START_MS: i64 = 1_767_225_600_000;

/// Records `seconds` of the simulator's driven BTC market (depth and trades) to `path`, its
/// exchange clock moved 20 s on every 10 ms of wall time.
async fn record(path: &PathBuf, seconds: u64) -> Result {
    let driver = MarketDriver::random_walk(11)
        .contracts([BTC])
        .step(Duration::from_millis(10))
        .volatility(dec!(0.002))
        .trade_every(1);
    let sim = Sim::builder()
        .market_driver(driver)
        .clock_at(START_MS)
        .start()
        .await?;
    let client = Client::builder()
        .base_url(sim.rest_url())
        .market_stream_url(sim.market_ws_url())
        .record_session(path)
        .build()?;
    let mut stream = client
        .market_stream()
        .subscribe(DepthChannel::new(BTC, 0))
        .subscribe(TradesChannel::new(BTC))
        .connect()
        .await?;
    let until = tokio::time::Instant::now() + Duration::from_secs(seconds);
    let mut tick = tokio::time::interval(Duration::from_millis(10));
    loop {
        tokio::select! {
            () = tokio::time::sleep_until(until) => break,
            _ = tick.tick() => sim.advance_clock(Duration::from_secs(20)),
            _ = stream.recv() => {}
        }
    }
    stream.shutdown().await;
    client.flush_recording().await?;
    sim.shutdown().await;
    Ok(())
}

#[tokio::main]
async fn main() -> Result {
    let mut args = std::env::args().skip(1);
    let (mut recording, mut plot, mut tearsheet) = (None, None, None);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--plot" => plot = args.next().map(PathBuf::from),
            "--tearsheet" => tearsheet = args.next().map(PathBuf::from),
            other => recording = Some(PathBuf::from(other)),
        }
    }
    let dir = std::env::temp_dir();
    let plot = plot.unwrap_or_else(|| dir.join("contango-backtest.svg"));
    let tearsheet = tearsheet.unwrap_or_else(|| dir.join("contango-backtest.html"));
    let recording = match recording {
        Some(r) => r,
        None => {
            let path = dir.join(format!("contango-backtest-{}.jsonl", std::process::id()));
            println!(
                "recording 4 s (over two hours of exchange time) of the simulator's driven \
                 market to {}",
                path.display()
            );
            record(&path, 4).await?;
            path
        }
    };

    let mut strategy = Crossover::default();
    let report = Backtest::from_file(&recording)?
        .contracts([BTC])
        .plot(&plot)
        .run(&mut strategy)
        .await?;
    print!("{report}");
    let json = dir.join("contango-backtest-report.json");
    std::fs::write(&json, report.to_json())?;
    let ledger = dir.join("contango-backtest-trades.csv");
    std::fs::write(&ledger, report.trades_csv())?;
    report.tearsheet(&tearsheet)?;
    println!("  report (JSON)   {}", json.display());
    println!("  chart           {}", plot.display());
    println!("  tearsheet       {}", tearsheet.display());
    println!(
        "  trade ledger    {} ({} round trips)",
        ledger.display(),
        report.trades().len()
    );

    // The same strategy, live, on the simulator's own market stream for 3 seconds.
    let sim = Sim::builder()
        .market_driver(
            MarketDriver::random_walk(5)
                .contracts([BTC])
                .step(Duration::from_millis(20)),
        )
        .start()
        .await?;
    let client = sim.client()?;
    let mut stream = Client::builder()
        .base_url(sim.rest_url())
        .market_stream_url(sim.market_ws_url())
        .build()?
        .market_stream()
        .subscribe(DepthChannel::new(BTC, 0))
        .connect()
        .await?;
    let mut live = Crossover::default();
    let _ = tokio::time::timeout(
        Duration::from_secs(3),
        run_live(&mut stream, &client, &mut live),
    )
    .await;
    println!("live on the simulator's market: {} orders", live.orders);
    stream.shutdown().await;
    sim.shutdown().await;

    if report.results.orders == 0 || report.fills.is_empty() || !plot.exists() {
        return Err("the backtest did not trade or draw its chart".into());
    }
    if !tearsheet.exists() || report.trades().is_empty() {
        return Err("the backtest wrote no tearsheet, or closed no round trip".into());
    }
    Ok(())
}
