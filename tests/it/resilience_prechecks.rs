//! Resilience (docs/design.md, Runtime): contract-aware validation. With prechecks on (the
//! default), an
//! order the contract cannot take is refused locally with `Error::InvalidArgument` naming the
//! parameter and quoting what the server's code would have said; nothing but the (cached)
//! contract list reaches the server. With `.prechecks(false)` the server answers that code.

use crate::sim_support;

use crate::sim_support::{builder, d, order, sim};
use contango::*;
use contango_sim::config::default_contracts;
use contango_sim::{ContractConfig, Sim};

const ORDER: &str = "/v2/order";
const CONTRACTS: &str = "/v1/contracts";

/// The default exchange plus two contracts with value limits the default ones cannot reach
/// within their price bands: E-VAL-USDT (like E-ETH-USDT, order value 100..=1000 USDT) and
/// E-VAL-USD (like E-BTC-USD, inverse, at least 0.01 BTC).
async fn exchange() -> Sim {
    let contracts = default_contracts();
    let eth = contracts
        .iter()
        .find(|c| c.symbol == "E-ETH-USDT")
        .expect("eth")
        .clone();
    let usd = contracts
        .iter()
        .find(|c| c.symbol == "E-BTC-USD")
        .expect("usd")
        .clone();
    Sim::builder()
        .contract(ContractConfig {
            symbol: "E-VAL-USDT".into(),
            contract_id: 90,
            min_order_money: d("100"),
            max_limit_money: d("1000"),
            ..eth
        })
        .contract(ContractConfig {
            symbol: "E-VAL-USD".into(),
            contract_id: 91,
            min_order_money: d("0.01"),
            ..usd
        })
        .start()
        .await
        .expect("simulator")
}

/// An order the contract's published limits refuse.
struct Case {
    what: &'static str,
    product: Product,
    order: NewOrder,
    /// The parameter named by the local refusal.
    param: &'static str,
    /// The code the server answers.
    code: ErrorCode,
    /// The server's message for it (the spec's meaning, `{0}` filled).
    meaning: &'static str,
}

fn cases() -> Vec<Case> {
    let usdt = Product::UsdtMargined;
    let o = |symbol, t, volume, price| order(symbol, Side::Buy, t, Open::Open, volume, price);
    vec![
        Case {
            what: "below the minimum volume",
            product: usdt,
            order: o("E-BTC-USDT", OrderType::Limit, "0.5", "30000"),
            param: "volume",
            code: ErrorCode::OrderQuantityTooSmall,
            meaning: "order quantity below the minimum",
        },
        Case {
            what: "above the maximum limit-order volume",
            product: usdt,
            order: o("E-BTC-USDT", OrderType::Limit, "100001", "30000"),
            param: "volume",
            code: ErrorCode::OrderQuantityTooLarge,
            meaning: "order quantity exceeds the maximum",
        },
        Case {
            what: "above the maximum market-order volume",
            product: usdt,
            order: o("E-BTC-USDT", OrderType::Market, "1001", "0"),
            param: "volume",
            code: ErrorCode::OrderQuantityExceedsMaximum,
            meaning: "order quantity exceeds the maximum",
        },
        Case {
            what: "too many decimal places in the price",
            product: usdt,
            order: o("E-BTC-USDT", OrderType::Limit, "1", "30000.25"),
            param: "price",
            code: ErrorCode::TooManyDecimalPlaces,
            meaning: "maximum of 1 decimal places allowed",
        },
        Case {
            // 1 × 0.01 × 2000 = 20 USDT.
            what: "below the minimum value (volume × multiplier × price)",
            product: usdt,
            order: o("E-VAL-USDT", OrderType::Limit, "1", "2000"),
            param: "price",
            code: ErrorCode::OrderAmountTooSmall,
            meaning: "minimum order amount is 100",
        },
        Case {
            // 100 × 0.01 × 2000 = 2000 USDT.
            what: "above the maximum value",
            product: usdt,
            order: o("E-VAL-USDT", OrderType::Limit, "100", "2000"),
            param: "price",
            code: ErrorCode::OrderAmountTooLarge,
            meaning: "maximum order amount is 1000",
        },
        Case {
            what: "a contract that is not trading",
            product: usdt,
            order: o("S-TEST-USDT", OrderType::Limit, "1", "1"),
            param: "contractName",
            code: ErrorCode::ContractNotTradable,
            meaning: "contract temporarily cannot be traded",
        },
        Case {
            // Inverse: 1 × 100 USD / 30000 = 0.0033 BTC.
            what: "below the minimum value of an inverse contract (volume × multiplier / price)",
            product: Product::CoinMargined,
            order: o("E-VAL-USD", OrderType::Limit, "1", "30000"),
            param: "price",
            code: ErrorCode::OrderAmountTooSmall,
            meaning: "minimum order amount is 0.01",
        },
    ]
}

#[tokio::test]
async fn orders_beyond_the_contracts_limits_are_refused_locally() {
    let sim = exchange().await;
    let usdt = builder(&sim).build().expect("client");
    let coin = builder(&sim)
        .product(Product::CoinMargined)
        .build()
        .expect("client");
    assert!(usdt.core().prechecks(), "on by default");
    let cases = cases();
    // Twice: the second round is answered from the cache.
    for round in 0..2 {
        for case in &cases {
            let c = match case.product {
                Product::CoinMargined => &coin,
                _ => &usdt,
            };
            let e = c
                .new_order(case.order.clone())
                .send()
                .await
                .expect_err(case.what);
            let Error::InvalidArgument(ia) = &e else {
                panic!("{}: expected InvalidArgument, got {e}", case.what);
            };
            assert_eq!(ia.param, case.param, "{}: {ia}", case.what);
            // The request value sent through `Client::send` takes the same path.
            let request = NewOrderRequest::new(case.order.clone());
            match c.send(&request).await {
                Err(Error::InvalidArgument(same)) => assert_eq!(same, *ia, "{}", case.what),
                other => panic!("{}: send(&request) gave {other:?}", case.what),
            }
            let quoted = format!(
                "{} {}: {}",
                case.code.code(),
                case.code.name(),
                case.meaning
            );
            assert!(
                ia.reason.contains(&quoted),
                "{} (round {round}): {ia}",
                case.what
            );
        }
    }
    // Nothing reached an order endpoint: only the contract list, whole, once per product.
    let log = sim.received();
    assert!(
        log.iter()
            .all(|r| r.method == "GET" && r.path.ends_with(CONTRACTS) && r.query.is_empty()),
        "{log:?}"
    );
    let paths: Vec<&str> = log.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(paths, ["/fapi/v1/contracts", "/dapi/v1/contracts"]);

    // An order within the limits passes the check and is placed; the contract stays cached.
    let ok = order(
        "E-VAL-USDT",
        Side::Buy,
        OrderType::Limit,
        Open::Open,
        "10",
        "1999",
    );
    usdt.new_order(ok).send().await.expect("within the limits");
    let log = sim.received();
    assert_eq!(
        log.iter().filter(|r| r.path.ends_with(CONTRACTS)).count(),
        2
    );
    assert_eq!(
        log.iter()
            .filter(|r| r.method == "POST" && r.path == format!("/fapi{ORDER}"))
            .count(),
        1
    );
}

#[tokio::test]
async fn without_prechecks_the_server_answers_the_same_codes() {
    let sim = exchange().await;
    let usdt = builder(&sim).prechecks(false).build().expect("client");
    let coin = builder(&sim)
        .product(Product::CoinMargined)
        .prechecks(false)
        .build()
        .expect("client");
    assert!(!usdt.core().prechecks());
    let cases = cases();
    for case in &cases {
        let c = match case.product {
            Product::CoinMargined => &coin,
            _ => &usdt,
        };
        let e = c
            .new_order(case.order.clone())
            .send()
            .await
            .expect_err(case.what);
        assert_eq!(e.code(), Some(case.code), "{}: {e}", case.what);
        assert_eq!(e.message(), Some(case.meaning), "{}", case.what);
    }
    // Every order reached the server, and no contract list was fetched.
    let log = sim.received();
    let orders = log
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with(ORDER))
        .count();
    assert_eq!(orders, cases.len());
    assert!(!log.iter().any(|r| r.path.ends_with(CONTRACTS)), "{log:?}");
}

#[tokio::test]
async fn unknown_contracts_and_an_unreachable_contract_list() {
    let sim: Sim = sim().await;
    let c = builder(&sim).build().expect("client");
    // A contract the exchange does not list.
    let e = c
        .new_order(order(
            "E-NOPE-USDT",
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "1",
            "1",
        ))
        .send()
        .await
        .expect_err("no such contract");
    let Error::InvalidArgument(ia) = &e else {
        panic!("expected InvalidArgument, got {e}");
    };
    assert_eq!(ia.param, "contractName", "{ia}");
    assert!(ia.reason.contains("-1121 INVALID_CONTRACT"), "{ia}");
    let log = sim.received();
    assert_eq!(log.len(), 1, "only the contract list was asked: {log:?}");
    assert_eq!(log[0].path, "/fapi/v1/contracts");
    // Without the contract list the server stays the judge: the order is sent.
    sim.inject(
        contango_sim::FaultRule::new(contango_sim::Fault::Status(503))
            .path("/fapi/v1/contracts")
            .times(10),
    );
    let fresh = builder(&sim)
        .retry_policy(sim_support::fast_retries(2))
        .build()
        .expect("client");
    let e = fresh
        .new_order(order(
            "E-BTC-USDT",
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "0.5",
            "30000",
        ))
        .send()
        .await
        .expect_err("refused by the server");
    assert_eq!(e.code(), Some(ErrorCode::OrderQuantityTooSmall), "{e}");
    assert_eq!(
        sim_support::received_since(&sim, 1, "POST", "/fapi/v2/order"),
        1
    );
}

/// When the contract list cannot be fetched, orders go out unchecked (the server remains the
/// judge), and the list is not asked again for a while: later orders do not pay the lookup's
/// retries.
#[tokio::test]
async fn an_unavailable_contract_list_is_not_asked_again_for_each_order() {
    let sim = sim().await;
    let c = builder(&sim)
        .retry_policy(sim_support::fast_retries(3))
        .build()
        .expect("client");
    sim.inject(
        contango_sim::FaultRule::new(contango_sim::Fault::Status(503))
            .path("/fapi/v1/contracts")
            .times(100),
    );
    let buy = || {
        order(
            "E-BTC-USDT",
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "1",
            "29000",
        )
    };
    c.new_order(buy()).send().await.expect("sent unchecked");
    c.new_order(buy())
        .send()
        .await
        .expect("sent unchecked again");
    assert_eq!(
        sim_support::received_since(&sim, 0, "GET", "/fapi/v1/contracts"),
        3,
        "one lookup (3 attempts), then none for the second order"
    );
    assert_eq!(
        sim_support::received_since(&sim, 0, "POST", "/fapi/v2/order"),
        2
    );
}

/// A server of the 2023 document's reading requires the contract's name: the bare call is
/// refused (-1102), and the precheck asks by name from then on, once per contract; the refusals
/// are the same as against a server that lists every contract.
#[tokio::test]
async fn a_server_that_requires_the_name_is_asked_by_name() {
    let sim = Sim::builder()
        .contracts_need_name(true)
        .start()
        .await
        .expect("simulator");
    let c = builder(&sim).build().expect("client");
    let small = |symbol| {
        order(
            symbol,
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "0.5",
            "30000",
        )
    };
    for symbol in ["E-BTC-USDT", "E-ETH-USDT", "E-BTC-USDT"] {
        let e = c
            .new_order(small(symbol))
            .send()
            .await
            .expect_err("below the minimum volume");
        let Error::InvalidArgument(ia) = &e else {
            panic!("{symbol}: expected InvalidArgument, got {e}");
        };
        assert!(ia.reason.contains("-1136"), "{symbol}: {ia}");
    }
    let asked: Vec<String> = sim
        .received()
        .iter()
        .map(|r| format!("{} {}", r.path, r.query))
        .collect();
    assert_eq!(
        asked,
        [
            "/fapi/v1/contracts ",
            "/fapi/v1/contracts contractName=E-BTC-USDT",
            "/fapi/v1/contracts contractName=E-ETH-USDT",
        ],
        "the bare call refused once, then each contract by name"
    );
}
