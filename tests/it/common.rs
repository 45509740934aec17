//! A loopback HTTP server for wire tests: records every request exactly as received and answers
//! with canned bodies. Binds 127.0.0.1:0 and shuts down when dropped.

use axum::body::Bytes;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// One request as the server saw it.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    pub query: Option<String>,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Recorded {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

type Canned = HashMap<String, (u16, String)>;

#[derive(Default)]
struct State {
    requests: Mutex<Vec<Recorded>>,
    canned: Mutex<Canned>,
}

pub struct TestServer {
    pub url: String,
    state: Arc<State>,
    shutdown: Option<oneshot::Sender<()>>,
}

impl TestServer {
    pub async fn start() -> Self {
        let state = Arc::new(State::default());
        let s = state.clone();
        let app = axum::Router::new().fallback(
            move |method: Method, uri: Uri, headers: HeaderMap, body: Bytes| {
                let s = s.clone();
                async move {
                    let path = uri.path().to_string();
                    s.requests.lock().expect("lock").push(Recorded {
                        method: method.to_string(),
                        path: path.clone(),
                        query: uri.query().map(str::to_string),
                        headers,
                        body: body.to_vec(),
                    });
                    let canned = s.canned.lock().expect("lock").get(&path).cloned();
                    let (status, body) = match canned {
                        Some(c) => c,
                        // The clock sample every client takes before its first signed request.
                        None if path.ends_with("/v1/time") => (200, server_time()),
                        None => (404, r#"{"code":-1000,"msg":"no canned answer"}"#.into()),
                    };
                    (StatusCode::from_u16(status).unwrap_or(StatusCode::OK), body)
                }
            },
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let (tx, rx) = oneshot::channel::<()>();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = rx.await;
                })
                .await;
        });
        TestServer {
            url: format!("http://{addr}"),
            state,
            shutdown: Some(tx),
        }
    }

    /// Answers requests to `path` with `status` and `body`.
    pub fn respond(&self, path: &str, status: u16, body: impl Into<String>) {
        self.state
            .canned
            .lock()
            .expect("lock")
            .insert(path.to_string(), (status, body.into()));
    }

    /// What the server received, clock samples (`GET .../v1/time`) left out.
    pub fn requests(&self) -> Vec<Recorded> {
        self.all_requests()
            .into_iter()
            .filter(|r| !r.path.ends_with("/v1/time"))
            .collect()
    }

    /// Everything the server received, clock samples included.
    pub fn all_requests(&self) -> Vec<Recorded> {
        self.state.requests.lock().expect("lock").clone()
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// A `/v1/time` answer with the local time.
fn server_time() -> String {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    format!(r#"{{"serverTime":{ms},"timezone":"UTC"}}"#)
}

pub const API_KEY: &str = "test-api-key";
pub const SECRET: &str = "902ae3cb34ecee2779aa4d3e1d226686";

/// A client for `server` with test credentials. These suites check the wire, so the
/// contract-aware prechecks (which fetch `/contracts` first) are off; they are tested against the
/// simulator.
pub fn client(server: &TestServer) -> contango::Client {
    contango::Client::builder()
        .base_url(&server.url)
        .credentials(contango::Credentials::new(API_KEY, SECRET))
        .prechecks(false)
        .build()
        .expect("client")
}

/// Independent HMAC-SHA256 (not the runtime's code) to check signatures.
pub fn hmac_hex(secret: &str, message: &[u8]) -> String {
    use hmac::{KeyInit, Mac};
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).expect("key");
    mac.update(message);
    hex::encode(mac.finalize().into_bytes())
}

pub fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/real-world")
}

/// A fixture's text, as published.
pub fn fixture(name: &str) -> String {
    let p = fixture_dir().join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

/// Repairs the published, not-quite-JSON `.txt` samples: removes `//` comments, turns Python's
/// single quotes and `None` into JSON, and adds the commas the samples forgot. Each repair is
/// named by the test that uses it.
pub fn strip_comments(s: &str) -> String {
    s.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn python_to_json(s: &str) -> String {
    s.replace('\'', "\"")
        .replace("None", "null")
        .replace("True", "true")
        .replace("False", "false")
}
