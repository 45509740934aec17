//! An agent's session with `contango mcp`, in one process: the server of the shipped spec over the
//! embedded simulator (paper), its risk limits the agents' defaults, driven by rmcp's own MCP
//! client over an in-memory pipe, as an agent would drive it over stdio. It lists the tools, reads
//! the book and funding, dry-runs an order the limits refuse, places a protected order, and reads
//! the account; then checks that nothing over the limits was placed, and exits 0.
//!
//! `cargo run -p contango-mcp --example agent_session`

use std::sync::Arc;

use contango::risk::{RiskGuard, RiskLimits};
use contango_cli::Api;
use contango_cli::commands::Commands;
use contango_cli::target::Target;
use contango_mcp::outcome::Late;
use contango_mcp::server::{Mode, Server};
use contango_mcp::venue::Venue;
use contango_sim::{MarketDriver, Sim};
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use serde_json::{Value, json};

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

async fn call(
    client: &rmcp::service::RunningService<rmcp::RoleClient, ()>,
    tool: &str,
    args: Value,
) -> Result<CallToolResult> {
    let Value::Object(args) = args else {
        return Err("arguments are an object".into());
    };
    let call = CallToolRequestParams::new(tool.to_owned()).with_arguments(args);
    Ok(client.call_tool(call).await?)
}

fn show(tool: &str, r: &CallToolResult) {
    let kind = if r.is_error == Some(true) {
        "refused"
    } else {
        "ok"
    };
    let content = r.structured_content.clone().unwrap_or(Value::Null);
    println!("{tool} ({kind}): {content}\n");
}

#[tokio::main]
async fn main() -> Result {
    let sim = Sim::builder()
        .market_driver(MarketDriver::random_walk(1))
        .start()
        .await?;
    let target = Target::simulator(sim.rest_url(), sim.api_key(), sim.secret(), None);
    let clients = Commands::PRODUCTS
        .iter()
        .map(|p| {
            Ok((
                p.short(),
                Commands::client(&target.clone().product_line(p.key))?,
            ))
        })
        .collect::<std::result::Result<Vec<_>, contango_cli::Failure>>()
        .map_err(|f| f.to_string())?;
    let guard = Arc::new(RiskGuard::new(RiskLimits::agent_defaults()));
    let late = Arc::new(Late::default());
    let venue = Venue::new(clients, contango_mcp::shipped::extend, &guard, &late);
    let instructions = "PAPER trading on the embedded simulator".to_owned();
    let server = Server::<Commands>::new(venue, Mode::default(), instructions, late, None, None);
    let (agent_side, server_side) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_side).await {
            let _ = running.waiting().await;
        }
    });
    let agent = rmcp::serve_client((), agent_side).await?;

    let tools = agent.list_all_tools().await?;
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    println!("{} tools: {}\n", names.len(), names.join(", "));

    let book = call(&agent, "book", json!({"contractName": "E-BTC-USDT"})).await?;
    show("book", &book);
    show(
        "funding",
        &call(&agent, "funding", json!({"contractName": "E-BTC-USDT"})).await?,
    );

    // 50 contracts at 30,000: 1,500 USDT of notional, over the 1,000 allowed.
    let too_big = json!({
        "contractName": "E-BTC-USDT", "side": "BUY", "type": "LIMIT", "positionType": 1,
        "open": "OPEN", "volume": "50", "amount": "0", "price": "30000"
    });
    let dry = call(&agent, "check_order", too_big.clone()).await?;
    show("check_order", &dry);
    let refused = call(&agent, "new_order", too_big).await?;
    show("new_order", &refused);

    let protected = json!({
        "contractName": "E-BTC-USDT", "side": "BUY", "type": "MARKET", "positionType": 1,
        "volume": "5", "amount": "0", "price": "0", "stopLoss": "29000", "takeProfit": "31000"
    });
    show(
        "place_protected_order",
        &call(&agent, "place_protected_order", protected).await?,
    );
    let state = call(&agent, "account_state", json!({})).await?;
    show("account_state", &state);
    show(
        "risk_status",
        &call(&agent, "risk_status", json!({})).await?,
    );

    agent.cancel().await?;
    sim.shutdown().await;
    let state = state.structured_content.unwrap_or(Value::Null);
    let held: Vec<&Value> = state["positions"]
        .as_array()
        .into_iter()
        .flatten()
        .collect();
    let ok = refused.is_error == Some(true)
        && held.len() == 1
        && held[0]["volume"] == json!("5")
        && state["conditional_orders"].as_array().map(Vec::len) == Some(2);
    if !ok {
        return Err("the session did not go as expected".into());
    }
    println!("the order over the limit was refused before it was sent; the protected one holds");
    Ok(())
}
