use super::*;
use serde_json::Value;

const NOW: i64 = 1_795_542_660_931;
const ACCOUNT: &str = r#"{"code":"0","msg":"Success","data":{"account":[{"marginCoin":"USDT","accountNormal":100000.50,"positionVos":[]},{"marginCoin":"BTC","accountNormal":10,"positionVos":[]}]}}"#;
const CONTRACTS: &str =
    r#"[{"symbol":"E-BTC-USDT","status":1,"type":"E","side":1,"multiplier":0.001}]"#;
const ORDER_UPDATE: &str = r#"{"e":"ORDER_TRADE_UPDATE","E":1795542660931,"o":{"s":"E-BTC-USDT","x":"NEW","X":"NEW","i":7,"q":"0.001"}}"#;

fn changed(answer: Rewrite) -> String {
    match answer {
        Rewrite::Changed(t) => t,
        other => panic!("a changed answer expected: {other:?}"),
    }
}

/// Decodes through text, so numbers keep their digits.
fn value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Whether `v` has the field `path` ends at: removing it changes something.
fn has(v: &Value, path: &str) -> bool {
    let raw = to_raw_value(v).expect("raw");
    edit_field(&raw, path, How::Remove, NOW).is_ok_and(|t| t.get() != raw.get())
}

fn entry(kind: &str, source: &str, path: &str) -> Expected {
    *EXPECTED
        .iter()
        .find(|e| e.kind == kind && e.source == source && e.path == path)
        .unwrap_or_else(|| panic!("no expected {kind} {source} {path}"))
}

#[test]
fn expected_lists_every_change_in_order() {
    assert_eq!(EXPECTED.len(), CHANGES.len());
    for (e, c) in EXPECTED.iter().zip(&CHANGES) {
        assert_eq!(*e, c.expected);
    }
    let kinds = [
        "unknown_field",
        "unknown_enum_value",
        "unknown_error_code",
        "missing_field",
        "type_mismatch",
        "unknown_event",
        "unknown_channel",
    ];
    for kind in kinds {
        assert!(EXPECTED.iter().any(|e| e.kind == kind), "{kind} missing");
    }
    for e in EXPECTED {
        assert!(kinds.contains(&e.kind), "{e:?}");
        let pathless = matches!(
            e.kind,
            "unknown_error_code" | "unknown_event" | "unknown_channel"
        );
        assert_eq!(e.path.is_empty(), pathless, "{e:?}");
        if !pathless && e.kind != "unknown_enum_value" {
            assert!(e.path.ends_with(e.wire), "{e:?}");
        }
    }
    for c in &CHANGES {
        if let How::Refuse(code, _) = c.how {
            assert_eq!(code.to_string(), c.expected.wire);
        }
    }
}

#[test]
fn fields_are_added_in_place_keeping_order_and_digits() {
    let text = changed(rest("account", true, ACCOUNT.as_bytes(), NOW));
    assert_eq!(
        text,
        format!(
            r#"{{"code":"0","msg":"Success","data":{{"account":[{{"marginCoin":"USDT","accountNormal":100000.50,"positionVos":[],"bonus":"0"}},{{"marginCoin":"BTC","accountNormal":10,"positionVos":[],"bonus":"0"}}],"updateTime":{NOW}}}}}"#
        )
    );
    let text = changed(rest("contracts", false, CONTRACTS.as_bytes(), NOW));
    assert_eq!(
        text,
        r#"[{"symbol":"E-BTC-USDT","status":1,"type":"E","side":2,"multiplier":0.001}]"#
    );
    let depth = r#"{"time":1,"bids":[[29990,100]],"asks":[[30010,100]]}"#;
    let text = changed(rest("depth", false, depth.as_bytes(), NOW));
    assert_eq!(text, r#"{"time":1,"bids":[[29990,100]]}"#);
}

#[test]
fn other_endpoints_and_odd_bodies_pass_unchanged() {
    assert!(matches!(
        rest("server_time", false, br#"{"serverTime":1}"#, NOW),
        Rewrite::Unchanged
    ));
    assert!(matches!(
        rest(
            "create_listen_key",
            true,
            br#"{"msg":"succ","code":200,"data":{"listenKey":"k"}}"#,
            NOW
        ),
        Rewrite::Unchanged
    ));
    // Not of the path's shape: left as it is rather than broken further.
    let text = changed(rest(
        "account",
        true,
        br#"{"code":"0","msg":"Success","data":null}"#,
        NOW,
    ));
    assert_eq!(text, r#"{"code":"0","msg":"Success","data":null}"#);
    assert!(matches!(
        rest("account", true, b"not json", NOW),
        Rewrite::Unchanged
    ));
}

#[test]
fn unknown_fields_are_unknown_to_the_generated_types() {
    let e = entry("unknown_field", "account", "account[].bonus");
    let drifted = value(&changed(rest("account", true, ACCOUNT.as_bytes(), NOW)));
    let data = &drifted["data"];
    for path in [e.path, entry("unknown_field", "account", "updateTime").path] {
        assert!(has(data, path), "{path} not served");
        let typed: contango::Account =
            serde_json::from_str(&data.to_string()).expect("account still decodes");
        let back = serde_json::to_value(&typed).expect("serialize");
        assert!(!has(&back, path), "{path} is in the spec's Account");
    }
    // The order update's fields, top level and nested.
    let text = event(ORDER_UPDATE.to_owned(), NOW);
    let drifted = value(&text);
    let typed = contango::OrderTradeUpdate::deserialize(&drifted).expect("decodes");
    let back = serde_json::to_value(&typed).expect("serialize");
    for e in EXPECTED.iter().filter(|e| e.source == "ORDER_TRADE_UPDATE") {
        assert!(has(&drifted, e.path), "{e:?}");
        assert!(!has(&back, e.path), "{e:?} is in the spec");
    }
    assert_eq!(drifted["T"], drifted["E"]);
    assert!(
        text.starts_with(r#"{"e":"ORDER_TRADE_UPDATE","E":1795542660931,"o":{"s":"E-BTC-USDT""#)
    );
}

#[test]
fn the_enum_value_error_code_event_and_channel_are_unknown_to_the_spec() {
    let text = changed(rest("contracts", false, CONTRACTS.as_bytes(), NOW));
    let list: Vec<contango::Contract> = serde_json::from_str(&text).expect("decodes");
    let e = entry("unknown_enum_value", "contracts", "[].side");
    assert!(
        matches!(list[0].side, Some(contango::ContractSide::Other(_))),
        "{e:?}: {:?}",
        list[0].side
    );
    assert!(text.contains(&format!(r#""side":{}"#, e.wire)), "{text}");

    let e = entry("unknown_error_code", "force_orders_history", "");
    let Rewrite::Refused(err) = rest(
        e.source,
        true,
        br#"{"code":"0","msg":"Success","data":[]}"#,
        NOW,
    ) else {
        panic!("refused expected");
    };
    let code: i64 = e.wire.parse().expect("a number");
    assert_eq!(
        contango::ErrorCode::from_wire("futures", code),
        contango::ErrorCode::Unknown(code)
    );
    assert_eq!(
        err.body(),
        format!(r#"{{"code":{code},"msg":"{}"}}"#, err.message)
    );
    assert!(!err.message.is_empty());

    let announced = after_subscribe(NOW);
    assert_eq!(announced.len(), 1);
    let e = entry("unknown_event", "stream", "");
    match contango::Event::decode(announced[0].as_bytes()) {
        Ok(contango::Event::Other { event_type, .. }) => assert_eq!(event_type, e.wire),
        other => panic!("an unknown event expected: {other:?}"),
    }

    let e = entry("unknown_channel", "market_stream", "");
    assert!(contango::MarketChannel::parse(e.wire).is_none());
}

#[test]
fn the_missing_field_and_the_changed_type_fail_the_decode() {
    let e = entry("missing_field", "depth", "asks");
    let depth = r#"{"time":1,"bids":[[29990,100]],"asks":[[30010,100]]}"#;
    let text = changed(rest(e.source, false, depth.as_bytes(), NOW));
    let err = serde_json::from_str::<contango::OrderBook>(&text).expect_err("fails");
    assert!(
        err.to_string()
            .contains(&format!("missing field `{}`", e.wire)),
        "{err}"
    );

    let e = entry("type_mismatch", "commission_rate", "openTakerFeeRate");
    let body = r#"{"code":"0","msg":"Success","data":{"contractName":"E-BTC-USDT","openTakerFeeRate":0.0004,"openMakerFeeRate":0.0002}}"#;
    let text = changed(rest(e.source, true, body.as_bytes(), NOW));
    let v = value(&text);
    assert_eq!(v["data"][e.path], Value::Bool(true));
    let err = serde_json::from_str::<contango::CommissionRate>(&v["data"].to_string())
        .expect_err("fails");
    assert!(err.to_string().contains("invalid type: boolean"), "{err}");
}

#[test]
fn market_pushes_change_and_a_depth_push_brings_an_unknown_channel() {
    let key = |name: &str| match name {
        "market_e_btcusdt_kline_1min" => Some("kline"),
        "market_e_btcusdt_depth_step0" => Some("depth"),
        _ => None,
    };
    let kline = r#"{"event_rep":"","channel":"market_e_btcusdt_kline_1min","data":null,"tick":{"id":1,"close":30000.5,"amount":4.25},"ts":5,"status":"ok"}"#;
    let depth = r#"{"event_rep":"","channel":"market_e_btcusdt_depth_step0","data":null,"tick":{"asks":[[30010,100]],"buys":[]},"ts":6,"status":"ok"}"#;
    let ping = r#"{"ping":1}"#;
    let rep = r#"{"event_rep":"rep","channel":"market_e_btcusdt_kline_1min","data":[],"tick":null,"ts":5,"status":"ok"}"#;
    let out = market_frames([kline, depth, ping, rep].map(str::to_owned).to_vec(), key);
    assert_eq!(
        out,
        [
            r#"{"event_rep":"","channel":"market_e_btcusdt_kline_1min","data":null,"tick":{"id":1,"close":30000.5,"amount":4.25,"turnover":4.25},"ts":5,"status":"ok"}"#,
            depth,
            r#"{"event_rep":"","channel":"market_e_btcusdt_bbo","data":null,"tick":{"bid":null,"ask":[30010,100]},"ts":6,"status":"ok"}"#,
            ping,
            rep,
        ]
    );
    assert_eq!(
        entry("unknown_channel", "market_stream", "").wire,
        "market_e_btcusdt_bbo"
    );
    let e = entry("unknown_field", "kline", "turnover");
    let tick = &value(&out[0])["tick"];
    let typed = contango::MarketKline::deserialize(tick).expect("decodes");
    assert!(has(&value(&out[0])["tick"], e.path));
    assert!(!has(&serde_json::to_value(&typed).expect("json"), e.path));
}
