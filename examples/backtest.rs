//! A lockstep backtest of a simple strategy on a recorded market (docs/backtests.md).
//!
//! `cargo run --example backtest [RECORDING] [--plot FILE.svg]`
//!
//! Without a recording it first records one: the simulator's own driven market (a seeded random
//! walk with trades) through the SDK's market stream, to a file in the temporary directory. Then
//! it replays that market through a fresh simulator frame by frame, with the strategy trading
//! on it over real sockets, and prints the report's summary, where its JSON went and the chart's
//! path. The same strategy then runs live for a few seconds on the simulator's market stream
//! (`contango::strategy::run_live`): one code for both. Exit 0 when the backtest ran, traded and wrote its chart.

use std::path::PathBuf;
use std::time::Duration;

use contango::strategy::{Strategy, run_live};
use contango::{
    Client, DepthChannel, MarketEvent, NewOrder, Open, OrderType, PositionType, Side, TradesChannel,
};
use contango_sim::{Backtest, MarketDriver, Sim};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const BTC: &str = "E-BTC-USDT";

/// A moving-average crossover on the mid price: long 1 contract while the fast average is above
/// the slow one, flat otherwise; MARKET orders.
#[derive(Debug, Default)]
struct Crossover {
    mids: Vec<Decimal>,
    long: bool,
    orders: u32,
}

impl Crossover {
    const FAST: usize = 5;
    const SLOW: usize = 20;

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
}

impl Strategy for Crossover {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        let MarketEvent::Depth(d) = event else {
            return;
        };
        let (Some(ask), Some(bid)) = (d.tick.asks.first(), d.tick.buys.first()) else {
            return;
        };
        self.mids.push((ask.price + bid.price) / dec!(2));
        if self.mids.len() > Self::SLOW {
            self.mids.remove(0);
        }
        if self.mids.len() < Self::SLOW {
            return;
        }
        let fast = Self::average(&self.mids[Self::SLOW - Self::FAST..]);
        let slow = Self::average(&self.mids);
        if fast > slow && !self.long {
            self.trade(client, Side::Buy, Open::Open).await;
            self.long = true;
        } else if fast < slow && self.long {
            self.trade(client, Side::Sell, Open::Close).await;
            self.long = false;
        }
    }
}

/// Records `seconds` of the simulator's driven BTC market (depth and trades) to `path`.
async fn record(path: &PathBuf, seconds: u64) -> Result {
    let driver = MarketDriver::random_walk(11)
        .contracts([BTC])
        .step(Duration::from_millis(10))
        .volatility(dec!(0.0008))
        .trade_every(1);
    let sim = Sim::builder().market_driver(driver).start().await?;
    let client = Client::builder()
        .base_url(sim.rest_url())
        .market_stream_url(sim.market_ws_url())
        .record(path)
        .build()?;
    let mut stream = client
        .market_stream()
        .subscribe(DepthChannel::new(BTC, 0))
        .subscribe(TradesChannel::new(BTC))
        .connect()
        .await?;
    let until = tokio::time::Instant::now() + Duration::from_secs(seconds);
    while tokio::time::timeout_at(until, stream.recv()).await.is_ok() {}
    stream.shutdown().await;
    client.flush_recording().await?;
    sim.shutdown().await;
    Ok(())
}

#[tokio::main]
async fn main() -> Result {
    let mut args = std::env::args().skip(1);
    let (mut recording, mut plot) = (None, None);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--plot" => plot = args.next().map(PathBuf::from),
            other => recording = Some(PathBuf::from(other)),
        }
    }
    let dir = std::env::temp_dir();
    let plot = plot.unwrap_or_else(|| dir.join("contango-backtest.svg"));
    let recording = match recording {
        Some(r) => r,
        None => {
            let path = dir.join(format!("contango-backtest-{}.jsonl", std::process::id()));
            println!(
                "recording 4 s of the simulator's driven market to {}",
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
    println!("  report (JSON)   {}", json.display());
    println!("  chart           {}", plot.display());

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
    Ok(())
}
