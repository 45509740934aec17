//! The whole server as a person runs it: the binary over stdio, on its embedded simulator,
//! driven by rmcp's own client.

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use serde_json::{Map, Value, json};

type Client = RunningService<RoleClient, ()>;

/// The server binary on its embedded simulator, with `args`.
async fn start(args: &[&str]) -> Client {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_contango-mcp"));
    command.args(args);
    let transport = TokioChildProcess::new(command).expect("the server starts");
    tokio::time::timeout(std::time::Duration::from_secs(30), ().serve(transport))
        .await
        .expect("initialised within 30 s")
        .expect("initialised")
}

async fn call(client: &Client, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    tokio::time::timeout(
        std::time::Duration::from_secs(30),
        client.call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(args)),
    )
    .await
    .expect("answered within 30 s")
    .expect("a tool result")
}

/// The structured content of a successful call.
fn ok(result: CallToolResult) -> Value {
    assert_eq!(result.is_error, Some(false), "{result:?}");
    result.structured_content.expect("structured content")
}

/// The structured error of a failed call.
fn refused(result: CallToolResult) -> Map<String, Value> {
    assert_eq!(result.is_error, Some(true), "{result:?}");
    match result.structured_content {
        Some(Value::Object(m)) => m,
        other => panic!("a structured error, got {other:?}"),
    }
}

async fn open_orders(client: &Client) -> Value {
    ok(call(client, "open_orders", json!({"contractName": "E-BTC-USDT"})).await)
}

fn order(side: &str) -> Value {
    json!({
        "contractName": "E-BTC-USDT", "side": side, "type": "LIMIT", "positionType": 1,
        "open": "OPEN", "volume": "1", "amount": "0", "price": "25000"
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tools_trade_on_paper_and_refuse_bad_arguments_by_name() {
    let client = start(&[]).await;
    let tools = client.list_all_tools().await.expect("the tools");
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    let endpoints: Vec<&str> = contango::ENDPOINTS
        .iter()
        .map(|m| m.name)
        .filter(|n| !n.contains("listen_key"))
        .collect();
    assert_eq!(&names[..endpoints.len()], &endpoints[..]);
    let new_order = tools
        .iter()
        .find(|t| t.name == "new_order")
        .expect("new_order");
    let hints = new_order.annotations.as_ref().expect("annotations");
    assert_eq!(
        (
            hints.read_only_hint,
            hints.destructive_hint,
            hints.open_world_hint
        ),
        (Some(false), Some(true), Some(false))
    );
    assert!(new_order.output_schema.is_some());
    assert_eq!(
        new_order.input_schema["properties"]["side"]["enum"],
        json!(["BUY", "SELL"])
    );

    let book = ok(call(
        &client,
        "depth",
        json!({"contractName": "E-BTC-USDT", "limit": 5}),
    )
    .await);
    assert!(
        book["bids"].as_array().is_some_and(|b| !b.is_empty()),
        "{book}"
    );
    let coin = ok(call(
        &client,
        "ticker",
        json!({"contractName": "E-BTC-USD", "product": "coin"}),
    )
    .await);
    assert!(coin.get("last").is_some(), "{coin}");

    assert_eq!(open_orders(&client).await["items"], json!([]));
    for (args, field) in [
        (order("BUYY"), "side"),
        (
            {
                let mut o = order("BUY");
                o["leverage"] = json!(200);
                o
            },
            "leverage",
        ),
        (
            {
                let mut o = order("BUY");
                o.as_object_mut().expect("an object").remove("side");
                o
            },
            "side",
        ),
        (
            {
                let mut o = order("BUY");
                o["volume"] = json!("one");
                o
            },
            "volume",
        ),
    ] {
        let e = refused(call(&client, "new_order", args).await);
        assert_eq!(e["error"], "invalid_argument", "{e:?}");
        assert_eq!(e["field"], field, "{e:?}");
    }
    assert_eq!(
        open_orders(&client).await["items"],
        json!([]),
        "nothing was placed"
    );

    let placed = ok(call(&client, "new_order", order("BUY")).await);
    let id = placed["orderId"]
        .as_str()
        .expect("the id as text")
        .to_owned();
    let orders = open_orders(&client).await;
    assert_eq!(orders["items"][0]["orderId"], json!(id), "{orders}");
    client.cancel().await.expect("closed");
}
