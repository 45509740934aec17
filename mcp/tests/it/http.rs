//! Streamable HTTP as a person runs it (`--http ADDR`): the bearer token of the token file on
//! every request (401 with `WWW-Authenticate` without it), browser pages of other origins
//! refused, loopback only unless `--allow-remote`, which needs TLS; each session with a
//! rehearsal of its own.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::json;

struct Served {
    child: Child,
    url: String,
    token: String,
    dir: std::path::PathBuf,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn binary(args: &[&str], dir: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_contango-mcp"));
    command
        .args(args)
        .env("XDG_CONFIG_HOME", dir)
        .env("HOME", dir)
        .env_remove("CONTANGO_API_KEY")
        .env_remove("CONTANGO_SECRET_KEY");
    command
}

/// The server on `127.0.0.1:0`, its token made on first use in a folder of the test's.
fn serve(name: &str) -> Served {
    let dir = std::env::temp_dir().join(format!("contango-mcp-http-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let token_file = dir.join("token");
    let mut child = binary(
        &[
            "--http",
            "127.0.0.1:0",
            "--token-file",
            &token_file.to_string_lossy(),
        ],
        &dir,
    )
    .stdin(Stdio::null())
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .expect("the server starts");
    let stderr = child.stderr.take().expect("stderr");
    let mut lines = BufReader::new(stderr).lines();
    let mut url = None;
    for line in lines.by_ref().take(20) {
        let line = line.expect("a line");
        if let Some(rest) = line.split("listening on ").nth(1) {
            url = rest.split_whitespace().next().map(str::to_owned);
            break;
        }
    }
    let url = url.expect("the server says where it listens");
    // The rest of its log is read as it comes (a closed pipe would fail its writes).
    std::thread::spawn(move || lines.for_each(drop));
    let token = std::fs::read_to_string(&token_file)
        .expect("the token file")
        .trim()
        .to_owned();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&token_file)
            .expect("made")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "the token file is private");
    }
    Served {
        child,
        url,
        token,
        dir,
    }
}

fn initialize() -> serde_json::Value {
    json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"}}})
}

#[tokio::test]
async fn a_request_needs_the_token_and_a_local_origin() {
    let s = serve("token");
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .expect("a client");
    let post = |auth: Option<String>, origin: Option<&str>| {
        let mut r = http
            .post(&s.url)
            .header("Accept", "application/json, text/event-stream")
            .json(&initialize());
        if let Some(a) = auth {
            r = r.header("Authorization", a);
        }
        if let Some(o) = origin {
            r = r.header("Origin", o);
        }
        r.send()
    };
    let none = post(None, None).await.expect("an answer");
    assert_eq!(none.status(), 401);
    assert_eq!(
        none.headers()
            .get("www-authenticate")
            .and_then(|v| v.to_str().ok()),
        Some(r#"Bearer realm="contango""#)
    );
    let wrong = post(Some("Bearer nope".into()), None)
        .await
        .expect("an answer");
    assert_eq!(wrong.status(), 401);

    let bearer = format!("Bearer {}", s.token);
    let foreign = post(Some(bearer.clone()), Some("https://evil.example"))
        .await
        .expect("an answer");
    assert_eq!(foreign.status(), 403, "{:?}", foreign.text().await);
    let local = post(Some(bearer.clone()), Some("http://localhost:3000"))
        .await
        .expect("an answer");
    assert_eq!(local.status(), 200);
    let ok = post(Some(bearer), None).await.expect("an answer");
    assert_eq!(ok.status(), 200);
    assert!(
        ok.headers().get("mcp-session-id").is_some(),
        "a session, as the specification has it"
    );
    let text = ok.text().await.expect("a body");
    assert!(text.contains(r#""protocolVersion":"2025-06-18""#), "{text}");
}

#[test]
fn an_address_others_reach_needs_allow_remote_and_tls() {
    let dir = std::env::temp_dir().join(format!("contango-mcp-http-remote-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let run = |args: &[&str]| {
        let out = binary(args, &dir)
            .stdin(Stdio::null())
            .output()
            .expect("ran");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&["--http", "0.0.0.0:0"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("loopback only") && err.contains("--allow-remote"),
        "{err}"
    );
    let (code, err) = run(&["--http", "0.0.0.0:0", "--allow-remote"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("needs TLS"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// One session of streamable HTTP: its id, once initialised.
struct Session<'a> {
    served: &'a Served,
    http: reqwest::Client,
    id: String,
}

impl Session<'_> {
    /// Initialises a session on `served`.
    async fn open(served: &Served) -> Session<'_> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .expect("a client");
        let mut s = Session {
            served,
            http,
            id: String::new(),
        };
        let (id, _) = s.post(&initialize()).await;
        s.id = id.expect("a session id");
        let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        s.post(&initialized).await;
        s
    }

    /// Posts `body`: the session id answered, and the JSON-RPC answer (from its event stream).
    async fn post(&self, body: &serde_json::Value) -> (Option<String>, serde_json::Value) {
        let mut r = self
            .http
            .post(&self.served.url)
            .header("Accept", "application/json, text/event-stream")
            .header("Authorization", format!("Bearer {}", self.served.token))
            .json(body);
        if !self.id.is_empty() {
            r = r.header("Mcp-Session-Id", &self.id);
        }
        let answer = r.send().await.expect("an answer");
        let id = answer
            .headers()
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let text = answer.text().await.expect("a body");
        let reply = text
            .lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .filter_map(|d| serde_json::from_str::<serde_json::Value>(d.trim()).ok())
            .find(|v| v.get("id").is_some())
            .unwrap_or(serde_json::Value::Null);
        (id, reply)
    }

    /// Calls `tool` with `args`: its structured content and whether it is an error.
    async fn call(&self, tool: &str, args: serde_json::Value) -> (serde_json::Value, bool) {
        let body = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": tool, "arguments": args}});
        let (_, reply) = self.post(&body).await;
        let result = &reply["result"];
        (
            result["structuredContent"].clone(),
            result["isError"] == json!(true),
        )
    }
}

/// Each session of streamable HTTP has its own rehearsal: one opened in a session is not
/// another's, whose tools still trade on the server's own venue.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_session_rehearses_on_its_own() {
    let path = crate::rehearsal::recorded(400).await;
    let s = serve("sessions");
    let first = Session::open(&s).await;
    let second = Session::open(&s).await;
    assert_ne!(first.id, second.id);
    let recording = path.to_str().expect("a path");
    let (opened, failed) = first
        .call("backtest_open", json!({"recording": recording}))
        .await;
    assert!(!failed, "{opened}");
    let (stepped, failed) = first.call("backtest_step", json!({"frames": 2})).await;
    assert!(!failed && stepped["frames"] == 2, "{stepped}");
    let (none, failed) = second.call("backtest_step", json!({"frames": 2})).await;
    assert!(failed, "{none}");
    assert!(
        none["message"]
            .as_str()
            .is_some_and(|m| m.contains("no rehearsal is open in this session")),
        "{none}"
    );
    let depth = json!({"contractName": "E-BTC-USDT", "venue": "rehearsal"});
    let (refused, failed) = second.call("depth", depth).await;
    assert!(failed && refused["field"] == "venue", "{refused}");
    let (own, failed) = second
        .call("depth", json!({"contractName": "E-BTC-USDT"}))
        .await;
    assert!(
        !failed && own["bids"].is_array(),
        "the server's own venue: {own}"
    );
    drop(s);
    let _ = std::fs::remove_file(&path);
}
