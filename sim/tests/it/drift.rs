//! Drift mode over real sockets: every change listed in `contango_sim::server::changed_api::EXPECTED` is served
//! when it is on (raw REST answers, the private stream, the market stream in its gzip frames),
//! and nothing changes when it is off: REST answers are the bytes the simulator sent before drift
//! mode existed, and stream frames are exactly the generated types' serialization.

use std::time::Duration;

use crate::support::{Frame, Ws, next_frame, send};
use contango::{
    Client, Contract, ContractSide, Event, MarketDepth, MarketEvent, MarketKline, MarketMessage,
    MarketStreamApi, NewOrder, Open, OrderTradeUpdate, OrderType, PositionType, Side,
};
use contango_sim::Sim;
use contango_sim::server::changed_api::{EXPECTED, Expected};
use contango_sim::server::market_stream;
use rust_decimal::Decimal;
use serde_json::Value;

const SYMBOL: &str = "E-BTC-USDT";
const WAIT: Duration = Duration::from_secs(5);

/// A read-only endpoint of the spec and the request the tests send it.
struct Call {
    key: &'static str,
    path: &'static str,
    query: &'static str,
    signed: bool,
}

const fn call(key: &'static str, path: &'static str, query: &'static str, signed: bool) -> Call {
    Call {
        key,
        path,
        query,
        signed,
    }
}

const C: &str = "contractName=E-BTC-USDT";

/// Every read-only endpoint of the spec (the listen-key ones aside: their keys are random).
const CALLS: [Call; 13] = [
    call("ping", "/fapi/v1/ping", "", false),
    call("server_time", "/fapi/v1/time", "", false),
    call("contracts", "/fapi/v1/contracts", C, false),
    call(
        "depth",
        "/fapi/v1/depth",
        "contractName=E-BTC-USDT&limit=3",
        false,
    ),
    call("ticker", "/fapi/v1/ticker", C, false),
    call(
        "klines",
        "/fapi/v1/klines",
        "contractName=E-BTC-USDT&interval=1min",
        false,
    ),
    call("account", "/fapi/v2/account", "", true),
    call("leverage_bracket", "/fapi/v2/leverageBracket", C, true),
    call("commission_rate", "/fapi/v2/commissionRate", C, true),
    call("open_orders", "/fapi/v2/openOrders", C, true),
    call("my_trades", "/fapi/v2/myTrades", C, true),
    call(
        "force_orders_history",
        "/fapi/v2/forceOrdersHistory",
        C,
        true,
    ),
    call(
        "transfer_history",
        "/fapi/v2/futures_transfer_history",
        "transferType=WALLET_TO_CONTRACT",
        true,
    ),
];

/// What the simulator answered to `CALLS` before drift mode existed (a fresh default exchange),
/// epoch times near now written `"<ms>"` and `"<s>"` (see [`masked`]).
const TODAY: [&str; 13] = [
    r#"{}"#,
    r#"{"serverTime":"<ms>","timezone":"UTC"}"#,
    r#"[{"symbol":"E-BTC-USDT","status":1,"type":"E","side":1,"multiplier":0.001,"multiplierCoin":"BTC","pricePrecision":1,"minOrderVolume":1,"minOrderMoney":1,"maxMarketVolume":1000,"maxMarketMoney":1000000,"maxLimitVolume":100000,"maxLimitMoney":10000000,"maxValidOrder":20,"contractId":1,"marginCoin":"USDT","minLever":1,"maxLever":100,"openMakerFee":0.0002,"openTakerFee":0.0004,"closeMakerFee":0.0003,"closeTakerFee":0.0005}]"#,
    r#"{"time":"<ms>","bids":[[29990,100],[29980,100],[29970,100]],"asks":[[30010,100],[30020,100],[30030,100]]}"#,
    r#"{"time":"<ms>","high":30000,"low":30000,"last":30000,"vol":0,"rose":0}"#,
    r#"[{"idx":"<s>","open":30000,"high":30000,"low":30000,"close":30000,"vol":0}]"#,
    r#"{"code":"0","msg":"Success","data":{"account":[{"marginCoin":"USDT","coinPrecious":8,"accountNormal":100000,"accountLock":0,"partPositionNormal":0,"totalPositionNormal":0,"achievedAmount":0,"unrealizedAmount":0,"totalMarginRate":0,"totalEquity":100000,"partEquity":0,"totalCost":0,"sumMarginRate":0,"sumOpenRealizedAmount":0,"canUseTrialFund":0,"sumMaintenanceMargin":0,"positionVos":[]}]}}"#,
    r#"{"code":"0","msg":"Success","data":{"contractName":"E-BTC-USDT","brackets":[{"bracket":1,"initialLeverage":100,"maxPositionValue":50000,"minPositionValue":0,"maintMarginRatio":0.005},{"bracket":2,"initialLeverage":50,"maxPositionValue":250000,"minPositionValue":50000,"maintMarginRatio":0.01},{"bracket":3,"initialLeverage":20,"maxPositionValue":1000000,"minPositionValue":250000,"maintMarginRatio":0.025},{"bracket":4,"initialLeverage":10,"maxPositionValue":10000000000,"minPositionValue":1000000,"maintMarginRatio":0.05}]}}"#,
    r#"{"code":"0","msg":"Success","data":{"contractName":"E-BTC-USDT","openTakerFeeRate":0.0004,"openMakerFeeRate":0.0002,"closeTakerFeeRate":0.0005,"closeMakerFeeRate":0.0003}}"#,
    r#"{"code":"0","msg":"Success","data":[]}"#,
    r#"{"code":"0","msg":"Success","data":[]}"#,
    r#"{"code":"0","msg":"Success","data":[]}"#,
    r#"{"code":"0","msg":"Success","data":[]}"#,
];

async fn sim(drift: bool) -> Sim {
    Sim::builder().drift(drift).start().await.expect("sim")
}

/// `GET` as sent by hand (signed with the runtime's own code when `signed`): status and body.
async fn get(sim: &Sim, http: &reqwest::Client, c: &Call) -> (u16, String) {
    let url = match c.query {
        "" => format!("{}{}", sim.rest_url(), c.path),
        q => format!("{}{}?{q}", sim.rest_url(), c.path),
    };
    let mut req = http.get(url);
    if c.signed {
        let ts = sim.server_time_ms();
        let sig = sim.credentials().sign(ts, "GET", c.path, c.query, b"");
        req = req
            .header("X-CH-APIKEY", sim.api_key())
            .header("X-CH-SIGN", sig.as_str())
            .header("X-CH-TS", ts.to_string());
    }
    let answer = req.send().await.expect("send");
    let status = answer.status().as_u16();
    (status, answer.text().await.expect("body"))
}

/// `text` with every epoch time within three days of `now_ms` written `"<ms>"` (13 digits) or
/// `"<s>"` (10 digits), so that answers of different moments compare byte for byte (and stay
/// JSON).
fn masked(text: &str, now_ms: i64) -> String {
    const DAYS: i64 = 3 * 86_400_000;
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let (before, from) = rest.split_at(start);
        out.push_str(before);
        let len = from
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(from.len());
        let (digits, after) = from.split_at(len);
        let n: i64 = digits.parse().unwrap_or(-1);
        let fraction = before.ends_with('.');
        out.push_str(match digits.len() {
            13 if !fraction && (n - now_ms).abs() < DAYS => r#""<ms>""#,
            10 if !fraction && (n * 1000 - now_ms).abs() < DAYS => r#""<s>""#,
            _ => digits,
        });
        rest = after;
    }
    out.push_str(rest);
    out
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The objects a dotted path of `EXPECTED` (`[]`: every item of a list) leads to, and the
/// field it ends at.
fn parents<'a>(v: &'a mut Value, path: &str) -> (Vec<&'a mut Value>, String) {
    let (parent, field) = path.rsplit_once('.').unwrap_or(("", path));
    let mut objects = vec![v];
    for step in parent.split('.').filter(|s| !s.is_empty()) {
        let name = step.trim_end_matches("[]");
        if !name.is_empty() {
            objects = objects
                .into_iter()
                .filter_map(|v| v.get_mut(name))
                .collect();
        }
        for _ in 0..(step.len() - name.len()) / 2 {
            objects = objects
                .into_iter()
                .filter_map(|v| v.as_array_mut())
                .flatten()
                .collect();
        }
    }
    (objects, field.to_owned())
}

/// The values at `path`, one per object that has the field.
fn at(v: &Value, path: &str) -> Vec<Value> {
    let mut v = v.clone();
    let (objects, field) = parents(&mut v, path);
    objects
        .into_iter()
        .filter_map(|o| o.get(&field).cloned())
        .collect()
}

/// Removes the field at `path` from every object that has it.
fn remove(v: &mut Value, path: &str) {
    let (objects, field) = parents(v, path);
    for o in objects {
        if let Some(o) = o.as_object_mut() {
            o.remove(&field);
        }
    }
}

fn expected(layer: impl Fn(&Expected) -> bool) -> Vec<Expected> {
    EXPECTED.iter().copied().filter(|e| layer(e)).collect()
}

fn rest_change(e: &Expected) -> bool {
    CALLS.iter().any(|c| c.key == e.source)
}

fn user_stream_change(e: &Expected) -> bool {
    e.source == "stream" || e.source.chars().all(|c| c.is_ascii_uppercase() || c == '_')
}

fn market_change(e: &Expected) -> bool {
    !rest_change(e) && !user_stream_change(e)
}

#[test]
fn every_expected_change_is_covered_here() {
    // A new entry must name a REST endpoint called above, a private-stream event or the
    // market stream, so that the tests below serve it.
    let rest = expected(rest_change).len();
    let stream = expected(user_stream_change).len();
    let market = expected(market_change);
    assert_eq!(rest + stream + market.len(), EXPECTED.len());
    assert_eq!((rest, stream, market.len()), (8, 3, 2));
    assert!(
        market
            .iter()
            .all(|e| e.source == "kline" || e.source == "market_stream")
    );
}

#[tokio::test]
async fn answers_are_todays_bytes_when_drift_is_off() {
    let sim = sim(false).await;
    assert!(!sim.drift_mode());
    let http = reqwest::Client::new();
    for (c, today) in CALLS.iter().zip(TODAY) {
        let (status, body) = get(&sim, &http, c).await;
        assert_eq!(status, 200, "{}: {body}", c.key);
        assert_eq!(masked(&body, sim.now_ms()), today, "{}", c.key);
    }
    sim.shutdown().await;
}

#[tokio::test]
async fn every_rest_change_is_served_when_on() {
    let (plain, drifting) = (sim(false).await, sim(true).await);
    assert!(drifting.drift_mode());
    let http = reqwest::Client::new();
    for c in &CALLS {
        let changes: Vec<Expected> = expected(|e| e.source == c.key);
        let (_, before) = get(&plain, &http, c).await;
        let (status, after) = get(&drifting, &http, c).await;
        let (before, after_masked) = (
            masked(&before, plain.now_ms()),
            masked(&after, drifting.now_ms()),
        );
        if changes.is_empty() {
            assert_eq!((status, after_masked), (200, before), "{}", c.key);
            continue;
        }
        let body = json(&after);
        // The decoded value: a wrapped answer's data, or the bare body.
        let data = if c.signed { &body["data"] } else { &body };
        let mut undone = json(&after_masked);
        let undone_data = if c.signed {
            &mut undone["data"]
        } else {
            &mut undone
        };
        for e in &changes {
            match e.kind {
                "unknown_field" => {
                    let found = at(data, e.path);
                    assert!(!found.is_empty(), "{e:?} not served: {after}");
                    remove(undone_data, e.path);
                }
                "unknown_enum_value" => {
                    let found = at(data, e.path);
                    assert!(!found.is_empty(), "{e:?}: {after}");
                    // The value as sent: `2` is the number.
                    assert!(found.iter().all(|v| *v == json(e.wire)), "{after}");
                }
                "missing_field" => {
                    assert!(at(data, e.path).is_empty(), "{e:?} still sent");
                    assert!(json(&before).get(e.path).is_some(), "{e:?} sent when off");
                }
                "type_mismatch" => {
                    assert!(
                        at(data, e.path).iter().all(|v| v.is_boolean()),
                        "{e:?}: {after}"
                    );
                }
                "unknown_error_code" => {
                    assert_eq!(status, 400, "{e:?}");
                    assert_eq!(body["code"].to_string(), e.wire);
                    assert!(body["msg"].as_str().is_some_and(|m| !m.is_empty()));
                }
                other => panic!("{other} is not a REST finding"),
            }
        }
        if changes.iter().all(|e| e.kind == "unknown_field") {
            // Nothing else differs: without the new fields the answer is the plain one.
            assert_eq!(status, 200);
            assert_eq!(undone, json(&before), "{}", c.key);
        }
    }
    plain.shutdown().await;
    drifting.shutdown().await;
}

async fn listen_key(client: &Client) -> String {
    let key = client.create_listen_key().send().await;
    key.expect("listen key").listen_key
}

#[tokio::test]
async fn what_a_probe_needs_still_works_through_the_sdk() {
    let sim = sim(true).await;
    let client = sim.client().expect("client");
    client.server_time().send().await.expect("server time");
    let contracts: Vec<Contract> = client
        .contracts()
        .contract_name(SYMBOL)
        .send()
        .await
        .expect("contracts");
    assert_eq!(contracts[0].symbol, SYMBOL);
    assert!(matches!(contracts[0].side, Some(ContractSide::Other(_))));
    let account = client.account().send().await.expect("account decodes");
    assert_eq!(account.account[0].margin_coin, "USDT");
    let key = listen_key(&client).await;
    client
        .keep_alive_listen_key(&key)
        .send()
        .await
        .expect("keep-alive");
    client.close_listen_key(&key).send().await.expect("close");
    // The changed calls fail alone, each as its finding says.
    let depth = client.depth(SYMBOL).send().await.expect_err("depth fails");
    assert!(depth.to_string().contains("asks"), "{depth}");
    let fee = client
        .commission_rate(SYMBOL)
        .send()
        .await
        .expect_err("commission fails");
    assert!(fee.to_string().contains("boolean"), "{fee}");
    let forced = client
        .force_orders_history(SYMBOL)
        .send()
        .await
        .expect_err("refused");
    assert_eq!(forced.code().map(|c| c.code()), Some(-1999));
    client
        .ticker(SYMBOL)
        .send()
        .await
        .expect("the ticker decodes");
    sim.shutdown().await;
}

/// Subscribes a raw private-stream connection of `client`'s account and returns it with the ack.
async fn user_stream(sim: &Sim, client: &Client) -> (Ws, Frame) {
    let key = listen_key(client).await;
    let mut ws = crate::support::connect(sim.addr(), &sim.stream_url(&key)).await;
    send(
        &mut ws,
        r#"{"event":"sub","params":{"channel":"user_account_update"}}"#,
    )
    .await;
    let ack = next_frame(&mut ws, WAIT).await.expect("ack");
    assert_eq!(ack.json["status"], "ok", "{}", ack.text);
    (ws, ack)
}

/// A resting LIMIT buy of one contract: one ORDER_TRADE_UPDATE (NEW).
async fn rest_an_order(client: &Client) {
    let order = NewOrder {
        contract_name: SYMBOL.into(),
        side: Side::Buy,
        order_type: OrderType::Limit,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: Decimal::ONE,
        amount: Decimal::ZERO,
        price: Decimal::from(29_000),
    };
    client.new_order(order).send().await.expect("order");
}

/// The next private-stream event of type `e` (others skipped), within `WAIT`.
async fn next_event(ws: &mut Ws, e: &str) -> Frame {
    for _ in 0..100 {
        let f = next_frame(ws, WAIT)
            .await
            .unwrap_or_else(|| panic!("no {e}"));
        if f.json["e"] == e {
            return f;
        }
    }
    panic!("no {e}");
}

#[tokio::test]
async fn the_private_stream_sends_an_unknown_event_and_new_order_fields_when_on() {
    let sim = sim(true).await;
    let client = sim.client().expect("client");
    let (mut ws, _) = user_stream(&sim, &client).await;
    let unknown = expected(|e| e.kind == "unknown_event")[0];
    let first = next_frame(&mut ws, WAIT)
        .await
        .expect("a frame after the ack");
    assert_eq!(first.json["e"], unknown.wire, "{}", first.text);
    match Event::decode(&first.bytes) {
        Ok(Event::Other { event_type, .. }) => assert_eq!(event_type, unknown.wire),
        other => panic!("an event the spec does not list expected: {other:?}"),
    }
    rest_an_order(&client).await;
    let update = next_event(&mut ws, "ORDER_TRADE_UPDATE").await;
    let fields = expected(|e| e.source == "ORDER_TRADE_UPDATE");
    for e in &fields {
        assert_eq!(at(&update.json, e.path).len(), 1, "{e:?}: {}", update.text);
    }
    assert!(update.text.starts_with(r#"{"e":"ORDER_TRADE_UPDATE","E":"#));
    // Still an order update to the SDK, the new fields aside.
    let Ok(Event::OrderTradeUpdate(decoded)) = Event::decode(&update.bytes) else {
        panic!("an order update expected: {}", update.text);
    };
    let mut undone = update.json.clone();
    for e in &fields {
        remove(&mut undone, e.path);
    }
    assert_eq!(serde_json::to_value(&decoded).expect("json"), undone);
    // A second connection gets the unknown event again, once.
    let (mut second, _) = user_stream(&sim, &client).await;
    let f = next_frame(&mut second, WAIT).await.expect("frame");
    assert_eq!(f.json["e"], unknown.wire);
    sim.shutdown().await;
}

#[tokio::test]
async fn the_private_stream_is_unchanged_when_off() {
    let sim = sim(false).await;
    let client = sim.client().expect("client");
    let (mut ws, ack) = user_stream(&sim, &client).await;
    assert_eq!(
        masked(&ack.text, sim.now_ms()),
        r#"{"event":"user_account_update","status":"ok","ts":"<ms>"}"#
    );
    rest_an_order(&client).await;
    // The first frame after the ack is the order's own event: nothing was announced.
    let f = next_frame(&mut ws, WAIT).await.expect("a frame");
    assert_eq!(f.json["e"], "ORDER_TRADE_UPDATE", "{}", f.text);
    let decoded: OrderTradeUpdate = serde_json::from_str(&f.text).expect("decodes");
    assert_eq!(serde_json::to_string(&decoded).expect("json"), f.text);
    sim.shutdown().await;
}

async fn market(sim: &Sim, channels: &[&str]) -> Ws {
    let mut ws = crate::support::connect(sim.addr(), sim.market_ws_url()).await;
    for channel in channels {
        send(
            &mut ws,
            &format!(r#"{{"event":"sub","params":{{"channel":"{channel}","cb_id":"t"}}}}"#),
        )
        .await;
    }
    ws
}

/// The next `n` data frames (pings skipped), within `WAIT` each.
async fn data_frames(ws: &mut Ws, n: usize) -> Vec<Frame> {
    let mut out = Vec::new();
    for _ in 0..n + 100 {
        let f = next_frame(ws, WAIT).await.expect("a frame");
        if f.json.get("ping").is_none() {
            out.push(f);
        }
        if out.len() == n {
            break;
        }
    }
    out
}

const KLINE: &str = "market_e_btcusdt_kline_1min";
const DEPTH: &str = "market_e_btcusdt_depth_step0";

#[tokio::test]
async fn market_pushes_carry_a_new_field_and_an_unknown_channel_follows_depth_when_on() {
    let sim = sim(true).await;
    let mut ws = market(&sim, &[KLINE, DEPTH]).await;
    let field = expected(|e| e.source == "kline")[0];
    let channel = expected(|e| e.kind == "unknown_channel")[0];
    // At once: the current candle, the depth snapshot, then the new channel.
    let frames = data_frames(&mut ws, 3).await;
    let names: Vec<&str> = frames
        .iter()
        .map(|f| f.json["channel"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(names, [KLINE, DEPTH, channel.wire]);
    assert!(frames.iter().all(|f| f.gzip), "in the real wire format");
    let tick = &frames[0].json["tick"];
    assert_eq!(at(tick, field.path), [tick["amount"].clone()]);
    let bbo = &frames[2].json["tick"];
    assert_eq!(bbo["bid"], frames[1].json["tick"]["buys"][0]);
    assert_eq!(bbo["ask"], frames[1].json["tick"]["asks"][0]);
    // The SDK reads the candle, and keeps the new channel raw.
    let decoded = |f: &Frame| match MarketStreamApi::decode_frame(&f.bytes) {
        Ok(MarketMessage::Event(e)) => e,
        other => panic!("an event expected: {other:?}"),
    };
    assert!(matches!(decoded(&frames[0]), MarketEvent::Kline(_)));
    match decoded(&frames[2]) {
        MarketEvent::Other { channel: c, .. } => assert_eq!(c, channel.wire),
        other => panic!("an unlisted channel expected: {other:?}"),
    }
    // Every depth push brings one.
    sim.add_liquidity(SYMBOL, Side::Buy, Decimal::from(29_995), Decimal::ONE)
        .expect("liquidity");
    let frames = data_frames(&mut ws, 2).await;
    assert_eq!(frames[0].json["channel"], DEPTH);
    assert_eq!(frames[1].json["channel"], channel.wire);
    assert_eq!(frames[1].json["tick"]["bid"][0], 29_995);
    sim.shutdown().await;
}

/// The push `f` as the simulator builds it from its payload type `T`.
fn repush<T: serde::de::DeserializeOwned + serde::Serialize>(f: &Frame) -> String {
    let channel = f.json["channel"].as_str().expect("channel");
    let ts = f.json["ts"].as_i64().expect("ts");
    let tick: T = serde_json::from_str(&f.json["tick"].to_string()).expect("payload");
    market_stream::frames::push(channel, &tick, ts).expect("push")
}

#[tokio::test]
async fn market_frames_are_unchanged_when_off() {
    let sim = sim(false).await;
    let mut ws = market(&sim, &[KLINE, DEPTH]).await;
    let frames = data_frames(&mut ws, 2).await;
    sim.add_liquidity(SYMBOL, Side::Buy, Decimal::from(29_995), Decimal::ONE)
        .expect("liquidity");
    let next = data_frames(&mut ws, 1).await;
    assert_eq!(
        next[0].json["channel"], DEPTH,
        "nothing follows a depth push"
    );
    for f in frames.iter().chain(&next) {
        let pushed = match f.json["channel"].as_str() {
            Some(KLINE) => repush::<MarketKline>(f),
            _ => repush::<MarketDepth>(f),
        };
        assert_eq!(
            pushed, f.text,
            "exactly the push of the generated payload type"
        );
    }
    sim.shutdown().await;
}
