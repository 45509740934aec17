//! The private stream: its [`Session`] (listen keys: create, check, keep alive, renew, close)
//! and the user-facing handle ([`UserStream`]) with its builder.

use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use futures_core::Stream;
use futures_core::future::BoxFuture;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::address::UrlTemplate;
use super::api::StreamApi;
use super::config::Settings;
use super::connection::Failure;
use super::driver::{Driver, Start};
use super::frame::{self, Control};
use super::item::{ConnectError, StreamError, StreamItem};
use super::keys::{ListenKeys, redact_key};
use super::session::{Opening, Read, Session, Upkeep};
use crate::client::Core;
use crate::error::Error;

/// The private stream's session: one listen key (shared through [`ListenKeys`]) and the
/// channel it subscribes to.
struct UserSession<A: StreamApi> {
    keys: Arc<ListenKeys<A>>,
    url: UrlTemplate,
    settings: Arc<Settings>,
    /// The key is gone: the next upkeep replaces it instead of extending it.
    renew_needed: AtomicBool,
    /// Consecutive failed upkeep rounds (for the retry backoff).
    failures: AtomicU32,
}

impl<A: StreamApi> UserSession<A> {
    /// The next round after a failure: backed off, never later than the regular interval.
    fn retry_after_failure(&self) -> Upkeep {
        let n = self
            .failures
            .fetch_add(1, Ordering::AcqRel)
            .saturating_add(1);
        let interval = self.settings.keep_alive_interval;
        Upkeep::Next(self.settings.backoff(n).min(interval))
    }

    async fn renew(&self) -> Upkeep {
        let result = match self.keys.current().await {
            Some(stale) => self.keys.renew(&stale).await,
            None => self.keys.get().await,
        };
        match result {
            Ok(_) => {
                self.renew_needed.store(false, Ordering::Release);
                self.failures.store(0, Ordering::Release);
                Upkeep::Rotate(self.settings.keep_alive_interval)
            }
            Err(e) => {
                let next = self.retry_after_failure();
                tracing::warn!(error = %e, "contango.stream.key_renewal_failed");
                next
            }
        }
    }

    async fn keep_alive(&self) -> Upkeep {
        match self.keys.keep_alive().await {
            Ok(()) => {
                self.failures.store(0, Ordering::Release);
                tracing::info!("contango.stream.keep_alive");
                Upkeep::Next(self.settings.keep_alive_interval)
            }
            Err(e) if e.code().is_some_and(A::is_invalid_key) => {
                tracing::warn!(error = %e, "contango.stream.keep_alive: the key is gone; replacing it");
                self.renew_needed.store(true, Ordering::Release);
                Upkeep::Next(Duration::ZERO)
            }
            Err(e) if self.keys.is_stale().await => {
                tracing::warn!(error = %e, "contango.stream.keep_alive failed past the key's validity; replacing it");
                self.renew_needed.store(true, Ordering::Release);
                Upkeep::Next(Duration::ZERO)
            }
            Err(e) => {
                let next = self.retry_after_failure();
                tracing::warn!(error = %e, "contango.stream.keep_alive failed");
                next
            }
        }
    }
}

impl<A: StreamApi> Session for UserSession<A> {
    const KIND: &'static str = "user";

    type Event = A::Event;
    type Code = A::Code;

    fn core(&self) -> &Core {
        self.keys.core()
    }

    fn open(&self, after_failure: bool) -> BoxFuture<'_, Result<Opening, Failure<A::Code>>> {
        Box::pin(async move {
            let keys = &self.keys;
            let mut key = keys.get().await.map_err(Failure::ListenKey)?;
            if after_failure {
                // The key may be gone: check it with a keep-alive first.
                match keys.keep_alive().await {
                    Ok(()) => {}
                    Err(e) if e.code().is_some_and(A::is_invalid_key) => {
                        tracing::warn!(key = %redact_key(&key), "contango.stream.key_invalid: replacing it");
                        key = keys.renew(&key).await.map_err(Failure::ListenKey)?;
                    }
                    // The REST side failing says nothing about the key; try the stream anyway.
                    Err(e) => tracing::warn!(error = %e, "contango.stream.key_check_failed"),
                }
            }
            Ok(Opening {
                url: self.url.render(&key),
                shown: self.url.redacted(&key),
                messages: vec![frame::subscribe(A::CHANNEL)],
                secret: Some(key),
            })
        })
    }

    fn acknowledged(&self) -> bool {
        true
    }

    fn read(&self, bytes: &[u8], now_ms: i64) -> Read<A::Event> {
        match frame::classify(bytes, A::CHANNEL, now_ms) {
            Control::Data => Read::Data(
                match crate::drift::event::<A>(self.core().drift_log(), bytes) {
                    Ok(e) => {
                        let ms = A::event_time_ms(&e);
                        Ok((e, ms))
                    }
                    Err(e) => Err(StreamError::Malformed {
                        message: e.to_string(),
                        frame: frame::preview(bytes),
                    }),
                },
            ),
            control => Read::Control(control),
        }
    }

    fn channels(&self) -> Vec<String> {
        vec![A::CHANNEL.to_owned()]
    }

    fn upkeep_after(&self) -> Option<Duration> {
        Some(self.settings.keep_alive_interval)
    }

    fn upkeep(&self) -> BoxFuture<'_, Upkeep> {
        Box::pin(async move {
            if self.renew_needed.load(Ordering::Acquire) {
                self.renew().await
            } else {
                self.keep_alive().await
            }
        })
    }

    fn release(&self) -> BoxFuture<'_, Result<(), Error<A::Code>>> {
        Box::pin(self.keys.release())
    }
}

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

    super::config::common_setters!();

    /// Time allowed for the subscription acknowledgement (default 10 s).
    pub fn ack_timeout(mut self, timeout: Duration) -> Self {
        self.settings.ack_timeout = timeout;
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
        // Nothing is sent on the private stream after subscribing.
        let (_commands_tx, commands) = mpsc::channel(1);
        let settings = Arc::new(self.settings);
        keys.attach();
        let session = Arc::new(UserSession {
            keys: Arc::clone(&keys),
            url,
            settings: Arc::clone(&settings),
            renew_needed: AtomicBool::new(false),
            failures: AtomicU32::new(0),
        });
        let driver = Driver::new(Start {
            settings,
            session,
            out,
            stop,
            commands,
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
