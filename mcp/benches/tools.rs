//! A tool call against the same SDK call, through an in-process MCP client (rmcp's, its messages
//! handed over as values) and the server of the shipped spec with its risk gate; and listing the
//! tools. Read as ratios within one run (the budgets: a tool call at most 1.2× its SDK call, the
//! list under 5 ms; docs/performance.md). Nothing is asserted.
//!
//! `mcp_tool_call` has the simulator on a thread of its own, as a venue is another process;
//! `mcp_tool_call_one_thread` puts it on the client's thread too, which leaves the SDK call
//! only the simulator's work, and adds the same calls over a byte pipe (JSON text both ways, as
//! stdio carries them), a tool that reads the risk guard, and one that does nothing: the
//! protocol's round trip alone.
//! `cargo bench -p contango-mcp --bench tools`.

use std::hint::black_box;
use std::sync::Arc;

use contango::Credentials;
use contango::risk::{RiskGuard, RiskLimits};
use contango_cli::Api;
use contango_cli::commands::Commands;
use contango_mcp::outcome::Late;
use contango_mcp::server::{Mode, Server};
use contango_mcp::venue::Venue;
use contango_sim::Sim;
use criterion::{Criterion, criterion_group, criterion_main};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::service::{RxJsonRpcMessage, ServiceRole, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Map, Value, json};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

#[path = "../../benches/support/pairs.rs"]
mod pairs;

/// One side of an in-process session: the protocol's messages handed over as values, as an
/// agent that embeds the server would hold it (no JSON text in between).
struct Pipe<R: ServiceRole> {
    tx: UnboundedSender<TxJsonRpcMessage<R>>,
    rx: UnboundedReceiver<RxJsonRpcMessage<R>>,
}

impl<R: ServiceRole> Transport<R> for Pipe<R> {
    type Error = tokio::sync::mpsc::error::SendError<TxJsonRpcMessage<R>>;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<R>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        std::future::ready(self.tx.send(item))
    }

    fn receive(&mut self) -> impl Future<Output = Option<RxJsonRpcMessage<R>>> + Send {
        self.rx.recv()
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.rx.close();
        Ok(())
    }
}

/// A client's and a server's side, joined.
fn pipe() -> (Pipe<rmcp::RoleClient>, Pipe<rmcp::RoleServer>) {
    let (to_server, from_client) = unbounded_channel();
    let (to_client, from_server) = unbounded_channel();
    (
        Pipe {
            tx: to_server,
            rx: from_server,
        },
        Pipe {
            tx: to_client,
            rx: from_client,
        },
    )
}

fn args(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// A server whose one tool does nothing: the protocol's round trip alone, rmcp's both sides.
#[derive(Clone)]
struct Empty;

impl rmcp::ServerHandler for Empty {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        rmcp::model::ServerConfig::new(
            rmcp::model::ServerCapabilities::builder()
                .enable_tools()
                .build(),
        )
    }

    async fn call_tool(
        &self,
        _: CallToolRequestParams,
        _: rmcp::service::RequestContext<rmcp::RoleServer>,
    ) -> Result<rmcp::model::CallToolResponse, rmcp::ErrorData> {
        Ok(rmcp::model::CallToolResult::success(vec![]).into())
    }
}

/// The clients, the server over them, and two MCP sessions with it: over values and over text.
struct Session {
    sdk: contango::Client,
    mcp: rmcp::service::RunningService<rmcp::RoleClient, ()>,
    text: rmcp::service::RunningService<rmcp::RoleClient, ()>,
}

async fn session(url: &str, credentials: Credentials) -> Session {
    // Unpaced: the client-side rate limit would make both sides its interval.
    let clients: Vec<(&'static str, contango::Client)> = contango::Product::ALL
        .iter()
        .zip(Commands::PRODUCTS)
        .map(|(product, info)| {
            let client = contango::Client::builder()
                .base_url(url)
                .credentials(credentials.clone())
                .product(*product)
                .unpaced()
                .build()
                .expect("a client");
            (info.short(), client)
        })
        .collect();
    let guard = Arc::new(RiskGuard::new(RiskLimits::agent_defaults()));
    let late = Arc::new(Late::default());
    let sdk = clients[0].1.clone();
    let venue = Venue::new(clients, contango_mcp::shipped::extend, &guard, &late);
    let server = Server::<Commands>::new(venue, Mode::default(), String::new(), late, None, None);
    let (a, b) = pipe();
    let (c, d) = tokio::io::duplex(1 << 20);
    let twin = server.clone();
    tokio::spawn(async move {
        if let Ok(running) = twin.serve(d).await {
            let _ = running.waiting().await;
        }
    });
    tokio::spawn(async move {
        if let Ok(running) = server.serve(b).await {
            let _ = running.waiting().await;
        }
    });
    Session {
        sdk,
        mcp: rmcp::serve_client((), a).await.expect("an MCP session"),
        text: rmcp::serve_client((), c).await.expect("an MCP session"),
    }
}

fn depth_call() -> CallToolRequestParams {
    CallToolRequestParams::new("depth")
        .with_arguments(args(json!({"contractName": "E-BTC-USDT", "limit": 5})))
}

/// The SDK call and its tool, for `depth` and `account`.
fn pairs(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    rt: &tokio::runtime::Runtime,
    s: &Session,
) {
    g.bench_function("depth/sdk", |b| {
        b.to_async(rt).iter(|| async {
            black_box(
                s.sdk
                    .depth("E-BTC-USDT")
                    .limit(5)
                    .send()
                    .await
                    .expect("depth"),
            )
        });
    });
    g.bench_function("depth/tool", |b| {
        b.to_async(rt)
            .iter(|| async { black_box(s.mcp.call_tool(depth_call()).await.expect("depth")) });
    });
    g.bench_function("account/sdk", |b| {
        b.to_async(rt)
            .iter(|| async { black_box(s.sdk.account().send().await.expect("account")) });
    });
    g.bench_function("account/tool", |b| {
        b.to_async(rt).iter(|| async {
            let call = CallToolRequestParams::new("account").with_arguments(Map::new());
            black_box(s.mcp.call_tool(call).await.expect("account"))
        });
    });
}

/// The SDK call and its tool alternating call by call (which goes first alternating too), each
/// pair's cost ratio (tool over SDK): the median and its 95% interval, which a drifting machine
/// moves far less than criterion's two means taken apart. 2,000 pairs each for `depth` and
/// `account` when measuring, one in test mode.
fn alternating(rt: &tokio::runtime::Runtime, s: &Session) {
    let n = if std::env::args().any(|a| a == "--bench") {
        2_000
    } else {
        1
    };
    rt.block_on(async {
        for tool in ["depth", "account"] {
            let (mut ratios, mut sdk, mut mcp) = (Vec::new(), Vec::new(), Vec::new());
            for i in 0..n {
                let (a, b) = if i % 2 == 0 {
                    let a = timed(s, tool, false).await;
                    (a, timed(s, tool, true).await)
                } else {
                    let b = timed(s, tool, true).await;
                    (timed(s, tool, false).await, b)
                };
                ratios.push(b.as_secs_f64() / a.as_secs_f64());
                sdk.push(a);
                mcp.push(b);
            }
            pairs::print_ratio(&format!("{tool} tool/SDK, the venue apart"), &mut ratios);
            pairs::print_latencies(&format!("{tool} SDK"), &mut sdk);
            pairs::print_latencies(&format!("{tool} tool"), &mut mcp);
        }
    });
}

/// One `depth` or `account` call, through the SDK or as a tool: how long it took.
async fn timed(s: &Session, tool: &str, as_tool: bool) -> std::time::Duration {
    let t = std::time::Instant::now();
    match (tool, as_tool) {
        ("depth", false) => drop(black_box(s.sdk.depth("E-BTC-USDT").limit(5).send().await)),
        (_, false) => drop(black_box(s.sdk.account().send().await)),
        ("depth", true) => drop(black_box(s.mcp.call_tool(depth_call()).await)),
        (_, true) => {
            let call = CallToolRequestParams::new("account").with_arguments(Map::new());
            drop(black_box(s.mcp.call_tool(call).await));
        }
    }
    t.elapsed()
}

/// One thread for the clients and the server, as a stdio server has one client: the figures
/// are the work, not hand-offs between worker threads (docs/performance.md, Agents).
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

fn bench(c: &mut Criterion) {
    // The venue apart: the simulator on its own thread and runtime.
    let (venue_tx, venue_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let venue = std::thread::spawn(move || {
        runtime().block_on(async {
            let sim = Sim::start().await.expect("the simulator");
            let _ = venue_tx.send((sim.rest_url().to_owned(), sim.credentials()));
            let _ = stop_rx.await;
            sim.shutdown().await;
        });
    });
    let (url, credentials) = venue_rx.recv().expect("the simulator's address");
    let rt = runtime();
    let apart = rt.block_on(session(&url, credentials));
    let mut g = c.benchmark_group("mcp_tool_call");
    pairs(&mut g, &rt, &apart);
    g.finish();

    alternating(&rt, &apart);

    let mut g = c.benchmark_group("mcp_list_tools");
    g.bench_function("list_tools", |b| {
        b.to_async(&rt)
            .iter(|| async { black_box(apart.mcp.list_all_tools().await.expect("the tools")) });
    });
    g.finish();

    // Everything on one thread.
    let (sim, near) = rt.block_on(async {
        let sim = Sim::start().await.expect("the simulator");
        let near = session(sim.rest_url(), sim.credentials()).await;
        (sim, near)
    });
    let mut g = c.benchmark_group("mcp_tool_call_one_thread");
    pairs(&mut g, &rt, &near);
    g.bench_function("depth/tool_over_text", |b| {
        b.to_async(&rt)
            .iter(|| async { black_box(near.text.call_tool(depth_call()).await.expect("depth")) });
    });
    // No network: what the protocol's round trip costs by itself, and with a tool that reads
    // the risk guard.
    let empty = rt.block_on(async {
        let (a, b) = pipe();
        tokio::spawn(async move {
            if let Ok(running) = Empty.serve(b).await {
                let _ = running.waiting().await;
            }
        });
        rmcp::serve_client((), a).await.expect("an MCP session")
    });
    g.bench_function("empty/tool", |b| {
        b.to_async(&rt).iter(|| async {
            black_box(
                empty
                    .call_tool(CallToolRequestParams::new("empty"))
                    .await
                    .expect("empty"),
            )
        });
    });
    g.bench_function("risk_status/tool", |b| {
        b.to_async(&rt).iter(|| async {
            let call = CallToolRequestParams::new("risk_status").with_arguments(Map::new());
            black_box(near.mcp.call_tool(call).await.expect("risk_status"))
        });
    });
    g.bench_function("list_tools_over_text", |b| {
        b.to_async(&rt)
            .iter(|| async { black_box(near.text.list_all_tools().await.expect("the tools")) });
    });
    g.finish();

    rt.block_on(async {
        for s in [apart, near] {
            let _ = s.mcp.cancel().await;
            let _ = s.text.cancel().await;
        }
        let _ = empty.cancel().await;
        sim.shutdown().await;
    });
    let _ = stop_tx.send(());
    let _ = venue.join();
}

criterion_group!(benches, bench);
criterion_main!(benches);
