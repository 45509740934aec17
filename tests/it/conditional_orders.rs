//! Conditional orders (stop loss, take profit, attached orders) against the simulator over real
//! sockets, one test per rule of docs/design.md, Conditional orders; and the -1103 refusal of
//! parameters the simulator does not know.

use contango::{
    Client, ErrorCode, Event, ExecutionType, Open, Order, OrderStatus, OrderType, PositionType,
    Side, StreamItem, TriggerOrderCreateParam, TriggerOrderType, TriggerPriceType, TriggerType,
};
use contango_sim::Sim;
use rust_decimal::Decimal;

use crate::sim_support::{client, code, d, order, raw, second_account, signed_headers, sim};
use crate::stream_support::{ITEM_WAIT, next_item};

const BTC: &str = "E-BTC-USDT";

/// Both prices at 30000, set apart: a trade prints at 30000 (the last price) and the mark is
/// 30000, so that moving one leaves the other where it is.
async fn market() -> (Sim, Client) {
    let sim = sim().await;
    sim.print_trade(BTC, Side::Buy, d("30000"), d("1"))
        .expect("print");
    let c = client(&sim);
    (sim, c)
}

/// Moves the price a trigger watches.
fn move_price(sim: &Sim, source: &TriggerPriceType, price: &str) {
    match source {
        TriggerPriceType::MarkPrice => {
            sim.set_mark_price(BTC, d(price)).expect("mark");
        }
        _ => {
            sim.print_trade(BTC, Side::Sell, d(price), d("1"))
                .expect("trade");
        }
    }
}

/// The other price than `source`.
fn other(source: &TriggerPriceType) -> TriggerPriceType {
    match source {
        TriggerPriceType::MarkPrice => TriggerPriceType::LastPrice,
        _ => TriggerPriceType::MarkPrice,
    }
}

/// A conditional MARKET order of `side` (OPEN, so that no position is needed) with its trigger.
fn conditional(
    side: Side,
    kind: TriggerType,
    source: TriggerPriceType,
    trigger: &str,
) -> contango::NewOrderRequest {
    let mut r = contango::NewOrderRequest::new(order(
        BTC,
        side,
        OrderType::Market,
        Open::Open,
        "1",
        "30000",
    ));
    r.condition_order = Some(true);
    r.trigger_type = Some(kind);
    r.trigger_price_type = Some(source);
    r.trigger_price = Some(d(trigger));
    r
}

/// The order as `query_order` with `conditionOrder=true` shows it.
async fn conditional_order(c: &Client, id: i64) -> Order {
    c.query_order(BTC)
        .order_id(id)
        .condition_order(true)
        .send()
        .await
        .expect("query")
        .into_iter()
        .next()
        .expect("one order")
}

async fn status(c: &Client, id: i64) -> Option<OrderStatus> {
    conditional_order(c, id).await.status
}

#[tokio::test]
async fn each_side_trigger_type_and_price_fires_in_its_direction_only() {
    // (side, trigger type, which way the price must go): a BUY stop and a SELL take profit fire
    // on a rise, a SELL stop and a BUY take profit on a fall.
    let cases = [
        (Side::Buy, TriggerType::StopLoss, true),
        (Side::Sell, TriggerType::StopLoss, false),
        (Side::Buy, TriggerType::TakeProfit, false),
        (Side::Sell, TriggerType::TakeProfit, true),
    ];
    for (side, kind, rises) in cases {
        for source in [TriggerPriceType::LastPrice, TriggerPriceType::MarkPrice] {
            let (sim, c) = market().await;
            let (trigger, near, wrong_way, beyond) = if rises {
                ("30100", "30090", "29000", "30100")
            } else {
                ("29900", "29910", "31000", "29900")
            };
            let what = format!("{side:?} {kind:?} on {source:?}");
            let id = c
                .send(&conditional(side.clone(), kind, source, trigger))
                .await
                .unwrap_or_else(|e| panic!("{what}: {e}"))
                .order_id;
            assert_eq!(status(&c, id).await, Some(OrderStatus::Init), "{what}");
            // Short of the trigger, the wrong way, or on the other price: it waits.
            move_price(&sim, &source, near);
            move_price(&sim, &source, wrong_way);
            move_price(&sim, &other(&source), beyond);
            move_price(&sim, &source, near);
            assert_eq!(status(&c, id).await, Some(OrderStatus::Init), "{what}");
            assert_eq!(sim.pending_triggers(BTC), 1, "{what}");
            // At the trigger it fires: the same id becomes a MARKET order and fills.
            move_price(&sim, &source, beyond);
            let o = conditional_order(&c, id).await;
            assert_eq!(o.status, Some(OrderStatus::Filled), "{what}");
            assert_eq!(o.condition_order, Some(true), "{what}");
            assert_eq!(o.trigger_type, Some(kind), "{what}");
            assert_eq!(o.trigger_price_type, Some(source), "{what}");
            assert_eq!(o.trigger_price, Some(d(trigger)), "{what}");
            assert_eq!(sim.pending_triggers(BTC), 0, "{what}");
            sim.shutdown().await;
        }
    }
}

#[tokio::test]
async fn a_reached_trigger_and_unknown_trigger_values_are_refused() {
    let (sim, c) = market().await;
    // A SELL stop above the price would fire at once: -1138 naming the trigger price.
    let e = c
        .send(&conditional(
            Side::Sell,
            TriggerType::StopLoss,
            TriggerPriceType::LastPrice,
            "30500",
        ))
        .await
        .expect_err("refused");
    assert_eq!(e.code(), Some(ErrorCode::OrderPriceOutOfRange));
    assert!(e.to_string().contains("triggerPrice 30500"), "{e}");
    // The page's own sample sends 0 for the trigger type: -1102 naming it.
    let mut zero = conditional(
        Side::Sell,
        TriggerType::StopLoss,
        TriggerPriceType::LastPrice,
        "29000",
    );
    zero.trigger_type = Some(TriggerType::Other(0));
    let e = c.send(&zero).await.expect_err("refused");
    assert_eq!(e.code(), Some(ErrorCode::ParamEmptyOrMalformed));
    assert!(e.to_string().contains("triggerType"), "{e}");
    zero.trigger_type = Some(TriggerType::StopLoss);
    zero.trigger_price_type = Some(TriggerPriceType::Other(0));
    let e = c.send(&zero).await.expect_err("refused");
    assert!(e.to_string().contains("triggerPriceType"), "{e}");
    // A trigger without conditionOrder is a mistake, not a plain order.
    let mut stray = contango::NewOrderRequest::new(order(
        BTC,
        Side::Buy,
        OrderType::Market,
        Open::Open,
        "1",
        "30000",
    ));
    stray.trigger_price = Some(d("31000"));
    let e = c.send(&stray).await.expect_err("refused");
    assert_eq!(e.code(), Some(ErrorCode::ParamEmptyOrMalformed));
    assert!(e.to_string().contains("triggerPrice"), "{e}");
    assert!(c.open_orders(BTC).send().await.expect("open").is_empty());
    sim.shutdown().await;
}

/// Opens a long of `volume` at the seeded ask (30010) with a MARKET order.
async fn long(c: &Client, volume: &str) {
    c.new_order(order(
        BTC,
        Side::Buy,
        OrderType::Market,
        Open::Open,
        volume,
        "30010",
    ))
    .send()
    .await
    .expect("long");
}

/// The account's long position in BTC, as `account` answers it: `(id, volume)`.
async fn long_position(c: &Client) -> Option<(i64, Decimal)> {
    let a = c.account().send().await.expect("account");
    a.account
        .iter()
        .flat_map(|b| &b.position_vos)
        .filter(|g| g.contract_name == BTC)
        .flat_map(|g| &g.positions)
        .find(|p| p.side == Some(Side::Buy) && p.volume.is_some_and(|v| !v.is_zero()))
        .map(|p| (p.id, p.volume.unwrap_or_default()))
}

async fn long_volume(c: &Client) -> Decimal {
    long_position(c).await.map_or(Decimal::ZERO, |(_, v)| v)
}

/// A protective conditional CLOSE SELL of `volume` (type `t`, price `price`).
fn protective(
    t: OrderType,
    kind: TriggerType,
    trigger: &str,
    volume: &str,
    price: &str,
) -> contango::NewOrderRequest {
    let mut r =
        contango::NewOrderRequest::new(order(BTC, Side::Sell, t, Open::Close, volume, price));
    r.condition_order = Some(true);
    r.trigger_type = Some(kind);
    r.trigger_price = Some(d(trigger));
    r
}

#[tokio::test]
async fn limit_market_and_position_triggers_place_what_they_say() {
    let (sim, c) = market().await;
    long(&c, "5").await;
    // LIMIT: a SELL limit at 29990 (the seeded bid) once the last price falls to 29950.
    let limit = c
        .send(&protective(
            OrderType::Limit,
            TriggerType::StopLoss,
            "29950",
            "1",
            "29990",
        ))
        .await
        .expect("limit stop")
        .order_id;
    // MARKET, 2 of the 5.
    let market = c
        .send(&protective(
            OrderType::Market,
            TriggerType::StopLoss,
            "29900",
            "2",
            "0",
        ))
        .await
        .expect("market stop")
        .order_id;
    sim.print_trade(BTC, Side::Sell, d("29950"), d("1"))
        .expect("trade");
    let o = conditional_order(&c, limit).await;
    assert_eq!(o.order_type, Some(OrderType::Limit));
    assert_eq!(o.trigger_order_type, Some(TriggerOrderType::Limit));
    assert_eq!(o.status, Some(OrderStatus::Filled));
    assert_eq!(o.avg_price, Some(d("29990")));
    assert_eq!(status(&c, market).await, Some(OrderStatus::Init));
    assert_eq!(long_volume(&c).await, d("4"));
    sim.print_trade(BTC, Side::Sell, d("29900"), d("1"))
        .expect("trade");
    assert_eq!(status(&c, market).await, Some(OrderStatus::Filled));
    assert_eq!(long_volume(&c).await, d("2"));
    // POSITION: whatever is left of the long, whatever the volume sent.
    let mut all = protective(
        OrderType::Market,
        TriggerType::TakeProfit,
        "30500",
        "1",
        "0",
    );
    all.trigger_order_type = Some(TriggerOrderType::Position);
    let all = c.send(&all).await.expect("position take profit").order_id;
    sim.add_liquidity(BTC, Side::Buy, d("30500"), d("10"))
        .expect("bid");
    sim.print_trade(BTC, Side::Buy, d("30500"), d("1"))
        .expect("trade");
    let o = conditional_order(&c, all).await;
    assert_eq!(o.status, Some(OrderStatus::Filled));
    assert_eq!(o.trigger_order_type, Some(TriggerOrderType::Position));
    assert_eq!(o.executed_qty, Some(d("2")));
    assert_eq!(long_volume(&c).await, Decimal::ZERO);
    sim.shutdown().await;
}

#[tokio::test]
async fn a_trigger_that_cannot_be_placed_ends_rejected_and_changes_nothing() {
    let (sim, c) = market().await;
    // No position left to close: a POSITION stop placed with no position at all.
    let mut close_all = protective(OrderType::Market, TriggerType::StopLoss, "29900", "1", "0");
    close_all.trigger_order_type = Some(TriggerOrderType::Position);
    let id = c.send(&close_all).await.expect("accepted").order_id;
    // No margin: an OPEN BUY LIMIT stop of 40000 contracts at 30100 (1.2 M USDT needs 120 k at
    // 10x; the account holds 100 k). Accepted: nothing is reserved before the trigger.
    let mut big = conditional(
        Side::Buy,
        TriggerType::StopLoss,
        TriggerPriceType::MarkPrice,
        "30100",
    );
    big.order_type = OrderType::Limit;
    big.price = d("30100");
    big.volume = d("40000");
    let big = c.send(&big).await.expect("accepted").order_id;
    let account = c.account().send().await.expect("account");
    sim.print_trade(BTC, Side::Sell, d("29900"), d("1"))
        .expect("trade");
    sim.set_mark_price(BTC, d("30100")).expect("mark");
    assert_eq!(status(&c, id).await, Some(OrderStatus::Rejected));
    assert_eq!(status(&c, big).await, Some(OrderStatus::Rejected));
    assert_eq!(
        c.account().send().await.expect("account").account[0].account_normal,
        account.account[0].account_normal,
        "nothing reserved, nothing spent"
    );
    assert!(c.open_orders(BTC).send().await.expect("open").is_empty());
    assert_eq!(sim.pending_triggers(BTC), 0);
    sim.shutdown().await;
}

fn attached(
    kind: TriggerType,
    t: OrderType,
    trigger: &str,
    price: &str,
) -> TriggerOrderCreateParam {
    TriggerOrderCreateParam {
        client_order_id: None,
        trigger_type: kind,
        trigger_price_type: TriggerPriceType::LastPrice,
        trigger_price: d(trigger),
        order_type: t,
        price: d(price),
    }
}

/// A BUY LIMIT OPEN at 29995 (inside the seeded spread) with a stop loss at 29500 and a take
/// profit at 30500 attached.
fn entry_with_brackets(volume: &str) -> contango::NewOrderRequest {
    let mut r = contango::NewOrderRequest::new(order(
        BTC,
        Side::Buy,
        OrderType::Limit,
        Open::Open,
        volume,
        "29995",
    ));
    r.trigger_order_create_params = Some(vec![
        attached(TriggerType::StopLoss, OrderType::Market, "29500", "0"),
        attached(TriggerType::TakeProfit, OrderType::Market, "30500", "0"),
    ]);
    r
}

#[tokio::test]
async fn attached_orders_arm_on_the_first_fill_follow_it_and_go_with_an_unfilled_parent() {
    let (sim, c) = market().await;
    // A long of 3 already open: the attached orders cover the entry's 5, not the whole 8.
    long(&c, "3").await;
    let parent = c
        .send(&entry_with_brackets("5"))
        .await
        .expect("entry")
        .order_id;
    let listed = c.open_orders(BTC).send().await.expect("open");
    let p = listed
        .iter()
        .find(|o| o.order_id == parent)
        .expect("parent");
    let children = p.child_orders.clone().unwrap_or_default();
    assert_eq!(children.len(), 2);
    assert!(children.iter().all(|o| o.status == Some(OrderStatus::Init)
        && o.orig_qty == Some(Decimal::ZERO)
        && o.side == Some(Side::Sell)
        && o.action == Some(Open::Close)));
    assert_eq!(sim.pending_triggers(BTC), 0, "not armed before a fill");
    // A partial fill of 2: both armed, covering 2.
    let taker = second_account(&sim, "taker");
    taker
        .new_order(order(
            BTC,
            Side::Sell,
            OrderType::Market,
            Open::Open,
            "2",
            "29995",
        ))
        .send()
        .await
        .expect("partial fill");
    assert_eq!(sim.pending_triggers(BTC), 2);
    for child in &children {
        assert_eq!(
            conditional_order(&c, child.order_id).await.orig_qty,
            Some(d("2"))
        );
    }
    // Then 3 more: they cover all 5.
    taker
        .new_order(order(
            BTC,
            Side::Sell,
            OrderType::Market,
            Open::Open,
            "3",
            "29995",
        ))
        .send()
        .await
        .expect("fill");
    for child in &children {
        assert_eq!(
            conditional_order(&c, child.order_id).await.orig_qty,
            Some(d("5"))
        );
    }
    // The stop fires on a fall and closes the 5 it covers; the take profit is cancelled with it
    // (one cancels the other), though 3 of the long are left.
    sim.print_trade(BTC, Side::Sell, d("29500"), d("1"))
        .expect("trade");
    let stop = conditional_order(&c, children[0].order_id).await;
    assert_eq!(stop.status, Some(OrderStatus::Filled));
    assert_eq!(stop.executed_qty, Some(d("5")));
    assert_eq!(
        status(&c, children[1].order_id).await,
        Some(OrderStatus::Cancelled)
    );
    assert_eq!(long_volume(&c).await, d("3"));

    // A parent cancelled unfilled takes its attached orders with it.
    let parent = c
        .send(&entry_with_brackets("1"))
        .await
        .expect("entry")
        .order_id;
    c.cancel_order(BTC)
        .order_id(parent)
        .send()
        .await
        .expect("cancel");
    let kids = conditional_order_children(&c, parent).await;
    assert_eq!(kids.len(), 2);
    for kid in kids {
        assert_eq!(status(&c, kid).await, Some(OrderStatus::Cancelled));
    }
    assert!(c.open_orders(BTC).send().await.expect("open").is_empty());
    sim.shutdown().await;
}

async fn conditional_order_children(c: &Client, parent: i64) -> Vec<i64> {
    c.query_order(BTC)
        .order_id(parent)
        .send()
        .await
        .expect("query")
        .into_iter()
        .flat_map(|o| o.child_orders.unwrap_or_default())
        .map(|o| o.order_id)
        .collect()
}

#[tokio::test]
async fn an_attached_order_that_would_fire_as_its_parent_fills_is_refused() {
    let (sim, c) = market().await;
    // A stop loss above the entry price of a long.
    let mut r = entry_with_brackets("1");
    r.trigger_order_create_params = Some(vec![attached(
        TriggerType::StopLoss,
        OrderType::Market,
        "30000",
        "0",
    )]);
    let e = c.send(&r).await.expect_err("refused");
    assert_eq!(e.code(), Some(ErrorCode::OrderPriceOutOfRange));
    assert!(
        e.to_string()
            .contains("triggerOrderCreateParams[0].triggerPrice"),
        "{e}"
    );
    // Attached orders attach to OPEN orders only.
    long(&c, "1").await;
    let mut close = contango::NewOrderRequest::new(order(
        BTC,
        Side::Sell,
        OrderType::Limit,
        Open::Close,
        "1",
        "30050",
    ));
    close.trigger_order_create_params = Some(vec![attached(
        TriggerType::StopLoss,
        OrderType::Market,
        "29000",
        "0",
    )]);
    let e = c.send(&close).await.expect_err("refused");
    assert!(e.to_string().contains("triggerOrderCreateParams"), "{e}");
    sim.shutdown().await;
}

#[tokio::test]
async fn stops_on_one_position_cancel_each_other_and_go_when_it_closes() {
    let (sim, c) = market().await;
    long(&c, "3").await;
    let (position, _) = long_position(&c).await.expect("long");
    let on_position = |kind, trigger: &str| {
        let mut r = protective(OrderType::Market, kind, trigger, "3", "0");
        r.position_id = Some(position);
        r
    };
    let stop = c
        .send(&on_position(TriggerType::StopLoss, "29800"))
        .await
        .expect("stop")
        .order_id;
    let take = c
        .send(&on_position(TriggerType::TakeProfit, "30200"))
        .await
        .expect("take profit")
        .order_id;
    // A protective stop of the same position, not named by id: it goes when the position closes.
    let plain = c
        .send(&protective(
            OrderType::Market,
            TriggerType::StopLoss,
            "29000",
            "1",
            "0",
        ))
        .await
        .expect("plain stop")
        .order_id;
    sim.add_liquidity(BTC, Side::Buy, d("30200"), d("10"))
        .expect("bid");
    sim.print_trade(BTC, Side::Buy, d("30200"), d("1"))
        .expect("trade");
    assert_eq!(status(&c, take).await, Some(OrderStatus::Filled));
    assert_eq!(status(&c, stop).await, Some(OrderStatus::Cancelled));
    assert_eq!(status(&c, plain).await, Some(OrderStatus::Cancelled));
    assert_eq!(sim.pending_triggers(BTC), 0);
    // A position closed by hand takes its stop with it.
    long(&c, "1").await;
    let stop = c
        .send(&protective(
            OrderType::Market,
            TriggerType::StopLoss,
            "29000",
            "1",
            "0",
        ))
        .await
        .expect("stop")
        .order_id;
    c.new_order(order(
        BTC,
        Side::Sell,
        OrderType::Market,
        Open::Close,
        "1",
        "0",
    ))
    .send()
    .await
    .expect("close by hand");
    assert_eq!(status(&c, stop).await, Some(OrderStatus::Cancelled));
    // A position named by id must exist, on the side the order closes.
    let mut missing = protective(OrderType::Market, TriggerType::StopLoss, "29000", "1", "0");
    missing.position_id = Some(position);
    let e = c.send(&missing).await.expect_err("refused");
    assert!(e.to_string().contains("positionId"), "{e}");
    sim.shutdown().await;
}

#[tokio::test]
async fn query_and_cancel_find_a_waiting_conditional_order_with_the_flag_only() {
    let (sim, c) = market().await;
    let mut r = conditional(
        Side::Buy,
        TriggerType::StopLoss,
        TriggerPriceType::LastPrice,
        "31000",
    );
    r.client_order_id = Some("stop-1".into());
    let id = c.send(&r).await.expect("placed").order_id;
    let listed = c.open_orders(BTC).send().await.expect("open");
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].condition_order, Some(true));
    assert_eq!(listed[0].status, Some(OrderStatus::Init));
    assert_eq!(listed[0].trigger_price, Some(d("31000")));
    assert_eq!(
        code(c.query_order(BTC).order_id(id).send().await),
        ErrorCode::OrderNotFound
    );
    assert_eq!(
        code(c.cancel_order(BTC).order_id(id).send().await),
        ErrorCode::OrderNotFound
    );
    let found = c
        .query_order(BTC)
        .client_order_id("stop-1")
        .condition_order(true)
        .send()
        .await
        .expect("found by client id");
    assert_eq!(found[0].order_id, id);
    c.cancel_order(BTC)
        .order_id(id)
        .condition_order(true)
        .send()
        .await
        .expect("cancelled");
    assert_eq!(status(&c, id).await, Some(OrderStatus::Cancelled));
    assert_eq!(sim.pending_triggers(BTC), 0);
    // The flag finds only orders that are or were conditional.
    long(&c, "1").await;
    let plain = c.open_orders(BTC).send().await.expect("open");
    assert!(plain.is_empty());
    sim.shutdown().await;
}

#[tokio::test]
async fn the_stream_tells_a_conditional_order_s_whole_life() {
    let (sim, c) = market().await;
    let mut stream = c.user_stream().connect().await.expect("stream");
    let parent = c
        .send(&entry_with_brackets("1"))
        .await
        .expect("entry")
        .order_id;
    // The parent's NEW, then its two attached orders, INIT.
    let mut seen = Vec::new();
    while seen.len() < 3 {
        if let StreamItem::Event(Event::OrderTradeUpdate(u)) =
            next_item(&mut stream, "placement").await
        {
            seen.push((u.order.order_id, u.order.execution_type, u.order.status));
        }
    }
    assert_eq!(seen[0], (parent, ExecutionType::New, OrderStatus::New));
    assert!(
        seen[1..]
            .iter()
            .all(|(_, x, s)| *x == ExecutionType::New && *s == OrderStatus::Init)
    );
    let (stop, take) = (seen[1].0, seen[2].0);
    let taker = second_account(&sim, "taker");
    taker
        .new_order(order(
            BTC,
            Side::Sell,
            OrderType::Market,
            Open::Open,
            "1",
            "0",
        ))
        .send()
        .await
        .expect("fill");
    sim.print_trade(BTC, Side::Sell, d("29500"), d("1"))
        .expect("trade");
    // The parent's trade; the stop fires (NEW, then its trade); the take profit is cancelled.
    let mut updates = Vec::new();
    let deadline = tokio::time::Instant::now() + ITEM_WAIT;
    while !updates
        .iter()
        .any(|(id, x, _)| *id == take && *x == ExecutionType::Canceled)
    {
        assert!(tokio::time::Instant::now() < deadline, "{updates:?}");
        if let StreamItem::Event(Event::OrderTradeUpdate(u)) =
            next_item(&mut stream, "the stop's life").await
        {
            updates.push((u.order.order_id, u.order.execution_type, u.order.status));
        }
    }
    let pos = |want: (i64, ExecutionType, OrderStatus)| {
        updates
            .iter()
            .position(|u| *u == want)
            .unwrap_or_else(|| panic!("{want:?} not in {updates:?}"))
    };
    let filled = pos((parent, ExecutionType::Trade, OrderStatus::Filled));
    let fired = pos((stop, ExecutionType::New, OrderStatus::New));
    let stopped = pos((stop, ExecutionType::Trade, OrderStatus::Filled));
    let cancelled = pos((take, ExecutionType::Canceled, OrderStatus::Cancelled));
    assert!(
        filled < fired && fired < stopped && stopped < cancelled,
        "{updates:?}"
    );
    stream.shutdown().await.expect("shutdown");
    sim.shutdown().await;
}

#[tokio::test]
async fn unknown_query_and_body_parameters_are_refused_by_name() {
    let sim = sim().await;
    let path = "/fapi/v2/openOrders";
    let query = "contractName=E-BTC-USDT&bogusParam=1";
    let r = raw(
        &sim,
        "GET",
        &format!("{path}?{query}"),
        &signed_headers(&sim, "GET", path, query, ""),
        "",
    )
    .await;
    assert_eq!(r.code(), -1103, "{r:?}");
    assert!(r.body.contains("bogusParam"), "{r:?}");
    let path = "/fapi/v2/order";
    let body = r#"{"contractName":"E-BTC-USDT","side":"BUY","type":"LIMIT","positionType":1,"open":"OPEN","volume":1,"amount":1,"price":29000,"bogusParam":true}"#;
    let r = raw(
        &sim,
        "POST",
        path,
        &signed_headers(&sim, "POST", path, "", body),
        body,
    )
    .await;
    assert_eq!(r.code(), -1103, "{r:?}");
    assert!(r.body.contains("bogusParam"), "{r:?}");
    // recvWindow is known everywhere; a public endpoint takes no parameter it does not list.
    let r = raw(&sim, "GET", "/fapi/v1/time?recvWindow=5000", &[], "").await;
    assert_eq!(r.status, 200, "{r:?}");
    let r = raw(&sim, "GET", "/fapi/v1/ping?x=1", &[], "").await;
    assert_eq!(r.code(), -1103, "{r:?}");
    // Nothing was placed.
    assert!(
        client(&sim)
            .open_orders(BTC)
            .send()
            .await
            .expect("open")
            .is_empty()
    );
    sim.shutdown().await;
}

#[tokio::test]
async fn the_one_line_helpers_send_what_the_rules_describe() {
    use contango::conditional::{Protection, Trigger};
    let (sim, c) = market().await;
    // An entry with a stop loss on the last price and a take profit on the mark, LIMIT.
    let parent = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Market,
            Open::Open,
            "2",
            "30010",
        ))
        .stop_loss(d("29500"))
        .take_profit(
            Trigger::mark(d("30600"))
                .limit(d("30590"))
                .client_order_id("tp-1"),
        )
        .send()
        .await
        .expect("entry")
        .order_id;
    let kids = conditional_order_children(&c, parent).await;
    let (stop, take) = (
        conditional_order(&c, kids[0]).await,
        conditional_order(&c, kids[1]).await,
    );
    assert_eq!(
        (
            stop.trigger_type,
            stop.trigger_price_type,
            stop.order_type.clone()
        ),
        (
            Some(TriggerType::StopLoss),
            Some(TriggerPriceType::LastPrice),
            Some(OrderType::Market)
        )
    );
    assert_eq!(
        (
            take.trigger_type,
            take.trigger_price_type,
            take.order_type.clone(),
            take.price,
            take.client_order_id.clone()
        ),
        (
            Some(TriggerType::TakeProfit),
            Some(TriggerPriceType::MarkPrice),
            Some(OrderType::Limit),
            Some(d("30590")),
            Some("tp-1".into())
        )
    );
    assert_eq!(stop.orig_qty, Some(d("2")), "armed on the fill");
    // A stop and a take profit on the whole long, named by its id: one cancels the other.
    let (position, _) = long_position(&c).await.expect("long");
    let whole_stop = c
        .stop_loss(
            BTC,
            Side::Buy,
            PositionType::Cross,
            Trigger::mark(d("29000")),
        )
        .position_id(position)
        .send()
        .await
        .expect("stop")
        .order_id;
    let whole_take = c
        .take_profit(BTC, Side::Buy, PositionType::Cross, d("31000"))
        .position_id(position)
        .send()
        .await
        .expect("take profit")
        .order_id;
    let o = conditional_order(&c, whole_stop).await;
    assert_eq!(o.trigger_order_type, Some(TriggerOrderType::Position));
    assert_eq!(o.side, Some(Side::Sell));
    assert_eq!(o.action, Some(Open::Close));
    sim.set_mark_price(BTC, d("29000")).expect("mark");
    assert_eq!(status(&c, whole_stop).await, Some(OrderStatus::Filled));
    assert_eq!(status(&c, whole_take).await, Some(OrderStatus::Cancelled));
    assert_eq!(long_volume(&c).await, Decimal::ZERO);
    // `when` makes any order conditional: a BUY stop entry.
    let id = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Market,
            Open::Open,
            "1",
            "0",
        ))
        .when(Protection::StopLoss, Trigger::last(d("30300")))
        .send()
        .await
        .expect("stop entry")
        .order_id;
    assert_eq!(status(&c, id).await, Some(OrderStatus::Init));
    sim.shutdown().await;
}
