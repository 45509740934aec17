//! Helpers of the simulator end-to-end tests (`sim_e2e_*`, `resilience_*`, `stream_*`, `market_stream`): clients of a running
//! `contango_sim::Sim`, order shorthands and hand-built (raw) requests.

use std::time::Duration;

use contango::{
    Client, Credentials, ErrorCode, NewOrder, Open, OrderType, PositionType, Product, Side,
};
use contango_sim::Sim;
use rust_decimal::Decimal;

/// A decimal from text (test constants only).
pub fn d(s: &str) -> Decimal {
    s.parse().unwrap_or_else(|e| panic!("decimal {s}: {e}"))
}

/// The default simulator.
pub async fn sim() -> Sim {
    Sim::start().await.expect("simulator starts")
}

/// A USDT-margined client with the funded key.
pub fn client(sim: &Sim) -> Client {
    client_for(sim, Product::UsdtMargined)
}

/// A client of `product` with the funded key.
pub fn client_for(sim: &Sim, product: Product) -> Client {
    client_as(sim, sim.api_key(), sim.secret(), product)
}

/// A client for another key. These suites check what the *server* enforces, so the client's
/// contract-aware prechecks (which would refuse the same orders locally) are off; they have tests
/// of their own.
pub fn client_as(sim: &Sim, api_key: &str, secret: &str, product: Product) -> Client {
    Client::builder()
        .base_url(sim.rest_url())
        .product(product)
        .credentials(Credentials::new(api_key, secret))
        .timeout(Duration::from_secs(5))
        .prechecks(false)
        .build()
        .expect("client")
}

/// Creates a funded second account (100000 USDT, 10 BTC in the contract account and in the
/// wallet) and a client for it.
pub fn second_account(sim: &Sim, name: &str) -> Client {
    let (key, secret) = (format!("{name}-key"), format!("{name}-secret"));
    let funds = [("USDT", d("100000")), ("BTC", d("10"))];
    sim.add_account(&key, &secret, &funds, &funds)
        .expect("account");
    client_as(sim, &key, &secret, Product::UsdtMargined)
}

/// A cross-margined order of `volume` contracts at `price` (amount is informational).
pub fn order(
    symbol: &str,
    side: Side,
    order_type: OrderType,
    open: Open,
    volume: &str,
    price: &str,
) -> NewOrder {
    NewOrder {
        contract_name: symbol.into(),
        side,
        order_type,
        position_type: PositionType::Cross,
        open,
        volume: d(volume),
        amount: Decimal::ZERO,
        price: d(price),
    }
}

/// The server's error code of a failed call (panics on success).
pub fn code<T: std::fmt::Debug>(r: Result<T, contango::Error>) -> ErrorCode {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e
            .code()
            .unwrap_or_else(|| panic!("expected a server error code, got {e}")),
    }
}

/// An answer to a hand-built request.
#[derive(Debug)]
pub struct Raw {
    /// HTTP status.
    pub status: u16,
    /// Body text.
    pub body: String,
    /// `Retry-After`, if sent.
    pub retry_after: Option<String>,
}

impl Raw {
    /// The `code` of the body (number or string).
    pub fn code(&self) -> i64 {
        let v: serde_json::Value = serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body));
        match &v["code"] {
            serde_json::Value::String(s) => s.parse().unwrap_or(i64::MIN),
            n => n.to_string().parse().unwrap_or(i64::MIN),
        }
    }
}

/// Sends a hand-built request: `path_query` is sent exactly as given.
pub async fn raw(
    sim: &Sim,
    method: &str,
    path_query: &str,
    headers: &[(&str, String)],
    body: &str,
) -> Raw {
    let http = reqwest::Client::new();
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
    let mut req = http.request(method, format!("{}{path_query}", sim.rest_url()));
    for (k, v) in headers {
        req = req.header(*k, v);
    }
    if !body.is_empty() {
        req = req.body(body.to_owned());
    }
    let resp = req.send().await.expect("answer");
    let status = resp.status().as_u16();
    let retry_after = resp
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body = resp.text().await.expect("body");
    Raw {
        status,
        body,
        retry_after,
    }
}

/// The headers of a correctly signed request (timestamp now, per the simulator's server clock).
pub fn signed_headers(
    sim: &Sim,
    method: &str,
    path: &str,
    query: &str,
    body: &str,
) -> Vec<(&'static str, String)> {
    let ts = sim.server_time_ms();
    let sig = sim
        .credentials()
        .sign(ts, method, path, query, body.as_bytes());
    vec![
        ("X-CH-APIKEY", sim.api_key().to_owned()),
        ("X-CH-TS", ts.to_string()),
        ("X-CH-SIGN", sig.to_string()),
        ("Content-Type", "application/json".to_owned()),
    ]
}

/// A client builder for the funded key with the SDK's defaults (prechecks on, the spec's rates),
/// a 5 s timeout, for tests that configure more (`resilience_*`).
pub fn builder(sim: &Sim) -> contango::ClientBuilder {
    Client::builder()
        .base_url(sim.rest_url())
        .credentials(sim.credentials())
        .timeout(Duration::from_secs(5))
}

/// A retry policy with short backoffs (the first retry after 5..10 ms, at most 40 ms apart):
/// `attempts` in all, within 10 s.
pub fn fast_retries(attempts: u32) -> contango::RetryPolicy {
    contango::RetryPolicy {
        max_attempts: attempts,
        base_delay: Duration::from_millis(10),
        max_delay: Duration::from_millis(40),
        max_elapsed: Duration::from_secs(10),
    }
}

/// How many requests `method path` the simulator received since `since` (an index into
/// `sim.received()`, e.g. its length before the step under test).
pub fn received_since(sim: &Sim, since: usize, method: &str, path: &str) -> usize {
    sim.received()
        .iter()
        .skip(since)
        .filter(|r| r.method == method && r.path == path)
        .count()
}
