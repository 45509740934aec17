//! What differs between the streams the one engine runs: how a connection is opened and
//! subscribed, what a control frame is, how a data frame decodes, what upkeep runs beside the
//! connections, and what is released at the end.
//!
//! The engine ([`supervisor`](super::supervisor) and [`connection`](super::connection)) is
//! generic over [`Session`]: the private stream implements it with listen keys
//! (`stream::user::session`), the market stream with a subscription set
//! (`stream::market::session`). What a session may fail at while preparing a connection is its
//! own type ([`Session::Unprepared`]: the private stream's listen key), so the engine names no
//! stream's particulars.

use std::fmt;
use std::time::Duration;

use futures_core::future::BoxFuture;

use super::frame::Control;
use super::item::{ConnectError, StreamError};
use crate::error::{ApiCode, Error};
use crate::http::client::Core;

/// Where one connection goes and what it sends once open.
#[derive(Debug)]
pub(crate) struct Opening {
    /// The WebSocket URL (may carry a secret such as a listen key: never log it).
    pub url: String,
    /// The URL as it may be logged.
    pub shown: String,
    /// Text messages sent right after the handshake (subscriptions).
    pub messages: Vec<String>,
    /// Secret text to scrub from error messages (a server's error page might quote it).
    pub secret: Option<String>,
}

/// What the upkeep task asks of the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Upkeep {
    /// Run again after this long.
    Next(Duration),
    /// The connection's credentials changed (a new listen key): open a new connection,
    /// make-before-break, then run again after this long.
    Rotate(Duration),
}

/// A data frame, decoded, with its event time in milliseconds when it has one.
pub(crate) type Decoded<E> = Result<(E, Option<i64>), StreamError>;

/// A frame, read: control, or data decoded in the same pass.
pub(crate) enum Read<E> {
    Control(Control),
    Data(Decoded<E>),
}

/// The stream-specific half of the engine.
pub(crate) trait Session: Send + Sync + 'static {
    /// What a data frame decodes into.
    type Event: Send + 'static;
    /// The error vocabulary of the REST calls the session makes.
    type Code: ApiCode;

    /// Why the session could not prepare a connection (the private stream: no listen key).
    type Unprepared: fmt::Display + Send + 'static;

    /// The stream's name in recordings (`user`, `market`).
    const KIND: &'static str;

    /// The client core: server time, and REST calls for snapshots and keys.
    fn core(&self) -> &Core;

    /// Prepares a connection. `after_failure`: the previous connection failed, so credentials
    /// may need checking first.
    fn open(&self, after_failure: bool) -> BoxFuture<'_, Result<Opening, Self::Unprepared>>;

    /// What starting the stream reports when its first connection could not be prepared.
    fn refused(unprepared: Self::Unprepared) -> ConnectError<Self::Code>;

    /// Whether the server acknowledges the subscription (then the connection waits for
    /// [`Control::Ack`]); otherwise it counts as subscribed once its messages are sent.
    fn acknowledged(&self) -> bool;

    /// Reads a (decompressed) frame: a ping to answer, an acknowledgement, a reply the session
    /// consumed, a server error, or data, decoded.
    fn read(&self, frame: &[u8], now_ms: i64) -> Read<Self::Event>;

    /// The channels the connection carries, named in gaps.
    fn channels(&self) -> Vec<String>;

    /// The first upkeep is due after this long; `None`: the session needs none.
    fn upkeep_after(&self) -> Option<Duration> {
        None
    }

    /// One round of upkeep (a listen-key keep-alive). Runs in its own task.
    fn upkeep(&self) -> BoxFuture<'_, Upkeep> {
        Box::pin(async { Upkeep::Next(Duration::from_secs(3600)) })
    }

    /// Called once when the stream stops (closes the listen key).
    fn release(&self) -> BoxFuture<'_, Result<(), Error<Self::Code>>> {
        Box::pin(async { Ok(()) })
    }
}
