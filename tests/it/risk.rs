//! Risk limits in front of a real order path: an order the guard refuses is never sent (the
//! simulator receives no order), one it admits is placed; what the guard reads of the account is
//! read over REST, which changes nothing.

use crate::sim_support::{client, order, sim};
use contango::risk::{Limit, RiskGuard, RiskLimits, Ticket, exposure};
use contango::*;

/// A limit buy of `volume` E-BTC-USDT at 30,000 (0.001 a contract: 30 USDT each).
fn buy(volume: &str) -> NewOrder {
    order(
        "E-BTC-USDT",
        Side::Buy,
        OrderType::Limit,
        Open::Open,
        volume,
        "30000",
    )
}

#[tokio::test]
async fn a_refused_order_sends_no_bytes() {
    let sim = sim().await;
    let c = client(&sim);
    let guard = RiskGuard::new(RiskLimits::agent_defaults());
    // 40 contracts at 30,000 of a 0.001 face value: 1,200 USDT, over the 1,000 allowed.
    let big = NewOrderRequest::new(buy("40"));
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

    let small = NewOrderRequest::new(buy("30"));
    let ticket = Ticket::of(&small);
    let x = exposure(&c, &ticket).await.expect("the account read");
    guard
        .admit(&ticket, &x, c.core().timestamp_ms())
        .expect("within the limits");
    c.send(&small).await.expect("placed");
    assert_eq!(sim.received_count("POST", "/fapi/v2/order"), 1);
}

/// A guard installed on a client judges every order it sends (a strategy's, a program's), after
/// the contract-limits precheck and before signing: refused, nothing is sent.
#[tokio::test]
async fn an_installed_guard_stands_in_front_of_every_order() {
    let sim = sim().await;
    let c = client(&sim);
    contango::risk::install(
        &c,
        std::sync::Arc::new(RiskGuard::new(RiskLimits::agent_defaults())),
    );
    let clone = c.clone();
    let big = order(
        "E-BTC-USDT",
        Side::Buy,
        OrderType::Limit,
        Open::Open,
        "40",
        "30000",
    );
    let e = clone.new_order(big).send().await.expect_err("refused");
    let Error::InvalidArgument(ia) = &e else {
        panic!("expected InvalidArgument, got {e}");
    };
    assert_eq!(ia.param, "max_order_notional", "{ia}");
    assert!(ia.reason.contains("nothing was sent"), "{ia}");
    assert_eq!(sim.received_count("POST", "/fapi/v2/order"), 0);
    let small = order(
        "E-BTC-USDT",
        Side::Buy,
        OrderType::Limit,
        Open::Open,
        "30",
        "30000",
    );
    c.new_order(small).send().await.expect("within the limits");
    assert_eq!(sim.received_count("POST", "/fapi/v2/order"), 1);
}
