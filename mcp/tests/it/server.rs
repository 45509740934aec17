//! The whole server as a person runs it: the binary over stdio, on its embedded simulator,
//! driven by rmcp's own client.

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use serde_json::{Map, Value, json};

type Client = RunningService<RoleClient, ()>;

/// The server binary on its embedded simulator, with `args` and the profile file in `config`
/// (none when `None`).
async fn start(args: &[&str]) -> Client {
    start_with(args, None).await
}

async fn start_with(args: &[&str], config: Option<&std::path::Path>) -> Client {
    start_env(args, config, &[]).await
}

pub(crate) async fn start_env(
    args: &[&str],
    config: Option<&std::path::Path>,
    env: &[(&str, &str)],
) -> Client {
    start_as((), args, config, env).await
}

/// The directory the servers of this test process run in.
pub(crate) fn working_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("contango-mcp-cwd-{}", std::process::id()))
}

/// [`start_env`] with a client `handler` of the test's (one that hears notifications).
pub(crate) async fn start_as<H: rmcp::ClientHandler>(
    handler: H,
    args: &[&str],
    config: Option<&std::path::Path>,
    env: &[(&str, &str)],
) -> RunningService<RoleClient, H> {
    let server = std::path::Path::new(env!("CARGO_BIN_EXE_contango-mcp"));
    // As a person runs it: `contango mcp`, which runs this server binary, when the command line
    // is built beside it (the workspace's test build); else the server binary itself.
    let contango = server.with_file_name(format!("contango{}", std::env::consts::EXE_SUFFIX));
    let mut command = if contango.is_file() {
        let mut c = tokio::process::Command::new(&contango);
        c.arg("mcp").env("CONTANGO_MCP", server);
        c
    } else {
        tokio::process::Command::new(server)
    };
    command.args(args);
    for var in [
        "CONTANGO_API_KEY",
        "CONTANGO_SECRET_KEY",
        "CONTANGO_BASE_URL",
    ] {
        command.env_remove(var);
    }
    let empty = std::env::temp_dir().join("contango-mcp-no-config");
    let config = config.unwrap_or(&empty);
    command.env("XDG_CONFIG_HOME", config).env("HOME", config);
    // What a server writes where it runs (a live session's audit) goes to this process's own.
    let cwd = working_dir();
    std::fs::create_dir_all(&cwd).expect("a working directory");
    command.current_dir(cwd);
    command.envs(env.iter().copied());
    let transport = TokioChildProcess::new(command).expect("the server starts");
    tokio::time::timeout(std::time::Duration::from_secs(30), handler.serve(transport))
        .await
        .expect("initialised within 30 s")
        .expect("initialised")
}

pub(crate) async fn call<H: rmcp::ClientHandler>(
    client: &RunningService<RoleClient, H>,
    tool: &str,
    args: Value,
) -> CallToolResult {
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
pub(crate) fn ok(result: CallToolResult) -> Value {
    assert_eq!(result.is_error, Some(false), "{result:?}");
    result.structured_content.expect("structured content")
}

/// The structured error of a failed call.
pub(crate) fn refused(result: CallToolResult) -> Map<String, Value> {
    assert_eq!(result.is_error, Some(true), "{result:?}");
    match result.structured_content {
        Some(Value::Object(m)) => m,
        other => panic!("a structured error, got {other:?}"),
    }
}

async fn open_orders(client: &Client) -> Value {
    ok(call(client, "open_orders", json!({"contractName": "E-BTC-USDT"})).await)
}

pub(crate) fn order(side: &str) -> Value {
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

    // Over the default order notional (1,000 USDT): 50 × 0.001 × 25,000 = 1,250.
    let mut big = order("BUY");
    big["volume"] = json!("50");
    let e = refused(call(&client, "new_order", big).await);
    assert_eq!(
        (&e["error"], &e["limit"], &e["value"], &e["maximum"]),
        (
            &json!("risk_limit"),
            &json!("max_order_notional"),
            &json!("1250"),
            &json!("1000")
        ),
        "{e:?}"
    );
    assert_eq!(
        open_orders(&client).await["items"].as_array().map(Vec::len),
        Some(1)
    );
    client.cancel().await.expect("closed");
}

/// With a daily loss limit of 0.01 USDT, one round trip (its fees and spread) reaches it: an
/// opening order is then refused, and a closing one passes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_days_loss_limit_only_what_reduces_passes() {
    let config = std::env::temp_dir().join(format!("contango-mcp-loss-{}", std::process::id()));
    let dir = config.join("contango");
    std::fs::create_dir_all(&dir).expect("the config folder");
    let file = dir.join("profiles.toml");
    std::fs::write(&file, "[default.risk.usdt]\nmax_daily_loss = \"0.01\"\n").expect("written");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).expect("private");
    }
    let client = start_with(&[], Some(&config)).await;
    let market = |side: &str, open: &str, volume: &str| {
        json!({
            "contractName": "E-BTC-USDT", "side": side, "type": "MARKET", "positionType": 1,
            "open": open, "volume": volume, "amount": "0", "price": "0"
        })
    };
    ok(call(&client, "new_order", market("BUY", "OPEN", "2")).await);
    ok(call(&client, "new_order", market("SELL", "CLOSE", "1")).await);
    // The fills reach the guard through the private stream: at most a few seconds.
    let mut reducing = false;
    for _ in 0..50 {
        let status = ok(call(&client, "risk_status", json!({})).await);
        if status["coins"][0]["reducing_only"] == json!(true) {
            reducing = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(reducing, "the round trip's loss reached the limit");
    let e = refused(call(&client, "new_order", market("BUY", "OPEN", "1")).await);
    assert_eq!(e["limit"], json!("max_daily_loss"), "{e:?}");
    ok(call(&client, "new_order", market("SELL", "CLOSE", "1")).await);
    client.cancel().await.expect("closed");
    let _ = std::fs::remove_dir_all(&config);
}

/// Live, against the simulator posing as the exchange: a client that cannot ask the person
/// (rmcp's, without elicitation) gets a destructive call refused with what it would have sent,
/// and nothing is placed; reads go; `--live-unconfirmed` lets it through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_destructive_calls_wait_for_the_person() {
    let sim = contango_sim::Sim::start().await.expect("the exchange");
    let env = [
        ("CONTANGO_API_KEY", sim.api_key()),
        ("CONTANGO_SECRET_KEY", sim.secret()),
    ];
    let args = ["--live", "--base-url", sim.rest_url()];
    let client = start_env(&args, None, &env).await;
    let tools = client.list_all_tools().await.expect("the tools");
    let hints = tools
        .iter()
        .find(|t| t.name == "new_order")
        .and_then(|t| t.annotations.clone())
        .expect("annotations");
    assert_eq!(hints.open_world_hint, Some(true), "live");
    let e = refused(call(&client, "new_order", order("BUY")).await);
    assert_eq!(e["error"], "refused", "{e:?}");
    let message = e["message"].as_str().unwrap_or_default();
    assert!(message.contains("nothing was sent"), "{message}");
    assert!(
        message.contains(r#"new_order {"amount":"0","contractName":"E-BTC-USDT""#),
        "{message}"
    );
    assert_eq!(open_orders(&client).await["items"], json!([]));
    assert_eq!(sim.received_count("POST", "/fapi/v2/order"), 0);
    ok(call(&client, "depth", json!({"contractName": "E-BTC-USDT"})).await);
    client.cancel().await.expect("closed");

    let unconfirmed = ["--live", "--live-unconfirmed", "--base-url", sim.rest_url()];
    let client = start_env(&unconfirmed, None, &env).await;
    ok(call(&client, "new_order", order("BUY")).await);
    assert_eq!(sim.received_count("POST", "/fapi/v2/order"), 1);
    client.cancel().await.expect("closed");
    sim.shutdown().await;
    // A live session is always audited: without --record, to a file of its own where it runs.
    let audits: Vec<_> = std::fs::read_dir(working_dir())
        .expect("the working directory")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("contango-mcp-") && n.ends_with("Z.jsonl"))
        .collect();
    assert!(!audits.is_empty(), "no audit of the live sessions");
    for audit in audits {
        let _ = std::fs::remove_file(working_dir().join(audit));
    }
}

/// The trader's tools: the account's state, a book, funding, a protected order, a dry run;
/// `--read-only` lists only the tools that read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_trader_tools_answer_in_one_call() {
    let client = start(&[]).await;
    let book = ok(call(&client, "book", json!({"contractName": "E-BTC-USDT"})).await);
    assert!(
        book["best_bid"].as_str().is_some() && book["spread"].as_str().is_some(),
        "{book}"
    );
    assert_eq!(book["bids"].as_array().map(Vec::len), Some(5), "{book}");
    let funding = ok(call(&client, "funding", json!({"contractName": "E-BTC-USDT"})).await);
    assert_eq!(funding["funding_rate"], json!("0"), "{funding}");
    assert!(
        funding["seconds_to_funding"].as_i64().is_some(),
        "{funding}"
    );

    // A dry run of an order over the notional limit: refused, and nothing sent.
    let mut big = order("BUY");
    big["volume"] = json!("50");
    let dry = ok(call(&client, "check_order", big).await);
    assert_eq!(dry["would_send"], json!(false), "{dry}");
    assert_eq!(
        dry["checks"][2]["why"]["limit"],
        json!("max_order_notional"),
        "{dry}"
    );
    let dry = ok(call(&client, "check_order", order("BUY")).await);
    assert_eq!(dry["would_send"], json!(true), "{dry}");
    assert_eq!(
        open_orders(&client).await["items"],
        json!([]),
        "a dry run sends nothing"
    );

    // An entry at market with its stop loss and take profit attached.
    let protected = json!({
        "contractName": "E-BTC-USDT", "side": "BUY", "type": "MARKET", "positionType": 1,
        "volume": "2", "amount": "0", "price": "0", "stopLoss": "25000", "takeProfit": "35000"
    });
    let placed = ok(call(&client, "place_protected_order", protected).await);
    assert!(placed["orderId"].as_str().is_some(), "{placed}");
    let state = ok(call(&client, "account_state", json!({})).await);
    assert_eq!(
        state["positions"][0]["contractName"],
        json!("E-BTC-USDT"),
        "{state}"
    );
    assert_eq!(
        state["conditional_orders"].as_array().map(Vec::len),
        Some(2),
        "the stop loss and the take profit wait: {state}"
    );
    assert!(state["balances"][0].get("positionVos").is_none(), "{state}");
    client.cancel().await.expect("closed");

    let read_only = start(&["--read-only"]).await;
    let tools = read_only.list_all_tools().await.expect("the tools");
    assert!(
        tools
            .iter()
            .all(|t| t.annotations.as_ref().and_then(|a| a.read_only_hint) == Some(true))
    );
    assert!(tools.iter().any(|t| t.name == "account_state"));
    assert!(
        !tools
            .iter()
            .any(|t| t.name == "new_order" || t.name == "place_protected_order")
    );
    let e = refused(call(&read_only, "new_order", order("BUY")).await);
    assert!(
        e["message"]
            .as_str()
            .is_some_and(|m| m.contains("read-only")),
        "{e:?}"
    );
    read_only.cancel().await.expect("closed");
}

/// A call cancelled after its order was sent still finishes: the order is placed, and the next
/// `account_state` tells its outcome. The venue is a simulator of the test's (`--venue`), whose
/// order entry is slowed so that the cancellation comes while the order is on its way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_call_still_reports_its_order() {
    let sim = contango_sim::Sim::start().await.expect("the venue");
    sim.inject(
        contango_sim::FaultRule::new(contango_sim::Fault::Latency(
            std::time::Duration::from_millis(800),
        ))
        .path("/fapi/v2/order")
        .method("POST")
        .times(1),
    );
    let env = [
        ("CONTANGO_API_KEY", sim.api_key()),
        ("CONTANGO_SECRET_KEY", sim.secret()),
    ];
    let audit =
        std::env::temp_dir().join(format!("contango-mcp-late-{}.jsonl", std::process::id()));
    let recorded = audit.to_str().expect("a path");
    let args = ["--venue", sim.rest_url(), "--record", recorded];
    let client = start_env(&args, None, &env).await;
    let Value::Object(args) = order("BUY") else {
        panic!("an object")
    };
    let call = client.call_tool(CallToolRequestParams::new("new_order").with_arguments(args));
    // Given up on (the future dropped: rmcp's client sends `notifications/cancelled`) while the
    // order waits at the venue.
    let given_up = tokio::time::timeout(std::time::Duration::from_millis(300), call).await;
    assert!(given_up.is_err(), "the call was still running");
    let mut late = Vec::new();
    for _ in 0..50 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        let state = ok(call_tool_ok(&client, "account_state").await);
        if let Some(items) = state["late_outcomes"].as_array().filter(|a| !a.is_empty()) {
            late = items.clone();
            break;
        }
    }
    assert_eq!(late.len(), 1, "the outcome is told once");
    assert_eq!(late[0]["tool"], json!("new_order"));
    let id = late[0]["outcome"]["ok"]["orderId"]
        .as_str()
        .expect("the order's id")
        .to_owned();
    assert_eq!(sim.received_count("POST", "/fapi/v2/order"), 1, "sent once");
    let orders = open_orders(&client).await;
    assert_eq!(orders["items"][0]["orderId"], json!(id), "{orders}");
    client.cancel().await.expect("closed");
    sim.shutdown().await;
    // The audit has the call twice: what its caller was told, then what it did.
    let mut told = Vec::new();
    for _ in 0..50 {
        if let Ok(recording) = contango::recording::Recording::from_file(&audit) {
            told = recording
                .entries
                .into_iter()
                .filter_map(|e| match e.recorded {
                    contango::recording::Recorded::Tool(t) if t.name == "new_order" => Some(t),
                    _ => None,
                })
                .collect();
            if told.len() == 2 {
                break;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(told.len(), 2, "{told:?}");
    let cancelled = told
        .iter()
        .find_map(|t| t.error.as_deref())
        .expect("the cancellation");
    assert!(cancelled.contains("cancelled"), "{cancelled}");
    let done = told
        .iter()
        .find_map(|t| t.result.as_deref())
        .expect("the outcome");
    assert!(done.contains(&id), "{done}");
    let _ = std::fs::remove_file(&audit);
}

async fn call_tool_ok(client: &Client, tool: &str) -> CallToolResult {
    call(client, tool, json!({})).await
}
