//! The hot paths of contango, each beside its reference in the same criterion group, so a figure
//! reads as a ratio measured in one run (docs/design.md, Performance budgets): signing vs a bare
//! pre-keyed HMAC; query and
//! body encoding vs `serde_urlencoded`/`serde_json`; envelope decode of real payloads vs
//! `serde_json::Value` and vs a hand-written typed serde decoder; stream event decode vs the same;
//! applying an ORDER_TRADE_UPDATE to the account watcher's view beside decoding it.
//!
//! `cargo bench --bench hot_paths`. Nothing here is asserted: the figures are read, not tested.

use std::hint::black_box;
use std::time::Duration;

use contango::__private::encode::{BodyWriter, QueryWriter};
use contango::{AccountRequest, Credentials, DepthRequest, OpenOrdersRequest, UserStreamApi};
use contango_runtime::drift::{self, DriftLog};
use criterion::{Criterion, criterion_group, criterion_main};
use hmac::{Hmac, KeyInit, Mac};
use rust_decimal::Decimal;
use serde::Deserialize;

mod reference;
use reference::hand;
use sha2::Sha256;

const SECRET: &str = "b9d3a1f4c2e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2";
const BODY: &[u8] = br#"{"contractName":"E-BTC-USDT","side":"BUY","type":"LIMIT","positionType":1,"open":"OPEN","volume":10,"amount":2934.53,"price":29345.3,"clientOrderId":"bot-42"}"#;

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/../shared/fixtures/real-world/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The stream fixtures are annotated with `//` comments; the same repair as `tests/it/fixtures.rs`.
fn strip_comments(s: &str) -> String {
    s.lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Without the whitespace between tokens, as a server sends it, keys in their order (a
/// re-serialised `Value` would sort them, and a frame whose tag is not first decodes slower).
fn compact(s: &str) -> Vec<u8> {
    let (mut out, mut in_string, mut escaped) = (Vec::with_capacity(s.len()), false, false);
    for &b in s.as_bytes() {
        if in_string {
            in_string = escaped || b != b'"';
            escaped = !escaped && b == b'\\';
        } else if b.is_ascii_whitespace() {
            continue;
        } else {
            in_string = b == b'"';
        }
        out.push(b);
    }
    let same = |t: &[u8]| serde_json::from_slice::<serde_json::Value>(t).expect("JSON");
    assert_eq!(same(&out), same(s.as_bytes()), "compacting keeps the value");
    out
}

/// A `depth` answer with `levels` levels a side (the fixture has two).
fn depth(levels: usize) -> Vec<u8> {
    let side = |base: u32, step: i32| {
        (0..levels)
            .map(|i| {
                let p = Decimal::from(base) + Decimal::new(i64::from(step) * i as i64, 1);
                format!("[\"{p}\",\"{}.{:03}\"]", 1 + i % 7, i % 1000)
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{{\"time\":1686717303975,\"bids\":[{}],\"asks\":[{}]}}",
        side(29345, -1),
        side(29346, 1)
    )
    .into_bytes()
}

fn signing(c: &mut Criterion) {
    let credentials = Credentials::new("api-key", SECRET);
    let keyed = Hmac::<Sha256>::new_from_slice(SECRET.as_bytes()).expect("any key length");
    let mut g = c.benchmark_group("signing");
    g.bench_function("hand-written", |b| {
        b.iter(|| {
            let mut mac = keyed.clone();
            mac.update(b"1686717303975");
            mac.update(b"POST");
            mac.update(b"/fapi/v2/order");
            mac.update(black_box(BODY));
            hex::encode(mac.finalize().into_bytes())
        })
    });
    g.bench_function("contango", |b| {
        b.iter(|| {
            credentials.sign(
                black_box(1_686_717_303_975),
                "POST",
                "/fapi/v2/order",
                "",
                BODY,
            )
        })
    });
    g.finish();
}

fn encoding(c: &mut Criterion) {
    #[derive(serde::Serialize)]
    struct Q<'a> {
        #[serde(rename = "contractName")]
        contract_name: &'a str,
        limit: u32,
        #[serde(rename = "recvWindow")]
        recv_window: u64,
    }
    #[derive(serde::Serialize)]
    struct B<'a> {
        #[serde(rename = "contractName")]
        contract_name: &'a str,
        side: &'a str,
        #[serde(rename = "type")]
        kind: &'a str,
        volume: Decimal,
        price: Decimal,
    }
    let (volume, price) = (Decimal::new(10, 0), Decimal::new(293_453, 1));
    let mut g = c.benchmark_group("query");
    g.bench_function("hand-written", |b| {
        b.iter(|| {
            serde_urlencoded::to_string(Q {
                contract_name: black_box("E-BTC-USDT"),
                limit: 100,
                recv_window: 5000,
            })
        })
    });
    g.bench_function("contango", |b| {
        b.iter(|| {
            let mut s = String::new();
            let mut q = QueryWriter::new(&mut s);
            q.pair("contractName", black_box("E-BTC-USDT"));
            q.pair("limit", &100_u32);
            q.pair("recvWindow", &5000_u64);
            s
        })
    });
    g.finish();
    let mut g = c.benchmark_group("body");
    g.bench_function("hand-written", |b| {
        b.iter(|| {
            serde_json::to_vec(&B {
                contract_name: black_box("E-BTC-USDT"),
                side: "BUY",
                kind: "LIMIT",
                volume,
                price,
            })
        })
    });
    g.bench_function("contango", |b| {
        b.iter(|| {
            let mut buf = Vec::with_capacity(128);
            let mut w = BodyWriter::new(&mut buf);
            w.field("contractName", black_box("E-BTC-USDT"));
            w.field("side", "BUY");
            w.field("type", "LIMIT");
            w.field("volume", &volume);
            w.field("price", &price);
            w.finish().map(|()| buf)
        })
    });
    g.finish();
}

/// One envelope group: contango's decode, a `Value` parse, and the hand-written typed decoder.
fn envelope_group<E, H>(c: &mut Criterion, name: &str, body: &[u8])
where
    E: contango::__private::endpoint::Endpoint,
    H: for<'de> Deserialize<'de>,
{
    // Both decoders must accept the payload, or the figures compare nothing. contango's goes
    // through the client's path, drift watch included (docs/design.md, Drift: it must cost nothing
    // here).
    let log = DriftLog::new();
    contango_runtime::http::answer::<E>(&log, 200, body)
        .unwrap_or_else(|e| panic!("{name}: contango: {e}"));
    assert!(log.report().is_empty(), "{name}: drift {:?}", log.report());
    serde_json::from_slice::<H>(body).unwrap_or_else(|e| panic!("{name}: hand-written: {e}"));
    let mut g = c.benchmark_group(name);
    g.bench_function("serde_json::Value", |b| {
        b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(body)))
    });
    g.bench_function("hand-written", |b| {
        b.iter(|| serde_json::from_slice::<H>(black_box(body)))
    });
    g.bench_function("contango", |b| {
        b.iter(|| contango_runtime::http::answer::<E>(&log, 200, black_box(body)))
    });
    g.finish();
}

fn envelopes(c: &mut Criterion) {
    let account = compact(&fixture("v2_account.json"));
    envelope_group::<AccountRequest, hand::Envelope<hand::Account>>(
        c,
        "decode v2_account",
        &account,
    );
    let orders = compact(&fixture("v2_openOrders.json"));
    envelope_group::<OpenOrdersRequest, hand::Envelope<Vec<hand::Order>>>(
        c,
        "decode v2_openOrders",
        &orders,
    );
    envelope_group::<DepthRequest, hand::Depth>(c, "decode depth 100 levels", &depth(100));
}

fn events(c: &mut Criterion) {
    let order = compact(&strip_comments(&fixture("ws_ORDER_TRADE_UPDATE.txt")));
    // `"SHORT|LONG"` is the document's notation for one of the two, not a wire value.
    let account = compact(
        &strip_comments(&fixture("ws_ACCOUNT_UPDATE.txt")).replace("\"SHORT|LONG\"", "\"SHORT\""),
    );
    for (name, frame) in [
        ("event ORDER_TRADE_UPDATE", &order),
        ("event ACCOUNT_UPDATE", &account),
    ] {
        let log = DriftLog::new();
        drift::event::<UserStreamApi>(&log, frame)
            .unwrap_or_else(|e| panic!("{name}: contango: {e}"));
        assert!(log.report().is_empty(), "{name}: drift {:?}", log.report());
        let mut g = c.benchmark_group(name);
        g.throughput(criterion::Throughput::Elements(1));
        g.bench_function("serde_json::Value", |b| {
            b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(frame)))
        });
        if name.ends_with("ORDER_TRADE_UPDATE") {
            serde_json::from_slice::<hand::OrderTradeUpdate>(frame).expect("hand-written");
            g.bench_function("hand-written", |b| {
                b.iter(|| serde_json::from_slice::<hand::OrderTradeUpdate>(black_box(frame)))
            });
        } else {
            serde_json::from_slice::<hand::AccountUpdate>(frame).expect("hand-written");
            g.bench_function("hand-written", |b| {
                b.iter(|| serde_json::from_slice::<hand::AccountUpdate>(black_box(frame)))
            });
        }
        g.bench_function("contango", |b| {
            b.iter(|| drift::event::<UserStreamApi>(&log, black_box(frame)))
        });
        g.finish();
    }
}

/// The account watcher's cost per order event, beside the decode of the same frame: applying it
/// to the view (a new order: the record built, the change item cloned) and applying a copy (the
/// duplicate path). The view is prepared outside the timed part.
fn account_view(c: &mut Criterion) {
    use contango::Event;
    use contango::account::{AccountState, Applied};
    let frame = compact(&strip_comments(&fixture("ws_ORDER_TRADE_UPDATE.txt")));
    let event = Event::decode(&frame).expect("decodes");
    let Event::OrderTradeUpdate(update) = &event else {
        panic!("not an order event: {event:?}");
    };
    let mut empty = AccountState::new(Duration::from_secs(600));
    empty.set_multiplier(&update.order.symbol, Decimal::new(1, 3));
    let mut known = empty.clone();
    let first = known.apply(&event);
    assert!(
        matches!(&first, Applied::Changes(c) if c.len() == 1),
        "{first:?}"
    );
    let mut g = c.benchmark_group("account view ORDER_TRADE_UPDATE");
    g.throughput(criterion::Throughput::Elements(1));
    g.bench_function("decode (contango)", |b| {
        b.iter(|| Event::decode(black_box(&frame)))
    });
    g.bench_function("apply: a new order", |b| {
        b.iter_batched_ref(
            || empty.clone(),
            |state| state.apply(black_box(&event)),
            criterion::BatchSize::SmallInput,
        )
    });
    g.bench_function("apply: a duplicate", |b| {
        b.iter(|| known.apply(black_box(&event)))
    });
    g.finish();
}

fn config() -> Criterion {
    // Two cores: short runs, enough samples for a stable median.
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(50)
}

criterion_group! {
    name = hot_paths;
    config = config();
    targets = signing, encoding, envelopes, events, account_view
}
criterion_main!(hot_paths);
