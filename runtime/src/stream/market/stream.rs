//! The public market stream's handle ([`MarketStream`]) and its builder: subscriptions spread
//! over as many connections as the server's per-connection limit needs, each one run of the
//! engine over a [`MarketSession`], and requests (`req`) answered on the same connections.
//!
//! All the connections feed one bounded channel, so the consumer sees one stream. A
//! connection's [`Gap`](crate::stream::Gap) names the channels it carried: the others were not
//! affected.

use std::fmt;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use futures_core::Stream;
use serde::de::DeserializeOwned;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::api::{MarketApi, Subscription};
use super::frame::message;
use super::session::{MarketSession, Requests, subscribe_message};
use crate::error::InvalidArgument;
use crate::http::client::Core;
use crate::stream::address::UrlTemplate;
use crate::stream::engine::{
    Command, ConnectError, Settings, Start, StreamItem, Supervisor, common_setters,
};

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

    common_setters!();

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

/// One connection: its session (subscriptions), its supervisor, and the way to talk to it.
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
        let session = Arc::new(MarketSession::new(
            self.core.clone(),
            self.url.clone(),
            channels,
            Arc::clone(&self.requests),
        ));
        let (stop_tx, stop) = oneshot::channel();
        let (commands_tx, commands) = mpsc::channel(256);
        let supervisor = Supervisor::<_, std::convert::Infallible>::new(Start {
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
            let _ = supervisor.run().await;
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
