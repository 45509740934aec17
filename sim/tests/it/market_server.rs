//! A market server written for the tests: the exchange's public market stream as the real one
//! speaks it (gzip binary frames, `{"ping": n}` every 200 ms, `asks`/`buys` levels as strings),
//! serving a book and trades the test scripts. Every connection gets every frame pushed after
//! it subscribed, and the current book when it subscribes to a depth channel. The command
//! line's tests use it too (`cli/tests/cli/record.rs`).

use std::io::Write as _;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpListener;
use tokio::sync::broadcast;
use tokio_tungstenite::tungstenite::Message;

/// One side's levels: `(price, size)` as text.
pub type Levels = Vec<(&'static str, &'static str)>;

struct Script {
    /// The latest book (`asks`, `buys` JSON) and its time, sent to a new depth subscriber with
    /// the time moved on (as a real server's snapshot of the same book is a new frame).
    depth: Option<(String, String, i64)>,
}

fn depth_frame(asks: &str, bids: &str, ts: i64) -> String {
    format!(
        r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","data":null,"tick":{{"asks":{asks},"buys":{bids}}},"ts":{ts},"status":"ok"}}"#
    )
}

/// A depth snapshot frame of E-BTC-USDT at exchange time `ts`, as text.
pub fn depth_text(asks: &Levels, bids: &Levels, ts: i64) -> String {
    depth_frame(&levels(asks), &levels(bids), ts)
}

/// A frame of one E-BTC-USDT trade by a `side` taker at exchange time `ts`, as text.
pub fn trade_text(side: &str, price: &str, vol: &str, ts: i64) -> String {
    format!(
        r#"{{"event_rep":"","channel":"market_e_btcusdt_trade_ticker","data":[],"tick":{{"data":[{{"price":"{price}","vol":"{vol}","side":"{side}","amount":"0","ds":"2026-09-23 11:18:39","ts":{ts}}}],"ts":{ts}}},"ts":{ts},"status":"ok"}}"#
    )
}

/// The running server.
pub struct MarketServer {
    pub addr: SocketAddr,
    frames: broadcast::Sender<String>,
    kill: broadcast::Sender<()>,
    mute: broadcast::Sender<()>,
    script: Arc<Mutex<Script>>,
    task: tokio::task::JoinHandle<()>,
}

fn gzip(text: &str) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(text.as_bytes()).expect("gzip");
    gz.finish().expect("gzip")
}

fn levels(levels: &Levels) -> String {
    let items: Vec<String> = levels
        .iter()
        .map(|(p, s)| format!(r#"["{p}","{s}"]"#))
        .collect();
    format!("[{}]", items.join(","))
}

impl MarketServer {
    pub async fn start() -> MarketServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let (frames, _) = broadcast::channel::<String>(1024);
        let (kill, _) = broadcast::channel::<()>(4);
        let (mute, _) = broadcast::channel::<()>(4);
        let script = Arc::new(Mutex::new(Script { depth: None }));
        let (f, k, m, s) = (frames.clone(), kill.clone(), mute.clone(), script.clone());
        let task = tokio::spawn(async move {
            while let Ok((tcp, _)) = listener.accept().await {
                let (mut rx, mut killed, mut muted, script) =
                    (f.subscribe(), k.subscribe(), m.subscribe(), s.clone());
                tokio::spawn(async move {
                    let Ok(mut ws) = tokio_tungstenite::accept_async(tcp).await else {
                        return;
                    };
                    let mut ping = tokio::time::interval(Duration::from_millis(200));
                    let mut n = 1_790_000_000_u64;
                    // A silent connection reads but sends nothing, not even pings.
                    let mut silent = false;
                    loop {
                        tokio::select! {
                            _ = muted.recv(), if !silent => silent = true,
                            msg = ws.next() => match msg {
                                Some(Ok(Message::Text(_))) if silent => {}
                                Some(Ok(Message::Text(t))) if t.contains("\"sub\"") && t.contains("depth") => {
                                    let depth = script.lock().expect("script").depth.as_mut().map(|(a, b, ts)| {
                                        *ts += 1;
                                        depth_frame(a, b, *ts)
                                    });
                                    if let Some(frame) = depth {
                                        if ws.send(Message::Binary(gzip(&frame).into())).await.is_err() {
                                            return;
                                        }
                                    }
                                }
                                Some(Ok(_)) => {}
                                _ => return,
                            },
                            frame = rx.recv() => match frame {
                                Ok(_) if silent => {}
                                Ok(frame) => {
                                    if ws.send(Message::Binary(gzip(&frame).into())).await.is_err() {
                                        return;
                                    }
                                }
                                Err(broadcast::error::RecvError::Lagged(_)) => {}
                                Err(_) => return,
                            },
                            _ = ping.tick(), if !silent => {
                                n += 1;
                                let frame = format!(r#"{{"ping":{n}}}"#);
                                if ws.send(Message::Binary(gzip(&frame).into())).await.is_err() {
                                    return;
                                }
                            }
                            _ = killed.recv() => return,
                        }
                    }
                });
            }
        });
        MarketServer {
            addr,
            frames,
            kill,
            mute,
            script,
            task,
        }
    }

    pub fn url(&self) -> String {
        format!("ws://{}/kline-api/ws", self.addr)
    }

    /// A depth snapshot of E-BTC-USDT at exchange time `ts`.
    pub fn depth(&self, asks: Levels, bids: Levels, ts: i64) {
        let (asks, bids) = (levels(&asks), levels(&bids));
        let frame = depth_frame(&asks, &bids, ts);
        self.script.lock().expect("script").depth = Some((asks, bids, ts));
        let _ = self.frames.send(frame);
    }

    /// A trade of E-BTC-USDT by a `side` taker at exchange time `ts`.
    pub fn trade(&self, side: &str, price: &str, vol: &str, ts: i64) {
        let _ = self.frames.send(trade_text(side, price, vol, ts));
    }

    /// Closes every connection (a client reconnects to the same server).
    pub fn drop_connections(&self) {
        let _ = self.kill.send(());
    }

    /// Every connection open now goes silent (it reads, and sends nothing, not even a ping), as
    /// a stalled server; later connections are served as before.
    #[allow(dead_code)] // the command line's tests
    pub fn silence(&self) {
        let _ = self.mute.send(());
    }

    pub fn stop(self) {
        self.task.abort();
    }
}
