//! One connection's task: prepare (the session's key or subscriptions), connect, subscribe, then
//! read until told to close or the connection dies, answering pings, sending its own and the
//! supervisor's outbound messages, and forwarding decoded frames.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt as _, StreamExt as _};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{sleep_until, timeout, timeout_at};
use tokio_tungstenite::tungstenite::{Bytes, Message};

use super::config::Settings;
use super::frame::{self, Control};
use super::item::{GapReason, StreamError};
use super::session::{Read, Session};
use super::transport::{self, Ws};
use crate::recording::{ClosedBy, Direction, Recorder};

/// What a connection tells the supervisor.
pub(crate) enum ConnReport<A: Session> {
    /// The subscription was acknowledged; frames follow.
    Subscribed { conn: u64 },
    /// A data frame, decoded (or not).
    Frame {
        conn: u64,
        identity: u64,
        event_ms: Option<i64>,
        item: Result<A::Event, StreamError>,
    },
    /// The connection is over (the task ends after this).
    Ended {
        conn: u64,
        reason: EndReason<A::Unprepared>,
        /// Server time (ms) of the last message received, once subscribed.
        last_rx_ms: Option<i64>,
        /// The same as a local instant (a recording's gap line starts there).
        last_rx: Option<Instant>,
    },
}

/// Why a connection ended. `U` is what its session may fail at while preparing it
/// ([`Session::Unprepared`]).
#[derive(Debug)]
pub(crate) enum EndReason<U> {
    /// The session could not prepare the connection (the private stream: its listen key).
    Unprepared(U),
    /// TCP, TLS or the WebSocket handshake failed.
    Connect(String),
    /// The server refused the subscription, or closed before acknowledging it.
    Subscribe(String),
    /// No acknowledgement in time.
    AckTimeout(Duration),
    /// The server closed the connection.
    Closed { code: Option<u16>, reason: String },
    /// Reading or writing failed.
    Transport(String),
    /// Nothing arrived for this long.
    Silent(Duration),
    /// The supervisor closed it (rotation, shutdown).
    Local,
}

impl<U: fmt::Display> EndReason<U> {
    /// The reason of the gap an active connection's end opens.
    pub fn gap_reason(&self) -> GapReason {
        match self {
            EndReason::Closed { code, reason } => GapReason::Closed {
                code: *code,
                reason: reason.clone(),
            },
            EndReason::Silent(d) => GapReason::Silent(*d),
            EndReason::Transport(m) => GapReason::Transport(m.clone()),
            EndReason::Local => GapReason::Closed {
                code: None,
                reason: "closed locally".into(),
            },
            other => GapReason::Protocol(other.to_string()),
        }
    }
}

impl<U: fmt::Display> fmt::Display for EndReason<U> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::Unprepared(e) => e.fmt(f),
            EndReason::Connect(m) => write!(f, "connect: {m}"),
            EndReason::Subscribe(m) => write!(f, "subscription refused: {m}"),
            EndReason::AckTimeout(d) => write!(f, "no subscription ack within {}ms", d.as_millis()),
            EndReason::Closed { code, reason } => match code {
                Some(c) => write!(f, "closed by the server ({c} {reason})"),
                None => f.write_str("closed by the server"),
            },
            EndReason::Transport(m) => write!(f, "transport: {m}"),
            EndReason::Silent(d) => write!(f, "silent for {}ms", d.as_millis()),
            EndReason::Local => f.write_str("closed locally"),
        }
    }
}

/// Everything a connection task needs.
pub(crate) struct Launch<A: Session> {
    pub conn: u64,
    pub session: Arc<A>,
    /// The previous connection failed: the session may check its credentials first.
    pub after_failure: bool,
    pub settings: Arc<Settings>,
    pub tx: mpsc::Sender<ConnReport<A>>,
    pub close: oneshot::Receiver<()>,
    /// Messages the supervisor sends on this connection once it is subscribed (later
    /// subscriptions, requests).
    pub outbound: mpsc::Receiver<String>,
}

/// Runs one connection to its end; always reports `Ended` last (unless aborted).
pub(crate) async fn run<A: Session>(launch: Launch<A>) {
    let Launch {
        conn,
        session,
        after_failure,
        settings,
        tx,
        close,
        outbound,
    } = launch;
    let mut c = Connection::<A> {
        conn,
        settings,
        tx,
        session,
        last_rx: Instant::now(),
        subscribed: false,
        recording: None,
    };
    let reason = match c.open(after_failure).await {
        Ok(ws) => c.pump(ws, close, outbound).await,
        Err(r) => r,
    };
    if let Some((recorder, id)) = &c.recording {
        let (by, code, text) = match &reason {
            EndReason::Closed { code, reason } => (ClosedBy::Server, *code, reason.clone()),
            EndReason::Local => (ClosedBy::Client, None, String::new()),
            other => (ClosedBy::Error, None, other.to_string()),
        };
        recorder.close(*id, by, code, text);
    }
    let last_rx_ms = c.subscribed.then(|| c.instant_ms(c.last_rx));
    let last_rx = c.subscribed.then_some(c.last_rx);
    tracing::debug!(conn, reason = %reason, "contango.stream.connection_ended");
    let _ =
        c.tx.send(ConnReport::Ended {
            conn,
            reason,
            last_rx_ms,
            last_rx,
        })
        .await;
}

struct Connection<A: Session> {
    conn: u64,
    settings: Arc<Settings>,
    tx: mpsc::Sender<ConnReport<A>>,
    session: Arc<A>,
    last_rx: Instant,
    subscribed: bool,
    /// The recorder of the client, once connected, with this connection's number in it.
    recording: Option<(Recorder, u64)>,
}

/// A message, read.
enum Inbound<A: Session> {
    Control(Control),
    /// A data frame, decoded (or not) and identified.
    Data(ConnReport<A>),
    /// A frame that cannot be read, with its identity.
    Bad(u64, StreamError),
    Closed {
        code: Option<u16>,
        reason: String,
    },
    Nothing,
}

impl<A: Session> Connection<A> {
    /// Server time (ms) of a local instant.
    fn instant_ms(&self, at: Instant) -> i64 {
        let ago = i64::try_from(at.elapsed().as_millis()).unwrap_or(i64::MAX);
        self.session.core().timestamp_ms().saturating_sub(ago)
    }

    /// Prepare, connect, subscribe, acknowledgement when the session has one (frames arriving
    /// before it are held and sent after `Subscribed`).
    async fn open(&mut self, after_failure: bool) -> Result<Ws, EndReason<A::Unprepared>> {
        let conn = self.conn;
        let opening = self
            .session
            .open(after_failure)
            .await
            .map_err(EndReason::Unprepared)?;
        tracing::debug!(conn, url = %opening.shown, "contango.stream.connecting");
        let s = Arc::clone(&self.settings);
        let scrub = |m: String| match &opening.secret {
            Some(secret) if !secret.is_empty() => m.replace(secret.as_str(), "…"),
            _ => m,
        };
        let mut ws = timeout(
            s.connect_timeout,
            transport::connect(&opening.url, s.max_frame_bytes),
        )
        .await
        .map_err(|_| {
            EndReason::Connect(format!(
                "timed out after {}ms",
                s.connect_timeout.as_millis()
            ))
        })?
        // A server's error page might quote the key.
        .map_err(|m| EndReason::Connect(scrub(m)))?;
        self.recording = self
            .session
            .core()
            .recorder()
            .map(|r| (r.clone(), r.connect(A::KIND, &opening.url)));
        for message in opening.messages {
            self.send_text(&mut ws, message)
                .await
                .map_err(|e| EndReason::Transport(e.to_string()))?;
        }
        if !self.session.acknowledged() {
            self.subscribed = true;
            tracing::info!(conn, url = %opening.shown, "contango.stream.subscribed");
            if self.tx.send(ConnReport::Subscribed { conn }).await.is_err() {
                return Err(EndReason::Local);
            }
            return Ok(ws);
        }

        let deadline = tokio::time::Instant::now() + s.ack_timeout;
        let mut early: Vec<ConnReport<A>> = Vec::new();
        loop {
            let msg = match timeout_at(deadline, ws.next()).await {
                Err(_) => return Err(EndReason::AckTimeout(s.ack_timeout)),
                Ok(None) => {
                    return Err(EndReason::Subscribe(
                        "closed before the acknowledgement".into(),
                    ));
                }
                Ok(Some(Err(e))) => return Err(EndReason::Transport(e.to_string())),
                Ok(Some(Ok(m))) => m,
            };
            self.last_rx = Instant::now();
            match self.read(&msg) {
                Inbound::Control(Control::Ack { ok: true }) => break,
                Inbound::Control(Control::Ack { ok: false }) => {
                    let text = msg
                        .to_text()
                        .map(|t| frame::preview(t.as_bytes()))
                        .unwrap_or_default();
                    return Err(EndReason::Subscribe(text));
                }
                Inbound::Control(Control::Ping(pong)) => {
                    self.send_text(&mut ws, pong)
                        .await
                        .map_err(|e| EndReason::Transport(e.to_string()))?;
                }
                Inbound::Control(_) | Inbound::Nothing => {}
                Inbound::Data(_) | Inbound::Bad(..) if early.len() >= s.buffer => {
                    return Err(EndReason::Subscribe(
                        "too many frames before the acknowledgement".into(),
                    ));
                }
                Inbound::Data(report) => early.push(report),
                Inbound::Bad(identity, e) => early.push(ConnReport::Frame {
                    conn,
                    identity,
                    event_ms: None,
                    item: Err(e),
                }),
                Inbound::Closed { code, reason } => {
                    let closed = EndReason::<A::Unprepared>::Closed { code, reason };
                    return Err(EndReason::Subscribe(closed.to_string()));
                }
            }
        }
        self.subscribed = true;
        tracing::info!(conn, url = %opening.shown, "contango.stream.subscribed");
        if self.tx.send(ConnReport::Subscribed { conn }).await.is_err() {
            return Err(EndReason::Local);
        }
        for report in early {
            if self.tx.send(report).await.is_err() {
                return Err(EndReason::Local);
            }
        }
        Ok(ws)
    }

    /// Reads until the connection dies or the supervisor closes it.
    async fn pump(
        &mut self,
        mut ws: Ws,
        mut close: oneshot::Receiver<()>,
        mut outbound: mpsc::Receiver<String>,
    ) -> EndReason<A::Unprepared> {
        let s = Arc::clone(&self.settings);
        let mut next_ping = tokio::time::Instant::now() + s.ping_interval;
        let mut pings: u64 = 0;
        loop {
            let silent_at = tokio::time::Instant::from_std(self.last_rx + s.silence_timeout);
            tokio::select! {
                _ = &mut close => return self.drain(ws).await,
                Some(text) = outbound.recv() => {
                    if let Err(e) = self.send_text(&mut ws, text).await {
                        return EndReason::Transport(e.to_string());
                    }
                }
                _ = sleep_until(next_ping) => {
                    pings += 1;
                    let payload = Bytes::copy_from_slice(&pings.to_be_bytes());
                    if let Err(e) = ws.send(Message::Ping(payload)).await {
                        return EndReason::Transport(e.to_string());
                    }
                    next_ping += s.ping_interval;
                }
                _ = sleep_until(silent_at) => {
                    tracing::warn!(conn = self.conn, "contango.stream.silent: dropping the connection");
                    return EndReason::Silent(s.silence_timeout);
                }
                msg = ws.next() => {
                    let msg = match msg {
                        None => return EndReason::Closed { code: None, reason: String::new() },
                        Some(Err(e)) => return EndReason::Transport(e.to_string()),
                        Some(Ok(m)) => m,
                    };
                    self.last_rx = Instant::now();
                    let report = match self.read(&msg) {
                        Inbound::Control(Control::Ping(pong)) => {
                            if let Err(e) = self.send_text(&mut ws, pong).await {
                                return EndReason::Transport(e.to_string());
                            }
                            continue;
                        }
                        Inbound::Control(Control::Ack { ok: false }) => {
                            let text = msg.to_text().map(|t| frame::preview(t.as_bytes())).unwrap_or_default();
                            return EndReason::Subscribe(text);
                        }
                        Inbound::Control(Control::Refused(message)) => ConnReport::Frame {
                            conn: self.conn,
                            identity: frame::identity(message.as_bytes()),
                            event_ms: None,
                            item: Err(StreamError::Server { message }),
                        },
                        Inbound::Control(_) | Inbound::Nothing => continue,
                        Inbound::Closed { code, reason } => return EndReason::Closed { code, reason },
                        Inbound::Data(report) => report,
                        Inbound::Bad(identity, e) => ConnReport::Frame { conn: self.conn, identity, event_ms: None, item: Err(e) },
                    };
                    // Backpressure: a full supervisor queue stops the reading here.
                    if self.tx.send(report).await.is_err() {
                        return EndReason::Local;
                    }
                }
            }
        }
    }

    /// Closes with a close handshake, still forwarding the frames the server sent before its
    /// close reply (nothing sent on this connection is lost by a rotation).
    async fn drain(&mut self, mut ws: Ws) -> EndReason<A::Unprepared> {
        let conn = self.conn;
        let deadline = tokio::time::Instant::now() + self.settings.close_timeout;
        if ws.close(None).await.is_err() {
            return EndReason::Local;
        }
        // Until the server's close reply: nothing follows it.
        while let Ok(Some(Ok(msg))) = timeout_at(deadline, ws.next()).await {
            let report = match self.read(&msg) {
                Inbound::Data(report) => report,
                Inbound::Closed { .. } => break,
                _ => continue,
            };
            if self.tx.send(report).await.is_err() {
                break;
            }
        }
        tracing::debug!(conn, "contango.stream.closed");
        EndReason::Local
    }

    /// Sends a text message (recorded, when the client records).
    async fn send_text(
        &self,
        ws: &mut Ws,
        text: String,
    ) -> Result<(), tokio_tungstenite::tungstenite::Error> {
        if let Some((recorder, id)) = &self.recording {
            recorder.frame(*id, Direction::Out, false, Bytes::from(text.clone()));
        }
        ws.send(Message::text(text)).await
    }

    /// Classifies a message and decodes a data frame, in one pass over its bytes.
    fn read(&self, msg: &Message) -> Inbound<A> {
        if let Some((recorder, id)) = &self.recording {
            match msg {
                Message::Text(t) => {
                    recorder.frame(*id, Direction::In, false, Bytes::from(t.clone()))
                }
                Message::Binary(b) => recorder.frame(*id, Direction::In, true, b.clone()),
                _ => {}
            }
        }
        match msg {
            Message::Text(t) => self.read_payload(t.as_bytes()),
            Message::Binary(b) => {
                frame::with_payload(b, self.settings.max_frame_bytes, |p| self.read_payload(p))
                    .unwrap_or_else(|message| {
                        let error = StreamError::Malformed {
                            message,
                            frame: format!("<{} binary bytes>", b.len()),
                        };
                        Inbound::Bad(frame::identity(b), error)
                    })
            }
            Message::Close(c) => Inbound::Closed {
                code: c.as_ref().map(|c| u16::from(c.code)),
                reason: c.as_ref().map(|c| c.reason.to_string()).unwrap_or_default(),
            },
            Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => Inbound::Nothing,
        }
    }

    /// A text frame, or a binary frame's payload.
    fn read_payload(&self, bytes: &[u8]) -> Inbound<A> {
        match self.session.read(bytes, self.session.core().timestamp_ms()) {
            Read::Control(control) => Inbound::Control(control),
            Read::Data(decoded) => {
                let (event_ms, item) = match decoded {
                    Ok((e, ms)) => (ms, Ok(e)),
                    Err(e) => (None, Err(e)),
                };
                Inbound::Data(ConnReport::Frame {
                    conn: self.conn,
                    identity: frame::identity(bytes),
                    event_ms,
                    item,
                })
            }
        }
    }
}
