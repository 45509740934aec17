//! A tool call against the same SDK call, through an in-process MCP client (rmcp's, over an
//! in-memory pipe) and the server of the shipped spec with its risk gate, both on the embedded
//! simulator; and listing the tools. Read as ratios within one run (the budgets: a tool call at
//! most 1.2× its SDK call, the list under 5 ms; docs/performance.md). Nothing is asserted.
//! `cargo bench -p contango-mcp --bench tools`.

use std::hint::black_box;
use std::sync::Arc;

use contango::risk::{RiskGuard, RiskLimits};
use contango_cli::Api;
use contango_cli::commands::Commands;
use contango_mcp::server::{Late, Mode, Server};
use contango_sim::Sim;
use criterion::{Criterion, criterion_group, criterion_main};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use serde_json::{Map, Value, json};

fn args(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

fn bench(c: &mut Criterion) {
    // One thread, as a stdio server has one client: the figures are the work, not the hand-offs
    // between worker threads (docs/performance.md, Agents).
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let (sim, sdk, mcp) = rt.block_on(async {
        let sim = Sim::start().await.expect("the simulator");
        // Unpaced: the client-side rate limit would make both sides its interval.
        let clients: Vec<(&'static str, contango::Client)> = contango::Product::ALL
            .iter()
            .zip(Commands::PRODUCTS)
            .map(|(product, info)| {
                let client = contango::Client::builder()
                    .base_url(sim.rest_url())
                    .credentials(sim.credentials())
                    .product(*product)
                    .unpaced()
                    .build()
                    .expect("a client");
                (info.short(), client)
            })
            .collect();
        let guard = Arc::new(RiskGuard::new(RiskLimits::agent_defaults()));
        let late = Arc::new(Late::default());
        let parts = contango_mcp::shipped::extend(&clients, &guard, &late);
        let sdk = clients[0].1.clone();
        let gated = clients
            .into_iter()
            .zip(parts.gates)
            .map(|((p, c), g)| (p, c, g))
            .collect();
        let server = Server::<Commands>::new(
            gated,
            parts.composites,
            Mode::default(),
            String::new(),
            late,
        );
        let (a, b) = tokio::io::duplex(1 << 20);
        tokio::spawn(async move {
            if let Ok(running) = server.serve(b).await {
                let _ = running.waiting().await;
            }
        });
        let mcp = rmcp::serve_client((), a).await.expect("an MCP session");
        (sim, sdk, mcp)
    });

    let mut g = c.benchmark_group("mcp_tool_call");
    g.bench_function("depth/sdk", |b| {
        b.to_async(&rt).iter(|| async {
            black_box(
                sdk.depth("E-BTC-USDT")
                    .limit(5)
                    .send()
                    .await
                    .expect("depth"),
            )
        });
    });
    g.bench_function("depth/tool", |b| {
        b.to_async(&rt).iter(|| async {
            let call = CallToolRequestParams::new("depth")
                .with_arguments(args(json!({"contractName": "E-BTC-USDT", "limit": 5})));
            black_box(mcp.call_tool(call).await.expect("depth"))
        });
    });
    g.bench_function("account/sdk", |b| {
        b.to_async(&rt)
            .iter(|| async { black_box(sdk.account().send().await.expect("account")) });
    });
    g.bench_function("account/tool", |b| {
        b.to_async(&rt).iter(|| async {
            let call = CallToolRequestParams::new("account").with_arguments(Map::new());
            black_box(mcp.call_tool(call).await.expect("account"))
        });
    });
    // No network: what the protocol's round trip costs by itself.
    g.bench_function("risk_status/tool", |b| {
        b.to_async(&rt).iter(|| async {
            let call = CallToolRequestParams::new("risk_status").with_arguments(Map::new());
            black_box(mcp.call_tool(call).await.expect("risk_status"))
        });
    });
    g.finish();

    let mut g = c.benchmark_group("mcp_list_tools");
    g.bench_function("list_tools", |b| {
        b.to_async(&rt)
            .iter(|| async { black_box(mcp.list_all_tools().await.expect("the tools")) });
    });
    g.finish();

    rt.block_on(async {
        let _ = mcp.cancel().await;
        sim.shutdown().await;
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
