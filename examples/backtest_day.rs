//! A day-long recorded market backtested from its decoded cache with a trivial strategy: the
//! memory a backtest needs does not grow with the recording (docs/performance.md, A decoded
//! market).
//!
//! `cargo run --release --example backtest_day [RECORDING] [--hours N] [--rotated]`
//!
//! Without a recording it first writes one to the temporary directory: N hours (default 24) of
//! the simulator benchmark's session mix, a 30-level depth snapshot and a trade alternately,
//! 100 ms apart (864,000 frames a day), as a client records them; with `--rotated`, as
//! `contango record market` writes them, a directory of a gzip file per hour, each starting with
//! the header and the open connection. The first backtest of a
//! recording builds its cache beside it; later ones read it. It prints the recording's and the
//! cache's sizes, how long `Backtest::from_file` took (building or checking the cache), the
//! run's setup and its frames and frames a second, and how long checking the cache alone takes
//! (the recording and the cache hashed once); run it under
//! `/usr/bin/time -v` for the peak RSS. Exit 0 when every frame was played.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use contango::strategy::Strategy;
use contango::{Client, MarketEvent, NewOrder, Open, OrderType, PositionType, Side};
use contango_research::Backtest;
use contango_sim::feeds::cache::{MarketEvents, cache_path};
use rust_decimal::Decimal;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const BTC: &str = "E-BTC-USDT";

/// Counts the events and buys one contract at market every 20,000.
#[derive(Debug, Default)]
struct Trivial {
    events: u64,
}

impl Strategy for Trivial {
    async fn on_event(&mut self, _event: &MarketEvent, client: &Client) {
        self.events += 1;
        if self.events % 20_000 == 0 {
            let order = NewOrder {
                contract_name: BTC.into(),
                side: Side::Buy,
                order_type: OrderType::Market,
                position_type: PositionType::Cross,
                open: Open::Open,
                volume: Decimal::ONE,
                amount: Decimal::ZERO,
                price: Decimal::ZERO,
            };
            let _ = client.new_order(order).send().await;
        }
    }
}

/// Frame `i` of the session: a depth snapshot of 30 levels a side (even), a trade (odd), the
/// book moving by a tick now and then.
fn frame(i: u64) -> String {
    let ts = 1_790_133_525_574 + i64::try_from(i).unwrap_or(0) * 100;
    let mid = 300_000 + i64::try_from(i / 20 % 7).unwrap_or(0); // in tenths
    if i % 2 == 0 {
        let side = |dir: i64| {
            (1..=30)
                .map(|k| {
                    let p = mid + dir * k;
                    format!("[\"{}.{}\",\"{}\"]", p / 10, p % 10, 1000 + k * 37)
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","data":null,"tick":{{"asks":[{}],"buys":[{}]}},"ts":{ts},"status":"ok"}}"#,
            side(1),
            side(-1)
        )
    } else {
        let p = mid - 1;
        format!(
            r#"{{"event_rep":"","channel":"market_e_btcusdt_trade_ticker","data":[],"tick":{{"data":[{{"price":"{}.{}","vol":"15","side":"SELL","amount":"450000","ds":"2026-09-23 11:18:39","ts":{ts}}}],"ts":{ts}}},"ts":{ts},"status":"ok"}}"#,
            p / 10,
            p % 10
        )
    }
}

/// Writes `hours` of the session to `path`, a line at a time: one file, or with `rotated` a
/// directory of a gzip file per hour.
fn write(path: &Path, hours: u64, rotated: bool) -> Result {
    if !rotated {
        return write_hours(std::fs::File::create(path)?, 0..hours);
    }
    std::fs::create_dir_all(path)?;
    for hour in 0..hours {
        let file = std::fs::File::create(path.join(format!("market-T{hour:04}.jsonl.gz")))?;
        let gzip = flate2::write::GzEncoder::new(file, flate2::Compression::fast());
        write_hours(gzip, hour..hour + 1)?;
    }
    Ok(())
}

/// The header, the connection and the frames of `hours` to `out`.
fn write_hours(out: impl std::io::Write, hours: std::ops::Range<u64>) -> Result {
    let mut out = std::io::BufWriter::new(out);
    writeln!(
        out,
        r#"{{"contango_recording":2,"started_us":1790133525000000,"client":"contango/example"}}"#
    )?;
    writeln!(
        out,
        r#"{{"at_us":0,"kind":"connect","conn":1,"stream":"market","url":"ws://x/kline-api/ws"}}"#
    )?;
    for i in hours.start * 36_000..hours.end * 36_000 {
        let line = serde_json::json!({
            "at_us": 574_000 + i * 100_000,
            "kind": "frame",
            "conn": 1,
            "dir": "in",
            "binary": true,
            "gzip": true,
            "text": frame(i),
        });
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}

/// The size of a file, or of the files of a directory.
fn megabytes(path: &Path) -> f64 {
    let bytes = match std::fs::read_dir(path) {
        Ok(files) => files
            .filter_map(|f| f.ok()?.metadata().ok())
            .map(|m| m.len())
            .sum(),
        Err(_) => std::fs::metadata(path).map_or(0, |m| m.len()),
    };
    bytes as f64 / 1e6
}

#[tokio::main]
async fn main() -> Result {
    let mut args = std::env::args().skip(1);
    let (mut recording, mut hours, mut rotated) = (None, 24, false);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--hours" => hours = args.next().and_then(|h| h.parse().ok()).unwrap_or(24),
            "--rotated" => rotated = true,
            other => recording = Some(PathBuf::from(other)),
        }
    }
    let recording = match recording {
        Some(r) => r,
        None => {
            let name = if rotated { "" } else { ".jsonl" };
            let path = std::env::temp_dir().join(format!("contango-day-{hours}h{name}"));
            if !path.exists() {
                println!("writing {hours} h of the session to {}", path.display());
                write(&path, hours, rotated)?;
            }
            path
        }
    };
    let built = cache_path(&recording).exists();
    let started = Instant::now();
    let backtest = Backtest::from_file(&recording)?.contracts([BTC]);
    println!(
        "recording {:.0} MB, cache {:.0} MB: {} by Backtest::from_file in {:.2} s",
        megabytes(&recording),
        megabytes(&cache_path(&recording)),
        if built { "checked" } else { "built" },
        started.elapsed().as_secs_f64()
    );
    let mut strategy = Trivial::default();
    let started = Instant::now();
    let report = backtest.run(&mut strategy).await?;
    let wall = started.elapsed().as_secs_f64();
    let timing = report.timing.ok_or("a backtest is timed")?;
    println!(
        "run {wall:.2} s: setup {:.2} s, then {} frames in {:.1} s: {:.0} frames a second; {} orders",
        wall - timing.seconds,
        timing.frames,
        timing.seconds,
        timing.frames_per_second,
        report.results.orders
    );
    // Outside the timings: the cache's own count, checked once more.
    let started = Instant::now();
    let events = MarketEvents::open(&recording)?.len();
    println!(
        "{events} events; the cache checked alone in {:.2} s",
        started.elapsed().as_secs_f64()
    );
    if timing.frames != events || strategy.events != events {
        return Err("not every frame was played".into());
    }
    Ok(())
}
