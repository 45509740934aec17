//! End-to-end: every REST endpoint of both products through the generated `contango::Client`
//! against a running `contango_sim::Sim` over real sockets; order-type semantics; fee and PnL
//! arithmetic against hand-computed expectations; the documented limit and error codes.
//!
//! The default exchange (see the `contango_sim` crate docs): E-BTC-USDT, multiplier 0.001, mark
//! 30000, seeded asks 30010, 30020, … and bids 29990, 29980, … (100 contracts each); commission
//! open taker 0.0004, open maker 0.0002, close taker 0.0005, close maker 0.0003; leverage 10.

use crate::sim_support;

use crate::sim_support::{client, client_for, code, d, order, second_account, sim};
use contango::*;
use contango_sim::{ContractConfig, Sim};
use rust_decimal::Decimal;

const BTC: &str = "E-BTC-USDT";

fn usdt(account: &Account) -> &AccountBalance {
    account
        .account
        .iter()
        .find(|a| a.margin_coin == "USDT")
        .expect("USDT balance")
}

fn positions(b: &AccountBalance) -> Vec<&contango::Position> {
    b.position_vos
        .iter()
        .flat_map(|g| g.positions.iter())
        .collect()
}

/// With funding on, `/v1/index` answers the configured rate and counts down to the next funding
/// on the exchange clock, whole seconds rounded up; a funding time passed starts the next count.
#[tokio::test]
async fn the_index_counts_down_to_the_next_funding() {
    use std::time::Duration;
    // 100 s into an hour: with an hourly funding, 3,500 s are left.
    let start = 1_700_000_000_000 / 3_600_000 * 3_600_000 + 100_000;
    let sim = Sim::builder()
        .clock_at(start)
        .funding(d("0.00025"), Duration::from_secs(3600))
        .start()
        .await
        .expect("simulator starts");
    let c = client(&sim);
    let i = c.index(BTC).send().await.expect("index");
    assert_eq!(i.current_fund_rate, Some(d("0.00025")));
    assert_eq!(i.next_fund_rate, Some(d("0.00025")));
    assert_eq!(i.until_funding, Some(DurationSeconds(3500)));
    sim.advance_clock(Duration::from_millis(500));
    let i = c.index(BTC).send().await.expect("index");
    assert_eq!(i.until_funding, Some(DurationSeconds(3500)), "rounded up");
    sim.advance_clock(Duration::from_millis(3_499_500));
    let i = c.index(BTC).send().await.expect("index");
    assert_eq!(
        i.until_funding,
        Some(DurationSeconds(3600)),
        "at the funding time"
    );
}

#[tokio::test]
async fn market_data_on_both_products() {
    let sim = sim().await;
    let c = client(&sim);
    let coin = client_for(&sim, Product::CoinMargined);

    c.ping().send().await.expect("ping");
    let t = c.server_time().send().await.expect("time");
    assert!((t.server_time.0 - sim.server_time_ms()).abs() < 5_000);

    // Bare, as the exchange's current page has it: every contract of the product.
    let all = c.contracts().send().await.expect("every contract");
    let names: Vec<&str> = all.iter().map(|c| c.symbol.as_str()).collect();
    assert_eq!(names, ["E-BTC-USDT", "E-ETH-USDT", "S-TEST-USDT"]);
    // Named, as the 2023 document has it: that contract alone.
    let contracts = c
        .contracts()
        .contract_name(BTC)
        .send()
        .await
        .expect("contracts");
    assert_eq!(contracts.len(), 1);
    assert_eq!(contracts[0], all[0]);
    let btc = &contracts[0];
    assert_eq!(btc.symbol, BTC);
    assert_eq!(btc.status, Some(ContractStatus::CanTrade));
    assert_eq!(btc.multiplier, Some(d("0.001")));
    assert_eq!(btc.price_precision, Some(1));
    assert_eq!(btc.max_valid_order, Some(20));
    let inverse = coin.contracts().send().await.expect("dapi contracts");
    assert_eq!(inverse.len(), 1, "the coin-margined product lists its own");
    assert_eq!(inverse[0].symbol, "E-BTC-USD");
    assert_eq!(inverse[0].side, Some(ContractSide::Backward));

    // The mark price and funding, from the simulator's own state: funding is off here, so the
    // rates are 0 and the countdown runs to the next 8-hour boundary; the index is the book's mid.
    let i = c.index(BTC).send().await.expect("index");
    assert_eq!(i.mark_price, Some(d("30000")));
    assert_eq!(i.index_price, Some(d("30000")), "mid of 29990 and 30010");
    assert_eq!(i.current_fund_rate, Some(Decimal::ZERO));
    assert_eq!(i.next_fund_rate, Some(Decimal::ZERO));
    let eight_hours = 8 * 3600;
    let left = i.until_funding.expect("until_funding").as_secs();
    let boundary = (sim.server_time_ms() / 1000 / eight_hours + 1) * eight_hours;
    let expected = boundary - sim.server_time_ms() / 1000;
    assert!(
        (left - expected).abs() <= 2,
        "{left} s left, {expected} expected"
    );
    let inverse = coin.index("E-BTC-USD").send().await.expect("dapi index");
    assert!(inverse.mark_price.is_some_and(|m| m > Decimal::ZERO));
    assert!(inverse.until_funding.is_some());
    assert_eq!(
        code(coin.index(BTC).send().await),
        ErrorCode::UsdtMarginedNotSupported
    );

    let book = c.depth(BTC).limit(2).send().await.expect("depth");
    let levels = |l: &[PriceLevel]| l.iter().map(|p| (p.price, p.quantity)).collect::<Vec<_>>();
    assert_eq!(
        levels(&book.bids),
        vec![(d("29990"), d("100")), (d("29980"), d("100"))]
    );
    assert_eq!(
        levels(&book.asks),
        vec![(d("30010"), d("100")), (d("30020"), d("100"))]
    );
    let book = coin.depth("E-BTC-USD").send().await.expect("dapi depth");
    assert_eq!(book.asks.len(), 10);

    let ticker = c.ticker(BTC).send().await.expect("ticker");
    assert_eq!(ticker.last, Some(d("30000")));
    assert_eq!(ticker.vol, Some(Decimal::ZERO));
    let k = c
        .klines(BTC, KlineInterval::OneMinute)
        .limit(5)
        .send()
        .await
        .expect("klines");
    assert_eq!(k.len(), 1);
    assert_eq!(k[0].close, Some(d("30000")));
    coin.ticker("E-BTC-USD").send().await.expect("dapi ticker");
    coin.klines("E-BTC-USD", KlineInterval::OneHour)
        .send()
        .await
        .expect("dapi klines");

    // -1121 unknown contract; -1147 coin-margined on /fapi; -1148 USDT-margined on /dapi.
    assert_eq!(
        code(c.depth("E-NOPE-USDT").send().await),
        ErrorCode::InvalidContract
    );
    assert_eq!(
        code(c.depth("E-BTC-USD").send().await),
        ErrorCode::CoinMarginedNotSupported
    );
    assert_eq!(
        code(coin.ticker(BTC).send().await),
        ErrorCode::UsdtMarginedNotSupported
    );
    assert_eq!(
        code(c.open_orders("E-BTC-USD").send().await),
        ErrorCode::CoinMarginedNotSupported
    );
    assert_eq!(
        code(
            coin.account()
                .send()
                .await
                .and(coin.commission_rate(BTC).send().await)
        ),
        ErrorCode::UsdtMarginedNotSupported
    );
}

/// A LIMIT order rests and shows in openOrders; a MARKET order of another account fills it; the
/// position is closed again. Every amount is computed by hand.
#[tokio::test]
async fn limit_rests_market_fills_and_the_arithmetic_adds_up() {
    let sim = sim().await;
    let c = client(&sim);
    let other = second_account(&sim, "b");

    // LIMIT BUY OPEN 10 @ 29995 sits between the best bid 29990 and the best ask 30010.
    let ack = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "10",
            "29995",
        ))
        .client_order_id("rest-1")
        .send()
        .await
        .expect("limit");
    let open = c.open_orders(BTC).send().await.expect("open orders");
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].order_id, ack.order_id);
    assert_eq!(open[0].status, Some(OrderStatus::New));
    assert_eq!(open[0].client_order_id.as_deref(), Some("rest-1"));
    let book = c.depth(BTC).limit(1).send().await.expect("depth");
    assert_eq!(book.bids[0].price, d("29995"));
    // Margin locked: 10 × 0.001 × 29995 / 10 = 29.995.
    let a = c.account().send().await.expect("account");
    assert_eq!(usdt(&a).account_lock, Some(d("29.995")));
    assert_eq!(usdt(&a).account_normal, Some(d("99970.005")));

    // The other account sells 10 at market: price priority gives it the user's 29995 bid.
    other
        .new_order(order(
            BTC,
            Side::Sell,
            OrderType::Market,
            Open::Open,
            "10",
            "0",
        ))
        .send()
        .await
        .expect("market");
    let q = c
        .query_order(BTC)
        .order_id(ack.order_id)
        .send()
        .await
        .expect("query");
    assert_eq!(q[0].status, Some(OrderStatus::Filled));
    assert_eq!(q[0].executed_qty, Some(d("10")));
    assert_eq!(q[0].avg_price, Some(d("29995")));
    let by_client_id = c
        .query_order(BTC)
        .client_order_id("rest-1")
        .send()
        .await
        .expect("query");
    assert_eq!(by_client_id[0].order_id, ack.order_id);
    assert!(c.open_orders(BTC).send().await.expect("open").is_empty());

    // The user was the maker of an opening fill: fee 10 × 0.001 × 29995 × 0.0002 = 0.05999.
    let trades = c.my_trades(BTC).send().await.expect("trades");
    assert_eq!(trades.len(), 1);
    let t = &trades[0];
    assert_eq!(
        (t.price, t.qty, t.amount),
        (Some(d("29995")), Some(d("10")), Some(d("299.95")))
    );
    assert_eq!(t.fee, Some(d("0.05999")));
    assert_eq!((t.is_buyer, t.is_maker), (Some(true), Some(true)));
    assert_eq!(t.bid_id, Some(ack.order_id));
    assert_eq!(t.bid_user_id, Some(sim.uid()));
    // The taker paid 299.95 × 0.0004 = 0.11998.
    let theirs = other.my_trades(BTC).send().await.expect("their trades");
    assert_eq!(theirs[0].fee, Some(d("0.11998")));
    assert_eq!(theirs[0].trade_id, t.trade_id);
    assert_eq!(
        (theirs[0].is_buyer, theirs[0].is_maker),
        (Some(false), Some(false))
    );

    // Long 10 @ 29995, margin 29.995 (leverage 10); the lock moved into the position.
    let a = c.account().send().await.expect("account");
    let b = usdt(&a);
    assert_eq!(b.account_lock, Some(Decimal::ZERO));
    assert_eq!(b.total_position_normal, Some(d("29.995")));
    let p = positions(b);
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].side, Some(Side::Buy));
    assert_eq!(p[0].volume, Some(d("10")));
    assert_eq!(p[0].avg_price, Some(d("29995")));
    assert_eq!(p[0].leverage_level, Some(10));
    // Unrealized at the mark 30000: 10 × 0.001 × (30000 − 29995) = 0.05.
    assert_eq!(b.unrealized_amount, Some(d("0.05")));
    // Balance 100000 − 0.05999 = 99999.94001; available = that − 29.995 = 99969.94501.
    assert_eq!(b.account_normal, Some(d("99969.94501")));

    // Close at market: the best bid is now the market maker's 29990.
    // PnL 10 × 0.001 × (29990 − 29995) = −0.05; close taker fee 299.9 × 0.0005 = 0.14995.
    c.new_order(order(
        BTC,
        Side::Sell,
        OrderType::Market,
        Open::Close,
        "10",
        "0",
    ))
    .send()
    .await
    .expect("close");
    let a = c.account().send().await.expect("account");
    let b = usdt(&a);
    assert!(positions(b).is_empty());
    assert_eq!(b.achieved_amount, Some(d("-0.05")));
    // 100000 − 0.05999 − 0.05 − 0.14995 = 99999.74006.
    assert_eq!(b.account_normal, Some(d("99999.74006")));
    assert_eq!(b.total_equity, Some(d("99999.74006")));
    let trades = c.my_trades(BTC).send().await.expect("trades");
    assert_eq!(trades.len(), 2);
    assert_eq!(trades[1].fee, Some(d("0.14995")));
    assert_eq!(
        (trades[1].is_buyer, trades[1].is_maker),
        (Some(false), Some(false))
    );

    // myTrades paging: fromId and limit, and the time range.
    let first = trades[0].trade_id;
    let from = c
        .my_trades(BTC)
        .from_id(first + 1)
        .send()
        .await
        .expect("fromId");
    assert_eq!(
        from.iter().map(|t| t.trade_id).collect::<Vec<_>>(),
        vec![trades[1].trade_id]
    );
    let newest = c.my_trades(BTC).limit(1).send().await.expect("limit");
    assert_eq!(newest[0].trade_id, trades[1].trade_id);
    let now = sim.now_ms();
    let none = c
        .my_trades(BTC)
        .start_time(Millis(now + 60_000))
        .send()
        .await
        .expect("range");
    assert!(none.is_empty());
    let all = c
        .my_trades(BTC)
        .start_time(Millis(now - 60_000))
        .end_time(Millis(now + 1))
        .send()
        .await
        .expect("range");
    assert_eq!(all.len(), 2);

    // The filled order cannot be cancelled.
    assert_eq!(
        code(c.cancel_order(BTC).order_id(ack.order_id).send().await),
        ErrorCode::OrderNotCancellable
    );
    // The ticker saw the two trades: last 29990, volume 20.
    let ticker = c.ticker(BTC).send().await.expect("ticker");
    assert_eq!((ticker.last, ticker.vol), (Some(d("29990")), Some(d("20"))));
    assert_eq!(ticker.high, Some(d("29995")));
}

#[tokio::test]
async fn order_types_ioc_fok_post_only_and_market() {
    let sim = sim().await;
    let c = client(&sim);
    let status = |v: Vec<contango::Order>| (v[0].status.clone(), v[0].executed_qty);

    // IOC for 150 at 30010: only 100 are offered there; 100 fill, 50 are cancelled.
    let ioc = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Ioc,
            Open::Open,
            "150",
            "30010",
        ))
        .send()
        .await
        .expect("ioc");
    let q = c
        .query_order(BTC)
        .order_id(ioc.order_id)
        .send()
        .await
        .expect("query");
    assert_eq!(status(q), (Some(OrderStatus::Cancelled), Some(d("100"))));
    assert!(c.open_orders(BTC).send().await.expect("open").is_empty());

    // FOK for 150 at 30020: the asks are now 100 @ 30020, 100 @ 30030: not enough → nothing.
    let fok = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Fok,
            Open::Open,
            "150",
            "30020",
        ))
        .send()
        .await
        .expect("fok");
    let q = c
        .query_order(BTC)
        .order_id(fok.order_id)
        .send()
        .await
        .expect("query");
    assert_eq!(
        status(q),
        (Some(OrderStatus::Cancelled), Some(Decimal::ZERO))
    );
    let book = c.depth(BTC).limit(1).send().await.expect("depth");
    assert_eq!(
        (book.asks[0].price, book.asks[0].quantity),
        (d("30020"), d("100"))
    );
    // FOK for 150 at 30030: fills whole.
    let fok = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Fok,
            Open::Open,
            "150",
            "30030",
        ))
        .send()
        .await
        .expect("fok");
    let q = c
        .query_order(BTC)
        .order_id(fok.order_id)
        .send()
        .await
        .expect("query");
    assert_eq!(status(q), (Some(OrderStatus::Filled), Some(d("150"))));

    // POST_ONLY that would cross (best ask 30030) is rejected; below it, it rests.
    let po = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::PostOnly,
            Open::Open,
            "5",
            "30030",
        ))
        .send()
        .await
        .expect("post only");
    let q = c
        .query_order(BTC)
        .order_id(po.order_id)
        .send()
        .await
        .expect("query");
    assert_eq!(
        status(q),
        (Some(OrderStatus::Rejected), Some(Decimal::ZERO))
    );
    let po = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::PostOnly,
            Open::Open,
            "5",
            "30000",
        ))
        .send()
        .await
        .expect("post only");
    let open = c.open_orders(BTC).send().await.expect("open");
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].order_id, po.order_id);
    assert_eq!(open[0].order_type, Some(OrderType::PostOnly));

    // MARKET walks the book: 50 @ 30030 + 100 @ 30040 + 10 @ 30050; average
    // (50 × 30030 + 100 × 30040 + 10 × 30050) / 160 = 4806000 / 160 = 30037.5.
    let m = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Market,
            Open::Open,
            "160",
            "0",
        ))
        .send()
        .await
        .expect("market");
    let q = c
        .query_order(BTC)
        .order_id(m.order_id)
        .send()
        .await
        .expect("query");
    assert_eq!(q[0].avg_price, Some(d("30037.5")));
    assert_eq!(q[0].status, Some(OrderStatus::Filled));

    // Cancel the resting POST_ONLY order by client id? It has none: by order id, then twice.
    let cancelled = c
        .cancel_order(BTC)
        .order_id(po.order_id)
        .send()
        .await
        .expect("cancel");
    assert_eq!(cancelled.order_id, po.order_id);
    assert_eq!(
        code(c.cancel_order(BTC).order_id(po.order_id).send().await),
        ErrorCode::DuplicateCancelOrInvalidOrder
    );
    assert_eq!(
        code(c.cancel_order(BTC).order_id(42).send().await),
        ErrorCode::OrderNotFound
    );
    assert_eq!(
        code(c.cancel_order(BTC).client_order_id("nope").send().await),
        ErrorCode::OrderNotFound
    );
    assert_eq!(
        code(c.query_order(BTC).order_id(42).send().await),
        ErrorCode::OrderNotFound
    );

    // cancel_all_orders empties the contract.
    for price in ["29000", "29001", "29002"] {
        c.new_order(order(
            BTC,
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "1",
            price,
        ))
        .client_order_id(format!("bulk-{price}"))
        .send()
        .await
        .expect("limit");
    }
    assert_eq!(c.open_orders(BTC).send().await.expect("open").len(), 3);
    let by_coid = c
        .cancel_order(BTC)
        .client_order_id("bulk-29001")
        .send()
        .await
        .expect("cancel");
    let q = c
        .query_order(BTC)
        .order_id(by_coid.order_id)
        .send()
        .await
        .expect("query");
    assert_eq!(q[0].status, Some(OrderStatus::Cancelled));
    #[allow(deprecated)] // deprecated by the exchange, still served
    c.cancel_all_orders(BTC).send().await.expect("cancel all");
    assert!(c.open_orders(BTC).send().await.expect("open").is_empty());
    let a = c.account().send().await.expect("account");
    assert_eq!(usdt(&a).account_lock, Some(Decimal::ZERO));
}

/// Liquidity added through the embedding API, by the market maker and by another account, is
/// matched like any order.
#[tokio::test]
async fn liquidity_from_the_embedding_api() {
    let sim = sim().await;
    let c = client(&sim);
    let other = second_account(&sim, "maker");
    sim.add_liquidity(BTC, Side::Sell, d("30005"), d("3"))
        .expect("market maker");
    let id = sim
        .add_liquidity_as("maker-key", BTC, Side::Sell, d("30005"), d("4"))
        .expect("other account");
    let book = c.depth(BTC).limit(1).send().await.expect("depth");
    assert_eq!(
        (book.asks[0].price, book.asks[0].quantity),
        (d("30005"), d("7"))
    );
    assert_eq!(
        other.open_orders(BTC).send().await.expect("open")[0].order_id,
        id
    );
    // A buy of 5 takes the market maker's 3 first (time priority), then 2 of the other's.
    c.new_order(order(
        BTC,
        Side::Buy,
        OrderType::Market,
        Open::Open,
        "5",
        "0",
    ))
    .send()
    .await
    .expect("market");
    let q = other
        .query_order(BTC)
        .order_id(id)
        .send()
        .await
        .expect("query");
    assert_eq!(q[0].status, Some(OrderStatus::PartiallyFilled));
    assert_eq!(q[0].executed_qty, Some(d("2")));
    // Liquidity that crosses the book trades at once.
    sim.add_liquidity(BTC, Side::Buy, d("30005"), d("2"))
        .expect("crossing");
    let q = other
        .query_order(BTC)
        .order_id(id)
        .send()
        .await
        .expect("query");
    assert_eq!(q[0].status, Some(OrderStatus::Filled));
    assert!(
        sim.add_liquidity("E-NOPE", Side::Buy, d("1"), d("1"))
            .is_err()
    );
}

/// Entry price, unrealized PnL at a set mark price, and a partial close, by hand.
#[tokio::test]
async fn position_pnl_against_the_mark_price() {
    let sim = sim().await;
    let c = client(&sim);
    // MARKET BUY 200: 100 @ 30010 + 100 @ 30020. Value 3001 + 3002 = 6003; entry 6003 / 0.2 =
    // 30015; margin 6003 / 10 = 600.3; taker fee 6003 × 0.0004 = 2.4012.
    c.new_order(order(
        BTC,
        Side::Buy,
        OrderType::Market,
        Open::Open,
        "200",
        "0",
    ))
    .send()
    .await
    .expect("market");
    sim.set_mark_price(BTC, d("31000")).expect("mark");
    let a = c.account().send().await.expect("account");
    let b = usdt(&a);
    let p = positions(b)[0];
    assert_eq!(p.avg_price, Some(d("30015")));
    assert_eq!(p.hold_amount, Some(d("600.3")));
    assert_eq!(p.trade_fee, Some(d("-2.4012")));
    // Unrealized: 200 × 0.001 × 31000 − 6003 = 6200 − 6003 = 197.
    assert_eq!(b.unrealized_amount, Some(d("197")));
    assert_eq!(p.un_realized_amount, Some(d("197")));
    // Maintenance: value 6200 is in bracket 1 (ratio 0.005): 31.
    assert_eq!(b.sum_maintenance_margin, Some(d("31")));
    // Equity: 100000 − 2.4012 + 197 = 100194.5988.
    assert_eq!(b.total_equity, Some(d("100194.5988")));

    // Close 50 with an IOC at 29990 (the best bid): PnL 50 × 0.001 × 29990 − 6003 × 50 / 200 =
    // 1499.5 − 1500.75 = −1.25; close taker fee 1499.5 × 0.0005 = 0.74975.
    c.new_order(order(
        BTC,
        Side::Sell,
        OrderType::Ioc,
        Open::Close,
        "50",
        "29990",
    ))
    .send()
    .await
    .expect("close");
    let a = c.account().send().await.expect("account");
    let b = usdt(&a);
    let p = positions(b)[0];
    assert_eq!(p.volume, Some(d("150")));
    assert_eq!(p.realized_amount, Some(d("-1.25")));
    assert_eq!(p.close_volume, Some(d("50")));
    assert_eq!(p.close_price, Some(d("29990")));
    // Margin released 600.3 × 50 / 200 = 150.075, leaving 450.225.
    assert_eq!(b.total_position_normal, Some(d("450.225")));
    assert_eq!(b.achieved_amount, Some(d("-1.25")));
    // Balance 100000 − 2.4012 − 1.25 − 0.74975 = 99995.59905; available − 450.225 = 99545.37405.
    assert_eq!(b.account_normal, Some(d("99545.37405")));

    // A CLOSE for more than is open: -1156 (a resting CLOSE reserves its volume).
    c.new_order(order(
        BTC,
        Side::Sell,
        OrderType::Limit,
        Open::Close,
        "100",
        "31000",
    ))
    .send()
    .await
    .expect("resting close");
    let p = positions(usdt(&c.account().send().await.expect("account")))[0].clone();
    assert_eq!(p.pending_close_volume, Some(d("100")));
    assert_eq!(
        code(
            c.new_order(order(
                BTC,
                Side::Sell,
                OrderType::Limit,
                Open::Close,
                "51",
                "31000"
            ))
            .send()
            .await
        ),
        ErrorCode::CloseQuantityExceedsPosition
    );
    assert_eq!(
        code(
            c.new_order(order(
                BTC,
                Side::Buy,
                OrderType::Market,
                Open::Close,
                "1",
                "0"
            ))
            .send()
            .await
        ),
        ErrorCode::CloseQuantityExceedsPosition
    );
}

#[tokio::test]
async fn documented_order_limits_answer_their_codes() {
    let sim = sim().await;
    let c = client(&sim);
    let place = |volume: &str, price: &str, t: OrderType| {
        c.new_order(order(BTC, Side::Buy, t, Open::Open, volume, price))
            .send()
    };
    use OrderType::{Limit, Market};
    assert_eq!(
        code(place("0", "30000", Limit).await),
        ErrorCode::OrderQuantityNotAboveMinimum
    );
    assert_eq!(
        code(place("0.5", "30000", Limit).await),
        ErrorCode::OrderQuantityTooSmall
    );
    assert_eq!(
        code(place("1.5", "30000", Limit).await),
        ErrorCode::BadPrecision
    );
    assert_eq!(
        code(place("100001", "30000", Limit).await),
        ErrorCode::OrderQuantityTooLarge
    );
    assert_eq!(
        code(place("1001", "0", Market).await),
        ErrorCode::OrderQuantityExceedsMaximum
    );
    assert_eq!(
        code(place("1", "0", Limit).await),
        ErrorCode::OrderPriceOutOfRange
    );
    assert_eq!(
        code(place("1", "-5", Limit).await),
        ErrorCode::OrderPriceOutOfRange
    );
    let e = place("1", "30000.05", Limit).await.expect_err("precision");
    assert_eq!(e.code(), Some(ErrorCode::TooManyDecimalPlaces));
    assert_eq!(e.message(), Some("maximum of 1 decimal places allowed"));
    assert_eq!(
        code(place("1", "50000", Limit).await),
        ErrorCode::PriceDeviatesFromLastTrade
    );
    // 50000 contracts × 0.001 × 30000 / 10 = 150000 margin > 100000 available.
    assert_eq!(
        code(place("50000", "30000", Limit).await),
        ErrorCode::InsufficientBalance
    );
    let unknown = c
        .new_order(order("E-NOPE-USDT", Side::Buy, Limit, Open::Open, "1", "1"))
        .send()
        .await;
    assert_eq!(code(unknown), ErrorCode::InvalidContract);
    let frozen = c
        .new_order(order("S-TEST-USDT", Side::Buy, Limit, Open::Open, "1", "1"))
        .send()
        .await;
    assert_eq!(code(frozen), ErrorCode::ContractNotTradable);
    let wrong_product = c
        .new_order(order(
            "E-BTC-USD",
            Side::Buy,
            Limit,
            Open::Open,
            "1",
            "30000",
        ))
        .send()
        .await;
    assert_eq!(code(wrong_product), ErrorCode::CoinMarginedNotSupported);
    let wrong_product = client_for(&sim, Product::CoinMargined)
        .new_order(order(BTC, Side::Buy, Limit, Open::Open, "1", "30000"))
        .send()
        .await;
    assert_eq!(code(wrong_product), ErrorCode::UsdtMarginedNotSupported);
    // Values the generated enums carry in their catch-alls reach the server and are refused.
    let side = c
        .new_order(order(
            BTC,
            Side::Other("UP".into()),
            Limit,
            Open::Open,
            "1",
            "30000",
        ))
        .send()
        .await;
    assert_eq!(code(side), ErrorCode::InvalidSide);
    let kind = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Other("STOP".into()),
            Open::Open,
            "1",
            "30000",
        ))
        .send()
        .await;
    assert_eq!(code(kind), ErrorCode::InvalidOrderType);
    // An order leverage that differs from the contract's setting (10).
    let lev = c
        .new_order(order(BTC, Side::Buy, Limit, Open::Open, "1", "30000"))
        .leverage(20)
        .send()
        .await
        .expect_err("leverage");
    assert_eq!(lev.code(), Some(ErrorCode::OrderLeverageConfigMismatch));
    assert_eq!(
        lev.message(),
        Some("order leverage does not match the user's contract configuration 10")
    );
    c.new_order(order(BTC, Side::Buy, Limit, Open::Open, "1", "29000"))
        .leverage(10)
        .send()
        .await
        .expect("matching leverage");
    // Nothing refused left a trace.
    assert_eq!(c.open_orders(BTC).send().await.expect("open").len(), 1);
}

/// -1160, -1161 and -1015 on a contract configured with tighter limits.
#[tokio::test]
async fn money_and_open_order_limits() {
    let mut tight: ContractConfig = contango_sim::config::default_contracts()
        .into_iter()
        .find(|c| c.symbol == BTC)
        .expect("btc");
    tight.min_order_money = d("100");
    tight.max_limit_money = d("1000");
    tight.max_market_money = d("500");
    tight.max_valid_order = 2;
    let sim = Sim::builder().contract(tight).start().await.expect("sim");
    let c = client(&sim);
    let place = |volume: &str, price: &str, t: OrderType| {
        c.new_order(order(BTC, Side::Buy, t, Open::Open, volume, price))
            .send()
    };
    // 1 × 0.001 × 30000 = 30 < 100.
    let e = place("1", "30000", OrderType::Limit)
        .await
        .expect_err("min money");
    assert_eq!(e.code(), Some(ErrorCode::OrderAmountTooSmall));
    assert_eq!(e.message(), Some("minimum order amount is 100"));
    // 40 × 0.001 × 30000 = 1200 > 1000.
    let e = place("40", "30000", OrderType::Limit)
        .await
        .expect_err("max money");
    assert_eq!(e.code(), Some(ErrorCode::OrderAmountTooLarge));
    assert_eq!(e.message(), Some("maximum order amount is 1000"));
    // MARKET 20: 20 × 0.001 × 30010 = 600.2 > 500.
    assert_eq!(
        code(place("20", "0", OrderType::Market).await),
        ErrorCode::OrderAmountTooLarge
    );
    place("10", "29000", OrderType::Limit).await.expect("first");
    place("10", "29001", OrderType::Limit)
        .await
        .expect("second");
    assert_eq!(
        code(place("10", "29002", OrderType::Limit).await),
        ErrorCode::TooManyOrders
    );
}

#[tokio::test]
async fn leverage_brackets_commission_and_margin() {
    let sim = sim().await;
    let c = client(&sim);
    let brackets = c.leverage_bracket(BTC).send().await.expect("brackets");
    assert_eq!(brackets.contract_name, BTC);
    assert_eq!(brackets.brackets.len(), 4);
    assert_eq!(brackets.brackets[0].initial_leverage, Some(d("100")));
    assert_eq!(brackets.brackets[0].maint_margin_ratio, Some(d("0.005")));
    let rates = c.commission_rate(BTC).send().await.expect("commission");
    assert_eq!(rates.open_taker_fee_rate, Some(d("0.0004")));
    assert_eq!(rates.close_maker_fee_rate, Some(d("0.0003")));

    c.level_edit(BTC, 20).send().await.expect("level edit");
    let e = c
        .level_edit(BTC, 110)
        .send()
        .await
        .expect_err("above the contract maximum");
    assert_eq!(e.code(), Some(ErrorCode::LeverageTooHigh));
    assert_eq!(e.message(), Some("maximum leverage does not exceed 100"));
    // No isolated position yet.
    assert_eq!(
        code(c.position_margin(BTC, d("5")).send().await),
        ErrorCode::IsolatedPositionNotFound
    );
    // An open order blocks leverage changes.
    let resting = c
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
        .expect("limit");
    assert_eq!(
        code(c.level_edit(BTC, 5).send().await),
        ErrorCode::OpenOrdersPreventLeverageChange
    );
    c.cancel_order(BTC)
        .order_id(resting.order_id)
        .send()
        .await
        .expect("cancel");

    // Isolated long 100 at leverage 20: 100 @ 30010, value 3001, margin 3001 / 20 = 150.05.
    let mut iso = order(BTC, Side::Buy, OrderType::Market, Open::Open, "100", "0");
    iso.position_type = PositionType::Isolated;
    c.new_order(iso).send().await.expect("isolated");
    c.position_margin(BTC, d("10"))
        .send()
        .await
        .expect("add margin");
    let a = c.account().send().await.expect("account");
    let b = usdt(&a);
    assert_eq!(b.part_position_normal, Some(d("160.05")));
    let p = positions(b)[0];
    assert_eq!(p.position_type, Some(PositionType::Isolated));
    assert_eq!(p.leverage_level, Some(20));
    assert_eq!(p.hold_amount, Some(d("160.05")));
    // Removing more than was added: -2017; removing what was added: fine.
    assert_eq!(
        code(c.position_margin(BTC, d("-10.01")).send().await),
        ErrorCode::InsufficientBalance
    );
    c.position_margin(BTC, d("-4"))
        .send()
        .await
        .expect("remove margin");
    // Leverage 10 doubles the base margin: 3001 / 10 + 6 = 306.1.
    c.level_edit(BTC, 10).send().await.expect("level edit");
    let a = c.account().send().await.expect("account");
    assert_eq!(usdt(&a).part_position_normal, Some(d("306.1")));
}

#[tokio::test]
async fn transfers_and_their_history() {
    let sim = sim().await;
    let c = client(&sim);
    let transfer = |amount: &str, t: TransferType| {
        c.transfer(Transfer {
            coin_symbol: "USDT".into(),
            amount: d(amount),
            transfer_type: t,
        })
        .send()
    };
    transfer("1000", TransferType::WalletToContract)
        .await
        .expect("in");
    transfer("250", TransferType::ContractToWallet)
        .await
        .expect("out");
    // The wallet holds 100000 − 1000 + 250 = 99250.
    assert_eq!(
        code(transfer("99250.01", TransferType::WalletToContract).await),
        ErrorCode::InsufficientBalance
    );
    // The contract account holds 100000 + 1000 − 250 = 100750.
    assert_eq!(
        code(transfer("100750.01", TransferType::ContractToWallet).await),
        ErrorCode::InsufficientBalance
    );
    let a = c.account().send().await.expect("account");
    assert_eq!(usdt(&a).account_normal, Some(d("100750")));

    let ins = c
        .transfer_history(TransferType::WalletToContract)
        .send()
        .await
        .expect("history");
    assert_eq!(ins.len(), 1);
    assert_eq!(ins[0].amount, Some(d("1000")));
    assert_eq!(ins[0].after_amount, Some(d("101000")));
    assert_eq!(ins[0].status, Some(TransferStatus::Success));
    assert_eq!(ins[0].transfer_type, Some(TransferType::WalletToContract));
    let outs = c
        .transfer_history(TransferType::ContractToWallet)
        .coin_symbol("USDT")
        .send()
        .await
        .expect("history");
    assert_eq!(outs.len(), 1);
    assert!(
        c.transfer_history(TransferType::ContractToWallet)
            .coin_symbol("BTC")
            .send()
            .await
            .expect("history")
            .is_empty()
    );

    // Paging: three more in; page 2 of 2 per page holds the 3rd and 4th transfer.
    for amount in ["1", "2", "3"] {
        transfer(amount, TransferType::WalletToContract)
            .await
            .expect("in");
    }
    let page = c
        .transfer_history(TransferType::WalletToContract)
        .page(2)
        .limit(2)
        .send()
        .await
        .expect("page");
    assert_eq!(
        page.iter().map(|t| t.amount).collect::<Vec<_>>(),
        vec![Some(d("2")), Some(d("3"))]
    );

    // The default window is the recent 30 days of the exchange clock.
    let start = sim.now_ms();
    sim.advance_clock(std::time::Duration::from_secs(31 * 24 * 3600));
    let recent = c
        .transfer_history(TransferType::WalletToContract)
        .send()
        .await
        .expect("history");
    assert!(recent.is_empty());
    let explicit = c
        .transfer_history(TransferType::WalletToContract)
        .begin_time(Millis(start - 60_000))
        .send()
        .await
        .expect("history");
    assert_eq!(explicit.len(), 4);
}

/// A mark price below maintenance liquidates an isolated long; the counterparty's short is
/// deleveraged. Both land in forceOrdersHistory.
#[tokio::test]
async fn liquidation_and_adl_by_mark_price() {
    let sim = sim().await;
    let c = client(&sim);
    let other = second_account(&sim, "short");
    // The other account offers 100 @ 30005 (a cross short at leverage 10 once filled).
    other
        .new_order(order(
            BTC,
            Side::Sell,
            OrderType::Limit,
            Open::Open,
            "100",
            "30005",
        ))
        .send()
        .await
        .expect("offer");
    // The user buys it isolated at leverage 100: value 3000.5, margin 30.005, fee 1.2002.
    c.level_edit(BTC, 100).send().await.expect("leverage");
    let mut long = order(BTC, Side::Buy, OrderType::Market, Open::Open, "100", "0");
    long.position_type = PositionType::Isolated;
    c.new_order(long).send().await.expect("long");

    // Mark 29900: unrealized 2990 − 3000.5 = −10.5; equity 30.005 − 10.5 = 19.505 ≥
    // maintenance 2990 × 0.005 = 14.95: nothing happens.
    let r = sim.set_mark_price(BTC, d("29900")).expect("mark");
    assert!(r.liquidated.is_empty());

    // Mark 29700 (through the admin route): unrealized 2970 − 3000.5 = −30.5; equity −0.495 <
    // maintenance 14.85: liquidated. The loss is capped at the margin 30.005 (deficit 0.495).
    let admin = sim_support::raw(
        &sim,
        "POST",
        "/__sim/mark_price",
        &[("Content-Type", "application/json".into())],
        r#"{"contractName":"E-BTC-USDT","price":"29700"}"#,
    )
    .await;
    assert_eq!(admin.status, 200, "{}", admin.body);
    assert!(admin.body.contains(r#""liquidated":1"#), "{}", admin.body);
    assert!(admin.body.contains(r#""deleveraged":1"#), "{}", admin.body);

    let a = c.account().send().await.expect("account");
    let b = usdt(&a);
    assert!(positions(b).is_empty());
    // 100000 − 1.2002 − 30.005 = 99968.7948.
    assert_eq!(b.account_normal, Some(d("99968.7948")));
    let forced = c.force_orders_history(BTC).send().await.expect("forced");
    assert_eq!(forced.len(), 1);
    let f = &forced[0];
    assert_eq!(f.memo.as_deref(), Some("LIQUIDATION"));
    assert_eq!(
        (f.side.clone(), f.volume),
        (Some(Side::Sell), Some(d("100")))
    );
    assert_eq!(f.price, Some(d("29700")));
    assert_eq!(f.realized_amount, Some(d("-30.005")));
    assert_eq!(f.deficit_losses, Some(d("0.495")));
    assert_eq!(f.open_price, Some(d("30005")));
    assert_eq!(f.position_type, Some(PositionType::Isolated));
    assert!(
        c.force_orders_history(BTC)
            .auto_close_type(AutoCloseType::Adl)
            .send()
            .await
            .expect("filtered")
            .is_empty()
    );

    // The short was deleveraged at 29700: PnL 3000.5 − 2970 = 30.5. Its balance:
    // 100000 − maker fee 3000.5 × 0.0002 (0.6001) + 30.5 = 100029.8999.
    let a = other.account().send().await.expect("account");
    let b = usdt(&a);
    assert!(positions(b).is_empty());
    assert_eq!(b.account_normal, Some(d("100029.8999")));
    let adl = other
        .force_orders_history(BTC)
        .auto_close_type(AutoCloseType::Adl)
        .send()
        .await
        .expect("adl");
    assert_eq!(adl.len(), 1);
    assert_eq!(adl[0].memo.as_deref(), Some("ADL"));
    assert_eq!(adl[0].realized_amount, Some(d("30.5")));
    assert_eq!(adl[0].side, Some(Side::Buy));
    // Both sides see the forced trade at the mark price.
    let trades = c.my_trades(BTC).send().await.expect("trades");
    assert_eq!(trades.last().and_then(|t| t.price), Some(d("29700")));
    let paged = c
        .force_orders_history(BTC)
        .page(2)
        .limit(1)
        .send()
        .await
        .expect("page");
    assert!(paged.is_empty());
}

/// The coin-margined product end to end: inverse arithmetic in BTC.
#[tokio::test]
async fn coin_margined_product_end_to_end() {
    let sim = sim().await;
    let c = client_for(&sim, Product::CoinMargined);
    let usd = "E-BTC-USD";
    let key = "coin-b-key";
    let funds = [("BTC", d("10"))];
    sim.add_account(key, "coin-b-secret", &funds, &funds)
        .expect("account");
    let other = sim_support::client_as(&sim, key, "coin-b-secret", Product::CoinMargined);

    // The user bids 30 contracts (100 USD each) at 30000; the other account sells into it.
    let bid = c
        .new_order(order(
            usd,
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "30",
            "30000",
        ))
        .send()
        .await
        .expect("bid");
    assert_eq!(c.open_orders(usd).send().await.expect("open").len(), 1);
    other
        .new_order(order(
            usd,
            Side::Sell,
            OrderType::Market,
            Open::Open,
            "30",
            "0",
        ))
        .send()
        .await
        .expect("sell");
    let q = c
        .query_order(usd)
        .order_id(bid.order_id)
        .send()
        .await
        .expect("query");
    assert_eq!(q[0].status, Some(OrderStatus::Filled));
    // Value 30 × 100 / 30000 = 0.1 BTC; maker fee 0.1 × 0.0002 = 0.00002; margin 0.1 / 10 = 0.01.
    let t = c.my_trades(usd).send().await.expect("trades");
    assert_eq!(
        (t[0].amount, t[0].fee),
        (Some(d("0.1")), Some(d("0.00002")))
    );
    let a = c.account().send().await.expect("account");
    assert_eq!(a.account.len(), 1);
    let b = &a.account[0];
    assert_eq!(b.margin_coin, "BTC");
    assert_eq!(b.total_position_normal, Some(d("0.01")));
    // 10 − 0.00002 − 0.01 = 9.98998.
    assert_eq!(b.account_normal, Some(d("9.98998")));
    // Mark 40000: an inverse long gains 3000 × (1/30000 − 1/40000) = 0.1 − 0.075 = 0.025 BTC.
    sim.set_mark_price(usd, d("40000")).expect("mark");
    let a = c.account().send().await.expect("account");
    assert_eq!(a.account[0].unrealized_amount, Some(d("0.025")));
    assert_eq!(
        a.account[0].position_vos[0].positions[0].avg_price,
        Some(d("30000"))
    );

    // The rest of the endpoints on /dapi.
    c.leverage_bracket(usd).send().await.expect("brackets");
    c.commission_rate(usd).send().await.expect("commission");
    c.level_edit(usd, 5).send().await.expect("leverage");
    assert_eq!(
        code(c.position_margin(usd, d("0.001")).send().await),
        ErrorCode::IsolatedPositionNotFound
    );
    c.transfer(Transfer {
        coin_symbol: "BTC".into(),
        amount: d("0.5"),
        transfer_type: TransferType::WalletToContract,
    })
    .send()
    .await
    .expect("transfer");
    let h = c
        .transfer_history(TransferType::WalletToContract)
        .send()
        .await
        .expect("history");
    assert_eq!(h[0].symbol.as_deref(), Some("BTC"));
    assert!(
        c.force_orders_history(usd)
            .send()
            .await
            .expect("forced")
            .is_empty()
    );
    let resting = c
        .new_order(order(
            usd,
            Side::Sell,
            OrderType::Limit,
            Open::Close,
            "10",
            "41000",
        ))
        .send()
        .await
        .expect("close order");
    c.cancel_order(usd)
        .order_id(resting.order_id)
        .send()
        .await
        .expect("cancel");
    #[allow(deprecated)] // deprecated by the exchange, still served
    c.cancel_all_orders(usd).send().await.expect("cancel all");
    let listen = c.create_listen_key().send().await.expect("listen key");
    c.keep_alive_listen_key(&listen.listen_key)
        .send()
        .await
        .expect("keep alive");
    c.close_listen_key(&listen.listen_key)
        .send()
        .await
        .expect("close");
}

/// The funding watcher asks each contract once at start, then no faster than every 5 s each,
/// spread out; its countdown runs between answers. Read from the simulator over REST.
#[tokio::test]
async fn the_funding_watcher_polls_within_its_interval() {
    use contango::funding::{FundingItem, FundingWatcher, MIN_EVERY};
    use std::time::Duration;
    let sim = Sim::builder()
        .funding(d("0.0001"), Duration::from_secs(3600))
        .start()
        .await
        .expect("simulator starts");
    let c = client(&sim);
    let builder = FundingWatcher::builder(c.clone()).every(Duration::from_secs(1));
    assert_eq!(builder.interval(), MIN_EVERY, "never faster than every 5 s");
    // Thirty contracts at the default group's 20 a second: a quarter of it spaces them 6 s.
    let many = (0..30).fold(FundingWatcher::builder(c.clone()), |b, i| {
        b.contract(format!("E-X{i}-USDT"))
    });
    assert_eq!(many.interval(), Duration::from_secs(6));

    let mut watcher = builder.contract(BTC).contract("E-ETH-USDT").start();
    let mut seen = Vec::new();
    while seen.len() < 2 {
        match tokio::time::timeout(Duration::from_secs(5), watcher.next()).await {
            Ok(Some(FundingItem::Updated(f))) => seen.push(f),
            other => panic!("expected an answer, got {other:?}"),
        }
    }
    let names: Vec<&str> = seen.iter().map(|f| f.contract.as_str()).collect();
    assert_eq!(names, [BTC, "E-ETH-USDT"]);
    let btc = watcher.latest(BTC).expect("kept");
    assert_eq!(btc.funding_rate(), Some(d("0.0001")));
    assert_eq!(btc.mark_price(), Some(d("30000")));
    let left = btc.until_funding().expect("a countdown");
    assert!(
        left > Duration::ZERO && left <= Duration::from_secs(3600),
        "{left:?}"
    );
    // Both contracts answered; the next call waits its turn (2.5 s apart).
    assert_eq!(sim.received_count("GET", "/fapi/v1/index"), 2);
}
