//! `stream`: the private WebSocket stream, its control messages, events and listen key.

use super::Str;
use crate::diag::Diagnostics;
use crate::read::{Map, Named, Obj, Read, check};
use crate::schema::{Key, Object, Shape};
use crate::yaml::Node;

#[derive(Debug)]
pub struct StreamDef {
    pub listen_key: Option<ListenKeyDef>,
    pub doc: String,
    pub url: String,
    pub channel: String,
    pub control: StreamControl,
    pub tag: String,
    pub events: Map<EventDef>,
}

pub static STREAM: Object = Object {
    name: "Stream",
    doc: "The private WebSocket stream.",
    keys: &[
        Key::req("doc", Shape::Str, "Rustdoc of the `Event` enum."),
        Key::req(
            "url",
            Shape::Str,
            "Documented default address; `{host}` and `{listenKey}` are filled in.",
        ),
        Key::req(
            "channel",
            Shape::Str,
            "Channel named in the subscribe message.",
        ),
        Key::req(
            "control",
            Shape::Object(&CONTROL),
            "The control messages (types of this spec).",
        ),
        Key::req(
            "tag",
            Shape::Str,
            "Key naming the event type in data frames (`e`).",
        ),
        Key::req(
            "events",
            Shape::Map(&Shape::Object(&EVENT)),
            "Map of event type (the tag's value) to event.",
        ),
        Key::opt(
            "listen_key",
            Shape::Object(&LISTEN_KEY),
            "The endpoints that manage the stream's listen key; with it, `Client::user_stream()` is generated.",
        ),
    ],
    check: check::<StreamDef>,
};

#[derive(Debug)]
pub struct ListenKeyDef {
    pub create: Str,
    pub keep_alive: Str,
    pub close: Str,
    pub field: Str,
    pub invalid: Str,
}

pub static LISTEN_KEY: Object = Object {
    name: "ListenKey",
    doc: "The endpoints that manage the stream's listen key.",
    keys: &[
        Key::req(
            "create",
            Shape::Str,
            "Endpoint (no required parameters) whose answer carries the key.",
        ),
        Key::req(
            "field",
            Shape::Str,
            "Wire name of the required string field holding the key in `create`'s answer.",
        ),
        Key::req(
            "keep_alive",
            Shape::Str,
            "Endpoint extending the key; its one required parameter is the key.",
        ),
        Key::req(
            "close",
            Shape::Str,
            "Endpoint closing the key; its one required parameter is the key.",
        ),
        Key::req(
            "invalid",
            Shape::Str,
            "Error name meaning the key does not exist (a new key is then created).",
        ),
    ],
    check: check::<ListenKeyDef>,
};
reader!(ListenKeyDef, &LISTEN_KEY, {
    create: req "create", field: req "field", keep_alive: req "keep_alive", close: req "close",
    invalid: req "invalid",
});

impl Read for StreamDef {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, _: &Shape) -> Option<Self> {
        let mut o = Obj::new(cx, n, path, &STREAM)?;
        let doc = o.req("doc");
        let url = o.req("url");
        let channel = o.req("channel");
        let control = o.req("control");
        let tag = o.req("tag");
        // Events are independent: a broken one is left out, the others kept.
        let events = o.map_lenient("events");
        let listen_key = o.opt("listen_key");
        if !o.finish() {
            return None;
        }
        Some(StreamDef {
            listen_key,
            doc: doc?,
            url: url?,
            channel: channel?,
            control: control?,
            tag: tag?,
            events,
        })
    }
}

#[derive(Debug)]
pub struct StreamControl {
    pub subscribe: Str,
    pub subscribed: Str,
    pub ping: Str,
    pub pong: Str,
}

pub static CONTROL: Object = Object {
    name: "StreamControl",
    doc: "The control messages of the stream, as types of this spec.",
    keys: &[
        Key::req(
            "subscribe",
            Shape::TypeExpr,
            "Type of the subscribe message.",
        ),
        Key::req(
            "subscribed",
            Shape::TypeExpr,
            "Type of the subscription answer.",
        ),
        Key::req("ping", Shape::TypeExpr, "Type of the server's ping."),
        Key::req("pong", Shape::TypeExpr, "Type of the client's pong."),
    ],
    check: check::<StreamControl>,
};
reader!(StreamControl, &CONTROL, {
    subscribe: req "subscribe", subscribed: req "subscribed", ping: req "ping", pong: req "pong",
});

#[derive(Debug)]
pub struct EventDef {
    pub ty: Str,
    pub aliases: Vec<String>,
    pub doc: Option<String>,
    pub time: Option<Str>,
}

pub static EVENT: Object = Object {
    name: "Event",
    doc: "An event of the stream; becomes a variant of `Event`.",
    keys: &[
        Key::req(
            "type",
            Shape::TypeExpr,
            "The type (from `types`) the event decodes into.",
        ),
        Key::opt(
            "aliases",
            Shape::List(&Shape::Str),
            "Other event type names (`executionReport`).",
        ),
        Key::opt("doc", Shape::Str, "Rustdoc of the variant."),
        Key::opt(
            "time",
            Shape::Str,
            "Wire name of the event's required `millis` time field (reported with stream gaps).",
        ),
    ],
    check: check::<EventDef>,
};
reader!(EventDef, &EVENT, {
    ty: req "type", aliases: opt "aliases" or Vec::new(), doc: opt "doc", time: opt "time",
});
impl Named for EventDef {
    const NOUN: &'static str = "event";
}
