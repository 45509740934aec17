//! Listen keys: one current key per [`ListenKeys`], created single-flight, kept alive, replaced
//! when the server no longer knows it, closed when its last user is done.

use std::fmt;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::api::StreamApi;
use crate::error::Error;
use crate::http::client::Core;
use crate::stream::address::redact_key;

#[derive(Debug)]
struct Current {
    key: String,
    /// When the server last extended it (creation or keep-alive).
    extended: Instant,
}

/// The listen key of one account, shared by everything that streams it.
///
/// Creation is single-flight: concurrent callers of [`ListenKeys::get`] (and of
/// [`ListenKeys::renew`] for the same stale key) wait for one request and share its key. Share
/// one `ListenKeys` (in an `Arc`) between streams of the same account with
/// [`UserStreamBuilder::listen_keys`](crate::stream::UserStreamBuilder::listen_keys): the key is then
/// closed only when the last of them shuts down.
pub struct ListenKeys<A: StreamApi> {
    core: Core,
    validity: Duration,
    current: tokio::sync::Mutex<Option<Current>>,
    holders: AtomicUsize,
    _api: PhantomData<fn() -> A>,
}

impl<A: StreamApi> fmt::Debug for ListenKeys<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = self
            .current
            .try_lock()
            .ok()
            .and_then(|c| c.as_ref().map(|c| redact_key(&c.key)));
        f.debug_struct("ListenKeys")
            .field("key", &key)
            .field("validity", &self.validity)
            .field("holders", &self.holders.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

impl<A: StreamApi> ListenKeys<A> {
    /// Keys of the account `core` is configured for; taken as valid 30 minutes after each
    /// extension (the exchange's current page; the 2023 document says 60).
    pub fn new(core: Core) -> Self {
        ListenKeys {
            core,
            validity: Duration::from_secs(30 * 60),
            current: tokio::sync::Mutex::new(None),
            holders: AtomicUsize::new(0),
            _api: PhantomData,
        }
    }

    /// How long the server keeps a key after its last extension (default 30 minutes: the
    /// exchange's current page, the shorter of its two readings); a key not extended for longer
    /// is replaced rather than used.
    pub fn with_validity(mut self, validity: Duration) -> Self {
        self.validity = validity;
        self
    }

    /// The client core the requests go through.
    pub fn core(&self) -> &Core {
        &self.core
    }

    /// The current key, creating one (POST) when there is none or it has outlived its validity.
    /// Single-flight: concurrent callers share one request and one key.
    pub async fn get(&self) -> Result<String, Error<A::Code>> {
        let mut current = self.current.lock().await;
        if let Some(c) = current.as_ref() {
            if c.extended.elapsed() < self.validity {
                return Ok(c.key.clone());
            }
            tracing::info!(key = %redact_key(&c.key), "contango.stream.key_expired: replacing it");
        }
        self.create(&mut current).await
    }

    /// Replaces `stale` (a key the server no longer accepts) with a fresh one. When another caller
    /// already replaced it, returns that key without a request.
    pub async fn renew(&self, stale: &str) -> Result<String, Error<A::Code>> {
        let mut current = self.current.lock().await;
        if let Some(c) = current.as_ref() {
            if c.key != stale && c.extended.elapsed() < self.validity {
                return Ok(c.key.clone());
            }
        }
        self.create(&mut current).await
    }

    async fn create(&self, current: &mut Option<Current>) -> Result<String, Error<A::Code>> {
        let key = A::create_key(&self.core).await?;
        tracing::info!(key = %redact_key(&key), "contango.stream.key_created");
        *current = Some(Current {
            key: key.clone(),
            extended: Instant::now(),
        });
        Ok(key)
    }

    /// Extends the current key (PUT); `Ok` when there is no key. When the server says the key
    /// does not exist, it is forgotten (the next [`ListenKeys::get`] creates one) and the error
    /// returned.
    pub async fn keep_alive(&self) -> Result<(), Error<A::Code>> {
        let Some(key) = self.current().await else {
            return Ok(());
        };
        match A::keep_alive(&self.core, key.clone()).await {
            Ok(()) => {
                if let Some(c) = self.current.lock().await.as_mut().filter(|c| c.key == key) {
                    c.extended = Instant::now();
                }
                tracing::debug!(key = %redact_key(&key), "contango.stream.keep_alive");
                Ok(())
            }
            Err(e) => {
                if e.code().is_some_and(A::is_invalid_key) {
                    self.forget(&key).await;
                }
                Err(e)
            }
        }
    }

    /// Closes the current key (DELETE) and forgets it; `Ok` when there is none.
    pub async fn close(&self) -> Result<(), Error<A::Code>> {
        let Some(key) = self.current.lock().await.take().map(|c| c.key) else {
            return Ok(());
        };
        tracing::info!(key = %redact_key(&key), "contango.stream.key_closed");
        match A::close(&self.core, key).await {
            Err(e) if e.code().is_some_and(A::is_invalid_key) => Ok(()),
            other => other,
        }
    }

    /// The current key, without creating one.
    pub async fn current(&self) -> Option<String> {
        self.current.lock().await.as_ref().map(|c| c.key.clone())
    }

    /// Whether the current key has gone longer than its validity without an extension (or there
    /// is none).
    pub async fn is_stale(&self) -> bool {
        self.current
            .lock()
            .await
            .as_ref()
            .is_none_or(|c| c.extended.elapsed() >= self.validity)
    }

    async fn forget(&self, key: &str) {
        let mut current = self.current.lock().await;
        if current.as_ref().is_some_and(|c| c.key == key) {
            tracing::warn!(key = %redact_key(key), "contango.stream.key_invalid: forgetting it");
            *current = None;
        }
    }

    /// A stream starts using these keys.
    pub(crate) fn attach(&self) {
        self.holders.fetch_add(1, Ordering::AcqRel);
    }

    /// A stream is done with these keys: the last one closes the key.
    pub(crate) async fn release(&self) -> Result<(), Error<A::Code>> {
        let before = self
            .holders
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                Some(n.saturating_sub(1))
            })
            .unwrap_or(0);
        if before <= 1 {
            self.close().await
        } else {
            Ok(())
        }
    }
}
