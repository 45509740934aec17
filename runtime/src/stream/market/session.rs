//! The market stream's [`Session`]: one connection's share of the subscriptions (restored on
//! every reconnect), its frames read once (heartbeats answered, answers to requests handed to
//! whoever waits for them, data decoded), and the same reading for recorded frames
//! ([`decode_market_frame`]).

use std::convert::Infallible;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use futures_core::future::BoxFuture;
use serde::de::Deserializer;
use tokio::sync::oneshot;

use super::api::{MarketApi, Subscription};
use super::frame::{MarketFrame, TickDecode, message, parse_with};
use crate::drift::DriftLog;
use crate::http::client::Core;
use crate::stream::engine::frame::{self, Control};
use crate::stream::engine::{ConnectError, Decoded, Opening, Read, Session, Settings, StreamError};
use crate::wire::direct::Reader;

/// Requests waiting for their answer, shared by the connections (any of them may carry it).
#[derive(Debug, Default)]
pub(crate) struct Requests {
    next: AtomicU64,
    pending: Mutex<Vec<Pending>>,
}

#[derive(Debug)]
struct Pending {
    id: String,
    channel: String,
    tx: oneshot::Sender<Result<Vec<u8>, String>>,
}

impl Requests {
    pub fn register(
        &self,
        channel: String,
    ) -> (String, oneshot::Receiver<Result<Vec<u8>, String>>) {
        let id = format!("contango-{}", self.next.fetch_add(1, Ordering::Relaxed) + 1);
        let (tx, rx) = oneshot::channel();
        self.lock().push(Pending {
            id: id.clone(),
            channel,
            tx,
        });
        (id, rx)
    }

    pub fn forget(&self, id: &str) {
        self.lock().retain(|p| p.id != id);
    }

    /// Hands an answer to its request: by the echoed callback id, else the oldest request for
    /// the channel (servers that do not echo it). False when nobody waits for it.
    fn deliver(&self, frame: &MarketFrame<'_>) -> bool {
        let id = frame.cb_id_text();
        let channel = frame.channel.as_deref().unwrap_or_default();
        let mut pending = self.lock();
        let at = id
            .as_deref()
            .and_then(|id| pending.iter().position(|p| p.id == id))
            .or_else(|| pending.iter().position(|p| p.channel == channel));
        let Some(at) = at else {
            return false;
        };
        let p = pending.remove(at);
        let answer = if frame.ok() {
            Ok(frame
                .data
                .map_or(b"[]".to_vec(), |d| d.get().as_bytes().to_vec()))
        } else {
            Err(frame.msg.as_deref().map_or_else(
                || frame.status.as_deref().unwrap_or("error").to_owned(),
                str::to_owned,
            ))
        };
        let _ = p.tx.send(answer);
        true
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Pending>> {
        self.pending.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One connection's session: its share of the subscriptions.
pub(crate) struct MarketSession<A: MarketApi> {
    core: Core,
    url: String,
    channels: Mutex<Vec<A::Channel>>,
    requests: Arc<Requests>,
}

impl<A: MarketApi> MarketSession<A> {
    /// The session of one connection to `url`, subscribed to `channels`.
    pub fn new(
        core: Core,
        url: String,
        channels: Vec<A::Channel>,
        requests: Arc<Requests>,
    ) -> Self {
        MarketSession {
            core,
            url,
            channels: Mutex::new(channels),
            requests,
        }
    }

    /// The connection's subscriptions now.
    pub fn channels_now(&self) -> std::sync::MutexGuard<'_, Vec<A::Channel>> {
        self.channels.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<A: MarketApi> Session for MarketSession<A> {
    const KIND: &'static str = "market";

    type Event = A::Event;
    type Code = A::Code;
    /// Preparing a connection cannot fail: its URL and subscriptions are known.
    type Unprepared = Infallible;

    fn core(&self) -> &Core {
        &self.core
    }

    fn open(&self, _after_failure: bool) -> BoxFuture<'_, Result<Opening, Infallible>> {
        // Every subscription of this connection, restored on each (re)connect.
        let messages = self
            .channels_now()
            .iter()
            .map(|c| subscribe_message::<A>(c))
            .collect();
        Box::pin(async move {
            Ok(Opening {
                url: self.url.clone(),
                shown: self.url.clone(),
                messages,
                secret: None,
            })
        })
    }

    fn refused(unprepared: Infallible) -> ConnectError<A::Code> {
        match unprepared {}
    }

    fn acknowledged(&self) -> bool {
        false
    }

    fn read(&self, bytes: &[u8], _now_ms: i64) -> Read<A::Event> {
        match classify::<A>(self.core.drift_log(), bytes) {
            Classified::Ping(pong) => Read::Control(Control::Ping(pong)),
            Classified::Reply(frame) => {
                if !self.requests.deliver(&frame) {
                    tracing::debug!(channel = ?frame.channel, "contango.market.unexpected_reply");
                }
                Read::Control(Control::Consumed)
            }
            Classified::Refused(m) => Read::Control(Control::Refused(m)),
            Classified::Data(decoded) => Read::Data(decoded),
        }
    }

    fn channels(&self) -> Vec<String> {
        self.channels_now().iter().map(Subscription::name).collect()
    }
}

/// A market frame, read once.
enum Classified<'a, E> {
    /// A heartbeat; answer with this text.
    Ping(String),
    /// An answer to a request.
    Reply(MarketFrame<'a>),
    /// An error frame that does not end the connection.
    Refused(String),
    /// A data frame, decoded.
    Data(Decoded<E>),
}

/// Reads one frame (inflated), noting in `drift` what it holds that the spec does not describe.
fn classify<'a, A: MarketApi>(drift: &DriftLog, bytes: &'a [u8]) -> Classified<'a, A::Event> {
    let read = read_frame::<A>(bytes);
    if crate::drift::take() || matches!(read, Classified::Data(Err(_))) {
        crate::drift::market_drift::<A>(drift, bytes);
    }
    read
}

fn read_frame<A: MarketApi>(bytes: &[u8]) -> Classified<'_, A::Event> {
    let p = A::PROTOCOL;
    let (frame, inline) = match parse_with::<Typed<A>>(bytes, p.ping) {
        Ok(f) => f,
        Err(e) => return Classified::Data(Err(malformed(e.to_string(), bytes))),
    };
    if let Some(ping) = frame.ping {
        return Classified::Ping(format!(
            "{{{}:{}}}",
            serde_json::Value::from(p.pong),
            ping.get()
        ));
    }
    let rep = frame.event_rep.as_deref().unwrap_or_default();
    if rep == p.reply || (rep == p.request && !frame.ok()) {
        return Classified::Reply(frame);
    }
    if !frame.ok() {
        return Classified::Refused(frame::preview(bytes));
    }
    let ts = frame.ts.filter(|&t| t > 0);
    if let Some(mut event) = inline {
        A::set_time(&mut event, crate::wire::time::Millis(frame.ts.unwrap_or(0)));
        return Classified::Data(Ok((event, ts)));
    }
    Classified::Data(match A::decode(&frame) {
        // An empty book carries time 0: no event time.
        Ok(event) => Ok((event, frame.ts.filter(|&t| t > 0))),
        Err(e) => Err(malformed(e.to_string(), bytes)),
    })
}

/// What one frame of the market stream is, decoded by [`decode_market_frame`].
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum MarketMessage<E> {
    /// A data frame.
    Event(E),
    /// The server's heartbeat; `pong` is the answer the stream sends.
    Ping {
        /// The answer, with the same number.
        pong: String,
    },
    /// An answer to a request.
    Reply {
        /// The channel asked about.
        channel: Option<String>,
        /// The echoed callback id.
        cb_id: Option<String>,
        /// The answer's `data` list as JSON (`[]` when absent), or the server's error.
        data: Result<String, String>,
    },
    /// An error frame (a refused subscription); the connection goes on.
    Refused(String),
}

/// Decodes one market-stream frame as received (gzip binary or text), the way the stream does:
/// for recorded frames, tests and tools. Malformed bytes are an error, never a panic.
pub fn decode_market_frame<A: MarketApi>(
    bytes: &[u8],
) -> Result<MarketMessage<A::Event>, StreamError> {
    decode_market_frame_noting::<A>(&DriftLog::new(), bytes)
}

/// [`decode_market_frame`], noting the frame's drift in `drift` ([`crate::drift::market_frame`]).
pub(crate) fn decode_market_frame_noting<A: MarketApi>(
    drift: &DriftLog,
    bytes: &[u8],
) -> Result<MarketMessage<A::Event>, StreamError> {
    frame::with_payload(bytes, Settings::default().max_frame_bytes, |b| {
        market_message::<A>(drift, b)
    })
    .map_err(|message| StreamError::Malformed {
        message,
        frame: format!("<{} binary bytes>", bytes.len()),
    })?
}

fn market_message<A: MarketApi>(
    drift: &DriftLog,
    bytes: &[u8],
) -> Result<MarketMessage<A::Event>, StreamError> {
    Ok(match classify::<A>(drift, bytes) {
        Classified::Ping(pong) => MarketMessage::Ping { pong },
        Classified::Refused(m) => MarketMessage::Refused(m),
        Classified::Data(decoded) => MarketMessage::Event(decoded?.0),
        Classified::Reply(f) => MarketMessage::Reply {
            channel: f.channel.as_deref().map(str::to_owned),
            cb_id: f.cb_id_text(),
            data: if f.ok() {
                Ok(f.data
                    .map_or_else(|| "[]".to_owned(), |d| d.get().to_owned()))
            } else {
                Err(f.msg.as_deref().unwrap_or("error").to_owned())
            },
        },
    })
}

fn malformed(message: String, bytes: &[u8]) -> StreamError {
    StreamError::Malformed {
        message,
        frame: frame::preview(bytes),
    }
}

pub(crate) fn subscribe_message<A: MarketApi>(c: &A::Channel) -> String {
    message(A::PROTOCOL.subscribe, &c.name(), c.symbol(), &[])
}

/// Decodes `tick` with the spec's types.
struct Typed<A>(PhantomData<A>);

impl<A: MarketApi> TickDecode for Typed<A> {
    type Out = A::Event;
    const INLINE: bool = true;
    fn decode<'de, D: Deserializer<'de>>(channel: &str, tick: D) -> Result<A::Event, D::Error> {
        A::decode_tick(channel, tick)
    }
    fn direct(channel: &str, r: &mut Reader<'_>) -> Option<A::Event> {
        A::direct_tick(channel, r)
    }
}
