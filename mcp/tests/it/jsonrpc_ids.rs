//! rmcp's message types under this workspace's `serde_json`, which has `arbitrary_precision`:
//! serde buffers an untagged enum's content, and under that feature a buffered number is a map,
//! not a number, so an untagged enum holding numbers (a JSON-RPC id) may fail to read it. Raw
//! JSON-RPC lines go to a server over an in-memory pipe, with numeric ids (small, past 2^53, at
//! `i64`'s end) and string ids (numeric-looking among them); each answer carries its id back as
//! it came, number or string.

use rmcp::ServiceExt;
use rmcp::model::{ListToolsResult, ServerCapabilities, ServerConfig, Tool};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

struct OneTool;

impl ServerHandler for OneTool {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _: Option<rmcp::model::PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let schema = json!({"type": "object", "properties": {"n": {"type": "integer"}}});
        let Value::Object(schema) = schema else {
            unreachable!("an object")
        };
        Ok(ListToolsResult::with_all_items(vec![Tool::new(
            "ping", "Answers.", schema,
        )]))
    }
}

#[tokio::test]
async fn numeric_and_string_ids_are_answered_in_kind() {
    // The condition under test: numbers keep their digits (the feature is on in this build).
    let exact: Value = serde_json::from_str("0.10000000000000000001").expect("a number");
    assert_eq!(exact.to_string(), "0.10000000000000000001");

    let (client, server) = tokio::io::duplex(1 << 16);
    let (server_read, server_write) = tokio::io::split(server);
    let serving = tokio::spawn(async move {
        let running = OneTool
            .serve((server_read, server_write))
            .await
            .expect("the server initialises");
        running.waiting().await.expect("the server ends");
    });
    let (client_read, mut client_write) = tokio::io::split(client);
    let mut lines = BufReader::new(client_read).lines();
    let mut ask = async |line: Value| -> Value {
        client_write
            .write_all(format!("{line}\n").as_bytes())
            .await
            .expect("written");
        if line.get("id").is_none() {
            return Value::Null;
        }
        let text = tokio::time::timeout(std::time::Duration::from_secs(5), lines.next_line())
            .await
            .expect("an answer within 5 s")
            .expect("read")
            .expect("a line");
        serde_json::from_str(&text).expect("JSON")
    };

    let init = ask(json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}
        }
    }))
    .await;
    assert_eq!(init["id"], json!(1), "{init}");
    assert_eq!(init["result"]["protocolVersion"], "2025-06-18", "{init}");
    // A notification has no answer.
    ask(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})).await;

    for id in [
        json!(2),
        json!(9_007_199_254_740_993_i64),
        json!(i64::MAX),
        json!(-7),
        json!("abc"),
        json!("42"),
        json!(""),
    ] {
        let answer = ask(json!({"jsonrpc": "2.0", "id": id, "method": "tools/list"})).await;
        assert_eq!(answer["id"], id, "{answer}");
        // A number stays a number and a string a string, digit for digit.
        assert_eq!(answer["id"].to_string(), id.to_string(), "{answer}");
        assert_eq!(answer["result"]["tools"][0]["name"], "ping", "{answer}");
    }

    // The end of input ends the server.
    client_write.shutdown().await.expect("closed");
    tokio::time::timeout(std::time::Duration::from_secs(5), serving)
        .await
        .expect("the server ends with its input")
        .expect("the server's task");
}
