//! The private event stream through `Client::user_stream()` against the simulator: what the events
//! say, how odd frames are handled, and that shutting down closes the listen key.

use std::time::Duration;

use crate::sim_support::{client, d, order, second_account, sim};
use crate::stream_support::{
    ITEM_WAIT, next_account, next_event, next_item, next_order, raw_subscribed, wait_until,
};
use contango::*;
use contango_sim::Sim;
use rust_decimal::Decimal;
use tokio_tungstenite::tungstenite::Message;

const BTC: &str = "E-BTC-USDT";

/// A resting LIMIT order filled by another account's MARKET order: the NEW and TRADE order
/// updates and the two account updates carry exactly what REST then reports for the same order,
/// trade, balance and position.
#[tokio::test]
async fn a_fill_yields_order_and_account_events_equal_to_what_rest_reports() {
    let sim = sim().await;
    let c = client(&sim);
    let taker = second_account(&sim, "taker");
    let contract = c
        .contracts()
        .contract_name(BTC)
        .send()
        .await
        .expect("contract")
        .remove(0);
    let mult = contract.multiplier.expect("multiplier");
    let mut s = c.user_stream().connect().await.expect("stream");

    // The resting order.
    let ack = c
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "10",
            "29995",
        ))
        .client_order_id("fill-1")
        .send()
        .await
        .expect("order");
    let new = next_order(&mut s, "the NEW update").await;
    let rest = c
        .query_order(BTC)
        .order_id(ack.order_id)
        .send()
        .await
        .expect("query_order")
        .remove(0);
    let o = &new.order;
    assert_eq!(new.event_type, "ORDER_TRADE_UPDATE");
    assert_eq!(o.execution_type, ExecutionType::New);
    assert_eq!(o.order_id, rest.order_id);
    assert_eq!(o.client_order_id, rest.client_order_id);
    assert_eq!(Some(o.status.clone()), rest.status);
    assert_eq!(Some(&o.symbol), rest.contract_name.as_ref());
    assert_eq!(o.side, rest.side);
    assert_eq!(o.order_type, rest.order_type);
    assert_eq!(o.price, rest.price);
    // Event quantities are base quantities: contracts × multiplier (section 6.2).
    assert_eq!(o.quantity, rest.orig_qty.map(|q| q * mult));
    assert_eq!(
        o.cumulative_filled_quantity,
        rest.executed_qty.map(|q| q * mult)
    );
    assert_eq!(
        (o.quantity, o.price, o.status.clone()),
        (Some(d("0.01")), Some(d("29995")), OrderStatus::New)
    );

    let locked = next_account(&mut s, "the lock of the new order").await;
    let account = c.account().send().await.expect("account");
    let usdt = &account.account[0];
    let b = &locked.update.balances.clone().unwrap_or_default()[0];
    assert_eq!(
        (b.asset.as_str(), usdt.margin_coin.as_str()),
        ("USDT", "USDT")
    );
    assert_eq!(b.locked_balance, usdt.account_lock);
    assert_eq!(b.locked_balance, Some(d("29.995")));
    let rest_wallet = |a: &AccountBalance| {
        a.account_normal.unwrap_or_default()
            + a.account_lock.unwrap_or_default()
            + a.total_position_normal.unwrap_or_default()
            + a.part_position_normal.unwrap_or_default()
    };
    assert_eq!(b.cross_wallet_balance, Some(rest_wallet(usdt)));
    assert_eq!(b.isolated_wallet_balance, usdt.part_position_normal);

    // The fill.
    taker
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
        .expect("taker order");
    let fill = next_order(&mut s, "the TRADE update").await;
    let rest = c
        .query_order(BTC)
        .order_id(ack.order_id)
        .send()
        .await
        .expect("query_order")
        .remove(0);
    let trade = c
        .my_trades(BTC)
        .send()
        .await
        .expect("my_trades")
        .into_iter()
        .find(|t| t.bid_id == Some(ack.order_id))
        .expect("the trade of the order");
    let o = &fill.order;
    assert_eq!(o.execution_type, ExecutionType::Trade);
    assert_eq!(o.order_id, ack.order_id);
    assert_eq!(Some(o.status.clone()), rest.status);
    assert_eq!(o.status, OrderStatus::Filled);
    assert_eq!(
        o.cumulative_filled_quantity,
        rest.executed_qty.map(|q| q * mult)
    );
    assert_eq!(o.average_price, rest.avg_price);
    assert_eq!(o.trade_id, Some(trade.trade_id));
    assert_eq!(o.last_filled_price, trade.price);
    assert_eq!(o.last_filled_quantity, trade.qty.map(|q| q * mult));
    assert_eq!(o.fee, trade.fee);
    assert_eq!(o.is_maker, trade.is_maker);
    assert_eq!(o.trade_time, trade.c_time);
    assert_eq!(o.side, trade.side);
    assert_eq!(o.position_side, Some(PositionSide::Long));
    assert_eq!(
        (o.last_filled_price, o.fee, o.is_maker),
        (Some(d("29995")), Some(d("0.05999")), Some(true))
    );

    let update = next_account(&mut s, "the account after the fill").await;
    assert_eq!(update.update.reason, Some(AccountUpdateReason::Order));
    let account = c.account().send().await.expect("account");
    let usdt = &account.account[0];
    let b = &update.update.balances.clone().unwrap_or_default()[0];
    assert_eq!(b.asset, "USDT");
    assert_eq!(b.cross_wallet_balance, Some(rest_wallet(usdt)));
    assert_eq!(b.cross_wallet_balance, Some(d("99999.94001")));
    assert_eq!(b.locked_balance, usdt.account_lock);
    assert_eq!(b.locked_balance, Some(Decimal::ZERO));
    let group = usdt
        .position_vos
        .iter()
        .find(|g| g.contract_name == BTC)
        .expect("a BTC position group");
    let p = &group.positions[0];
    let pos = &update.update.positions.clone().unwrap_or_default()[0];
    assert_eq!(pos.symbol, BTC);
    assert_eq!(pos.position_amount, p.volume.map(|v| v * mult));
    assert_eq!(pos.entry_price, p.avg_price);
    assert_eq!(pos.margin_type, p.position_type);
    assert_eq!(p.side, Some(Side::Buy));
    assert_eq!(pos.position_side, Some(PositionSide::Long));
    assert_eq!(pos.unrealized_profit, usdt.unrealized_amount);
    assert_eq!(
        (pos.position_amount, pos.unrealized_profit),
        (Some(d("0.01")), Some(d("0.05")))
    );

    s.shutdown().await.expect("shutdown");
}

/// Data frames that are not JSON, or are a known event with a wrong field, or carry no event
/// type, become `StreamItem::Error` and the stream goes on; an event type the spec does not list
/// is `Event::Other` with the frame kept raw; with the simulator's `gzip_frames(true)` every frame
/// (the acknowledgement, pings, events) arrives gzip-compressed in a binary frame and decodes the
/// same.
#[tokio::test]
async fn malformed_unknown_and_gzip_frames_from_the_sim() {
    for gzip in [false, true] {
        let sim = Sim::builder()
            .gzip_frames(gzip)
            .ping_interval(Duration::from_millis(200))
            .start()
            .await
            .expect("sim");
        let c = client(&sim);
        let mut s = c.user_stream().connect().await.expect("stream");
        let key = s.listen_keys().current().await.expect("a key");

        // What travels on the wire: a raw connection sees text, or gzip in binary frames.
        let (_raw, ack) = raw_subscribed(&sim, &key).await;
        match (&ack, gzip) {
            (Message::Text(_), false) => {}
            (Message::Binary(b), true) => assert_eq!(&b[..2], &[0x1f, 0x8b], "gzip magic"),
            other => panic!("gzip={gzip}: unexpected acknowledgement frame {other:?}"),
        }

        let malformed = [
            r#"{"e":"ORDER_TRADE_UPDATE","E":1700000000000,"o":{"s":"E-BTC"#,
            r#"{"e":"ORDER_TRADE_UPDATE","E":1700000000000,"o":{"s":"E-BTC-USDT","x":"NEW","X":"NEW","i":"not a number"}}"#,
            r#"{"E":1700000000000,"no":"event type"}"#,
            "not json at all",
        ];
        for frame in malformed {
            sim.send_stream_frame(sim.uid(), frame);
            match next_item(&mut s, "a malformed-frame error").await {
                StreamItem::Error(StreamError::Malformed {
                    message,
                    frame: shown,
                }) => {
                    assert!(!message.is_empty());
                    assert_eq!(shown, frame, "gzip={gzip}: the frame is shown decompressed");
                }
                other => panic!("gzip={gzip}: expected a malformed-frame error, got {other:?}"),
            }
        }

        let unknown = r#"{"e":"MARGIN_CALL","E":1700000000000,"cw":"3.16","p":[]}"#;
        sim.send_stream_frame(sim.uid(), unknown);
        match next_event(&mut s, "the unknown event").await {
            Event::Other { event_type, raw } => {
                assert_eq!(event_type, "MARGIN_CALL");
                assert_eq!(raw, unknown, "kept raw, byte for byte");
            }
            other => panic!("gzip={gzip}: expected Event::Other, got {other:?}"),
        }

        // The stream went on: a real order arrives decoded.
        let ack = c
            .new_order(order(
                BTC,
                Side::Buy,
                OrderType::Limit,
                Open::Open,
                "2",
                "29000",
            ))
            .send()
            .await
            .expect("order");
        let u = next_order(&mut s, "the order after the odd frames").await;
        assert_eq!(
            (u.order.order_id, u.order.execution_type, u.order.price),
            (ack.order_id, ExecutionType::New, Some(d("29000")))
        );
        let _ = next_account(&mut s, "its lock").await;
        assert_eq!(sim.stream_connections(), 2, "the client and the raw socket");
        s.shutdown().await.expect("shutdown");
    }
}

/// `shutdown` closes the connection and the listen key with DELETE: the simulator counts one
/// close, the key is no longer valid, and nothing stays connected.
#[tokio::test]
async fn shutdown_deletes_the_listen_key_on_the_sim() {
    let sim = sim().await;
    let c = client(&sim);
    let s = c.user_stream().connect().await.expect("stream");
    let key = s.listen_keys().current().await.expect("a key");
    assert!(sim.listen_key_active(&key));
    assert_eq!(sim.stream_connections(), 1);
    assert_eq!(sim.listen_key_stats().closed, 0);

    s.shutdown().await.expect("the DELETE succeeds");
    assert_eq!(sim.listen_key_stats().closed, 1, "one DELETE");
    assert!(!sim.listen_key_active(&key));
    wait_until(ITEM_WAIT, "the connection is gone", || {
        sim.stream_connections() == 0
    })
    .await;
    let e = c
        .keep_alive_listen_key(&key)
        .send()
        .await
        .expect_err("the key is closed");
    assert_eq!(e.code(), Some(ErrorCode::InvalidListenKey));
}

/// Dropping the stream without `shutdown` also closes the key, in the background.
#[tokio::test]
async fn dropping_the_stream_deletes_the_listen_key_in_the_background() {
    let sim = sim().await;
    let c = client(&sim);
    let s = c.user_stream().connect().await.expect("stream");
    let key = s.listen_keys().current().await.expect("a key");
    drop(s);
    wait_until(ITEM_WAIT, "the simulator saw the DELETE", || {
        sim.listen_key_stats().closed == 1
    })
    .await;
    assert!(!sim.listen_key_active(&key));
    wait_until(ITEM_WAIT, "the connection is gone", || {
        sim.stream_connections() == 0
    })
    .await;
}
