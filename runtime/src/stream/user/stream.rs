//! The private stream's handle ([`UserStream`]) and its builder: one run of the engine over a
//! [`UserSession`].

use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use futures_core::Stream;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::api::StreamApi;
use super::keys::ListenKeys;
use super::session::UserSession;
use crate::error::Error;
use crate::http::client::Core;
use crate::stream::address::UrlTemplate;
use crate::stream::engine::{
    ConnectError, Settings, SnapshotHook, Start, StreamItem, Supervisor, common_setters,
};

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

    /// How often the key is extended with a keep-alive (default 20 minutes: within the 30 minutes
    /// a key lives after each extension on the exchange's current page).
    pub fn keep_alive_interval(mut self, interval: Duration) -> Self {
        self.settings.keep_alive_interval = interval;
        self
    }

    /// How long the server keeps a key without an extension (default 30 minutes); a key older than
    /// that is replaced. Ignored with [`Self::listen_keys`] (the shared keys have their own).
    pub fn key_validity(mut self, validity: Duration) -> Self {
        self.settings.key_validity = validity;
        self
    }

    common_setters!();

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
    /// [`StreamError::Snapshot`](crate::stream::StreamError::Snapshot).
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
                // The supervisor has stopped; let it finish releasing the key.
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
        let session = Arc::new(UserSession::new(
            Arc::clone(&keys),
            url,
            Arc::clone(&settings),
        ));
        let supervisor = Supervisor::new(Start {
            settings,
            session,
            out,
            stop,
            commands,
            ready,
            snapshot: self.snapshot,
            snapshot_on_connect: self.snapshot_on_connect,
        });
        let task = tokio::spawn(supervisor.run());
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
