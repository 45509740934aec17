//! The fidelity check against sessions whose differences are planted: the "exchange" is a
//! lockstep backtest set up otherwise (an order-entry latency, the optimistic queue model), its
//! session recorded in event time so that what it did is exact; the check replays the session
//! through the default simulator and must find exactly what was planted, order by order.

use std::path::PathBuf;
use std::time::Duration;

use contango::strategy::Strategy;
use contango::{Client, MarketEvent, NewOrder, Open, OrderType, PositionType, Side};
use contango_research::FitLatency as _;
use contango_research::fidelity::Verdict;
use contango_research::{Backtest, Fidelity, FidelityError};
use contango_sim::{Delay, Latency, QueueModel};
use rust_decimal::Decimal;

const T0: i64 = 1_790_000_000_000;
const BTC: &str = "E-BTC-USDT";

fn depth(ts: i64, ask: &str, bid: &str) -> Vec<u8> {
    format!(
        r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","tick":{{"asks":[["{ask}","10"]],"buys":[["{bid}","10"]]}},"ts":{ts},"status":"ok"}}"#
    )
    .into_bytes()
}

fn trade(ts: i64, price: &str, vol: &str, side: &str) -> Vec<u8> {
    format!(
        r#"{{"event_rep":"","channel":"market_e_btcusdt_trade_ticker","tick":{{"data":[{{"price":"{price}","vol":"{vol}","side":"{side}","amount":"0","ds":"2026-09-23 11:18:39","ts":{ts}}}],"ts":{ts}}},"ts":{ts},"status":"ok"}}"#
    )
    .into_bytes()
}

/// The market: the book moves up 20 ms in, a small sell prints at the bid 200 ms in, a buy
/// prints higher at the end (the price positions are marked at).
fn market() -> Vec<Vec<u8>> {
    vec![
        depth(T0, "10000", "9990"),
        depth(T0 + 20, "10050", "10040"),
        depth(T0 + 40, "10050", "10040"),
        trade(T0 + 200, "10040", "3", "SELL"),
        depth(T0 + 300, "10050", "10040"),
        depth(T0 + 400, "10050", "10040"),
        trade(T0 + 450, "10060", "1", "BUY"),
        depth(T0 + 500, "10050", "10040"),
    ]
}

fn order(side: Side, kind: OrderType, price: &str) -> NewOrder {
    NewOrder {
        contract_name: BTC.into(),
        side,
        order_type: kind,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: Decimal::ONE,
        amount: Decimal::ZERO,
        price: price.parse().unwrap_or_default(),
    }
}

/// Trades on the books, one step a book: a market buy on the first (A), a bid joining the
/// queue at 10,040 (B), a bid far below (C), C cancelled, a market buy (E).
#[derive(Default)]
struct Trader {
    books: u32,
}

impl Strategy for Trader {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        if !matches!(event, MarketEvent::Depth(_)) {
            return;
        }
        self.books += 1;
        let send = |cid: &'static str, o: NewOrder| async move {
            let _ = client.new_order(o).client_order_id(cid).send().await;
        };
        match self.books {
            1 => send("A-market", order(Side::Buy, OrderType::Market, "0")).await,
            2 => send("B-queue", order(Side::Buy, OrderType::Limit, "10040")).await,
            3 => send("C-far", order(Side::Buy, OrderType::Limit, "9000")).await,
            4 => {
                let _ = client
                    .cancel_order(BTC)
                    .client_order_id("C-far")
                    .send()
                    .await;
            }
            5 => send("E-market", order(Side::Buy, OrderType::Market, "0")).await,
            _ => {}
        }
    }
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "contango-fidelity-{}-{name}.jsonl",
        std::process::id()
    ))
}

/// Records the trader's session on a backtest set up as `setup` says.
async fn session(name: &str, setup: impl FnOnce(Backtest) -> Backtest) -> PathBuf {
    let path = temp(name);
    let backtest = Backtest::from_frames(market())
        .contracts([BTC])
        .record_session(&path);
    setup(backtest)
        .run(&mut Trader::default())
        .await
        .expect("the session");
    path
}

fn verdicts(report: &contango_research::FidelityReport) -> Vec<(&str, Verdict)> {
    report
        .orders
        .iter()
        .map(|o| (o.client_order_id.as_str(), o.verdict))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_planted_session_gets_the_planted_verdicts_and_a_gap_whose_parts_sum_to_it() {
    let planted = Latency {
        order_entry: Delay::Constant(Duration::from_millis(50)),
        ..Latency::zero()
    };
    let path = session("planted", |b| {
        b.latency(planted).queue_model(QueueModel::Optimistic)
    })
    .await;
    let report = Fidelity::from_file(&path)
        .expect("the session")
        .latency(Latency::zero())
        .run()
        .await
        .expect("checked");
    assert_eq!(
        verdicts(&report),
        [
            ("A-market", Verdict::Price),
            ("B-queue", Verdict::Missed),
            ("C-far", Verdict::Agree),
            ("E-market", Verdict::Agree),
        ],
        "{report}"
    );
    let a = &report.orders[0];
    assert_eq!(
        a.live.average_price,
        Some(Decimal::from(10_050)),
        "{report}"
    );
    assert_eq!(a.sim.average_price, Some(Decimal::from(10_000)), "{report}");
    let b = &report.orders[1];
    assert_eq!(
        (b.live.status.as_str(), b.sim.status.as_str()),
        ("FILLED", "NEW")
    );
    assert_eq!(report.orders[2].live.status, "CANCELLED");
    let s = &report.summary;
    assert_eq!((s.orders, s.agree, s.price, s.missed), (4, 2, 1, 1));
    assert_eq!(
        s.gap_parts.total(),
        s.gap,
        "the parts sum to the gap: {s:?}"
    );
    assert_eq!(s.gap, s.pnl_sim - s.pnl_live);
    assert!(
        s.gap_parts.price > Decimal::ZERO,
        "the simulator bought A cheaper: {s:?}"
    );
    assert!(
        s.gap_parts.missed < Decimal::ZERO,
        "it missed B's gain: {s:?}"
    );
    assert_eq!(s.gap_parts.extra, Decimal::ZERO);
    assert!(s.gap_bps.is_some_and(|b| b != 0.0), "{s:?}");
    let json = report.to_json_lines();
    let lines: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[1]["client_order_id"], "B-queue");
    assert_eq!(lines[1]["verdict"], "missed");
    for key in [
        "orders", "agree", "price", "missed", "extra", "status", "pnl_live", "pnl_sim",
    ] {
        assert!(
            lines[4].get(key).is_some(),
            "the summary has {key}: {}",
            lines[4]
        );
    }
    let _ = std::fs::remove_file(contango_sim::feeds::cache::cache_path(&path));
    let _ = std::fs::remove_file(&path);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unplanted_session_agrees_in_full_with_no_gap() {
    let path = session("plain", |b| b).await;
    let report = Fidelity::from_file(&path)
        .expect("the session")
        .latency(Latency::zero())
        .run()
        .await
        .expect("checked");
    assert!(
        report.orders.iter().all(|o| o.verdict == Verdict::Agree),
        "{report}"
    );
    assert_eq!(report.summary.agree, 4);
    assert_eq!(report.summary.gap, Decimal::ZERO, "{report}");
    assert_eq!(report.summary.gap_parts, Default::default());
    let _ = std::fs::remove_file(contango_sim::feeds::cache::cache_path(&path));
    let _ = std::fs::remove_file(&path);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_or_incomplete_session_is_refused_with_what_it_lacks() {
    let path = session("whole", |b| b).await;
    let text = std::fs::read_to_string(&path).expect("the session");
    let _ = std::fs::remove_file(contango_sim::feeds::cache::cache_path(&path));
    let _ = std::fs::remove_file(&path);
    let check = |name: &str, text: String| {
        let path = temp(name);
        let written = std::fs::write(&path, text);
        assert!(written.is_ok());
        let checked = Fidelity::from_file(&path);
        let _ = std::fs::remove_file(contango_sim::feeds::cache::cache_path(&path));
        let _ = std::fs::remove_file(&path);
        checked
    };
    let damaged = format!("{text}{{\"at_us\":12,\"kind\":\n");
    match check("damaged", damaged) {
        Err(FidelityError::Recording(e)) => assert!(e.line > 1, "{e}"),
        other => panic!("a damaged session: {other:?}"),
    }
    let without = |stream: &str| {
        let conns: Vec<String> = text
            .lines()
            .filter(|l| {
                l.contains(r#""kind":"connect""#) && l.contains(&format!(r#""stream":"{stream}""#))
            })
            .filter_map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).ok()?;
                Some(format!(r#""conn":{}"#, v["conn"]))
            })
            .collect();
        text.lines()
            .filter(|l| !conns.iter().any(|c| l.contains(c.as_str())))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    };
    for (stream, lacks) in [("user", "a private stream"), ("market", "a market stream")] {
        let refused = match check(stream, without(stream)) {
            Ok(c) => c.latency(Latency::zero()).run().await.err(),
            Err(e) => Some(e),
        };
        let message = refused.map(|e| e.to_string()).unwrap_or_default();
        assert!(
            message.contains(lacks),
            "without the {stream} stream: {message}"
        );
    }
    let no_orders: String = text
        .lines()
        .filter(|l| !l.contains(r#""endpoint":"new_order""#))
        .map(|l| format!("{l}\n"))
        .collect();
    let refused = match check("no-orders", no_orders) {
        Ok(c) => c.run().await.err(),
        Err(e) => Some(e),
    };
    let message = refused.map(|e| e.to_string()).unwrap_or_default();
    assert!(message.contains("orders of the user"), "{message}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_read_from_its_file_or_directory_checks_as_the_whole_recording_in_memory_does() {
    use std::io::Write as _;

    let planted = Latency {
        order_entry: Delay::Constant(Duration::from_millis(50)),
        ..Latency::zero()
    };
    let path = session("file", |b| b.latency(planted)).await;
    let recording = contango::recording::Recording::from_file(&path).expect("the session");
    let check = |path: PathBuf| async move {
        Fidelity::from_file(&path)
            .expect("the session")
            .run()
            .await
            .expect("checked")
    };
    // Its market from the cache, its own lines in memory; the latency fitted from the session.
    let from_file = check(path.clone()).await;
    let in_memory = Fidelity::from_recording(recording.clone())
        .run()
        .await
        .expect("checked");
    assert_eq!(from_file, in_memory);
    assert_eq!(from_file.orders.len(), 4, "{from_file}");
    let fitted = Latency::fitted(&recording).expect("a fit");
    assert_eq!(Latency::fitted_from_path(&path).as_ref(), Ok(&fitted));
    assert!(
        from_file
            .setup
            .contains(&format!("latency fitted from the session: {fitted}")),
        "{:?}",
        from_file.setup
    );
    // The same session gzipped.
    let gz = path.with_extension("jsonl.gz");
    let mut out = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    out.write_all(&std::fs::read(&path).expect("the session"))
        .expect("compressed");
    std::fs::write(&gz, out.finish().expect("compressed")).expect("written");
    let from_gzip = check(gz.clone()).await;
    assert_eq!(from_gzip, in_memory);
    // The same session cut in two files of a directory, as a rotating recorder leaves it: its
    // market from the directory's cache, its own lines joined.
    let dir = path.with_extension("rotated");
    std::fs::create_dir_all(&dir).expect("a directory");
    let text = std::fs::read_to_string(&path).expect("the session");
    let lines: Vec<&str> = text.lines().collect();
    let half = lines.len() / 2;
    std::fs::write(dir.join("s-1.jsonl"), lines[..half].join("\n") + "\n").expect("written");
    let rest = format!("{}\n{}\n", lines[0], lines[half..].join("\n"));
    std::fs::write(dir.join("s-2.jsonl"), rest).expect("written");
    let from_dir = check(dir.clone()).await;
    assert_eq!(from_dir, in_memory);
    assert!(contango_sim::feeds::cache::cache_path(&dir).is_file());
    let _ = std::fs::remove_dir_all(&dir);
    for p in [&path, &gz, &dir] {
        let _ = std::fs::remove_file(contango_sim::feeds::cache::cache_path(p));
        let _ = std::fs::remove_file(p);
    }
}

/// `contango-sim fidelity`: the table, `--json`, `--max-gap-bps` (exit 7 over it), `--plot`,
/// and a session it cannot check (exit 1, what it lacks).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_prints_the_verdicts_and_exits_7_over_the_gap() {
    let planted = Latency {
        order_entry: Delay::Constant(Duration::from_millis(50)),
        ..Latency::zero()
    };
    let path = session("command", |b| {
        b.latency(planted).queue_model(QueueModel::Optimistic)
    })
    .await;
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_contango-sim"))
            .arg("fidelity")
            .arg(&path)
            .args(["--latency", "0ms"])
            .args(args)
            .output()
            .expect("contango-sim runs")
    };
    let table = run(&[]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(table.status.success(), "{text}");
    assert!(
        text.contains("A-market") && text.contains("price"),
        "{text}"
    );
    assert!(
        text.contains("B-queue") && text.contains("missed"),
        "{text}"
    );
    assert!(
        text.contains("orders 4: agree 2, price 1, missed 1"),
        "{text}"
    );
    let plot = temp("command-plot").with_extension("svg");
    let json = run(&["--json", "--plot", plot.to_str().unwrap_or_default()]);
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&json.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["verdict"], "price");
    let svg = std::fs::read_to_string(&plot).unwrap_or_default();
    let _ = std::fs::remove_file(&plot);
    assert!(
        svg.contains("<svg") && svg.contains("simulated"),
        "the chart"
    );
    let gap = lines[4]["gap_bps"].as_f64().unwrap_or_default().abs();
    let over = run(&["--max-gap-bps", &format!("{}", gap / 2.0)]);
    assert_eq!(over.status.code(), Some(7), "over the gap");
    let under = run(&["--max-gap-bps", &format!("{}", gap * 2.0)]);
    assert_eq!(under.status.code(), Some(0), "under the gap");
    let _ = std::fs::remove_file(contango_sim::feeds::cache::cache_path(&path));
    let _ = std::fs::remove_file(&path);

    let empty = temp("command-empty");
    let written = std::fs::write(
        &empty,
        "{\"contango_recording\":2,\"started_us\":1,\"client\":\"x\"}\n",
    );
    assert!(written.is_ok());
    let refused = std::process::Command::new(env!("CARGO_BIN_EXE_contango-sim"))
        .arg("fidelity")
        .arg(&empty)
        .output()
        .expect("contango-sim runs");
    let _ = std::fs::remove_file(&empty);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{err}");
    assert!(err.contains("lacks a market stream"), "{err}");
}
