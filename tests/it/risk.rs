//! Risk limits in front of a real order path: an order the guard refuses is never sent (the
//! simulator receives no order), one it admits is placed; what the guard reads of the account is
//! read over REST, which changes nothing.

use crate::sim_support::{client, order, sim};
use contango::risk::{Limit, RiskGuard, RiskLimits, Ticket, exposure};
use contango::*;

#[tokio::test]
async fn a_refused_order_sends_no_bytes() {
    let sim = sim().await;
    let c = client(&sim);
    let guard = RiskGuard::new(RiskLimits::agent_defaults());
    // 40 contracts at 30,000 of a 0.001 face value: 1,200 USDT, over the 1,000 allowed.
    let big = NewOrderRequest::new(order(
        "E-BTC-USDT",
        Side::Buy,
        OrderType::Limit,
        Open::Open,
        "40",
        "30000",
    ));
    let ticket = Ticket::of(&big);
    let x = exposure(&c, &ticket).await.expect("the account read");
    assert_eq!((x.margin_coin.as_str(), x.inverse), ("USDT", false));
    assert_eq!(x.multiplier, "0.001".parse().expect("a decimal"));
    let refusal = guard
        .admit(&ticket, &x, c.core().timestamp_ms())
        .expect_err("over the notional limit");
    assert_eq!(refusal.limit, Limit::OrderNotional);
    assert_eq!(
        sim.received_count("POST", "/fapi/v2/order"),
        0,
        "nothing was sent"
    );

    let small = NewOrderRequest::new(order(
        "E-BTC-USDT",
        Side::Buy,
        OrderType::Limit,
        Open::Open,
        "30",
        "30000",
    ));
    let ticket = Ticket::of(&small);
    let x = exposure(&c, &ticket).await.expect("the account read");
    guard
        .admit(&ticket, &x, c.core().timestamp_ms())
        .expect("within the limits");
    c.send(&small).await.expect("placed");
    assert_eq!(sim.received_count("POST", "/fapi/v2/order"), 1);
}
