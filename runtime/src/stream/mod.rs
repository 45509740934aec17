//! The WebSocket streams: the private event stream ([`UserStream`]) and the public market stream
//! ([`MarketStream`]), both run by one engine (connection, gzip, heartbeats, silence, reconnect
//! with backoff, rotation, bounded buffer, slow consumers, typed gaps) and exposed as
//! [`futures_core::Stream`]s of [`StreamItem`]s. What differs is a `Session`: listen
//! keys for the private stream, subscriptions (restored after every reconnect, spread over
//! connections past the server's limit) and requests for the market stream.
//!
//! The rest of this page describes the private stream; [`MarketStream`] describes its own.
//!
//! The runtime knows nothing of the generated event types: generated code implements
//! [`StreamApi`] (how to decode a frame, how to create, keep alive and close a listen key) and
//! hands it to [`UserStreamBuilder`].
//!
//! # What the stream does
//!
//! - Obtains a listen key (POST; [`ListenKeys`] is single-flight), connects to the configured URL
//!   (`wss://{host}/stream?listenKey={listenKey}` by default, `{host}` from the client's base URL,
//!   `ws://` when that base is plain `http://`), sends `{"event":"sub","params":{"channel":...}}`
//!   and waits for `{"event":<channel>,"status":"ok"}` within the ack timeout.
//! - Answers every `{"event":"ping","ts":X}` with `{"event":"pong","ts":"X"}` (the same digits,
//!   as a JSON string), sends its own WebSocket pings, and treats a connection that has sent
//!   nothing for the silence timeout as dead.
//! - Keeps the key alive (PUT) every keep-alive interval (20 minutes by default). When the server
//!   says the key is invalid (-1150), or it was not extended for longer than its validity, a new
//!   key is created and the stream moves to it. Every reconnect after a failure first checks the
//!   key with a keep-alive.
//! - Rotates before the maximum connection age, make-before-break: the new connection is opened
//!   and subscribed first, then the old one is closed with a WebSocket close handshake while its
//!   remaining frames are still read. Frames seen on both connections are dropped by their
//!   identity (a hash of the raw, decompressed frame bytes, kept in a bounded window), so a
//!   rotation loses nothing, duplicates nothing, and yields no gap.
//! - Reconnects on any failure with jittered exponential backoff (bounded), resubscribes, and
//!   yields [`StreamItem::Disconnected`] at once and a typed [`Gap`] (from when to when the stream
//!   was blind) before the first event after the outage; optionally a REST
//!   [`StreamItem::Snapshot`] after each gap.
//! - Decodes text frames and gzip-compressed binary frames; an unknown event type is whatever the
//!   [`StreamApi::decode`] makes of it (the generated `Event::Other` keeps it raw); a frame that
//!   does not decode is yielded as [`StreamItem::Error`] and the stream goes on.
//! - Closes the key with DELETE on [`UserStream::shutdown`] and, best effort, when the stream is
//!   dropped.
//!
//! # Buffer policy (a slow consumer)
//!
//! Items wait in one bounded channel of [`UserStreamBuilder::buffer`] items (1024 by default).
//! When it is full, the stream stops reading the socket (TCP backpressure reaches the server) for
//! at most [`UserStreamBuilder::slow_consumer_timeout`] (10 s by default) per item. If the
//! consumer still has not made room by then, the connection is dropped, nothing already received
//! is lost (it is delivered once there is room), [`StreamItem::Disconnected`] is queued, and the
//! stream reconnects and reports the blind period as a [`Gap`] with
//! [`GapReason::SlowConsumer`]. Memory is therefore bounded by the channel, a small internal
//! queue per connection, and the dedupe window; never by the server's rate. While the stream is
//! blocked on a full buffer it does not answer server pings either, so keep the timeout below the
//! server's ping deadline.
//!
//! # Order of items around an outage
//!
//! `Event`s, then `Disconnected` (as soon as the loss is noticed), possibly `Error` items
//! ([`StreamError::Connect`]) for failed reconnect attempts, then `Gap` once the new connection
//! is subscribed, then (with a snapshot hook) `Snapshot` whenever the hook finishes, interleaved
//! with the events that follow the gap. The snapshot is taken after the new subscription, so
//! every change before the gap's end is in it; events yielded after the gap may already be in it
//! too, so apply them idempotently (order updates carry cumulative quantities).

mod address;
pub(crate) mod engine;
mod market;
mod user;

pub use address::redact_key;
pub use engine::{ConnectError, Gap, GapReason, SnapshotHook, StreamError, StreamItem};
pub(crate) use market::decode_market_frame_noting;
pub use market::{
    MarketApi, MarketData, MarketFrame, MarketMessage, MarketRequest, MarketStream,
    MarketStreamBuilder, Protocol, RequestError, Subscription, SymbolRule, TemplatePart,
    decode_market_frame, match_template, raw_reader,
};
pub use user::{DEFAULT_URL_TEMPLATE, ListenKeys, StreamApi, UserStream, UserStreamBuilder};

/// The boxed future [`StreamApi`]'s listen-key functions return.
pub use futures_core::future::BoxFuture;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
