//! Each limit at its edge: at the maximum passes, one step past it is refused, naming the limit,
//! the value and the maximum; linear and inverse contracts, coins with their own limits and
//! coins valued in USDT.

use super::*;
use rust_decimal_macros::dec;

const NOW: i64 = 1_700_000_000_000;

fn limits() -> RiskLimits {
    RiskLimits::agent_defaults()
}

/// A USDT-margined contract: face value 0.001, mark 30,000 (one contract is 30 USDT).
fn linear() -> Exposure {
    Exposure {
        margin_coin: "USDT".into(),
        inverse: false,
        multiplier: dec!(0.001),
        mark: Some(dec!(30000)),
        book: None,
        position: Decimal::ZERO,
        open_orders: 0,
    }
}

/// A BTC-margined contract: face value 1 USD, mark 20,000 (one contract is 0.00005 BTC, 1 USD).
fn inverse() -> Exposure {
    Exposure {
        margin_coin: "BTC".into(),
        inverse: true,
        multiplier: dec!(1),
        mark: Some(dec!(20000)),
        ..linear()
    }
}

fn limit(volume: Decimal, price: Decimal) -> Ticket {
    Ticket {
        contract: "E-BTC-USDT".into(),
        buy: true,
        isolated: false,
        opens: true,
        market: false,
        volume,
        price,
    }
}

fn refused(r: Result<(), Refusal>) -> Refusal {
    r.expect_err("refused")
}

#[test]
fn order_notional_at_its_edge_linear() {
    let g = RiskGuard::new(limits());
    // 1,000 USDT: 100 contracts at 10,000 (100 × 0.001 × 10,000).
    assert_eq!(
        g.check(&limit(dec!(100), dec!(10000)), &linear(), NOW),
        Ok(())
    );
    let r = refused(g.check(&limit(dec!(100), dec!(10000.1)), &linear(), NOW));
    assert_eq!(r.limit, Limit::OrderNotional);
    assert_eq!(
        (r.value, r.maximum, r.unit.as_str()),
        (dec!(1000.01), dec!(1000), "USDT")
    );
    assert!(r.to_string().contains("max_order_notional"), "{r}");
    assert!(r.to_string().contains("nothing was sent"), "{r}");
}

#[test]
fn order_notional_at_its_edge_inverse_in_usdt_at_the_mark() {
    let g = RiskGuard::new(limits());
    // 1,000 contracts of 1 USD at 20,000: 0.05 BTC, worth 1,000 USDT at the mark.
    let x = inverse();
    assert_eq!(g.check(&limit(dec!(1000), dec!(20000)), &x, NOW), Ok(()));
    let r = refused(g.check(&limit(dec!(1001), dec!(20000)), &x, NOW));
    assert_eq!(r.limit, Limit::OrderNotional);
    assert_eq!((r.value, r.maximum), (dec!(1001), dec!(1000)));
    // A lower price carries more coin: 1,000 contracts at 19,999 are just over.
    assert_eq!(
        refused(g.check(&limit(dec!(1000), dec!(19999)), &x, NOW)).limit,
        Limit::OrderNotional
    );
    // Without a mark, a limit in USDT cannot value BTC: refused rather than guessed.
    let blind = Exposure {
        mark: None,
        ..inverse()
    };
    assert_eq!(
        refused(g.check(&limit(dec!(1), dec!(20000)), &blind, NOW)).limit,
        Limit::OrderNotional
    );
}

#[test]
fn a_coin_with_its_own_limits_is_valued_in_that_coin() {
    let mut l = limits();
    l.coins.insert(
        "BTC".into(),
        Limits {
            max_order_notional: Some(dec!(0.01)),
            ..Limits::default()
        },
    );
    let g = RiskGuard::new(l);
    let x = Exposure {
        mark: None,
        ..inverse()
    };
    // 200 contracts at 20,000: exactly 0.01 BTC.
    assert_eq!(g.check(&limit(dec!(200), dec!(20000)), &x, NOW), Ok(()));
    let r = refused(g.check(&limit(dec!(201), dec!(20000)), &x, NOW));
    assert_eq!(
        (r.value, r.maximum, r.unit.as_str()),
        (dec!(0.01005), dec!(0.01), "BTC")
    );
}

#[test]
fn a_market_order_is_valued_at_the_worst_level_it_takes_or_past_the_mark() {
    let g = RiskGuard::new(limits());
    let mut x = linear();
    x.book = Some(vec![(dec!(30000), dec!(10)), (dec!(31000), dec!(30))]);
    let market = |volume| Ticket {
        market: true,
        price: Decimal::ZERO,
        ..limit(volume, Decimal::ZERO)
    };
    // 32 contracts reach the 31,000 level: 32 × 0.001 × 31,000 = 992.
    assert_eq!(g.check(&market(dec!(32)), &x, NOW), Ok(()));
    // 33 at 31,000 is 1,023.
    assert_eq!(
        refused(g.check(&market(dec!(33)), &x, NOW)).value,
        dec!(1023)
    );
    // More than the book shows: the mark plus 5%: 41 × 0.001 × 31,500 = 1,291.5.
    assert_eq!(
        refused(g.check(&market(dec!(41)), &x, NOW)).value,
        dec!(1291.5)
    );
    x.book = None;
    // No book: 31 × 31.5 = 976.5 passes, 32 × 31.5 = 1,008 does not.
    assert_eq!(g.check(&market(dec!(31)), &x, NOW), Ok(()));
    assert_eq!(
        refused(g.check(&market(dec!(32)), &x, NOW)).value,
        dec!(1008)
    );
}

#[test]
fn position_notional_counts_what_is_held() {
    let mut l = limits();
    l.usdt.max_order_notional = None;
    let g = RiskGuard::new(l);
    let mut x = linear();
    x.position = dec!(100);
    // 100 held + 66 at 30,000 = 166 × 30 = 4,980; 67 more is 5,010.
    assert_eq!(g.check(&limit(dec!(66), dec!(30000)), &x, NOW), Ok(()));
    let r = refused(g.check(&limit(dec!(67), dec!(30000)), &x, NOW));
    assert_eq!(
        (r.limit, r.value, r.maximum),
        (Limit::PositionNotional, dec!(5010), dec!(5000))
    );
    // A closing order reduces: not judged by size.
    let close = Ticket {
        opens: false,
        ..limit(dec!(10000), dec!(30000))
    };
    assert_eq!(g.check(&close, &x, NOW), Ok(()));
}

#[test]
fn open_orders_and_orders_a_minute() {
    let g = RiskGuard::new(limits());
    let mut x = linear();
    x.open_orders = 9;
    let small = limit(dec!(1), dec!(30000));
    assert_eq!(g.check(&small, &x, NOW), Ok(()));
    x.open_orders = 10;
    let r = refused(g.check(&small, &x, NOW));
    assert_eq!(
        (r.limit, r.value, r.maximum),
        (Limit::OpenOrders, dec!(11), dec!(10))
    );
    // A market order does not rest.
    let market = Ticket {
        market: true,
        ..small.clone()
    };
    assert_eq!(g.check(&market, &x, NOW), Ok(()));

    x.open_orders = 0;
    for i in 0..30 {
        assert_eq!(g.admit(&small, &x, NOW + i), Ok(()), "order {i}");
    }
    let r = refused(g.admit(&small, &x, NOW + 30));
    assert_eq!(
        (r.limit, r.value, r.maximum),
        (Limit::OrdersPerMinute, dec!(31), dec!(30))
    );
    // A refused order is not counted; a minute after the first, one more passes.
    assert_eq!(g.admit(&small, &x, NOW + 60_000), Ok(()));
    assert_eq!(
        refused(g.admit(&small, &x, NOW + 60_000)).limit,
        Limit::OrdersPerMinute
    );
}

#[test]
fn the_days_loss_turns_the_account_reducing_only_until_the_next_utc_day() {
    let g = RiskGuard::new(limits());
    let x = linear();
    let open = limit(dec!(1), dec!(30000));
    let close = Ticket {
        opens: false,
        ..open.clone()
    };
    g.record("USDT", dec!(-150), NOW);
    g.record("USDT", dec!(-49.99), NOW + 1);
    assert_eq!(g.check(&open, &x, NOW + 2), Ok(()));
    g.record("USDT", dec!(-0.01), NOW + 3);
    let r = refused(g.check(&open, &x, NOW + 4));
    assert_eq!(
        (r.limit, r.value, r.maximum),
        (Limit::ReducingOnly, dec!(200), dec!(200))
    );
    assert!(g.reducing_only("USDT", None, NOW + 4));
    assert_eq!(
        g.check(&close, &x, NOW + 4),
        Ok(()),
        "a closing order passes"
    );
    // Other coins are not reducing-only.
    assert!(!g.reducing_only("BTC", Some(dec!(20000)), NOW + 4));

    // A restart reads the tally back: still reducing-only.
    let resumed = RiskGuard::resume(limits(), g.tally());
    assert_eq!(
        refused(resumed.check(&open, &x, NOW + 5)).limit,
        Limit::ReducingOnly
    );
    // The next UTC day starts afresh.
    let tomorrow = (NOW / DAY_MS + 1) * DAY_MS;
    assert_eq!(resumed.check(&open, &x, tomorrow), Ok(()));
    // A late record of the day before does not reopen it.
    resumed.record("USDT", dec!(-500), NOW);
    assert_eq!(resumed.check(&open, &x, tomorrow + 1), Ok(()));
}

#[test]
fn an_inverse_coins_loss_is_valued_at_the_mark_for_limits_in_usdt() {
    let g = RiskGuard::new(limits());
    let x = inverse();
    // 0.01 BTC at 20,000 is 200 USDT.
    g.record("BTC", dec!(-0.00999), NOW);
    assert_eq!(g.check(&limit(dec!(1), dec!(20000)), &x, NOW), Ok(()));
    g.record("BTC", dec!(-0.00001), NOW);
    assert_eq!(
        refused(g.check(&limit(dec!(1), dec!(20000)), &x, NOW)).limit,
        Limit::ReducingOnly
    );
}

#[test]
fn only_the_contracts_allowed() {
    let mut l = limits();
    l.contracts = Some(["E-ETH-USDT".to_owned()].into());
    let g = RiskGuard::new(l);
    let r = refused(g.check(&limit(dec!(1), dec!(30000)), &linear(), NOW));
    assert_eq!(r.limit, Limit::Contract);
    assert!(r.detail.contains("E-ETH-USDT"), "{r}");
}

#[test]
fn the_status_says_where_each_coin_stands() {
    let g = RiskGuard::new(limits());
    g.record("USDT", dec!(-250), NOW);
    let x = linear();
    let close = Ticket {
        opens: false,
        ..limit(dec!(1), dec!(30000))
    };
    assert_eq!(g.admit(&close, &x, NOW), Ok(()));
    let s = g.status(NOW + 1, &BTreeMap::new());
    assert_eq!(s.orders_last_minute, 1);
    assert_eq!(s.coins.len(), 1);
    assert!(s.coins[0].reducing_only);
    assert_eq!(s.coins[0].realised_today, dec!(-250));
}
