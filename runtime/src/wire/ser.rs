//! Serialization helpers for generated fields whose wire form differs from the Rust default.
//!
//! `rust_decimal`'s own `Serialize` writes a decimal as an exact JSON string (`"9300"`), which
//! is what request bodies send (the published signing example has `"price":"9300"`); a field
//! the server sends as a number is written back as one with [`number`], never through `f64`.

use std::fmt::Display;

use rust_decimal::Decimal;
use serde::{Serialize, Serializer};

/// Serializes a Decimal as an exact JSON number (`9300.10`, never through `f64`).
///
/// Relies on serde_json's `arbitrary_precision`, which writes a `Number`'s text verbatim: a
/// `Number` is serialized as a struct of one field, both named [`NUMBER_TOKEN`], holding its
/// text. This writes the same struct from text on the stack, where building a `Number` would
/// allocate the text first (every decimal of every answer and order goes through here).
pub fn number<S: Serializer>(v: &Decimal, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct;
    // A Decimal's text is a JSON number (digits, a point, a sign; never an exponent), so it is
    // not parsed again.
    let mut buf = [0; super::digits::DECIMAL_MAX];
    let text = super::digits::decimal_text(v, &mut buf);
    let mut number = s.serialize_struct(NUMBER_TOKEN, 1)?;
    number.serialize_field(NUMBER_TOKEN, text)?;
    number.end()
}

/// The name serde_json (`arbitrary_precision`) gives the struct an exact number is written as.
pub const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// [`number`] for an optional field (`None` as `null`; pair it with `skip_serializing_if`).
pub fn opt_number<S: Serializer>(v: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => number(v, s),
        None => s.serialize_none(),
    }
}

/// A Decimal that serializes as an exact JSON number, for places `serialize_with` cannot reach
/// (elements of array-shaped records: `t.serialize_element(&Number(&self.price))`).
#[derive(Debug, Clone, Copy)]
pub struct Number<'a>(pub &'a Decimal);

impl Serialize for Number<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        number(self.0, s)
    }
}

/// Serializes any displayable value as a JSON string (fields with `encode: string`).
pub fn string<S: Serializer, T: Display>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

/// [`string`] for an optional field (`None` as `null`).
pub fn opt_string<S: Serializer, T: Display>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(v) => s.collect_str(v),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[derive(Serialize)]
    struct Sample {
        #[serde(serialize_with = "number")]
        n: Decimal,
        #[serde(serialize_with = "opt_number")]
        on: Option<Decimal>,
        #[serde(serialize_with = "string")]
        s: i64,
        #[serde(serialize_with = "opt_string")]
        os: Option<Decimal>,
        plain: Decimal,
    }

    #[test]
    fn wire_forms() {
        let d = Decimal::from_str("1010.4043400372839856").unwrap();
        let v = Sample {
            n: d,
            on: None,
            s: 1788255516228355339,
            os: Some(Decimal::from_str("0.00000000").unwrap()),
            plain: Decimal::from(9300),
        };
        assert_eq!(
            serde_json::to_string(&[Number(&d)]).unwrap(),
            "[1010.4043400372839856]"
        );
        // What serde_json's own `Number` writes, into text and into a `Value`.
        let exact = serde_json::Number::from_string_unchecked(d.to_string());
        assert_eq!(
            serde_json::to_value([Number(&d)]).unwrap(),
            serde_json::Value::Array(vec![serde_json::Value::Number(exact)])
        );
        let tiny = Decimal::new(-1, 28);
        assert_eq!(
            serde_json::to_string(&Number(&tiny)).unwrap(),
            "-0.0000000000000000000000000001"
        );
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            r#"{"n":1010.4043400372839856,"on":null,"s":"1788255516228355339","os":"0.00000000","plain":"9300"}"#
        );
    }

    /// Pins the finding documented above: the default impl writes a string.
    #[test]
    fn rust_decimal_default_serialize_is_a_string() {
        let d = Decimal::from_str("-3350051449.6928050669137353").unwrap();
        assert_eq!(
            serde_json::to_string(&d).unwrap(),
            "\"-3350051449.6928050669137353\""
        );
    }
}
