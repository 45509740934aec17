//! The serde path's readings of every wire form, and its refusals.

use super::*;
use crate::wire::time::{LocalDateTime, Millis, Seconds};
use serde::Deserialize;
use serde::de::Deserializer;
use std::str::FromStr;

fn w<T: Wire>(json: &str) -> Result<T, serde_json::Error> {
    let mut d = serde_json::Deserializer::from_str(json);
    let v = T::from_wire(&mut d)?;
    d.end()?;
    Ok(v)
}

fn rows(json: &str) -> Result<Vec<[Decimal; 2]>, serde_json::Error> {
    let mut d = serde_json::Deserializer::from_str(json);
    let v = decimal_rows::<_, 2>(&mut d)?;
    d.end()?;
    Ok(v)
}

#[test]
fn decimal_rows_fast_general_and_refused() {
    let fast = rows(r#"[[86526.1,"61555"],[1,2]]"#).unwrap();
    assert_eq!(fast[0], [dec("86526.1"), dec("61555")]);
    // The general decoder takes what the fast pass leaves: exponents, escapes, long digits.
    let general = rows(r#"[[1e3,"2"],["0E-8","1234567890.12345678901234"],["\u0031",1]]"#).unwrap();
    assert_eq!(general[0], [dec("1000"), dec("2")]);
    assert_eq!(general[1][0].scale(), 8);
    assert_eq!(general[1][1], dec("1234567890.12345678901234"));
    assert_eq!(general[2][0], dec("1"));
    assert!(rows("null").unwrap().is_empty());
    for bad in [
        r#"[[1,2,3]]"#,
        r#"[[1]]"#,
        r#"[[null,1]]"#,
        r#"[[1.5e999999,1]]"#,
        r#"{"a":1}"#,
        "[[true,1]]",
    ] {
        assert!(rows(bad).is_err(), "{bad}");
    }
    // Other deserializers (a `Value`) read the same.
    let v: serde_json::Value = serde_json::from_str(r#"[[1.5,"2"]]"#).unwrap();
    let from_value = decimal_rows::<_, 2>(v).unwrap();
    assert_eq!(from_value[0], [dec("1.5"), dec("2")]);
}

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

#[test]
fn leading_tag_reads_only_a_plain_first_key() {
    fn tag(s: &str) -> Option<&str> {
        leading_tag(s.as_bytes(), "e")
    }
    assert_eq!(
        tag(r#"{"e":"ORDER_TRADE_UPDATE","E":1}"#),
        Some("ORDER_TRADE_UPDATE")
    );
    assert_eq!(tag(" {\n\t\"e\" : \"A\" }"), Some("A"));
    assert_eq!(tag(r#"{"e":""}"#), Some(""));
    // Anything else is left to the full parse.
    assert_eq!(tag(r#"{"E":1,"e":"A"}"#), None, "not the first key");
    assert_eq!(tag(r#"{"ee":"A"}"#), None);
    assert_eq!(tag(r#"{"e":1}"#), None, "not a string");
    assert_eq!(tag(r#"{"e":"A\"B"}"#), None, "escaped");
    assert_eq!(tag(r#"{"e":"A"#), None, "unterminated");
    assert_eq!(tag("[\"e\"]"), None);
    assert_eq!(tag(""), None);
    assert_eq!(leading_tag(b"{\"e\":\"\xff\"}", "e"), None, "not UTF-8");
}

#[test]
fn decimal_exact_from_numbers_and_strings() {
    for (json, text) in [
        ("0E-8", "0.00000000"),
        ("\"0E-8\"", "0.00000000"),
        ("1010.4043400372839856", "1010.4043400372839856"),
        ("\"1010.4043400372839856\"", "1010.4043400372839856"),
        (
            "-3350051449.6928050669137353",
            "-3350051449.6928050669137353",
        ),
        (
            "\"-3350051449.6928050669137353\"",
            "-3350051449.6928050669137353",
        ),
        ("1e3", "1000"),
        ("\"1e3\"", "1000"),
        ("1.5E+2", "150"),
        ("-1.5e-3", "-0.0015"),
        ("0.9", "0.9"),
        ("9", "9"),
        ("-9", "-9"),
        ("\"9300\"", "9300"),
        ("1000e-30", "0.0000000000000000000000000010"),
        (
            "1234567890123456789012345678",
            "1234567890123456789012345678",
        ),
        (
            "0.1234567890123456789012345678",
            "0.1234567890123456789012345678",
        ),
        (
            "79228162514264337593543950335",
            "79228162514264337593543950335",
        ),
        ("18446744073709551616", "18446744073709551616"),
        ("-0.0", "0.0"),
        ("2938.45100000000000000000000000000000", "2938.451"),
        ("\"2938.45100000000000000000000000000000\"", "2938.451"),
        ("1.0000000000000000000000000000000000e3", "1000"),
        ("0.000000000000000000000000000000000", "0"),
    ] {
        let d: Decimal = w(json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(d.to_string(), text, "{json}");
    }
}

#[test]
fn decimal_out_of_range_is_an_error_not_a_panic() {
    for json in [
        "79228162514264337593543950336",
        "1e30",
        "1e-30",
        "1e99999999999999999999",
        "0.12345678901234567890123456789",
        "\"\"",
        "\"abc\"",
        "\" 1\"",
        "\"NaN\"",
        "\"e5\"",
        "\"1e\"",
        "\"-\"",
        "\"1e-\"",
        "true",
        "{}",
        "{\"a\":1}",
        "[1]",
        "null",
    ] {
        assert!(w::<Decimal>(json).is_err(), "{json} should fail");
    }
    // Zero with a huge exponent is still zero.
    assert!(w::<Decimal>("0e-9999").unwrap().is_zero());
    assert!(w::<Decimal>("0e9999").unwrap().is_zero());
}

#[test]
fn integers_above_2_pow_53_stay_exact() {
    assert_eq!(
        w::<i64>("1788255516228355339").unwrap(),
        1788255516228355339
    );
    assert_eq!(
        w::<i64>("\"1788255516228355339\"").unwrap(),
        1788255516228355339
    );
    assert_eq!(
        w::<i64>("-1690615847831143159").unwrap(),
        -1690615847831143159
    );
    assert_eq!(w::<i64>("\"5.0\"").unwrap(), 5);
    assert!(w::<i64>("9223372036854775808").is_err());
    assert!(w::<i64>("1.5").is_err());
    assert!(w::<i64>("\"abc\"").is_err());
    assert!(w::<i32>("2147483648").is_err());
    assert_eq!(w::<i32>("\"-20\"").unwrap(), -20);
    assert_eq!(
        w::<Millis>("\"1607702400000\"").unwrap(),
        Millis(1607702400000)
    );
    assert_eq!(w::<Seconds>("1538728740").unwrap(), Seconds(1538728740));
}

#[test]
fn string_from_number_keeps_exact_text() {
    assert_eq!(
        w::<String>("1788255516228355339").unwrap(),
        "1788255516228355339"
    );
    assert_eq!(w::<String>("123.4500").unwrap(), "123.4500");
    assert_eq!(w::<String>("\"bot-42\"").unwrap(), "bot-42");
    assert_eq!(w::<String>("\"a\\nb\"").unwrap(), "a\nb");
    assert!(w::<String>("true").is_err());
    assert_eq!(
        w::<LocalDateTime>("\"2023-06-13T20:55:51\"")
            .unwrap()
            .as_str(),
        "2023-06-13T20:55:51"
    );
}

#[test]
fn bool_forms() {
    assert!(w::<bool>("true").unwrap());
    assert!(!w::<bool>("false").unwrap());
    assert!(w::<bool>("\"true\"").unwrap());
    assert!(!w::<bool>("\"false\"").unwrap());
    assert!(w::<bool>("\"yes\"").is_err());
    assert!(w::<bool>("1").is_err());
}

#[test]
fn containers() {
    assert_eq!(w::<Vec<i64>>("null").unwrap(), Vec::<i64>::new());
    assert_eq!(w::<Vec<i64>>("[1,\"2\"]").unwrap(), vec![1, 2]);
    assert!(w::<Vec<i64>>("{}").is_err());
    assert_eq!(w::<Option<Decimal>>("null").unwrap(), None);
    assert_eq!(w::<Option<Decimal>>("\"1.5\"").unwrap(), Some(dec("1.5")));
    assert_eq!(
        w::<Vec<Vec<Decimal>>>("[[1.5,\"2\"]]").unwrap(),
        vec![vec![dec("1.5"), dec("2")]]
    );
    w::<()>("{\"a\":[1,2,{\"b\":null}]}").unwrap();
    let v: serde_json::Value = w("{\"a\":1.10}").unwrap();
    assert_eq!(v.to_string(), "{\"a\":1.10}");
}

/// A generated-looking record: its `Wire` impl delegates to `Deserialize`.
#[derive(Debug, PartialEq, Deserialize)]
struct Order {
    #[serde(rename = "orderId", deserialize_with = "wire")]
    order_id: i64,
    #[serde(default, deserialize_with = "wire")]
    price: Option<Decimal>,
}

impl Wire for Order {
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Order::deserialize(d)
    }
}

#[test]
fn generated_style_fields() {
    let o: Order =
        serde_json::from_str(r#"{"orderId":"1690615847831143159","price":0E-8}"#).unwrap();
    assert_eq!(o.order_id, 1690615847831143159);
    assert_eq!(o.price.unwrap().to_string(), "0.00000000");
    let o: Order = serde_json::from_str(r#"{"orderId":1,"price":null}"#).unwrap();
    assert_eq!(o.price, None);
    let o: Order = serde_json::from_str(r#"{"orderId":1}"#).unwrap();
    assert_eq!(o.price, None);
    // Also through a serde_json::Value (arbitrary-precision numbers stay exact).
    let v: serde_json::Value =
        serde_json::from_str(r#"{"orderId":1788255516228355339,"price":1010.4043400372839856}"#)
            .unwrap();
    let o = Order::deserialize(&v).unwrap();
    assert_eq!(o.order_id, 1788255516228355339);
    assert_eq!(o.price.unwrap().to_string(), "1010.4043400372839856");
}

fn om(json: &str) -> Result<Vec<Order>, serde_json::Error> {
    let mut d = serde_json::Deserializer::from_str(json);
    let v = one_or_many(&mut d)?;
    d.end()?;
    Ok(v)
}

#[test]
fn one_or_many_forms() {
    let one = Order {
        order_id: 1,
        price: None,
    };
    assert_eq!(
        om(r#"{"orderId":1}"#).unwrap(),
        vec![Order {
            order_id: 1,
            price: None
        }]
    );
    assert_eq!(
        om(r#"[{"orderId":1},{},null,{"orderId":2,"price":"3"}]"#)
            .unwrap()
            .len(),
        2
    );
    assert_eq!(om(r#"[{"orderId":1}]"#).unwrap(), vec![one]);
    assert_eq!(om("{}").unwrap(), vec![]);
    assert_eq!(om(" { } ").unwrap(), vec![]);
    assert_eq!(om("[]").unwrap(), vec![]);
    assert_eq!(om("null").unwrap(), vec![]);
    assert!(om("[1]").is_err());
    assert!(om("\"x\"").is_err());
    assert!(om(r#"{"orderId":"x"}"#).is_err());
    assert!(om(r#"[{"orderId":1}"#).is_err());
    // Escaped first key (not borrowable) is replayed correctly.
    assert_eq!(om(r#"{"order\u0049d":7}"#).unwrap()[0].order_id, 7);
    // Through a Value too.
    let v: serde_json::Value = serde_json::from_str(r#"[{"orderId":5},{}]"#).unwrap();
    let got: Vec<Order> = one_or_many(&v).unwrap();
    assert_eq!(got.len(), 1);
    // An optional field: null is None, anything else as above.
    let opt = |json: &str| -> Result<Option<Vec<Order>>, serde_json::Error> {
        let mut d = serde_json::Deserializer::from_str(json);
        let v = opt_one_or_many(&mut d)?;
        d.end()?;
        Ok(v)
    };
    assert_eq!(opt("null").unwrap(), None);
    assert_eq!(opt(r#"{"orderId":1}"#).unwrap().map(|v| v.len()), Some(1));
    assert_eq!(
        opt(r#"[{"orderId":1},{}]"#).unwrap().map(|v| v.len()),
        Some(1)
    );
    assert_eq!(opt("{}").unwrap(), Some(vec![]));
    assert!(opt("7").is_err());
}

#[test]
fn enums_read_strings_and_numbers() {
    let upper = |json: &str| -> Result<String, serde_json::Error> {
        let mut d = serde_json::Deserializer::from_str(json);
        enum_text(&mut d, str::to_ascii_uppercase)
    };
    assert_eq!(upper("\"buy\"").unwrap(), "BUY");
    assert_eq!(upper("\"b\\u0075y\"").unwrap(), "BUY");
    assert_eq!(upper("-12").unwrap(), "-12");
    assert_eq!(
        upper("18446744073709551615").unwrap(),
        "18446744073709551615"
    );
    assert_eq!(upper("1.50").unwrap(), "1.50");
    assert!(upper("true").is_err());
    assert!(upper("{}").is_err());
    let int = |json: &str| -> Result<i64, serde_json::Error> {
        let mut d = serde_json::Deserializer::from_str(json);
        enum_int(&mut d)
    };
    assert_eq!(int("2").unwrap(), 2);
    assert_eq!(int("\" 2 \"").unwrap(), 2);
    assert_eq!(int("-3").unwrap(), -3);
    // The error says what was found, where.
    assert!(int(r#"["x"]"#).is_err());
    let e = serde_json::from_str::<Vec<I>>(r#"[1, "x"]"#)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("expected an integer, found `x` at line 1 column"),
        "{e}"
    );
    let e = int("18446744073709551615").unwrap_err().to_string();
    assert!(e.contains("found `18446744073709551615`"), "{e}");
    assert!(int("1.5").is_err());
    assert!(int("true").is_err());
}

/// An integer enum's value, as a list element.
#[derive(Debug)]
struct I(#[allow(dead_code)] i64);

impl<'de> de::Deserialize<'de> for I {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        enum_int(d).map(I)
    }
}

#[test]
fn ignore_anything() {
    let mut d = serde_json::Deserializer::from_str(r#"{"x":[1,2.5e3,"y"]}"#);
    ignore(&mut d).unwrap();
    d.end().unwrap();
}
