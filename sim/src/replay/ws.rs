//! A recorded stream connection played back: server frames in order (paced or fast), a wait for
//! the client's own frame wherever it had sent one, and the recorded end.

use std::sync::Arc;
use std::time::Duration;

use contango::recording::{ClosedBy, Direction, Frame, Payload};
use futures_util::{SinkExt, StreamExt};
use hyper::StatusCode;
use tokio::time::{Instant, sleep_until, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

use crate::server::http::{Response, Upgrade, WebSocket, text};

use super::{Miss, Playback};

/// How long the replay waits for a frame the client sent at this point of the recording before
/// going on without it (a client that behaves differently must not hang the replay).
const CLIENT_FRAME_WAIT: Duration = Duration::from_secs(10);

/// Upgrades a connection to `path` and plays the next recorded connection to it.
pub(super) fn upgrade(state: Arc<Playback>, ws: Upgrade, path: &str) -> Response {
    let next = {
        let mut progress = state.lock();
        let found = state
            .conns
            .iter()
            .zip(progress.conn_used.iter())
            .position(|(c, used)| !used && c.path == path);
        match found {
            Some(i) => {
                progress.conn_used[i] = true;
                Some(i)
            }
            None => {
                progress.misses.push(Miss {
                    request: format!("WebSocket {path}"),
                    why: "no recorded connection to this path is left".into(),
                });
                None
            }
        }
    };
    let Some(i) = next else {
        return text(
            StatusCode::NOT_FOUND,
            format!("replay: no recorded stream connection to {path} is left"),
        );
    };
    ws.answer(move |socket| play(socket, state, i))
}

async fn play(mut socket: WebSocket, state: Arc<Playback>, i: usize) {
    let conn = &state.conns[i];
    let mut stop = state.stop.clone();
    let started = Instant::now();
    let played = async {
        for (at_ms, frame) in &conn.frames {
            match frame.dir {
                Direction::In => {
                    if let Some(due) = state.pace.due(at_ms.saturating_sub(conn.at_ms)) {
                        sleep_until(started + due).await;
                    }
                    if socket.send(message(frame)).await.is_err() {
                        return false;
                    }
                }
                Direction::Out => {
                    if !client_frame(&mut socket).await {
                        return false;
                    }
                }
            }
        }
        match &conn.close {
            Some((ClosedBy::Server, code, reason)) => {
                let close = code.map(|code| CloseFrame {
                    code: code.into(),
                    reason: reason.as_str().into(),
                });
                let _ = socket.send(Message::Close(close)).await;
                false
            }
            // The client ended it (or it failed on the client's side): wait for the client.
            _ => true,
        }
    };
    let open = tokio::select! {
        open = played => open,
        _ = stop.wait_for(|v| *v) => false,
    };
    state.played.send_modify(|n| *n += 1);
    if open {
        tokio::select! {
            () = until_closed(&mut socket) => {}
            _ = stop.wait_for(|v| *v) => {}
        }
    }
}

/// The frame as it was on the wire: text, binary, or gzip-compressed binary.
fn message(frame: &Frame) -> Message {
    match (&frame.payload, frame.binary, frame.gzip) {
        (Payload::Text(t), _, true) => crate::server::wire::frame(t.clone(), true),
        (Payload::Text(t), false, false) => Message::Text(t.clone().into()),
        (payload, _, _) => Message::Binary(payload.as_bytes().to_vec().into()),
    }
}

/// Waits for the client's next data frame: whether the connection is still open.
async fn client_frame(socket: &mut WebSocket) -> bool {
    let deadline = Instant::now() + CLIENT_FRAME_WAIT;
    loop {
        match timeout(
            deadline.saturating_duration_since(Instant::now()),
            socket.next(),
        )
        .await
        {
            Err(_) => return true,
            Ok(Some(Ok(Message::Text(_) | Message::Binary(_)))) => return true,
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_)))) => {}
            Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) => return false,
        }
    }
}

/// Reads (answering pings) until the client closes.
async fn until_closed(socket: &mut WebSocket) {
    while let Some(Ok(msg)) = socket.next().await {
        if matches!(msg, Message::Close(_)) {
            break;
        }
    }
}
