//! The user-facing handle ([`UserStream`]) and its builder.

use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use futures_core::Stream;
use futures_core::future::BoxFuture;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::address::UrlTemplate;
use super::api::StreamApi;
use super::config::Settings;
use super::driver::{Driver, Start};
use super::item::{ConnectError, StreamItem};
use super::keys::ListenKeys;
use crate::client::Core;
use crate::error::Error;

/// A REST resync after a gap: given the client core, returns the snapshot (for example open
/// orders and the account), or what went wrong in words.
pub type SnapshotHook<S> =
    Arc<dyn Fn(Core) -> BoxFuture<'static, Result<S, String>> + Send + Sync + 'static>;

/// Configures and starts a [`UserStream`].
pub struct UserStreamBuilder<A: StreamApi, S = Infallible> {
    core: Core,
    settings: Settings,
    keys: Option<Arc<ListenKeys<A>>>,
    snapshot: Option<SnapshotHook<S>>,
    snapshot_on_connect: bool,
}

impl<A: StreamApi, S> fmt::Debug for UserStreamBuilder<A, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UserStreamBuilder")
            .field("core", &self.core)
            .field("settings", &self.settings)
            .field("shared_keys", &self.keys.is_some())
            .field("snapshot", &self.snapshot.is_some())
            .field("snapshot_on_connect", &self.snapshot_on_connect)
            .finish()
    }
}

impl<A: StreamApi> UserStreamBuilder<A> {
    /// A stream of the account `core` is configured for, with the defaults (see each setter).
    pub fn new(core: Core) -> Self {
        UserStreamBuilder {
            core,
            settings: Settings::default(),
            keys: None,
            snapshot: None,
            snapshot_on_connect: false,
        }
    }
}

impl<A: StreamApi, S: Send + 'static> UserStreamBuilder<A, S> {
    /// The WebSocket address template: `{listenKey}` (required) is replaced by the key,
    /// `{host}` by the client's base URL host and port. Default: the API's template
    /// (`wss://{host}/stream?listenKey={listenKey}`), with `ws://` when the base URL is plain
    /// `http://` (loopback).
    pub fn url(mut self, template: impl Into<String>) -> Self {
        self.settings.url = Some(template.into());
        self
    }

    /// How often the key is extended with a keep-alive (default 30 minutes).
    pub fn keep_alive_interval(mut self, interval: Duration) -> Self {
        self.settings.keep_alive_interval = interval;
        self
    }

    /// How long the server keeps a key without an extension (default 60 minutes); a key older than
    /// that is replaced. Ignored with [`Self::listen_keys`] (the shared keys have their own).
    pub fn key_validity(mut self, validity: Duration) -> Self {
        self.settings.key_validity = validity;
        self
    }

    /// How often the client sends its own WebSocket ping (default 15 s).
    pub fn ping_interval(mut self, interval: Duration) -> Self {
        self.settings.ping_interval = interval;
        self
    }

    /// A connection that sends nothing (no frame, no ping, no pong) for this long is treated as
    /// dead (default 45 s).
    pub fn silence_timeout(mut self, timeout: Duration) -> Self {
        self.settings.silence_timeout = timeout;
        self
    }

    /// Time allowed for TCP, TLS and the WebSocket handshake (default 10 s).
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.settings.connect_timeout = timeout;
        self
    }

    /// Time allowed for the subscription acknowledgement (default 10 s).
    pub fn ack_timeout(mut self, timeout: Duration) -> Self {
        self.settings.ack_timeout = timeout;
        self
    }

    /// Time allowed for a close handshake, during which the closing connection's last frames are
    /// still read (default 5 s).
    pub fn close_timeout(mut self, timeout: Duration) -> Self {
        self.settings.close_timeout = timeout;
        self
    }

    /// Bounds of the jittered exponential reconnect backoff (default 250 ms to 30 s).
    pub fn reconnect_backoff(mut self, min: Duration, max: Duration) -> Self {
        self.settings.reconnect_min = min;
        self.settings.reconnect_max = max;
        self
    }

    /// Age at which a connection is replaced, make-before-break (default 23 hours). Keep it below
    /// the server's own limit (24 hours is common): a connection the server ends first is an
    /// outage, reported as a gap.
    pub fn max_connection_age(mut self, age: Duration) -> Self {
        self.settings.max_connection_age = age;
        self
    }

    /// Items buffered for the consumer (default 1024). See the module docs for what happens when
    /// it is full.
    pub fn buffer(mut self, items: usize) -> Self {
        self.settings.buffer = items;
        self
    }

    /// How long the stream waits for room in a full buffer before it drops the connection and
    /// reports a gap (default 10 s).
    pub fn slow_consumer_timeout(mut self, timeout: Duration) -> Self {
        self.settings.slow_consumer_timeout = timeout;
        self
    }

    /// Frames remembered to drop the copies a rotation delivers twice (default 4096; 0 turns
    /// dedupe off).
    pub fn dedupe_window(mut self, frames: usize) -> Self {
        self.settings.dedupe_window = frames;
        self
    }

    /// Largest frame accepted, after decompression (default 4 MiB).
    pub fn max_frame_bytes(mut self, bytes: usize) -> Self {
        self.settings.max_frame_bytes = bytes;
        self
    }

    /// Uses listen keys shared with other streams of the same account (the key is closed when the
    /// last of them shuts down).
    pub fn listen_keys(mut self, keys: Arc<ListenKeys<A>>) -> Self {
        self.keys = Some(keys);
        self
    }

    /// Takes a REST snapshot after every gap (open orders and account, say) and yields it as
    /// [`StreamItem::Snapshot`]; a failure is yielded as
    /// [`StreamError::Snapshot`](super::StreamError::Snapshot).
    pub fn snapshot<T, F, Fut, E>(self, hook: F) -> UserStreamBuilder<A, T>
    where
        T: Send + 'static,
        F: Fn(Core) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<T, E>> + Send + 'static,
        E: fmt::Display,
    {
        let hook: SnapshotHook<T> = Arc::new(move |core| {
            let fut = hook(core);
            Box::pin(async move { fut.await.map_err(|e| e.to_string()) })
        });
        self.snapshot_hook(hook)
    }

    /// [`Self::snapshot`] with a hook already boxed.
    pub fn snapshot_hook<T: Send + 'static>(
        self,
        hook: SnapshotHook<T>,
    ) -> UserStreamBuilder<A, T> {
        UserStreamBuilder {
            core: self.core,
            settings: self.settings,
            keys: self.keys,
            snapshot: Some(hook),
            snapshot_on_connect: self.snapshot_on_connect,
        }
    }

    /// Also takes a snapshot once the first connection is subscribed (default off).
    pub fn snapshot_on_connect(mut self, yes: bool) -> Self {
        self.snapshot_on_connect = yes;
        self
    }

    /// Connects and subscribes, returning once the subscription is acknowledged, so nothing that
    /// happens afterwards is missed. Fails on the first failure (a bad API key, an unreachable
    /// host); later failures are retried by the stream itself.
    pub async fn connect(self) -> Result<UserStream<A, S>, ConnectError<A::Code>> {
        let (ready_tx, ready_rx) = oneshot::channel();
        let mut stream = self.spawn(Some(ready_tx))?;
        match ready_rx.await {
            Ok(Ok(())) => Ok(stream),
            Ok(Err(e)) => {
                // The driver has stopped; let it finish releasing the key.
                if let Some(task) = stream.task.take() {
                    let _ = task.await;
                }
                Err(e)
            }
            Err(_) => Err(ConnectError::Stopped),
        }
    }

    /// Starts the stream in the background and returns at once; every failure, the first
    /// included, is retried and reported as an item. Needs a Tokio runtime.
    pub fn start(self) -> Result<UserStream<A, S>, ConnectError<A::Code>> {
        self.spawn(None)
    }

    #[allow(clippy::type_complexity)]
    fn spawn(
        self,
        ready: Option<oneshot::Sender<Result<(), ConnectError<A::Code>>>>,
    ) -> Result<UserStream<A, S>, ConnectError<A::Code>> {
        self.settings.check().map_err(ConnectError::Config)?;
        let url = UrlTemplate::resolve(
            self.core.base_url(),
            self.settings.url.as_deref(),
            A::URL_TEMPLATE,
        )
        .map_err(ConnectError::Config)?;
        let keys = self.keys.unwrap_or_else(|| {
            Arc::new(ListenKeys::new(self.core.clone()).with_validity(self.settings.key_validity))
        });
        let (out, items) = mpsc::channel(self.settings.buffer);
        let (stop_tx, stop) = oneshot::channel();
        let driver = Driver::new(Start {
            settings: Arc::new(self.settings),
            url: Arc::new(url),
            keys: Arc::clone(&keys),
            out,
            stop,
            ready,
            snapshot: self.snapshot,
            snapshot_on_connect: self.snapshot_on_connect,
        });
        let task = tokio::spawn(driver.run());
        Ok(UserStream {
            items,
            stop: Some(stop_tx),
            task: Some(task),
            keys,
        })
    }
}

/// The private event stream: a [`Stream`] of [`StreamItem`]s that reconnects by itself and ends
/// only when shut down.
///
/// Dropping it stops the stream and closes the listen key in the background (best effort);
/// [`UserStream::shutdown`] does the same and waits for it.
pub struct UserStream<A: StreamApi, S = Infallible> {
    items: mpsc::Receiver<StreamItem<A::Event, S>>,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<Result<(), Error<A::Code>>>>,
    keys: Arc<ListenKeys<A>>,
}

impl<A: StreamApi, S> fmt::Debug for UserStream<A, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UserStream")
            .field("keys", &self.keys)
            .field("buffered", &self.items.len())
            .finish_non_exhaustive()
    }
}

impl<A: StreamApi> UserStream<A> {
    /// Starts configuring a stream for the account `core` is configured for.
    pub fn builder(core: Core) -> UserStreamBuilder<A> {
        UserStreamBuilder::new(core)
    }
}

impl<A: StreamApi, S> UserStream<A, S> {
    /// The next item; `None` once the stream has stopped. (The same as `StreamExt::next`.)
    pub async fn recv(&mut self) -> Option<StreamItem<A::Event, S>> {
        self.items.recv().await
    }

    /// The listen keys this stream uses.
    pub fn listen_keys(&self) -> &Arc<ListenKeys<A>> {
        &self.keys
    }

    /// Stops the stream: closes the connections (close handshake) and the listen key (DELETE,
    /// unless other streams share it), and waits for both. Returns the DELETE's outcome.
    pub async fn shutdown(self) -> Result<(), Error<A::Code>> {
        let UserStream {
            mut items,
            stop,
            task,
            ..
        } = self;
        items.close();
        if let Some(stop) = stop {
            let _ = stop.send(());
        }
        match task {
            Some(task) => task.await.unwrap_or(Ok(())),
            None => Ok(()),
        }
    }
}

impl<A: StreamApi, S> Stream for UserStream<A, S> {
    type Item = StreamItem<A::Event, S>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.items.poll_recv(cx)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.items.len(), None)
    }
}
