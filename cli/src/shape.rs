//! Where the decimals are in an answer. The SDK's response types write decimals as exact JSON
//! numbers (what servers send); the command line writes them as strings, so that no JSON reader
//! (jq, Python, JavaScript) rounds them through a float. Generated code describes each record's
//! decimal (and 64-bit integer) fields with a static [`Shape`]; [`answer`] applies it. Tools
//! (`crate::tools`) write the 64-bit integers as strings too.

mod value;

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
    /// The shape itself, past any [`Shape::Ref`].
    fn resolved(&self) -> &Shape {
        let mut shape = self;
        while let Shape::Ref(inner) = shape {
            shape = inner;
        }
        shape
    }

    /// The shape of field `key` of a record (`Plain` for any other shape or an unknown field).
    fn field(&self, key: &str) -> &Shape {
        match self {
            Shape::Record(fields) => fields
                .iter()
                .find(|(wire, _)| *wire == key)
                .map_or(&Shape::Plain, |(_, shape)| shape),
            _ => &Shape::Plain,
        }
    }

    /// The shape of element `i` of an array.
    fn element(&self, i: usize) -> &Shape {
        match self {
            Shape::Tuple(shapes) => shapes.get(i).unwrap_or(&Shape::Plain),
            Shape::List(shape) => shape,
            _ => &Shape::Plain,
        }
    }
}

/// Which numbers of an answer are written as strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AsText {
    /// The decimals (the command line).
    Decimals,
    /// The decimals and the 64-bit integers (an agent's answer).
    DecimalsAndIds,
}

/// An answer as JSON, decimals as strings.
pub fn answer<T: Serialize>(value: &T, shape: &Shape) -> Result<Value, Failure> {
    answer_as(value, shape, AsText::Decimals)
}

/// An answer as JSON, the numbers `as_text` picks out as strings (with their exact text).
pub(crate) fn answer_as<T: Serialize>(
    value: &T,
    shape: &Shape,
    as_text: AsText,
) -> Result<Value, Failure> {
    value::to_value(value, shape, as_text)
        .map_err(|e| Failure::Other(format!("cannot write the answer as JSON: {e}")))
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
    use std::collections::BTreeMap;

    use rust_decimal::Decimal;
    use serde_json::json;

    use super::*;

    static LEVEL: [Shape; 2] = [Shape::Decimal, Shape::Decimal];
    static LEVEL_SHAPE: Shape = Shape::Tuple(&LEVEL);
    static BOOK: [(&str, Shape); 5] = [
        ("bids", Shape::List(&LEVEL_SHAPE)),
        ("time", Shape::Plain),
        ("fee", Shape::Decimal),
        ("orderId", Shape::Id),
        ("last", Shape::Ref(&LEVEL_SHAPE)),
    ];
    static BOOK_SHAPE: Shape = Shape::Record(&BOOK);

    fn parsed(text: &str) -> Value {
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
    }

    /// An answer as servers send it (`Value`'s own numbers are exact, their text kept).
    fn book() -> Value {
        parsed(
            r#"{"bids":[[29345.30,10],[1,"2.5"]],"time":1700000000000,"fee":1e-3,
            "orderId":9007199254740993,"last":[null,-0.000],"extra":{"n":1.50,"a":[true,null,"x"]}}"#,
        )
    }

    fn written(value: &impl Serialize, as_text: AsText) -> Value {
        answer_as(value, &Shape::Ref(&BOOK_SHAPE), as_text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn decimals_become_strings_with_their_exact_text_and_the_rest_stays() {
        let v = written(&book(), AsText::Decimals);
        assert_eq!(v["bids"][0][0], Value::String("29345.30".into()));
        assert_eq!(v["bids"][0][1], Value::String("10".into()));
        // A decimal that came as a string stays one.
        assert_eq!(v["bids"][1][1], Value::String("2.5".into()));
        assert!(v["time"].is_number());
        // Not an exact decimal on the wire: kept as the text that came.
        assert_eq!(v["fee"], Value::String("1e-3".into()));
        assert_eq!(v["last"], json!([null, "-0.000"]));
        // An id stays a number on the command line, its digits exact.
        assert_eq!(v["orderId"].to_string(), "9007199254740993");
        // A field the shape does not know is written as it is.
        assert_eq!(v["extra"], parsed(r#"{"n":1.50,"a":[true,null,"x"]}"#));
        assert_eq!(v["extra"]["n"].to_string(), "1.50");
    }

    #[test]
    fn an_agents_answer_has_its_ids_as_strings_too() {
        let v = written(&book(), AsText::DecimalsAndIds);
        assert_eq!(v["orderId"], Value::String("9007199254740993".into()));
        assert_eq!(v["fee"], Value::String("1e-3".into()));
        assert!(v["time"].is_number());
    }

    /// Without a shape, a value is written as serde_json writes it.
    #[test]
    fn a_plain_write_is_serde_jsons() {
        #[derive(Serialize)]
        enum Kind {
            Unit,
            Tuple(i8, String),
            Record { x: u16 },
            Wrapped(Option<bool>),
        }
        #[derive(Serialize)]
        struct Typed {
            id: i64,
            #[serde(serialize_with = "contango_runtime::wire::ser::number")]
            price: Decimal,
            kinds: Vec<Kind>,
            #[serde(flatten)]
            rest: BTreeMap<String, Value>,
            #[serde(skip_serializing_if = "Option::is_none")]
            absent: Option<u8>,
            ratio: f64,
            letter: char,
            by_number: BTreeMap<u32, (bool, ())>,
        }
        let typed = Typed {
            id: i64::MIN,
            price: Decimal::new(-1050, 2),
            kinds: vec![
                Kind::Unit,
                Kind::Tuple(-3, "é\"".into()),
                Kind::Record { x: 7 },
                Kind::Wrapped(None),
            ],
            rest: [("more".to_owned(), book())].into(),
            absent: None,
            ratio: 0.25,
            letter: 'q',
            by_number: [(2, (true, ()))].into(),
        };
        assert_eq!(plain(&typed), serde_json::to_value(&typed).ok());
        for text in ["[]", "{}", "null", r#""a \"quoted\" \u00e9""#, "-12.5e-7"] {
            let v = parsed(text);
            assert_eq!(plain(&v), Some(v.clone()), "{text}");
        }
        assert_eq!(plain(&book()), Some(book()));
    }

    fn plain<T: Serialize>(value: &T) -> Option<Value> {
        answer_as(value, &Shape::Plain, AsText::DecimalsAndIds).ok()
    }
}
