//! Order types through the state (no HTTP): what rests, what trades, what is left.

use contango::{NewOrder, NewOrderRequest, Open, OrderType, PositionType, Product};
use rust_decimal::Decimal;

use super::OrderStatus;
use crate::config::SimConfig;
use crate::state::{MARKET_MAKER_UID, State, USER_UID};

fn dec(s: &str) -> Decimal {
    s.parse().unwrap_or_default()
}

fn state() -> State {
    let mut st = State::new_for_tests(SimConfig::default());
    st.seed_for_tests();
    st
}

fn order(side: contango::Side, t: OrderType, volume: &str, price: &str) -> NewOrderRequest {
    NewOrderRequest::new(NewOrder {
        contract_name: "E-BTC-USDT".into(),
        side,
        order_type: t,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: dec(volume),
        amount: Decimal::ZERO,
        price: dec(price),
    })
}

fn place(st: &mut State, req: &NewOrderRequest) -> i64 {
    st.place_order(USER_UID, Product::UsdtMargined, req, 1)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn status(st: &State, id: i64) -> (OrderStatus, Decimal) {
    let o = &st.orders[&id];
    (o.status, o.filled)
}

fn asks(st: &State) -> Vec<(Decimal, Decimal)> {
    st.markets["E-BTC-USDT"]
        .book
        .levels(&crate::engine::Side::Sell, 3)
}

#[test]
fn limit_rests_then_trades_with_price_time_priority() {
    let mut st = state();
    // Rests between the seeded bid (29990) and ask (30010).
    let id = place(
        &mut st,
        &order(contango::Side::Buy, OrderType::Limit, "10", "29995"),
    );
    assert_eq!(status(&st, id), (OrderStatus::New, Decimal::ZERO));
    assert_eq!(
        st.open_order_ids(USER_UID, "E-BTC-USDT").ok(),
        Some(vec![id])
    );
    // A second bid at the same price rests behind it (time priority).
    let later = st
        .add_liquidity(
            MARKET_MAKER_UID,
            "E-BTC-USDT",
            crate::engine::Side::Buy,
            dec("29995"),
            dec("5"),
            2,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    // A market sell of 12 takes the user's 10 first, then 2 of the later order.
    let sell = st
        .add_liquidity(
            MARKET_MAKER_UID,
            "E-BTC-USDT",
            crate::engine::Side::Sell,
            dec("29995"),
            dec("12"),
            3,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status(&st, id), (OrderStatus::Filled, dec("10")));
    assert_eq!(status(&st, later), (OrderStatus::PartiallyFilled, dec("2")));
    assert_eq!(status(&st, sell), (OrderStatus::Filled, dec("12")));
    assert!(
        st.open_order_ids(USER_UID, "E-BTC-USDT")
            .is_ok_and(|v| v.is_empty())
    );
}

#[test]
fn market_walks_the_book() {
    let mut st = state();
    let id = place(
        &mut st,
        &order(contango::Side::Buy, OrderType::Market, "150", "0"),
    );
    assert_eq!(status(&st, id), (OrderStatus::Filled, dec("150")));
    // 100 @ 30010 + 50 @ 30020: average 30013.333…
    assert_eq!(asks(&st)[0], (dec("30020"), dec("50")));
    assert_eq!(st.orders[&id].filled_price_volume, dec("4502000"));
}

#[test]
fn ioc_fills_what_it_can_and_cancels_the_rest() {
    let mut st = state();
    let id = place(
        &mut st,
        &order(contango::Side::Buy, OrderType::Ioc, "150", "30010"),
    );
    assert_eq!(status(&st, id), (OrderStatus::Cancelled, dec("100")));
    assert_eq!(asks(&st)[0], (dec("30020"), dec("100")));
    assert!(
        st.open_order_ids(USER_UID, "E-BTC-USDT")
            .is_ok_and(|v| v.is_empty())
    );
}

#[test]
fn fok_is_all_or_nothing() {
    let mut st = state();
    let killed = place(
        &mut st,
        &order(contango::Side::Buy, OrderType::Fok, "150", "30010"),
    );
    assert_eq!(status(&st, killed), (OrderStatus::Cancelled, Decimal::ZERO));
    assert_eq!(asks(&st)[0], (dec("30010"), dec("100")));
    let filled = place(
        &mut st,
        &order(contango::Side::Buy, OrderType::Fok, "150", "30020"),
    );
    assert_eq!(status(&st, filled), (OrderStatus::Filled, dec("150")));
}

#[test]
fn post_only_never_takes() {
    let mut st = state();
    let rejected = place(
        &mut st,
        &order(contango::Side::Buy, OrderType::PostOnly, "5", "30010"),
    );
    assert_eq!(
        status(&st, rejected),
        (OrderStatus::Rejected, Decimal::ZERO)
    );
    assert_eq!(asks(&st)[0], (dec("30010"), dec("100")));
    let rests = place(
        &mut st,
        &order(contango::Side::Buy, OrderType::PostOnly, "5", "30000"),
    );
    assert_eq!(status(&st, rests), (OrderStatus::New, Decimal::ZERO));
}

#[test]
fn refused_orders_leave_no_trace() {
    let mut st = state();
    let before = st.orders.len();
    let mut big = order(contango::Side::Buy, OrderType::Limit, "1000", "30000");
    // 1000 × 0.001 × 30000 / 10 = 3000 margin: fine; 100000 contracts need 300000 > 100000.
    big.volume = dec("100000");
    let e = st
        .place_order(USER_UID, Product::UsdtMargined, &big, 1)
        .err();
    assert_eq!(
        e.map(|e| e.code),
        Some(contango::ErrorCode::InsufficientBalance)
    );
    assert_eq!(st.orders.len(), before);
}
