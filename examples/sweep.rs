//! A parameter sweep over a recorded market (docs/backtests.md, Sweeps).
//!
//! `cargo run --example sweep [RECORDING] [--out DIR]`
//!
//! Without a recording it writes one first: a seeded two-hour market of one contract (books and
//! trades). Then it sweeps a breakout strategy's two parameters (the lookback and the hold) over
//! it on every core, each run a backtest of its own, and prints the best rows by final equity.
//! It writes the table (CSV and JSON), a heatmap of the final equity over the two parameters and
//! the best run's chart into DIR (default: the temporary directory). Exit 0 when every run
//! finished and the files are written.

use std::path::PathBuf;

use contango::strategy::Strategy;
use contango::{Client, MarketEvent, NewOrder, Open, OrderType, PositionType, Side};
use contango_research::Backtest;
use contango_research::backtest::sweep::{Grid, Params};
use rust_decimal::Decimal;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const BTC: &str = "E-BTC-USDT";

/// Two hours of a seeded market, a book every 2 s and a trade between books, as frames.
fn market() -> Vec<Vec<u8>> {
    let mut rng = contango_sim::SplitMix64::new(11);
    let mut mid = 30_000i64;
    let start = 1_790_000_000_000i64;
    let mut out = Vec::new();
    for i in 0..3_600i64 {
        let ts = start + 2_000 * i;
        // A drift that changes sign every 20 minutes: something for a breakout to catch.
        let drift = if (i / 600) % 2 == 0 { 1 } else { -1 };
        mid += rng.symmetric(3) + drift * i64::from(rng.below(3) == 0);
        out.push(format!(
            r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","tick":{{"asks":[["{}","20"]],"buys":[["{}","20"]]}},"ts":{ts},"status":"ok"}}"#,
            mid + 1,
            mid - 1
        ));
        let side = if rng.below(2) == 0 { "BUY" } else { "SELL" };
        let t = ts + 1_000;
        out.push(format!(
            r#"{{"event_rep":"","channel":"market_e_btcusdt_trade_ticker","tick":{{"data":[{{"price":"{mid}","vol":"2","side":"{side}","amount":"0","ds":"","ts":{t}}}],"ts":{t}}},"ts":{t},"status":"ok"}}"#
        ));
    }
    out.into_iter().map(String::into_bytes).collect()
}

/// Buys one contract when the mid breaks above the last `lookback` books' high, and closes it
/// `hold` books later.
struct Breakout {
    lookback: usize,
    hold: usize,
    mids: Vec<Decimal>,
    held_for: Option<usize>,
}

impl Breakout {
    fn new(p: &Params) -> std::result::Result<Breakout, String> {
        let lookback = p
            .int("lookback")
            .filter(|n| *n >= 2)
            .ok_or("lookback: 2 books or more")?;
        let hold = p
            .int("hold")
            .filter(|n| *n >= 1)
            .ok_or("hold: 1 book or more")?;
        Ok(Breakout {
            lookback: usize::try_from(lookback).map_err(|e| e.to_string())?,
            hold: usize::try_from(hold).map_err(|e| e.to_string())?,
            mids: Vec::new(),
            held_for: None,
        })
    }

    async fn send(client: &Client, side: Side, open: Open) {
        let _ = client
            .new_order(NewOrder {
                contract_name: BTC.into(),
                side,
                order_type: OrderType::Market,
                position_type: PositionType::Cross,
                open,
                volume: Decimal::ONE,
                amount: Decimal::ZERO,
                price: Decimal::ZERO,
            })
            .send()
            .await;
    }
}

impl Strategy for Breakout {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        let MarketEvent::Depth(d) = event else {
            return;
        };
        let (Some(a), Some(b)) = (d.tick.asks.first(), d.tick.buys.first()) else {
            return;
        };
        let mid = (a.price + b.price) / Decimal::TWO;
        match self.held_for {
            Some(n) if n + 1 >= self.hold => {
                Self::send(client, Side::Sell, Open::Close).await;
                self.held_for = None;
            }
            Some(n) => self.held_for = Some(n + 1),
            None => {
                let window = &self.mids[self.mids.len().saturating_sub(self.lookback)..];
                if window.len() == self.lookback && window.iter().all(|m| mid > *m) {
                    Self::send(client, Side::Buy, Open::Open).await;
                    self.held_for = Some(0);
                }
            }
        }
        self.mids.push(mid);
    }
}

fn main() -> Result {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args
        .iter()
        .position(|a| a == "--out")
        .and_then(|i| args.get(i + 1))
        .map_or_else(std::env::temp_dir, PathBuf::from);
    let recording = args.first().filter(|a| !a.starts_with("--"));
    let backtest = match recording {
        Some(path) => Backtest::from_file(path)?,
        None => Backtest::from_frames(market()),
    }
    .contracts([BTC]);
    let grid = Grid::new()
        .axis("lookback", [5, 10, 20, 40])
        .axis("hold", [5, 15, 45]);
    let started = std::time::Instant::now();
    let table = backtest.clone().sweep(grid).run(Breakout::new)?;
    println!(
        "{} runs in {:.1} s on {} threads",
        table.rows.len(),
        started.elapsed().as_secs_f64(),
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    );
    let mut best: Vec<_> = table.rows.iter().collect();
    best.sort_by(|a, b| {
        let f = |r: &&contango_research::backtest::sweep::SweepRow| {
            r.figure("equity_end").unwrap_or(f64::MIN)
        };
        f(b).total_cmp(&f(a))
    });
    println!("best by final equity:");
    for row in best.iter().take(3) {
        println!(
            "  {:<24} equity_end {:>14.4}  trades {:>4}  sharpe {}",
            row.params.to_string(),
            row.figure("equity_end").unwrap_or(f64::NAN),
            row.figure("trades").unwrap_or(0.0),
            row.figure("sharpe_ratio")
                .map_or_else(|| "-".to_owned(), |s| format!("{s:.2}"))
        );
    }
    let csv = out.join("sweep.csv");
    let json = out.join("sweep.json");
    let heatmap = out.join("sweep-heatmap.svg");
    let chart = out.join("sweep-best.svg");
    std::fs::write(&csv, table.to_csv())?;
    std::fs::write(&json, table.to_json())?;
    table.heatmap("equity_end", "lookback", "hold", &heatmap)?;
    if let Some(row) = best.first() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let mut strategy = Breakout::new(&row.params)?;
        rt.block_on(backtest.plot(&chart).run(&mut strategy))?;
    }
    for path in [&csv, &json, &heatmap, &chart] {
        println!("wrote {}", path.display());
    }
    Ok(())
}
