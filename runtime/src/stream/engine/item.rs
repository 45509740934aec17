//! What the stream yields, and why it may fail to start.

use std::convert::Infallible;
use std::fmt;
use std::time::Duration;

use crate::error::{ApiCode, Error};

/// One item of a [`UserStream`](crate::stream::UserStream).
///
/// `E` is the decoded event type, `S` the snapshot type of the optional snapshot hook
/// ([`Infallible`] without one).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum StreamItem<E, S = Infallible> {
    /// A decoded event (unknown event types included, as the decoder keeps them).
    Event(E),
    /// The connection was lost just now; events may be missed until the [`Gap`] that follows.
    Disconnected {
        /// When the loss was noticed, server time in milliseconds.
        at_ms: i64,
        /// Why.
        reason: GapReason,
    },
    /// The stream was blind between `from_ms` and `to_ms`: yielded after a reconnect, before the
    /// first event received after it. Resync over REST (or use the snapshot hook).
    Gap(Gap),
    /// The snapshot hook's answer, taken after a reconnect (and at the start, if configured).
    Snapshot(S),
    /// Something went wrong without ending the stream: a frame that does not decode, a failed
    /// reconnect attempt, a failed snapshot.
    Error(StreamError),
}

/// A period during which events may have been missed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gap {
    /// Server time (ms) of the last frame received on the lost connection: events after it may be
    /// missing.
    pub from_ms: i64,
    /// Server time (ms) at which the new connection was subscribed: events after it arrive.
    pub to_ms: i64,
    /// Event time of the last event yielded before the gap, when the decoder reports one.
    pub last_event_ms: Option<i64>,
    /// Why the connection was lost.
    pub reason: GapReason,
    /// The channels the lost connection carried: only these may have missed frames (a market
    /// stream spread over several connections loses one at a time).
    pub channels: Vec<String>,
}

impl Gap {
    /// How long the stream was blind.
    pub fn duration(&self) -> Duration {
        Duration::from_millis(u64::try_from(self.to_ms - self.from_ms).unwrap_or(0))
    }
}

/// Why a connection was lost.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GapReason {
    /// The server closed the connection (a close frame, or the socket ended).
    Closed {
        /// The close code, when the server sent one.
        code: Option<u16>,
        /// The close reason text (may be empty).
        reason: String,
    },
    /// Nothing arrived for this long (not even a pong to the client's pings).
    Silent(Duration),
    /// The consumer did not take items for longer than the slow-consumer timeout; the connection
    /// was dropped to bound memory.
    SlowConsumer,
    /// A read or write on the connection failed.
    Transport(String),
    /// The server sent something that ends the subscription (a refused acknowledgement).
    Protocol(String),
}

impl fmt::Display for GapReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GapReason::Closed {
                code: Some(c),
                reason,
            } => write!(f, "closed by the server ({c} {reason})"),
            GapReason::Closed { code: None, .. } => f.write_str("closed by the server"),
            GapReason::Silent(d) => write!(f, "silent for {}ms", d.as_millis()),
            GapReason::SlowConsumer => f.write_str("the consumer was too slow"),
            GapReason::Transport(m) => write!(f, "transport error: {m}"),
            GapReason::Protocol(m) => write!(f, "protocol error: {m}"),
        }
    }
}

/// A problem reported as an item; the stream goes on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StreamError {
    /// A data frame that does not decode (or decompress); it is skipped.
    #[error("malformed frame: {message}; frame: {frame}")]
    Malformed {
        /// What is wrong, with its position.
        message: String,
        /// The start of the frame (lossy UTF-8, at most 256 characters).
        frame: String,
    },
    /// A reconnect attempt failed; the next one follows after a backoff.
    #[error("reconnect attempt {attempt} failed: {message}")]
    Connect {
        /// Consecutive failed attempts so far.
        attempt: u32,
        /// What failed.
        message: String,
    },
    /// The snapshot hook failed; no snapshot follows this gap.
    #[error("snapshot failed: {0}")]
    Snapshot(String),
    /// The server refused something without closing the connection (a subscription past its
    /// per-connection limit, an unknown channel).
    #[error("refused by the server: {message}")]
    Server {
        /// The server's frame (lossy UTF-8, at most 256 characters).
        message: String,
    },
}

/// Why [`UserStreamBuilder::connect`](crate::stream::UserStreamBuilder::connect) could not start the
/// stream.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConnectError<C: ApiCode> {
    /// The stream configuration cannot work (a URL template without `{listenKey}`, a zero
    /// interval).
    #[error("stream configuration: {0}")]
    Config(String),
    /// The listen key could not be obtained.
    #[error("listen key: {0}")]
    ListenKey(#[source] Error<C>),
    /// The WebSocket connection could not be opened (TCP, TLS or handshake).
    #[error("websocket connect: {0}")]
    WebSocket(String),
    /// The server refused the subscription or closed the connection before acknowledging it.
    #[error("subscription refused: {0}")]
    Subscribe(String),
    /// No acknowledgement of the subscription in time.
    #[error("no subscription acknowledgement within {}ms", .0.as_millis())]
    AckTimeout(Duration),
    /// The stream task ended before the stream was ready (the runtime is shutting down).
    #[error("the stream task stopped")]
    Stopped,
}
