//! The direct reader against serde's path: each reading agrees with it or gives up.

use super::*;
use std::str::FromStr;

/// The whole of `raw` (already known to be JSON text) as rows of `N` decimals ([`Reader::rows`]).
fn parse_rows<const N: usize>(raw: &str) -> Option<Vec<[Decimal; N]>> {
    let mut r = Reader::over(raw);
    let rows = r.rows::<N>()?;
    r.ws();
    r.done().then_some(rows)
}

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

#[test]
fn rows_of_numbers_and_strings() {
    let rows =
        parse_rows::<2>(r#"[[86526,61555],[ 86526.1 , "64099" ],["0.000001","-2.50"]]"#).unwrap();
    assert_eq!(rows[0], [d("86526"), d("61555")]);
    assert_eq!(rows[1], [d("86526.1"), d("64099")]);
    assert_eq!(rows[2], [d("0.000001"), d("-2.50")]);
    assert_eq!(rows[2][1].scale(), 2, "the scale as written");
    assert!(parse_rows::<2>("[]").unwrap().is_empty());
    assert!(parse_rows::<2>(" null ").unwrap().is_empty());
}

#[test]
fn rows_read_as_the_general_decoder_reads_them() {
    let general = |raw: &str| {
        let mut de = serde_json::Deserializer::from_str(raw);
        let rows = crate::wire::de::general_rows::<_, 2>(&mut de).ok()?;
        de.end().ok().map(|()| rows)
    };
    for (raw, taken) in [
        // As servers write them, then forms the compact loop hands back part-way through.
        (r#"[[86526.1,61555],["86526.2","1"],[3,"4.00"]]"#, true),
        (r#"[]"#, true),
        (r#"[[1,2], [3,4]]"#, true),
        (r#"[[1,2],[3,4e1]]"#, true),
        (r#"[[1,2],[3,12345678901234567890]]"#, true),
        (r#"[[1e3,1]]"#, true),
        (r#"[[1234567890123456789,"0.999999999999999999"]]"#, true),
        (r#"[[-0,1],["-0.0",2]]"#, true),
        (r#"[[1,2,3]]"#, false),
        (r#"[[1]]"#, false),
        (r#"[[null,1]]"#, false),
        (r#"[["1\u0030",1]]"#, false),
        (r#"[[1.,1]]"#, false),
        (r#"[[01,1]]"#, false),
        (r#"[[1,2]"#, false),
        (r#"[[1,2]] x"#, false),
        (r#"{"a":1}"#, false),
        (r#"[[1,2],]"#, false),
        (r#"[["1",2"]]"#, false),
        ("", false),
    ] {
        let direct = parse_rows::<2>(raw);
        assert_eq!(direct.is_some(), taken, "{raw}");
        if direct.is_some() {
            assert_eq!(direct, general(raw), "{raw}");
        }
    }
    let one = |text: &str| parse_rows::<1>(&format!("[[{text}]]")).map(|r| r[0][0]);
    assert_eq!(one("123456789012345678"), Some(d("123456789012345678")));
    assert_eq!(one("999999999999999999"), Some(d("999999999999999999")));
    assert_eq!(one("-0.5"), Some(d("-0.5")));
    assert_eq!(one("\"-0.000001\""), Some(d("-0.000001")));
    assert_eq!(one("0.10"), Some(d("0.10")));
    for bad in ["1-2", "1.2.3", ".5", "-", "\"1", "1\"", "--1", "+1"] {
        assert_eq!(one(bad), None, "{bad}");
    }
}

/// What serde's path makes of `json` as a `T`.
fn serde<T: Wire>(json: &str) -> Option<T> {
    let mut de = serde_json::Deserializer::from_str(json);
    let v = T::from_wire(&mut de).ok()?;
    de.end().ok().map(|()| v)
}

/// The direct reader either gives up or agrees with serde; `taken` says which is expected.
fn agrees<T: Direct + Wire + PartialEq + std::fmt::Debug>(json: &str, taken: bool) {
    let direct = read_all(json.as_bytes(), T::direct);
    assert_eq!(direct.is_some(), taken, "{json}: direct {direct:?}");
    if let Some(v) = direct {
        assert_eq!(Some(v), serde::<T>(json), "{json}");
    }
}

#[test]
fn scalars_read_as_serde_reads_them() {
    for (json, taken) in [
        ("\"0.001\"", true),
        ("86526.1", true),
        (" -2.50 ", true),
        ("12345678901234567890.5", true),
        ("1e3", true),
        ("\"1e-3\"", true),
        ("0E-8", true),
        ("-0", true),
        ("01", false),
        ("1.", false),
        ("-", false),
        ("\"1\\u0030\"", false),
        ("true", false),
        ("null", false),
        ("\"x\"", false),
    ] {
        agrees::<Decimal>(json, taken);
    }
    for (json, taken) in [
        ("8886774", true),
        ("0", true),
        ("01", false),
        ("00", false),
        ("1234567890123456789", true),
        ("12345678901234567890", false),
        ("7E2", true),
        ("0.0", true),
        ("-5", true),
        ("\"42\"", true),
        ("5.0", true),
        ("1e3", true),
        ("18446744073709551615", false),
        ("9223372036854775807", true),
        ("-9223372036854775809", false),
        ("\"1.5\"", false),
        ("false", false),
    ] {
        agrees::<i64>(json, taken);
    }
    for (json, taken) in [
        ("\"BTCUSDT\"", true),
        ("0", true),
        ("9999999999999999999", true),
        ("12345678901234567890", true),
        ("\"\"", true),
        ("12", true),
        ("-7", true),
        ("1.50", true),
        ("-0", true),
        ("11e11", true),
        ("2.5E+3", true),
        ("123456789012345678901234", true),
        ("\"caf\u{e9}\"", true),
        ("\"a\\nb\"", false),
        ("\"tab\there\"", false),
        ("true", false),
        ("[]", false),
    ] {
        agrees::<String>(json, taken);
    }
    for (json, taken) in [("true", true), ("\"FALSE\"", true), ("1", false)] {
        agrees::<bool>(json, taken);
    }
    agrees::<Millis>("1568879465651", true);
    agrees::<Millis>("\"1568879465651\"", true);
    agrees::<i32>("2147483648", false);
    agrees::<Option<Decimal>>("null", true);
    agrees::<Option<Decimal>>("\"1.5\"", true);
    agrees::<Vec<i64>>("[1, \"2\" ,3]", true);
    agrees::<Vec<i64>>("null", true);
    agrees::<Vec<i64>>("[1,]", false);
    agrees::<Vec<i64>>("[1] x", false);
    agrees::<serde_json::Value>(r#"{"a":[1,2.50,{"b":null}]}"#, true);
}

#[test]
fn enum_text_is_formatted_as_serde_formats_it() {
    let text = |json: &str| read_all(json.as_bytes(), |r| r.scalar_text(|s| Some(s.to_owned())));
    assert_eq!(text("\"SELL\"").as_deref(), Some("SELL"));
    assert_eq!(
        text("-0").as_deref(),
        Some("-0"),
        "kept as text, as serde_json keeps it"
    );
    assert_eq!(text("-01"), None);
    assert_eq!(text("-12").as_deref(), Some("-12"));
    assert_eq!(
        text("11E11").as_deref(),
        Some("11e+11"),
        "serde_json's exponent"
    );
    assert_eq!(text("1.5e-3").as_deref(), Some("1.5e-3"));
    assert_eq!(
        text("2.50").as_deref(),
        Some("2.50"),
        "any other number as written"
    );
    assert_eq!(text("true"), None);
    assert_eq!(text("null"), None);
}

#[test]
fn objects_give_up_on_anything_unusual() {
    let object = |json: &str| {
        read_all(json.as_bytes(), |r| {
            let mut seen = Vec::new();
            r.object(|key, r| {
                seen.push(String::from_utf8_lossy(key).into_owned());
                r.skip()
            })?;
            Some(seen)
        })
    };
    assert_eq!(
        object(" {\"a\" : [1, {\"b\": \"x\"}] ,\"c\":null,\"d\":-1.5e+3, \"e\":{}}\n"),
        Some(vec!["a".into(), "c".into(), "d".into(), "e".into()])
    );
    assert_eq!(object("{}"), Some(vec![]));
    for bad in [
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{\"a\":1}}",
        "{\"\\u0061\":1}",
        "{\"a\":\"\\\"\"}",
        "{\"a\":01}",
        "{\"a\":tru}",
        "{\"a\":1",
        "[1]",
        "",
    ] {
        assert_eq!(object(bad), None, "{bad}");
    }
    let deep = format!("{{\"a\":{}{}}}", "[".repeat(200), "]".repeat(200));
    assert_eq!(
        object(&deep),
        None,
        "nesting past the limit is left to serde"
    );
    assert!(Reader::new(b"{\"a\":\"\xff\"}").is_none(), "not UTF-8");
}

#[test]
fn fields_are_read_once() {
    let field = |json: &str| {
        read_all(json.as_bytes(), |r| {
            let mut a: Option<i64> = None;
            r.object(|key, r| match key {
                b"a" => r.field(&mut a),
                _ => r.skip(),
            })?;
            a
        })
    };
    assert_eq!(field(r#"{"b":2,"a":1}"#), Some(1));
    assert_eq!(
        field(r#"{"a":1,"a":1}"#),
        None,
        "serde refuses a duplicate field"
    );
}

#[test]
fn one_or_many_reads_as_serde_reads_it() {
    use serde_json::Value;
    for (json, taken) in [
        ("null", true),
        ("{}", true),
        ("[]", true),
        (r#"{"a":1}"#, true),
        (r#"[{"a":1},{},null,{ },{"b":[2]}]"#, true),
        ("[[1]]", false),
        ("[1]", false),
        ("1", false),
        (r#""x""#, false),
        (r#"[{"a":1}"#, false),
    ] {
        let direct = read_all(json.as_bytes(), one_or_many::<Value>);
        let mut de = serde_json::Deserializer::from_str(json);
        let general = crate::wire::de::one_or_many::<_, Value>(&mut de)
            .ok()
            .filter(|_| de.end().is_ok());
        assert_eq!(direct.is_some(), taken, "{json}");
        if taken {
            assert_eq!(direct, general, "{json}");
        } else {
            assert!(
                general.is_none(),
                "{json}: serde takes what the reader refuses"
            );
        }
    }
}

#[test]
fn tuples_take_exactly_their_elements() {
    let pair = |json: &str| {
        read_all(json.as_bytes(), |r| {
            r.tuple::<_, 2>(|t| Some((t.item::<i64>()?, t.item::<String>()?)))
        })
    };
    assert_eq!(pair(r#"[1, "a"]"#), Some((1, "a".into())));
    assert_eq!(pair(r#"[1]"#), None);
    assert_eq!(pair(r#"[1,"a",2]"#), None);
}
