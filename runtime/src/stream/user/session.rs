//! The private stream's [`Session`]: one listen key (created, checked, kept alive, renewed and
//! closed through [`ListenKeys`]) and the channel it subscribes to.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Duration;

use futures_core::future::BoxFuture;

use super::api::StreamApi;
use super::control;
use super::keys::ListenKeys;
use crate::error::Error;
use crate::http::client::Core;
use crate::stream::address::{UrlTemplate, redact_key};
use crate::stream::engine::frame::{self, Control};
use crate::stream::engine::{ConnectError, Opening, Read, Session, Settings, StreamError, Upkeep};

/// Why the private stream could not prepare a connection: its listen key could not be obtained
/// or checked.
#[derive(Debug)]
pub(crate) struct ListenKeyFailure<C: crate::error::ApiCode>(Error<C>);

impl<C: crate::error::ApiCode> fmt::Display for ListenKeyFailure<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "listen key: {}", self.0)
    }
}

/// The private stream's session: one listen key (shared through [`ListenKeys`]) and the
/// channel it subscribes to.
pub(crate) struct UserSession<A: StreamApi> {
    keys: Arc<ListenKeys<A>>,
    url: UrlTemplate,
    settings: Arc<Settings>,
    /// The key is gone: the next upkeep replaces it instead of extending it.
    renew_needed: AtomicBool,
    /// Consecutive failed upkeep rounds (for the retry backoff).
    failures: AtomicU32,
}

impl<A: StreamApi> UserSession<A> {
    /// The session of a stream over `keys`, connecting to `url`.
    pub fn new(keys: Arc<ListenKeys<A>>, url: UrlTemplate, settings: Arc<Settings>) -> Self {
        UserSession {
            keys,
            url,
            settings,
            renew_needed: AtomicBool::new(false),
            failures: AtomicU32::new(0),
        }
    }

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
    type Unprepared = ListenKeyFailure<A::Code>;

    fn core(&self) -> &Core {
        self.keys.core()
    }

    fn open(&self, after_failure: bool) -> BoxFuture<'_, Result<Opening, Self::Unprepared>> {
        Box::pin(async move {
            let keys = &self.keys;
            let mut key = keys.get().await.map_err(ListenKeyFailure)?;
            if after_failure {
                // The key may be gone: check it with a keep-alive first.
                match keys.keep_alive().await {
                    Ok(()) => {}
                    Err(e) if e.code().is_some_and(A::is_invalid_key) => {
                        tracing::warn!(key = %redact_key(&key), "contango.stream.key_invalid: replacing it");
                        key = keys.renew(&key).await.map_err(ListenKeyFailure)?;
                    }
                    // The REST side failing says nothing about the key; try the stream anyway.
                    Err(e) => tracing::warn!(error = %e, "contango.stream.key_check_failed"),
                }
            }
            Ok(Opening {
                url: self.url.render(&key),
                shown: self.url.redacted(&key),
                messages: vec![control::subscribe(A::CHANNEL)],
                secret: Some(key),
            })
        })
    }

    fn refused(unprepared: Self::Unprepared) -> ConnectError<A::Code> {
        ConnectError::ListenKey(unprepared.0)
    }

    fn acknowledged(&self) -> bool {
        true
    }

    fn read(&self, bytes: &[u8], now_ms: i64) -> Read<A::Event> {
        match control::classify(bytes, A::CHANNEL, now_ms) {
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
            other => Read::Control(other),
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
