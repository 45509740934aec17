//! The shapes of the market stream's frames, both directions.
//!
//! Server frames (serialized here, payloads being the generated `Market*` types):
//! - push: `{"event_rep":"","channel":..,"data":null,"tick":{..},"ts":<ms>,"status":"ok"}`;
//! - answer to `req`: `{"event_rep":"rep","channel":..,"cb_id":..,"data":[..],"tick":null,"ts":..,"status":"ok"}`
//!   (`cb_id` echoed as sent, left out when the request had none);
//! - refusal: `{"event_rep":"<event>","channel":..,"cb_id":..,"status":"error","msg":"<why>","ts":..}`;
//! - heartbeat: `{"ping":<unix seconds>}`.
//!
//! Client frames: `{"event":"sub"|"unsub"|"req","params":{"channel":..,"cb_id":..,"endIdx":..,
//! "pageSize":..,"top":..}}` (numbers as JSON numbers or strings) and `{"pong":..}`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A push of one channel.
#[derive(Debug, Serialize)]
pub struct Push<'a, T> {
    event_rep: &'static str,
    channel: &'a str,
    data: Option<()>,
    tick: &'a T,
    ts: i64,
    status: &'static str,
}

/// Serializes a push.
pub fn push<T: Serialize>(channel: &str, tick: &T, ts: i64) -> Option<String> {
    serde_json::to_string(&Push {
        event_rep: "",
        channel,
        data: None,
        tick,
        ts,
        status: "ok",
    })
    .ok()
}

#[derive(Debug, Serialize)]
struct Reply<'a, T> {
    event_rep: &'static str,
    channel: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cb_id: Option<&'a Value>,
    data: &'a [T],
    tick: Option<()>,
    ts: i64,
    status: &'static str,
}

/// Serializes the answer to a `req`.
pub fn answer<T: Serialize>(
    channel: &str,
    cb_id: Option<&Value>,
    data: &[T],
    ts: i64,
) -> Option<String> {
    serde_json::to_string(&Reply {
        event_rep: "rep",
        channel,
        cb_id,
        data,
        tick: None,
        ts,
        status: "ok",
    })
    .ok()
}

#[derive(Debug, Serialize)]
struct Refused<'a> {
    event_rep: &'a str,
    channel: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cb_id: Option<&'a Value>,
    status: &'static str,
    msg: &'a str,
    ts: i64,
}

/// Serializes a refusal of a client message.
pub fn refusal(
    event: &str,
    channel: &str,
    cb_id: Option<&Value>,
    msg: &str,
    ts: i64,
) -> Option<String> {
    serde_json::to_string(&Refused {
        event_rep: event,
        channel,
        cb_id,
        status: "error",
        msg,
        ts,
    })
    .ok()
}

/// The heartbeat: `{"ping":<unix seconds>}`.
pub fn ping(now_ms: i64) -> String {
    format!(r#"{{"ping":{}}}"#, now_ms.div_euclid(1000))
}

/// A client message, as far as the server reads it.
#[derive(Debug, Clone, PartialEq)]
pub enum ClientMsg {
    /// `sub`, `unsub` or `req`.
    Request(Request),
    /// Anything else that parses as JSON (`{"pong":..}`, unknown events): proof of life only.
    Other,
}

/// What `sub`, `unsub` and `req` carry.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// `sub`, `unsub` or `req`.
    pub event: Event,
    /// The channel as sent (empty when missing).
    pub channel: String,
    /// Echoed in answers and refusals.
    pub cb_id: Option<Value>,
    /// `endIdx` (seconds), `pageSize`, `top`: numbers or strings; `Err` keeps the name of one
    /// that is neither.
    pub end_idx: Result<Option<i64>, &'static str>,
    /// `pageSize`.
    pub page_size: Result<Option<i64>, &'static str>,
    /// `top`.
    pub top: Result<Option<i64>, &'static str>,
}

/// The events that do something.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// Subscribe.
    Sub,
    /// Unsubscribe.
    Unsub,
    /// One-off request (history).
    Req,
}

impl Event {
    /// The wire name (the `event_rep` of a refusal).
    pub fn name(self) -> &'static str {
        match self {
            Event::Sub => "sub",
            Event::Unsub => "unsub",
            Event::Req => "req",
        }
    }
}

#[derive(Deserialize)]
struct Raw {
    event: Option<Value>,
    params: Option<RawParams>,
}

#[derive(Deserialize, Default)]
struct RawParams {
    channel: Option<Value>,
    cb_id: Option<Value>,
    #[serde(rename = "endIdx")]
    end_idx: Option<Value>,
    #[serde(rename = "pageSize")]
    page_size: Option<Value>,
    top: Option<Value>,
}

/// Reads a client message; `None` when it is not JSON.
pub fn parse(text: &str) -> Option<ClientMsg> {
    let raw: Raw = match serde_json::from_str(text) {
        Ok(r) => r,
        // JSON that is not an object of that shape (`{"pong":1}` is fine; `[1]` is not).
        Err(_) => {
            return serde_json::from_str::<Value>(text)
                .ok()
                .map(|_| ClientMsg::Other);
        }
    };
    let event = match raw.event.as_ref().and_then(Value::as_str) {
        Some("sub") => Event::Sub,
        Some("unsub") => Event::Unsub,
        Some("req") => Event::Req,
        _ => return Some(ClientMsg::Other),
    };
    let p = raw.params.unwrap_or_default();
    Some(ClientMsg::Request(Request {
        event,
        channel: p
            .channel
            .as_ref()
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        cb_id: p.cb_id,
        end_idx: integer(p.end_idx.as_ref(), "endIdx"),
        page_size: integer(p.page_size.as_ref(), "pageSize"),
        top: integer(p.top.as_ref(), "top"),
    }))
}

/// An integer sent as a JSON number or a string; `null` counts as absent.
fn integer(v: Option<&Value>, name: &'static str) -> Result<Option<i64>, &'static str> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n.as_i64().map(Some).ok_or(name),
        Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| name),
        Some(_) => Err(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_published_requests() {
        let sub = parse(
            r#"{"event": "sub", "params": {"channel": "market_e_btcusdt_depth_step0", "cb_id": "e_btcusdt"}}"#,
        );
        let Some(ClientMsg::Request(r)) = sub else {
            panic!("a request expected: {sub:?}");
        };
        assert_eq!(r.event, Event::Sub);
        assert_eq!(r.channel, "market_e_btcusdt_depth_step0");
        assert_eq!(r.cb_id, Some(Value::String("e_btcusdt".into())));
        let req = parse(
            r#"{"event":"req","params":{"channel":"c","cb_id":"","endIdx":"1506602880","pageSize":10}}"#,
        );
        let Some(ClientMsg::Request(r)) = req else {
            panic!("a request expected");
        };
        assert_eq!(
            (r.end_idx, r.page_size, r.top),
            (Ok(Some(1_506_602_880)), Ok(Some(10)), Ok(None))
        );
        let Some(ClientMsg::Request(r)) =
            parse(r#"{"event":"req","params":{"channel":"c","top":"x","pageSize":1.5}}"#)
        else {
            panic!("a request expected");
        };
        assert_eq!((r.top, r.page_size), (Err("top"), Err("pageSize")));
    }

    #[test]
    fn anything_else_is_life_or_nothing() {
        assert_eq!(parse(r#"{"pong":1790133532}"#), Some(ClientMsg::Other));
        assert_eq!(parse(r#"{"event":"dance"}"#), Some(ClientMsg::Other));
        assert_eq!(parse(r#"[1,2]"#), Some(ClientMsg::Other));
        assert_eq!(parse("not json"), None);
        assert_eq!(parse(""), None);
        let Some(ClientMsg::Request(r)) = parse(r#"{"event":"sub"}"#) else {
            panic!("a request expected");
        };
        assert_eq!(r.channel, "");
    }

    #[test]
    fn shapes() {
        assert_eq!(ping(1_790_133_532_999), r#"{"ping":1790133532}"#);
        assert_eq!(
            push("ch", &serde_json::json!({"asks":[],"buys":[]}), 0).as_deref(),
            Some(
                r#"{"event_rep":"","channel":"ch","data":null,"tick":{"asks":[],"buys":[]},"ts":0,"status":"ok"}"#
            )
        );
        let cb = Value::String("7".into());
        assert_eq!(
            answer::<u8>("ch", Some(&cb), &[1, 2], 5).as_deref(),
            Some(
                r#"{"event_rep":"rep","channel":"ch","cb_id":"7","data":[1,2],"tick":null,"ts":5,"status":"ok"}"#
            )
        );
        assert_eq!(
            refusal("sub", "x", None, "why", 5).as_deref(),
            Some(r#"{"event_rep":"sub","channel":"x","status":"error","msg":"why","ts":5}"#)
        );
    }
}
