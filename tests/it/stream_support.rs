//! Helpers of the user-stream suites (`stream_*`): bounded waits on a
//! `contango::UserStream` and a raw WebSocket for the simulator side.

use std::time::Duration;

use contango::{AccountUpdate, Event, OrderTradeUpdate, StreamItem, UserStream};
use contango_sim::Sim;
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::time::{Instant, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{WebSocketStream, client_async};

/// How long any single item may take to arrive (generous: the machine may be loaded).
pub const ITEM_WAIT: Duration = Duration::from_secs(5);

/// The next item within [`ITEM_WAIT`]; panics (naming `what`) on a timeout or the end.
pub async fn next_item(s: &mut UserStream, what: &str) -> StreamItem {
    match timeout(ITEM_WAIT, s.recv()).await {
        Ok(Some(item)) => item,
        Ok(None) => panic!("the stream ended while waiting for {what}"),
        Err(_) => panic!("no item within {ITEM_WAIT:?} while waiting for {what}"),
    }
}

/// The next item, which must be an event.
pub async fn next_event(s: &mut UserStream, what: &str) -> Event {
    match next_item(s, what).await {
        StreamItem::Event(e) => e,
        other => panic!("expected an event ({what}), got {other:?}"),
    }
}

/// The next item, which must be an ORDER_TRADE_UPDATE.
pub async fn next_order(s: &mut UserStream, what: &str) -> OrderTradeUpdate {
    match next_event(s, what).await {
        Event::OrderTradeUpdate(u) => u,
        other => panic!("expected ORDER_TRADE_UPDATE ({what}), got {other:?}"),
    }
}

/// The next item, which must be an ACCOUNT_UPDATE.
pub async fn next_account(s: &mut UserStream, what: &str) -> AccountUpdate {
    match next_event(s, what).await {
        Event::AccountUpdate(u) => u,
        other => panic!("expected ACCOUNT_UPDATE ({what}), got {other:?}"),
    }
}

/// Asserts that no item arrives within `quiet`.
pub async fn assert_quiet(s: &mut UserStream, quiet: Duration, why: &str) {
    if let Ok(item) = timeout(quiet, s.recv()).await {
        panic!("expected no item ({why}), got {item:?}");
    }
}

/// Polls `cond` every 20 ms until it holds; panics (naming `what`) after `within`.
pub async fn wait_until(within: Duration, what: &str, mut cond: impl FnMut() -> bool) {
    let deadline = Instant::now() + within;
    while !cond() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A raw WebSocket to the simulator's stream, for what the client would never do (not answering
/// pings).
pub type RawWs = WebSocketStream<TcpStream>;

/// Opens a raw stream connection on `key` and subscribes; returns it and the acknowledgement
/// message as received (text, or binary with `gzip_frames`).
pub async fn raw_subscribed(sim: &Sim, key: &str) -> (RawWs, Message) {
    let tcp = TcpStream::connect(sim.addr()).await.expect("tcp");
    let (mut ws, _) = client_async(sim.stream_url(key), tcp)
        .await
        .expect("upgrade");
    ws.send(Message::Text(
        r#"{"event":"sub","params":{"channel":"user_account_update"}}"#.into(),
    ))
    .await
    .expect("sub");
    let ack = timeout(ITEM_WAIT, ws.next())
        .await
        .expect("an acknowledgement in time")
        .expect("open")
        .expect("a frame");
    (ws, ack)
}

/// Reads (never answering pings) until the server closes; returns the close code (0 when the
/// socket ended without a close frame), or `None` when nothing closed it within `within`.
pub async fn raw_closed(ws: &mut RawWs, within: Duration) -> Option<u16> {
    let deadline = Instant::now() + within;
    for _ in 0..1000 {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return Some(frame.map_or(0, |f| f.code.into())),
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(_)) | None) => return Some(0),
            Err(_) => return None,
        }
    }
    None
}
