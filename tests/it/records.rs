//! A generated record read through serde (`record!`'s `Deserialize`, the decoder behind the
//! direct reader and the one a user's own `serde_json::from_*` reaches): every key a field is
//! read under, unknown keys skipped, absent or null optional fields, and serde's own errors for a
//! missing or repeated field, an array for an object and a wrong value.

use contango::*;
use rust_decimal::Decimal;
use std::str::FromStr;

fn trade(text: &str) -> Result<Trade, serde_json::Error> {
    serde_json::from_str(text)
}

#[test]
fn a_record_takes_its_keys_and_aliases_and_skips_unknown_keys() {
    let t = trade(
        r#"{"tradeId":"7","price":"1.50","extra":{"a":[1,{"b":null}]},"ctime":1700000000000}"#,
    )
    .expect("decodes");
    assert_eq!(t.trade_id, 7);
    assert_eq!(t.price, Some(Decimal::from_str("1.50").expect("decimal")));
    assert_eq!(t.c_time, Some(Millis(1_700_000_000_000)));
    assert_eq!(t.qty, None, "absent");
    // Each alias, and an escaped key (serde hands it over unescaped).
    for key in ["cTime", "time", "\\u0063Time"] {
        let t = trade(&format!(r#"{{"tradeId":1,"{key}":5}}"#)).expect(key);
        assert_eq!(t.c_time, Some(Millis(5)), "{key}");
    }
    let t = trade(r#"{"tradeId":1,"price":null,"side":null}"#).expect("nulls");
    assert_eq!((t.price, t.side), (None, None));
    // The same from a `Value`, and as the round trip of its own `Serialize`.
    let v = serde_json::json!({"tradeId": 3, "qty": "2", "side": "SELL"});
    let t: Trade = serde_json::from_value(v).expect("from a Value");
    assert_eq!((t.trade_id, &t.side), (3, &Some(Side::Sell)));
    let again = trade(&serde_json::to_string(&t).expect("serializes")).expect("round trip");
    assert_eq!(again, t);
}

#[test]
fn a_record_refuses_what_serde_refuses_with_serde_messages() {
    let err = |text: &str| trade(text).expect_err(text).to_string();
    assert!(err(r#"{"price":1}"#).starts_with("missing field `tradeId`"));
    // Aliases are one field: a second spelling is a duplicate.
    assert!(err(r#"{"tradeId":1,"ctime":1,"time":2}"#).starts_with("duplicate field `cTime`"));
    assert!(err(r#"{"tradeId":1,"tradeId":2}"#).starts_with("duplicate field `tradeId`"));
    assert!(err(r#"[1,"2"]"#).starts_with("invalid type: sequence, expected struct Trade"));
    assert!(err("null").starts_with("invalid type: null, expected struct Trade"));
    // A field's own error, where it is.
    let e = err(r#"{"tradeId":1,"price":"1.2.3"}"#);
    assert!(e.contains("line 1 column"), "{e}");
    assert!(err(r#"{"tradeId":1,"isMaker":"maybe"}"#).contains("line 1"));
}

#[test]
fn a_request_reads_from_a_query_string_under_its_wire_names() {
    // Requests are records without a `keys` list: their wire names are their keys.
    let q: DepthRequest =
        serde_urlencoded::from_str("contractName=E-BTC-USDT&limit=5&other=x").expect("query");
    assert_eq!((q.contract_name.as_str(), q.limit), ("E-BTC-USDT", Some(5)));
    let e = serde_urlencoded::from_str::<DepthRequest>("limit=5").expect_err("no contract");
    assert!(
        e.to_string().contains("missing field `contractName`"),
        "{e}"
    );
}

#[test]
fn a_record_is_built_from_its_required_fields_with_the_optional_ones_unset() {
    // `new` takes the required fields in the spec's order; everything else is `None`, so the
    // record writes only what it was given and reads back as itself.
    let update = OrderUpdate::new(
        "E-BTC-USDT".to_owned(),
        ExecutionType::Trade,
        OrderStatus::Filled,
        42,
    );
    assert_eq!(
        (update.symbol.as_str(), update.order_id, update.price),
        ("E-BTC-USDT", 42, None)
    );
    let written = serde_json::to_value(&update).expect("serializes");
    assert_eq!(
        written,
        serde_json::json!({"s": "E-BTC-USDT", "x": "TRADE", "X": "FILLED", "i": 42})
    );
    let read: OrderUpdate = serde_json::from_value(written).expect("reads back");
    assert_eq!(read, update);
    // Lists and nested records are arguments like any other; a record with no required field
    // takes none.
    let group = PositionGroup::new("E-BTC-USDT".to_owned(), vec![Position::new(7)]);
    assert_eq!((group.positions[0].id, group.contract_id), (7, None));
    assert_eq!(
        serde_json::to_value(MarketTicker::new()).expect("serializes"),
        serde_json::json!({})
    );
}
