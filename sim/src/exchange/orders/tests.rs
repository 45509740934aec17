//! Order types through the core (no HTTP): what rests, what trades, what is left.

use rust_decimal::Decimal;

use crate::exchange::book::Side;
use crate::exchange::order::{OrderKind, OrderStatus, Placement};
use crate::exchange::testing::{Bed, order as placement};
use crate::exchange::{MARKET_MAKER_UID, USER_UID};

fn dec(s: &str) -> Decimal {
    s.parse().unwrap_or_default()
}

fn state() -> Bed {
    Bed::default_exchange()
}

fn order(side: Side, kind: OrderKind, volume: &str, price: &str) -> Placement {
    placement("E-BTC-USDT", side, kind, volume, price)
}

fn place(st: &mut Bed, p: &Placement) -> i64 {
    st.place(p.clone(), 1).unwrap_or_else(|e| panic!("{e}"))
}

fn status(st: &Bed, id: i64) -> (OrderStatus, Decimal) {
    let o = st.order(id).unwrap_or_else(|| panic!("order {id}"));
    (o.status, o.filled)
}

fn asks(st: &Bed) -> Vec<(Decimal, Decimal)> {
    st.ex.markets()["E-BTC-USDT"].book.levels(&Side::Sell, 3)
}

#[test]
fn limit_rests_then_trades_with_price_time_priority() {
    let mut st = state();
    // Rests between the seeded bid (29990) and ask (30010).
    let id = place(&mut st, &order(Side::Buy, OrderKind::Limit, "10", "29995"));
    assert_eq!(status(&st, id), (OrderStatus::New, Decimal::ZERO));
    assert_eq!(
        st.ex.open_order_ids(USER_UID, "E-BTC-USDT").ok(),
        Some(vec![id])
    );
    // A second bid at the same price rests behind it (time priority).
    let later = st
        .liquidity(
            MARKET_MAKER_UID,
            "E-BTC-USDT",
            Side::Buy,
            dec("29995"),
            dec("5"),
            2,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    // A market sell of 12 takes the user's 10 first, then 2 of the later order.
    let sell = st
        .liquidity(
            MARKET_MAKER_UID,
            "E-BTC-USDT",
            Side::Sell,
            dec("29995"),
            dec("12"),
            3,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status(&st, id), (OrderStatus::Filled, dec("10")));
    assert_eq!(status(&st, later), (OrderStatus::PartiallyFilled, dec("2")));
    assert_eq!(status(&st, sell), (OrderStatus::Filled, dec("12")));
    assert!(
        st.ex
            .open_order_ids(USER_UID, "E-BTC-USDT")
            .is_ok_and(|v| v.is_empty())
    );
}

#[test]
fn market_walks_the_book() {
    let mut st = state();
    let id = place(&mut st, &order(Side::Buy, OrderKind::Market, "150", "0"));
    assert_eq!(status(&st, id), (OrderStatus::Filled, dec("150")));
    // 100 @ 30010 + 50 @ 30020: average 30013.333…
    assert_eq!(asks(&st)[0], (dec("30020"), dec("50")));
    assert_eq!(
        st.order(id).map(|o| o.filled_price_volume),
        Some(dec("4502000"))
    );
}

#[test]
fn ioc_fills_what_it_can_and_cancels_the_rest() {
    let mut st = state();
    let id = place(&mut st, &order(Side::Buy, OrderKind::Ioc, "150", "30010"));
    assert_eq!(status(&st, id), (OrderStatus::Cancelled, dec("100")));
    assert_eq!(asks(&st)[0], (dec("30020"), dec("100")));
    assert!(
        st.ex
            .open_order_ids(USER_UID, "E-BTC-USDT")
            .is_ok_and(|v| v.is_empty())
    );
}

#[test]
fn fok_is_all_or_nothing() {
    let mut st = state();
    let killed = place(&mut st, &order(Side::Buy, OrderKind::Fok, "150", "30010"));
    assert_eq!(status(&st, killed), (OrderStatus::Cancelled, Decimal::ZERO));
    assert_eq!(asks(&st)[0], (dec("30010"), dec("100")));
    let filled = place(&mut st, &order(Side::Buy, OrderKind::Fok, "150", "30020"));
    assert_eq!(status(&st, filled), (OrderStatus::Filled, dec("150")));
}

#[test]
fn post_only_never_takes() {
    let mut st = state();
    let rejected = place(
        &mut st,
        &order(Side::Buy, OrderKind::PostOnly, "5", "30010"),
    );
    assert_eq!(
        status(&st, rejected),
        (OrderStatus::Rejected, Decimal::ZERO)
    );
    assert_eq!(asks(&st)[0], (dec("30010"), dec("100")));
    let rests = place(
        &mut st,
        &order(Side::Buy, OrderKind::PostOnly, "5", "30000"),
    );
    assert_eq!(status(&st, rests), (OrderStatus::New, Decimal::ZERO));
}

#[test]
fn refused_orders_leave_no_trace() {
    let mut st = state();
    let before = st.ex.orders().len();
    let records = st.records.len();
    let mut big = order(Side::Buy, OrderKind::Limit, "1000", "30000");
    // 1000 × 0.001 × 30000 / 10 = 3000 margin: fine; 100000 contracts need 300000 > 100000.
    big.intent.volume = dec("100000");
    let e = st.place(big, 1).err();
    assert_eq!(
        e.map(|e| e.code),
        Some(contango::ErrorCode::InsufficientBalance)
    );
    assert_eq!(st.ex.orders().len(), before);
    assert_eq!(st.records.len(), records, "nothing left the core");
}
