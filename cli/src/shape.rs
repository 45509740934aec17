//! Where the decimals are in an answer. The SDK's response types write decimals as exact JSON
//! numbers (what servers send); the command line writes them as strings, so that no JSON reader
//! (jq, Python, JavaScript) rounds them through a float. Generated code describes each record's
//! decimal (and 64-bit integer) fields with a static [`Shape`]; [`answer`] applies it. Tools
//! (`crate::tools`) write the 64-bit integers as strings too.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::failure::Failure;

/// The decimal (and 64-bit integer) positions of a JSON value, from the spec's types.
#[derive(Debug)]
pub enum Shape {
    /// Nothing to convert (strings, small integers, enums, booleans).
    Plain,
    /// An exact decimal: written as a string.
    Decimal,
    /// A 64-bit integer (ids): a number on the command line, a string for agents, whose
    /// JavaScript clients would round it past 2^53.
    Id,
    /// An object: its fields by wire name.
    Record(&'static [(&'static str, Shape)]),
    /// An array-shaped record: its elements by position.
    Tuple(&'static [Shape]),
    /// A list of one shape.
    List(&'static Shape),
    /// Another record's shape.
    Ref(&'static Shape),
}

impl Shape {
    /// Rewrites the decimal numbers of `value` as strings, in place, keeping their exact text.
    pub fn apply(&self, value: &mut Value) {
        self.numbers_as_text(value, &|s| matches!(s, Shape::Decimal));
    }

    /// Rewrites the decimals and the 64-bit integers of `value` as strings, in place (an
    /// agent's answer).
    pub fn all_as_text(&self, value: &mut Value) {
        self.numbers_as_text(value, &|s| matches!(s, Shape::Decimal | Shape::Id));
    }

    /// Rewrites as strings the numbers at the leaves `which` chooses.
    fn numbers_as_text(&self, value: &mut Value, which: &dyn Fn(&Shape) -> bool) {
        match (self, value) {
            (leaf, v) if which(leaf) => {
                if let Value::Number(n) = v {
                    // Numbers keep their exact text (`arbitrary_precision`).
                    *v = Value::String(n.as_str().to_owned());
                }
            }
            (Shape::Record(fields), Value::Object(map)) => {
                for (wire, shape) in fields.iter() {
                    if let Some(v) = map.get_mut(*wire) {
                        shape.numbers_as_text(v, which);
                    }
                }
            }
            (Shape::Tuple(shapes), Value::Array(items)) => {
                for (shape, v) in shapes.iter().zip(items) {
                    shape.numbers_as_text(v, which);
                }
            }
            (Shape::List(shape), Value::Array(items)) => {
                for v in items {
                    shape.numbers_as_text(v, which);
                }
            }
            (Shape::Ref(shape), v) => shape.numbers_as_text(v, which),
            _ => {}
        }
    }
}

/// An answer as JSON, decimals as strings.
pub fn answer<T: Serialize>(value: &T, shape: &Shape) -> Result<Value, Failure> {
    let mut v = json(value)?;
    shape.apply(&mut v);
    Ok(v)
}

/// An answer as JSON, as the SDK writes it (decimals as exact numbers).
///
/// Written as text and read back rather than built with `to_value`: the simulator, a dependency,
/// already writes every answer and event type as text, so this compiles none of their
/// serialisation again (a tenth of this crate's code).
pub fn json<T: Serialize>(value: &T) -> Result<Value, Failure> {
    let failed =
        |e: serde_json::Error| Failure::Other(format!("cannot write the answer as JSON: {e}"));
    let text = serde_json::to_vec(value).map_err(failed)?;
    serde_json::from_slice(&text).map_err(failed)
}

/// The output of an endpoint whose answer carries nothing: an empty object.
pub fn done() -> Result<Value, Failure> {
    Ok(Value::Object(Map::new()))
}

/// A stream event as one JSON line: `{"type":"event","event":"ORDER_TRADE_UPDATE","data":{..}}`.
pub fn event<T: Serialize>(event_type: &str, record: &T, shape: &Shape) -> Value {
    let data = answer(record, shape).unwrap_or_else(|e| Value::String(e.to_string()));
    serde_json::json!({ "type": "event", "event": event_type, "data": data })
}

/// A market stream event as one JSON line:
/// `{"type":"event","channel":"market_e_btcusdt_depth_step0","kind":"depth","ts":..,"data":{..}}`.
/// `kind` is the spec's channel key, so scripts can filter without parsing channel names.
pub fn market_event<T: Serialize>(
    kind: &str,
    channel: &str,
    ts: i64,
    tick: &T,
    shape: &Shape,
) -> Value {
    let data = answer(tick, shape).unwrap_or_else(|e| Value::String(e.to_string()));
    serde_json::json!({ "type": "event", "channel": channel, "kind": kind, "ts": ts, "data": data })
}

/// A market channel the spec does not list, its `tick` kept raw (as received).
pub fn raw_market_event(channel: &str, raw: &str) -> Value {
    serde_json::json!({ "type": "event", "channel": channel, "kind": null, "raw": raw })
}

/// An event type the spec does not list, kept raw.
pub fn raw_event(event_type: &str, raw: &str) -> Value {
    serde_json::json!({ "type": "event", "event": event_type, "raw": raw })
}

#[cfg(test)]
mod tests {
    use super::*;

    static LEVEL: [Shape; 2] = [Shape::Decimal, Shape::Decimal];
    static LEVEL_SHAPE: Shape = Shape::Tuple(&LEVEL);
    static BOOK: [(&str, Shape); 3] = [
        ("bids", Shape::List(&LEVEL_SHAPE)),
        ("time", Shape::Plain),
        ("fee", Shape::Decimal),
    ];
    static BOOK_SHAPE: Shape = Shape::Record(&BOOK);

    #[test]
    fn decimals_become_strings_with_their_exact_text_and_the_rest_stays() {
        let mut v: Value =
            serde_json::from_str(r#"{"bids":[[29345.30,10]],"time":1700000000000,"fee":1e-3}"#)
                .unwrap_or_default();
        Shape::Ref(&BOOK_SHAPE).apply(&mut v);
        assert_eq!(v["bids"][0][0], Value::String("29345.30".into()));
        assert_eq!(v["bids"][0][1], Value::String("10".into()));
        assert!(v["time"].is_number());
        // Not an exact decimal on the wire: kept as the text that came.
        assert_eq!(v["fee"], Value::String("1e-3".into()));
    }
}
