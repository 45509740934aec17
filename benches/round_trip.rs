//! End-to-end loopback round trips: contango's `account()` (signed GET, typed decode) and
//! `new_order()` (signed POST) beside a hand-written reqwest + HMAC + serde client, both talking to
//! the same in-process axum server on 127.0.0.1:0, one at a time and 32 in flight.
//!
//! Criterion's time is the p50 figure; p99 and requests per second, which criterion does not
//! report, are measured by a plain loop that alternates the two clients call by call and printed
//! (`p99 ...` lines). A last group puts the same contango client beside one that records its
//! session to a file (docs/recordings.md). Nothing is asserted.
//! `cargo bench --bench round_trip`.

use std::hint::black_box;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::routing::{get, post};
use contango::{Client, Credentials, NewOrder, Open, OrderType, PositionType, Product, Rate, Side};
use criterion::{Criterion, criterion_group, criterion_main};
use futures_util::future::join_all;
use hmac::{Hmac, KeyInit, Mac};
use reqwest::header::{CONTENT_TYPE, HeaderMap, HeaderValue};
use rust_decimal::Decimal;
use sha2::Sha256;

#[path = "support/pairs.rs"]
mod pairs;
mod reference;
use pairs::print_ratio;
use reference::hand;

const KEY: &str = "bench-api-key";
const SECRET: &str = "b9d3a1f4c2e8d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2";
const IN_FLIGHT: usize = 32;
const UNPACED: Rate = Rate {
    requests: 1_000_000,
    per: Duration::from_secs(1),
    burst: 1_000_000,
};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/../shared/fixtures/real-world/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: serde_json::Value = serde_json::from_slice(&text).expect("fixture is JSON");
    serde_json::to_vec(&v).expect("serialise")
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The server both clients talk to: fixed real answers, no verification (the same for both), so
/// the figures are the clients' costs plus one loopback exchange.
async fn serve() -> SocketAddr {
    let account: &'static [u8] = fixture("v2_account.json").leak();
    let ack: &'static [u8] = fixture("v2_order_new_response.json").leak();
    let json = |body: &'static [u8]| ([(CONTENT_TYPE, "application/json")], body);
    let app = Router::new()
        .route(
            "/fapi/v1/time",
            get(|| async {
                (
                    [(CONTENT_TYPE, "application/json")],
                    format!("{{\"serverTime\":{},\"timezone\":\"UTC\"}}", now_ms()),
                )
            }),
        )
        .route(
            "/fapi/v2/account",
            get(move || async move { json(account) }),
        )
        .route("/fapi/v2/order", post(move || async move { json(ack) }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind 127.0.0.1:0");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

/// The hand-written reference: pooled reqwest with TCP_NODELAY, the HMAC keyed once, exact
/// decimals, the same headers and signing rule, a typed decode of the envelope.
struct Hand {
    http: reqwest::Client,
    base: String,
    keyed: Hmac<Sha256>,
    key: HeaderValue,
    ids: AtomicU64,
}

#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct HandOrder<'a> {
    contract_name: &'a str,
    side: &'a str,
    #[serde(rename = "type")]
    kind: &'a str,
    position_type: u8,
    open: &'a str,
    volume: Decimal,
    amount: Decimal,
    price: Decimal,
    client_order_id: String,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct HandAck {
    order_id: i64,
}

type HandResult<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

impl Hand {
    fn new(addr: SocketAddr) -> Self {
        Hand {
            http: reqwest::Client::builder()
                .tcp_nodelay(true)
                .build()
                .expect("reqwest client"),
            base: format!("http://{addr}"),
            keyed: Hmac::new_from_slice(SECRET.as_bytes()).expect("any key length"),
            key: HeaderValue::from_static(KEY),
            ids: AtomicU64::new(0),
        }
    }

    fn headers(&self, method: &str, path: &str, body: &[u8]) -> HeaderMap {
        let ts = now_ms().to_string();
        let mut mac = self.keyed.clone();
        mac.update(ts.as_bytes());
        mac.update(method.as_bytes());
        mac.update(path.as_bytes());
        mac.update(body);
        let mut h = HeaderMap::with_capacity(4);
        h.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        h.insert("X-CH-APIKEY", self.key.clone());
        h.insert(
            "X-CH-SIGN",
            HeaderValue::from_str(&hex::encode(mac.finalize().into_bytes())).expect("hex"),
        );
        h.insert("X-CH-TS", HeaderValue::from_str(&ts).expect("digits"));
        h
    }

    async fn decode<T: serde::de::DeserializeOwned>(r: reqwest::Response) -> HandResult<T> {
        let status = r.status();
        let body = r.bytes().await?;
        let env: hand::Envelope<T> = serde_json::from_slice(&body)?;
        if !status.is_success() || env.code != "0" {
            return Err(format!("status {status}, code {}", env.code).into());
        }
        Ok(env.data)
    }

    async fn account(&self) -> HandResult<hand::Account> {
        let path = "/fapi/v2/account";
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .headers(self.headers("GET", path, b""))
            .send()
            .await?;
        Self::decode(r).await
    }

    async fn new_order(&self) -> HandResult<i64> {
        let path = "/fapi/v2/order";
        let body = serde_json::to_vec(&HandOrder {
            contract_name: "E-BTC-USDT",
            side: "BUY",
            kind: "LIMIT",
            position_type: 1,
            open: "OPEN",
            volume: Decimal::new(10, 0),
            amount: Decimal::new(293_453, 2),
            price: Decimal::new(293_453, 1),
            client_order_id: format!("hand{}", self.ids.fetch_add(1, Ordering::Relaxed)),
        })?;
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .headers(self.headers("POST", path, &body))
            .body(body)
            .send()
            .await?;
        Ok(Self::decode::<HandAck>(r).await?.order_id)
    }
}

fn contango_client(addr: SocketAddr) -> Client {
    contango_builder(addr).build().expect("contango client")
}

fn contango_builder(addr: SocketAddr) -> contango::ClientBuilder {
    Client::builder()
        .base_url(format!("http://{addr}"))
        .product(Product::UsdtMargined)
        .credentials(Credentials::new(KEY, SECRET))
        // The reference checks no contract limits either; the server has no contract list.
        .prechecks(false)
        // The spec's assumed rates (20/s, 10/s, the account call's 10/s) would measure the
        // pacing, not the client; the limiter's bookkeeping still runs on every request.
        .rate_limit("default", UNPACED)
        .rate_limit("orders", UNPACED)
        .rate_limit("account", UNPACED)
}

fn order() -> NewOrder {
    NewOrder {
        contract_name: "E-BTC-USDT".into(),
        side: Side::Buy,
        order_type: OrderType::Limit,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: Decimal::new(10, 0),
        amount: Decimal::new(293_453, 2),
        price: Decimal::new(293_453, 1),
    }
}

/// p50 / p99 and rate of `n` sequential calls of each client, printed beside criterion's figure;
/// a call is `requests` requests (a batch in flight), which the rate counts. The two clients
/// alternate call by call, so a neighbour's burst or a frequency change on this shared machine
/// hits both alike instead of one client's whole loop. Each pair of neighbouring calls also gives
/// a speed ratio (the reference's time over contango's, above 1 when contango is faster); their
/// median is printed with a 95% confidence interval (distribution-free, from order statistics),
/// so a difference smaller than the noise reads as one.
async fn percentiles<H, HF, C, CF>(
    label: &str,
    names: [&str; 2],
    n: usize,
    requests: usize,
    mut hand: H,
    mut ours: C,
) where
    H: FnMut() -> HF,
    HF: std::future::Future<Output = ()>,
    C: FnMut() -> CF,
    CF: std::future::Future<Output = ()>,
{
    let (mut h, mut c) = (Vec::with_capacity(n), Vec::with_capacity(n));
    let mut speed = Vec::with_capacity(n);
    let (mut h_total, mut c_total) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..n {
        let t = Instant::now();
        hand().await;
        let e = t.elapsed();
        h.push(e);
        h_total += e;
        let t = Instant::now();
        ours().await;
        let e = t.elapsed();
        c.push(e);
        c_total += e;
        speed.push(h[h.len() - 1].as_secs_f64() / e.as_secs_f64());
    }
    print_ratio(&format!("{label} speed ratio"), &mut speed);
    for (who, lat, total) in [(names[0], &mut h, h_total), (names[1], &mut c, c_total)] {
        lat.sort_unstable();
        let at = |q: f64| lat[((lat.len() as f64 * q) as usize).min(lat.len() - 1)];
        println!(
            "p99 {:<32} p50 {:>8.1} µs  p99 {:>8.1} µs  {:>8.0} req/s",
            format!("{label} {who}"),
            at(0.50).as_secs_f64() * 1e6,
            at(0.99).as_secs_f64() * 1e6,
            (n * requests) as f64 / total.as_secs_f64()
        );
    }
}

fn round_trips(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let addr = rt.block_on(serve());
    let hand = Hand::new(addr);
    let ours = contango_client(addr);
    // Warm both pools and contango's clock sample; both must succeed or nothing is compared.
    rt.block_on(async {
        hand.account().await.expect("hand-written account");
        hand.new_order().await.expect("hand-written order");
        ours.account().send().await.expect("contango account");
        ours.new_order(order())
            .send()
            .await
            .expect("contango order");
    });

    let mut g = c.benchmark_group("round trip account");
    g.bench_function("hand-written", |b| {
        b.iter(|| {
            rt.block_on(hand.account())
                .map(|a| black_box(a.account.len()))
        })
    });
    g.bench_function("contango", |b| {
        b.iter(|| {
            rt.block_on(ours.account().send())
                .map(|a| black_box(a.account.len()))
        })
    });
    g.finish();

    let mut g = c.benchmark_group("round trip new_order");
    g.bench_function("hand-written", |b| {
        b.iter(|| rt.block_on(hand.new_order()).map(black_box))
    });
    g.bench_function("contango", |b| {
        b.iter(|| {
            rt.block_on(ours.new_order(order()).send())
                .map(|a| black_box(a.order_id))
        })
    });
    g.finish();

    // 32 requests in flight: one iteration is one batch; throughput is requests per second.
    let mut g = c.benchmark_group("round trip account x32 in flight");
    g.throughput(criterion::Throughput::Elements(IN_FLIGHT as u64));
    g.bench_function("hand-written", |b| {
        b.iter(|| rt.block_on(join_all((0..IN_FLIGHT).map(|_| hand.account()))))
    });
    g.bench_function("contango", |b| {
        b.iter(|| rt.block_on(join_all((0..IN_FLIGHT).map(|_| ours.account().send()))))
    });
    g.finish();

    // In test mode (`cargo test --benches`) criterion runs each benchmark once; so does this.
    let n = if std::env::args().any(|a| a == "--bench") {
        5000
    } else {
        1
    };
    // p99 beside p50, from one loop that alternates the clients call by call.
    rt.block_on(async {
        percentiles(
            "account",
            CLIENTS,
            n,
            1,
            || async {
                black_box(hand.account().await.is_ok());
            },
            || async {
                black_box(ours.account().send().await.is_ok());
            },
        )
        .await;
        percentiles(
            "new_order",
            CLIENTS,
            n,
            1,
            || async {
                black_box(hand.new_order().await.is_ok());
            },
            || async {
                black_box(ours.new_order(order()).send().await.is_ok());
            },
        )
        .await;
        // 32 in flight, batch by batch, alternating: latency of a batch, rate in requests.
        percentiles(
            "account x32",
            CLIENTS,
            n.div_ceil(5),
            IN_FLIGHT,
            || async {
                black_box(join_all((0..IN_FLIGHT).map(|_| hand.account())).await.len());
            },
            || async {
                black_box(
                    join_all((0..IN_FLIGHT).map(|_| ours.account().send()))
                        .await
                        .len(),
                );
            },
        )
        .await;
    });
}

/// The two clients of the comparisons above.
const CLIENTS: [&str; 2] = ["hand-written", "contango"];

/// Recording costs little: the same signed `account()` with and without a recorder writing every
/// exchange (request, the 3 KB answer) to a file from its own thread. The request path only
/// hands the recorder what it already has.
fn recording(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let addr = rt.block_on(serve());
    let path = std::env::temp_dir().join(format!("contango-bench-{}.jsonl", std::process::id()));
    let plain = contango_client(addr);
    let recorded = contango_builder(addr)
        .record_session(&path)
        .build()
        .expect("a recording client");
    rt.block_on(async {
        plain.account().send().await.expect("contango account");
        recorded.account().send().await.expect("recorded account");
    });
    let mut g = c.benchmark_group("round trip account recording");
    g.bench_function("contango", |b| {
        b.iter(|| {
            rt.block_on(plain.account().send())
                .map(|a| black_box(a.account.len()))
        })
    });
    g.bench_function("contango recording", |b| {
        b.iter(|| {
            rt.block_on(recorded.account().send())
                .map(|a| black_box(a.account.len()))
        })
    });
    g.finish();
    let n = if std::env::args().any(|a| a == "--bench") {
        5000
    } else {
        1
    };
    rt.block_on(async {
        percentiles(
            "account recording",
            ["contango", "contango recording"],
            n,
            1,
            || async {
                black_box(plain.account().send().await.is_ok());
            },
            || async {
                black_box(recorded.account().send().await.is_ok());
            },
        )
        .await;
        recorded
            .flush_recording()
            .await
            .expect("the recording is written");
    });
    let _ = std::fs::remove_file(&path);
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .sample_size(50)
}

criterion_group! {
    name = round_trip;
    config = config();
    targets = round_trips, recording
}
criterion_main!(round_trip);
