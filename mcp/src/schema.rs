//! A tool call's arguments against the tool's input schema, before anything is decoded: the
//! generated enums have a catch-all, so decoding alone would take `BUYY` and send it.
//!
//! The schemas are the generator's (`contango_cli::tools`), so this reads the part of JSON Schema
//! they use: `type` (one or a list), `enum`, `minimum`, `maximum`, `maxLength`, the two text
//! patterns of integers and decimals, `properties`, `required`, `additionalProperties: false` and
//! `items`. A refusal names the argument by its path (`triggerOrderCreateParams[0].price`).

use rust_decimal::Decimal;
use serde_json::Value;

/// The pattern of an integer given as text (the generator's).
const INTEGER_TEXT: &str = "^-?[0-9]+$";
/// The pattern of a decimal given as text (the generator's).
const DECIMAL_TEXT: &str = "^-?[0-9]+(\\.[0-9]+)?$";

/// An argument the schema refuses: its path and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The argument's path: wire names, `[i]` for list items.
    pub field: String,
    /// What is wrong.
    pub reason: String,
}

/// Checks `value` against `schema`.
pub fn check(schema: &Value, value: &Value) -> Result<(), Mismatch> {
    at(schema, value, Path::Root)
}

/// Where a value is among the arguments: written out only when it is refused, so a call that
/// passes allocates nothing for it.
#[derive(Clone, Copy)]
enum Path<'a> {
    Root,
    Field(&'a Path<'a>, &'a str),
    Item(&'a Path<'a>, usize),
}

impl std::fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Path::Root => Ok(()),
            Path::Field(Path::Root, name) => f.write_str(name),
            Path::Field(parent, name) => write!(f, "{parent}.{name}"),
            Path::Item(parent, i) => write!(f, "{parent}[{i}]"),
        }
    }
}

fn mismatch(path: Path<'_>, reason: impl Into<String>) -> Mismatch {
    Mismatch {
        field: match path {
            Path::Root => "arguments".to_owned(),
            path => path.to_string(),
        },
        reason: reason.into(),
    }
}

fn at(schema: &Value, value: &Value, path: Path<'_>) -> Result<(), Mismatch> {
    let Some(schema) = schema.as_object() else {
        return Ok(());
    };
    if let Some(t) = schema.get("type") {
        let types = || {
            let list = match t {
                Value::Array(a) => a.as_slice(),
                one => std::slice::from_ref(one),
            };
            list.iter().filter_map(Value::as_str)
        };
        if !types().any(|t| is_type(t, value)) {
            let expected: Vec<&str> = types().collect();
            return Err(mismatch(
                path,
                format!("expected {}, got {}", expected.join(" or "), kind(value)),
            ));
        }
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array)
        && !values.iter().any(|v| same(v, value))
    {
        let listed: Vec<String> = values.iter().map(Value::to_string).collect();
        return Err(mismatch(
            path,
            format!("{value} is not one of {}", listed.join(", ")),
        ));
    }
    if let Value::String(s) = value {
        if let Some(pattern) = schema.get("pattern").and_then(Value::as_str) {
            let ok = match pattern {
                INTEGER_TEXT => integer_text(s),
                DECIMAL_TEXT => decimal_text(s),
                // A pattern the generator does not write: nothing here reads it.
                _ => true,
            };
            if !ok {
                let what = if pattern == INTEGER_TEXT {
                    "an integer"
                } else {
                    "a decimal number"
                };
                return Err(mismatch(path, format!("`{s}` is not {what}")));
            }
        }
        if let Some(max) = schema.get("maxLength").and_then(Value::as_u64) {
            let n = s.chars().count();
            if u64::try_from(n).unwrap_or(u64::MAX) > max {
                return Err(mismatch(
                    path,
                    format!("{n} characters; at most {max} are allowed"),
                ));
            }
        }
    }
    bounds(schema, value, path)?;
    if let (Some(items), Value::Array(list)) = (schema.get("items"), value) {
        for (i, item) in list.iter().enumerate() {
            at(items, item, Path::Item(&path, i))?;
        }
    }
    if let Value::Object(map) = value {
        let props = schema.get("properties").and_then(Value::as_object);
        for name in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if map.get(name).is_none_or(Value::is_null) {
                return Err(mismatch(Path::Field(&path, name), "is required"));
            }
        }
        let closed = schema.get("additionalProperties") == Some(&Value::Bool(false));
        for (name, v) in map {
            match props.and_then(|p| p.get(name)) {
                Some(s) => at(s, v, Path::Field(&path, name))?,
                None if closed => {
                    let known: Vec<&str> = props
                        .map(|p| p.keys().map(String::as_str).collect())
                        .unwrap_or_default();
                    return Err(mismatch(
                        Path::Field(&path, name),
                        format!("unknown argument; the arguments are {}", known.join(", ")),
                    ));
                }
                None => {}
            }
        }
    }
    Ok(())
}

fn is_type(t: &str, v: &Value) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        "number" => v.is_number(),
        "integer" => v.as_number().is_some_and(|n| integer_text(n.as_str())),
        _ => true,
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// An enum value: the same number, or the same text (numbers compared by value).
fn same(listed: &Value, v: &Value) -> bool {
    match (listed, v) {
        (Value::Number(a), Value::Number(b)) => exact(a.as_str()) == exact(b.as_str()),
        _ => listed == v,
    }
}

fn integer_text(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

fn decimal_text(s: &str) -> bool {
    let (int, frac) = s.split_once('.').unwrap_or((s, "0"));
    integer_text(int) && !frac.is_empty() && frac.bytes().all(|b| b.is_ascii_digit())
}

/// A number or numeric text, exactly (never through a float).
fn exact(text: &str) -> Option<Decimal> {
    Decimal::from_str_exact(text)
        .ok()
        .or_else(|| Decimal::from_scientific(text).ok())
}

/// `minimum` and `maximum`, for a number or its text (a decimal or an id given as a string).
fn bounds(
    schema: &serde_json::Map<String, Value>,
    v: &Value,
    path: Path<'_>,
) -> Result<(), Mismatch> {
    let value = match v {
        Value::Number(n) => exact(n.as_str()),
        Value::String(s) if schema.contains_key("minimum") || schema.contains_key("maximum") => {
            exact(s)
        }
        _ => None,
    };
    let Some(value) = value else {
        return Ok(());
    };
    let limit = |key: &str| {
        schema
            .get(key)
            .and_then(Value::as_number)
            .and_then(|n| exact(n.as_str()))
    };
    if let Some(min) = limit("minimum").filter(|min| value < *min) {
        return Err(mismatch(
            path,
            format!("{value} is below the minimum {min}"),
        ));
    }
    if let Some(max) = limit("maximum").filter(|max| value > *max) {
        return Err(mismatch(
            path,
            format!("{value} is above the maximum {max}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn order_schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "side": {"type": "string", "enum": ["BUY", "SELL"]},
                "positionType": {"type": "integer", "enum": [1, 2]},
                "volume": {"type": ["number", "string"], "pattern": DECIMAL_TEXT, "minimum": 0},
                "orderId": {"type": ["integer", "string"], "pattern": INTEGER_TEXT},
                "leverage": {"type": "integer", "minimum": 1, "maximum": 125},
                "clientOrderId": {"type": "string", "maxLength": 3},
                "legs": {"type": "array", "items": {
                    "type": "object",
                    "properties": {"price": {"type": ["number", "string"], "pattern": DECIMAL_TEXT}},
                    "required": ["price"],
                    "additionalProperties": false
                }}
            },
            "required": ["side", "volume"],
            "additionalProperties": false
        })
    }

    fn refused(args: Value) -> (String, String) {
        let m = check(&order_schema(), &args).expect_err("refused");
        (m.field, m.reason)
    }

    #[test]
    fn what_the_schema_allows_passes() {
        let ok = json!({"side": "SELL", "positionType": 2, "volume": "0.5", "orderId": "1690000000000000062",
            "leverage": 125, "clientOrderId": "abc", "legs": [{"price": 29000.5}]});
        assert_eq!(check(&order_schema(), &ok), Ok(()));
        assert_eq!(
            check(&order_schema(), &json!({"side": "BUY", "volume": 3})),
            Ok(())
        );
    }

    #[test]
    fn each_mistake_names_its_argument() {
        assert_eq!(refused(json!({"side": "BUYY", "volume": 1})).0, "side");
        assert_eq!(
            refused(json!({"volume": 1})),
            ("side".into(), "is required".into())
        );
        assert_eq!(refused(json!({"side": "BUY", "volume": "1e3"})).0, "volume");
        assert_eq!(refused(json!({"side": "BUY", "volume": "-1"})).0, "volume");
        assert_eq!(refused(json!({"side": "BUY", "volume": true})).0, "volume");
        assert_eq!(
            refused(json!({"side": "BUY", "volume": 1, "leverage": 126})).0,
            "leverage"
        );
        assert_eq!(
            refused(json!({"side": "BUY", "volume": 1, "leverage": 1.5})).0,
            "leverage"
        );
        assert_eq!(
            refused(json!({"side": "BUY", "volume": 1, "positionType": 3})).0,
            "positionType"
        );
        assert_eq!(
            refused(json!({"side": "BUY", "volume": 1, "orderId": "12a"})).0,
            "orderId"
        );
        assert_eq!(
            refused(json!({"side": "BUY", "volume": 1, "clientOrderId": "abcd"})).0,
            "clientOrderId"
        );
        assert_eq!(
            refused(json!({"side": "BUY", "volume": 1, "sid": "BUY"})).0,
            "sid"
        );
        assert_eq!(
            refused(json!({"side": "BUY", "volume": 1, "legs": [{}]})).0,
            "legs[0].price"
        );
        assert_eq!(
            refused(json!({"side": "BUY", "volume": 1, "legs": [{"price": "x"}]})).0,
            "legs[0].price"
        );
    }
}
