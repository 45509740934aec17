//! Resilience (docs/design.md, Runtime): secrets. The API secret never appears in `Debug` or
//! `Display`
//! of the credentials, the client, its builder or its core, in any error, or in the `tracing`
//! output of a full run (signed requests, retries, a clock resync, an order lookup, listen-key
//! calls); neither do request signatures or full listen keys.
//!
//! Credentials over plain http to a non-loopback host are refused when the client is built:
//! `wire::credentials_never_reach_plain_http_to_a_remote_host`.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::sim_support::{d, fast_retries, order};
use contango::*;
use contango_sim::{Fault, FaultRule, Sim};
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::fmt::format::FmtSpan;
use tracing_subscriber::layer::SubscriberExt;

const API_KEY: &str = "resilience-key";
const SECRET: &str = "Zq8-very-secret-7f3a91c0d2e4b6a8";
const BTC: &str = "E-BTC-USDT";

/// Everything the fmt layer writes, shared with the test.
#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<u8>>>);

impl Capture {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(|p| p.into_inner())).into_owned()
    }
}

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for Capture {
    type Writer = Capture;
    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

/// The longest run of lower-case hex digits in `text` (a signature is 64).
fn longest_hex_run(text: &str) -> usize {
    text.split(|c: char| !matches!(c, '0'..='9' | 'a'..='f'))
        .map(str::len)
        .max()
        .unwrap_or(0)
}

/// `text` carries no secret, no signature and none of `listen_keys`.
fn assert_clean(what: &str, text: &str, listen_keys: &[&str]) {
    assert!(
        !text.contains(SECRET),
        "{what}: the secret appears in\n{text}"
    );
    let bytes = format!("{:?}", SECRET.as_bytes());
    let inner = &bytes[1..bytes.len() - 1];
    assert!(
        !text.contains(inner),
        "{what}: the secret's bytes appear in\n{text}"
    );
    assert!(
        longest_hex_run(text) < 64,
        "{what}: something like a signature appears in\n{text}"
    );
    for key in listen_keys {
        assert!(
            !text.contains(key),
            "{what}: a listen key appears in\n{text}"
        );
    }
}

async fn exchange() -> Sim {
    Sim::builder()
        .credentials(API_KEY, SECRET)
        .start()
        .await
        .expect("simulator")
}

fn builder(sim: &Sim) -> ClientBuilder {
    Client::builder()
        .base_url(sim.rest_url())
        .credentials(Credentials::new(API_KEY, SECRET))
        .retry_policy(fast_retries(3))
        .timeout(Duration::from_secs(5))
}

#[test]
fn debug_and_display_never_show_the_secret() {
    let credentials = Credentials::new(API_KEY, SECRET);
    let b = Client::builder()
        .base_url("http://127.0.0.1:9")
        .credentials(credentials.clone())
        .recv_window(5_000);
    let texts = [
        format!("{credentials:?}"),
        format!("{credentials:#?}"),
        credentials.to_string(),
        format!("{b:?}"),
        format!("{b:#?}"),
    ];
    let c = b.build().expect("client");
    let more = [
        format!("{c:?}"),
        format!("{c:#?}"),
        format!("{:?}", c.core()),
        format!("{:?}", c.clone()),
    ];
    for t in texts.iter().chain(&more) {
        assert_clean("Debug/Display", t, &[]);
        assert!(t.contains(API_KEY), "the key (not secret) is shown: {t}");
    }
    // The refused configuration names the URL only.
    let e = Client::builder()
        .base_url("http://exchange.example")
        .credentials(credentials)
        .build()
        .expect_err("plain http to a remote host");
    assert_clean("ConfigError", &format!("{e} {e:?}"), &[]);
}

/// One run through every path that logs, under a TRACE subscriber writing into a buffer; then
/// every kind of error the run produced, formatted both ways.
#[tokio::test]
async fn errors_and_tracing_output_never_show_secrets() {
    let capture = Capture::default();
    // Everything the client side emits, at TRACE (the simulator is the other side: not captured).
    let subscriber = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(capture.clone())
                .with_span_events(FmtSpan::FULL),
        )
        .with(
            Targets::new()
                .with_default(LevelFilter::TRACE)
                .with_target("contango_sim", LevelFilter::OFF),
        );
    let _guard = tracing::subscriber::set_default(subscriber);

    let sim = exchange().await;
    let c = builder(&sim).build().expect("client");
    let mut errors: Vec<String> = Vec::new();
    let mut keep = |e: contango::Error| errors.push(format!("{e}\n{e:?}"));

    // Signed GET and POST (the first one samples the clock).
    c.account().send().await.expect("account");
    c.transfer(Transfer {
        coin_symbol: "USDT".into(),
        amount: d("5"),
        transfer_type: TransferType::WalletToContract,
    })
    .send()
    .await
    .expect("transfer");
    // Retries of a signed GET.
    sim.inject(
        FaultRule::new(Fault::Status(503))
            .path("/fapi/v2/account")
            .times(2),
    );
    c.account().send().await.expect("retried");
    // A clock resync: -1021, resample, re-sign.
    sim.set_clock_skew(15_000);
    c.account().send().await.expect("resynced");
    // An order whose answer is lost: looked up by its client id.
    sim.inject(
        FaultRule::new(Fault::DropConnection)
            .path("/fapi/v2/order")
            .method("POST")
            .times(1),
    );
    let o = |price: &str| order(BTC, Side::Buy, OrderType::Limit, Open::Open, "1", price);
    c.new_order(o("29000")).send().await.expect("found");
    // Listen keys: created, kept alive (after a retry), closed.
    let key = c.create_listen_key().send().await.expect("key").listen_key;
    let put = format!("/user_stream/api/v1/listenKey/{key}");
    sim.inject(FaultRule::new(Fault::Status(503)).path(&put).times(1));
    c.keep_alive_listen_key(&key).send().await.expect("kept");
    let key2 = format!("{key}x");
    keep(
        c.keep_alive_listen_key(&key2)
            .send()
            .await
            .expect_err("unknown key"),
    );
    c.close_listen_key(&key).send().await.expect("closed");

    // Errors of every kind.
    // Api: the server's code, after a resync.
    sim.inject(
        FaultRule::new(Fault::Code(ErrorCode::InvalidTimestamp))
            .path("/fapi/v2/account")
            .times(2),
    );
    keep(c.account().send().await.expect_err("-1021 twice"));
    // Api: a signed POST refused.
    let quiet = builder(&sim).prechecks(false).build().expect("client");
    keep(
        quiet
            .new_order(order(
                BTC,
                Side::Buy,
                OrderType::Limit,
                Open::Open,
                "0.5",
                "29000",
            ))
            .send()
            .await
            .expect_err("-1136"),
    );
    // InvalidArgument: local validation and a precheck.
    keep(c.level_edit(BTC, 500).send().await.expect_err("leverage"));
    keep(
        c.new_order(o("29000.55"))
            .send()
            .await
            .expect_err("precision"),
    );
    // Http: a bare 404 answer.
    sim.inject(
        FaultRule::new(Fault::Status(404))
            .path("/fapi/v2/account")
            .times(1),
    );
    keep(c.account().send().await.expect_err("404"));
    // Timeout.
    let slow = builder(&sim)
        .timeout(Duration::from_millis(200))
        .retry_policy(RetryPolicy::NONE)
        .build()
        .expect("client");
    sim.inject(
        FaultRule::new(Fault::Latency(Duration::from_millis(600)))
            .path("/fapi/v2/account")
            .times(1),
    );
    keep(slow.account().send().await.expect_err("timeout"));
    // Transport: dropped, and refused (nothing listening).
    let once = builder(&sim)
        .retry_policy(RetryPolicy::NONE)
        .build()
        .expect("client");
    sim.inject(
        FaultRule::new(Fault::DropConnection)
            .path("/fapi/v2/account")
            .times(1),
    );
    keep(once.account().send().await.expect_err("dropped"));
    let nowhere = Client::builder()
        .base_url("http://127.0.0.1:9")
        .credentials(Credentials::new(API_KEY, SECRET))
        .retry_policy(RetryPolicy::NONE)
        .build()
        .expect("client");
    keep(nowhere.account().send().await.expect_err("refused"));
    // OutcomeUnknown: the answer lost, and the lookup failing.
    sim.inject(
        FaultRule::new(Fault::DropConnection)
            .path("/fapi/v2/order")
            .method("POST")
            .times(1),
    );
    sim.inject(
        FaultRule::new(Fault::Status(503))
            .path("/fapi/v2/order")
            .method("GET")
            .times(3),
    );
    keep(c.new_order(o("29001")).send().await.expect_err("unknown"));
    // MissingCredentials.
    let anonymous = Client::builder()
        .base_url(sim.rest_url())
        .build()
        .expect("client");
    keep(anonymous.account().send().await.expect_err("no key"));
    // Banned (last: it stops this client).
    sim.inject(FaultRule::new(Fault::Banned).times(1));
    keep(c.ping().send().await.expect_err("banned"));
    keep(c.account().send().await.expect_err("still banned"));

    assert_eq!(errors.len(), 13);
    for e in &errors {
        assert_clean("an error", e, &[&key, &key2]);
    }

    let out = capture.text();
    // The capture saw the run: requests, retries, the resync, the lookup, the listen-key calls.
    for expected in [
        "contango.request",
        "contango.clock_sync",
        "contango.retry",
        "contango.resync_and_resign",
        "contango.outcome_unknown",
        "endpoint=\"keep_alive_listen_key\"",
        "endpoint=\"new_order\"",
    ] {
        assert!(out.contains(expected), "`{expected}` not in\n{out}");
    }
    assert_clean("tracing output", &out, &[&key, &key2]);
    if std::env::var_os("SHOW_TRACE").is_some() {
        println!("{out}");
    }
}
