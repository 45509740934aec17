//! Resilience (docs/design.md, Runtime): retries by idempotency. Idempotent requests (GETs,
//! listen-key
//! calls) retry transport failures, timeouts, 5xx, -1001 and -1003 with backoff, bounded by the
//! `RetryPolicy` in attempts and in total time, honouring `Retry-After`. Mutating calls are not
//! retried, unless the failure proves nothing was processed (429 / -1003).

use std::time::{Duration, Instant};

use crate::sim_support::{builder, d, fast_retries, order, received_since, sim};
use contango::*;
use contango_sim::{Fault, FaultRule};

const TICKER: &str = "/fapi/v1/ticker";
const TRANSFER: &str = "/fapi/v2/futures_transfer";
const LEVEL_EDIT: &str = "/fapi/v2/level_edit";
const ORDER: &str = "/fapi/v2/order";
const LISTEN_KEY: &str = "/user_stream/api/v1/listenKey";
const BTC: &str = "E-BTC-USDT";

fn into_contract(amount: &str) -> Transfer {
    Transfer {
        coin_symbol: "USDT".into(),
        amount: d(amount),
        transfer_type: TransferType::WalletToContract,
    }
}

/// The funded account's USDT wallet balance, as the simulator keeps it.
fn wallet_usdt(sim: &contango_sim::Sim) -> rust_decimal::Decimal {
    sim.audit("USDT").wallets
}

#[tokio::test]
async fn get_retries_5xx_within_the_policy() {
    let sim = sim().await;
    let c = builder(&sim)
        .retry_policy(fast_retries(4))
        .build()
        .expect("client");
    // 1..=3 failures (HTTP 503 / 500 / 502 with -1001) then success: 2..=4 attempts.
    for (failures, status) in [(1, 503), (2, 500), (3, 502)] {
        sim.inject(
            FaultRule::new(Fault::Status(status))
                .path(TICKER)
                .times(failures),
        );
        let before = sim.received().len();
        c.ticker(BTC).send().await.expect("retried to success");
        assert_eq!(
            received_since(&sim, before, "GET", TICKER),
            failures as usize + 1
        );
    }
    // Four failures exhaust four attempts: the last error is returned, nothing more is sent.
    sim.inject(FaultRule::new(Fault::Status(503)).path(TICKER).times(4));
    let before = sim.received().len();
    let e = c.ticker(BTC).send().await.expect_err("exhausted");
    assert_eq!(
        (e.status(), e.code()),
        (Some(503), Some(ErrorCode::InternalError))
    );
    assert_eq!(received_since(&sim, before, "GET", TICKER), 4);
    c.ticker(BTC).send().await.expect("the fault is used up");

    // -1001 (HTTP 500) as an error code, not only as a status.
    sim.inject(
        FaultRule::new(Fault::Code(ErrorCode::InternalError))
            .path(TICKER)
            .times(2),
    );
    let before = sim.received().len();
    c.ticker(BTC).send().await.expect("-1001 retried");
    assert_eq!(received_since(&sim, before, "GET", TICKER), 3);
}

#[tokio::test]
async fn retries_are_bounded_in_total_time() {
    let sim = sim().await;
    // Many attempts allowed, but only 300 ms in all; every backoff is at least 25 ms (half of
    // the 50 ms cap is fixed), so at most 1 + 300 / 25 = 13 attempts fit.
    let c = builder(&sim)
        .retry_policy(RetryPolicy {
            max_attempts: 1_000,
            base_delay: Duration::from_millis(50),
            max_delay: Duration::from_millis(50),
            max_elapsed: Duration::from_millis(300),
        })
        .build()
        .expect("client");
    sim.inject(FaultRule::new(Fault::Status(503)).path(TICKER));
    let e = c.ticker(BTC).send().await.expect_err("the budget ran out");
    assert_eq!(e.status(), Some(503));
    let attempts = sim.received_count("GET", TICKER);
    assert!((2..=13).contains(&attempts), "{attempts} attempts");

    // RetryPolicy::NONE: exactly one attempt.
    let once = builder(&sim)
        .retry_policy(RetryPolicy::NONE)
        .build()
        .expect("client");
    let before = sim.received().len();
    once.ticker(BTC).send().await.expect_err("not retried");
    assert_eq!(received_since(&sim, before, "GET", TICKER), 1);
}

#[tokio::test]
async fn get_retries_transport_failures_and_timeouts() {
    let sim = sim().await;
    let c = builder(&sim)
        .retry_policy(fast_retries(3))
        .timeout(Duration::from_millis(300))
        .build()
        .expect("client");
    // The connection is dropped without an answer.
    sim.inject(FaultRule::new(Fault::DropConnection).path(TICKER).times(1));
    let before = sim.received().len();
    c.ticker(BTC)
        .send()
        .await
        .expect("retried after a dropped connection");
    assert_eq!(received_since(&sim, before, "GET", TICKER), 2);
    // No answer within the timeout.
    sim.inject(
        FaultRule::new(Fault::Latency(Duration::from_millis(1_000)))
            .path(TICKER)
            .times(1),
    );
    let before = sim.received().len();
    let started = Instant::now();
    c.ticker(BTC).send().await.expect("retried after a timeout");
    assert!(started.elapsed() >= Duration::from_millis(290));
    assert_eq!(received_since(&sim, before, "GET", TICKER), 2);
}

#[tokio::test]
async fn minus_1003_is_retried_after_the_servers_retry_after() {
    let sim = sim().await;
    let c = builder(&sim)
        .retry_policy(fast_retries(3))
        .build()
        .expect("client");
    // HTTP 429 + -1003 + Retry-After: 2. The policy's own backoff is at most 40 ms, yet the wait
    // is the server's.
    sim.inject(
        FaultRule::new(Fault::RateLimited {
            retry_after_secs: 2,
        })
        .path(TICKER)
        .times(1),
    );
    let started = Instant::now();
    c.ticker(BTC)
        .send()
        .await
        .expect("retried after Retry-After");
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(1_900), "{waited:?}");
    assert_eq!(sim.received_count("GET", TICKER), 2);

    // -1003 as an error code (the simulator answers it with 429 and Retry-After: 1).
    sim.inject(
        FaultRule::new(Fault::Code(ErrorCode::TooManyRequests))
            .path(TICKER)
            .times(1),
    );
    let before = sim.received().len();
    let started = Instant::now();
    c.ticker(BTC).send().await.expect("-1003 retried");
    assert!(started.elapsed() >= Duration::from_millis(900));
    assert_eq!(received_since(&sim, before, "GET", TICKER), 2);

    // A Retry-After beyond the policy's time budget is not waited for within the call.
    let short = builder(&sim)
        .retry_policy(RetryPolicy {
            max_elapsed: Duration::from_secs(1),
            ..fast_retries(3)
        })
        .build()
        .expect("client");
    sim.inject(
        FaultRule::new(Fault::RateLimited {
            retry_after_secs: 30,
        })
        .path(TICKER)
        .times(1),
    );
    let before = sim.received().len();
    let e = short
        .ticker(BTC)
        .send()
        .await
        .expect_err("told to wait 30 s");
    assert_eq!(
        (e.status(), e.code()),
        (Some(429), Some(ErrorCode::TooManyRequests))
    );
    assert_eq!(received_since(&sim, before, "GET", TICKER), 1);
}

#[tokio::test]
async fn listen_key_calls_are_retried() {
    let sim = sim().await;
    let c = builder(&sim)
        .retry_policy(fast_retries(4))
        .build()
        .expect("client");
    // POST (create) is declared idempotent in the spec: it returns the same key.
    sim.inject(
        FaultRule::new(Fault::Status(503))
            .path(LISTEN_KEY)
            .method("POST")
            .times(2),
    );
    let key = c
        .create_listen_key()
        .send()
        .await
        .expect("created after two 503s")
        .listen_key;
    assert_eq!(sim.received_count("POST", LISTEN_KEY), 3);
    // PUT (keep-alive): 5xx and a dropped connection.
    let put = format!("{LISTEN_KEY}/{key}");
    sim.inject(FaultRule::new(Fault::Status(503)).path(&put).times(2));
    sim.inject(FaultRule::new(Fault::DropConnection).path(&put).times(1));
    c.keep_alive_listen_key(&key)
        .send()
        .await
        .expect("kept alive after three failures");
    assert_eq!(sim.received_count("PUT", &put), 4);
}

#[tokio::test]
async fn mutating_calls_are_not_retried_after_5xx_or_a_lost_answer() {
    let sim = sim().await;
    let c = builder(&sim)
        .retry_policy(fast_retries(4))
        .build()
        .expect("client");
    let wallet = wallet_usdt(&sim);

    // 5xx before processing: one request, the error to the caller, nothing moved.
    sim.inject(FaultRule::new(Fault::Status(503)).path(TRANSFER).times(1));
    let e = c
        .transfer(into_contract("10"))
        .send()
        .await
        .expect_err("not retried");
    assert_eq!(e.status(), Some(503));
    assert_eq!(sim.received_count("POST", TRANSFER), 1);
    assert_eq!(wallet_usdt(&sim), wallet);

    // The answer is lost after processing: one request, a transport error, the transfer done once.
    sim.inject(
        FaultRule::new(Fault::DropConnection)
            .path(TRANSFER)
            .times(1),
    );
    let e = c
        .transfer(into_contract("10"))
        .send()
        .await
        .expect_err("answer lost");
    assert!(e.code().is_none(), "{e}");
    assert_eq!(e.retry_class(), RetryClass::Ambiguous);
    assert_eq!(sim.received_count("POST", TRANSFER), 2);
    assert_eq!(
        wallet_usdt(&sim),
        wallet - d("10"),
        "processed exactly once"
    );

    // level_edit: the same.
    sim.inject(FaultRule::new(Fault::Status(500)).path(LEVEL_EDIT).times(1));
    c.level_edit(BTC, 20).send().await.expect_err("not retried");
    assert_eq!(sim.received_count("POST", LEVEL_EDIT), 1);
}

#[tokio::test]
async fn mutating_calls_refused_with_429_are_retried() {
    let sim = sim().await;
    let c = builder(&sim)
        .retry_policy(fast_retries(3))
        .build()
        .expect("client");
    let wallet = wallet_usdt(&sim);
    // 429 / -1003 proves nothing was processed: sent again after Retry-After, done once.
    sim.inject(
        FaultRule::new(Fault::RateLimited {
            retry_after_secs: 1,
        })
        .path(TRANSFER)
        .times(1),
    );
    let started = Instant::now();
    c.transfer(into_contract("10"))
        .send()
        .await
        .expect("retried after 429");
    assert!(started.elapsed() >= Duration::from_millis(900));
    assert_eq!(sim.received_count("POST", TRANSFER), 2);
    assert_eq!(wallet_usdt(&sim), wallet - d("10"));

    // The same for an order: two requests, one order.
    sim.inject(
        FaultRule::new(Fault::Code(ErrorCode::TooManyRequests))
            .path(ORDER)
            .method("POST")
            .times(1),
    );
    let ack = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "1",
            "29000",
        ))
        .send()
        .await
        .expect("order after 429");
    assert_eq!(sim.received_count("POST", ORDER), 2);
    let open = c.open_orders(BTC).send().await.expect("open");
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].order_id, ack.order_id);
}
