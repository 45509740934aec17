//! End-to-end: authentication codes with hand-built requests (what the client never produces),
//! clock skew, the request-rate limit, and fault injection.

use crate::sim_support;

use std::time::{Duration, Instant};

use crate::sim_support::{Raw, client, code, d, order, raw, signed_headers, sim};
use contango::*;
use contango_sim::{Fault, FaultRule, RateLimit};

const ACCOUNT: &str = "/fapi/v2/account";
const ORDER: &str = "/fapi/v2/order";
const BODY: &str = r#"{"contractName":"E-BTC-USDT","side":"BUY","type":"LIMIT","positionType":1,"open":"OPEN","volume":1,"amount":30,"price":29000}"#;

fn headers_without(h: &[(&'static str, String)], name: &str) -> Vec<(&'static str, String)> {
    h.iter().filter(|(k, _)| *k != name).cloned().collect()
}

fn with(
    h: &[(&'static str, String)],
    name: &'static str,
    value: &str,
) -> Vec<(&'static str, String)> {
    let mut out = headers_without(h, name);
    out.push((name, value.to_owned()));
    out
}

fn assert_code(r: &Raw, code: i64, status: u16) {
    assert_eq!((r.code(), r.status), (code, status), "{}", r.body);
}

#[tokio::test]
async fn authentication_codes_in_order() {
    let sim = sim().await;
    let get = signed_headers(&sim, "GET", ACCOUNT, "", "");
    // A correctly signed GET works.
    let ok = raw(&sim, "GET", ACCOUNT, &get, "").await;
    assert_eq!((ok.status, ok.code()), (200, 0), "{}", ok.body);

    // -1002: no API key (checked first, even with nothing else).
    assert_code(&raw(&sim, "GET", ACCOUNT, &[], "").await, -1002, 401);
    // -2015: a key no account has.
    let unknown = with(&get, "X-CH-APIKEY", "no-such-key");
    assert_code(&raw(&sim, "GET", ACCOUNT, &unknown, "").await, -2015, 401);
    // -1023: no timestamp; -1024: no signature.
    assert_code(
        &raw(&sim, "GET", ACCOUNT, &headers_without(&get, "X-CH-TS"), "").await,
        -1023,
        400,
    );
    assert_code(
        &raw(
            &sim,
            "GET",
            ACCOUNT,
            &headers_without(&get, "X-CH-SIGN"),
            "",
        )
        .await,
        -1024,
        400,
    );
    // -1021: a timestamp older than the default window (5000 ms), or 1000 ms ahead.
    let ts = sim.server_time_ms();
    for stale in [ts - 6_000, ts + 1_500] {
        let sig = sim.credentials().sign(stale, "GET", ACCOUNT, "", b"");
        let h = with(
            &with(&get, "X-CH-TS", &stale.to_string()),
            "X-CH-SIGN",
            sig.as_str(),
        );
        assert_code(&raw(&sim, "GET", ACCOUNT, &h, "").await, -1021, 400);
    }
    // ... but inside a recvWindow sent in the query (and signed with it) it is accepted.
    let old = ts - 6_000;
    let q = "recvWindow=10000";
    let sig = sim.credentials().sign(old, "GET", ACCOUNT, q, b"");
    let h = with(
        &with(&get, "X-CH-TS", &old.to_string()),
        "X-CH-SIGN",
        sig.as_str(),
    );
    let r = raw(&sim, "GET", &format!("{ACCOUNT}?{q}"), &h, "").await;
    assert_eq!(r.status, 200, "{}", r.body);
    // -1022: a signature over other bytes (the query was not signed).
    let r = raw(&sim, "GET", &format!("{ACCOUNT}?{q}"), &get, "").await;
    assert_code(&r, -1022, 401);
    let bad = with(&get, "X-CH-SIGN", &"0".repeat(64));
    assert_code(&raw(&sim, "GET", ACCOUNT, &bad, "").await, -1022, 401);

    // Body requests: -1017 without Content-Type: application/json (checked before the window).
    let post = signed_headers(&sim, "POST", ORDER, "", BODY);
    for ct in [None, Some("text/plain")] {
        let h = match ct {
            None => headers_without(&post, "Content-Type"),
            Some(v) => with(&post, "Content-Type", v),
        };
        assert_code(&raw(&sim, "POST", ORDER, &h, BODY).await, -1017, 400);
    }
    // recvWindow in the JSON body works too; one extra space in the body breaks the signature.
    let body = BODY.replace("\"price\":29000}", "\"price\":29000,\"recvWindow\":20000}");
    let sig = sim
        .credentials()
        .sign(ts - 15_000, "POST", ORDER, "", body.as_bytes());
    let h = with(
        &with(&post, "X-CH-TS", &(ts - 15_000).to_string()),
        "X-CH-SIGN",
        sig.as_str(),
    );
    let r = raw(&sim, "POST", ORDER, &h, &body).await;
    assert_eq!((r.status, r.code()), (200, 0), "{}", r.body);
    let r = raw(&sim, "POST", ORDER, &post, &BODY.replace(':', ": ")).await;
    assert_code(&r, -1022, 401);
    // An order answered by a signed raw request is there.
    let c = client(&sim);
    assert_eq!(
        c.open_orders("E-BTC-USDT")
            .send()
            .await
            .expect("open")
            .len(),
        1
    );

    // Listen-key endpoints need only the key; their table answers 1022 for a bad key.
    let r = raw(
        &sim,
        "POST",
        "/user_stream/api/v1/listenKey",
        &[("X-CH-APIKEY", sim.api_key().into())],
        "",
    )
    .await;
    assert_eq!((r.status, r.code()), (200, 200), "{}", r.body);
    assert_code(
        &raw(&sim, "POST", "/user_stream/api/v1/listenKey", &[], "").await,
        1022,
        401,
    );
    // Public endpoints need nothing; unknown paths are 404 with -1020.
    assert_eq!(raw(&sim, "GET", "/fapi/v1/ping", &[], "").await.body, "{}");
    assert_code(
        &raw(&sim, "GET", "/fapi/v3/nothing", &[], "").await,
        -1020,
        404,
    );
    assert_code(
        &raw(&sim, "DELETE", "/fapi/v1/ping", &[], "").await,
        -1020,
        405,
    );
}

/// Listen-key calls, as both readings of the exchange have them: with the key alone (the page's
/// security table), or signed (its user-stream section). A signature that is sent is checked:
/// a bad one, or one with a stale or missing timestamp, is refused with the user-stream table's
/// codes; the client signs its own calls and they pass.
#[tokio::test]
async fn listen_key_calls_are_accepted_unsigned_and_checked_when_signed() {
    let sim = sim().await;
    const KEYS: &str = "/user_stream/api/v1/listenKey";
    let key_only = [("X-CH-APIKEY", sim.api_key().to_string())];
    let r = raw(&sim, "POST", KEYS, &key_only, "").await;
    assert_eq!((r.status, r.code()), (200, 200), "unsigned: {}", r.body);
    let listen_key =
        serde_json::from_str::<serde_json::Value>(&r.body).expect("json")["data"]["listenKey"]
            .as_str()
            .expect("a key")
            .to_owned();

    let signed = signed_headers(&sim, "POST", KEYS, "", "");
    let r = raw(&sim, "POST", KEYS, &signed, "").await;
    assert_eq!((r.status, r.code()), (200, 200), "signed: {}", r.body);
    let put = format!("{KEYS}/{listen_key}");
    let r = raw(
        &sim,
        "PUT",
        &put,
        &signed_headers(&sim, "PUT", &put, "", ""),
        "",
    )
    .await;
    assert_eq!(
        (r.status, r.code()),
        (200, 200),
        "signed keep-alive: {}",
        r.body
    );

    // A signature over other bytes, a forged one, one whose timestamp was changed: 1022, not
    // authorized.
    let other_path = signed_headers(&sim, "POST", "/user_stream/api/v1/other", "", "");
    assert_code(&raw(&sim, "POST", KEYS, &other_path, "").await, 1022, 401);
    let forged = with(&signed, "X-CH-SIGN", &"0".repeat(64));
    assert_code(&raw(&sim, "POST", KEYS, &forged, "").await, 1022, 401);
    let ts: i64 = signed
        .iter()
        .find(|(k, _)| *k == "X-CH-TS")
        .and_then(|(_, v)| v.parse().ok())
        .expect("a timestamp");
    let moved = with(&signed, "X-CH-TS", &(ts + 1).to_string());
    assert_code(&raw(&sim, "POST", KEYS, &moved, "").await, 1022, 401);
    // The page gives these calls no receive window: an old timestamp, signed, is accepted.
    let old = sim.server_time_ms() - 3_600_000;
    let sig = sim.credentials().sign(old, "PUT", &put, "", b"");
    let h = with(
        &with(&signed, "X-CH-TS", &old.to_string()),
        "X-CH-SIGN",
        sig.as_str(),
    );
    let r = raw(&sim, "PUT", &put, &h, "").await;
    assert_eq!((r.status, r.code()), (200, 200), "{}", r.body);
    // A signature without its timestamp: 1102, a mandatory parameter missing.
    let no_ts = headers_without(&signed, "X-CH-TS");
    assert_code(&raw(&sim, "POST", KEYS, &no_ts, "").await, 1102, 400);
    // None of the refused calls touched the key.
    assert!(sim.listen_key_active(&listen_key));

    // The client signs its listen-key calls (the spec's `auth.signed`), and they pass.
    sim.clear_received();
    let c = client(&sim);
    let key = c.create_listen_key().send().await.expect("create");
    assert_eq!(key.listen_key, listen_key, "the account's active key");
    c.keep_alive_listen_key(key.listen_key.clone())
        .send()
        .await
        .expect("keep-alive");
    let received: Vec<_> = sim
        .received()
        .into_iter()
        .filter(|r| r.path.starts_with(KEYS))
        .collect();
    assert_eq!(received.len(), 2, "{received:?}");
    assert!(
        received.iter().all(|r| r.signature.is_some()),
        "{received:?}"
    );
}

#[tokio::test]
async fn the_client_maps_auth_errors_and_clock_skew() {
    let sim = sim().await;
    let c = client(&sim);
    // A client with a key the exchange does not know: -2015.
    let stranger = sim_support::client_as(&sim, "stranger", "s", Product::UsdtMargined);
    assert_eq!(
        code(stranger.account().send().await),
        ErrorCode::InvalidApiKeyIpOrPermission
    );
    // A client with the right key and the wrong secret: -1022.
    let wrong = sim_support::client_as(&sim, sim.api_key(), "wrong", Product::UsdtMargined);
    assert_eq!(
        code(wrong.account().send().await),
        ErrorCode::InvalidSignature
    );
    assert_eq!(
        code(stranger.create_listen_key().send().await),
        ErrorCode::InvalidApiKey
    );
    // The server clock runs 10 s ahead: the local clock's timestamps are outside the window.
    sim.set_clock_skew(10_000);
    let t = c.server_time().send().await.expect("time");
    let local = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(0))
        .unwrap_or(0);
    assert!(t.server_time.0 - local > 8_000);
    let h = signed_headers(&sim, "GET", ACCOUNT, "", "");
    let local_ts = (local).to_string();
    let sig = sim.credentials().sign(local, "GET", ACCOUNT, "", b"");
    let h = with(&with(&h, "X-CH-TS", &local_ts), "X-CH-SIGN", sig.as_str());
    assert_code(&raw(&sim, "GET", ACCOUNT, &h, "").await, -1021, 400);
    // The client reports -1021 (as resync-clock), unless it keeps its own offset to the server.
    if let Err(e) = fresh(&sim).account().send().await {
        assert_eq!(e.code(), Some(ErrorCode::InvalidTimestamp));
        assert_eq!(e.retry_class(), RetryClass::ResyncClock);
    }
    // A client that allows a wider window is accepted: the server is ahead, within 30 s.
    let wide = Client::builder()
        .base_url(sim.rest_url())
        .credentials(sim.credentials())
        .recv_window(30_000)
        .build()
        .expect("client");
    wide.account().send().await.expect("wide window");
    sim.set_clock_skew(0);
    c.account().send().await.expect("no skew");
}

/// A fresh client of the funded account (so one client's back-off state never leaks into the
/// next check).
fn fresh(sim: &contango_sim::Sim) -> Client {
    client(sim)
}

#[tokio::test]
async fn rate_limit_answers_minus_1003_with_retry_after() {
    let sim = sim().await;
    // 3 requests per 120 s: the answer's Retry-After is beyond any client's retry budget, so the
    // client reports -1003 instead of waiting.
    sim.set_rate_limit(
        sim.api_key(),
        Some(RateLimit {
            max_requests: 3,
            per: Duration::from_secs(120),
        }),
    )
    .expect("limit");
    let c = fresh(&sim);
    for _ in 0..3 {
        c.account().send().await.expect("within the limit");
    }
    let e = fresh(&sim).account().send().await.expect_err("limited");
    assert_eq!(e.code(), Some(ErrorCode::TooManyRequests));
    assert_eq!(e.status(), Some(429));
    assert_eq!(e.retry_class(), RetryClass::BackOff);
    let h = signed_headers(&sim, "GET", ACCOUNT, "", "");
    let r = raw(&sim, "GET", ACCOUNT, &h, "").await;
    assert_code(&r, -1003, 429);
    let secs = r.retry_after.as_deref().and_then(|s| s.parse::<u64>().ok());
    assert!(secs.is_some_and(|s| (60..=120).contains(&s)), "{secs:?}");
    // Public endpoints are not counted; removing the limit lifts it.
    assert_eq!(raw(&sim, "GET", "/fapi/v1/ping", &[], "").await.status, 200);
    sim.set_rate_limit(sim.api_key(), None).expect("unlimit");
    fresh(&sim).account().send().await.expect("unlimited");
}

/// A POST that may or may not be answered: the transport error, or `None`.
async fn try_raw(
    sim: &contango_sim::Sim,
    path: &str,
    headers: &[(&str, String)],
    body: &str,
) -> Option<u16> {
    let mut req = reqwest::Client::new().post(format!("{}{path}", sim.rest_url()));
    for (k, v) in headers {
        req = req.header(*k, v);
    }
    match req.body(body.to_owned()).send().await {
        Ok(r) => match r.bytes().await {
            Ok(_) => Some(200),
            Err(_) => None,
        },
        Err(_) => None,
    }
}

#[tokio::test]
async fn injected_faults_behave_as_configured() {
    let sim = sim().await;
    let c = client(&sim);
    let btc = "E-BTC-USDT";
    // Two 503s on POST /fapi/v2/order, then normal service; nothing was processed meanwhile.
    sim.inject(
        FaultRule::new(Fault::Status(503))
            .path(ORDER)
            .method("POST")
            .times(2),
    );
    let o = |price: &str| {
        c.new_order(order(
            btc,
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "1",
            price,
        ))
        .send()
    };
    let e = o("29000").await.expect_err("503");
    assert_eq!(
        (e.status(), e.code()),
        (Some(503), Some(ErrorCode::InternalError))
    );
    let r = raw(
        &sim,
        "POST",
        ORDER,
        &signed_headers(&sim, "POST", ORDER, "", BODY),
        BODY,
    )
    .await;
    assert_code(&r, -1001, 503);
    // Other paths were not affected meanwhile, and no order was placed.
    assert!(c.open_orders(btc).send().await.expect("open").is_empty());
    let placed = o("29000").await.expect("third succeeds");

    // Dropped after processing: no answer, but the order IS accepted (once).
    sim.inject(FaultRule::new(Fault::DropConnection).path(ORDER).times(1));
    let h = signed_headers(&sim, "POST", ORDER, "", BODY);
    assert_eq!(try_raw(&sim, ORDER, &h, BODY).await, None);
    let open = c.open_orders(btc).send().await.expect("open");
    assert_eq!(open.len(), 2);
    assert!(
        open.iter()
            .any(|o| o.order_id != placed.order_id && o.price == Some(d("29000")))
    );
    // Through the client: either no answer (a transport error), or a client that recovers the
    // outcome by looking the order up; in both cases exactly one order exists.
    sim.inject(FaultRule::new(Fault::DropConnection).path(ORDER).times(1));
    let sent = c
        .new_order(order(
            btc,
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "1",
            "29001",
        ))
        .client_order_id("dropped-1")
        .send()
        .await;
    if let Err(e) = &sent {
        assert!(e.code().is_none(), "{e}");
    }
    let found = c
        .query_order(btc)
        .client_order_id("dropped-1")
        .send()
        .await
        .expect("the order exists");
    assert_eq!(found[0].price, Some(d("29001")));
    if let Ok(ack) = sent {
        assert_eq!(ack.order_id, found[0].order_id);
    }
    let open = c.open_orders(btc).send().await.expect("open");
    assert_eq!(
        open.iter().filter(|o| o.price == Some(d("29001"))).count(),
        1
    );

    // 429 with Retry-After and 418, on any path, once each.
    sim.inject(
        FaultRule::new(Fault::RateLimited {
            retry_after_secs: 7,
        })
        .times(1),
    );
    let r = raw(&sim, "GET", "/fapi/v1/ping", &[], "").await;
    assert_eq!(
        (r.status, r.code(), r.retry_after.as_deref()),
        (429, -1003, Some("7"))
    );
    sim.inject(FaultRule::new(Fault::Banned).times(1));
    let r = raw(&sim, "GET", "/fapi/v1/ping", &[], "").await;
    assert_code(&r, -1003, 418);
    assert_eq!(raw(&sim, "GET", "/fapi/v1/ping", &[], "").await.status, 200);

    // Latency: the answer comes no sooner than configured.
    sim.inject(
        FaultRule::new(Fault::Latency(Duration::from_millis(300)))
            .path("/fapi/v1/time")
            .times(1),
    );
    let started = Instant::now();
    c.server_time().send().await.expect("slow");
    assert!(started.elapsed() >= Duration::from_millis(300));
    let started = Instant::now();
    c.server_time().send().await.expect("fast");
    assert!(started.elapsed() < Duration::from_millis(300));

    // Unlimited rules last until cleared.
    sim.inject(FaultRule::new(Fault::Status(500)).path("/fapi/v1/ping"));
    for _ in 0..3 {
        assert_code(
            &raw(&sim, "GET", "/fapi/v1/ping", &[], "").await,
            -1001,
            500,
        );
    }
    sim.clear_faults();
    c.ping().send().await.expect("cleared");
}

/// docs/design.md, Decisions: positionMargin also accepts the amount as `positionMargin` (the
/// document's sample
/// body); allOpenOrders also accepts `contractName` in the query (the document's field table).
#[tokio::test]
async fn documented_alternative_parameter_forms() {
    let sim = sim().await;
    let c = client(&sim);
    let btc = "E-BTC-USDT";
    let mut iso = order(btc, Side::Buy, OrderType::Market, Open::Open, "10", "0");
    iso.position_type = PositionType::Isolated;
    c.new_order(iso).send().await.expect("isolated");
    // 10 @ 30010 at leverage 10: margin 30.01; plus 5 added through the alias.
    let path = "/fapi/v2/positionMargin";
    let body = r#"{"contractName":"E-BTC-USDT","positionMargin":"5"}"#;
    let r = raw(
        &sim,
        "POST",
        path,
        &signed_headers(&sim, "POST", path, "", body),
        body,
    )
    .await;
    assert_eq!((r.status, r.code()), (200, 0), "{}", r.body);
    let a = c.account().send().await.expect("account");
    assert_eq!(a.account[0].part_position_normal, Some(d("35.01")));

    for price in ["29000", "29001"] {
        c.new_order(order(
            btc,
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "1",
            price,
        ))
        .send()
        .await
        .expect("limit");
    }
    let path = "/fapi/v2/allOpenOrders";
    let query = "contractName=E-BTC-USDT";
    let h = signed_headers(&sim, "POST", path, query, "");
    let r = raw(
        &sim,
        "POST",
        &format!("{path}?{query}"),
        &headers_without(&h, "Content-Type"),
        "",
    )
    .await;
    assert_eq!((r.status, r.code()), (200, 0), "{}", r.body);
    assert!(c.open_orders(btc).send().await.expect("open").is_empty());
    // Neither body nor query: -1102 naming the parameter.
    let h = signed_headers(&sim, "POST", path, "", "{}");
    let r = raw(&sim, "POST", path, &h, "{}").await;
    assert_code(&r, -1102, 400);
    assert!(r.body.contains("contractName"), "{}", r.body);
}
