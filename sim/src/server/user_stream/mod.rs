//! The private WebSocket stream (section 6): `/stream?listenKey=<key>` (also `?streams=<key>`).
//!
//! The client subscribes with `{"event":"sub","params":{"channel":"user_account_update"}}` and
//! gets `{"event":"user_account_update","status":"ok","ts":<ms>}`; events are delivered only
//! after that. Every `ping_interval` the server sends `{"event":"ping","ts":"<ms>"}` and closes
//! the connection when `{"event":"pong","ts":"<same>"}` does not arrive within `pong_timeout`.
//! Connections are also closed when their listen key is closed or expires, when they reach
//! `max_connection_age`, on `Sim::close_streams`, and at shutdown. With `gzip_frames`, every
//! server frame travels gzip-compressed in a binary frame. In drift mode ([`super::changed_api`]) an
//! event the spec does not list follows the subscribe ack, and events (those of
//! `Sim::send_stream_frame` too) are changed as they are sent.
//!
//! Faults for clients that must survive a bad stream: `Sim::silence_streams` (a connection sends
//! nothing and reads nothing, so not even a WebSocket pong goes back; what fell due is sent when
//! the silence ends, if the client is still there) and `Sim::delay_stream_frames` (every event
//! leaves later, in order).

pub mod hub;

use std::collections::VecDeque;
use std::sync::Arc;

use contango::{Millis, StreamPong, StreamSubscribe, StreamSubscribed};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::{Error, Message};

use super::changed_api;
use super::http::{Response, Upgrade, WebSocket};
use super::shared::Server;
use super::wire::{error_response, frame, send_close};
use crate::config::StreamConfig;
use crate::error::SimError;
use crate::venue::{Venue, lock};
use hub::StreamMsg;

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
pub fn handler(server: Arc<Server>, query: Option<String>, ws: Option<Upgrade>) -> Response {
    let q: Option<StreamQuery> = serde_urlencoded::from_str(query.as_deref().unwrap_or("")).ok();
    let key = q
        .and_then(|q| q.listen_key.or(q.streams))
        .unwrap_or_default();
    let venue = server.venue.clone();
    let now = venue.clock.now();
    let owner = venue.read().exchange.listen_keys().owner(&key, now);
    let registered = owner.map(|uid| lock(&server.hubs.user).register(uid, &key));
    let (id, rx) = match registered {
        Ok(r) => r,
        Err(e) => return error_response(&e),
    };
    let Some(ws) = ws else {
        lock(&server.hubs.user).unregister(id);
        return error_response(&SimError::param("Upgrade: websocket"));
    };
    let config = (venue.config.stream, venue.config.drift);
    ws.answer(move |socket| run(socket, server, id, rx, config))
}

async fn run(
    mut socket: WebSocket,
    server: Arc<Server>,
    id: u64,
    mut rx: mpsc::UnboundedReceiver<StreamMsg>,
    (config, drift): (StreamConfig, bool),
) {
    let venue = server.venue.clone();
    let mut shutdown = venue.shutdown.subscribe();
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
                    let text = if drift { changed_api::event(text, venue.clock.now()) } else { text };
                    if subscribed {
                        outbox.push_back((due, text));
                    }
                }
                Some(StreamMsg::SilenceUntil(until)) => silenced_until = Some(until),
                Some(StreamMsg::Close(code, reason)) => break Some((code, reason)),
                None => break Some((1001, "closed")),
            },
            // Not read while silent: a WebSocket ping then gets no pong, as from a dead server.
            msg = socket.next(), if silence_end.is_none() => match msg {
                Some(Ok(Message::Text(text))) => {
                    let was_subscribed = subscribed;
                    let mut replies: Vec<String> =
                        client_message(text.as_str(), &mut subscribed, &mut pending, &venue)
                            .into_iter()
                            .collect();
                    if drift && subscribed && !was_subscribed {
                        replies.extend(changed_api::after_subscribe(venue.clock.now()));
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
                    let ts = venue.clock.server_now().to_string();
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
    lock(&server.hubs.user).unregister(id);
}

/// Sends the outbox's events that are due, in order (the caller checked that a silence is not in
/// force).
async fn send_due(
    socket: &mut WebSocket,
    outbox: &mut VecDeque<(Instant, String)>,
    gzip: bool,
) -> Result<(), Error> {
    let now = Instant::now();
    while outbox.front().is_some_and(|(due, _)| *due <= now) {
        if let Some((_, text)) = outbox.pop_front() {
            socket.send(frame(text, gzip)).await?;
        }
    }
    Ok(())
}

/// Sends `texts` as frames, in order.
async fn send_all(socket: &mut WebSocket, texts: Vec<String>, gzip: bool) -> Result<(), Error> {
    for text in texts {
        socket.send(frame(text, gzip)).await?;
    }
    Ok(())
}

/// Handles a client frame; returns the answer to send, if any.
fn client_message(
    text: &str,
    subscribed: &mut bool,
    pending: &mut Option<(String, Instant)>,
    venue: &Venue,
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
                ts: Some(Millis(venue.clock.server_now())),
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
