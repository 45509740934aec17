//! Resilience (docs/design.md, Runtime): the server-time offset. Signed requests carry the server's
//! time
//! as sampled from `/time` (round-trip midpoint); a -1021 resyncs and re-signs exactly once; a
//! server that keeps answering -1021 gets its answer back after one resync, not a storm.

use crate::sim_support::{builder, d, order, received_since, sim};
use contango::*;
use contango_sim::{Fault, FaultRule};

const ACCOUNT: &str = "/fapi/v2/account";
const TIME: &str = "/fapi/v1/time";
const ORDER: &str = "/fapi/v2/order";
const BTC: &str = "E-BTC-USDT";

/// Local wall-clock time in ms.
fn local_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(0))
        .unwrap_or(0)
}

/// The client's offset is the skew, within the loopback round trip (generous: a loaded machine).
fn assert_offset_near(c: &Client, skew: i64) {
    let offset = c.core().clock_offset_ms();
    assert!(
        (offset - skew).abs() < 500,
        "offset {offset} ms for a skew of {skew} ms"
    );
}

#[tokio::test]
async fn signed_requests_follow_a_skewed_server_clock() {
    // +3 s is inside the server's default window (5000 ms behind, 1000 ms ahead), +6 s and -10 s
    // are not; all three are followed.
    for skew in [3_000, 6_000, -10_000] {
        let sim = sim().await;
        sim.set_clock_skew(skew);
        // Proof that the skew matters: a request signed with the local clock is refused.
        let outside = !(-1_000 + 200..=5_000 - 200).contains(&skew);
        let ts = local_ms();
        let sig = sim.credentials().sign(ts, "GET", ACCOUNT, "", b"");
        let refused = reqwest::Client::new()
            .get(format!("{}{ACCOUNT}", sim.rest_url()))
            .header("X-CH-APIKEY", sim.api_key())
            .header("X-CH-TS", ts.to_string())
            .header("X-CH-SIGN", sig.as_str())
            .send()
            .await
            .expect("answer")
            .text()
            .await
            .expect("body");
        assert_eq!(refused.contains("-1021"), outside, "skew {skew}: {refused}");

        let c = builder(&sim).build().expect("client");
        let before = sim.received().len();
        for _ in 0..3 {
            c.account()
                .send()
                .await
                .expect("signed with the server's time");
        }
        assert_offset_near(&c, skew);
        // One clock sample (before the first signed request), then three signed requests.
        assert_eq!(received_since(&sim, before, "GET", TIME), 1, "skew {skew}");
        assert_eq!(received_since(&sim, before, "GET", ACCOUNT), 3);
        // The timestamps sent are the server's time: within the window on the server's side.
        let sent = c.core().timestamp_ms();
        assert!((sent - sim.server_time_ms()).abs() < 500);
    }
}

#[tokio::test]
async fn a_changed_skew_costs_one_minus_1021_one_resync_and_one_resend() {
    let sim = sim().await;
    let c = builder(&sim).build().expect("client");
    c.account().send().await.expect("no skew");
    assert_offset_near(&c, 0);

    // The server clock jumps ahead, then behind: each time the first signed request is refused
    // with -1021, the client samples `/time` once, re-signs and resends once.
    for skew in [10_000, -10_000] {
        sim.set_clock_skew(skew);
        let before = sim.received().len();
        c.account().send().await.expect("resynced and re-signed");
        assert_eq!(
            received_since(&sim, before, "GET", ACCOUNT),
            2,
            "skew {skew}"
        );
        assert_eq!(received_since(&sim, before, "GET", TIME), 1, "skew {skew}");
        assert_offset_near(&c, skew);
        // The next request is right the first time.
        let before = sim.received().len();
        c.account().send().await.expect("in sync");
        assert_eq!(sim.received().len() - before, 1);
    }

    // A POST is re-signed with its body: an order refused with -1021 (so not processed) is sent
    // once more and exists once.
    sim.set_clock_skew(20_000);
    let before = sim.received().len();
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
        .expect("order after a resync");
    assert_eq!(received_since(&sim, before, "POST", ORDER), 2);
    assert_eq!(received_since(&sim, before, "GET", TIME), 1);
    let open = c.open_orders(BTC).send().await.expect("open orders");
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].order_id, ack.order_id);
    assert_eq!(open[0].price, Some(d("29000")));
}

#[tokio::test]
async fn a_server_that_keeps_answering_minus_1021_gets_it_back_after_one_resync() {
    let sim = sim().await;
    let c = builder(&sim).build().expect("client");
    c.account().send().await.expect("warm");
    sim.inject(
        FaultRule::new(Fault::Code(ErrorCode::InvalidTimestamp))
            .path(ACCOUNT)
            .method("GET"),
    );
    for call in 0..3 {
        let before = sim.received().len();
        let e = c.account().send().await.expect_err("-1021 again");
        assert_eq!(e.code(), Some(ErrorCode::InvalidTimestamp), "{e}");
        assert_eq!(e.retry_class(), RetryClass::ResyncClock);
        // Per call: the request, one resync, the re-signed request. No storm.
        assert_eq!(
            received_since(&sim, before, "GET", ACCOUNT),
            2,
            "call {call}"
        );
        assert_eq!(received_since(&sim, before, "GET", TIME), 1, "call {call}");
        assert_eq!(sim.received().len() - before, 3, "call {call}");
    }
    sim.clear_faults();
    c.account().send().await.expect("the server recovered");
}

#[tokio::test]
async fn recv_window_travels_signed_in_query_and_body() {
    let sim = sim().await;
    // 600000 ms is beyond the server's maximum: the server names the parameter it received.
    let too_wide = builder(&sim).recv_window(600_000).build().expect("client");
    let e = too_wide.account().send().await.expect_err("refused");
    assert_eq!(e.code(), Some(ErrorCode::ParamEmptyOrMalformed), "{e}");
    assert!(e.to_string().contains("recvWindow"), "{e}");
    // Within the maximum it is accepted: the server verified a signature over the exact query
    // (GET) and body (POST) carrying it.
    let c = builder(&sim).recv_window(60_000).build().expect("client");
    c.account().send().await.expect("GET with recvWindow");
    c.transfer(Transfer {
        coin_symbol: "USDT".into(),
        amount: d("1"),
        transfer_type: TransferType::WalletToContract,
    })
    .send()
    .await
    .expect("POST with recvWindow");
    let log = sim.received();
    let get = log.iter().rev().find(|r| r.path == ACCOUNT).expect("GET");
    assert_eq!(get.query, "recvWindow=60000");
    let post = log
        .iter()
        .rev()
        .find(|r| r.path == "/fapi/v2/futures_transfer")
        .expect("POST");
    assert!(
        post.body.ends_with(r#""recvWindow":60000}"#),
        "{}",
        post.body
    );
}

/// Ten requests in flight when the server clock jumps: no storm of clock samples.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_minus_1021s_share_one_resync() {
    let sim = sim().await;
    let c = builder(&sim).build().expect("client");
    c.account().send().await.expect("no skew");
    sim.set_clock_skew(10_000);
    let before = sim.received().len();
    let calls: Vec<_> = (0..10)
        .map(|_| {
            let c = c.clone();
            tokio::spawn(async move { c.account().send().await })
        })
        .collect();
    for call in calls {
        call.await.expect("task").expect("resynced");
    }
    // Each call is sent at most twice (refused, re-signed), and the calls refused together share
    // one clock sample.
    let accounts = received_since(&sim, before, "GET", ACCOUNT);
    assert!((10..=20).contains(&accounts), "{accounts} account requests");
    assert_eq!(received_since(&sim, before, "GET", TIME), 1);
    assert_offset_near(&c, 10_000);
}
