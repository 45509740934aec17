//! What generated code provides to the market stream: its channels ([`Subscription`]), its
//! events and facts ([`MarketApi`], with the message vocabulary, [`Protocol`]), and the decoded
//! data frame a channel's event carries ([`MarketData`]).

use std::fmt;
use std::hash::Hash;
use std::time::Duration;

use serde::de::Deserializer;

use super::frame::MarketFrame;
use crate::error::{ApiCode, InvalidArgument};
use crate::wire::direct::Reader;

/// The message vocabulary of a market stream (from the spec): `{"<ping>": N}` is answered with
/// `{"<pong>": N}`; client messages are `{"event": <subscribe|unsubscribe|request>, "params":
/// {"channel": .., "cb_id": .., ...}}`; answers to requests carry `"event_rep": <reply>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Protocol {
    /// Key of the server's heartbeat (`ping`).
    pub ping: &'static str,
    /// Key of the client's answer (`pong`).
    pub pong: &'static str,
    /// `event` of a subscription (`sub`).
    pub subscribe: &'static str,
    /// `event` of an unsubscription (`unsub`).
    pub unsubscribe: &'static str,
    /// `event` of a request (`req`).
    pub request: &'static str,
    /// `event_rep` of an answer to a request (`rep`).
    pub reply: &'static str,
}

/// A typed subscription: one channel of one contract (the generated `MarketChannel`).
pub trait Subscription: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// The channel name sent on the wire (`market_e_btcusdt_depth_step0`).
    fn name(&self) -> String;
    /// The channel's symbol (`e_btcusdt`), sent as the subscription's `cb_id`.
    fn symbol(&self) -> &str;
    /// Refuses a parameter outside the spec's limits before anything is sent.
    fn check(&self) -> Result<(), InvalidArgument>;
}

/// The generated side of the market stream: its channels, its events, its facts.
pub trait MarketApi: Send + Sync + 'static {
    /// The typed subscriptions (the generated `MarketChannel`).
    type Channel: Subscription;
    /// A decoded data frame (the generated `MarketEvent`, whose `Other` keeps unknown channels).
    type Event: Send + 'static;
    /// The generated error-code vocabulary (for the client core's REST calls).
    type Code: ApiCode;
    /// Default address; `{host}` is the client's base URL host (`wss://{host}/kline-api/ws`).
    const URL_TEMPLATE: &'static str;
    /// Subscriptions one connection may carry; more are spread over more connections.
    const MAX_SUBSCRIPTIONS: usize;
    /// How often the server sends its heartbeat.
    const HEARTBEAT: Duration;
    /// The age at which the server closes a connection.
    const MAX_CONNECTION_AGE: Duration;
    /// The message vocabulary.
    const PROTOCOL: Protocol;

    /// Decodes a data frame from its envelope (one typed pass over `tick`).
    fn decode(frame: &MarketFrame<'_>) -> Result<Self::Event, serde_json::Error>;

    /// Decodes the `tick` of a frame of `channel` straight from the frame's deserializer (an
    /// unlisted channel keeps it raw), so a frame whose `channel` comes first is read in one pass.
    fn decode_tick<'de, D: Deserializer<'de>>(
        channel: &str,
        tick: D,
    ) -> Result<Self::Event, D::Error>;

    /// The same from the direct reader (`crate::wire::direct`); `None` leaves the frame to serde.
    fn direct_tick(channel: &str, r: &mut Reader<'_>) -> Option<Self::Event>;

    /// Sets the frame time of an event decoded before its frame's `ts` was read.
    fn set_time(event: &mut Self::Event, ts: crate::wire::time::Millis);

    /// The spec's key of the channel named `channel` (`ticker`) and its payload type; `None` for
    /// a channel the spec does not list (drift).
    fn channel_ty(channel: &str) -> Option<(&'static str, crate::drift::Ty)>;
}

/// A decoded data frame of one channel: which channel (typed), when, and its payload.
#[derive(Debug, Clone, PartialEq)]
pub struct MarketData<C, T> {
    /// The channel (the generated subscription type, with the channel's symbol).
    pub channel: C,
    /// The exchange's time of the frame in milliseconds; 0 when it sent none (an empty book).
    pub ts: crate::wire::time::Millis,
    /// The payload.
    pub tick: T,
}
