//! Drift (docs/design.md, Drift): what a server sends that the spec does not describe is reported
//! by the
//! client, with the endpoint, the path and the wire value; every real-world payload the spec
//! describes reports nothing; the record of findings stays bounded.

use crate::common::{TestServer, client, fixture, strip_comments};
use contango::__private::drift::{self, DriftLog, MAX_FINDINGS};
use contango::*;

/// (kind, endpoint, path, wire) of each finding, sorted.
fn seen(report: &DriftReport) -> Vec<(String, String, String, String)> {
    let mut v: Vec<_> = report
        .findings
        .iter()
        .map(|f| {
            (
                f.kind.to_string(),
                f.endpoint.clone(),
                f.path.clone(),
                f.wire.clone(),
            )
        })
        .collect();
    v.sort();
    v
}

fn row(kind: &str, endpoint: &str, path: &str, wire: &str) -> (String, String, String, String) {
    (kind.into(), endpoint.into(), path.into(), wire.into())
}

#[tokio::test]
async fn answers_report_each_kind_of_drift_with_endpoint_path_and_wire() {
    let s = TestServer::start().await;
    let c = client(&s);
    // Extra keys at the top of `data`, nested in an object, in list items; an enum value the
    // spec does not list.
    let account = fixture("v2_account.json")
        .replacen("\"account\"", "\"bonus\":\"12.5\",\"account\"", 1)
        .replace("\"positionVos\"", "\"tier\":{\"level\":3},\"positionVos\"")
        .replacen("\"side\":\"BUY\"", "\"side\":\"HOLD\"", 1);
    s.respond("/fapi/v2/account", 200, account);
    c.account().send().await.expect("extra fields still decode");

    // A code the error table does not list.
    s.respond(
        "/fapi/v2/commissionRate",
        200,
        r#"{"code":-1999,"msg":"new risk rule","data":null}"#,
    );
    let e = c
        .commission_rate("E-BTC-USDT")
        .send()
        .await
        .expect_err("an error code");
    assert_eq!(e.code().map(|c| c.code()), Some(-1999));

    // A required field gone, and a bool where a decimal is specified: the decode fails and the
    // finding says why.
    s.respond("/fapi/v1/klines", 200, r#"[{"open":"1","close":"2"}]"#);
    c.klines("E-BTC-USDT", KlineInterval::OneMinute)
        .send()
        .await
        .expect_err("idx is required");
    s.respond("/fapi/v1/ticker", 200, r#"{"high":true,"low":"1"}"#);
    c.ticker("E-BTC-USDT")
        .send()
        .await
        .expect_err("high is a decimal");

    let report = c.drift();
    assert_eq!(
        seen(&report),
        vec![
            row("missing_field", "klines", "[].idx", "idx"),
            row("type_mismatch", "ticker", "high", "high"),
            row(
                "unknown_enum_value",
                "account",
                "account[].positionVos[].positions[].side",
                "HOLD"
            ),
            row("unknown_error_code", "commission_rate", "", "-1999"),
            row("unknown_field", "account", "account[].tier", "tier"),
            row("unknown_field", "account", "bonus", "bonus"),
        ],
        "{report:#?}"
    );
    let by = |kind: FindingKind, wire: &str| {
        report
            .findings
            .iter()
            .find(|f| f.kind == kind && f.wire == wire)
            .unwrap_or_else(|| panic!("{kind} {wire}: {report:#?}"))
    };
    let bonus = by(FindingKind::UnknownField, "bonus");
    assert_eq!(bonus.sample.as_deref(), Some("\"12.5\""));
    assert_eq!(bonus.suggested_type.as_deref(), Some("decimal"));
    assert_eq!(bonus.spec_type.as_deref(), Some("Account"));
    let tier = by(FindingKind::UnknownField, "tier");
    assert_eq!(
        tier.suggested_type.as_deref(),
        Some("Tier"),
        "a new object type"
    );
    assert_eq!(tier.spec_type.as_deref(), Some("AccountBalance"));
    assert_eq!(tier.count, 2, "once per list item, stored once: {tier:?}");
    let hold = by(FindingKind::UnknownEnumValue, "HOLD");
    assert_eq!(hold.spec_type.as_deref(), Some("Side"));
    let code = by(FindingKind::UnknownErrorCode, "-1999");
    assert_eq!(code.message.as_deref(), Some("new risk rule"));
    assert_eq!(code.spec_type.as_deref(), Some("futures"));
    let high = by(FindingKind::TypeMismatch, "high");
    assert_eq!(high.suggested_type.as_deref(), Some("bool"));
    assert_eq!(high.message.as_deref(), Some("the spec says decimal"));

    // The same answer again: counted, not stored again.
    c.commission_rate("E-BTC-USDT")
        .send()
        .await
        .expect_err("again");
    let again = c.drift();
    assert_eq!(again.findings.len(), report.findings.len());
    assert_eq!(by_count(&again, "-1999"), 2);
}

fn by_count(r: &DriftReport, wire: &str) -> u64 {
    r.findings
        .iter()
        .find(|f| f.wire == wire)
        .map_or(0, |f| f.count)
}

#[test]
fn stream_events_and_market_frames_report_drift() {
    let log = DriftLog::new();
    // An event type the spec does not list, and an extra field in a listed one.
    let unknown = br#"{"e":"MARGIN_CALL","E":1790133532000,"m":"0.8"}"#;
    let event = drift::event::<UserStreamApi>(&log, unknown).expect("kept raw");
    assert!(matches!(event, Event::Other { .. }));
    let mut update: serde_json::Value =
        serde_json::from_str(&strip_comments(&fixture("ws_ORDER_TRADE_UPDATE.txt"))).expect("json");
    update["o"]["stp"] = "NONE".into();
    drift::event::<UserStreamApi>(&log, update.to_string().as_bytes()).expect("decodes");
    // A channel the spec does not list, and an extra field in a listed channel's tick.
    let bbo = br#"{"channel":"market_e_btcusdt_bbo","ts":1,"tick":{"bid":"1","ask":"2"}}"#;
    drift::market_frame::<MarketStreamApi>(&log, bbo).expect("kept raw");
    let mut ticker: serde_json::Value =
        serde_json::from_str(&fixture("ws_market_ticker.json")).expect("json");
    ticker["tick"]["turnover"] = "9".into();
    drift::market_frame::<MarketStreamApi>(&log, ticker.to_string().as_bytes()).expect("decodes");
    // An extra field in the items of a market-stream request's answer.
    let page =
        br#"[{"id":1627228800,"open":1,"close":1,"high":1,"low":1,"vol":1,"amount":1,"trades":7}]"#;
    drift::reply::<MarketStreamApi, MarketKline>(&log, "market_e_btcusdt_kline_1min", page);
    assert_eq!(
        seen(&log.report()),
        vec![
            row(
                "unknown_channel",
                "market_stream",
                "",
                "market_e_btcusdt_bbo"
            ),
            row("unknown_event", "stream", "", "MARGIN_CALL"),
            row("unknown_field", "ORDER_TRADE_UPDATE", "o.stp", "stp"),
            row("unknown_field", "kline", "[].trades", "trades"),
            row("unknown_field", "ticker", "turnover", "turnover"),
        ],
        "{:#?}",
        log.report()
    );
}

/// Every real-world payload of an endpoint, event or channel the spec describes, fed as the
/// answer or frame it is: nothing is reported (the spec covers every field they hold). The v2
/// and listen-key answers are served over a loopback server by `tests/fixtures.rs`, which checks
/// the same of the client there.
#[test]
fn real_world_payloads_report_no_drift() {
    let log = DriftLog::new();
    macro_rules! answer {
        ($req:ty, $file:expr) => {{
            let body = strip_comments(&fixture($file));
            contango_runtime::http::answer::<$req>(&log, 200, body.as_bytes())
                .unwrap_or_else(|e| panic!("{}: {e}", $file));
            assert!(log.report().is_empty(), "{}: {:#?}", $file, log.report());
        }};
    }
    answer!(ContractsRequest, "v1_contracts.json");
    answer!(ContractsRequest, "dapi_v1_contracts.json");
    answer!(ServerTimeRequest, "v1_time.json");
    answer!(DepthRequest, "v1_depth.txt");
    answer!(TickerRequest, "v1_ticker.json");
    answer!(KlinesRequest, "v1_klines.json");
    answer!(PingRequest, "ping.json");
    for file in ["ws_ORDER_TRADE_UPDATE.txt", "ws_ACCOUNT_UPDATE.txt"] {
        // `"ps": "SHORT|LONG"` is the document's notation for one of the two, not a value a
        // server sends (tests/fixtures.rs shows it lands in the catch-all): fed as `SHORT`.
        let frame = strip_comments(&fixture(file)).replace("\"SHORT|LONG\"", "\"SHORT\"");
        drift::event::<UserStreamApi>(&log, frame.as_bytes())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(log.report().is_empty(), "{file}: {:#?}", log.report());
    }
    for file in [
        "ws_market_depth.json",
        "ws_market_trade.json",
        "ws_market_ticker.json",
        "ws_market_kline.json",
        "probe_ws_market_depth_frame.json",
        "probe_ws_market_empty_book.json",
        "probe_ws_market_ticker_frame.json",
        "probe_ws_market_trade_frame.json",
        "probe_ws_market_server_ping.json",
    ] {
        let frame = strip_comments(&fixture(file));
        drift::market_frame::<MarketStreamApi>(&log, frame.as_bytes())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(log.report().is_empty(), "{file}: {:#?}", log.report());
    }
    // The answers to market-stream requests (`req`): their `data` lists.
    for (file, channel) in [
        (
            "ws_market_kline_req_response.json",
            "market_e_btcusdt_kline_1min",
        ),
        (
            "ws_market_trade_req_response.json",
            "market_e_btcusdt_trade_ticker",
        ),
    ] {
        let answer: serde_json::Value =
            serde_json::from_str(&strip_comments(&fixture(file))).expect("json");
        let data = answer["data"].to_string();
        if file.contains("kline") {
            drift::reply::<MarketStreamApi, MarketKline>(&log, channel, data.as_bytes());
        } else {
            drift::reply::<MarketStreamApi, MarketTrade>(&log, channel, data.as_bytes());
        }
        assert!(log.report().is_empty(), "{file}: {:#?}", log.report());
    }
}

/// A server sending a new key in every answer: the record stays bounded.
#[test]
fn a_new_key_in_every_answer_keeps_the_record_bounded() {
    let log = DriftLog::new();
    for i in 0..100_000 {
        let body = format!(r#"{{"code":0,"msg":"ok","data":{{"orderId":7,"k{i}":1}}}}"#);
        let ack = contango_runtime::http::answer::<CancelOrderRequest>(&log, 200, body.as_bytes())
            .expect("decodes");
        assert_eq!(ack.order_id, 7);
    }
    let r = log.report();
    assert_eq!(r.findings.len(), MAX_FINDINGS);
    assert_eq!(r.dropped, 100_000 - MAX_FINDINGS as u64);
    assert!(r.findings.iter().all(|f| f.count == 1));
}

/// The simulator's drift mode over real sockets, through the SDK: every change it declares
/// (`contango_sim::server::changed_api::EXPECTED`) is in `client.drift()` with its endpoint, path and wire
/// value, REST, private stream and market stream alike, and nothing else is.
#[tokio::test]
async fn the_drifting_simulator_shows_every_kind_through_the_sdk() {
    use contango_sim::{MarketDriver, Sim};
    use std::time::Duration;
    let sim = Sim::builder()
        .drift(true)
        .market_driver(MarketDriver::random_walk(5))
        .start()
        .await
        .expect("simulator");
    let c = crate::sim_support::client(&sim);
    let mut user = c.user_stream().connect().await.expect("user stream");
    let mut market = c
        .market_stream()
        .subscribe(DepthChannel::new("E-BTC-USDT", 0))
        .subscribe(KlineChannel::new(
            "E-BTC-USDT",
            StreamKlineInterval::OneMinute,
        ))
        .connect()
        .await
        .expect("market stream");
    // Every read-only endpoint once (the ones drift breaks fail, alone).
    let _ = c.server_time().send().await;
    let _ = c.contracts().send().await;
    let _ = c.depth("E-BTC-USDT").send().await;
    let _ = c.ticker("E-BTC-USDT").send().await;
    let _ = c.account().send().await;
    let _ = c.leverage_bracket("E-BTC-USDT").send().await;
    let _ = c.commission_rate("E-BTC-USDT").send().await;
    let _ = c.force_orders_history("E-BTC-USDT").send().await;
    // An order of this account changes: its update carries the drifted fields.
    let order = crate::sim_support::order(
        "E-BTC-USDT",
        Side::Buy,
        OrderType::Limit,
        Open::Open,
        "10",
        "20000",
    );
    c.new_order(order).send().await.expect("order");
    let expected = contango_sim::server::changed_api::EXPECTED;
    let wanted = |r: &DriftReport| {
        let found = seen(r);
        expected
            .iter()
            .all(|e| found.contains(&row(e.kind, e.source, e.path, e.wire)))
    };
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !wanted(&c.drift()) && tokio::time::Instant::now() < deadline {
        tokio::select! {
            _ = user.recv() => {}
            _ = market.recv() => {}
            () = tokio::time::sleep(Duration::from_millis(50)) => {}
        }
    }
    let report = c.drift();
    let found = seen(&report);
    for e in expected {
        let want = row(e.kind, e.source, e.path, e.wire);
        assert!(found.contains(&want), "{want:?} missing: {report:#?}");
    }
    assert_eq!(found.len(), expected.len(), "nothing else: {report:#?}");
    user.shutdown().await.expect("close");
    market.shutdown().await;
    sim.shutdown().await;
}

/// The plain simulator serving a conditional order's whole life (an entry with a stop loss and a
/// take profit attached, listed and queried while waiting, the stop firing, the take profit
/// cancelled, all of it on the private stream): the spec describes every field and value it
/// sends, so the client reports no drift.
#[tokio::test]
async fn conditional_orders_on_the_plain_simulator_report_no_drift() {
    use crate::sim_support::{d, order};
    use std::time::Duration;
    let sim = crate::sim_support::sim().await;
    let c = crate::sim_support::client(&sim);
    let mut user = c.user_stream().connect().await.expect("user stream");
    let mut entry = NewOrderRequest::new(order(
        "E-BTC-USDT",
        Side::Buy,
        OrderType::Market,
        Open::Open,
        "2",
        "30010",
    ));
    let attached = |kind, trigger: &str, watch| TriggerOrderCreateParam {
        client_order_id: Some(format!("{kind:?}")),
        trigger_type: kind,
        trigger_price_type: watch,
        trigger_price: d(trigger),
        order_type: OrderType::Limit,
        price: d(trigger),
    };
    entry.trigger_order_create_params = Some(vec![
        attached(TriggerType::StopLoss, "29500", TriggerPriceType::MarkPrice),
        attached(
            TriggerType::TakeProfit,
            "30500",
            TriggerPriceType::LastPrice,
        ),
    ]);
    let parent = c.send(&entry).await.expect("entry").order_id;
    let listed = c.open_orders("E-BTC-USDT").send().await.expect("open");
    assert_eq!(listed.len(), 2, "the attached orders wait: {listed:?}");
    let _ = c.query_order("E-BTC-USDT").order_id(parent).send().await;
    for o in &listed {
        let _ = c
            .query_order("E-BTC-USDT")
            .order_id(o.order_id)
            .condition_order(true)
            .send()
            .await;
    }
    sim.set_mark_price("E-BTC-USDT", d("29500")).expect("mark");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
    while tokio::time::Instant::now() < deadline {
        tokio::select! {
            _ = user.recv() => {}
            () = tokio::time::sleep(Duration::from_millis(50)) => {}
        }
    }
    let _ = c.open_orders("E-BTC-USDT").send().await;
    assert!(c.drift().is_empty(), "{:#?}", c.drift());
    user.shutdown().await.expect("close");
    sim.shutdown().await;
}
