//! A raw WebSocket client for the simulator's streams over a real socket: frames as sent
//! (gzip binary or text), gunzipped with flate2, the tests' independent decoder.

use std::io::Read as _;
use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{WebSocketStream, client_async};

pub type Ws = WebSocketStream<TcpStream>;

/// Opens `url` on the simulator at `addr`.
pub async fn connect(addr: SocketAddr, url: &str) -> Ws {
    let tcp = TcpStream::connect(addr).await.expect("tcp");
    let (ws, _) = client_async(url, tcp).await.expect("upgrade");
    ws
}

pub async fn send(ws: &mut Ws, text: &str) {
    ws.send(Message::Text(text.into())).await.expect("send");
}

/// A received frame: the bytes as sent, their text (gunzipped), its JSON, and whether it came
/// gzip-compressed in a binary frame.
#[derive(Debug)]
#[allow(dead_code)] // each test binary reads what it needs
pub struct Frame {
    pub bytes: Vec<u8>,
    pub text: String,
    pub json: Value,
    pub gzip: bool,
}

/// The next frame within `wait` (`None` on close, error or timeout).
pub async fn next_frame(ws: &mut Ws, wait: Duration) -> Option<Frame> {
    let deadline = tokio::time::Instant::now() + wait;
    for _ in 0..10_000 {
        let msg = tokio::time::timeout_at(deadline, ws.next()).await;
        if std::env::var_os("MARKET_TEST_TRACE").is_some() {
            eprintln!("received {msg:?}");
        }
        let msg = msg.ok()??.ok()?;
        let (bytes, text, gzip) = match msg {
            Message::Binary(bytes) => {
                let mut text = String::new();
                flate2::read::GzDecoder::new(&bytes[..])
                    .read_to_string(&mut text)
                    .expect("gzip");
                (bytes.to_vec(), text, true)
            }
            Message::Text(t) => (t.as_bytes().to_vec(), t.as_str().to_owned(), false),
            Message::Close(_) => return None,
            _ => continue,
        };
        let json = serde_json::from_str(&text).expect("json");
        return Some(Frame {
            bytes,
            text,
            json,
            gzip,
        });
    }
    None
}
