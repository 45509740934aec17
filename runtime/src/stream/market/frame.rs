//! The market stream's frame envelope ([`MarketFrame`]), read in one pass (the direct reader
//! first, the same reading on serde for what it leaves), with the channel's payload decoded in
//! that pass when the channel comes first; and the client's messages (`message`).

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize as _;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;

use crate::wire::direct::{self, Reader};

/// One market-stream frame, read once: the envelope's keys, with `tick` and `data` left raw for
/// the typed pass.
#[derive(Debug, Default)]
pub struct MarketFrame<'a> {
    /// The channel name.
    pub channel: Option<Cow<'a, str>>,
    /// Server time of the frame in milliseconds (0 for an empty book).
    pub ts: Option<i64>,
    /// The payload of a data frame.
    pub tick: Option<&'a RawValue>,
    /// The payload of an answer (a list), or `null`/`[]` on data frames.
    pub data: Option<&'a RawValue>,
    /// `rep` on answers, empty on data frames; the client event on error frames.
    pub event_rep: Option<Cow<'a, str>>,
    /// `ok`, or an error status.
    pub status: Option<Cow<'a, str>>,
    /// The request's callback id, echoed.
    pub cb_id: Option<&'a RawValue>,
    /// The server's words on an error frame.
    pub msg: Option<Cow<'a, str>>,
    /// The heartbeat's value, when this is a heartbeat.
    pub ping: Option<&'a RawValue>,
}

impl<'a> MarketFrame<'a> {
    /// Reads the envelope of `bytes`; `ping_key` names the heartbeat key.
    pub fn parse(bytes: &'a [u8], ping_key: &str) -> Result<Self, serde_json::Error> {
        Ok(parse_with::<NoTick>(bytes, ping_key)?.0)
    }

    /// Whether the status says the server did what was asked (absent counts as yes).
    pub fn ok(&self) -> bool {
        self.status
            .as_deref()
            .is_none_or(|s| s.eq_ignore_ascii_case("ok"))
    }

    /// The callback id as text (a JSON string unquoted, anything else as written).
    pub fn cb_id_text(&self) -> Option<String> {
        let raw = self.cb_id?.get();
        match serde_json::from_str::<Cow<'_, str>>(raw) {
            Ok(s) => Some(s.into_owned()),
            Err(_) if raw != "null" => Some(raw.to_owned()),
            Err(_) => None,
        }
    }
}

/// A reader over raw JSON a frame holds (its `tick`): serde_json's byte reader, the one every
/// other decode uses, so each generated decoder is compiled once for it (a `&RawValue` read as a
/// deserializer goes through serde_json's `&str` reader: a second copy of every market record's
/// decoder).
pub fn raw_reader(raw: &RawValue) -> serde_json::Deserializer<serde_json::de::SliceRead<'_>> {
    serde_json::Deserializer::from_slice(raw.get().as_bytes())
}

/// How the frame visitor treats `tick` when the channel is already known.
pub(crate) trait TickDecode {
    type Out;
    /// Decode `tick` in the same pass (else it is kept raw).
    const INLINE: bool;
    fn decode<'de, D: Deserializer<'de>>(channel: &str, tick: D) -> Result<Self::Out, D::Error>;
    /// The same from the direct reader.
    fn direct(channel: &str, r: &mut Reader<'_>) -> Option<Self::Out>;
}

/// Keeps `tick` raw.
pub(crate) struct NoTick;

impl TickDecode for NoTick {
    type Out = ();
    const INLINE: bool = false;
    fn decode<'de, D: Deserializer<'de>>(_: &str, tick: D) -> Result<(), D::Error> {
        IgnoredAny::deserialize(tick).map(|_| ())
    }
    fn direct(_: &str, r: &mut Reader<'_>) -> Option<()> {
        r.skip()
    }
}

/// Reads a frame once: the envelope, and the typed `tick` when `channel` came before it (as real
/// servers send it); a `tick` seen first is kept raw for a second, typed pass. The direct reader
/// goes first; serde reads what it leaves (and says what is wrong with a malformed frame).
pub(crate) fn parse_with<'a, T: TickDecode>(
    bytes: &'a [u8],
    ping_key: &str,
) -> Result<(MarketFrame<'a>, Option<T::Out>), serde_json::Error> {
    if let Some(parsed) = direct::read_all(bytes, |r| direct_frame::<T>(r, ping_key)) {
        return Ok(parsed);
    }
    // The unusual forms are where drift shows: checked after the decode.
    crate::drift::notice();
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let parsed = de.deserialize_map(FrameVisitor::<T> {
        ping_key,
        _tick: std::marker::PhantomData,
    })?;
    de.end()?;
    Ok(parsed)
}

/// [`FrameVisitor`]'s reading, key for key, on the direct reader.
fn direct_frame<'a, T: TickDecode>(
    r: &mut Reader<'a>,
    ping_key: &str,
) -> Option<(MarketFrame<'a>, Option<T::Out>)> {
    let mut frame = MarketFrame::default();
    let mut event = None;
    let text = |r: &mut Reader<'a>| match r.null() {
        true => Some(None),
        false => r.str().map(|s| Some(Cow::Borrowed(s))),
    };
    // A value kept raw, as serde hands it out (`null` included).
    let raw_value = |r: &mut Reader<'a>| {
        r.raw()
            .and_then(|t| serde_json::from_str::<&'a RawValue>(t).ok())
    };
    // The same, with `null` as absent.
    let raw = |r: &mut Reader<'a>| match r.null() {
        true => Some(None),
        false => raw_value(r).map(Some),
    };
    r.object(|key, r| {
        match key {
            b"channel" => frame.channel = text(r)?,
            b"tick" if T::INLINE && frame.channel.is_some() && event.is_none() => {
                if !r.null() {
                    event = Some(T::direct(frame.channel.as_deref()?, r)?);
                }
            }
            b"tick" => frame.tick = raw(r)?,
            b"data" => frame.data = raw(r)?,
            b"ts" => frame.ts = if r.null() { None } else { int(r.raw()?) },
            b"event_rep" => frame.event_rep = text(r)?,
            b"status" => frame.status = text(r)?,
            b"cb_id" => frame.cb_id = Some(raw_value(r)?),
            b"msg" => frame.msg = text(r)?,
            k if k == ping_key.as_bytes() => frame.ping = Some(raw_value(r)?),
            _ => r.skip()?,
        }
        Some(())
    })?;
    Some((frame, event))
}

struct TickSeed<'c, T>(&'c str, std::marker::PhantomData<T>);

impl<'de, T: TickDecode> de::DeserializeSeed<'de> for TickSeed<'_, T> {
    type Value = T::Out;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T::Out, D::Error> {
        T::decode(self.0, d)
    }
}

struct FrameVisitor<'k, T> {
    ping_key: &'k str,
    _tick: std::marker::PhantomData<T>,
}

impl<'de, T: TickDecode> Visitor<'de> for FrameVisitor<'_, T> {
    type Value = (MarketFrame<'de>, Option<T::Out>);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a market stream frame (a JSON object)")
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let mut frame = MarketFrame::default();
        let mut event = None;
        while let Some(key) = map.next_key::<Cow<'de, str>>()? {
            match key.as_ref() {
                "channel" => frame.channel = map.next_value()?,
                "tick" if T::INLINE && frame.channel.is_some() && event.is_none() => {
                    let channel = frame.channel.as_deref().unwrap_or_default();
                    event = map.next_value_seed(OptionalTick::<T>(TickSeed(
                        channel,
                        std::marker::PhantomData,
                    )))?;
                }
                "tick" => frame.tick = raw_unless_null(map.next_value()?),
                "data" => frame.data = raw_unless_null(map.next_value()?),
                "ts" => {
                    frame.ts = map
                        .next_value::<Option<&RawValue>>()?
                        .and_then(|raw| int(raw.get()));
                }
                "event_rep" => frame.event_rep = map.next_value()?,
                "status" => frame.status = map.next_value()?,
                "cb_id" => frame.cb_id = Some(map.next_value()?),
                "msg" => frame.msg = map.next_value::<Option<Cow<'de, str>>>().ok().flatten(),
                k if k == self.ping_key => frame.ping = Some(map.next_value()?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok((frame, event))
    }
}

/// A `tick` that may be `null` (then there is nothing to decode).
struct OptionalTick<'c, T>(TickSeed<'c, T>);

impl<'de, T: TickDecode> de::DeserializeSeed<'de> for OptionalTick<'_, T> {
    type Value = Option<T::Out>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de, T: TickDecode> Visitor<'de> for OptionalTick<'_, T> {
    type Value = Option<T::Out>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a tick")
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        de::DeserializeSeed::deserialize(self.0, d).map(Some)
    }
}

fn raw_unless_null(raw: Option<&RawValue>) -> Option<&RawValue> {
    raw.filter(|r| r.get() != "null")
}

/// An integer from a JSON number or a string of digits.
fn int(raw: &str) -> Option<i64> {
    raw.trim_matches('"').parse().ok()
}

/// `{"event":<event>,"params":{"channel":<channel>,"cb_id":<cb_id>,...extra}}`; `extra` are
/// `"key":value` pairs whose values are already JSON.
pub(crate) fn message(event: &str, channel: &str, cb_id: &str, extra: &[(&str, String)]) -> String {
    let q = |s: &str| serde_json::Value::from(s).to_string();
    let mut text = format!(
        r#"{{"event":{},"params":{{"channel":{},"cb_id":{}"#,
        q(event),
        q(channel),
        q(cb_id)
    );
    for (k, v) in extra {
        text.push(',');
        text.push_str(&q(k));
        text.push(':');
        text.push_str(v);
    }
    text.push_str("}}");
    text
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_read_in_one_pass() {
        let f = br#"{"event_rep":"","channel":"market_e_btcusdt_depth_step0","data":null,"tick":{"asks":[[1,2]],"buys":[]},"ts":1790133525574,"status":"ok"}"#;
        let frame = MarketFrame::parse(f, "ping").unwrap();
        assert_eq!(
            frame.channel.as_deref(),
            Some("market_e_btcusdt_depth_step0")
        );
        assert_eq!(frame.ts, Some(1790133525574));
        assert_eq!(frame.tick.unwrap().get(), r#"{"asks":[[1,2]],"buys":[]}"#);
        assert!(frame.data.is_none() && frame.ok() && frame.ping.is_none());
        let ping = MarketFrame::parse(br#"{"ping":1790133532}"#, "ping").unwrap();
        assert_eq!(ping.ping.unwrap().get(), "1790133532");
        let rep = MarketFrame::parse(
            br#"{"event_rep":"rep","channel":"c","cb_id":"x7","ts":"12","data":[{"a":1}],"tick":null,"status":"ok"}"#,
            "ping",
        )
        .unwrap();
        assert_eq!(rep.cb_id_text().as_deref(), Some("x7"));
        assert_eq!(rep.ts, Some(12));
        assert!(rep.tick.is_none());
        assert!(MarketFrame::parse(b"[1,2]", "ping").is_err());
        assert!(MarketFrame::parse(b"{\"channel\":", "ping").is_err());
        assert!(MarketFrame::parse(b"{} x", "ping").is_err());
    }

    #[test]
    fn messages_have_the_documented_shape() {
        assert_eq!(
            message("sub", "market_e_btcusdt_depth_step0", "e_btcusdt", &[]),
            r#"{"event":"sub","params":{"channel":"market_e_btcusdt_depth_step0","cb_id":"e_btcusdt"}}"#
        );
        let req = message(
            "req",
            "c",
            "r1",
            &[("endIdx", "5".into()), ("pageSize", "10".into())],
        );
        let v: serde_json::Value = serde_json::from_str(&req).unwrap();
        assert_eq!(v["params"]["endIdx"], 5);
        assert_eq!(v["params"]["pageSize"], 10);
        assert_eq!(v["event"], "req");
    }
}
