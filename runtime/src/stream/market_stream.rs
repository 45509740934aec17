//! The public market stream: its [`Session`] (a set of subscriptions, restored on every
//! reconnect), the handle ([`MarketStream`]) that spreads subscriptions over connections past the
//! server's per-connection limit, and requests (`req`) answered on the same connections.
//!
//! Each connection is one run of the shared engine ([`Driver`]); all of them feed one bounded
//! channel, so the consumer sees one stream. A connection's [`Gap`](super::Gap) names the
//! channels it carried: the others were not affected.

use std::fmt;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

use futures_core::Stream;
use futures_core::future::BoxFuture;
use serde::de::DeserializeOwned;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::address::UrlTemplate;
use super::config::Settings;
use super::connection::Failure;
use super::driver::{Command, Driver, Start};
use super::frame::{self, Control};
use super::item::{ConnectError, StreamError, StreamItem};
use super::market::{MarketApi, MarketFrame, Subscription, Typed, message, parse_with};
use super::session::{Opening, Read, Session};
use crate::client::Core;
use crate::drift::DriftLog;
use crate::error::InvalidArgument;

/// A request of the market stream (`req`): a history page of a channel, answered with a list.
///
/// Implemented by generated request types (`KlineHistory`, `TradeHistory`).
pub trait MarketRequest<A: MarketApi> {
    /// One item of the answer's `data` list (its description checks the answer for drift).
    type Item: DeserializeOwned + crate::drift::Schema + Send + 'static;
    /// The channel asked about.
    fn channel(&self) -> A::Channel;
    /// The extra `params` (`endIdx`, `pageSize`, `top`) as `(key, JSON value)`.
    fn params(&self) -> Vec<(&'static str, String)>;
    /// Refuses parameters outside the spec's limits before anything is sent.
    fn check(&self) -> Result<(), InvalidArgument>;
}

/// Why a market request has no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// A parameter is outside its limits; nothing was sent.
    #[error(transparent)]
    InvalidArgument(#[from] InvalidArgument),
    /// No answer in time (the connection may be down; it reconnects by itself).
    #[error("no answer within {}ms", .0.as_millis())]
    Timeout(Duration),
    /// The server answered with an error.
    #[error("refused by the server: {0}")]
    Refused(String),
    /// The answer does not decode.
    #[error("malformed answer: {0}")]
    Malformed(String),
    /// The stream has stopped.
    #[error("the market stream has stopped")]
    Stopped,
}

/// Requests waiting for their answer, shared by the connections (any of them may carry it).
#[derive(Debug, Default)]
struct Requests {
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
    fn register(&self, channel: String) -> (String, oneshot::Receiver<Result<Vec<u8>, String>>) {
        let id = format!("contango-{}", self.next.fetch_add(1, Ordering::Relaxed) + 1);
        let (tx, rx) = oneshot::channel();
        self.lock().push(Pending {
            id: id.clone(),
            channel,
            tx,
        });
        (id, rx)
    }

    fn forget(&self, id: &str) {
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
struct MarketSession<A: MarketApi> {
    core: Core,
    url: String,
    channels: Mutex<Vec<A::Channel>>,
    requests: Arc<Requests>,
}

impl<A: MarketApi> MarketSession<A> {
    fn channels_now(&self) -> std::sync::MutexGuard<'_, Vec<A::Channel>> {
        self.channels.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<A: MarketApi> Session for MarketSession<A> {
    const KIND: &'static str = "market";

    type Event = A::Event;
    type Code = A::Code;

    fn core(&self) -> &Core {
        &self.core
    }

    fn open(&self, _after_failure: bool) -> BoxFuture<'_, Result<Opening, Failure<A::Code>>> {
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
    Data(super::session::Decoded<E>),
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
        A::set_time(&mut event, crate::time::Millis(frame.ts.unwrap_or(0)));
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

fn subscribe_message<A: MarketApi>(c: &A::Channel) -> String {
    message(A::PROTOCOL.subscribe, &c.name(), c.symbol(), &[])
}

/// Configures and starts a [`MarketStream`].
pub struct MarketStreamBuilder<A: MarketApi> {
    core: Core,
    settings: Settings,
    channels: Vec<A::Channel>,
    per_connection: usize,
    request_timeout: Duration,
}

impl<A: MarketApi> fmt::Debug for MarketStreamBuilder<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MarketStreamBuilder")
            .field("settings", &self.settings)
            .field("channels", &self.channels)
            .field("per_connection", &self.per_connection)
            .finish_non_exhaustive()
    }
}

impl<A: MarketApi> MarketStreamBuilder<A> {
    /// A market stream for the client `core`, with the spec's limits and these defaults: silence
    /// after three missed heartbeats, rotation an hour before the server's connection age limit.
    pub fn new(core: Core) -> Self {
        let heartbeat = A::HEARTBEAT.max(Duration::from_millis(1));
        let age = A::MAX_CONNECTION_AGE;
        let settings = Settings {
            silence_timeout: heartbeat.saturating_mul(3),
            max_connection_age: age
                .checked_sub(Duration::from_secs(3600))
                .filter(|d| !d.is_zero())
                .unwrap_or(age),
            ..Settings::default()
        };
        MarketStreamBuilder {
            core,
            settings,
            channels: Vec::new(),
            per_connection: A::MAX_SUBSCRIPTIONS.max(1),
            request_timeout: Duration::from_secs(10),
        }
    }

    /// Subscribes to `channel` from the start (see [`MarketStream::subscribe`] for later ones).
    pub fn subscribe(mut self, channel: impl Into<A::Channel>) -> Self {
        let channel = channel.into();
        if !self.channels.contains(&channel) {
            self.channels.push(channel);
        }
        self
    }

    /// The WebSocket address; default: the client's market stream URL, else the spec's template
    /// (`wss://{host}/kline-api/ws`, `ws://` when the base URL is plain `http://`).
    pub fn url(mut self, url: impl Into<String>) -> Self {
        self.settings.url = Some(url.into());
        self
    }

    /// Subscriptions per connection (default: the spec's limit); more are spread over more
    /// connections.
    pub fn subscriptions_per_connection(mut self, n: usize) -> Self {
        self.per_connection = n.max(1);
        self
    }

    /// How long a request waits for its answer (default 10 s).
    pub fn request_timeout(mut self, timeout: Duration) -> Self {
        self.request_timeout = timeout;
        self
    }

    super::config::common_setters!();

    /// Connects every connection and sends its subscriptions, returning once all are open (the
    /// server sends no acknowledgement). Fails on the first failure; later failures are retried
    /// by the stream itself.
    pub async fn connect(self) -> Result<MarketStream<A>, ConnectError<A::Code>> {
        for c in &self.channels {
            c.check().map_err(|e| ConnectError::Config(e.to_string()))?;
        }
        self.settings.check().map_err(ConnectError::Config)?;
        let explicit = self
            .settings
            .url
            .clone()
            .or_else(|| self.core.market_stream_url().map(str::to_owned));
        let url = resolve_url(self.core.base_url(), explicit.as_deref(), A::URL_TEMPLATE)
            .map_err(ConnectError::Config)?;
        let (out, items) = mpsc::channel(self.settings.buffer);
        let mut stream = MarketStream {
            items,
            out,
            core: self.core,
            settings: Arc::new(self.settings),
            url,
            per_connection: self.per_connection,
            request_timeout: self.request_timeout,
            requests: Arc::new(Requests::default()),
            shards: Vec::new(),
        };
        let mut chunks: Vec<Vec<A::Channel>> = self
            .channels
            .chunks(stream.per_connection)
            .map(<[_]>::to_vec)
            .collect();
        if chunks.is_empty() {
            // One connection for requests and later subscriptions.
            chunks.push(Vec::new());
        }
        let mut waits = Vec::new();
        for chunk in chunks {
            let (ready_tx, ready_rx) = oneshot::channel();
            stream.spawn_shard(chunk, Some(ready_tx));
            waits.push(ready_rx);
        }
        for ready in waits {
            match ready.await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => {
                    stream.stop_all().await;
                    return Err(e);
                }
                Err(_) => return Err(ConnectError::Stopped),
            }
        }
        Ok(stream)
    }
}

/// The URL with `{host}` filled from the base URL (`ws://` for a plain `http://` base).
fn resolve_url(base: &str, explicit: Option<&str>, template: &str) -> Result<String, String> {
    // The template machinery wants a key hole; market URLs have none.
    const HOLE: &str = "{listenKey}";
    let with_hole = |t: &str| format!("{t}#{HOLE}");
    let t = UrlTemplate::resolve(
        base,
        explicit.map(with_hole).as_deref(),
        &with_hole(template),
    )?;
    let url = t.render("");
    Ok(url.trim_end_matches('#').to_owned())
}

/// One connection: its session (subscriptions), its driver, and the way to talk to it.
struct Shard<A: MarketApi> {
    session: Arc<MarketSession<A>>,
    commands: mpsc::Sender<Command>,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<()>,
}

/// The public market stream: typed events of every subscribed channel, over as many connections
/// as the subscriptions need, each reconnecting (and resubscribing) by itself.
pub struct MarketStream<A: MarketApi> {
    items: mpsc::Receiver<StreamItem<A::Event>>,
    out: mpsc::Sender<StreamItem<A::Event>>,
    core: Core,
    settings: Arc<Settings>,
    url: String,
    per_connection: usize,
    request_timeout: Duration,
    requests: Arc<Requests>,
    shards: Vec<Shard<A>>,
}

impl<A: MarketApi> fmt::Debug for MarketStream<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MarketStream")
            .field("url", &self.url)
            .field("connections", &self.shards.len())
            .field("subscriptions", &self.subscriptions().len())
            .field("buffered", &self.items.len())
            .finish_non_exhaustive()
    }
}

impl<A: MarketApi> MarketStream<A> {
    fn spawn_shard(
        &mut self,
        channels: Vec<A::Channel>,
        ready: Option<oneshot::Sender<Result<(), ConnectError<A::Code>>>>,
    ) {
        let session = Arc::new(MarketSession {
            core: self.core.clone(),
            url: self.url.clone(),
            channels: Mutex::new(channels),
            requests: Arc::clone(&self.requests),
        });
        let (stop_tx, stop) = oneshot::channel();
        let (commands_tx, commands) = mpsc::channel(256);
        let driver = Driver::<_, std::convert::Infallible>::new(Start {
            settings: Arc::clone(&self.settings),
            session: Arc::clone(&session),
            out: self.out.clone(),
            stop,
            commands,
            ready,
            snapshot: None,
            snapshot_on_connect: false,
        });
        let task = tokio::spawn(async move {
            let _ = driver.run().await;
        });
        self.shards.push(Shard {
            session,
            commands: commands_tx,
            stop: Some(stop_tx),
            task,
        });
    }

    /// The next item; `None` once the stream has stopped.
    pub async fn recv(&mut self) -> Option<StreamItem<A::Event>> {
        self.items.recv().await
    }

    /// The exchange's time now in milliseconds, as the client estimates it (local clock plus the
    /// client's server-time offset): what frame times are compared with.
    pub fn server_time_ms(&self) -> i64 {
        self.core.timestamp_ms()
    }

    /// Every channel subscribed, over all connections.
    pub fn subscriptions(&self) -> Vec<A::Channel> {
        self.shards
            .iter()
            .flat_map(|s| s.session.channels_now().clone())
            .collect()
    }

    /// Connections in use (one per [`MarketStreamBuilder::subscriptions_per_connection`]
    /// subscriptions).
    pub fn connections(&self) -> usize {
        self.shards.len()
    }

    /// Subscribes to `channel` on a connection with room, opening a new one when all are full.
    /// Refused before anything is sent when a parameter is outside the spec's limits; subscribing
    /// twice is a no-op.
    pub fn subscribe(&mut self, channel: impl Into<A::Channel>) -> Result<(), InvalidArgument> {
        let channel = channel.into();
        channel.check()?;
        if self.subscriptions().contains(&channel) {
            return Ok(());
        }
        let room = self
            .shards
            .iter()
            .find(|s| s.session.channels_now().len() < self.per_connection);
        match room {
            Some(shard) => {
                shard.session.channels_now().push(channel.clone());
                let _ = shard
                    .commands
                    .try_send(Command::Send(subscribe_message::<A>(&channel)));
            }
            None => self.spawn_shard(vec![channel], None),
        }
        Ok(())
    }

    /// Stops `channel` (no-op when it is not subscribed).
    pub fn unsubscribe(&mut self, channel: impl Into<A::Channel>) {
        let channel = channel.into();
        for shard in &self.shards {
            let mut channels = shard.session.channels_now();
            if let Some(at) = channels.iter().position(|c| *c == channel) {
                channels.remove(at);
                let text = message(
                    A::PROTOCOL.unsubscribe,
                    &channel.name(),
                    channel.symbol(),
                    &[],
                );
                let _ = shard.commands.try_send(Command::Send(text));
            }
        }
    }

    /// Sends a request (`req`) and waits for its answer: a page of kline history, recent trades.
    pub async fn request<R: MarketRequest<A>>(
        &self,
        request: &R,
    ) -> Result<Vec<R::Item>, RequestError> {
        request.check()?;
        let channel = request.channel();
        channel.check()?;
        let name = channel.name();
        let (id, answer) = self.requests.register(name.clone());
        let text = message(A::PROTOCOL.request, &name, &id, &request.params());
        let shard = self.shards.first().ok_or(RequestError::Stopped)?;
        if shard.commands.send(Command::Send(text)).await.is_err() {
            self.requests.forget(&id);
            return Err(RequestError::Stopped);
        }
        let bytes = match tokio::time::timeout(self.request_timeout, answer).await {
            Ok(Ok(Ok(bytes))) => bytes,
            Ok(Ok(Err(refused))) => return Err(RequestError::Refused(refused)),
            Ok(Err(_)) => return Err(RequestError::Stopped),
            Err(_) => {
                self.requests.forget(&id);
                return Err(RequestError::Timeout(self.request_timeout));
            }
        };
        let items = serde_json::from_slice(&bytes);
        // A page is a request, not a hot path: every answer is checked (within the sampling of
        // steady drift), whether it decoded or not.
        crate::drift::reply::<A, R::Item>(self.core.drift_log(), &name, &bytes);
        items.map_err(|e| RequestError::Malformed(e.to_string()))
    }

    async fn stop_all(&mut self) {
        for shard in &mut self.shards {
            if let Some(stop) = shard.stop.take() {
                let _ = stop.send(());
            }
        }
        for shard in self.shards.drain(..) {
            let _ = shard.task.await;
        }
    }

    /// Stops the stream: closes every connection (close handshake) and waits for them.
    pub async fn shutdown(mut self) {
        self.items.close();
        self.stop_all().await;
    }
}

impl<A: MarketApi> Stream for MarketStream<A> {
    type Item = StreamItem<A::Event>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.items.poll_recv(cx)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.items.len(), None)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn market_urls_follow_the_base_url() {
        let t = "wss://{host}/kline-api/ws";
        assert_eq!(
            resolve_url("http://127.0.0.1:4000", None, t).unwrap(),
            "ws://127.0.0.1:4000/kline-api/ws"
        );
        assert_eq!(
            resolve_url("https://api.example.com", None, t).unwrap(),
            "wss://api.example.com/kline-api/ws"
        );
        assert_eq!(
            resolve_url(
                "https://api.example.com",
                Some("wss://ws.example.com/kline-api/ws"),
                t
            )
            .unwrap(),
            "wss://ws.example.com/kline-api/ws"
        );
        assert!(resolve_url("https://h", Some("https://h/x"), t).is_err());
    }
}
