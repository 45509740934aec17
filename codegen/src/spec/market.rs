//! `market_stream`: the public market WebSocket stream, its heartbeat, message vocabulary,
//! symbol rule, and channels with their parameters and history requests.

use super::{PARAMS, ParamDef, Str};
use crate::diag::Diagnostics;
use crate::read::{Map, Named, Obj, Read, check};
use crate::schema::{Key, Object, Shape};
use crate::yaml::{Node, Spanned};

pub const COMPRESSIONS: &[&str] = &["gzip", "none"];

#[derive(Debug)]
pub struct MarketStreamDef {
    pub doc: String,
    pub url: String,
    pub compression: Str,
    pub heartbeat: HeartbeatDef,
    pub messages: MessagesDef,
    pub max_subscriptions: Spanned<u64>,
    pub max_connection_age_ms: Spanned<u64>,
    pub symbol: SymbolDef,
    pub channels: Map<ChannelDef>,
}

pub static MARKET_STREAM: Object = Object {
    name: "MarketStream",
    doc: "The public market WebSocket stream.",
    keys: &[
        Key::req("doc", Shape::Str, "Rustdoc of the `MarketEvent` enum."),
        Key::req(
            "url",
            Shape::Str,
            "Default address; `{host}` is the client's base URL host. Client configuration overrides it.",
        ),
        Key::req(
            "compression",
            Shape::Choice(COMPRESSIONS),
            "How the server compresses frames (`gzip` binary frames; text frames are accepted too).",
        ),
        Key::req(
            "heartbeat",
            Shape::Object(&HEARTBEAT),
            "The server's heartbeat and the client's answer.",
        ),
        Key::req(
            "messages",
            Shape::Object(&MESSAGES),
            "The `event` values of client messages and of answers.",
        ),
        Key::req(
            "max_subscriptions",
            Shape::UInt,
            "Subscriptions the server allows per connection; the client spreads more over more connections.",
        ),
        Key::req(
            "max_connection_age_ms",
            Shape::UInt,
            "Age at which the server closes a connection; the client rotates before it.",
        ),
        Key::req(
            "symbol",
            Shape::Object(&SYMBOL),
            "How a contract name becomes the symbol in channel names.",
        ),
        Key::req(
            "channels",
            Shape::Map(&Shape::Object(&CHANNEL)),
            "Map of channel kind (snake_case) to channel; each becomes a typed subscription and a `MarketEvent` variant.",
        ),
    ],
    check: check::<MarketStreamDef>,
};
reader!(MarketStreamDef, &MARKET_STREAM, {
    doc: req "doc", url: req "url", compression: req "compression", heartbeat: req "heartbeat",
    messages: req "messages", max_subscriptions: req "max_subscriptions",
    max_connection_age_ms: req "max_connection_age_ms", symbol: req "symbol",
    channels: map_lenient "channels",
});

#[derive(Debug)]
pub struct HeartbeatDef {
    pub ping: Str,
    pub pong: Str,
    pub interval_ms: Spanned<u64>,
}

pub static HEARTBEAT: Object = Object {
    name: "Heartbeat",
    doc: "The server sends `{<ping>: N}`; the client answers `{<pong>: N}` with the same N.",
    keys: &[
        Key::req(
            "ping",
            Shape::Str,
            "Key of the server's heartbeat (`ping`).",
        ),
        Key::req("pong", Shape::Str, "Key of the client's answer (`pong`)."),
        Key::req(
            "interval_ms",
            Shape::UInt,
            "How often the server sends it; three missed ones mean a dead connection.",
        ),
    ],
    check: check::<HeartbeatDef>,
};
reader!(HeartbeatDef, &HEARTBEAT, { ping: req "ping", pong: req "pong", interval_ms: req "interval_ms" });

#[derive(Debug)]
pub struct MessagesDef {
    pub subscribe: Str,
    pub unsubscribe: Str,
    pub request: Str,
    pub reply: Str,
}

pub static MESSAGES: Object = Object {
    name: "MarketMessages",
    doc: "Client messages are `{event: <value>, params: {channel, cb_id, ...}}`; answers carry `event_rep: <reply>`.",
    keys: &[
        Key::req(
            "subscribe",
            Shape::Str,
            "`event` of a subscription (`sub`).",
        ),
        Key::req(
            "unsubscribe",
            Shape::Str,
            "`event` of an unsubscription (`unsub`).",
        ),
        Key::req("request", Shape::Str, "`event` of a request (`req`)."),
        Key::req("reply", Shape::Str, "`event_rep` of an answer (`rep`)."),
    ],
    check: check::<MessagesDef>,
};
reader!(MessagesDef, &MESSAGES, {
    subscribe: req "subscribe", unsubscribe: req "unsubscribe", request: req "request", reply: req "reply",
});

#[derive(Debug)]
pub struct SymbolDef {
    pub lowercase: bool,
    pub type_separator: String,
    pub separator: String,
}

pub static SYMBOL: Object = Object {
    name: "SymbolRule",
    doc: "How a contract name becomes a channel symbol (`E-BTC-USDT` -> `e_btcusdt`).",
    keys: &[
        Key::req("lowercase", Shape::Bool, "Lower-case the contract name."),
        Key::req(
            "type_separator",
            Shape::Str,
            "What the first `-` (after the contract type letter) becomes; quote it, may be empty.",
        ),
        Key::req(
            "separator",
            Shape::Str,
            "What every other `-` becomes; quote it, may be empty.",
        ),
    ],
    check: check::<SymbolDef>,
};
reader!(SymbolDef, &SYMBOL, {
    lowercase: req "lowercase", type_separator: req "type_separator", separator: req "separator",
});

#[derive(Debug)]
pub struct ChannelDef {
    pub doc: Option<String>,
    pub name: Str,
    pub params: Map<ParamDef>,
    pub payload: Str,
    pub history: Option<HistoryDef>,
}

pub static CHANNEL: Object = Object {
    name: "MarketChannel",
    doc: "A channel of the market stream.",
    keys: &[
        Key::opt(
            "doc",
            Shape::Str,
            "Rustdoc of the subscription and the event variant.",
        ),
        Key::req(
            "name",
            Shape::Str,
            "Channel name template: `{symbol}` and one `{param}` per parameter, separated by literal text.",
        ),
        Key::opt(
            "params",
            PARAMS,
            "Typed parameters of the name (integers with limits, or enums); all required.",
        ),
        Key::req(
            "payload",
            Shape::TypeExpr,
            "The type (from `types`) a data frame's `tick` decodes into.",
        ),
        Key::opt(
            "history",
            Shape::Object(&HISTORY),
            "A request (`req`) on this channel answering a list; generates a typed request.",
        ),
    ],
    check: check::<ChannelDef>,
};
reader!(ChannelDef, &CHANNEL, {
    doc: opt "doc", name: req "name", params: map_lenient "params", payload: req "payload",
    history: opt "history",
});
impl Named for ChannelDef {
    const NOUN: &'static str = "channel";
}

#[derive(Debug)]
pub struct HistoryDef {
    pub doc: Option<String>,
    pub item: Str,
    pub params: Map<ParamDef>,
}

pub static HISTORY: Object = Object {
    name: "MarketHistory",
    doc: "A request on a channel whose answer's `data` is a list.",
    keys: &[
        Key::opt("doc", Shape::Str, "Rustdoc of the request type."),
        Key::req(
            "item",
            Shape::TypeExpr,
            "The type (from `types`) of one item of the answer.",
        ),
        Key::opt(
            "params",
            PARAMS,
            "Optional request parameters, sent in `params` as typed JSON values.",
        ),
    ],
    check: check::<HistoryDef>,
};
reader!(HistoryDef, &HISTORY, { doc: opt "doc", item: req "item", params: map_lenient "params" });
