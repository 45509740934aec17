//! Resilience (docs/design.md, Runtime): no duplicate orders. A new order always carries a client
//! order
//! id; after an ambiguous outcome (the connection lost after the server accepted it, -1007, -1006,
//! a 5xx "unknown error") the client looks the order up by that id: found, it returns it; not
//! found, it sends it once more with the same id; the lookup failing too is `OutcomeUnknown`.

use crate::sim_support::{builder, d, fast_retries, order, received_since, sim};
use contango::*;
use contango_sim::{Fault, FaultRule, Sim};

const ORDER: &str = "/fapi/v2/order";
const BTC: &str = "E-BTC-USDT";

fn client(sim: &Sim) -> Client {
    builder(sim)
        .retry_policy(fast_retries(3))
        .build()
        .expect("client")
}

fn limit(price: &str) -> NewOrder {
    order(BTC, Side::Buy, OrderType::Limit, Open::Open, "1", price)
}

/// The `clientOrderId` of a logged order request.
fn client_id_sent(body: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(body).ok()?;
    v["clientOrderId"].as_str().map(str::to_owned)
}

/// The client ids of the `POST /fapi/v2/order` requests the simulator received since `since`.
fn ids_sent(sim: &Sim, since: usize) -> Vec<Option<String>> {
    sim.received()
        .iter()
        .skip(since)
        .filter(|r| r.method == "POST" && r.path == ORDER)
        .map(|r| client_id_sent(&r.body))
        .collect()
}

/// Every open order of the funded account in BTC.
async fn open(c: &Client) -> Vec<Order> {
    c.open_orders(BTC).send().await.expect("open orders")
}

#[tokio::test]
async fn accepted_then_dropped_is_looked_up_and_exists_once() {
    let sim = sim().await;
    let c = client(&sim);
    // The simulator places the order, then drops the connection before answering.
    sim.inject(
        FaultRule::new(Fault::DropConnection)
            .path(ORDER)
            .method("POST")
            .times(1),
    );
    let before = sim.received().len();
    let ack = c
        .new_order(limit("29000"))
        .client_order_id("resil-drop-1")
        .send()
        .await
        .expect("recovered by the lookup");
    // Sent once, looked up once, never resent.
    assert_eq!(ids_sent(&sim, before), [Some("resil-drop-1".to_owned())]);
    assert_eq!(received_since(&sim, before, "GET", ORDER), 1);
    let open = open(&c).await;
    assert_eq!(open.len(), 1, "exactly one order");
    assert_eq!(open[0].order_id, ack.order_id, "the one returned");
    assert_eq!(open[0].client_order_id.as_deref(), Some("resil-drop-1"));
    assert_eq!(open[0].price, Some(d("29000")));
}

#[tokio::test]
async fn a_generated_client_order_id_dedupes_too() {
    let sim = sim().await;
    let c = client(&sim);
    // Without a dropped answer, the generated id travels as well (and differs per order).
    c.new_order(limit("29100")).send().await.expect("plain");
    sim.inject(
        FaultRule::new(Fault::DropConnection)
            .path(ORDER)
            .method("POST")
            .times(1),
    );
    let before = sim.received().len();
    let ack = c
        .new_order(limit("29000"))
        .send()
        .await
        .expect("recovered by the lookup");
    let ids = ids_sent(&sim, before);
    assert_eq!(ids.len(), 1, "sent once: {ids:?}");
    let id = ids[0].clone().expect("a client order id was generated");
    assert!(!id.is_empty() && id.len() < 32, "{id}");
    let lookup = sim
        .received()
        .into_iter()
        .skip(before)
        .find(|r| r.method == "GET" && r.path == ORDER)
        .expect("looked up");
    assert!(
        lookup.query.contains(&format!("clientOrderId={id}")),
        "{}",
        lookup.query
    );
    let open = open(&c).await;
    assert_eq!(open.len(), 2);
    let mine: Vec<_> = open
        .iter()
        .filter(|o| o.price == Some(d("29000")))
        .collect();
    assert_eq!(mine.len(), 1, "exactly one order at 29000");
    assert_eq!(mine[0].order_id, ack.order_id);
    assert_eq!(mine[0].client_order_id.as_deref(), Some(id.as_str()));
    assert_ne!(open[0].client_order_id, open[1].client_order_id);
}

/// `Client::send(&NewOrderRequest)` is the same send path as the builder: the dropped answer is
/// looked up by the (generated) client id and the order exists once, not twice.
#[tokio::test]
async fn sending_a_request_value_dedupes_like_the_builder() {
    let sim = sim().await;
    let c = client(&sim);
    sim.inject(
        FaultRule::new(Fault::DropConnection)
            .path(ORDER)
            .method("POST")
            .times(1),
    );
    let before = sim.received().len();
    let request = NewOrderRequest::new(limit("29000"));
    assert_eq!(request.client_order_id, None, "the id is generated on send");
    let ack = c.send(&request).await.expect("recovered by the lookup");
    let ids = ids_sent(&sim, before);
    assert_eq!(ids.len(), 1, "sent once, never resent: {ids:?}");
    let id = ids[0].clone().expect("a client order id was generated");
    assert_eq!(
        received_since(&sim, before, "GET", ORDER),
        1,
        "looked up once"
    );
    let open = open(&c).await;
    assert_eq!(open.len(), 1, "exactly one order");
    assert_eq!(open[0].order_id, ack.order_id, "the one returned");
    assert_eq!(open[0].client_order_id.as_deref(), Some(id.as_str()));
}

#[tokio::test]
async fn not_found_after_an_unknown_outcome_is_resent_once_with_the_same_id() {
    let sim = sim().await;
    let c = client(&sim);
    // -1007 before anything was processed: the lookup answers -2013, the order goes once more.
    sim.inject(
        FaultRule::new(Fault::Code(ErrorCode::BackendTimeout))
            .path(ORDER)
            .method("POST")
            .times(1),
    );
    let before = sim.received().len();
    let ack = c
        .new_order(limit("29000"))
        .send()
        .await
        .expect("resent after not found");
    let ids = ids_sent(&sim, before);
    assert_eq!(ids.len(), 2, "the original and one resend: {ids:?}");
    assert!(ids[0].is_some());
    assert_eq!(ids[0], ids[1], "the resend carries the same id");
    assert_eq!(received_since(&sim, before, "GET", ORDER), 1);
    let open = open(&c).await;
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].order_id, ack.order_id);
    assert_eq!(open[0].client_order_id, ids[0]);

    // The resend's outcome is unknown too: no third attempt, `OutcomeUnknown` with the id.
    sim.inject(
        FaultRule::new(Fault::Code(ErrorCode::BackendTimeout))
            .path(ORDER)
            .method("POST")
            .times(2),
    );
    let before = sim.received().len();
    let e = c
        .new_order(limit("29100"))
        .client_order_id("resil-twice")
        .send()
        .await
        .expect_err("unknown twice");
    match &e {
        Error::OutcomeUnknown { client_id, .. } => assert_eq!(client_id, "resil-twice"),
        other => panic!("expected OutcomeUnknown, got {other}"),
    }
    assert_eq!(ids_sent(&sim, before).len(), 2);
    assert_eq!(received_since(&sim, before, "GET", ORDER), 1);
}

#[tokio::test]
async fn accepted_but_answered_with_an_unknown_status_is_found() {
    let sim = sim().await;
    let c = client(&sim);
    // The server accepts the order, then itself answers "status unknown" (-1007, -1006) or an
    // internal error (-1000, HTTP 500): the lookup finds the order, which is returned.
    let codes = [
        ErrorCode::BackendTimeout,
        ErrorCode::UnexpectedResponse,
        ErrorCode::UnknownError,
    ];
    for (i, code) in codes.into_iter().enumerate() {
        sim.inject(
            FaultRule::new(Fault::CodeAfterHandling(code))
                .path(ORDER)
                .method("POST")
                .times(1),
        );
        let before = sim.received().len();
        let price = format!("2900{i}");
        let ack = c
            .new_order(limit(&price))
            .send()
            .await
            .unwrap_or_else(|e| panic!("{code:?}: {e}"));
        assert_eq!(ids_sent(&sim, before).len(), 1, "{code:?}: sent once");
        assert_eq!(received_since(&sim, before, "GET", ORDER), 1, "{code:?}");
        let at_price: Vec<_> = open(&c)
            .await
            .into_iter()
            .filter(|o| o.price == Some(d(&price)))
            .collect();
        assert_eq!(at_price.len(), 1, "{code:?}: exactly one order");
        assert_eq!(at_price[0].order_id, ack.order_id, "{code:?}");
    }
    assert_eq!(open(&c).await.len(), codes.len());
}

#[tokio::test]
async fn a_failed_lookup_is_outcome_unknown_with_the_client_id() {
    let sim = sim().await;
    let c = client(&sim);
    // The order is accepted and its answer lost; every lookup fails (503, retried 3 times).
    sim.inject(
        FaultRule::new(Fault::DropConnection)
            .path(ORDER)
            .method("POST")
            .times(1),
    );
    sim.inject(
        FaultRule::new(Fault::Status(503))
            .path(ORDER)
            .method("GET")
            .times(3),
    );
    let before = sim.received().len();
    let e = c
        .new_order(limit("29000"))
        .client_order_id("resil-unknown-1")
        .send()
        .await
        .expect_err("outcome unknown");
    let Error::OutcomeUnknown {
        endpoint,
        client_id,
        detail,
        cause,
    } = &e
    else {
        panic!("expected OutcomeUnknown, got {e}");
    };
    assert_eq!(*endpoint, "new_order");
    assert_eq!(client_id, "resil-unknown-1");
    assert!(detail.contains("lookup failed"), "{detail}");
    assert!(cause.is_ambiguous(), "{cause}");
    assert!(e.to_string().contains("resil-unknown-1"), "{e}");
    assert_eq!(e.retry_class(), RetryClass::Ambiguous);
    // Never resent; the lookup was retried within the policy (GET is idempotent).
    assert_eq!(ids_sent(&sim, before).len(), 1);
    assert_eq!(received_since(&sim, before, "GET", ORDER), 3);
    // The caller can resolve it with the id: the order exists, once.
    let found = c
        .query_order(BTC)
        .client_order_id(client_id.clone())
        .send()
        .await
        .expect("found");
    assert_eq!(found.len(), 1);
    assert_eq!(open(&c).await.len(), 1);
}
