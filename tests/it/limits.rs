//! Every documented limit is refused locally, naming the parameter, with nothing sent.

use crate::common::{TestServer, client};
use contango::*;
use rust_decimal::Decimal;

fn order() -> NewOrder {
    NewOrder {
        contract_name: "E-BTC-USDT".into(),
        side: Side::Buy,
        order_type: OrderType::Limit,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: Decimal::ONE,
        amount: Decimal::ONE,
        price: Decimal::ONE,
    }
}

fn refused(r: Result<impl std::fmt::Debug, Error>, param: &str) {
    match r {
        Err(Error::InvalidArgument(a)) => {
            assert_eq!(a.param, param, "{a}");
            assert!(a.to_string().contains(param), "{a}");
        }
        other => panic!("expected InvalidArgument({param}), got {other:?}"),
    }
}

#[tokio::test]
async fn documented_limits_are_checked_before_sending() {
    let s = TestServer::start().await;
    let c = client(&s);
    refused(c.level_edit("E-BTC-USDT", 0).send().await, "leverage");
    refused(c.level_edit("E-BTC-USDT", 126).send().await, "leverage");
    refused(c.new_order(order()).leverage(126).send().await, "leverage");
    refused(
        c.new_order(order())
            .client_order_id("x".repeat(32))
            .send()
            .await,
        "clientOrderId",
    );
    refused(c.depth("E-BTC-USDT").limit(101).send().await, "limit");
    refused(c.depth("E-BTC-USDT").limit(0).send().await, "limit");
    refused(
        c.klines("E-BTC-USDT", KlineInterval::OneMinute)
            .limit(301)
            .send()
            .await,
        "limit",
    );
    refused(c.my_trades("E-BTC-USDT").limit(1001).send().await, "limit");
    refused(
        c.transfer_history(TransferType::WalletToContract)
            .limit(201)
            .send()
            .await,
        "limit",
    );
    refused(
        c.force_orders_history("E-BTC-USDT").limit(201).send().await,
        "limit",
    );
    refused(
        c.force_orders_history("E-BTC-USDT").page(0).send().await,
        "page",
    );
    refused(c.depth("").send().await, "contractName");
    match c.cancel_order("E-BTC-USDT").send().await {
        Err(Error::InvalidArgument(a)) => assert!(
            a.to_string()
                .contains("clientOrderId and orderId cannot both be empty"),
            "{a}"
        ),
        other => panic!("{other:?}"),
    }
    match c.query_order("E-BTC-USDT").send().await {
        Err(Error::InvalidArgument(a)) => {
            assert!(a.to_string().contains("cannot both be empty"), "{a}")
        }
        other => panic!("{other:?}"),
    }
    assert!(
        s.requests().is_empty(),
        "nothing reached the server: {:?}",
        s.requests()
    );

    // The edges themselves are allowed.
    s.respond(
        "/fapi/v2/level_edit",
        200,
        r#"{"code":0,"msg":"ok","data":null}"#,
    );
    c.level_edit("E-BTC-USDT", 1)
        .send()
        .await
        .expect("1 is allowed");
    c.level_edit("E-BTC-USDT", 125)
        .send()
        .await
        .expect("125 is allowed");
    s.respond(
        "/fapi/v2/order",
        200,
        r#"{"code":0,"msg":"ok","data":{"orderId":1}}"#,
    );
    c.new_order(order())
        .client_order_id("x".repeat(31))
        .send()
        .await
        .expect("31 characters");
    let sent: Vec<String> = s.requests().iter().map(|r| r.path.clone()).collect();
    assert_eq!(
        sent,
        [
            "/fapi/v2/level_edit",
            "/fapi/v2/level_edit",
            "/fapi/v2/order"
        ]
    );
}
