//! Every real-world payload that belongs to an endpoint or event of the spec decodes into its typed
//! response, exactly. v2 and user-stream payloads travel through the client over a loopback server;
//! the v1 (bare, older) payloads and the exchange SDK's printed values decode into the same types.

use crate::common;

use crate::common::{TestServer, client, fixture, python_to_json, strip_comments};
use contango::*;
use rust_decimal::Decimal;
use std::str::FromStr;

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal literal")
}

fn from<T: serde::de::DeserializeOwned>(text: &str) -> T {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("decode failed: {e}\n{text}"))
}

#[test]
fn v1_market_data() {
    let c: Vec<Contract> = from(&fixture("v1_contracts.json"));
    assert_eq!(c[0].symbol, "H-HT-USDT");
    assert_eq!(c[0].contract_type, Some(ContractType::Mixed));
    assert_eq!(c[0].status, Some(ContractStatus::CanTrade));
    assert_eq!(c[0].min_order_money, Some(dec("0.001")));
    assert_eq!(c[0].max_limit_money, Some(dec("1000000")));

    let c: Vec<Contract> = from(&fixture("dapi_v1_contracts.json"));
    assert_eq!(c[0].symbol, "H-HT-USD");
    let c: Contract = from(&fixture("koinbay_v1_contracts_element.json"));
    assert_eq!(c.multiplier, Some(dec("0.0001")));
    assert_eq!(c.max_lever, Some(150));

    let t: ServerTime = from(&fixture("v1_time.json"));
    assert_eq!(t.server_time, Millis(1_607_702_400_000));

    // v1_depth.txt: `//` comments removed.
    let d: OrderBook = from(&strip_comments(&fixture("v1_depth.txt")));
    assert_eq!(d.bids[0].price, dec("3.90000000"));
    assert_eq!(d.bids[0].quantity, dec("431.00000000"));
    assert_eq!(d.asks[1].price, dec("5.10000000"));
    assert_eq!(d.time, None);

    let t: Ticker = from(&fixture("v1_ticker.json"));
    assert_eq!(t.high, Some(dec("9279.0301")));
    assert_eq!(t.rose, Some(Decimal::ZERO));
    assert_eq!(t.time, Some(Millis(1_595_563_624_731)));

    let i: MarkPrice = from(&fixture("v1_index.json"));
    assert_eq!(i.mark_price, Some(dec("26435.6")));
    assert_eq!(i.index_price, Some(dec("26441.43")));
    assert_eq!(i.current_fund_rate, Some(dec("0.00010112")));
    assert_eq!(i.next_fund_rate, Some(Decimal::ZERO));
    assert_eq!(i.until_funding, Some(DurationSeconds(5205)));
    assert_eq!(
        i.until_funding.and_then(DurationSeconds::to_duration),
        Some(std::time::Duration::from_secs(5205))
    );

    let k: Vec<Kline> = from(&fixture("v1_klines.json"));
    assert_eq!(k.len(), 3);
    assert_eq!(k[0].idx, Seconds(1_594_640_340));
    assert_eq!(k[0].idx.to_millis(), Millis(1_594_640_340_000));
    assert_eq!(k[2].vol, Some(dec("333")));
}

#[test]
fn v1_orders_and_account() {
    let o: Vec<Order> = from(&fixture("v1_openOrders.json"));
    assert_eq!(o[0].order_id, 259_396_989_397_942_275);
    assert_eq!(o[0].status, Some(OrderStatus::Init));
    assert_eq!(o[0].avg_price, Some(Decimal::ZERO), "0E-8 is zero, exactly");
    assert_eq!(o[0].price, Some(dec("10000.0000000000000000")));
    assert_eq!(
        o[0].transact_time,
        Some(Millis(1_607_702_400_000)),
        "timestamp as a string"
    );

    let q: Vec<Order> = from(&fixture("v1_order_query.json"));
    assert_eq!(q[0].order_id, 259_396_989_397_942_275);

    let n: OrderId = from(&fixture("v1_order_new_response.json"));
    assert_eq!(n.order_id, 256_609_229_205_684_228);

    let a: Account = from(&fixture("v1_account.json"));
    let acct = &a.account[0];
    assert_eq!(acct.total_equity, Some(dec("99964804.560")));
    let p = &acct.position_vos[0].positions[0];
    assert_eq!(p.position_type, Some(PositionType::Isolated));
    assert_eq!(p.ctime, Some(LocalDateTime("2020-12-11T17:42:10".into())));
    assert_eq!(p.capital_fee, Some(dec("2891.2281")));

    // Sibling exchange: ids as strings above 2^53, `time` instead of `ctime`, 35 decimal digits.
    let t: Vec<Trade> = from(&fixture("chainup_v1_myTrades.json"));
    assert_eq!(t[0].trade_id, 1_691_284_244_248_031_232);
    assert_eq!(t[0].bid_id, Some(1_788_255_516_228_355_339));
    assert_eq!(t[0].c_time, Some(Millis(1_692_068_561_000)));
    assert_eq!(t[0].amount, Some(dec("2938.451")));
    assert_eq!(t[0].price, Some(dec("29384.51")));
}

#[test]
fn sdk_printed_values() {
    // sdk_*_repr.txt are Python reprs: single quotes -> double quotes, None -> null.
    let c: Vec<Contract> = from(&python_to_json(&fixture("sdk_contracts_repr.txt")));
    assert_eq!(c[0].min_order_money, Some(dec("50.0")));
    let d: OrderBook = from(&python_to_json(&fixture("sdk_depth_repr.txt")));
    assert_eq!(d.asks[0].price, dec("29561.2"));
    assert_eq!(d.asks[0].quantity, dec("41"));
    assert_eq!(d.bids.len(), 32);
    assert_eq!(d.time, None, "null time");
    let o: Vec<Order> = from(&python_to_json(&fixture("sdk_openOrders_repr.txt")));
    assert_eq!(o[0].order_id, 1_141_203_940_493_854_189);
    assert_eq!(o[0].time_in_force.as_deref(), Some(""));
    let n: OrderId = from(&python_to_json(&fixture("sdk_order_new_repr.txt")));
    assert_eq!(n.order_id, 1_141_203_528_176_992_546, "id sent as a string");
    let q: Order = from(&python_to_json(&fixture("sdk_order_query_repr.txt")));
    assert_eq!(
        q.status,
        Some(OrderStatus::Cancelled),
        "CANCELED is an alias of CANCELLED"
    );
    let t: ServerTime = from(&python_to_json(&fixture("sdk_time_repr.txt")));
    assert_eq!(t.timezone.as_deref(), Some("China Standard Time"));
}

#[tokio::test]
async fn v2_through_the_client() {
    let s = TestServer::start().await;
    let c = client(&s);

    s.respond("/fapi/v2/account", 200, fixture("v2_account.json"));
    let a = c.account().send().await.expect("account");
    assert_eq!(a.account.len(), 2);
    assert_eq!(
        a.account[0].account_normal,
        Some(dec("1010.4043400372839856")),
        "beyond f64 precision"
    );
    assert_eq!(a.account[0].sum_maintenance_margin, None, "null");
    let p = &a.account[1].position_vos[0].positions[0];
    assert_eq!(p.reduce_price, Some(dec("-3350051449.6928050669137353")));
    assert_eq!(p.return_rate, Some(dec("-2.1139461825781778")));
    assert_eq!(p.side, Some(Side::Buy));

    s.respond("/fapi/v2/cancel", 200, fixture("v2_cancel.json"));
    let r = c
        .cancel_order("E-BTC-USDT")
        .order_id(1)
        .send()
        .await
        .expect("cancel");
    assert_eq!(r.order_id, 1_690_615_847_831_143_159, "id above 2^53");

    s.respond(
        "/fapi/v2/commissionRate",
        200,
        fixture("v2_commissionRate.json"),
    );
    let r = c
        .commission_rate("E-SAND-USDT")
        .send()
        .await
        .expect("commission");
    assert_eq!(r.open_taker_fee_rate, Some(dec("0.0004")));

    s.respond(
        "/fapi/v2/leverageBracket",
        200,
        fixture("v2_leverageBracket.json"),
    );
    let r = c
        .leverage_bracket("E-SAND-USDT")
        .send()
        .await
        .expect("brackets");
    assert_eq!(r.brackets.len(), 9);
    assert_eq!(r.brackets[8].max_position_value, Some(dec("9999999998")));
    assert_eq!(r.brackets[0].maint_margin_ratio, Some(dec("0.008")));

    s.respond("/fapi/v2/level_edit", 200, fixture("v2_level_edit.json"));
    c.level_edit("E-BTC-USDT", 10)
        .send()
        .await
        .expect("level_edit: code 0 as a number, data null");

    s.respond("/fapi/v2/myTrades", 200, fixture("v2_myTrades.json"));
    let t = c.my_trades("E-SAND-USDT").send().await.expect("trades");
    assert_eq!(
        t[0].c_time,
        Some(Millis(1_678_426_306_000)),
        "ctime alias of cTime"
    );
    assert_eq!(t[0].fee, Some(dec("0.0018")));
    assert_eq!(t[0].bid_id, Some(1_558_124_009_467_904_992));

    s.respond("/fapi/v2/openOrders", 200, fixture("v2_openOrders.json"));
    let o = c
        .open_orders("E-BTC-USDT")
        .send()
        .await
        .expect("open orders");
    assert_eq!(o[0].client_order_id.as_deref(), Some("2488514315"));

    s.respond(
        "/fapi/v2/openOrders",
        200,
        fixture("v2_openOrders_with_childOrders.json"),
    );
    let o = c
        .open_orders("E-BTC-USDT")
        .send()
        .await
        .expect("open orders with children");
    let child = &o[0].child_orders.as_ref().expect("children")[0];
    assert_eq!(
        child.client_order_id.as_deref(),
        Some("4949299210"),
        "unquoted number kept as text"
    );
    assert_eq!(o[0].trigger_price, Some(dec("100.00")));

    s.respond("/fapi/v2/order", 200, fixture("v2_order_new_response.json"));
    let r = c
        .new_order(NewOrder {
            contract_name: "E-BTC-USDT".into(),
            side: Side::Buy,
            order_type: OrderType::Limit,
            position_type: PositionType::Cross,
            open: Open::Open,
            volume: dec("1"),
            amount: dec("29345.3"),
            price: dec("29345.3"),
        })
        .send()
        .await
        .expect("new order");
    assert_eq!(r.order_id, 1_690_615_676_032_452_985);

    // v2_order_query.txt: a comma added after `"transactTime":1686716571425`. The trailing `{}`
    // (an empty record) is kept: the decoder skips empty objects.
    let q = fixture("v2_order_query.txt").replace("1686716571425 \n", "1686716571425,\n");
    s.respond("/fapi/v2/order", 200, q);
    let r = c
        .query_order("E-BTC-USDT")
        .order_id(1_917_641)
        .send()
        .await
        .expect("query");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].client_order_id.as_deref(), Some("4949299210"));

    s.respond(
        "/fapi/v2/order",
        200,
        fixture("v2_order_query_with_childOrders.json"),
    );
    let r = c
        .query_order("E-BTC-USDT")
        .order_id(1_917_641)
        .send()
        .await
        .expect("query children");
    assert_eq!(r[0].child_orders.as_ref().map(Vec::len), Some(1));

    // One object instead of a list: exposed as a list of one.
    s.respond(
        "/fapi/v2/order",
        200,
        r#"{"code":"0","msg":"Success","data":{"orderId":7,"status":"PENDING_CANCEL"}}"#,
    );
    let r = c
        .query_order("E-BTC-USDT")
        .client_order_id("x")
        .send()
        .await
        .expect("object");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].status, Some(OrderStatus::PendingCancel));

    // Python-style samples: single quotes -> double quotes, None -> null.
    s.respond(
        "/fapi/v2/allOpenOrders",
        200,
        python_to_json(&fixture("v2_allOpenOrders.txt")),
    );
    #[allow(deprecated)] // deprecated by the exchange, still served and decoded
    c.cancel_all_orders("E-BTC-USDT")
        .send()
        .await
        .expect("cancel all");
    s.respond(
        "/fapi/v2/futures_transfer",
        200,
        python_to_json(&fixture("v2_futures_transfer.txt")),
    );
    c.transfer(Transfer {
        coin_symbol: "USDT".into(),
        amount: dec("1"),
        transfer_type: TransferType::WalletToContract,
    })
    .send()
    .await
    .expect("transfer");
    s.respond(
        "/fapi/v2/futures_transfer_history",
        200,
        python_to_json(&fixture("v2_futures_transfer_history.txt")),
    );
    let h = c
        .transfer_history(TransferType::WalletToContract)
        .send()
        .await
        .expect("history");
    assert_eq!(h.len(), 5);
    assert_eq!(
        h[0].transfer_type,
        Some(TransferType::WalletToContract),
        "lower case accepted"
    );
    assert_eq!(h[2].amount, Some(dec("566.0")));
    assert_eq!(h[0].status, Some(TransferStatus::Success));
    s.respond(
        "/fapi/v2/forceOrdersHistory",
        200,
        python_to_json(&fixture("v2_forceOrdersHistory.txt")),
    );
    let f = c
        .force_orders_history("E-BTC-USDT")
        .send()
        .await
        .expect("forced orders");
    assert_eq!(f[0].id, Some(1_690_600_111_070_971_191));
    assert_eq!(f[0].price, Some(dec("25878.61801778723")));
    assert_eq!(f[0].deal_money, Some(dec("923.8666632350041")));
    assert_eq!(
        f[0].mtime,
        Some(LocalDateTime("2023-06-13T12:55:51".into()))
    );

    // v2_positionMargin.txt: a comma added after `"msg": "success"`.
    let pm = fixture("v2_positionMargin.txt").replace("\"success\"\n", "\"success\",\n");
    s.respond("/fapi/v2/positionMargin", 200, pm);
    c.position_margin("E-BTC-USDT", dec("10"))
        .send()
        .await
        .expect("position margin");
    // The spec describes every field, value and code these answers hold (drift: docs/design.md,
    // Drift).
    let drift = c.drift();
    assert!(drift.is_empty(), "{drift:#?}");
}

#[tokio::test]
async fn coin_margined_account_and_listen_keys() {
    let s = TestServer::start().await;
    let c = Client::builder()
        .base_url(&s.url)
        .product(Product::CoinMargined)
        .credentials(Credentials::new(common::API_KEY, common::SECRET))
        .build()
        .expect("client");
    s.respond("/dapi/v2/account", 200, fixture("dapi_v2_account.json"));
    let a = c.account().send().await.expect("coin-margined account");
    assert_eq!(a.account[1].margin_coin, "USD");
    assert_eq!(
        a.account[1].total_margin_rate,
        Some(dec("128117.7154579628016855"))
    );

    s.respond(
        "/user_stream/api/v1/listenKey",
        200,
        fixture("listenKey_create.json"),
    );
    let k = c.create_listen_key().send().await.expect("create");
    assert_eq!(
        k.listen_key,
        "ac3abbc8ac18f7977df42de27ab0c87c1f4ea3919983955d2fb5786468ccdb07"
    );
    let path = format!("/user_stream/api/v1/listenKey/{}", k.listen_key);
    s.respond(&path, 200, fixture("listenKey_keepalive_put.json"));
    c.keep_alive_listen_key(k.listen_key.clone())
        .send()
        .await
        .expect("keep-alive: code 200");
    s.respond(&path, 200, fixture("listenKey_close_delete.json"));
    c.close_listen_key(k.listen_key.clone())
        .send()
        .await
        .expect("close");
    let methods: Vec<String> = s
        .requests()
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert_eq!(methods[2], format!("PUT {path}"));
    assert_eq!(methods[3], format!("DELETE {path}"));
    let drift = c.drift();
    assert!(drift.is_empty(), "{drift:#?}");
}

/// The real `/v1/index` answer, served under both products' prefixes, decodes through the client
/// into the same value, exactly, and leaves nothing in the drift log.
#[tokio::test]
async fn mark_price_and_funding_on_both_products() {
    let s = TestServer::start().await;
    let mut seen = Vec::new();
    for (product, prefix) in [
        (Product::UsdtMargined, "/fapi"),
        (Product::CoinMargined, "/dapi"),
    ] {
        let c = Client::builder()
            .base_url(&s.url)
            .product(product)
            .build()
            .expect("client");
        s.respond(&format!("{prefix}/v1/index"), 200, fixture("v1_index.json"));
        let i = c.index("E-BTC-USDT").send().await.expect("index");
        assert_eq!(i.mark_price, Some(dec("26435.6")), "{prefix}");
        assert_eq!(i.until_funding, Some(DurationSeconds(5205)), "{prefix}");
        let drift = c.drift();
        assert!(drift.is_empty(), "{prefix}: {drift:#?}");
        seen.push(i);
    }
    assert_eq!(seen[0], seen[1]);
    let paths: Vec<String> = s.requests().iter().map(|r| r.path.clone()).collect();
    assert_eq!(paths, ["/fapi/v1/index", "/dapi/v1/index"]);
}

#[test]
fn stream_events_and_control_messages() {
    // ws_*.txt: `//` comments removed.
    let e = Event::decode(strip_comments(&fixture("ws_ORDER_TRADE_UPDATE.txt")).as_bytes())
        .expect("order update");
    let Event::OrderTradeUpdate(u) = e else {
        panic!("wrong variant: {e:?}")
    };
    assert_eq!(u.event_time, Millis(1_568_879_465_651));
    let o = &u.order;
    assert_eq!(o.symbol, "BTCUSDT");
    assert_eq!(o.client_order_id.as_deref(), Some("TEST"));
    assert_eq!(o.side, Some(Side::Sell));
    assert_eq!(o.order_type, Some(OrderType::Market));
    assert_eq!(o.quantity, Some(dec("0.001")));
    assert_eq!(o.execution_type, ExecutionType::New);
    assert_eq!(o.status, OrderStatus::New);
    assert_eq!(o.order_id, 8_886_774);
    assert_eq!(o.position_side, Some(PositionSide::Long));
    assert_eq!(o.is_maker, Some(false));

    let e = Event::decode(strip_comments(&fixture("ws_ACCOUNT_UPDATE.txt")).as_bytes())
        .expect("account update");
    let Event::AccountUpdate(u) = e else {
        panic!("wrong variant: {e:?}")
    };
    assert_eq!(u.transaction_time, Some(Millis(1_564_745_798_938)));
    assert_eq!(u.update.reason, Some(AccountUpdateReason::Order));
    let b = u.update.balances.as_ref().expect("balances");
    assert_eq!(b[1].asset, "BUSD");
    assert_eq!(b[0].cross_wallet_balance, Some(dec("122624.12345678")));
    let p = &u.update.positions.as_ref().expect("positions")[0];
    assert_eq!(p.margin_type, Some(PositionType::Cross), "\"1\" as text");
    assert_eq!(
        p.position_side,
        Some(PositionSide::Other("SHORT|LONG".into())),
        "the sample's placeholder is kept"
    );

    // The executionReport alias decodes as an order update; an unknown type is kept raw.
    let alias = r#"{"e":"executionReport","E":1,"o":{"s":"X","x":"TRADE","X":"FILLED","i":5}}"#;
    assert!(matches!(
        Event::decode(alias.as_bytes()),
        Ok(Event::OrderTradeUpdate(_))
    ));
    let unknown = r#"{"e":"MARGIN_CALL","E":1}"#;
    match Event::decode(unknown.as_bytes()).expect("unknown kept") {
        Event::Other { event_type, raw } => {
            assert_eq!(event_type, "MARGIN_CALL");
            assert_eq!(raw, unknown);
        }
        other => panic!("{other:?}"),
    }
    assert!(
        Event::decode(b"{\"E\":1}").is_err(),
        "no tag is an error, not a panic"
    );
    assert!(Event::decode(b"\x00garbage").is_err());

    let ping: StreamPing = from(&fixture("ws_user_ping.json"));
    assert_eq!(ping.ts, Some(Millis(1_635_221_621_062)));
    let pong: StreamPong = from(&fixture("ws_user_pong.json"));
    assert_eq!(pong.ts.as_deref(), Some("1635221621062"));
    let sub: StreamSubscribe = from(&fixture("ws_user_sub.json"));
    assert_eq!(sub.params.channel, Event::CHANNEL);
    let ack: StreamSubscribed = from(&fixture("ws_user_sub_ack.json"));
    assert_eq!(ack.status.as_deref(), Some("ok"));
}

#[test]
fn numbers_as_strings_and_strings_as_numbers() {
    // Every numeric kind accepts a number and a string.
    let a: Order = from(
        r#"{"orderId":"9007199254740993","price":"1.5","origQty":2,"transactTime":"5","clientOrderId":42}"#,
    );
    assert_eq!(a.order_id, 9_007_199_254_740_993);
    assert_eq!(a.price, Some(dec("1.5")));
    assert_eq!(a.orig_qty, Some(dec("2")));
    assert_eq!(a.transact_time, Some(Millis(5)));
    assert_eq!(a.client_order_id.as_deref(), Some("42"));
    let b: Order = from(
        r#"{"orderId":9007199254740993,"price":1.5,"origQty":"2","transactTime":5,"status":"SOMETHING_NEW","unknownField":{"x":[1,2]}}"#,
    );
    assert_eq!(b.order_id, a.order_id);
    assert_eq!(b.status, Some(OrderStatus::Other("SOMETHING_NEW".into())));
    // Unknown integer enum values are kept too.
    let p: Position = from(r#"{"id":1,"positionType":7,"freezeLock":"2"}"#);
    assert_eq!(p.position_type, Some(PositionType::Other(7)));
    assert_eq!(p.freeze_lock, Some(FreezeLock::DeliveryFreeze));
}

/// The published market-stream samples name their channel with `$symbol` and `$interval`
/// placeholders: the test fills them in (`e_btcusdt`, `1min`), the one repair made.
fn market_fixture(name: &str) -> String {
    fixture(name)
        .replace("$symbol", "e_btcusdt")
        .replace("$interval", "1min")
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(bytes).expect("gzip");
    gz.finish().expect("gzip")
}

/// Decodes a frame as text and as a gzip binary copy; both must agree.
fn market_frame(name: &str) -> MarketMessage<MarketEvent> {
    let text = market_fixture(name);
    let plain =
        MarketStreamApi::decode_frame(text.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
    let packed = MarketStreamApi::decode_frame(&gzip(text.as_bytes()))
        .unwrap_or_else(|e| panic!("{name} (gzip): {e}"));
    assert_eq!(plain, packed, "{name}: gzip and text decode alike");
    plain
}

fn market_event(name: &str) -> MarketEvent {
    match market_frame(name) {
        MarketMessage::Event(e) => e,
        other => panic!("{name}: not a data frame: {other:?}"),
    }
}

#[test]
fn market_stream_frames() {
    let btc = "E-BTC-USDT";
    // Depth: numbers, `buys` for bids, time; the probe's empty book has ts 0.
    let MarketEvent::Depth(d) = market_event("ws_market_depth.json") else {
        panic!("depth")
    };
    assert_eq!(d.channel, DepthChannel::new(btc, 0));
    assert_eq!(d.ts, Millis(1_721_716_298_870));
    assert_eq!(d.tick.asks.len(), 3);
    assert_eq!(d.tick.asks[0].price, dec("10000.19"));
    assert_eq!(d.tick.buys[2].quantity, dec("0.21"));
    let MarketEvent::Depth(d) = market_event("probe_ws_market_depth_frame.json") else {
        panic!("probe depth")
    };
    assert_eq!(d.tick.asks[1].price, dec("86526.1"));
    assert_eq!(d.tick.buys[0].quantity, dec("51720"));
    let MarketEvent::Depth(d) = market_event("probe_ws_market_empty_book.json") else {
        panic!("empty book")
    };
    assert_eq!(d.channel.step, 9);
    assert_eq!(d.ts, Millis(0));
    assert!(d.tick.asks.is_empty() && d.tick.buys.is_empty());

    // Trades: strings or numbers, `SELL`/`BUY`, the trade time.
    let MarketEvent::Trades(t) = market_event("ws_market_trade.json") else {
        panic!("trades")
    };
    assert_eq!(t.channel, TradesChannel::new(btc));
    assert_eq!(t.tick.data[0].price, dec("66008.8"));
    assert_eq!(t.tick.data[0].side, Side::Sell);
    assert_eq!(t.tick.data[0].vol, dec("25249"));
    assert_eq!(t.tick.data[0].ts, Some(Millis(1_721_743_391_398)));
    let MarketEvent::Trades(t) = market_event("probe_ws_market_trade_frame.json") else {
        panic!("probe trades")
    };
    assert_eq!(t.tick.data[0].side, Side::Buy);
    assert_eq!(t.tick.ts, Some(Millis(1_790_133_519_078)));
    assert_eq!(t.tick.data[0].amount, Some(dec("1297888.5")));

    // Ticker: numbers, and the probe's strings with more digits than an f64 holds.
    let MarketEvent::Ticker(t) = market_event("ws_market_ticker.json") else {
        panic!("ticker")
    };
    assert_eq!(t.tick.rose, Some(dec("-0.2922")));
    assert_eq!(t.tick.vol, Some(dec("1212.12211")));
    let MarketEvent::Ticker(t) = market_event("probe_ws_market_ticker_frame.json") else {
        panic!("probe ticker")
    };
    assert_eq!(t.tick.amount, Some(dec("16171002079553.2236455549")));
    assert_eq!(t.tick.high, Some(dec("86814.16754926597")));

    // Kline: the interval as the enum, the start in seconds.
    let MarketEvent::Kline(k) = market_event("ws_market_kline.json") else {
        panic!("kline")
    };
    assert_eq!(
        k.channel,
        KlineChannel::new(btc, StreamKlineInterval::OneMinute)
    );
    assert_eq!(k.tick.id, Seconds(1_657_692_000));
    assert_eq!(k.tick.vol, Some(dec("20325940")));
    assert_eq!(k.tick.ds.as_deref(), Some("2022-07-13 14:00:00"));

    // Heartbeats: answered with the same number.
    let MarketMessage::Ping { pong } = market_frame("probe_ws_market_server_ping.json") else {
        panic!("a ping")
    };
    let expected: serde_json::Value = from(&fixture("probe_ws_market_client_pong.json"));
    assert_eq!(from::<serde_json::Value>(&pong), expected);
    let pong: serde_json::Value = from(&fixture("ws_market_pong_recommended.json"));
    assert!(pong["pong"].is_number());

    // Answers to requests: typed lists.
    let MarketMessage::Reply { channel, data, .. } =
        market_frame("ws_market_kline_req_response.json")
    else {
        panic!("kline answer")
    };
    assert_eq!(channel.as_deref(), Some("market_e_btcusdt_kline_1min"));
    let klines: Vec<MarketKline> = from(&data.expect("ok"));
    assert_eq!(klines[0].id, Seconds(1_627_228_800));
    assert_eq!(klines[0].amount, Some(dec("1721334621154")));
    let MarketMessage::Reply { cb_id, data, .. } =
        market_frame("ws_market_trade_req_response.json")
    else {
        panic!("trade answer")
    };
    assert_eq!(cb_id.as_deref(), Some("e_btcusdt"));
    let trades: Vec<MarketTrade> = from(&data.expect("ok"));
    assert_eq!(trades.len(), 2);
    assert_eq!(trades[0].side, Side::Buy, "`buy` in lower case");
    assert_eq!(trades[0].ts, None);

    // Channel names round-trip through the typed subscriptions.
    for name in [
        "market_e_btcusdt_depth_step0",
        "market_e_btcusdt_trade_ticker",
        "market_e_btcusdt_ticker",
        "market_e_btcusdt_kline_1min",
    ] {
        let c = MarketChannel::parse(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(c.to_string(), name);
    }
    assert!(matches!(
        MarketChannel::parse("market_e_btcusdt_trade_ticker"),
        Some(MarketChannel::Trades(_))
    ));
    assert_eq!(market_symbol("E-BTC-USDT"), "e_btcusdt");
}

#[test]
fn market_stream_messages_and_oddities() {
    // The subscription and request messages the client sends have the published shapes.
    for (name, channel) in [
        ("probe_ws_market_sub.json", "market_e_btcusdt_depth_step0"),
        ("ws_market_depth_sub.json", "market_e_btcusdt_depth_step0"),
        ("ws_market_ticker_sub.json", "market_e_btcusdt_ticker"),
    ] {
        let published: serde_json::Value = from(&market_fixture(name));
        assert_eq!(published["event"], "sub", "{name}");
        assert_eq!(published["params"]["channel"], channel, "{name}");
        assert!(MarketChannel::parse(channel).is_some(), "{name}");
    }
    for name in ["ws_market_kline_req.json", "ws_market_trade_req.json"] {
        let published: serde_json::Value = from(&market_fixture(name));
        assert_eq!(published["event"], "req", "{name}");
        let channel = published["params"]["channel"].as_str().unwrap_or_default();
        assert!(MarketChannel::parse(channel).is_some(), "{name}: {channel}");
    }

    // Unknown channels and fields are kept, not fatal.
    let unknown = br#"{"channel":"market_e_btcusdt_funding","tick":{"rate":"0.0001"},"ts":5,"status":"ok","extra":[1]}"#;
    match MarketStreamApi::decode_frame(unknown) {
        Ok(MarketMessage::Event(MarketEvent::Other { channel, raw })) => {
            assert_eq!(channel, "market_e_btcusdt_funding");
            assert_eq!(raw, r#"{"rate":"0.0001"}"#);
        }
        other => panic!("{other:?}"),
    }
    let extra = br#"{"channel":"market_e_btcusdt_ticker","tick":{"close":"1","new_field":{"x":1}},"ts":5,"status":"ok"}"#;
    assert!(matches!(
        MarketStreamApi::decode_frame(extra),
        Ok(MarketMessage::Event(MarketEvent::Ticker(_)))
    ));

    // Malformed frames are typed errors, never panics.
    for bad in [
        &b"not json"[..],
        b"{\"channel\":\"market_e_btcusdt_depth_step0\",\"tick\":{\"asks\":[[\"x\",1]],\"buys\":[]}}",
        b"{\"channel\":\"market_e_btcusdt_depth_step0\"}",
        b"{\"tick\":{}}",
        b"[]",
        &[0x1f, 0x8b, 0, 1, 2][..],
        &gzip(b"{\"channel\":")[..],
    ] {
        match MarketStreamApi::decode_frame(bad) {
            Err(StreamError::Malformed { .. }) => {}
            other => panic!("{:?}: {other:?}", String::from_utf8_lossy(bad)),
        }
    }
    // A refusal (a subscription past the server's limit) is its own message.
    let refused = br#"{"event_rep":"sub","channel":"market_e_btcusdt_ticker","status":"error","msg":"too many subscriptions"}"#;
    assert!(matches!(
        MarketStreamApi::decode_frame(refused),
        Ok(MarketMessage::Refused(m)) if m.contains("too many")
    ));

    // Parameters outside the spec's limits are refused before anything is sent.
    use contango::Subscription as _;
    let e = MarketChannel::from(DepthChannel::new("E-BTC-USDT", 10))
        .check()
        .expect_err("step 10");
    assert!(e.to_string().contains("step"), "{e}");
    assert!(
        MarketChannel::from(DepthChannel::new("", 0))
            .check()
            .is_err()
    );
}

/// The same object with an escaped key in front (`"\u007a\u007a"`, i.e. `zz`, which no frame
/// uses): the direct reader gives up on escapes, so this text is decoded by serde alone.
fn through_serde(json: &str) -> String {
    let body = json
        .trim_start_matches([' ', '\t', '\n', '\r'])
        .strip_prefix('{')
        .expect("an object");
    format!(r#"{{"\u007a\u007a":0,{body}"#)
}

/// The direct reader (the stream's fast path) reads every real frame, and reads it exactly as
/// serde (the general decoder) does.
#[test]
fn direct_reader_agrees_with_serde() {
    use contango_runtime::wire::direct::{Direct, read_all};

    fn taken<T: Direct + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(json: &str) {
        let direct = read_all(json.as_bytes(), T::direct);
        assert!(direct.is_some(), "the direct reader gave up on {json}");
        assert_eq!(direct, Some(from::<T>(json)));
    }

    for name in ["ws_ORDER_TRADE_UPDATE.txt", "ws_ACCOUNT_UPDATE.txt"] {
        let text = strip_comments(&fixture(name));
        let direct = Event::decode(text.as_bytes()).expect(name);
        let general = Event::decode(through_serde(&text).as_bytes()).expect(name);
        assert_eq!(direct, general, "{name}");
    }
    taken::<OrderTradeUpdate>(&strip_comments(&fixture("ws_ORDER_TRADE_UPDATE.txt")));
    taken::<AccountUpdate>(&strip_comments(&fixture("ws_ACCOUNT_UPDATE.txt")));

    let mut names: Vec<String> = std::fs::read_dir(common::fixture_dir())
        .expect("fixtures")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("ws_market_") || n.starts_with("probe_ws_market_"))
        .collect();
    names.sort();
    let mut data_frames = 0;
    for name in &names {
        let text = market_fixture(name);
        let direct = MarketStreamApi::decode_frame(text.as_bytes());
        let general = MarketStreamApi::decode_frame(through_serde(&text).as_bytes());
        assert_eq!(
            direct.is_ok(),
            general.is_ok(),
            "{name}: {direct:?} / {general:?}"
        );
        if let (Ok(d), Ok(g)) = (&direct, &general) {
            assert_eq!(d, g, "{name}");
        }
        let Ok(MarketMessage::Event(event)) = direct else {
            continue;
        };
        let frame: serde_json::Value = from(&text);
        let tick = frame["tick"].to_string();
        match event {
            MarketEvent::Depth(_) => taken::<MarketDepth>(&tick),
            MarketEvent::Trades(_) => taken::<MarketTrades>(&tick),
            MarketEvent::Ticker(_) => taken::<MarketTicker>(&tick),
            MarketEvent::Kline(_) => taken::<MarketKline>(&tick),
            MarketEvent::Other { .. } => continue,
        }
        data_frames += 1;
    }
    assert!(
        data_frames >= 8,
        "{data_frames} data frames among {names:?}"
    );
}

/// Every real answer of an endpoint is read by the direct reader (the fast path of every
/// response), exactly as serde (the general decoder) reads it, and the whole envelope decode gives
/// that value.
#[test]
fn direct_reader_reads_answers_as_serde_does() {
    use contango::__private::endpoint::{Endpoint, Envelope};
    use contango_runtime::wire::direct::read_all;

    fn agree<E: Endpoint>(name: &str, body: &str)
    where
        E::Response: PartialEq + std::fmt::Debug,
    {
        let data = match E::META.envelope {
            Envelope::Wrapped => from::<serde_json::Value>(body)["data"].to_string(),
            Envelope::Bare => body.to_owned(),
        };
        let direct = read_all(data.as_bytes(), E::direct_data)
            .unwrap_or_else(|| panic!("{name}: the direct reader gave up on {data}"));
        let mut de = serde_json::Deserializer::from_str(&data);
        let general = E::decode_data(&mut de).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(direct, general, "{name}");
        let whole = contango_runtime::wire::envelope::decode::<E>(200, body.as_bytes())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(whole, direct, "{name}");
    }

    let f = |name: &str| fixture(name);
    let py = |name: &str| python_to_json(&fixture(name));
    agree::<ContractsRequest>("v1_contracts", &f("v1_contracts.json"));
    agree::<ContractsRequest>("dapi_v1_contracts", &f("dapi_v1_contracts.json"));
    agree::<ContractsRequest>("sdk_contracts", &py("sdk_contracts_repr.txt"));
    agree::<ServerTimeRequest>("v1_time", &f("v1_time.json"));
    agree::<ServerTimeRequest>("sdk_time", &py("sdk_time_repr.txt"));
    agree::<PingRequest>("ping", &f("ping.json"));
    agree::<DepthRequest>("v1_depth", &strip_comments(&f("v1_depth.txt")));
    agree::<DepthRequest>("sdk_depth", &py("sdk_depth_repr.txt"));
    agree::<TickerRequest>("v1_ticker", &f("v1_ticker.json"));
    agree::<IndexRequest>("v1_index", &f("v1_index.json"));
    agree::<KlinesRequest>("v1_klines", &f("v1_klines.json"));
    agree::<AccountRequest>("v2_account", &f("v2_account.json"));
    agree::<AccountRequest>("dapi_v2_account", &f("dapi_v2_account.json"));
    agree::<CancelOrderRequest>("v2_cancel", &f("v2_cancel.json"));
    agree::<CommissionRateRequest>("v2_commissionRate", &f("v2_commissionRate.json"));
    agree::<LeverageBracketRequest>("v2_leverageBracket", &f("v2_leverageBracket.json"));
    agree::<LevelEditRequest>("v2_level_edit", &f("v2_level_edit.json"));
    agree::<MyTradesRequest>("v2_myTrades", &f("v2_myTrades.json"));
    agree::<OpenOrdersRequest>("v2_openOrders", &f("v2_openOrders.json"));
    agree::<OpenOrdersRequest>(
        "v2_openOrders_with_childOrders",
        &f("v2_openOrders_with_childOrders.json"),
    );
    agree::<NewOrderRequest>("v2_order_new_response", &f("v2_order_new_response.json"));
    agree::<QueryOrderRequest>(
        "v2_order_query_with_childOrders",
        &f("v2_order_query_with_childOrders.json"),
    );
    // The repairs `v2_through_the_client` makes; the query's trailing `{}` is skipped.
    let query = f("v2_order_query.txt").replace("1686716571425 \n", "1686716571425,\n");
    agree::<QueryOrderRequest>("v2_order_query", &query);
    let margin = f("v2_positionMargin.txt").replace("\"success\"\n", "\"success\",\n");
    agree::<PositionMarginRequest>("v2_positionMargin", &margin);
    agree::<CancelAllOrdersRequest>("v2_allOpenOrders", &py("v2_allOpenOrders.txt"));
    agree::<TransferRequest>("v2_futures_transfer", &py("v2_futures_transfer.txt"));
    agree::<TransferHistoryRequest>(
        "v2_futures_transfer_history",
        &py("v2_futures_transfer_history.txt"),
    );
    agree::<ForceOrdersHistoryRequest>("v2_forceOrdersHistory", &py("v2_forceOrdersHistory.txt"));
    agree::<CreateListenKeyRequest>("listenKey_create", &f("listenKey_create.json"));
    agree::<KeepAliveListenKeyRequest>("listenKey_keepalive", &f("listenKey_keepalive_put.json"));
    agree::<CloseListenKeyRequest>("listenKey_close", &f("listenKey_close_delete.json"));
}
