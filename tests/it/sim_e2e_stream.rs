//! End-to-end: listen keys on the injectable clock, and the private WebSocket stream (a small raw
//! tokio-tungstenite client; events decoded with the generated `contango::Event`).

use crate::sim_support;

use std::time::Duration;

use crate::sim_support::{client, code, d, order, second_account, sim};
use contango::*;
use contango_sim::Sim;
use futures_util::{SinkExt, StreamExt};
use rust_decimal::Decimal;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{WebSocketStream, client_async};

type Ws = WebSocketStream<TcpStream>;

const MINUTE: Duration = Duration::from_secs(60);

async fn connect(sim: &Sim, query: &str) -> Ws {
    let tcp = TcpStream::connect(sim.addr()).await.expect("tcp");
    let (ws, _) = client_async(format!("{}?{query}", sim.ws_url()), tcp)
        .await
        .expect("upgrade");
    ws
}

async fn subscribe(ws: &mut Ws) {
    ws.send(Message::Text(
        r#"{"event":"sub","params":{"channel":"user_account_update"}}"#.into(),
    ))
    .await
    .expect("sub");
    let ack = next_text(ws, true).await.expect("ack");
    let v: serde_json::Value = serde_json::from_str(&ack).expect("json");
    assert_eq!(v["event"], "user_account_update");
    assert_eq!(v["status"], "ok");
    assert!(v["ts"].is_number());
}

/// The next text frame within 3 s (`None` on close or timeout); answers pings when `pong`.
async fn next_text(ws: &mut Ws, pong: bool) -> Option<String> {
    for _ in 0..100 {
        let msg = tokio::time::timeout(Duration::from_secs(3), ws.next())
            .await
            .ok()??
            .ok()?;
        match msg {
            Message::Text(t) => {
                let text = t.to_string();
                if text.contains(r#""event":"ping""#) {
                    if pong {
                        let ts: serde_json::Value = serde_json::from_str(&text).ok()?;
                        let reply = format!(r#"{{"event":"pong","ts":"{}"}}"#, ts["ts"].as_str()?);
                        ws.send(Message::Text(reply.into())).await.ok()?;
                    }
                    continue;
                }
                return Some(text);
            }
            Message::Close(_) => return None,
            _ => {}
        }
    }
    None
}

/// The next data event.
async fn next_event(ws: &mut Ws) -> Event {
    let text = next_text(ws, true).await.expect("an event");
    Event::decode(text.as_bytes()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Waits for the server to close the connection (within 3 s); returns the close code.
async fn closed(ws: &mut Ws) -> Option<u16> {
    for _ in 0..100 {
        match tokio::time::timeout(Duration::from_secs(3), ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return Some(frame.map_or(0, |f| f.code.into())),
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(_)) | None) => return Some(0),
            Err(_) => return None,
        }
    }
    None
}

#[tokio::test]
async fn listen_key_lifecycle_on_the_injectable_clock() {
    let sim = sim().await;
    let c = client(&sim);
    let key = c
        .create_listen_key()
        .send()
        .await
        .expect("create")
        .listen_key;
    assert_eq!(key.len(), 64);
    // Active: creating again returns the same key (and extends it).
    assert_eq!(
        c.create_listen_key()
            .send()
            .await
            .expect("again")
            .listen_key,
        key
    );
    // 29 minutes later it is still active; keep-alive extends it by 30 minutes from then.
    sim.advance_clock(29 * MINUTE);
    c.keep_alive_listen_key(&key)
        .send()
        .await
        .expect("keep alive");
    sim.advance_clock(29 * MINUTE);
    c.keep_alive_listen_key(&key)
        .send()
        .await
        .expect("keep alive");
    let mut ws = connect(&sim, &format!("listenKey={key}")).await;
    subscribe(&mut ws).await;
    // 60 minutes without keep-alive: closed, and its stream with it.
    sim.advance_clock(61 * MINUTE);
    assert_eq!(closed(&mut ws).await, Some(1000));
    let e = c
        .keep_alive_listen_key(&key)
        .send()
        .await
        .expect_err("expired");
    assert_eq!(e.code(), Some(ErrorCode::InvalidListenKey));
    assert_eq!(e.code().map(|c| c.code()), Some(-1150));
    // A new key; deleting closes it; a deleted or unknown key is -1150.
    let fresh = c
        .create_listen_key()
        .send()
        .await
        .expect("create")
        .listen_key;
    assert_ne!(fresh, key);
    let mut ws = connect(&sim, &format!("streams={fresh}")).await;
    subscribe(&mut ws).await;
    c.close_listen_key(&fresh).send().await.expect("close");
    assert_eq!(closed(&mut ws).await, Some(1000));
    assert_eq!(
        code(c.close_listen_key(&fresh).send().await),
        ErrorCode::InvalidListenKey
    );
    assert_eq!(
        code(c.keep_alive_listen_key("nope").send().await),
        ErrorCode::InvalidListenKey
    );
    // Another account cannot use this account's key.
    let other = second_account(&sim, "other");
    let mine = c
        .create_listen_key()
        .send()
        .await
        .expect("create")
        .listen_key;
    assert_eq!(
        code(other.keep_alive_listen_key(&mine).send().await),
        ErrorCode::InvalidListenKey
    );
    // Connecting with an unknown key is refused before the upgrade.
    let tcp = TcpStream::connect(sim.addr()).await.expect("tcp");
    assert!(
        client_async(format!("{}?listenKey=nope", sim.ws_url()), tcp)
            .await
            .is_err()
    );
    let r = sim_support::raw(&sim, "GET", "/stream?listenKey=nope", &[], "").await;
    assert_eq!(r.code(), -1150);
}

/// A resting order and its fill as stream events, matching what REST reports.
#[tokio::test]
async fn order_and_account_events_for_a_fill() {
    let sim = sim().await;
    let c = client(&sim);
    let other = second_account(&sim, "taker");
    let key = c.create_listen_key().send().await.expect("key").listen_key;
    let mut ws = connect(&sim, &format!("listenKey={key}")).await;
    subscribe(&mut ws).await;

    let ack = c
        .new_order(order(
            "E-BTC-USDT",
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "10",
            "29995",
        ))
        .client_order_id("ev-1")
        .send()
        .await
        .expect("order");
    let Event::OrderTradeUpdate(new) = next_event(&mut ws).await else {
        panic!("expected ORDER_TRADE_UPDATE");
    };
    let o = &new.order;
    assert_eq!(
        (o.order_id, o.execution_type.clone(), o.status.clone()),
        (ack.order_id, ExecutionType::New, OrderStatus::New)
    );
    assert_eq!(o.client_order_id.as_deref(), Some("ev-1"));
    assert_eq!(o.symbol, "E-BTC-USDT");
    // q is the quantity times the face value: 10 × 0.001.
    assert_eq!((o.quantity, o.price), (Some(d("0.01")), Some(d("29995"))));
    let Event::AccountUpdate(locked) = next_event(&mut ws).await else {
        panic!("expected ACCOUNT_UPDATE");
    };
    let balances = locked.update.balances.clone().unwrap_or_default();
    // The order locks 29.995.
    assert_eq!(balances[0].locked_balance, Some(d("29.995")));

    other
        .new_order(order(
            "E-BTC-USDT",
            Side::Sell,
            OrderType::Market,
            Open::Open,
            "10",
            "0",
        ))
        .send()
        .await
        .expect("fill");
    let Event::OrderTradeUpdate(fill) = next_event(&mut ws).await else {
        panic!("expected ORDER_TRADE_UPDATE");
    };
    let trades = c.my_trades("E-BTC-USDT").send().await.expect("trades");
    let t = &trades[0];
    let o = &fill.order;
    assert_eq!(
        (o.execution_type.clone(), o.status.clone()),
        (ExecutionType::Trade, OrderStatus::Filled)
    );
    assert_eq!(o.trade_id, Some(t.trade_id));
    assert_eq!(o.last_filled_price, t.price);
    assert_eq!(o.last_filled_quantity, Some(d("0.01")));
    assert_eq!(o.cumulative_filled_quantity, Some(d("0.01")));
    assert_eq!(o.fee, t.fee);
    assert_eq!(o.fee, Some(d("0.05999")));
    assert_eq!(o.fee_asset.as_deref(), Some("USDT"));
    assert_eq!(o.is_maker, Some(true));
    assert_eq!(o.position_side, Some(PositionSide::Long));
    assert_eq!(o.average_price, Some(d("29995")));
    assert_eq!(o.realized_profit, Some(Decimal::ZERO));

    let Event::AccountUpdate(update) = next_event(&mut ws).await else {
        panic!("expected ACCOUNT_UPDATE");
    };
    assert_eq!(update.update.reason, Some(AccountUpdateReason::Order));
    let account = c.account().send().await.expect("account");
    let usdt = &account.account[0];
    let p = &usdt.position_vos[0].positions[0];
    let b = &update.update.balances.clone().unwrap_or_default()[0];
    assert_eq!(b.asset, "USDT");
    // cw = balance − isolated margins = 100000 − 0.05999; REST: available + locks + margins.
    assert_eq!(b.cross_wallet_balance, Some(d("99999.94001")));
    let rest_balance = usdt.account_normal.unwrap_or_default()
        + usdt.account_lock.unwrap_or_default()
        + usdt.total_position_normal.unwrap_or_default()
        + usdt.part_position_normal.unwrap_or_default();
    assert_eq!(b.cross_wallet_balance, Some(rest_balance));
    assert_eq!(b.locked_balance, Some(Decimal::ZERO));
    let pos = &update.update.positions.clone().unwrap_or_default()[0];
    assert_eq!(pos.symbol, "E-BTC-USDT");
    assert_eq!(pos.position_amount, p.volume.map(|v| v * d("0.001")));
    assert_eq!(pos.entry_price, p.avg_price);
    assert_eq!(pos.position_side, Some(PositionSide::Long));
    assert_eq!(pos.margin_type, Some(PositionType::Cross));
    // Unrealized at mark 30000: 10 × 0.001 × 5 = 0.05, as REST says.
    assert_eq!(pos.unrealized_profit, usdt.unrealized_amount);
    assert_eq!(pos.unrealized_profit, Some(d("0.05")));

    // A cancel is an event too; a transfer is an ACCOUNT_UPDATE with its balance change.
    let resting = c
        .new_order(order(
            "E-BTC-USDT",
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "1",
            "29000",
        ))
        .send()
        .await
        .expect("order");
    c.cancel_order("E-BTC-USDT")
        .order_id(resting.order_id)
        .send()
        .await
        .expect("cancel");
    let mut seen_cancel = false;
    for _ in 0..6 {
        if let Event::OrderTradeUpdate(u) = next_event(&mut ws).await {
            if u.order.execution_type == ExecutionType::Canceled {
                assert_eq!(u.order.status, OrderStatus::Cancelled);
                assert_eq!(u.order.order_id, resting.order_id);
                seen_cancel = true;
                break;
            }
        }
    }
    assert!(seen_cancel);
    let _ = next_event(&mut ws).await; // the lock release
    c.transfer(Transfer {
        coin_symbol: "USDT".into(),
        amount: d("5"),
        transfer_type: TransferType::WalletToContract,
    })
    .send()
    .await
    .expect("transfer");
    let Event::AccountUpdate(t) = next_event(&mut ws).await else {
        panic!("expected ACCOUNT_UPDATE");
    };
    assert_eq!(
        t.update.balances.unwrap_or_default()[0].balance_change,
        Some(d("5"))
    );
}

#[tokio::test]
async fn server_pings_expect_pongs() {
    let sim = Sim::builder()
        .ping_interval(Duration::from_millis(100))
        .pong_timeout(Duration::from_millis(300))
        .start()
        .await
        .expect("sim");
    let c = client(&sim);
    let key = c.create_listen_key().send().await.expect("key").listen_key;

    // Answering every ping keeps the connection open across several pings.
    let mut ws = connect(&sim, &format!("listenKey={key}")).await;
    subscribe(&mut ws).await;
    let mut pings = 0;
    for _ in 0..50 {
        if pings >= 4 {
            break;
        }
        let msg = tokio::time::timeout(Duration::from_secs(2), ws.next())
            .await
            .expect("a frame")
            .expect("open")
            .expect("frame");
        if let Message::Text(t) = msg {
            let v: serde_json::Value = serde_json::from_str(t.as_str()).expect("json");
            assert_eq!(v["event"], "ping");
            let ts = v["ts"].as_str().expect("ts is a string");
            assert!(ts.parse::<i64>().is_ok());
            ws.send(Message::Text(
                format!(r#"{{"event":"pong","ts":"{ts}"}}"#).into(),
            ))
            .await
            .expect("pong");
            pings += 1;
        }
    }
    assert_eq!(pings, 4);

    // Not answering: closed after the timeout.
    let mut silent = connect(&sim, &format!("listenKey={key}")).await;
    subscribe(&mut silent).await;
    assert_eq!(closed(&mut silent).await, Some(1008));
    // A pong with another ts does not count.
    let mut wrong = connect(&sim, &format!("listenKey={key}")).await;
    for _ in 0..5 {
        if let Some(Ok(Message::Text(_))) =
            tokio::time::timeout(Duration::from_secs(2), wrong.next())
                .await
                .ok()
                .flatten()
        {
            let _ = wrong
                .send(Message::Text(r#"{"event":"pong","ts":"1"}"#.into()))
                .await;
            break;
        }
    }
    assert_eq!(closed(&mut wrong).await, Some(1008));
    // The answered connection stopped answering meanwhile: closed too.
    assert_eq!(closed(&mut ws).await, Some(1008));
}

#[tokio::test]
async fn connections_older_than_the_maximum_age_are_closed() {
    let sim = Sim::builder()
        .max_connection_age(Duration::from_millis(800))
        .start()
        .await
        .expect("sim");
    let c = client(&sim);
    let key = c.create_listen_key().send().await.expect("key").listen_key;
    let mut ws = connect(&sim, &format!("listenKey={key}")).await;
    subscribe(&mut ws).await;
    assert_eq!(closed(&mut ws).await, Some(1000));
    // Reconnecting works; `close_streams` closes every connection.
    let mut again = connect(&sim, &format!("listenKey={key}")).await;
    subscribe(&mut again).await;
    sim.close_streams();
    assert_eq!(closed(&mut again).await, Some(1001));
    // A shut-down simulator closes its streams.
    let mut last = connect(&sim, &format!("listenKey={key}")).await;
    subscribe(&mut last).await;
    sim.shutdown().await;
    assert!(closed(&mut last).await.is_some());
}
