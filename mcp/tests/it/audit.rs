//! The audit of an agent's session: `contango mcp --record FILE` writes every tool call (its
//! arguments and what it was answered) beside the exchanges it caused, without a secret, and the
//! file replays.

use contango::recording::{Recorded, Recording};
use serde_json::json;

use crate::server::{call, ok, order, refused, start_env};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recorded_session_holds_every_tool_call_and_replays_without_secrets() {
    let sim = contango_sim::Sim::start().await.expect("the venue");
    let dir = std::env::temp_dir().join(format!("contango-mcp-audit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("session.jsonl");
    let env = [
        ("CONTANGO_API_KEY", sim.api_key()),
        ("CONTANGO_SECRET_KEY", sim.secret()),
    ];
    let path = file.to_string_lossy().into_owned();
    let client = start_env(&["--venue", sim.rest_url(), "--record", &path], None, &env).await;
    let depth = json!({"contractName": "E-BTC-USDT", "limit": 5});
    ok(call(&client, "depth", depth.clone()).await);
    ok(call(&client, "new_order", order("BUY")).await);
    let too_big = json!({
        "contractName": "E-BTC-USDT", "side": "BUY", "type": "LIMIT", "positionType": 1,
        "open": "OPEN", "volume": "100", "amount": "0", "price": "30000"
    });
    let limit = refused(call(&client, "new_order", too_big).await);
    assert_eq!(limit["error"], "risk_limit", "{limit:?}");
    let bad = refused(call(&client, "new_order", order("BUYY")).await);
    assert_eq!(bad["field"], "side", "{bad:?}");
    ok(call(&client, "account_state", json!({})).await);
    client.cancel().await.expect("closed");

    // The server writes the rest of the file as it ends.
    let mut calls = Vec::new();
    for _ in 0..100 {
        if let Ok(recording) = Recording::from_file(&file) {
            calls = recording
                .entries
                .iter()
                .filter_map(|e| match &e.recorded {
                    Recorded::Tool(call) => Some(call.clone()),
                    _ => None,
                })
                .collect();
            if calls.len() == 5 {
                break;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "depth",
            "new_order",
            "new_order",
            "new_order",
            "account_state"
        ]
    );
    let arguments: serde_json::Value =
        serde_json::from_str(&calls[0].arguments).expect("JSON arguments");
    assert_eq!(arguments, depth);
    let answer: serde_json::Value =
        serde_json::from_str(calls[0].result.as_deref().expect("a result")).expect("JSON");
    assert!(answer["bids"].is_array(), "{answer}");
    let refusal = calls[2].error.as_deref().expect("an error");
    assert!(refusal.contains("max_order_notional"), "{refusal}");
    assert!(
        calls[3]
            .error
            .as_deref()
            .is_some_and(|e| e.contains("side"))
    );

    let text = std::fs::read_to_string(&file).expect("the recording");
    for secret in [sim.api_key(), sim.secret()] {
        assert!(!text.contains(secret), "a secret is in the recording");
    }
    let recording = Recording::from_file(&file).expect("reads");
    let orders = recording
        .entries
        .iter()
        .filter(|e| matches!(&e.recorded, Recorded::Http(x) if x.endpoint == "new_order"))
        .count();
    assert_eq!(orders, 1, "only the order admitted was sent");

    // It replays: the recorded answer to the same request, with no venue.
    let replay = contango_sim::Replay::from_file(&file)
        .expect("a replay")
        .start()
        .await
        .expect("started");
    let replayed = replay
        .client()
        .expect("a client")
        .depth("E-BTC-USDT")
        .limit(5)
        .send()
        .await
        .expect("the recorded depth");
    let recorded: serde_json::Value =
        serde_json::from_str(calls[0].result.as_deref().unwrap_or_default()).expect("JSON");
    assert_eq!(
        recorded["bids"].as_array().map(Vec::len),
        Some(replayed.bids.len())
    );
    replay.shutdown().await;
    sim.shutdown().await;
    // As a person replays it: `contango --replay`, with no server, when the command line is
    // built beside the server (the workspace's test build).
    let contango = std::path::Path::new(env!("CARGO_BIN_EXE_contango-mcp"))
        .with_file_name(format!("contango{}", std::env::consts::EXE_SUFFIX));
    if contango.is_file() {
        let out = std::process::Command::new(&contango)
            .arg("--replay")
            .arg(&file)
            .args(["-o", "json", "depth", "E-BTC-USDT", "--limit", "5"])
            .env_remove("CONTANGO_API_KEY")
            .env_remove("CONTANGO_SECRET_KEY")
            .output()
            .expect("contango runs");
        assert!(out.status.success(), "{out:?}");
        let printed: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert_eq!(printed["bids"], recorded["bids"], "{printed}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
