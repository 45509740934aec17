//! An agent rehearses on a recorded market through its tools, in one process: the server of the
//! shipped spec (paper on the embedded simulator, the agents' default limits) with rehearsals
//! on, driven by rmcp's own MCP client over an in-memory pipe. It records two seconds of the
//! simulator's market, opens a rehearsal on it with 30 ms to send an order and 20 ms for the
//! answer, buys, steps half a second, sells, steps to the end (hearing the progress), and prints
//! the report's metrics and where its tearsheet is; it exits 0 when both orders filled.
//!
//! The rehearsal runs `contango-sim`, a binary of its own: build it first.
//!
//! `cargo build -p contango-sim-cli && cargo run -p contango-mcp --example rehearsal`

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use contango::risk::{RiskGuard, RiskLimits};
use contango_cli::commands::Commands;
use contango_cli::target::Target;
use contango_mcp::outcome::Late;
use contango_mcp::rehearsal::{ENV_BINARY, Rehearsals};
use contango_mcp::server::{Mode, Server};
use contango_mcp::venue::{Venue, clients};
use contango_sim::{MarketDriver, Sim};
use rmcp::ServiceExt;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, NumberOrString, ProgressNotificationParam,
    ProgressToken, RequestMetaObject,
};
use rmcp::service::{NotificationContext, RoleClient, RunningService};
use serde_json::{Value, json};

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const BTC: &str = "E-BTC-USDT";

/// The agent's side: it prints the progress it is told of.
#[derive(Clone, Default)]
struct Agent(Arc<Mutex<Vec<f64>>>);

impl rmcp::ClientHandler for Agent {
    async fn on_progress(&self, p: ProgressNotificationParam, _: NotificationContext<RoleClient>) {
        println!(
            "  progress: {} of {:?} ({})",
            p.progress,
            p.total,
            p.message.unwrap_or_default()
        );
        self.0.lock().map(|mut v| v.push(p.progress)).ok();
    }
}

async fn call(
    agent: &RunningService<RoleClient, Agent>,
    tool: &str,
    args: Value,
    progress: bool,
) -> Result<Value> {
    let Value::Object(args) = args else {
        return Err("arguments are an object".into());
    };
    let mut call = CallToolRequestParams::new(tool.to_owned()).with_arguments(args);
    if progress {
        let mut meta = RequestMetaObject::default();
        meta.set_progress_token(ProgressToken(NumberOrString::Number(1)));
        call.meta = Some(meta);
    }
    let answer: CallToolResult = agent.call_tool(call).await?;
    let content = answer.structured_content.unwrap_or(Value::Null);
    if answer.is_error == Some(true) {
        return Err(format!("{tool} refused: {content}").into());
    }
    Ok(content)
}

/// `contango-sim`: `CONTANGO_SIM`, else in the target directory above this example's.
fn simulator() -> Result<PathBuf> {
    if let Some(path) = std::env::var_os(ENV_BINARY) {
        return Ok(path.into());
    }
    let exe = std::env::current_exe()?;
    let name = format!("contango-sim{}", std::env::consts::EXE_SUFFIX);
    let beside = exe
        .parent()
        .and_then(|examples| examples.parent())
        .map(|dir| dir.join(name))
        .filter(|p| p.is_file());
    beside.ok_or_else(|| {
        "contango-sim is not built: cargo build -p contango-sim-cli (or name it in CONTANGO_SIM)"
            .into()
    })
}

#[tokio::main]
async fn main() -> Result {
    let simulator = simulator()?;
    let dir = std::env::temp_dir().join(format!("contango-rehearsal-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let recording = dir.join("market.jsonl");
    let driver = MarketDriver::random_walk(11)
        .contracts([BTC])
        .step(Duration::from_millis(10))
        .trade_every(1);
    println!("recording two seconds of the simulator's market...");
    contango_sim::Sim::record_market(&recording, driver, &[BTC], Duration::from_secs(2)).await?;

    // The server, as `contango mcp` makes it: paper on the embedded simulator, rehearsals on.
    let sim = Sim::builder()
        .market_driver(MarketDriver::random_walk(1))
        .start()
        .await?;
    let target = Target::simulator(sim.rest_url(), sim.api_key(), sim.secret(), None);
    let late = Arc::new(Late::default());
    let limits = RiskLimits::agent_defaults();
    let guard = Arc::new(RiskGuard::new(limits.clone()));
    let extend = contango_mcp::shipped::extend;
    let clients = clients::<Commands>(&target).map_err(|f| f.to_string())?;
    let own = Venue::new(clients, extend, &guard, &late);
    let rehearsals = Rehearsals::new(simulator, extend, limits, late.clone(), None);
    let instructions = "PAPER trading on the embedded simulator; rehearsals on".to_owned();
    let server = Server::<Commands>::new(
        own,
        Mode::default(),
        instructions,
        late,
        None,
        Some(rehearsals),
    );
    let stop = server.clone();
    let (agent_side, server_side) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_side).await {
            let _ = running.waiting().await;
        }
    });
    let heard = Agent::default();
    let agent = heard.clone().serve(agent_side).await?;

    let path = recording.to_string_lossy();
    let latency = "order_entry=30ms,response=20ms";
    let opened = call(
        &agent,
        "backtest_open",
        json!({"recording": path, "latency": latency}),
        false,
    )
    .await?;
    println!("backtest_open: {opened}\n");
    let first = call(&agent, "backtest_step", json!({"frames": 10}), false).await?;
    let start = first["nowMs"].as_i64().unwrap_or_default();
    println!("stepped {} frames, at {start} ms", first["frames"]);
    let order = |side: &str, open: &str| {
        json!({
            "contractName": BTC, "side": side, "type": "MARKET", "positionType": 1,
            "open": open, "volume": "1", "amount": "0", "price": "0"
        })
    };
    // The risk checks read the venue first (the contract, the mark, the book, the account, the
    // working orders), each read moving the rehearsal by its 20 ms, as it would take live.
    let bought = call(&agent, "new_order", order("BUY", "OPEN"), false).await?;
    println!("new_order BUY: {bought}");
    let half = call(
        &agent,
        "backtest_step",
        json!({"until_ms": start + 500}),
        false,
    )
    .await?;
    for fill in half["fills"].as_array().into_iter().flatten() {
        println!(
            "  filled: {} {} at {} ({} ms after the step's start)",
            fill["side"],
            fill["volume"],
            fill["price"],
            fill["time_ms"].as_i64().unwrap_or_default() - start
        );
    }
    let sold = call(&agent, "new_order", order("SELL", "CLOSE"), false).await?;
    println!("new_order SELL (closing): {sold}");
    println!("backtest_step to the end:");
    let end = call(&agent, "backtest_step", json!({"frames": 1_000_000}), true).await?;
    println!(
        "  done: {}, {} frames in all\n",
        end["done"], end["framesApplied"]
    );
    let page = dir.join("tearsheet.html");
    let report = call(
        &agent,
        "backtest_report",
        json!({"tearsheet": page.to_string_lossy()}),
        false,
    )
    .await?;
    println!("backtest_report:");
    let m = &report["metrics"];
    println!("  latency: {}", report["run"]["latency"]);
    println!(
        "  trades {}, return {} %, final equity {}, fees {}",
        m["trades"], m["return_pct"], m["equity_final"], m["fees_taker"]
    );
    println!("  tearsheet: {}", page.display());

    agent.cancel().await?;
    stop.stop();
    sim.shutdown().await;
    let fills = report["fills"].as_array().map_or(0, Vec::len);
    let told = heard.0.lock().map(|v| v.len()).unwrap_or_default();
    if fills != 2 || told == 0 {
        return Err(
            format!("expected two fills and some progress: {fills} fills, {told} told").into(),
        );
    }
    println!(
        "\nboth orders filled in the rehearsal, after their latency; the report is the backtest's"
    );
    Ok(())
}
