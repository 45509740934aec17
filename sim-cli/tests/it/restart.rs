//! A journaled venue comes back exactly. `contango-sim --state DIR` runs in a child process and
//! is driven one request at a time through a seeded random mix of orders, cancels, conditional
//! orders, transfers, leverage and margin changes, new accounts and admin price moves, on an
//! injected clock (the same ticks in every run). It is killed with SIGKILL at seeded random
//! points, some with a request in flight, and started again; after every start it must equal a
//! twin that was never interrupted and was fed the same acknowledged requests (and those in
//! flight the restarted venue turns out to hold, found by client order id): the same accounts,
//! balances, positions, open and conditional orders, and next ids. Then a resting order placed
//! before a kill fills after it, and a stop armed before it fires.
//!
//! With a market source (a scripted market source): a resting order's queue ahead survives a
//! kill; after the restart, trades at its price fill it only once that queue is gone.
//!
//! Bounded in time, loopback only; the state directories are removed at the end.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use contango::Credentials;
use contango_sim::{Sim, SplitMix64};
use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::market_server::MarketServer;

/// The injected clock's start (2026-01-01T00:00:00Z).
const START: i64 = 1_767_225_600_000;
const BTC: &str = "E-BTC-USDT";
const ETH: &str = "E-ETH-USDT";

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "contango-sim-{name}-{}-{}",
        std::process::id(),
        SplitMix64::new(u64::from(std::process::id())).next_u64() % 100_000
    ));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// A venue in a child process, as it printed its URLs and key.
pub(crate) struct Running {
    child: Child,
    pub(crate) rest: String,
    market: String,
    pub(crate) key: Credentials,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `contango-sim --state DIR` with `args`; waits (at most 30 s) for it to print where it
/// listens.
fn spawn(state: &Path, args: &[&str]) -> Running {
    let mut all: Vec<&std::ffi::OsStr> = vec!["--state".as_ref(), state.as_os_str()];
    all.extend(args.iter().map(std::ffi::OsStr::new));
    spawn_logged(&all, &state.with_extension("stderr"))
}

/// Starts `contango-sim` with `args`, its stderr appended to `log`; waits (at most 30 s) for
/// it to print where it listens.
pub(crate) fn spawn_logged(args: &[&std::ffi::OsStr], log: &Path) -> Running {
    let mut child = Command::new(env!("CARGO_BIN_EXE_contango-sim"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(log)
                .expect("a log"),
        )
        .spawn()
        .expect("contango-sim starts");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    // Read to the end, so that the child never writes to a closed pipe.
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let (mut rest, mut market, mut api_key, mut secret) = (None, None, None, None);
    let deadline = Instant::now() + Duration::from_secs(30);
    while rest.is_none() || api_key.is_none() || secret.is_none() {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(line) = rx.recv_timeout(left) else {
            let _ = child.kill();
            let err = std::fs::read_to_string(log).unwrap_or_default();
            panic!("contango-sim did not start: {err}");
        };
        let value = |l: &str| l.split_once(" : ").map(|(_, v)| v.trim().to_owned());
        if line.contains("REST base URL") {
            rest = value(&line);
        } else if line.contains("market stream") {
            market = value(&line);
        } else if line.contains("API key") {
            api_key = value(&line);
        } else if line.contains("secret ") {
            secret = value(&line);
        }
    }
    Running {
        child,
        rest: rest.unwrap_or_default(),
        market: market.unwrap_or_default(),
        key: Credentials::new(api_key.unwrap_or_default(), secret.unwrap_or_default()),
    }
}

/// One signed request; the HTTP status and the JSON answer.
async fn call(
    http: &reqwest::Client,
    base: &str,
    key: &Credentials,
    method: &str,
    path: &str,
    body: &Value,
) -> Result<(u16, Value), reqwest::Error> {
    let query = if method == "GET" {
        body_to_query(&body.to_string())
    } else {
        String::new()
    };
    let body = if method == "GET" || body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let ts = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(0));
    let sig = key.sign(ts, method, path, &query, body.as_bytes());
    let url = if query.is_empty() {
        format!("{base}{path}")
    } else {
        format!("{base}{path}?{query}")
    };
    let req = http
        .request(method.parse().expect("method"), url)
        .header("X-CH-APIKEY", key.api_key())
        .header("X-CH-TS", ts.to_string())
        .header("X-CH-SIGN", sig.as_str())
        .header("Content-Type", "application/json")
        .body(body);
    let r = req.send().await?;
    let status = r.status().as_u16();
    let text = r.text().await?;
    Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
}

fn body_to_query(body: &str) -> String {
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(body) else {
        return String::new();
    };
    map.iter()
        .map(|(k, v)| match v {
            Value::String(s) => format!("{k}={s}"),
            other => format!("{k}={other}"),
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// An admin request (open on loopback).
pub(crate) async fn admin(http: &reqwest::Client, base: &str, action: &str, body: Value) -> Value {
    let r = if body.is_null() {
        http.get(format!("{base}/__sim/{action}")).send().await
    } else {
        http.post(format!("{base}/__sim/{action}"))
            .header("Content-Type", "application/json")
            .body(body.to_string())
            .send()
            .await
    };
    let r = r.unwrap_or_else(|e| panic!("admin {action}: {e}"));
    let text = r.text().await.expect("admin answer");
    let v: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("admin {action}: {e}: {text}"));
    v["data"].clone()
}

/// One request of the mix.
#[derive(Debug, Clone)]
enum Step {
    /// A signed request of account `who`.
    Api {
        who: usize,
        method: &'static str,
        path: &'static str,
        body: Value,
    },
    /// A new account.
    Account,
    /// An admin mark price.
    Mark(Decimal),
    /// The clock moves on.
    Advance(i64),
}

fn d(s: &str) -> Decimal {
    s.parse().expect("decimal")
}

/// The seeded mix: each step from the generator and the steps so far.
fn next_step(rng: &mut SplitMix64, accounts: usize, n: u64) -> Step {
    let who = usize::try_from(rng.below(u64::try_from(accounts).unwrap_or(1))).unwrap_or(0);
    let coid = format!("c{n}");
    let side = if rng.below(2) == 0 { "BUY" } else { "SELL" };
    let price = |rng: &mut SplitMix64| 29_900 + 10 * i64::try_from(rng.below(21)).unwrap_or(0);
    match rng.below(20) {
        0..=5 => {
            let p = price(rng);
            Step::Api {
                who,
                method: "POST",
                path: "/fapi/v2/order",
                body: json!({"contractName": BTC, "side": side, "type": "LIMIT", "positionType": 1 + rng.below(2), "open": "OPEN", "volume": 1 + rng.below(5), "amount": 0, "price": p, "clientOrderId": coid}),
            }
        }
        6..=7 => Step::Api {
            who,
            method: "POST",
            path: "/fapi/v2/order",
            body: json!({"contractName": BTC, "side": side, "type": "MARKET", "positionType": 1, "open": if rng.below(3) == 0 { "CLOSE" } else { "OPEN" }, "volume": 1 + rng.below(3), "amount": 0, "price": 0, "clientOrderId": coid}),
        },
        8..=9 => {
            let back = 1 + rng.below(6);
            Step::Api {
                who,
                method: "POST",
                path: "/fapi/v2/cancel",
                body: json!({"contractName": BTC, "clientOrderId": format!("c{}", n.saturating_sub(back))}),
            }
        }
        10..=11 => {
            let (kind, trigger) = if side == "BUY" {
                (1, 30_100 + 10 * rng.below(10))
            } else {
                (1, 29_900 - 10 * rng.below(10))
            };
            Step::Api {
                who,
                method: "POST",
                path: "/fapi/v2/order",
                body: json!({"contractName": BTC, "side": side, "type": "MARKET", "positionType": 1, "open": "OPEN", "volume": 1, "amount": 0, "price": 0, "clientOrderId": coid, "conditionOrder": true, "triggerType": kind, "triggerPriceType": 1 + rng.below(2), "triggerPrice": trigger}),
            }
        }
        12 => Step::Api {
            who,
            method: "POST",
            path: "/fapi/v2/futures_transfer",
            body: json!({"coinSymbol": "USDT", "amount": 1 + rng.below(500), "transferType": if rng.below(2) == 0 { "WALLET_TO_CONTRACT" } else { "CONTRACT_TO_WALLET" }}),
        },
        13 => Step::Api {
            who,
            method: "POST",
            path: "/fapi/v2/level_edit",
            body: json!({"contractName": BTC, "leverage": 5 + rng.below(20)}),
        },
        14 => Step::Api {
            who,
            method: "POST",
            path: "/fapi/v2/positionMargin",
            body: json!({"contractName": BTC, "amount": 1 + rng.below(20)}),
        },
        15 => Step::Account,
        16..=17 => Step::Mark(Decimal::from(
            29_800 + 20 * i64::try_from(rng.below(21)).unwrap_or(0),
        )),
        _ => Step::Advance(1_000 * i64::try_from(1 + rng.below(40)).unwrap_or(1)),
    }
}

/// The two venues' states must be equal.
async fn same(http: &reqwest::Client, venue: &str, twin: &str, when: &str) {
    let (a, b) = (
        admin(http, venue, "state", Value::Null).await,
        admin(http, twin, "state", Value::Null).await,
    );
    if a != b {
        let (a, b) = (
            serde_json::to_string_pretty(&a).unwrap_or_default(),
            serde_json::to_string_pretty(&b).unwrap_or_default(),
        );
        let first = a
            .lines()
            .zip(b.lines())
            .position(|(x, y)| x != y)
            .unwrap_or(0);
        let around = |s: &str| {
            s.lines()
                .skip(first.saturating_sub(8))
                .take(16)
                .collect::<Vec<_>>()
                .join("\n")
        };
        panic!(
            "{when}: the venue differs from its twin at line {first}\nvenue:\n{}\ntwin:\n{}",
            around(&a),
            around(&b)
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_venue_killed_at_random_comes_back_as_its_twin() {
    let started = Instant::now();
    let state = dir("crash");
    let args = [
        "--clock",
        "1767225600000",
        "--funding",
        "0.0001/1m",
        "--snapshot-every",
        "7",
    ];
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("http");
    let twin = Sim::builder()
        .clock_at(START)
        .funding(d("0.0001"), Duration::from_secs(60))
        .start()
        .await
        .expect("twin");
    let mut venue = spawn(&state, &args);
    let mut keys: Vec<Credentials> = vec![venue.key.clone()];
    let mut rng = SplitMix64::new(20_261_127);
    let mut ids = std::collections::BTreeSet::new();
    let mut kills = 0;
    let mut n = 0_u64;
    while kills < 22 {
        assert!(
            started.elapsed() < Duration::from_secs(240),
            "bounded in time"
        );
        let steps = 3 + rng.below(12);
        for _ in 0..steps {
            n += 1;
            let step = next_step(&mut rng, keys.len(), n);
            apply_both(
                &http,
                &venue.rest,
                twin.rest_url(),
                &twin,
                &mut keys,
                &step,
                &mut ids,
            )
            .await;
        }
        // Kill: between requests, or with a new order in flight.
        kills += 1;
        if rng.below(2) == 0 {
            n += 1;
            let coid = format!("c{n}");
            let body = json!({"contractName": BTC, "side": "BUY", "type": "LIMIT", "positionType": 1, "open": "OPEN", "volume": 1, "amount": 0, "price": 29_950, "clientOrderId": coid});
            let (h, base, key) = (http.clone(), venue.rest.clone(), keys[0].clone());
            let flight = tokio::spawn(async move {
                call(&h, &base, &key, "POST", "/fapi/v2/order", &body).await
            });
            tokio::time::sleep(Duration::from_micros(200 * rng.below(15))).await;
            let _ = venue.child.kill();
            let _ = venue.child.wait();
            let answered = flight
                .await
                .expect("task")
                .is_ok_and(|(s, v)| s == 200 && v["data"]["orderId"].is_i64());
            venue = spawn(&state, &args);
            let held = call(
                &http,
                &venue.rest,
                &keys[0],
                "GET",
                "/fapi/v2/order",
                &json!({"contractName": BTC, "clientOrderId": coid}),
            )
            .await
            .is_ok_and(|(s, v)| s == 200 && v["data"][0]["orderId"].is_i64());
            assert!(!answered || held, "an acknowledged order survives the kill");
            if held {
                let step = Step::Api {
                    who: 0,
                    method: "POST",
                    path: "/fapi/v2/order",
                    body: json!({"contractName": BTC, "side": "BUY", "type": "LIMIT", "positionType": 1, "open": "OPEN", "volume": 1, "amount": 0, "price": 29_950, "clientOrderId": coid}),
                };
                twin_only(&http, twin.rest_url(), &twin, &keys, &step).await;
            }
        } else {
            let _ = venue.child.kill();
            let _ = venue.child.wait();
            venue = spawn(&state, &args);
        }
        same(
            &http,
            &venue.rest,
            twin.rest_url(),
            &format!("after kill {kills}"),
        )
        .await;
    }

    // A resting order placed before a kill fills after it; a stop armed before it fires (on
    // E-ETH-USDT, which the mix leaves alone: its book is the seeded one).
    let key = keys[0].clone();
    let resting = json!({"contractName": ETH, "side": "BUY", "type": "LIMIT", "positionType": 1, "open": "OPEN", "volume": 1, "amount": 0, "price": "1999.5", "clientOrderId": "rest-1"});
    let (s, v) = call(&http, &venue.rest, &key, "POST", "/fapi/v2/order", &resting)
        .await
        .expect("order");
    assert_eq!(s, 200, "{v}");
    let stop = json!({"contractName": ETH, "side": "SELL", "type": "MARKET", "positionType": 1, "open": "OPEN", "volume": 1, "amount": 0, "price": 0, "clientOrderId": "stop-1", "conditionOrder": true, "triggerType": 1, "triggerPriceType": 1, "triggerPrice": 1990});
    let (s, v) = call(&http, &venue.rest, &key, "POST", "/fapi/v2/order", &stop)
        .await
        .expect("stop");
    assert_eq!(s, 200, "{v}");
    let _ = venue.child.kill();
    let _ = venue.child.wait();
    venue = spawn(&state, &args);
    let sell = json!({"contractName": ETH, "side": "SELL", "price": "1999.5", "volume": "1"});
    admin(&http, &venue.rest, "liquidity", sell).await;
    let print = json!({"contractName": ETH, "side": "SELL", "price": "1985", "volume": "1"});
    admin(&http, &venue.rest, "trade", print).await;
    for (coid, conditional) in [("rest-1", false), ("stop-1", true)] {
        let query =
            json!({"contractName": ETH, "clientOrderId": coid, "conditionOrder": conditional});
        let (_, v) = call(&http, &venue.rest, &key, "GET", "/fapi/v2/order", &query)
            .await
            .expect("query");
        assert_eq!(
            v["data"][0]["status"].as_str(),
            Some("FILLED"),
            "{coid} after the restart: {v}"
        );
    }
    drop(venue);
    twin.shutdown().await;
    let _ = std::fs::remove_dir_all(&state);
}

/// The market stream's depth channel of BTC.
const DEPTH: &str = "market_e_btcusdt_depth_step0";

/// A book level's price, written as a string or a number.
fn level_price(v: &Value) -> Option<Decimal> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.to_string().parse().ok(),
        _ => None,
    }
}

/// A market-stream connection to `venue`, subscribed to [`DEPTH`].
async fn depth_stream(venue: &Running) -> crate::support::Ws {
    let addr = venue
        .market
        .trim_start_matches("ws://")
        .split('/')
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("market stream URL: {}", venue.market));
    let mut ws = crate::support::connect(addr, &venue.market).await;
    let sub = format!(r#"{{"event":"sub","params":{{"channel":"{DEPTH}","cb_id":"k"}}}}"#);
    crate::support::send(&mut ws, &sub).await;
    ws
}

/// The bid prices of the depth frames `ws` receives within `wait` (pings answered), added to
/// `seen`; the best bid and ask of the last one. Stops early once `until` is seen, or when the
/// connection closes.
async fn read_depth(
    ws: &mut crate::support::Ws,
    wait: Duration,
    until: Option<Decimal>,
    seen: &mut std::collections::BTreeSet<Decimal>,
) -> Option<(Decimal, Decimal)> {
    let deadline = Instant::now() + wait;
    let mut best = None;
    for _ in 0..10_000 {
        let left = deadline.saturating_duration_since(Instant::now());
        let Some(f) = crate::support::next_frame(ws, left).await else {
            break;
        };
        if let Some(n) = f.json.get("ping") {
            crate::support::send(ws, &format!(r#"{{"pong":{n}}}"#)).await;
            continue;
        }
        if f.json["channel"] != DEPTH {
            continue;
        }
        let price = |side: &str| -> Vec<Decimal> {
            f.json["tick"][side]
                .as_array()
                .map(|levels| levels.iter().filter_map(|l| level_price(&l[0])).collect())
                .unwrap_or_default()
        };
        let (bids, asks) = (price("buys"), price("asks"));
        seen.extend(bids.iter().copied());
        if let (Some(b), Some(a)) = (bids.iter().max(), asks.iter().min()) {
            best = Some((*b, *a));
        }
        if until.is_some_and(|u| bids.contains(&u)) {
            break;
        }
    }
    best
}

/// With a journal, a market-stream client is shown no book the venue could lose: each level
/// added reaches it once its input is committed, and a level whose commit failed is never
/// shown, not even in the snapshot a subscription made after it was applied gets. Killed with
/// SIGKILL right after and restarted, the venue has every level a client was shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_market_stream_shows_no_book_a_kill_forgets() {
    let state = dir("market-kill");
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("http");
    let mut venue = spawn(&state, &[]);
    let mut seen = std::collections::BTreeSet::new();
    let mut ws = depth_stream(&venue).await;
    let (bid, ask) = read_depth(&mut ws, Duration::from_secs(5), None, &mut seen)
        .await
        .expect("a depth snapshot");
    let tick = d("0.1");
    assert!(bid + tick * d("5") < ask, "room in the spread: {bid} {ask}");
    // Kept: three bids inside the spread, each shown once it is committed.
    let kept: Vec<Decimal> = (1..=3).map(|i| bid + tick * Decimal::from(i)).collect();
    for price in &kept {
        let level =
            json!({"contractName": BTC, "side": "BUY", "price": price.to_string(), "volume": "7"});
        admin(&http, &venue.rest, "liquidity", level).await;
        read_depth(&mut ws, Duration::from_secs(5), Some(*price), &mut seen).await;
        assert!(seen.contains(price), "{price} shown");
    }
    // Lost: the next commit fails; the bid is applied, refused, and must never be shown.
    admin(&http, &venue.rest, "fail_next_commit", json!({})).await;
    let lost = bid + tick * d("4");
    let level =
        json!({"contractName": BTC, "side": "BUY", "price": lost.to_string(), "volume": "7"});
    let refused = http
        .post(format!("{}/__sim/liquidity", venue.rest))
        .header("Content-Type", "application/json")
        .body(level.to_string())
        .send()
        .await
        .expect("an answer");
    let refusal = refused.text().await.unwrap_or_default();
    assert!(refusal.contains("-1016"), "{refusal}");
    // A subscription now reads the core, which holds the refused bid.
    let mut late = depth_stream(&venue).await;
    read_depth(&mut late, Duration::from_millis(500), Some(lost), &mut seen).await;
    read_depth(&mut ws, Duration::from_millis(300), Some(lost), &mut seen).await;
    let _ = venue.child.kill();
    let _ = venue.child.wait();
    assert!(
        !seen.contains(&lost),
        "a level no commit kept was shown: {seen:?}"
    );
    venue = spawn(&state, &[]);
    let (status, book) = call(
        &http,
        &venue.rest,
        &venue.key,
        "GET",
        "/fapi/v1/depth",
        &json!({"contractName": BTC, "limit": 30}),
    )
    .await
    .expect("depth");
    assert_eq!(status, 200, "{book}");
    let bids: std::collections::BTreeSet<Decimal> = book["bids"]
        .as_array()
        .or(book["data"]["bids"].as_array())
        .map(|levels| levels.iter().filter_map(|l| level_price(&l[0])).collect())
        .unwrap_or_default();
    for price in &seen {
        assert!(
            bids.contains(price),
            "{price} was shown but the restarted venue lacks it: {book}"
        );
    }
    assert!(!bids.contains(&lost), "{book}");
    drop(venue);
    let _ = std::fs::remove_dir_all(&state);
}

/// Sends `step` to the venue; when it is answered, to the twin too.
async fn apply_both(
    http: &reqwest::Client,
    venue: &str,
    twin_url: &str,
    twin: &Sim,
    keys: &mut Vec<Credentials>,
    step: &Step,
    ids: &mut std::collections::BTreeSet<i64>,
) {
    match step {
        Step::Api {
            who,
            method,
            path,
            body,
            ..
        } => {
            let key = &keys[*who];
            let (s, v) = call(http, venue, key, method, path, body)
                .await
                .expect("answered");
            let (t, w) = call(http, twin_url, key, method, path, body)
                .await
                .expect("twin answered");
            assert_eq!((s, &v), (t, &w), "{step:?}");
            if *path == "/fapi/v2/order" && s == 200 {
                let id = v["data"]["orderId"].as_i64().expect("an order id");
                assert!(ids.insert(id), "order id {id} given twice");
            }
        }
        Step::Account => {
            let made = admin(http, venue, "accounts", json!({})).await;
            let (k, s) = (
                made["apiKey"].as_str().expect("key"),
                made["secretKey"].as_str().expect("secret"),
            );
            let balances = [("USDT", d("100000")), ("BTC", d("10"))];
            let uid = twin
                .add_account(k, s, &balances, &balances)
                .expect("twin account");
            assert_eq!(made["uid"].as_i64(), Some(uid));
            keys.push(Credentials::new(k, s));
        }
        Step::Mark(p) => {
            let body = json!({"contractName": BTC, "price": p.to_string()});
            let a = admin(http, venue, "mark_price", body.clone()).await;
            let b = admin(http, twin_url, "mark_price", body).await;
            assert_eq!(a, b);
        }
        Step::Advance(ms) => {
            admin(http, venue, "advance_clock", json!({"millis": ms})).await;
            admin(http, twin_url, "advance_clock", json!({"millis": ms})).await;
        }
    }
}

/// Sends an order the restarted venue turned out to hold to the twin alone.
async fn twin_only(
    http: &reqwest::Client,
    twin_url: &str,
    _twin: &Sim,
    keys: &[Credentials],
    step: &Step,
) {
    if let Step::Api {
        who,
        method,
        path,
        body,
        ..
    } = step
    {
        call(http, twin_url, &keys[*who], method, path, body)
            .await
            .expect("twin answered");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_source_contracts_queue_ahead_survives_a_kill() {
    let state = dir("source");
    let market = MarketServer::start().await;
    let url = market.url();
    let args = ["--market-from", url.as_str(), "--contract", BTC];
    let now = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(0))
    };
    market.depth(vec![("30010", "50")], vec![("29990", "100")], now());
    let http = reqwest::Client::new();
    let mut venue = spawn(&state, &args);
    let key = venue.key.clone();
    // Wait for the source's snapshot, then rest a bid behind the 100 shown at 29990.
    let order = json!({"contractName": BTC, "side": "BUY", "type": "LIMIT", "positionType": 1, "open": "OPEN", "volume": 5, "amount": 0, "price": 29_990, "clientOrderId": "q-1"});
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let src = admin(&http, &venue.rest, "source", Value::Null).await;
        if src["contracts"][0]["health"] == "live" {
            break;
        }
        assert!(Instant::now() < deadline, "the source went live: {src}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (s, v) = call(&http, &venue.rest, &key, "POST", "/fapi/v2/order", &order)
        .await
        .expect("order");
    assert_eq!(s, 200, "{v}");
    let filled = |v: &Value| {
        v["data"][0]["executedQty"]
            .as_str()
            .map(d)
            .or_else(|| {
                v["data"][0]["executedQty"]
                    .as_f64()
                    .map(|f| Decimal::try_from(f).unwrap_or_default())
            })
            .unwrap_or_default()
    };
    let query = json!({"contractName": BTC, "clientOrderId": "q-1"});
    // 30 of the 100 ahead trade away before the kill: 70 left ahead of us.
    market.trade("SELL", "29990", "30", now());
    settle(&http, &venue.rest, 1).await;
    let _ = venue.child.kill();
    let _ = venue.child.wait();
    venue = spawn(&state, &args);
    // The source comes back with its book; 60 more at our price still leave 10 ahead.
    market.depth(vec![("30010", "50")], vec![("29990", "100")], now());
    wait_live(&http, &venue.rest).await;
    market.trade("SELL", "29990", "60", now());
    settle(&http, &venue.rest, 2).await;
    let (_, v) = call(&http, &venue.rest, &key, "GET", "/fapi/v2/order", &query)
        .await
        .expect("query");
    assert_eq!(filled(&v), Decimal::ZERO, "still behind the queue: {v}");
    // 15 more: the last 10 of the queue, then 5 for us.
    market.trade("SELL", "29990", "15", now());
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (_, v) = call(&http, &venue.rest, &key, "GET", "/fapi/v2/order", &query)
            .await
            .expect("query");
        if filled(&v) == d("5") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "filled once the queue was gone: {v}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    drop(venue);
    market.stop();
    let _ = std::fs::remove_dir_all(&state);
}

/// Waits until the venue's source is live.
async fn wait_live(http: &reqwest::Client, base: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let src = admin(http, base, "source", Value::Null).await;
        if src["contracts"][0]["health"] == "live" {
            return;
        }
        assert!(Instant::now() < deadline, "the source went live: {src}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits until the venue has applied `n` trades from its source (the tape's count).
async fn settle(http: &reqwest::Client, base: &str, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (s, v) = call(
            http,
            base,
            &Credentials::new("x", "y"),
            "GET",
            "/fapi/v1/ticker",
            &json!({"contractName": BTC}),
        )
        .await
        .expect("ticker");
        let _ = s;
        let vol = v["vol"]
            .as_str()
            .map(d)
            .or_else(|| {
                v["vol"]
                    .as_f64()
                    .map(|f| Decimal::try_from(f).unwrap_or_default())
            })
            .unwrap_or_default();
        let want = match n {
            1 => d("30"),
            _ => d("90"),
        };
        if vol >= want {
            return;
        }
        assert!(Instant::now() < deadline, "trades applied: {v}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Records `ms` of the driven BTC market (depth and trades) to a file.
pub(crate) async fn recording(ms: u64) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "contango-restart-recording-{}-{ms}.jsonl",
        std::process::id()
    ));
    let driver = contango_sim::MarketDriver::random_walk(5)
        .contracts([BTC])
        .step(Duration::from_millis(10))
        .trade_every(1);
    contango_sim::Sim::record_market(&path, driver, &[BTC], Duration::from_millis(ms))
        .await
        .expect("a recording");
    path
}

/// A venue following a recording journals each frame as a reference to the recording (file and
/// entry), reads it again on a restart, and resumes the recording after the last frame applied:
/// stopped half-way and started again, it ends as a venue that played the recording through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recorded_market_is_journaled_by_reference_and_resumed() {
    use contango_sim::{MarketSource, Pace};
    let path = recording(800).await;
    let state = dir("recorded");
    let http = reqwest::Client::new();
    let start = |pace| {
        Sim::builder()
            .market_source(MarketSource::recorded(&path, pace))
            .source_contracts([BTC])
            .state_dir(&state)
            .start()
    };
    // Half-way through at the recorded pace, then a stop.
    let sim = start(Pace::Recorded).await.expect("journaled venue");
    tokio::time::sleep(Duration::from_millis(400)).await;
    sim.shutdown().await;
    {
        let journal = contango_sim::store::Store::journal(&state).expect("the journal");
        let count = |kind: u8| journal.iter().filter(|i| i.kind == kind).count();
        assert!(count(6) > 10, "recorded frames journaled by reference");
        assert_eq!(count(2), 0, "no recorded frame journaled whole");
        let size = journal
            .iter()
            .filter(|i| i.kind == 6)
            .map(|i| i.input.len())
            .max()
            .unwrap_or(0);
        assert!(size < 120, "a reference is small: {size} bytes");
    }
    // Started again: it resumes, and ends where an uninterrupted run ends.
    let resumed = start(Pace::Fast).await.expect("restarted venue");
    let whole = Sim::builder()
        .market_source(MarketSource::recorded(&path, Pace::Fast))
        .source_contracts([BTC])
        .start()
        .await
        .expect("uninterrupted venue");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let a = admin(&http, resumed.rest_url(), "state", Value::Null).await;
        let b = admin(&http, whole.rest_url(), "state", Value::Null).await;
        if a == b {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the resumed venue ends as the uninterrupted one:\n{a}\n{b}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    resumed.shutdown().await;
    whole.shutdown().await;
    let _ = std::fs::remove_dir_all(&state);
    let _ = std::fs::remove_file(contango_sim::feeds::cache::cache_path(&path));
    let _ = std::fs::remove_file(&path);
}
