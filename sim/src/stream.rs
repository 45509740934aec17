//! The private WebSocket stream (section 6): `/stream?listenKey=<key>` (also `?streams=<key>`).
//!
//! The client subscribes with `{"event":"sub","params":{"channel":"user_account_update"}}` and
//! gets `{"event":"user_account_update","status":"ok","ts":<ms>}`; events are delivered only
//! after that. Every `ping_interval` the server sends `{"event":"ping","ts":"<ms>"}` and closes
//! the connection when `{"event":"pong","ts":"<same>"}` does not arrive within `pong_timeout`.
//! Connections are also closed when their listen key is closed or expires, when they reach
//! `max_connection_age`, on `Sim::close_streams`, and at shutdown. With `gzip_frames`, every
//! server frame travels gzip-compressed in a binary frame. In drift mode ([`crate::drift`]) an
//! event the spec does not list follows the subscribe ack, and events (those of
//! `Sim::send_stream_frame` too) are changed as they are sent.
//!
//! Faults for clients that must survive a bad stream: `Sim::silence_streams` (a connection sends
//! nothing and reads nothing, so not even a WebSocket pong goes back; what fell due is sent when
//! the silence ends, if the client is still there) and `Sim::delay_stream_frames` (every event
//! leaves later, in order).

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{RawQuery, State};
use axum::response::{IntoResponse, Response};
use contango::{Millis, StreamPong, StreamSubscribe, StreamSubscribed};
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::config::StreamConfig;
use crate::error::SimError;
use crate::state::Shared;

/// What the state sends a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamMsg {
    /// A serialized event, to be sent at `due` (later than now under the delay fault).
    Event {
        /// The frame's text.
        text: String,
        /// When it may leave.
        due: Instant,
    },
    /// Send and read nothing until then (pings and pongs included); keep the connection open.
    SilenceUntil(Instant),
    /// Close with this code and reason.
    Close(u16, &'static str),
}

#[derive(Debug)]
struct Conn {
    uid: i64,
    key: String,
    tx: mpsc::UnboundedSender<StreamMsg>,
}

/// The open stream connections and the faults that apply to all of them.
#[derive(Debug, Default)]
pub struct Hub {
    conns: HashMap<u64, Conn>,
    next: u64,
    silenced_until: Option<Instant>,
    delay: Duration,
}

impl Hub {
    /// Registers a connection of `uid` on listen key `key` (silenced if a silence is in force).
    pub fn register(&mut self, uid: i64, key: &str) -> (u64, mpsc::UnboundedReceiver<StreamMsg>) {
        let (tx, rx) = mpsc::unbounded_channel();
        if let Some(until) = self.silenced_until.filter(|t| *t > Instant::now()) {
            let _ = tx.send(StreamMsg::SilenceUntil(until));
        }
        self.next += 1;
        self.conns.insert(
            self.next,
            Conn {
                uid,
                key: key.to_owned(),
                tx,
            },
        );
        (self.next, rx)
    }

    /// Forgets a connection.
    pub fn unregister(&mut self, id: u64) {
        self.conns.remove(&id);
    }

    /// Queues an event to every connection of `uid` (dropping connections that are gone), due
    /// after the current delay fault.
    pub fn send(&mut self, uid: i64, text: &str) {
        let due = Instant::now() + self.delay;
        self.conns.retain(|_, c| {
            let msg = StreamMsg::Event {
                text: text.to_owned(),
                due,
            };
            c.uid != uid || c.tx.send(msg).is_ok()
        });
    }

    /// Silences every connection (and the ones opened meanwhile) for `d`.
    pub fn silence(&mut self, d: Duration) {
        let until = Instant::now() + d;
        self.silenced_until = Some(until);
        for c in self.conns.values() {
            let _ = c.tx.send(StreamMsg::SilenceUntil(until));
        }
    }

    /// Delays every event sent from now on by `d` (zero: no delay).
    pub fn set_delay(&mut self, d: Duration) {
        self.delay = d;
    }

    /// Closes the connections of listen key `key`.
    pub fn close_key(&mut self, key: &str, reason: &'static str) {
        for c in self.conns.values().filter(|c| c.key == key) {
            let _ = c.tx.send(StreamMsg::Close(1000, reason));
        }
    }

    /// Closes every connection.
    pub fn close_all(&mut self, reason: &'static str) {
        for c in self.conns.values() {
            let _ = c.tx.send(StreamMsg::Close(1001, reason));
        }
    }

    /// Number of connections registered since the start (open or not).
    pub fn opened(&self) -> u64 {
        self.next
    }

    /// Number of registered connections.
    pub fn len(&self) -> usize {
        self.conns.len()
    }

    /// Whether no connection is registered.
    pub fn is_empty(&self) -> bool {
        self.conns.is_empty()
    }
}

#[derive(serde::Deserialize)]
struct StreamQuery {
    #[serde(rename = "listenKey")]
    listen_key: Option<String>,
    streams: Option<String>,
}

#[derive(serde::Deserialize)]
struct EventName {
    event: Option<String>,
}

/// `GET /stream`: checks the listen key, then upgrades.
pub async fn handler(
    State(shared): State<Arc<Shared>>,
    RawQuery(query): RawQuery,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let q: Option<StreamQuery> = serde_urlencoded::from_str(query.as_deref().unwrap_or("")).ok();
    let key = q
        .and_then(|q| q.listen_key.or(q.streams))
        .unwrap_or_default();
    let now = shared.clock.now();
    let registered = {
        let mut st = shared.lock();
        st.sweep_listen_keys(now);
        let owner = st.listen_keys.owner(&key, now);
        owner.map(|uid| {
            (
                st.hub.register(uid, &key),
                (st.config.stream, st.config.drift),
            )
        })
    };
    let ((id, rx), config) = match registered {
        Ok(r) => r,
        Err(e) => return crate::http::error_response(&e),
    };
    let Ok(ws) = ws else {
        shared.lock().hub.unregister(id);
        return crate::http::error_response(&SimError::param("Upgrade: websocket"));
    };
    ws.on_upgrade(move |socket| run(socket, shared, id, rx, config))
        .into_response()
}

async fn run(
    mut socket: WebSocket,
    shared: Arc<Shared>,
    id: u64,
    mut rx: mpsc::UnboundedReceiver<StreamMsg>,
    (config, drift): (StreamConfig, bool),
) {
    let mut shutdown = shared.shutdown.subscribe();
    let started = Instant::now();
    let age_deadline = started + config.max_connection_age;
    let mut ping = tokio::time::interval_at(started + config.ping_interval, config.ping_interval);
    let mut pending: Option<(String, Instant)> = None;
    let mut subscribed = false;
    // Events waiting for their time (delay fault) or for a silence to end, in order.
    let mut outbox: VecDeque<(Instant, String)> = VecDeque::new();
    let mut silenced_until: Option<Instant> = None;
    let close = loop {
        let now = Instant::now();
        let silence_end = silenced_until.filter(|t| *t > now);
        let pong_deadline = pending.as_ref().map_or(age_deadline, |(_, d)| *d);
        let send_at = outbox
            .front()
            .map(|(due, _)| (*due).max(silence_end.unwrap_or(*due)));
        // What is due leaves now: a timer set for this very millisecond would only fire at the
        // next tick, and a close read meanwhile would lose it.
        if send_at.is_some_and(|at| at <= now) {
            if send_due(&mut socket, &mut outbox, config.gzip_frames)
                .await
                .is_err()
            {
                break None;
            }
            continue;
        }
        // Biased, in this order: the deadlines, then what is queued for the client, and only then
        // what the client sent. An event queued before a client's close is read therefore leaves
        // first, as from a server that had already written it: a rotating client closes the old
        // connection once the new one is subscribed, and the events queued before that
        // subscription exist only on the old one.
        tokio::select! {
            biased;
            _ = shutdown.changed() => break Some((1001, "simulator shut down")),
            _ = tokio::time::sleep_until(age_deadline) => break Some((1000, "maximum connection age reached")),
            _ = tokio::time::sleep_until(pong_deadline), if pending.is_some() && silence_end.is_none() => {
                break Some((1008, "pong timeout"));
            }
            _ = tokio::time::sleep_until(silence_end.unwrap_or(now)), if silence_end.is_some() => {
                silenced_until = None;
                // The client's answer to a ping sent before the silence may not have been read.
                if let Some((_, deadline)) = pending.as_mut() {
                    *deadline = (*deadline).max(Instant::now() + config.pong_timeout);
                }
            }
            // Events delayed by a fault: the loop sends them once they are due.
            _ = tokio::time::sleep_until(send_at.unwrap_or(now)), if send_at.is_some() => {}
            msg = rx.recv() => match msg {
                Some(StreamMsg::Event { text, due }) => {
                    let text = if drift { crate::drift::event(text, shared.clock.now()) } else { text };
                    if subscribed {
                        outbox.push_back((due, text));
                    }
                }
                Some(StreamMsg::SilenceUntil(until)) => silenced_until = Some(until),
                Some(StreamMsg::Close(code, reason)) => break Some((code, reason)),
                None => break Some((1001, "closed")),
            },
            // Not read while silent: a WebSocket ping then gets no pong, as from a dead server.
            msg = socket.recv(), if silence_end.is_none() => match msg {
                Some(Ok(Message::Text(text))) => {
                    let was_subscribed = subscribed;
                    let mut replies: Vec<String> =
                        client_message(text.as_str(), &mut subscribed, &mut pending, &shared)
                            .into_iter()
                            .collect();
                    if drift && subscribed && !was_subscribed {
                        replies.extend(crate::drift::after_subscribe(shared.clock.now()));
                    }
                    if send_all(&mut socket, replies, config.gzip_frames).await.is_err() {
                        break None;
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break None,
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                if pending.is_none() && silence_end.is_none() {
                    let ts = shared.clock.server_now().to_string();
                    let text = format!(r#"{{"event":"ping","ts":"{ts}"}}"#);
                    if socket.send(frame(text, config.gzip_frames)).await.is_err() {
                        break None;
                    }
                    pending = Some((ts, Instant::now() + config.pong_timeout));
                }
            }
        }
    };
    send_close(&mut socket, close).await;
    shared.lock().hub.unregister(id);
}

/// Sends the outbox's events that are due, in order (the caller checked that a silence is not in
/// force).
async fn send_due(
    socket: &mut WebSocket,
    outbox: &mut VecDeque<(Instant, String)>,
    gzip: bool,
) -> Result<(), axum::Error> {
    let now = Instant::now();
    while outbox.front().is_some_and(|(due, _)| *due <= now) {
        if let Some((_, text)) = outbox.pop_front() {
            socket.send(frame(text, gzip)).await?;
        }
    }
    Ok(())
}

/// Sends `texts` as frames, in order.
async fn send_all(
    socket: &mut WebSocket,
    texts: Vec<String>,
    gzip: bool,
) -> Result<(), axum::Error> {
    for text in texts {
        socket.send(frame(text, gzip)).await?;
    }
    Ok(())
}

/// Sends a close frame with `code` and `reason` (nothing when the peer already went away).
pub(crate) async fn send_close(socket: &mut WebSocket, close: Option<(u16, &'static str)>) {
    if let Some((code, reason)) = close {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let _ = socket.send(Message::Close(Some(frame))).await;
    }
}

/// A server frame: text, or gzip-compressed binary.
pub(crate) fn frame(text: String, gzip: bool) -> Message {
    if !gzip {
        return Message::Text(text.into());
    }
    match compress(text.as_bytes()) {
        Some(bytes) => Message::Binary(bytes.into()),
        None => Message::Text(text.into()),
    }
}

thread_local! {
    /// libdeflate, as the client inflates with: whole frames, no stream state to keep; one
    /// compressor a thread, its tables allocated once.
    static DEFLATE: std::cell::RefCell<libdeflater::Compressor> =
        std::cell::RefCell::new(libdeflater::Compressor::new(libdeflater::CompressionLvl::fastest()));
}

/// `bytes` as a gzip member.
fn compress(bytes: &[u8]) -> Option<Vec<u8>> {
    DEFLATE.with(|c| {
        let mut c = c.borrow_mut();
        let mut out = vec![0; c.gzip_compress_bound(bytes.len())];
        let n = c.gzip_compress(bytes, &mut out).ok()?;
        out.truncate(n);
        Some(out)
    })
}

/// Handles a client frame; returns the answer to send, if any.
fn client_message(
    text: &str,
    subscribed: &mut bool,
    pending: &mut Option<(String, Instant)>,
    shared: &Shared,
) -> Option<String> {
    let name: EventName = serde_json::from_str(text).ok()?;
    match name.event.as_deref() {
        Some("sub") => {
            let sub: StreamSubscribe = serde_json::from_str(text).ok()?;
            let ok = sub.params.channel == contango::Event::CHANNEL;
            *subscribed |= ok;
            let ack = StreamSubscribed {
                event: sub.params.channel,
                status: Some(if ok { "ok" } else { "error" }.into()),
                ts: Some(Millis(shared.clock.server_now())),
            };
            serde_json::to_string(&ack).ok()
        }
        Some("pong") => {
            let pong: StreamPong = serde_json::from_str(text).ok()?;
            if pending.as_ref().map(|(ts, _)| ts) == pong.ts.as_ref() {
                *pending = None;
            }
            None
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read as _;

    #[test]
    fn frames_text_or_gzip() {
        let text = r#"{"event":"ping","ts":"1"}"#.to_owned();
        assert_eq!(
            frame(text.clone(), false),
            Message::Text(text.clone().into())
        );
        let Message::Binary(bytes) = frame(text.clone(), true) else {
            panic!("binary expected");
        };
        let mut out = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut out)
            .expect("gzip");
        assert_eq!(out, text);
    }
}
