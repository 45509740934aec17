//! Drift mode ([`crate::SimConfig::drift`], `contango-sim --drift`): the simulator answers as if
//! the exchange had changed its API under `spec/futures.yaml`, so that a client's drift detection
//! (`client.drift()`, `contango drift`; docs/design.md, Drift) can be tested against a real server.
//! Off by
//! default; when off, no answer or frame passes through this module.
//!
//! Every change is one entry of [`EXPECTED`], the finding an SDK should report for it:
//!
//! | kind | source | path | wire | what is served |
//! | --- | --- | --- | --- | --- |
//! | `unknown_field` | `ticker` | `openInterest` | `openInterest` | `"openInterest":"1520.5"` at the top of the bare answer |
//! | `unknown_field` | `account` | `updateTime` | `updateTime` | `"updateTime":<now, ms>` at the top of `data` |
//! | `unknown_field` | `account` | `account[].bonus` | `bonus` | `"bonus":"0"` in every balance object |
//! | `unknown_field` | `leverage_bracket` | `brackets[].autoAdjust` | `autoAdjust` | `"autoAdjust":false` in every item of the list |
//! | `unknown_enum_value` | `contracts` | `[].side` | `2` | `"side":2` (the spec's `ContractSide` lists 0 and 1) |
//! | `missing_field` | `depth` | `asks` | `asks` | the required `asks` left out (the call fails) |
//! | `type_mismatch` | `commission_rate` | `openTakerFeeRate` | `openTakerFeeRate` | `true` where the spec says decimal (the call fails) |
//! | `unknown_error_code` | `force_orders_history` | | `-1999` | HTTP 400 `{"code":-1999,"msg":"history service is being upgraded; try again later"}` |
//! | `unknown_event` | `stream` | | `MARGIN_CALL` | `{"e":"MARGIN_CALL","E":<ms>,"p":[]}` once per connection, right after the subscribe ack |
//! | `unknown_field` | `ORDER_TRADE_UPDATE` | `T` | `T` | `"T"` (a copy of `E`) at the top of every order update |
//! | `unknown_field` | `ORDER_TRADE_UPDATE` | `o.wt` | `wt` | `"wt":"CONTRACT_PRICE"` in the order object of every order update |
//! | `unknown_field` | `kline` (market channel) | `turnover` | `turnover` | `"turnover"` (a copy of `amount`) in every kline push's `tick` |
//! | `unknown_channel` | `market_stream` | | `market_e_btcusdt_bbo` | after every depth push of a contract, a push of `market_<sym>_bbo` (`tick`: `{"bid":[price,vol],"ask":[price,vol]}`, the best levels; a side is `null` when empty), in the connection's wire format (gzip or text); the wire shown is E-BTC-USDT's |
//!
//! - `source` is the spec's endpoint key for REST, the event name for a private-stream event's
//!   field, `stream` for an unknown event, the spec's market channel key for a payload field and
//!   `market_stream` for an unknown channel.
//! - `path` is dotted from the decoded value's root (a REST answer's `data`, or the bare body;
//!   the event object; the market frame's `tick`), `[]` marking list items (`[].side`: every item
//!   of a list that is the whole answer), and ends at the field concerned; it is empty for
//!   unknown error codes, events and channels.
//! - `wire` is the field's wire name, the enum value as sent, the code as text, the event type or
//!   the wire channel name.
//!
//! What a probe needs still works: server time, `contracts` (its first contract decodes), the
//! listen-key endpoints and `account` (extra fields only). The calls that fail (`depth`,
//! `commission_rate`, `force_orders_history`) fail alone. The values are samples of fields the
//! simulator does not model; the exchange's rules are untouched: answers and frames are changed
//! as JSON text after they are built (member order and number digits kept), here and nowhere
//! else.

use contango::ErrorCode;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::{RawValue, to_raw_value};

use crate::error::SimError;

/// A finding an SDK should report against a drifting simulator (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Expected {
    /// `unknown_field`, `unknown_enum_value`, `unknown_error_code`, `missing_field`,
    /// `type_mismatch`, `unknown_event` or `unknown_channel`.
    pub kind: &'static str,
    /// The spec's endpoint key, event name or market channel key; `stream` or `market_stream`.
    pub source: &'static str,
    /// Dotted path from the decoded value's root to the field (`account[].bonus`); empty for
    /// error codes, events and channels.
    pub path: &'static str,
    /// The field name, enum value, error code, event type or channel name as sent.
    pub wire: &'static str,
}

/// Every finding drift mode should cause, one per change, in the order of the module docs.
pub const EXPECTED: &[Expected] = &expected();

/// Where a change is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layer {
    Rest,
    UserStream,
    MarketStream,
}

/// A value a change puts on the wire.
#[derive(Debug, Clone, Copy)]
enum Sample {
    /// This JSON text.
    Json(&'static str),
    /// The exchange clock, in milliseconds.
    Now,
    /// The value of this member of the same object.
    CopyOf(&'static str),
}

/// How a change is made.
#[derive(Debug, Clone, Copy)]
enum How {
    /// Adds the field `path` ends at to every object the rest of the path reaches.
    Add(Sample),
    /// Removes it.
    Remove,
    /// Replaces its value.
    Replace(Sample),
    /// Answers with this error code (`wire` as text), HTTP 400, and this message.
    Refuse(i64, &'static str),
    /// Sends the event `wire` with these members after `e` and `E`, once per connection, after
    /// the subscribe ack.
    Announce(&'static str),
    /// After every depth push, pushes the best bid and ask as `market_<sym>_bbo`.
    BestBidOffer,
}

#[derive(Debug, Clone, Copy)]
struct Change {
    expected: Expected,
    layer: Layer,
    how: How,
}

const fn change(
    layer: Layer,
    kind: &'static str,
    source: &'static str,
    path: &'static str,
    wire: &'static str,
    how: How,
) -> Change {
    Change {
        expected: Expected {
            kind,
            source,
            path,
            wire,
        },
        layer,
        how,
    }
}

const CHANGES: [Change; 13] = [
    change(
        Layer::Rest,
        "unknown_field",
        "ticker",
        "openInterest",
        "openInterest",
        How::Add(Sample::Json(r#""1520.5""#)),
    ),
    change(
        Layer::Rest,
        "unknown_field",
        "account",
        "updateTime",
        "updateTime",
        How::Add(Sample::Now),
    ),
    change(
        Layer::Rest,
        "unknown_field",
        "account",
        "account[].bonus",
        "bonus",
        How::Add(Sample::Json(r#""0""#)),
    ),
    change(
        Layer::Rest,
        "unknown_field",
        "leverage_bracket",
        "brackets[].autoAdjust",
        "autoAdjust",
        How::Add(Sample::Json("false")),
    ),
    change(
        Layer::Rest,
        "unknown_enum_value",
        "contracts",
        "[].side",
        "2",
        How::Replace(Sample::Json("2")),
    ),
    change(
        Layer::Rest,
        "missing_field",
        "depth",
        "asks",
        "asks",
        How::Remove,
    ),
    change(
        Layer::Rest,
        "type_mismatch",
        "commission_rate",
        "openTakerFeeRate",
        "openTakerFeeRate",
        How::Replace(Sample::Json("true")),
    ),
    change(
        Layer::Rest,
        "unknown_error_code",
        "force_orders_history",
        "",
        "-1999",
        How::Refuse(-1999, "history service is being upgraded; try again later"),
    ),
    change(
        Layer::UserStream,
        "unknown_event",
        "stream",
        "",
        "MARGIN_CALL",
        How::Announce(r#""p":[]"#),
    ),
    change(
        Layer::UserStream,
        "unknown_field",
        "ORDER_TRADE_UPDATE",
        "T",
        "T",
        How::Add(Sample::CopyOf("E")),
    ),
    change(
        Layer::UserStream,
        "unknown_field",
        "ORDER_TRADE_UPDATE",
        "o.wt",
        "wt",
        How::Add(Sample::Json(r#""CONTRACT_PRICE""#)),
    ),
    change(
        Layer::MarketStream,
        "unknown_field",
        "kline",
        "turnover",
        "turnover",
        How::Add(Sample::CopyOf("amount")),
    ),
    change(
        Layer::MarketStream,
        "unknown_channel",
        "market_stream",
        "",
        "market_e_btcusdt_bbo",
        How::BestBidOffer,
    ),
];

const fn expected() -> [Expected; CHANGES.len()] {
    let mut out = [CHANGES[0].expected; CHANGES.len()];
    let mut i = 0;
    while i < CHANGES.len() {
        out[i] = CHANGES[i].expected;
        i += 1;
    }
    out
}

fn changes(layer: Layer, source: &str) -> impl Iterator<Item = &'static Change> {
    CHANGES
        .iter()
        .filter(move |c| c.layer == layer && c.expected.source == source)
}

/// What drift mode makes of a successful REST answer.
#[derive(Debug)]
pub(crate) enum Rewrite {
    /// Sent as it is.
    Unchanged,
    /// Sent as this text instead.
    Changed(String),
    /// Replaced by this error answer.
    Refused(SimError),
}

/// The successful answer `body` of endpoint `endpoint` (the spec key) as the changed API sends
/// it; `wrapped` when the value is the envelope's `data`.
pub(crate) fn rest(endpoint: &str, wrapped: bool, body: &[u8], now_ms: i64) -> Rewrite {
    let mut text: Option<Box<RawValue>> = None;
    for c in changes(Layer::Rest, endpoint) {
        if let How::Refuse(code, msg) = c.how {
            return Rewrite::Refused(SimError {
                code: ErrorCode::Unknown(code),
                message: msg.to_owned(),
                status: 400,
                retry_after: None,
            });
        }
        let current = match text.take() {
            Some(t) => t,
            None => match serde_json::from_slice::<Box<RawValue>>(body) {
                Ok(t) => t,
                Err(_) => return Rewrite::Unchanged,
            },
        };
        let path = match (wrapped, c.expected.path.starts_with('[')) {
            (false, _) => c.expected.path.to_owned(),
            (true, true) => format!("data{}", c.expected.path),
            (true, false) => format!("data.{}", c.expected.path),
        };
        text = Some(edit_field(&current, &path, c.how, now_ms).unwrap_or(current));
    }
    match text {
        Some(t) => Rewrite::Changed(t.get().to_owned()),
        None => Rewrite::Unchanged,
    }
}

/// The events sent once on each private-stream connection after its subscribe ack.
pub(crate) fn after_subscribe(now_ms: i64) -> Vec<String> {
    changes(Layer::UserStream, "stream")
        .filter_map(|c| match c.how {
            How::Announce(members) => {
                let event = serde_json::to_string(c.expected.wire).ok()?;
                Some(format!(r#"{{"e":{event},"E":{now_ms},{members}}}"#))
            }
            _ => None,
        })
        .collect()
}

/// A private-stream event as the changed API sends it (unchanged when no change concerns it).
pub(crate) fn event(text: String, now_ms: i64) -> String {
    let Ok(raw) = serde_json::from_str::<Box<RawValue>>(&text) else {
        return text;
    };
    let Some(name) = member::<String>(&raw, "e") else {
        return text;
    };
    let mut current = raw;
    for c in changes(Layer::UserStream, &name) {
        if let Ok(t) = edit_field(&current, c.expected.path, c.how, now_ms) {
            current = t;
        }
    }
    current.get().to_owned()
}

/// Market-stream frames as the changed API sends them: pushes of a channel whose spec key
/// `key_of` gives (from the wire channel name) get their `tick` changed, and a depth push is
/// followed by a push of a channel the spec does not describe. Other frames pass unchanged.
pub(crate) fn market_frames(
    texts: Vec<String>,
    key_of: impl Fn(&str) -> Option<&'static str>,
) -> Vec<String> {
    let mut out = Vec::with_capacity(texts.len());
    for text in texts {
        let push = serde_json::from_str::<Box<RawValue>>(&text)
            .ok()
            .filter(|raw| member::<String>(raw, "event_rep").as_deref() == Some(""))
            .and_then(|raw| Some((member::<String>(&raw, "channel")?, raw)));
        let Some((channel, raw)) = push else {
            out.push(text);
            continue;
        };
        let key = key_of(&channel);
        let mut current = raw;
        for c in CHANGES.iter().filter(|c| c.layer == Layer::MarketStream) {
            match c.how {
                How::BestBidOffer => {}
                how if Some(c.expected.source) == key => {
                    let path = format!("tick.{}", c.expected.path);
                    if let Ok(t) = edit_field(&current, &path, how, 0) {
                        current = t;
                    }
                }
                _ => {}
            }
        }
        out.push(current.get().to_owned());
        let bbo = CHANGES.iter().any(|c| matches!(c.how, How::BestBidOffer));
        if bbo && key == Some("depth") {
            out.extend(best_bid_offer(&channel, &current));
        }
    }
    out
}

/// The `market_<sym>_bbo` push that follows the depth push `frame` of `channel`.
fn best_bid_offer(channel: &str, frame: &RawValue) -> Option<String> {
    #[derive(Deserialize)]
    struct Depth {
        asks: Vec<Box<RawValue>>,
        buys: Vec<Box<RawValue>>,
    }
    #[derive(Serialize)]
    struct Bbo {
        bid: Option<Box<RawValue>>,
        ask: Option<Box<RawValue>>,
    }
    let (sym, _) = channel.rsplit_once("_depth_step")?;
    let depth: Depth = member(frame, "tick")?;
    let ts: i64 = member(frame, "ts")?;
    let tick = Bbo {
        bid: depth.buys.into_iter().next(),
        ask: depth.asks.into_iter().next(),
    };
    super::market_stream::frames::push(&format!("{sym}_bbo"), &tick, ts)
}

/// Member `name` of the object `raw`, decoded; `None` when absent or of another shape.
fn member<T: serde::de::DeserializeOwned>(raw: &RawValue, name: &str) -> Option<T> {
    let m: Members = serde_json::from_str(raw.get()).ok()?;
    let (_, v) = m.0.into_iter().find(|(k, _)| k == name)?;
    serde_json::from_str(v.get()).ok()
}

/// Makes the field change `how` at `path` (dotted, `[]` for list items; the last step names the
/// field) in every object the path reaches. An error when the value is not of the path's shape.
fn edit_field(
    raw: &RawValue,
    path: &str,
    how: How,
    now_ms: i64,
) -> serde_json::Result<Box<RawValue>> {
    let (parent, field) = match path.rsplit_once('.') {
        Some((p, f)) => (p.split('.').collect::<Vec<_>>(), f),
        None => (Vec::new(), path),
    };
    let mut leaf = |m: &mut Vec<(String, Box<RawValue>)>| -> serde_json::Result<()> {
        let value = |s: Sample, m: &[(String, Box<RawValue>)]| -> serde_json::Result<_> {
            Ok(match s {
                Sample::Json(text) => Some(RawValue::from_string(text.to_owned())?),
                Sample::Now => Some(to_raw_value(&now_ms)?),
                Sample::CopyOf(name) => m.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()),
            })
        };
        match how {
            How::Add(s) => {
                if let Some(v) = value(s, m)? {
                    m.push((field.to_owned(), v));
                }
            }
            How::Remove => m.retain(|(k, _)| k != field),
            How::Replace(s) => {
                if let Some(v) = value(s, m)? {
                    for (_, old) in m.iter_mut().filter(|(k, _)| k == field) {
                        *old = v.clone();
                    }
                }
            }
            How::Refuse(..) | How::Announce(_) | How::BestBidOffer => {}
        }
        Ok(())
    };
    walk(raw, &parent, &mut leaf)
}

type Leaf<'a> = dyn FnMut(&mut Vec<(String, Box<RawValue>)>) -> serde_json::Result<()> + 'a;

/// Applies `leaf` to the members of every object `steps` reach from `raw`.
fn walk(raw: &RawValue, steps: &[&str], leaf: &mut Leaf<'_>) -> serde_json::Result<Box<RawValue>> {
    let Some((step, rest)) = steps.split_first() else {
        let mut m: Members = serde_json::from_str(raw.get())?;
        leaf(&mut m.0)?;
        return to_raw_value(&m);
    };
    let name = step.trim_end_matches("[]");
    let lists = (step.len() - name.len()) / 2;
    if name.is_empty() {
        return each(raw, lists, rest, leaf);
    }
    let mut m: Members = serde_json::from_str(raw.get())?;
    for (_, v) in m.0.iter_mut().filter(|(k, _)| k == name) {
        *v = each(v, lists, rest, leaf)?;
    }
    to_raw_value(&m)
}

/// `walk` on every item of `lists` nested lists (`null` is an empty list).
fn each(
    raw: &RawValue,
    lists: usize,
    rest: &[&str],
    leaf: &mut Leaf<'_>,
) -> serde_json::Result<Box<RawValue>> {
    if lists == 0 {
        return walk(raw, rest, leaf);
    }
    if raw.get() == "null" {
        return Ok(raw.to_owned());
    }
    let items: Vec<Box<RawValue>> = serde_json::from_str(raw.get())?;
    let items = items
        .iter()
        .map(|item| each(item, lists - 1, rest, leaf))
        .collect::<serde_json::Result<Vec<_>>>()?;
    to_raw_value(&items)
}

/// An object's members in their order, each value as its exact text (`serde_json::Value` would
/// sort the keys: the workspace does not enable `preserve_order`, and must not for the CLI's sake).
struct Members(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Members {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Members;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Members, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<String, Box<RawValue>>()? {
                    out.push(entry);
                }
                Ok(Members(out))
            }
        }
        d.deserialize_map(V)
    }
}

impl Serialize for Members {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

#[cfg(test)]
mod tests;
