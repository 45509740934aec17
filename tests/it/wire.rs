//! What goes on the wire, seen by a real loopback server: method, path, query, exact body bytes,
//! the X-CH headers and Content-Type, and a signature the server recomputes independently.

use crate::common;

use crate::common::{API_KEY, SECRET, TestServer, client, hmac_hex};
use contango::*;
use rust_decimal::Decimal;
use std::str::FromStr;

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

/// Recomputes the signature from what the server received and compares.
fn assert_signed(r: &common::Recorded) {
    let ts = r.header("X-CH-TS").expect("X-CH-TS");
    assert!(
        ts.len() == 13 && ts.bytes().all(|b| b.is_ascii_digit()),
        "ms timestamp: {ts}"
    );
    assert_eq!(r.header("X-CH-APIKEY"), Some(API_KEY));
    let mut msg = format!("{ts}{}{}", r.method, r.path).into_bytes();
    if let Some(q) = &r.query {
        msg.push(b'?');
        msg.extend_from_slice(q.as_bytes());
    }
    msg.extend_from_slice(&r.body);
    let sign = r.header("X-CH-SIGN").expect("X-CH-SIGN");
    assert_eq!(sign, hmac_hex(SECRET, &msg), "server-side recomputation");
    assert!(
        sign.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
        "lower-case hex"
    );
    assert_eq!(r.header("Content-Type"), Some("application/json"));
}

#[tokio::test]
async fn public_get_is_unsigned_and_keyless() {
    let s = TestServer::start().await;
    s.respond("/fapi/v1/depth", 200, r#"{"bids":[],"asks":[]}"#);
    client(&s)
        .depth("E-BTC-USDT")
        .limit(20)
        .send()
        .await
        .expect("depth");
    let r = &s.requests()[0];
    assert_eq!(r.method, "GET");
    assert_eq!(r.path, "/fapi/v1/depth");
    assert_eq!(r.query.as_deref(), Some("contractName=E-BTC-USDT&limit=20"));
    assert!(r.body.is_empty());
    assert_eq!(r.header("X-CH-SIGN"), None);
    assert_eq!(r.header("X-CH-TS"), None);
    assert_eq!(r.header("X-CH-APIKEY"), None);
    assert_eq!(r.header("Content-Type"), Some("application/json"));
}

#[tokio::test]
async fn signed_get_signs_path_and_query() {
    let s = TestServer::start().await;
    s.respond(
        "/fapi/v2/myTrades",
        200,
        r#"{"code":0,"msg":"ok","data":[]}"#,
    );
    let trades = client(&s)
        .my_trades("E-BTC-USDT")
        .limit(50)
        .start_time(Millis(1_700_000_000_000))
        .send()
        .await
        .expect("trades");
    assert!(trades.is_empty());
    let r = &s.requests()[0];
    assert_eq!(r.method, "GET");
    assert_eq!(r.path, "/fapi/v2/myTrades");
    assert_eq!(
        r.query.as_deref(),
        Some("contractName=E-BTC-USDT&limit=50&startTime=1700000000000")
    );
    assert!(r.body.is_empty());
    assert_signed(r);
}

#[tokio::test]
async fn signed_get_without_query_has_no_question_mark() {
    let s = TestServer::start().await;
    s.respond(
        "/fapi/v2/account",
        200,
        r#"{"code":"0","msg":"Success","data":{"account":[]}}"#,
    );
    client(&s).account().send().await.expect("account");
    let r = &s.requests()[0];
    assert_eq!(r.query, None, "no `?` on an empty query");
    assert_signed(r);
}

#[tokio::test]
async fn signed_post_sends_exact_json_body() {
    let s = TestServer::start().await;
    s.respond(
        "/fapi/v2/order",
        200,
        r#"{"code":"0","msg":"Success","data":{"orderId":1}}"#,
    );
    client(&s)
        .new_order(NewOrder {
            contract_name: "E-BTC-USDT".into(),
            side: Side::Buy,
            order_type: OrderType::Limit,
            position_type: PositionType::Isolated,
            open: Open::Open,
            volume: dec("10"),
            amount: dec("2934.53"),
            price: dec("29345.30"),
        })
        .client_order_id("bot-42")
        .leverage(20)
        .send()
        .await
        .expect("order");
    let r = &s.requests()[0];
    assert_eq!(r.method, "POST");
    assert_eq!(r.path, "/fapi/v2/order");
    assert_eq!(r.query, None);
    assert_eq!(
        std::str::from_utf8(&r.body).expect("utf8"),
        r#"{"contractName":"E-BTC-USDT","clientOrderId":"bot-42","side":"BUY","type":"LIMIT","positionType":2,"open":"OPEN","volume":"10","amount":"2934.53","price":"29345.30","leverage":20}"#,
        "decimals exact as strings, enums as their wire values, spec order"
    );
    assert_signed(r);
}

#[tokio::test]
async fn coin_margined_prefix_and_path_parameters() {
    let s = TestServer::start().await;
    let c = Client::builder()
        .base_url(&s.url)
        .product(Product::CoinMargined)
        .credentials(Credentials::new(API_KEY, SECRET))
        .build()
        .expect("client");
    s.respond(
        "/dapi/v1/ticker",
        200,
        r#"{"high":"1","low":"1","last":"1","vol":"1","rose":"0","time":1}"#,
    );
    c.ticker("E-BTC-USD").send().await.expect("ticker");
    s.respond(
        "/user_stream/api/v1/listenKey/a%2Fb%20c",
        200,
        r#"{"msg":"succ","code":200}"#,
    );
    c.keep_alive_listen_key("a/b c")
        .send()
        .await
        .expect("keep-alive");
    let rs = s.requests();
    assert_eq!(rs[0].path, "/dapi/v1/ticker");
    assert_eq!(rs[1].method, "PUT");
    assert_eq!(
        rs[1].path, "/user_stream/api/v1/listenKey/a%2Fb%20c",
        "path parameter percent-encoded"
    );
    assert_eq!(
        rs[1].header("X-CH-APIKEY"),
        Some(API_KEY),
        "USER_STREAM carries the key"
    );
    assert!(
        rs[1].header("X-CH-SIGN").is_some() && rs[1].header("X-CH-TS").is_some(),
        "the shipped spec signs USER_STREAM calls (auth.signed), as the exchange's page asks"
    );
}

#[tokio::test]
async fn query_values_are_percent_encoded_and_signed_as_sent() {
    let s = TestServer::start().await;
    s.respond("/fapi/v2/order", 200, r#"{"code":0,"msg":"ok","data":[]}"#);
    client(&s)
        .query_order("E-BTC-USDT")
        .client_order_id("a b&c=d")
        .send()
        .await
        .expect("query");
    let r = &s.requests()[0];
    assert_eq!(
        r.query.as_deref(),
        Some("contractName=E-BTC-USDT&clientOrderId=a%20b%26c%3Dd")
    );
    assert_signed(r);
}

#[tokio::test]
async fn recv_window_travels_signed_in_query_and_body() {
    let s = TestServer::start().await;
    let c = Client::builder()
        .base_url(&s.url)
        .credentials(Credentials::new(API_KEY, SECRET))
        .recv_window(5000)
        .build()
        .expect("client");
    s.respond(
        "/fapi/v2/openOrders",
        200,
        r#"{"code":0,"msg":"ok","data":null}"#,
    );
    let o = c
        .open_orders("E-BTC-USDT")
        .send()
        .await
        .expect("open orders");
    assert!(o.is_empty(), "data: null is an empty list");
    s.respond(
        "/fapi/v2/level_edit",
        200,
        r#"{"code":0,"msg":"ok","data":null}"#,
    );
    c.level_edit("E-BTC-USDT", 5).send().await.expect("level");
    let rs = s.requests();
    assert_eq!(
        rs[0].query.as_deref(),
        Some("contractName=E-BTC-USDT&recvWindow=5000")
    );
    assert_signed(&rs[0]);
    assert_eq!(
        std::str::from_utf8(&rs[1].body).expect("utf8"),
        r#"{"contractName":"E-BTC-USDT","leverage":5,"recvWindow":5000}"#
    );
    assert_signed(&rs[1]);
}

#[tokio::test]
async fn request_types_are_plain_data() {
    // Usable without a client: build, serialize, send later.
    let req = DepthRequest::new("E-BTC-USDT").limit(5);
    let json = serde_json::to_string(&req).expect("serialize");
    assert_eq!(json, r#"{"contractName":"E-BTC-USDT","limit":5}"#);
    let back: DepthRequest = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, req);
    let s = TestServer::start().await;
    s.respond("/fapi/v1/depth", 200, r#"{"bids":[["1","2"]],"asks":[]}"#);
    let book = client(&s).send(&req).await.expect("send a request value");
    assert_eq!(book.bids[0].quantity, dec("2"));
}

#[test]
fn credentials_never_reach_plain_http_to_a_remote_host() {
    let err = Client::builder()
        .base_url("http://exchange.example")
        .credentials(Credentials::new(API_KEY, SECRET))
        .build()
        .expect_err("refused");
    assert!(!err.to_string().contains(SECRET));
    assert!(
        Client::builder()
            .base_url("http://exchange.example")
            .build()
            .is_ok(),
        "public use over http is allowed"
    );
    assert!(
        Client::builder()
            .base_url("http://127.0.0.1:9")
            .credentials(Credentials::new(API_KEY, SECRET))
            .build()
            .is_ok()
    );
    assert!(
        Client::builder()
            .base_url("https://exchange.example")
            .credentials(Credentials::new(API_KEY, SECRET))
            .build()
            .is_ok()
    );
}

#[test]
fn request_types_decode_numbers_or_strings() {
    // The simulator reads requests with these types: query strings and either JSON spelling.
    let q: MyTradesRequest =
        serde_urlencoded::from_str("contractName=E-BTC-USDT&limit=5&fromId=9007199254740993")
            .expect("query");
    assert_eq!(q.limit, Some(5));
    assert_eq!(q.from_id, Some(9_007_199_254_740_993));
    let a: NewOrderRequest = serde_json::from_str(
        r#"{"contractName":"E-BTC-USDT","side":"BUY","type":"LIMIT","positionType":"1","open":"OPEN","volume":10,"amount":"2934.53","price":29345.3,"leverage":"5"}"#,
    )
    .expect("body");
    assert_eq!(a.position_type, PositionType::Cross);
    assert_eq!(a.volume, dec("10"));
    assert_eq!(a.price, dec("29345.3"));
    assert_eq!(a.leverage, Some(5));
}

/// Every key of the exchange's conditional new-order sample goes on the wire, its `0` trigger
/// values included (the catch-all variants), with the values the sample gives: the request is
/// built from the sample itself, sent, and what the server received is the sample again (the
/// client order ids, numbers in the sample, travel as text).
#[tokio::test]
async fn the_conditional_sample_body_is_sent_key_for_key() {
    let sample: serde_json::Value =
        serde_json::from_str(&common::fixture("v2_order_new_conditional_body.json"))
            .expect("the sample");
    let request: NewOrderRequest = serde_json::from_value(sample.clone()).expect("a request");
    assert_eq!(request.trigger_type, Some(TriggerType::Other(0)));
    assert_eq!(request.trigger_price_type, Some(TriggerPriceType::Other(0)));
    assert_eq!(request.trigger_order_type, Some(TriggerOrderType::Normal));
    let s = TestServer::start().await;
    s.respond(
        "/fapi/v2/order",
        200,
        r#"{"code":"0","msg":"Success","data":{"orderId":1}}"#,
    );
    client(&s).send(&request).await.expect("sent");
    let r = &s.requests()[0];
    assert_signed(r);
    let sent: serde_json::Value = serde_json::from_slice(&r.body).expect("JSON body");
    let keys = |v: &serde_json::Value| -> Vec<String> {
        v.as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    };
    assert_eq!(keys(&sent), keys(&sample), "{sent}");
    let as_text = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    for (key, want) in sample.as_object().into_iter().flatten() {
        let got = &sent[key];
        match (want, got) {
            (serde_json::Value::Array(w), serde_json::Value::Array(g)) => {
                assert_eq!(w.len(), g.len(), "{key}");
                for (w, g) in w.iter().zip(g) {
                    assert_eq!(keys(w), keys(g), "{key}");
                    for k in keys(w) {
                        assert_eq!(dec_or_text(&w[&k]), dec_or_text(&g[&k]), "{key}.{k}");
                    }
                }
            }
            _ => assert_eq!(
                dec_or_text(want),
                dec_or_text(got),
                "{key}: {}",
                as_text(got)
            ),
        }
    }
}

/// A JSON value compared by meaning: numbers (as text or not) by their decimal value, the rest
/// by their text.
fn dec_or_text(v: &serde_json::Value) -> String {
    let text = match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    Decimal::from_str(&text).map_or(text, |d| d.normalize().to_string())
}

/// The path `request` writes, as sent (percent-encoded parameters).
fn written_path<R: contango_runtime::Endpoint>(request: &R) -> String {
    let mut path = String::new();
    request.write_path(&mut contango_runtime::wire::encode::PathWriter::new(
        &mut path,
    ));
    path
}

/// A JSON value of type `ty` for the wire key `wire`: a string is the key itself (so a path
/// parameter is filled by its name), other scalars and enums the first of a few plain values
/// they take, a record its required fields, a list empty.
fn named_sample(ty: contango_runtime::drift::Ty, wire: &str) -> serde_json::Value {
    use contango_runtime::drift::Ty;
    use serde_json::{Value, json};
    let candidates = [json!(wire), json!("1"), json!(1), json!(true)];
    match ty {
        Ty::Scalar { accepts, .. } => candidates.into_iter().find(accepts),
        Ty::Enum { known, .. } => candidates.into_iter().find(|v| known(v).is_some()),
        Ty::Record(r) => Some(Value::Object(
            r.fields
                .iter()
                .filter(|f| f.required)
                .map(|f| (f.wire().to_string(), named_sample((f.ty)(), f.wire())))
                .collect(),
        )),
        Ty::List { .. } => Some(json!([])),
        Ty::Any => None,
    }
    .unwrap_or(Value::Null)
}

/// An endpoint's name and the path its request writes with every path parameter set to its
/// own name.
fn path_with_names<R>() -> (&'static str, String)
where
    R: contango_runtime::Endpoint + contango_runtime::drift::Schema + serde::de::DeserializeOwned,
{
    let sample = named_sample(R::ty(), "").to_string();
    let request: R =
        serde_json::from_str(&sample).unwrap_or_else(|e| panic!("{}: {sample}: {e}", R::META.name));
    (R::META.name, written_path(&request))
}

/// `ENDPOINTS` holds each endpoint's path template as the spec writes it, and it is the path
/// the request writes: with each `{name}` replaced by a value, the two are the same text.
#[test]
fn endpoints_table_templates_are_the_paths_requests_write() {
    macro_rules! written {
        ($($request:ty),* $(,)?) => { [$(path_with_names::<$request>()),*] };
    }
    let written = written![
        PingRequest,
        ServerTimeRequest,
        ContractsRequest,
        DepthRequest,
        TickerRequest,
        IndexRequest,
        KlinesRequest,
        MyTradesRequest,
        PositionMarginRequest,
        LevelEditRequest,
        OpenOrdersRequest,
        CancelOrderRequest,
        QueryOrderRequest,
        NewOrderRequest,
        CancelAllOrdersRequest,
        AccountRequest,
        LeverageBracketRequest,
        CommissionRateRequest,
        TransferRequest,
        TransferHistoryRequest,
        ForceOrdersHistoryRequest,
        CreateListenKeyRequest,
        KeepAliveListenKeyRequest,
        CloseListenKeyRequest,
    ];
    // Every endpoint of the table, once each, in the spec's order (a new endpoint needs a line
    // above).
    let names: Vec<&str> = ENDPOINTS.iter().map(|m| m.name).collect();
    let listed: Vec<&str> = written.iter().map(|(name, _)| *name).collect();
    assert_eq!(names, listed);
    for meta in ENDPOINTS {
        let (_, path) = written
            .iter()
            .find(|(n, _)| *n == meta.name)
            .expect("listed");
        let filled = meta.path.replace(['{', '}'], "");
        assert_eq!(&filled, path, "{}: template {}", meta.name, meta.path);
    }

    let keep_alive = ENDPOINTS
        .iter()
        .find(|m| m.name == "keep_alive_listen_key")
        .expect("keep_alive_listen_key");
    assert_eq!(keep_alive.path, "/user_stream/api/v1/listenKey/{listenKey}");
    assert_eq!(
        *keep_alive,
        <KeepAliveListenKeyRequest as contango_runtime::Endpoint>::META
    );
    assert_eq!(
        keep_alive.path.replace("{listenKey}", "k"),
        written_path(&KeepAliveListenKeyRequest::new("k"))
    );
    assert_eq!(
        written_path(&KeepAliveListenKeyRequest::new("k")),
        "/user_stream/api/v1/listenKey/k"
    );
}
