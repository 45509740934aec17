//! Resilience (docs/design.md, Runtime): rate limiting. The client paces each endpoint group (the
//! spec's
//! rates, overridable) and waits rather than fails; after -1003 / HTTP 429 every request of the
//! client waits as long as the server said; after HTTP 418 nothing is sent until the ban ends, and
//! calls fail fast with `Error::Banned`.

use std::time::{Duration, Instant};

use crate::sim_support::{builder, fast_retries, order, sim};
use contango::*;
use contango_sim::{Fault, FaultRule, RateLimit};

const TICKER: &str = "/fapi/v1/ticker";
const ORDER: &str = "/fapi/v2/order";
const BTC: &str = "E-BTC-USDT";

fn limit(price: u32) -> NewOrder {
    order(
        BTC,
        Side::Buy,
        OrderType::Limit,
        Open::Open,
        "1",
        &price.to_string(),
    )
}

#[tokio::test]
async fn the_client_delays_rather_than_fails() {
    let sim = sim().await;
    // The server allows 5 requests of the key per 900 ms, then answers -1003.
    let server_limit = RateLimit {
        max_requests: 5,
        per: Duration::from_millis(900),
    };
    sim.set_rate_limit(sim.api_key(), Some(server_limit))
        .expect("limit");

    // A client paced at 5 orders per second (no burst): 6 orders take at least 1 s, and all
    // succeed without a single -1003 (the simulator saw exactly 6 order requests).
    let c = builder(&sim)
        .rate_limit(
            "orders",
            Rate {
                requests: 5,
                per: Duration::from_secs(1),
                burst: 1,
            },
        )
        .retry_policy(RetryPolicy::NONE)
        .build()
        .expect("client");
    // Sample the clock first (public, not counted by the server) so every order is one request.
    assert!(c.core().sync_clock().await);
    let started = Instant::now();
    for i in 0..6 {
        c.new_order(limit(29_000 + i))
            .send()
            .await
            .unwrap_or_else(|e| panic!("order {i}: {e}"));
    }
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(950), "{took:?}");
    assert_eq!(sim.received_count("POST", ORDER), 6);

    // Proof that the server would refuse the same orders unpaced: a client with the orders group
    // opened wide gets -1003 within six orders.
    sim.set_rate_limit(sim.api_key(), Some(server_limit))
        .expect("limit again (fresh window)");
    let unpaced = builder(&sim)
        .rate_limit("orders", Rate::per_second(1_000))
        .retry_policy(RetryPolicy::NONE)
        .build()
        .expect("client");
    assert!(unpaced.core().sync_clock().await);
    let mut refused = None;
    for i in 0..6 {
        if let Err(e) = unpaced.new_order(limit(29_100 + i)).send().await {
            refused = Some(e);
            break;
        }
    }
    let e = refused.expect("the server refuses a sixth order within 900 ms");
    assert_eq!(e.code(), Some(ErrorCode::TooManyRequests), "{e}");
}

#[tokio::test]
async fn the_specs_rates_are_installed_by_default() {
    // The builder shows the spec's groups and rates.
    let text = format!("{:?}", Client::builder());
    assert!(
        text.contains(r#""orders": Rate { requests: 10, per: 1s, burst: 10 }"#),
        "{text}"
    );
    assert!(
        text.contains(r#""default": Rate { requests: 20, per: 1s, burst: 20 }"#),
        "{text}"
    );

    // And they act: 13 orders at 10 per second (burst 10) take at least 300 ms; the 10 first go
    // out back to back.
    let sim = sim().await;
    let c = builder(&sim).build().expect("client");
    assert!(c.core().sync_clock().await);
    c.open_orders(BTC).send().await.expect("warm");
    let started = Instant::now();
    for i in 0..13 {
        c.new_order(limit(29_000 + i)).send().await.expect("order");
    }
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(280), "{took:?}");
}

#[tokio::test]
async fn a_429_pauses_every_request_of_the_client_as_told() {
    let sim = sim().await;
    // The policy's budget (500 ms) is shorter than Retry-After (2 s): the call returns the 429 at
    // once, but the pause holds for every later request of the client, on any endpoint.
    let c = builder(&sim)
        .retry_policy(RetryPolicy {
            max_elapsed: Duration::from_millis(500),
            ..fast_retries(3)
        })
        .build()
        .expect("client");
    sim.inject(
        FaultRule::new(Fault::RateLimited {
            retry_after_secs: 2,
        })
        .path(TICKER)
        .times(1),
    );
    let told = Instant::now();
    let e = c.ticker(BTC).send().await.expect_err("429");
    assert_eq!(
        (e.status(), e.code()),
        (Some(429), Some(ErrorCode::TooManyRequests))
    );
    c.depth(BTC)
        .send()
        .await
        .expect("another endpoint, after the pause");
    let waited = told.elapsed();
    assert!(waited >= Duration::from_millis(1_900), "{waited:?}");
    // Clones share the pause.
    sim.inject(
        FaultRule::new(Fault::RateLimited {
            retry_after_secs: 2,
        })
        .path(TICKER)
        .times(1),
    );
    let told = Instant::now();
    c.ticker(BTC).send().await.expect_err("429");
    let clone = c.clone();
    clone.ping().send().await.expect("after the pause");
    let waited = told.elapsed();
    assert!(waited >= Duration::from_millis(1_900), "{waited:?}");
}

#[tokio::test]
async fn a_418_ban_fails_fast_without_sending_until_it_ends() {
    let sim = sim().await;
    let c = builder(&sim)
        .retry_policy(fast_retries(4))
        .build()
        .expect("client");
    c.account().send().await.expect("warm (clock sampled)");
    // Banned for 3 s (Retry-After: 3): long enough that the fail-fast calls below all fall
    // inside the ban even on a loaded machine.
    sim.inject(
        FaultRule::new(Fault::BannedFor {
            retry_after_secs: 3,
        })
        .path(TICKER)
        .times(1),
    );
    let banned_at = Instant::now();
    let e = c.ticker(BTC).send().await.expect_err("banned");
    match &e {
        Error::Banned {
            endpoint,
            retry_after,
        } => {
            assert_eq!(*endpoint, "ticker");
            assert_eq!(*retry_after, Duration::from_secs(3));
        }
        other => panic!("expected Banned, got {other}"),
    }
    assert!(e.to_string().contains("banned"), "{e}");
    assert_eq!(sim.received_count("GET", TICKER), 1, "not retried");

    // Meanwhile every call fails at once, and nothing reaches the server (not even a clock sample
    // or the contract list of the order precheck).
    let sent = sim.received().len();
    let calls: Vec<Error> = vec![
        c.ticker(BTC).send().await.expect_err("banned"),
        c.ping().send().await.expect_err("banned"),
        c.account().send().await.expect_err("banned"),
        c.new_order(limit(29_000)).send().await.expect_err("banned"),
        c.create_listen_key().send().await.expect_err("banned"),
    ];
    for e in &calls {
        match e {
            Error::Banned { retry_after, .. } => {
                assert!(*retry_after <= Duration::from_secs(3), "{retry_after:?}");
            }
            other => panic!("expected Banned, got {other}"),
        }
    }
    assert_eq!(sim.received().len(), sent, "nothing was sent while banned");
    // The time left is rounded up in the message: never "another 0s" while still banned.
    assert!(!calls[0].to_string().contains("another 0s"), "{}", calls[0]);

    // After the ban, requests flow again.
    let left = Duration::from_millis(3_050).saturating_sub(banned_at.elapsed());
    tokio::time::sleep(left).await;
    c.ticker(BTC).send().await.expect("the ban ended");
    c.new_order(limit(29_000)).send().await.expect("orders too");

    // A bare 418 without Retry-After bans for the default 120 s.
    let other = builder(&sim).build().expect("client");
    sim.inject(FaultRule::new(Fault::Status(418)).path(TICKER).times(1));
    match other.ticker(BTC).send().await {
        Err(Error::Banned { retry_after, .. }) => {
            assert_eq!(retry_after, Duration::from_secs(120));
        }
        other => panic!("expected Banned, got {other:?}"),
    }
    let sent = sim.received().len();
    other.ping().send().await.expect_err("still banned");
    assert_eq!(sim.received().len(), sent);
}
