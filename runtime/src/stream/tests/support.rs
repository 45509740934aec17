//! Test doubles: a `StreamApi` whose listen-key calls are counted closures over a per-test
//! `Mock` (found by the core's base URL, so tests run in parallel), and a scriptable WebSocket
//! server on 127.0.0.1:0 that accepts only keys the mock considers valid.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use futures_util::stream::SplitSink;
use futures_util::{SinkExt as _, StreamExt as _};
use serde::Deserialize;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::{Bytes, Message, http};

use crate::error::{ApiCode, Error, RetryClass};
use crate::http::client::Core;
use crate::stream::{BoxFuture, StreamApi, StreamItem};

/// Every wait in these tests is bounded by this.
pub const WAIT: Duration = Duration::from_secs(5);

pub const SUB: &str = r#"{"event":"sub","params":{"channel":"user_account_update"}}"#;
pub const ACK: &str = r#"{"event":"user_account_update","status":"ok","ts":1689568979259}"#;

// ---------------------------------------------------------------------------------------------
// Error codes and events

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestCode {
    Success,
    InvalidListenKey,
    Other(i64),
}

impl ApiCode for TestCode {
    fn is_known(self) -> bool {
        !matches!(self, TestCode::Other(_))
    }
    fn from_wire(_table: &str, code: i64) -> Self {
        match code {
            200 => TestCode::Success,
            -1150 => TestCode::InvalidListenKey,
            c => TestCode::Other(c),
        }
    }
    fn is_success(_table: &str, code: i64) -> bool {
        code == 200
    }
    fn code(self) -> i64 {
        match self {
            TestCode::Success => 200,
            TestCode::InvalidListenKey => -1150,
            TestCode::Other(c) => c,
        }
    }
    fn retry_class(self) -> RetryClass {
        RetryClass::Never
    }
    fn name(self) -> &'static str {
        match self {
            TestCode::Success => "SUCCESS",
            TestCode::InvalidListenKey => "INVALID_LISTEN_KEY",
            TestCode::Other(_) => "UNKNOWN",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TestEvent {
    Order { id: i64, time: i64 },
    Other { event_type: String, raw: String },
}

pub type Item = StreamItem<TestEvent>;

/// A data frame of order `id`.
pub fn order(id: i64) -> String {
    format!(r#"{{"e":"ORDER","E":{},"i":{id}}}"#, 1_000 + id)
}

pub fn order_event(id: i64) -> TestEvent {
    TestEvent::Order {
        id,
        time: 1_000 + id,
    }
}

pub fn api_error(code: i64) -> Error<TestCode> {
    Error::Api {
        code: TestCode::from_wire("user_stream", code),
        message: "mock".into(),
        status: 400,
        endpoint: "mock",
    }
}

// ---------------------------------------------------------------------------------------------
// The mock listen-key service

#[derive(Debug, Default)]
pub struct Mock {
    pub creates: AtomicUsize,
    pub keep_alives: AtomicUsize,
    pub closes: Mutex<Vec<String>>,
    valid: Mutex<HashSet<String>>,
    /// Delay of each create (to make concurrent callers overlap).
    pub create_delay: Mutex<Duration>,
    /// Error code create answers with, when set.
    pub create_error: Mutex<Option<i64>>,
    /// Handshakes to refuse (HTTP 503) before accepting again.
    pub refuse_handshakes: AtomicUsize,
}

impl Mock {
    async fn create(&self) -> Result<String, Error<TestCode>> {
        let delay = *self.create_delay.lock().unwrap();
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        let n = self.creates.fetch_add(1, Ordering::SeqCst) + 1;
        if let Some(code) = *self.create_error.lock().unwrap() {
            return Err(api_error(code));
        }
        let mut valid = self.valid.lock().unwrap();
        // Section 3.5: an account with an active key gets the same key back.
        if let Some(k) = valid.iter().next() {
            return Ok(k.clone());
        }
        let key = format!("key{n}-{}", "f".repeat(40));
        valid.insert(key.clone());
        Ok(key)
    }

    fn keep_alive(&self, key: &str) -> Result<(), Error<TestCode>> {
        self.keep_alives.fetch_add(1, Ordering::SeqCst);
        if self.valid.lock().unwrap().contains(key) {
            Ok(())
        } else {
            Err(api_error(-1150))
        }
    }

    fn close(&self, key: &str) -> Result<(), Error<TestCode>> {
        self.closes.lock().unwrap().push(key.to_owned());
        if self.valid.lock().unwrap().remove(key) {
            Ok(())
        } else {
            Err(api_error(-1150))
        }
    }

    /// The server forgets every key (they expired).
    pub fn expire_keys(&self) {
        self.valid.lock().unwrap().clear();
    }

    pub fn is_valid(&self, key: &str) -> bool {
        self.valid.lock().unwrap().contains(key)
    }

    pub fn creates(&self) -> usize {
        self.creates.load(Ordering::SeqCst)
    }

    pub fn keep_alives(&self) -> usize {
        self.keep_alives.load(Ordering::SeqCst)
    }

    pub fn closes(&self) -> Vec<String> {
        self.closes.lock().unwrap().clone()
    }
}

fn registry() -> &'static Mutex<HashMap<String, Arc<Mock>>> {
    static REGISTRY: OnceLock<Mutex<HashMap<String, Arc<Mock>>>> = OnceLock::new();
    REGISTRY.get_or_init(Default::default)
}

fn mock_of(core: &Core) -> Result<Arc<Mock>, Error<TestCode>> {
    registry()
        .lock()
        .unwrap()
        .get(core.base_url())
        .cloned()
        .ok_or_else(|| Error::Config("no mock for this base URL".into()))
}

/// The test's `StreamApi`.
#[derive(Debug)]
pub struct TestApi;

impl StreamApi for TestApi {
    type Event = TestEvent;
    type Code = TestCode;
    const CHANNEL: &'static str = "user_account_update";
    const TAG: &'static str = "e";

    fn event_ty(_tag: &str) -> Option<(&'static str, crate::drift::Ty)> {
        None
    }

    fn decode(frame: &[u8]) -> Result<TestEvent, serde_json::Error> {
        #[derive(Deserialize)]
        struct Tag {
            e: String,
        }
        #[derive(Deserialize)]
        struct Order {
            #[serde(rename = "E")]
            time: i64,
            i: i64,
        }
        let tag: Tag = serde_json::from_slice(frame)?;
        match tag.e.as_str() {
            "ORDER" => {
                let o: Order = serde_json::from_slice(frame)?;
                Ok(TestEvent::Order {
                    id: o.i,
                    time: o.time,
                })
            }
            _ => Ok(TestEvent::Other {
                event_type: tag.e,
                raw: String::from_utf8_lossy(frame).into_owned(),
            }),
        }
    }

    fn event_time_ms(event: &TestEvent) -> Option<i64> {
        match event {
            TestEvent::Order { time, .. } => Some(*time),
            TestEvent::Other { .. } => None,
        }
    }

    fn create_key(core: &Core) -> BoxFuture<'_, Result<String, Error<TestCode>>> {
        Box::pin(async move { mock_of(core)?.create().await })
    }

    fn keep_alive(core: &Core, key: String) -> BoxFuture<'_, Result<(), Error<TestCode>>> {
        Box::pin(async move { mock_of(core)?.keep_alive(&key) })
    }

    fn close(core: &Core, key: String) -> BoxFuture<'_, Result<(), Error<TestCode>>> {
        Box::pin(async move { mock_of(core)?.close(&key) })
    }

    fn is_invalid_key(code: TestCode) -> bool {
        code == TestCode::InvalidListenKey
    }
}

// ---------------------------------------------------------------------------------------------
// The WebSocket server

/// A test server: every accepted connection comes out of `next_peer`.
pub struct Server {
    pub addr: SocketAddr,
    pub mock: Arc<Mock>,
    peers: mpsc::UnboundedReceiver<Peer>,
    accept: JoinHandle<()>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.accept.abort();
        registry()
            .lock()
            .unwrap()
            .remove(&format!("http://{}", self.addr));
    }
}

impl Server {
    pub async fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let mock = Arc::new(Mock::default());
        registry()
            .lock()
            .unwrap()
            .insert(format!("http://{addr}"), Arc::clone(&mock));
        let (tx, peers) = mpsc::unbounded_channel();
        let m = Arc::clone(&mock);
        let accept = tokio::spawn(async move {
            while let Ok((tcp, _)) = listener.accept().await {
                let m = Arc::clone(&m);
                let tx = tx.clone();
                tokio::spawn(async move {
                    if let Some(peer) = handshake(tcp, &m).await {
                        let _ = tx.send(peer);
                    }
                });
            }
        });
        Server {
            addr,
            mock,
            peers,
            accept,
        }
    }

    /// A core whose base URL is this server (so the default stream URL points here).
    pub fn core(&self) -> Core {
        Core::builder()
            .base_url(format!("http://{}", self.addr))
            .build()
            .unwrap()
    }

    /// The next connection (bounded wait).
    pub async fn next_peer(&mut self) -> Peer {
        tokio::time::timeout(WAIT, self.peers.recv())
            .await
            .expect("a connection within the wait")
            .expect("the accept loop runs")
    }

    /// The next connection, subscribed.
    pub async fn subscribed_peer(&mut self) -> Peer {
        let mut p = self.next_peer().await;
        p.subscribe().await;
        p
    }
}

// The callback's signature is tungstenite's.
#[allow(clippy::result_large_err)]
async fn handshake(tcp: TcpStream, mock: &Mock) -> Option<Peer> {
    let key = Arc::new(Mutex::new(String::new()));
    let seen = Arc::clone(&key);
    let refuse = mock
        .refuse_handshakes
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
        .is_ok();
    let callback = |req: &Request, resp: Response| -> Result<Response, ErrorResponse> {
        let query = req.uri().query().unwrap_or_default();
        let k = query
            .split('&')
            .find_map(|p| p.strip_prefix("listenKey="))
            .unwrap_or_default()
            .to_owned();
        let path_ok = req.uri().path() == "/stream";
        let valid = mock.is_valid(&k);
        *seen.lock().unwrap() = k;
        if refuse || !path_ok || !valid {
            let (status, body) = if refuse {
                (http::StatusCode::SERVICE_UNAVAILABLE, "busy")
            } else {
                (
                    http::StatusCode::BAD_REQUEST,
                    r#"{"code":-1150,"msg":"listen key does not exist"}"#,
                )
            };
            let mut r = ErrorResponse::new(Some(body.to_owned()));
            *r.status_mut() = status;
            return Err(r);
        }
        Ok(resp)
    };
    let ws = tokio_tungstenite::accept_hdr_async(tcp, callback)
        .await
        .ok()?;
    let key = key.lock().unwrap().clone();
    Some(Peer::new(key, ws))
}

/// One accepted connection: what the client sends arrives in `rx` (read by a task, so the
/// server's WebSocket answers pings and close frames by itself).
pub struct Peer {
    pub key: String,
    sink: SplitSink<WebSocketStream<TcpStream>, Message>,
    rx: mpsc::UnboundedReceiver<Message>,
    reader: JoinHandle<()>,
}

impl Peer {
    fn new(key: String, ws: WebSocketStream<TcpStream>) -> Peer {
        let (sink, mut stream) = ws.split();
        let (tx, rx) = mpsc::unbounded_channel();
        let reader = tokio::spawn(async move {
            while let Some(Ok(m)) = stream.next().await {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        Peer {
            key,
            sink,
            rx,
            reader,
        }
    }

    /// The next message from the client, pings and pongs included; `None` when the connection
    /// ended.
    pub async fn recv(&mut self) -> Option<Message> {
        tokio::time::timeout(WAIT, self.rx.recv())
            .await
            .expect("a message within the wait")
    }

    /// The next text message, skipping pings and pongs.
    pub async fn recv_text(&mut self) -> String {
        for _ in 0..100 {
            match self.recv().await {
                Some(Message::Text(t)) => return t.to_string(),
                Some(Message::Ping(_) | Message::Pong(_)) => continue,
                other => panic!("expected a text message, got {other:?}"),
            }
        }
        panic!("no text message");
    }

    /// Waits for the client's close frame (or the end of the connection); true if a close frame
    /// came.
    pub async fn closed_by_client(&mut self) -> bool {
        for _ in 0..100 {
            match self.recv().await {
                Some(Message::Close(_)) => return true,
                None => return false,
                Some(_) => continue,
            }
        }
        false
    }

    /// Whatever the client sent so far, without waiting.
    pub fn pending(&mut self) -> Vec<Message> {
        let mut out = Vec::new();
        while let Ok(m) = self.rx.try_recv() {
            out.push(m);
        }
        out
    }

    pub async fn subscribe(&mut self) {
        assert_eq!(self.recv_text().await, SUB);
        self.send(ACK).await;
    }

    pub async fn send(&mut self, text: &str) {
        let _ = self.sink.send(Message::text(text)).await;
    }

    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        let _ = self.sink.send(Message::Binary(Bytes::from(bytes))).await;
    }

    /// Stops reading the socket (so the client's pings go unanswered), keeping it open.
    pub fn go_silent(&mut self) {
        self.reader.abort();
    }

    /// Drops the TCP connection without a close handshake.
    pub fn kill(self) {
        self.reader.abort();
        drop(self.sink);
    }
}

/// The next item of `stream` (bounded wait).
pub async fn next_item<S: futures_core::Stream<Item = I> + Unpin, I>(stream: &mut S) -> I {
    tokio::time::timeout(WAIT, stream.next())
        .await
        .expect("an item within the wait")
        .expect("the stream goes on")
}

/// Whether an item arrives within `wait`.
pub async fn item_within<S: futures_core::Stream<Item = I> + Unpin, I>(
    stream: &mut S,
    wait: Duration,
) -> Option<I> {
    tokio::time::timeout(wait, stream.next())
        .await
        .ok()
        .flatten()
}
