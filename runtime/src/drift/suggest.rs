//! The spec type a sample suggests, as a drift finding reports it (`suggested_type`), and the
//! name of a new type made from a key: the rules `contango drift --patch` writes spec YAML with.

use serde_json::Value;

/// The spec type a sample suggests: `bool`; `decimal` for a number or a numeric string, `millis`
/// when it is a 13-digit integer; `string`; `list<..>` from the first element; for an object,
/// the name of a new type made from `key` (`bonusInfo` -> `BonusInfo`).
pub fn suggest(key: &str, v: &Value) -> String {
    match v {
        Value::Bool(_) => "bool".into(),
        Value::Number(n) => number_type(&n.to_string()),
        Value::String(s) if is_number(s) => number_type(s),
        Value::String(_) | Value::Null => "string".into(),
        Value::Array(items) => match items.iter().find(|i| !i.is_null()) {
            Some(first) => format!("list<{}>", suggest(key, first)),
            None => "list<string>".into(),
        },
        Value::Object(_) => type_name(key),
    }
}

fn number_type(text: &str) -> String {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.len() == 13 && digits.bytes().all(|b| b.is_ascii_digit()) {
        "millis".into()
    } else {
        "decimal".into()
    }
}

fn is_number(s: &str) -> bool {
    let s = s.trim();
    s.parse::<rust_decimal::Decimal>().is_ok() || rust_decimal::Decimal::from_scientific(s).is_ok()
}

/// `bonusInfo` -> `BonusInfo`; `ORDER_UPDATE` -> `OrderUpdate`; never empty.
pub fn type_name(key: &str) -> String {
    let mut out = String::new();
    for word in key.split(|c: char| !c.is_ascii_alphanumeric()) {
        let all_upper = word.bytes().all(|b| !b.is_ascii_lowercase());
        for (i, c) in word.chars().enumerate() {
            if i == 0 {
                out.push(c.to_ascii_uppercase());
            } else if all_upper {
                out.push(c.to_ascii_lowercase());
            } else {
                out.push(c);
            }
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert_str(0, "Drift");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_follow_the_samples() {
        let s = |j: &str| suggest("bonusInfo", &serde_json::from_str(j).expect("json"));
        assert_eq!(s("true"), "bool");
        assert_eq!(s("12.5"), "decimal");
        assert_eq!(s("\"12.5\""), "decimal");
        assert_eq!(s("1790133532000"), "millis");
        assert_eq!(s("\"1790133532000\""), "millis");
        assert_eq!(s("\"abc\""), "string");
        assert_eq!(s("[\"1\"]"), "list<decimal>");
        assert_eq!(s("{\"a\":1}"), "BonusInfo");
        assert_eq!(type_name("ORDER_UPDATE"), "OrderUpdate");
        assert_eq!(type_name("9lives"), "Drift9lives");
    }
}
