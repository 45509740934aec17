//! A paper session's report, read from the store of a journaled venue: the venue runs in
//! process on an injected clock, the funded account trades through the SDK (a position opened
//! and closed with MARKET orders, a transfer out, a short left open) across two minutes, and
//! `Report::from_store` must give the fills, fees, PnL and equity the REST answers gave. Then
//! `contango-sim report` reads the same store: while the venue runs, as JSON equal to
//! `from_store`'s, as a summary, by API key, with a chart, without changing the file; and it
//! refuses a missing store, a file that is not one, and an unknown account (exit 1, a message).
//! The report names the latency model the venue ran with: the one it started with, none
//! (`none: zero latency assumed`), or each model a restart changed to, with the time it began.
//!
//! The state directories are under the temporary directory, named uniquely, removed at the end.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use contango::{
    Client, NewOrder, Open, OrderType, PositionType, Side, Trade, Transfer, TransferType,
};
use contango_research::Report;
use contango_research::report::{Account, EquityPoint, RunKind, Span, ZERO_LATENCY};
use contango_sim::store::{Reader, StartRow};
use contango_sim::{Latency, QueueModel, Sim};
use rust_decimal::Decimal;

/// The injected clock's start (2026-01-01T00:00:01Z): one second into a minute.
const START: i64 = 1_767_225_601_000;
const MINUTE: i64 = 60_000;
const BTC: &str = "E-BTC-USDT";

/// A fresh directory under the temporary one, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!(
            "contango-sim-report-{name}-{}-{nanos}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn order(side: Side, open: Open, volume: i64) -> NewOrder {
    NewOrder {
        contract_name: BTC.into(),
        side,
        order_type: OrderType::Market,
        position_type: PositionType::Cross,
        open,
        volume: Decimal::from(volume),
        amount: Decimal::ZERO,
        price: Decimal::ZERO,
    }
}

/// What the account's REST answers said at the end.
struct Answers {
    trades: Vec<Trade>,
    /// USDT: `achievedAmount`.
    realized: Decimal,
    /// USDT: `totalEquity + partEquity` (balance plus unrealised PnL).
    equity: Decimal,
    /// USDT: `unrealizedAmount`.
    unrealized: Decimal,
}

/// Trades through `client` in the minute after the venue's first: opens 2 long, moves 100 USDT
/// to the wallet, closes the long, opens 1 short. Then the clock moves into the next minute (the
/// second minute closed), and the REST answers are read.
async fn trade(sim: &Sim, client: &Client) -> Answers {
    // Into the second minute: its first input closes the first (its equity rows) before any
    // trade.
    sim.advance_clock(Duration::from_secs(60));
    client
        .new_order(order(Side::Buy, Open::Open, 2))
        .send()
        .await
        .expect("open long");
    client
        .transfer(Transfer {
            coin_symbol: "USDT".into(),
            amount: Decimal::from(100),
            transfer_type: TransferType::ContractToWallet,
        })
        .send()
        .await
        .expect("transfer");
    client
        .new_order(order(Side::Sell, Open::Close, 2))
        .send()
        .await
        .expect("close long");
    client
        .new_order(order(Side::Sell, Open::Open, 1))
        .send()
        .await
        .expect("open short");
    // Into the third minute: the rows after the trades. An admin input at the same mark price
    // is answered once committed, and so is the clock's tick before it (commits are in order).
    sim.advance_clock(Duration::from_secs(60));
    let mark = sim.mark_price(BTC).expect("a mark price");
    sim.set_mark_price(BTC, mark).expect("the same mark");
    let trades = client.my_trades(BTC).send().await.expect("myTrades");
    let account = client.account().send().await.expect("account");
    let usdt = account
        .account
        .iter()
        .find(|b| b.margin_coin == "USDT")
        .expect("a USDT balance");
    let get = |d: Option<Decimal>| d.expect("a figure");
    Answers {
        trades,
        realized: get(usdt.achieved_amount),
        equity: get(usdt.total_equity) + get(usdt.part_equity),
        unrealized: get(usdt.unrealized_amount),
    }
}

/// Every metric a report names, a backtest's or a paper session's, sorted.
const METRICS: &str = "avg_drawdown_duration avg_drawdown_pct avg_trade_duration avg_trade_pct \
    best_trade_pct buy_and_hold_return_pct calmar_ratio duration end equity_final equity_peak \
    expectancy_pct exposure_time_pct fees_maker fees_taker funding_paid funding_received \
    max_drawdown_duration max_drawdown_pct max_leverage max_margin_used_pct max_trade_duration \
    min_liquidation_distance_pct profit_factor return_ann_pct return_pct sharpe_ratio \
    sortino_ratio sqn start trades volatility_ann_pct win_rate_pct worst_trade_pct";

/// The 34 metric names, sorted.
pub fn metrics() -> Vec<String> {
    METRICS.split_whitespace().map(str::to_owned).collect()
}

/// The names under `metrics` in the report's JSON, sorted.
pub fn metric_names(report: &Report) -> Vec<String> {
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).expect("JSON");
    let mut names: Vec<String> = json["metrics"]
        .as_object()
        .expect("a metrics object")
        .keys()
        .cloned()
        .collect();
    names.sort();
    names
}

fn run(args: &[&str], state: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_contango-sim"))
        .arg("report")
        .arg("--state")
        .arg(state)
        .args(args)
        .output()
        .expect("contango-sim runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paper_sessions_report_is_what_the_account_has() {
    let dir = TempDir::new("session");
    let sim = Sim::builder()
        .state_dir(&dir.0)
        .clock_at(START)
        .start()
        .await
        .expect("a journaled venue");
    let client = sim.client().expect("client");
    let answers = trade(&sim, &client).await;

    // `contango-sim report` while the venue runs: read-only, beside the writer. The read tables
    // follow the journal within a tenth of a second: read until the three fills are there.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let live = loop {
        let state = dir.0.clone();
        let out = tokio::task::spawn_blocking(move || run(&["--json"], &state))
            .await
            .expect("joined");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let live: Report = serde_json::from_slice(&out.stdout).expect("a report as JSON");
        if live.fills.len() == answers.trades.len() || std::time::Instant::now() > deadline {
            break live;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(live.fills.len(), answers.trades.len());
    sim.shutdown().await;

    let reader = Reader::open(&dir.0).expect("the store");
    let report = Report::from_store(&reader, &Account::Funded).expect("the report");
    // Read after the shutdown: the same, and the minute it stopped in on the curve too, closed
    // as it stood (nothing changed in it: the same equity).
    let second = START - START % MINUTE + MINUTE;
    assert_eq!(report.results, live.results);
    assert_eq!(report.fills, live.fills);
    assert_eq!(
        report.equity[..3],
        live.equity[..],
        "read while it ran, read after"
    );
    let stopped = EquityPoint {
        time_ms: second + 2 * MINUTE,
        ..live.equity[2]
    };
    assert_eq!(report.equity[3..], [stopped]);

    // What produced it.
    assert_eq!(report.run.kind, RunKind::Paper);
    assert_eq!(report.run.account.uid, contango_sim::exchange::USER_UID);
    assert_eq!(
        report.run.account.api_key.as_deref(),
        Some("contango-sim-api-key")
    );
    assert_eq!(report.run.coin, "USDT", "USDT among several coins");
    assert_eq!(report.run.latency, ZERO_LATENCY);
    assert_eq!(
        report.run.span,
        Some(Span {
            first_ms: second - MINUTE,
            last_ms: second + 2 * MINUTE
        }),
        "from the account's opening to the minute the venue stopped in"
    );
    assert!(report.timing.is_none());

    // The fills are the account's trades, one for one.
    assert_eq!(report.fills.len(), 3);
    for (fill, trade) in report.fills.iter().zip(&answers.trades) {
        let buyer = trade.is_buyer == Some(true);
        let order_id = if buyer { trade.bid_id } else { trade.ask_id };
        assert_eq!(Some(fill.order_id), order_id);
        assert_eq!(fill.side, if buyer { "BUY" } else { "SELL" });
        assert_eq!(Some(fill.price), trade.price);
        assert_eq!(Some(fill.volume), trade.qty);
        assert_eq!(Some(fill.fee), trade.fee);
        assert_eq!(fill.contract, BTC);
        assert_eq!(fill.rule, "match", "against the venue's own book");
        assert_eq!(fill.time_ms, START + MINUTE);
    }
    let r = &report.results;
    assert_eq!(r.fills_by_rule.get("match"), Some(&3));
    assert_eq!(r.orders, 3);
    let fees: Decimal = answers.trades.iter().filter_map(|t| t.fee).sum();
    assert!(fees > Decimal::ZERO);
    assert_eq!(r.fees, fees);
    assert_eq!(r.realized_pnl, answers.realized);
    assert!(
        r.realized_pnl < Decimal::ZERO,
        "bought at the ask, sold at the bid"
    );

    // Equity: 100000 before trading; after, what the account answered with the 100 USDT moved
    // to the wallet added back (the curve is what trading made: a withdrawal is no loss).
    let traded = answers.equity + Decimal::from(100);
    assert_eq!(r.equity_start, Some(Decimal::from(100_000)));
    assert_eq!(r.equity_end, Some(traded));
    assert_eq!(r.unrealized_pnl, Some(answers.unrealized));
    assert!(answers.unrealized != Decimal::ZERO, "the short is open");
    assert_eq!(
        answers.equity,
        Decimal::from(100_000 - 100) - fees + answers.realized + answers.unrealized
    );
    assert_eq!(r.max_drawdown, Some(Decimal::from(100_000) - traded));
    assert_eq!(
        traded,
        Decimal::from(100_000) - fees + answers.realized + answers.unrealized,
        "trading's result alone"
    );
    let curve: Vec<(i64, Decimal)> = report
        .equity
        .iter()
        .map(|p| (p.time_ms, p.position))
        .collect();
    assert_eq!(
        curve,
        [
            (second - MINUTE, Decimal::ZERO),
            (second, Decimal::ZERO),
            (second + MINUTE, Decimal::from(-1)),
            (second + 2 * MINUTE, Decimal::from(-1))
        ]
    );

    // The metrics and the ledger, by the backtest's code: the long opened and closed is one
    // round trip, the short still open none; a row every minute, so the minutes are the curve.
    let minutes: Vec<(i64, Decimal)> = report
        .minutes
        .iter()
        .map(|p| (p.time_ms, p.equity))
        .collect();
    let rows: Vec<(i64, Decimal)> = report
        .equity
        .iter()
        .map(|p| (p.time_ms, p.equity))
        .collect();
    assert_eq!(minutes, rows);
    let trips = report.trades();
    assert_eq!(trips.len(), 1);
    assert_eq!(
        (trips[0].side.as_str(), trips[0].volume),
        ("long", Decimal::from(2))
    );
    assert_eq!(trips[0].pnl + trips[0].fees, answers.realized);
    let m = &report.metrics;
    assert_eq!(m.trades, 1);
    assert_eq!((m.fees_taker, m.fees_maker), (fees, Decimal::ZERO));
    assert_eq!(m.equity_final, r.equity_end);
    assert!(m.return_pct.is_some_and(|x| x < 0.0), "{m:?}");
    assert!(m.sharpe_ratio.is_some(), "three returns: {m:?}");
    // The store keeps each minute's marks and exposure: the price, the margin, the leverage.
    assert_eq!(report.run.instrument.as_deref(), Some(BTC));
    assert!(
        report.minutes.iter().all(|p| p.price.is_some()),
        "{:?}",
        report.minutes
    );
    assert!(m.buy_and_hold_return_pct.is_some(), "{m:?}");
    assert!(m.max_leverage.is_some_and(|l| l > 0.0), "the short: {m:?}");
    assert!(m.max_margin_used_pct.is_some_and(|x| x > 0.0), "{m:?}");
    assert!(
        m.min_liquidation_distance_pct.is_some(),
        "a short can be: {m:?}"
    );
    assert_eq!(
        metric_names(&report),
        metrics(),
        "every metric, a figure or null"
    );

    // By API key or uid, the same report; an account without an equity row has no equity.
    let by_key = Account::ApiKey("contango-sim-api-key".into());
    assert_eq!(Report::from_store(&reader, &by_key), Ok(report.clone()));
    assert_eq!(
        Report::from_store(&reader, &Account::parse("10001")),
        Ok(report.clone())
    );
    let maker = Report::from_store(&reader, &Account::Uid(1)).expect("the market maker");
    assert_eq!(maker.fills.len(), 3, "the other side of each trade");
    let unknown = Report::from_store(&reader, &Account::Uid(5)).expect_err("no such account");
    assert!(
        unknown.to_string().contains("no account uid 5"),
        "{unknown}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn contango_sim_report_prints_a_stores_report_and_changes_nothing() {
    let dir = TempDir::new("binary");
    // A model other than the default, read back from the store's snapshot.
    let sim = Sim::builder()
        .state_dir(&dir.0)
        .queue_model(QueueModel::Power(3))
        .clock_at(START)
        .start()
        .await
        .expect("a journaled venue");
    let client = sim.client().expect("client");
    let answers = trade(&sim, &client).await;
    sim.shutdown().await;
    let file = dir.0.join(contango_sim::store::FILE_NAME);
    let before = std::fs::read(&file).expect("the store");

    let json = run(&["--json"], &dir.0);
    assert_eq!(json.status.code(), Some(0), "{}", text(&json.stderr));
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["run"]["kind"], "paper");
    assert_eq!(value["run"]["account"]["uid"], 10_001);
    assert_eq!(value["run"]["coin"], "USDT");
    assert_eq!(value["run"]["latency"], ZERO_LATENCY);
    assert_eq!(value["run"]["queue_model"], "power:3");
    assert_eq!(value["results"]["orders"], 3);
    assert_eq!(value["results"]["fills_by_rule"]["match"], 3);
    assert!(value["timing"].is_null());
    let fills = value["fills"].as_array().expect("fills");
    assert_eq!(fills.len(), answers.trades.len());
    let reader = Reader::open(&dir.0).expect("the store");
    let report = Report::from_store(&reader, &Account::Funded).expect("the report");
    assert_eq!(
        text(&json.stdout),
        report.to_json() + "\n",
        "exact decimals"
    );
    drop(reader);

    let summary = run(&["--account", "contango-sim-api-key"], &dir.0);
    assert_eq!(summary.status.code(), Some(0), "{}", text(&summary.stderr));
    let summary = text(&summary.stdout);
    assert_eq!(
        summary,
        report.to_string(),
        "the summary of the same report"
    );
    for line in [
        "paper session of account 10001 (API key contango-sim-api-key), money in USDT",
        "latency         none: zero latency assumed",
        "queue model     power:3",
        "orders          3",
        "fills           3 (match 3)",
    ] {
        assert!(summary.contains(line), "{line}\n{summary}");
    }
    assert!(!summary.contains("timing"), "{summary}");

    let svg = dir.0.join("report.svg");
    let plotted = run(&["--plot", &svg.display().to_string()], &dir.0);
    assert_eq!(plotted.status.code(), Some(0), "{}", text(&plotted.stderr));
    let drawn = std::fs::read_to_string(&svg).expect("the chart");
    assert!(drawn.starts_with("<svg"), "{drawn:.60}");

    let (html, csv) = (dir.0.join("report.html"), dir.0.join("trades.csv"));
    let written = run(
        &[
            "--tearsheet",
            &html.display().to_string(),
            "--trades",
            &csv.display().to_string(),
        ],
        &dir.0,
    );
    assert_eq!(written.status.code(), Some(0), "{}", text(&written.stderr));
    let page = std::fs::read_to_string(&html).expect("the tearsheet");
    assert!(page.contains("Paper session of account 10001") && page.contains("<svg"));
    let ledger = std::fs::read_to_string(&csv).expect("the ledger");
    assert_eq!(ledger, report.trades_csv(), "one round trip: the long");
    assert_eq!(ledger.lines().count(), 2);

    let unknown = run(&["--account", "nobody"], &dir.0);
    assert_eq!(unknown.status.code(), Some(1));
    let message = text(&unknown.stderr);
    assert!(
        message.contains("no account with API key nobody"),
        "{message}"
    );

    assert_eq!(
        std::fs::read(&file).expect("the store"),
        before,
        "reports read the store and never write it"
    );
}

#[test]
fn contango_sim_report_refuses_a_store_it_cannot_read() {
    let dir = TempDir::new("refused");
    let missing = run(&[], &dir.0);
    assert_eq!(missing.status.code(), Some(1));
    let message = text(&missing.stderr);
    let file = dir.0.join(contango_sim::store::FILE_NAME);
    assert!(
        message.contains("cannot read the store") && message.contains(&file.display().to_string()),
        "{message}"
    );
    assert!(!dir.0.exists(), "a report creates nothing");

    std::fs::create_dir_all(&dir.0).expect("dir");
    std::fs::write(
        &file,
        "not a store, a text file long enough to have a header".repeat(3),
    )
    .expect("file");
    let foreign = run(&["--json"], &dir.0);
    assert_eq!(foreign.status.code(), Some(1));
    let message = text(&foreign.stderr);
    assert!(
        message.contains(&file.display().to_string()) && message.contains("not a SQLite database"),
        "{message}"
    );
    assert!(foreign.stdout.is_empty());
}

/// Opens a long of 1 and closes it, with MARKET orders against the venue's book.
async fn round_trip(client: &Client) {
    client
        .new_order(order(Side::Buy, Open::Open, 1))
        .send()
        .await
        .expect("open long");
    client
        .new_order(order(Side::Sell, Open::Close, 1))
        .send()
        .await
        .expect("close long");
}

/// A journaled venue in `dir` on the injected clock at `at`, with `latency` if given: a round
/// trip traded, then shut down (its read tables written).
async fn session(dir: &Path, at: i64, latency: Option<Latency>) {
    let mut builder = Sim::builder().state_dir(dir).clock_at(at);
    if let Some(latency) = latency {
        builder = builder.latency(latency);
    }
    let sim = builder.start().await.expect("a journaled venue");
    let client = sim.client().expect("client");
    round_trip(&client).await;
    sim.shutdown().await;
}

fn model(text: &str) -> Latency {
    text.parse().expect("a latency model")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paper_sessions_report_names_the_latency_model_it_ran_with() {
    let dir = TempDir::new("latency");
    let latency = model("order_entry=30ms,response=5ms");
    session(&dir.0, START, Some(latency.clone())).await;

    let reader = Reader::open(&dir.0).expect("the store");
    let report = Report::from_store(&reader, &Account::Funded).expect("the report");
    assert_eq!(report.fills.len(), 2, "the round trip");
    let named = "order entry 30 ms, cancel 0 ms, response 5 ms, market data 0 ms";
    assert_eq!(latency.to_string(), named);
    assert_eq!(report.run.latency, named);
    let summary = report.to_string();
    assert!(
        summary.contains(&format!("latency         {named}\n")),
        "{summary}"
    );
    // The store's record of the start it came from.
    let starts = reader.starts().expect("starts");
    assert_eq!(starts.len(), 1, "{starts:?}");
    assert_eq!(
        (starts[0].id, starts[0].seq, starts[0].time_ms),
        (1, 0, START)
    );
    assert_eq!(starts[0].latency.as_deref(), Some(named));

    // `contango-sim report --json` says the same.
    let json = run(&["--json"], &dir.0);
    assert_eq!(json.status.code(), Some(0), "{}", text(&json.stderr));
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["run"]["latency"], named);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paper_session_without_a_latency_model_says_zero_latency() {
    let dir = TempDir::new("no-latency");
    session(&dir.0, START, None).await;

    let reader = Reader::open(&dir.0).expect("the store");
    let report = Report::from_store(&reader, &Account::Funded).expect("the report");
    assert_eq!(report.fills.len(), 2, "the round trip");
    assert_eq!(report.run.latency, ZERO_LATENCY);
    assert_eq!(report.run.latency, "none: zero latency assumed");
    // Recorded as none, not left out.
    let starts = reader.starts().expect("starts");
    assert_eq!(starts.len(), 1, "{starts:?}");
    assert_eq!(starts[0].latency, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_with_another_latency_model_names_each_from_its_start() {
    let dir = TempDir::new("restarts");
    let first = model("order_entry=30ms");
    let second = model("20ms");
    // Ten minutes apart on the injected clock; the third start without a model.
    session(&dir.0, START, Some(first.clone())).await;
    session(&dir.0, START + 10 * MINUTE, Some(second.clone())).await;
    session(&dir.0, START + 20 * MINUTE, None).await;

    let reader = Reader::open(&dir.0).expect("the store");
    let report = Report::from_store(&reader, &Account::Funded).expect("the report");
    assert_eq!(report.fills.len(), 6, "a round trip under each");
    assert_eq!(
        report.run.latency,
        format!(
            "{first} (from 2026-01-01T00:00:01 UTC); {second} (from 2026-01-01T00:10:01 UTC); \
             none (from 2026-01-01T00:20:01 UTC)"
        )
    );
    // Each start where it found the journal: the next begins after the inputs of the one before.
    let starts: Vec<StartRow> = reader.starts().expect("starts");
    let ids: Vec<i64> = starts.iter().map(|s| s.id).collect();
    assert_eq!(ids, [1, 2, 3]);
    assert_eq!(starts[0].seq, 0);
    assert!(
        starts[0].seq < starts[1].seq && starts[1].seq < starts[2].seq,
        "{starts:?}"
    );
    let times: Vec<i64> = starts.iter().map(|s| s.time_ms).collect();
    assert_eq!(times, [START, START + 10 * MINUTE, START + 20 * MINUTE]);
    // Each fill was made under the model of the start before it.
    for (fill, start) in report.fills.chunks(2).zip(&starts) {
        assert!(
            fill.iter().all(|f| f.time_ms >= start.time_ms),
            "{fill:?} {start:?}"
        );
    }
}
