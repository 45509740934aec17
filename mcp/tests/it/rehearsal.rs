//! Rehearsal through the agents' tools: `backtest_open` starts a driven venue on a recorded
//! market, the endpoint tools trade on it between `backtest_step`s (latency on, so each order
//! moves the market by itself), and `backtest_report` gives the report the admin route gives
//! for the same rehearsal driven by hand. A long step tells its progress and stops when its
//! caller gives up; the simulator ends with the server, even killed.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use contango::risk::{RiskGuard, RiskLimits};
use contango::{Credentials, NewOrder, Open, OrderType, PositionType, Side};
use rmcp::model::{
    CallToolRequestParams, NumberOrString, ProgressNotificationParam, ProgressToken,
    RequestMetaObject,
};
use rmcp::service::{NotificationContext, RoleClient};
use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::server::{call, ok, refused, start_as, start_env};

const BTC: &str = "E-BTC-USDT";
const LATENCY: &str = "order_entry=30ms,response=20ms";

/// A recorded market of `ms` (named by its length: tests run at once).
pub(crate) async fn recorded(ms: u64) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "contango-mcp-rehearsal-{}-{ms}.jsonl",
        std::process::id()
    ));
    let driver = contango_sim::MarketDriver::random_walk(7)
        .contracts([BTC])
        .step(Duration::from_millis(10))
        .trade_every(1);
    contango_sim::Sim::record_market(&path, driver, &[BTC], Duration::from_millis(ms))
        .await
        .expect("a recording");
    path
}

/// A recording of `frames` market frames written directly (a recorded session takes its length
/// in wall time): depth snapshots and trades in turn, 100 ms of exchange time apart.
fn synthetic(frames: usize) -> PathBuf {
    use std::io::Write as _;
    let path = std::env::temp_dir().join(format!(
        "contango-mcp-synthetic-{}-{frames}.jsonl",
        std::process::id()
    ));
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("a file"));
    let mut line = |v: Value| writeln!(out, "{v}").expect("written");
    line(
        json!({"contango_recording": 3, "started_us": 1_795_000_000_000_000_i64, "client": "test"}),
    );
    line(
        json!({"at_us": 0, "kind": "connect", "conn": 1, "stream": "market", "url": "ws://127.0.0.1:1/kline-api/ws"}),
    );
    for i in 0..frames {
        let ts = 1_795_000_000_000_i64 + 100 * i as i64;
        let mid = 30_000 + (i / 20 % 7) as i64;
        let text = if i % 2 == 0 {
            let side = |dir: i64| -> Vec<Value> {
                (1..=5)
                    .map(|k| json!([(mid + dir * k).to_string(), "10"]))
                    .collect()
            };
            json!({"event_rep": "", "channel": "market_e_btcusdt_depth_step0", "data": null,
                "tick": {"asks": side(1), "buys": side(-1)}, "ts": ts, "status": "ok"})
        } else {
            json!({"event_rep": "", "channel": "market_e_btcusdt_trade_ticker", "data": [],
                "tick": {"data": [{"price": (mid - 1).to_string(), "vol": "1", "side": "SELL",
                    "amount": "30000", "ds": "2026-11-19 00:00:00", "ts": ts}], "ts": ts},
                "ts": ts, "status": "ok"})
        };
        line(
            json!({"at_us": 1_000 * i as i64 + 1, "kind": "frame", "conn": 1, "dir": "in",
            "text": text.to_string()}),
        );
    }
    out.flush().expect("flushed");
    path
}

/// `contango-sim`, built beside the server (the workspace's test build).
fn simulator() -> PathBuf {
    let server = Path::new(env!("CARGO_BIN_EXE_contango-mcp"));
    let sim = server.with_file_name(format!("contango-sim{}", std::env::consts::EXE_SUFFIX));
    assert!(
        sim.is_file(),
        "{} is not built: the workspace's tests build it (cargo test --workspace), or cargo build -p contango-sim-cli",
        sim.display()
    );
    sim
}

fn order(side: Side) -> NewOrder {
    NewOrder {
        contract_name: BTC.into(),
        side,
        order_type: OrderType::Market,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: Decimal::ONE,
        amount: Decimal::ZERO,
        price: Decimal::ZERO,
    }
}

/// The same order as a tool's arguments.
fn order_args(side: &str) -> Value {
    json!({
        "contractName": BTC, "side": side, "type": "MARKET", "positionType": 1,
        "open": "OPEN", "volume": "1", "amount": "0", "price": "0"
    })
}

/// The rehearsal driven by hand: `contango-sim --driven` stepped over its admin route, traded
/// on with the SDK. Its steps' answers and the report.
async fn by_the_route(path: &Path) -> (Vec<Value>, Value) {
    let mut child = Command::new(simulator())
        .args(["--market-from"])
        .arg(path)
        .args(["--driven", "--latency", LATENCY, "--until-stdin-closes"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("contango-sim starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines().map_while(Result::ok);
    let (mut url, mut key, mut secret) = (None, None, None);
    for line in lines.by_ref() {
        if line.starts_with("Ctrl-C") {
            break;
        }
        let value = line.split_once(" : ").map(|(_, v)| v.trim().to_owned());
        match line.split_once(" : ").map(|(l, _)| l.trim()) {
            Some("REST base URL") => url = value,
            Some("API key") => key = value,
            Some("secret") => secret = value,
            _ => {}
        }
    }
    std::thread::spawn(move || lines.for_each(drop));
    let (url, key, secret) = (
        url.expect("its address"),
        key.expect("its key"),
        secret.expect("its secret"),
    );
    let http = reqwest::Client::new();
    let step = |body: Value| {
        let (http, url) = (http.clone(), url.clone());
        async move {
            let answer: Value = http
                .post(format!("{url}/__sim/step"))
                .json(&body)
                .send()
                .await
                .expect("stepped")
                .json()
                .await
                .expect("JSON");
            answer["data"].clone()
        }
    };
    let client = contango::Client::builder()
        .base_url(&url)
        .credentials(Credentials::new(&key, &secret))
        .unpaced()
        .build()
        .expect("a client");
    // The agents' limits, judged as the tools judge them: each order's exposure read over REST
    // (each read moves the venue by its latency) before it is sent.
    contango::risk::install(
        &client,
        Arc::new(RiskGuard::new(RiskLimits::agent_defaults())),
    );
    let mut steps = vec![step(json!({"frames": 5})).await];
    let start = steps[0]["nowMs"].as_i64().expect("a time");
    client
        .new_order(order(Side::Buy))
        .send()
        .await
        .expect("bought");
    steps.push(step(json!({"until_ms": start + 500})).await);
    client
        .new_order(order(Side::Sell))
        .send()
        .await
        .expect("sold");
    steps.push(step(json!({"frames": 1_000_000})).await);
    let report: Value = http
        .get(format!("{url}/__sim/report"))
        .send()
        .await
        .expect("answered")
        .json()
        .await
        .expect("JSON");
    let _ = child.kill();
    let _ = child.wait();
    (steps, report["data"].clone())
}

/// A client that keeps the progress it is told of.
#[derive(Clone, Default)]
struct Heard(Arc<Mutex<Vec<ProgressNotificationParam>>>);

impl rmcp::ClientHandler for Heard {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _: NotificationContext<RoleClient>,
    ) {
        self.0.lock().expect("the list").push(params);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rehearsal_through_the_tools_reports_what_the_route_does() {
    let path = recorded(1_000).await;
    let (route_steps, mut route_report) = by_the_route(&path).await;
    assert_eq!(
        route_report["fills"].as_array().map(Vec::len),
        Some(2),
        "{route_report}"
    );

    let heard = Heard::default();
    let sim = simulator();
    let env = [("CONTANGO_SIM", sim.to_str().expect("a path"))];
    let agent = start_as(heard.clone(), &[], None, &env).await;
    let tools = agent.list_all_tools().await.expect("the tools");
    let new_order = tools
        .iter()
        .find(|t| t.name == "new_order")
        .expect("new_order");
    assert_eq!(
        new_order.input_schema["properties"]["venue"]["enum"],
        json!(["rehearsal", "paper"])
    );
    let early = refused(call(&agent, "backtest_step", json!({"frames": 1})).await);
    assert!(
        early["message"]
            .as_str()
            .is_some_and(|m| m.contains("backtest_open")),
        "{early:?}"
    );

    let recording = path.to_str().expect("a path");
    let opened = ok(call(
        &agent,
        "backtest_open",
        json!({"recording": recording, "latency": LATENCY}),
    )
    .await);
    assert_eq!(opened["replaced"], false, "{opened}");
    let mut steps = vec![ok(call(&agent, "backtest_step", json!({"frames": 5})).await)];
    let start = steps[0]["nowMs"].as_i64().expect("a time");
    ok(call(&agent, "new_order", order_args("BUY")).await);
    steps.push(ok(call(
        &agent,
        "backtest_step",
        json!({"until_ms": start + 500}),
    )
    .await));
    ok(call(&agent, "new_order", order_args("SELL")).await);
    // The last step asks for progress.
    let mut meta = RequestMetaObject::default();
    meta.set_progress_token(ProgressToken(NumberOrString::Number(7)));
    let mut last = CallToolRequestParams::new("backtest_step");
    last.arguments = Some(serde_json::Map::from_iter([(
        "frames".to_owned(),
        json!(1_000_000),
    )]));
    last.meta = Some(meta);
    let end = tokio::time::timeout(Duration::from_secs(30), agent.call_tool(last))
        .await
        .expect("answered within 30 s")
        .expect("a result");
    steps.push(ok(end));
    assert_eq!(steps, route_steps, "each step answers as the route's did");

    let told = heard.0.lock().expect("the list").clone();
    let frames = steps[2]["frames"].as_f64().expect("frames");
    assert!(
        told.iter()
            .any(|p| p.progress_token.0 == NumberOrString::Number(7)
                && p.progress == frames
                && p.total == Some(1_000_000.0)),
        "the long step told its progress: {told:?}"
    );

    let page = std::env::temp_dir().join(format!(
        "contango-mcp-rehearsal-{}.html",
        std::process::id()
    ));
    let page_path = page.to_str().expect("a path");
    let mut report = ok(call(&agent, "backtest_report", json!({"tearsheet": page_path})).await);
    assert_eq!(report["tearsheet"], page_path);
    report.as_object_mut().map(|m| m.remove("tearsheet"));
    // The route's report names the account by its key; a tool's answer shows no credential.
    assert!(route_report["run"]["account"]["api_key"].is_string());
    assert_eq!(report["run"]["account"]["api_key"], "<api-key>");
    route_report["run"]["account"]["api_key"] = "<api-key>".into();
    assert_eq!(
        report, route_report,
        "the tools' rehearsal reports as the route's"
    );
    let html = std::fs::read_to_string(&page).expect("the tearsheet");
    assert!(html.starts_with("<!DOCTYPE html>"), "{html:.100}");
    let again = refused(call(&agent, "backtest_report", json!({"tearsheet": page_path})).await);
    assert_eq!(again["field"], "tearsheet", "never written over: {again:?}");
    let elsewhere =
        refused(call(&agent, "backtest_report", json!({"tearsheet": "/tmp/x.sh"})).await);
    assert_eq!(elsewhere["field"], "tearsheet", "{elsewhere:?}");

    // The server's own venue is untouched, and still reachable by name.
    let paper = ok(call(&agent, "account_state", json!({"venue": "paper"})).await);
    assert_eq!(paper["positions"], json!([]), "{paper}");
    let rehearsed = ok(call(&agent, "account_state", json!({})).await);
    assert_eq!(
        rehearsed["positions"].as_array().map(Vec::len),
        Some(2),
        "a long and a short opened (hedged): {rehearsed}"
    );
    // Another rehearsal replaces this one, from its start.
    let again = ok(call(&agent, "backtest_open", json!({"recording": recording})).await);
    assert_eq!(again["replaced"], true, "{again}");
    let unplayed = refused(call(&agent, "backtest_report", json!({})).await);
    assert!(
        unplayed["message"]
            .as_str()
            .is_some_and(|m| m.contains("step it to its end")),
        "{unplayed:?}"
    );
    agent.cancel().await.expect("closed");
    let _ = std::fs::remove_file(&page);
    let _ = std::fs::remove_file(&path);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rehearsal_is_refused_by_name_and_a_read_only_server_has_none() {
    let agent = start_env(&[], None, &[]).await;
    let missing = refused(
        call(
            &agent,
            "backtest_open",
            json!({"recording": "/no/such/market.jsonl"}),
        )
        .await,
    );
    assert_eq!(missing["field"], "recording", "{missing:?}");
    let dir = std::env::temp_dir();
    let bad = refused(
        call(
            &agent,
            "backtest_open",
            json!({"recording": dir, "latency": "soon"}),
        )
        .await,
    );
    assert_eq!(bad["field"], "latency", "{bad:?}");
    let no_rehearsal = refused(
        call(
            &agent,
            "depth",
            json!({"contractName": BTC, "venue": "rehearsal"}),
        )
        .await,
    );
    assert_eq!(no_rehearsal["field"], "venue", "{no_rehearsal:?}");
    agent.cancel().await.expect("closed");

    let reader = start_env(&["--read-only"], None, &[]).await;
    let tools = reader.list_all_tools().await.expect("the tools");
    assert!(tools.iter().all(|t| !t.name.starts_with("backtest_")));
    let depth = tools.iter().find(|t| t.name == "depth").expect("depth");
    assert!(depth.input_schema["properties"].get("venue").is_none());
    reader.cancel().await.expect("closed");
}

/// Whether process `pid` is still running (not gone, not a zombie).
#[cfg(target_os = "linux")]
fn running(pid: u64) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit_once(") ")
            .is_some_and(|(_, rest)| !rest.starts_with('Z'))
    })
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rehearsals_simulator_ends_with_its_server_even_killed() {
    let path = recorded(300).await;
    let sim = simulator();
    let env = [("CONTANGO_SIM", sim.to_str().expect("a path"))];
    let agent = start_env(&[], None, &env).await;
    let recording = path.to_str().expect("a path");
    let opened = ok(call(&agent, "backtest_open", json!({"recording": recording})).await);
    let child = opened["process"].as_u64().expect("its process");
    assert!(running(child));
    let stat = std::fs::read_to_string(format!("/proc/{child}/stat")).expect("its stat");
    let parent: i32 = stat
        .rsplit_once(") ")
        .and_then(|(_, rest)| rest.split(' ').nth(1))
        .and_then(|p| p.parse().ok())
        .expect("its parent");
    let killed = Command::new("kill")
        .args(["-KILL", &parent.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while running(child) && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(!running(child), "the simulator outlived its killed server");
    drop(agent);
    let _ = std::fs::remove_file(&path);
}

/// A long step is told in parts and stops between them when its caller gives up: the market
/// stays where the parts it took left it, short of the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_step_tells_its_progress_and_stops_when_cancelled() {
    const FRAMES: usize = 60_000;
    let path = synthetic(FRAMES);
    let (told, mut heard) = tokio::sync::mpsc::unbounded_channel();
    let sim = simulator();
    let env = [("CONTANGO_SIM", sim.to_str().expect("a path"))];
    let agent = start_as(Told(told), &[], None, &env).await;
    let recording = path.to_str().expect("a path");
    ok(call(&agent, "backtest_open", json!({"recording": recording})).await);
    let mut meta = RequestMetaObject::default();
    meta.set_progress_token(ProgressToken(NumberOrString::Number(9)));
    let mut long = CallToolRequestParams::new("backtest_step");
    long.arguments = Some(serde_json::Map::from_iter([(
        "frames".to_owned(),
        json!(1_000_000),
    )]));
    long.meta = Some(meta);
    // Given up on (the future dropped: rmcp's client sends `notifications/cancelled`) once its
    // first part is told.
    let given_up = tokio::select! {
        answered = agent.call_tool(long) => panic!("answered before its first part was told: {answered:?}"),
        first = heard.recv() => first.expect("a progress notification"),
    };
    assert_eq!(given_up.progress, 10_000.0, "{given_up:?}");
    assert_eq!(given_up.total, Some(1_000_000.0));
    let mut at = Value::Null;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        at = ok(call(&agent, "backtest_step", json!({"frames": 0})).await);
        let applied = at["framesApplied"].as_u64().unwrap_or_default();
        // Still the same for a second look: the stopped step applies nothing more.
        let again = ok(call(&agent, "backtest_step", json!({"frames": 0})).await);
        if again["framesApplied"].as_u64() == Some(applied) {
            break;
        }
    }
    let applied = at["framesApplied"].as_u64().expect("frames applied");
    assert!(
        (10_000..FRAMES as u64).contains(&applied) && at["done"] == false,
        "stopped short of the end, after whole parts: {at}"
    );
    assert_eq!(applied % 10_000, 0, "between parts: {applied}");
    agent.cancel().await.expect("closed");
    let _ = std::fs::remove_file(&path);
}

/// A client that passes on the progress it is told of.
#[derive(Clone)]
struct Told(tokio::sync::mpsc::UnboundedSender<ProgressNotificationParam>);

impl rmcp::ClientHandler for Told {
    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _: NotificationContext<RoleClient>,
    ) {
        let _ = self.0.send(params);
    }
}
