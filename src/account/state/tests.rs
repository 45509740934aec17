//! The merge rules on hand-written frames and REST answers (no network): ordering by order
//! progress and exchange time, duplicates, snapshots older and newer than events, vanished
//! orders, pending orders, the keep window.

use std::time::Duration;

use rust_decimal::Decimal;

use super::*;
use crate::Event;

const BTC: &str = "E-BTC-USDT";

fn d(s: &str) -> Decimal {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn state() -> AccountState {
    let mut s = AccountState::new(Duration::from_secs(60));
    s.set_multiplier(BTC, d("0.001"));
    s
}

/// An ORDER_TRADE_UPDATE of order `id` at `ms`: status, execution type and cumulative filled
/// quantity in base units (contracts × 0.001).
fn order_event(id: i64, status: &str, x: &str, filled_base: &str, ms: i64) -> Event {
    let text = format!(
        r#"{{"e":"ORDER_TRADE_UPDATE","E":{ms},"o":{{"s":"{BTC}","c":"c{id}","S":"BUY","o":"LIMIT","q":"0.005","p":"30000","ap":"30000","x":"{x}","X":"{status}","i":{id},"l":"0","z":"{filled_base}","L":"0","N":"USDT","n":"0","T":{ms},"t":0,"m":false,"R":false,"ps":"LONG","rp":"0"}}}}"#
    );
    Event::decode(text.as_bytes()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// An ACCOUNT_UPDATE at `ms`: the USDT balance (cw, lb) and the long cross BTC position of
/// `amount_base` base units at entry `entry`.
fn account_event(ms: i64, cw: &str, lb: &str, amount_base: &str, entry: &str) -> Event {
    let text = format!(
        r#"{{"e":"ACCOUNT_UPDATE","E":{ms},"T":{ms},"a":{{"m":"ORDER","B":[{{"a":"USDT","cw":"{cw}","lb":"{lb}","iw":"0","bc":"0"}}],"P":[{{"s":"{BTC}","pa":"{amount_base}","ep":"{entry}","lp":"30000","cr":"-1","up":"0","mt":"1","iw":"0","ps":"LONG"}}]}}}}"#
    );
    Event::decode(text.as_bytes()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn rest_order(id: i64, status: &str, executed: &str) -> Order {
    let text = format!(
        r#"{{"orderId":{id},"clientOrderId":"c{id}","contractName":"{BTC}","price":"30000","origQty":"5","origAmount":"0","executedQty":"{executed}","avgPrice":"30000","status":"{status}","type":"LIMIT","side":"BUY","action":"OPEN","transactTime":1}}"#
    );
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A snapshot at `taken_ms` listing `orders` of BTC, a USDT balance of 1000 (nothing locked or
/// held) and, with `volume`, a long cross BTC position.
fn snapshot(taken_ms: i64, orders: Vec<Order>, volume: Option<&str>) -> Snapshot {
    let positions = match volume {
        Some(v) => format!(
            r#"[{{"contractName":"{BTC}","positions":[{{"id":7,"positionType":1,"side":"BUY","volume":"{v}","openPrice":"30000","historyRealizedAmount":"-1","holdAmount":"15"}}]}}]"#
        ),
        None => "[]".into(),
    };
    let text = format!(
        r#"{{"account":[{{"marginCoin":"USDT","accountNormal":"1000","accountLock":"0","totalPositionNormal":"0","partPositionNormal":"0","positionVos":{positions}}}]}}"#
    );
    Snapshot {
        taken_ms,
        contracts: vec![BTC.into()],
        open_orders: orders,
        account: serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}")),
    }
}

fn changes(a: Applied) -> Vec<Change> {
    match a {
        Applied::Changes(c) => c,
        other => panic!("expected changes, got {other:?}"),
    }
}

fn status(s: &AccountState, id: i64) -> Option<OrderStatus> {
    s.order(id).and_then(|o| o.order.status.clone())
}

#[test]
fn an_order_event_gives_the_rest_shape_in_contracts() {
    let mut s = state();
    let c = changes(s.apply(&order_event(1, "NEW", "NEW", "0", 100)));
    assert_eq!(c.len(), 1);
    let o = &s.order(1).expect("held").order;
    assert_eq!(o.orig_qty, Some(d("5")));
    assert_eq!(o.executed_qty, Some(d("0")));
    assert_eq!(o.contract_name.as_deref(), Some(BTC));
    assert_eq!(o.client_order_id.as_deref(), Some("c1"));
    assert_eq!(o.action, Some(Open::Open));
    assert_eq!(o.transact_time, Some(Millis(100)));
    assert_eq!(s.open_orders().len(), 1);
}

#[test]
fn a_duplicate_event_changes_nothing() {
    let mut s = state();
    let trade = order_event(1, "PARTIALLY_FILLED", "TRADE", "0.002", 100);
    assert_eq!(changes(s.apply(&trade)).len(), 1);
    assert!(changes(s.apply(&trade)).is_empty());
    assert_eq!(s.order(1).and_then(|o| o.order.executed_qty), Some(d("2")));
}

#[test]
fn order_events_apply_by_progress_not_arrival() {
    let mut s = state();
    // Arrival order: fill, then the older NEW and partial fill, then a copy of the fill.
    assert_eq!(
        changes(s.apply(&order_event(1, "FILLED", "TRADE", "0.005", 300))).len(),
        1
    );
    assert!(changes(s.apply(&order_event(1, "NEW", "NEW", "0", 100))).is_empty());
    assert!(
        changes(s.apply(&order_event(1, "PARTIALLY_FILLED", "TRADE", "0.002", 200))).is_empty()
    );
    assert_eq!(status(&s, 1), Some(OrderStatus::Filled));
    assert_eq!(s.order(1).and_then(|o| o.order.executed_qty), Some(d("5")));
    // The late NEW still brings what only it carries.
    assert_eq!(
        s.order(1).and_then(|o| o.order.transact_time),
        Some(Millis(100))
    );
    assert!(s.open_orders().is_empty());
}

#[test]
fn a_cancel_after_partial_fills_keeps_the_fills() {
    let mut s = state();
    s.apply(&order_event(1, "PARTIALLY_FILLED", "TRADE", "0.002", 100));
    s.apply(&order_event(1, "CANCELLED", "CANCELED", "0.002", 200));
    assert!(
        changes(s.apply(&order_event(1, "PARTIALLY_FILLED", "TRADE", "0.002", 100))).is_empty()
    );
    assert_eq!(status(&s, 1), Some(OrderStatus::Cancelled));
    assert_eq!(s.order(1).and_then(|o| o.order.executed_qty), Some(d("2")));
}

#[test]
fn a_snapshot_older_than_the_events_does_not_undo_them() {
    let mut s = state();
    s.apply(&order_event(1, "NEW", "NEW", "0", 100));
    s.apply(&order_event(1, "FILLED", "TRADE", "0.005", 300));
    s.apply(&account_event(300, "990", "0", "0.005", "30000"));
    // Read before the fill: still lists the order open, no position.
    let (fixes, vanished) = s.apply_snapshot(
        snapshot(250, vec![rest_order(1, "NEW", "0")], None),
        ReconcileCause::Gap,
    );
    assert!(vanished.is_empty());
    assert_eq!(status(&s, 1), Some(OrderStatus::Filled));
    let p = s
        .position(BTC, Side::Buy)
        .expect("the event's position stays");
    assert_eq!(p.volume, d("5"));
    assert_eq!(s.balance("USDT").map(|b| b.cross_wallet), Some(d("990")));
    assert!(fixes.orders.is_empty(), "{fixes:?}");
    assert!(fixes.positions.is_empty(), "{fixes:?}");
    assert!(fixes.balances.is_empty(), "{fixes:?}");
}

#[test]
fn events_older_than_the_snapshot_never_undo_it() {
    let mut s = state();
    s.apply_snapshot(snapshot(1000, vec![], Some("5")), ReconcileCause::Start);
    // A late event from before the snapshot: ignored.
    assert!(changes(s.apply(&account_event(900, "500", "0", "0.003", "29000"))).is_empty());
    let p = s.position(BTC, Side::Buy).expect("position");
    assert_eq!(p.volume, d("5"));
    assert_eq!(s.balance("USDT").map(|b| b.cross_wallet), Some(d("1000")));
    // A newer one applies.
    assert_eq!(
        changes(s.apply(&account_event(1100, "995", "0", "0.007", "30000"))).len(),
        2
    );
    assert_eq!(s.position(BTC, Side::Buy).map(|p| p.volume), Some(d("7")));
    assert_eq!(s.balance("USDT").map(|b| b.cross_wallet), Some(d("995")));
}

#[test]
fn an_order_the_snapshot_no_longer_lists_is_looked_up() {
    let mut s = state();
    s.apply(&order_event(1, "NEW", "NEW", "0", 100));
    s.apply(&order_event(2, "NEW", "NEW", "0", 100));
    let (mut fixes, vanished) = s.apply_snapshot(
        snapshot(500, vec![rest_order(2, "NEW", "0")], None),
        ReconcileCause::Gap,
    );
    assert_eq!(
        vanished,
        vec![Vanished {
            contract: BTC.to_owned(),
            order_id: 1,
            conditional: false,
        }]
    );
    // The lookup says it filled while the stream was down.
    s.apply_queried(rest_order(1, "FILLED", "5"), &mut fixes);
    assert_eq!(status(&s, 1), Some(OrderStatus::Filled));
    let fix = fixes
        .orders
        .iter()
        .find(|f| f.after.as_ref().map(|o| o.order.order_id) == Some(1));
    let fix = fix.expect("the reconciliation names the order");
    assert_eq!(
        fix.before.as_ref().and_then(|o| o.order.status.clone()),
        Some(OrderStatus::New)
    );
    assert_eq!(s.open_orders().len(), 1);
}

#[test]
fn a_position_closed_while_blind_is_removed_and_named() {
    let mut s = state();
    s.apply(&account_event(100, "1000", "0", "0.005", "30000"));
    let (fixes, _) = s.apply_snapshot(snapshot(500, vec![], None), ReconcileCause::Gap);
    assert!(s.positions().is_empty());
    assert_eq!(fixes.positions.len(), 1);
    assert!(fixes.positions[0].after.is_none());
    // A late event from before the snapshot does not reopen it.
    assert!(changes(s.apply(&account_event(400, "1000", "0", "0.005", "30000"))).is_empty());
    assert!(s.positions().is_empty());
}

#[test]
fn a_pending_order_is_open_until_its_events_confirm_it() {
    let mut s = state();
    let mut o = rest_order(9, "NEW", "0");
    o.status = None;
    o.transact_time = None;
    assert!(s.insert_pending(o, 50).is_some());
    assert!(s.open_orders()[0].pending);
    let c = changes(s.apply(&order_event(9, "NEW", "NEW", "0", 100)));
    assert_eq!(c.len(), 1);
    let w = s.order(9).expect("held");
    assert!(!w.pending);
    assert_eq!(w.order.status, Some(OrderStatus::New));
    assert_eq!(w.order.transact_time, Some(Millis(100)));
    // Already known: a second insert changes nothing.
    assert!(s.insert_pending(rest_order(9, "NEW", "0"), 60).is_none());
}

#[test]
fn finished_orders_are_dropped_after_the_window_and_their_copies_ignored() {
    let mut s = state();
    s.apply(&order_event(1, "NEW", "NEW", "0", 1_000));
    s.apply(&order_event(1, "FILLED", "TRADE", "0.005", 1_000));
    s.prune(30_000);
    assert!(s.order(1).is_some(), "kept within the window");
    s.prune(61_001);
    assert!(s.order(1).is_none(), "dropped after it");
    // A late copy of its NEW must not bring it back as open.
    assert!(changes(s.apply(&order_event(1, "NEW", "NEW", "0", 1_000))).is_empty());
    assert!(s.open_orders().is_empty());
    // A newer, unknown order is taken.
    assert_eq!(
        changes(s.apply(&order_event(2, "NEW", "NEW", "0", 1_001))).len(),
        1
    );
}

#[test]
fn an_unknown_contract_is_asked_for_and_another_products_is_skipped() {
    let mut s = AccountState::new(Duration::from_secs(60));
    let e = order_event(1, "NEW", "NEW", "0", 100);
    assert_eq!(s.apply(&e), Applied::NeedContract(BTC.into()));
    s.set_foreign(BTC);
    assert!(changes(s.apply(&e)).is_empty());
    assert!(s.order(1).is_none());
}

#[test]
fn balances_of_coins_the_account_does_not_list_are_dropped() {
    let mut s = state();
    let btc = r#"{"e":"ACCOUNT_UPDATE","E":100,"a":{"B":[{"a":"BTC","cw":"1","lb":"0","iw":"0"}],"P":[]}}"#;
    let btc = Event::decode(btc.as_bytes()).expect("frame");
    assert_eq!(changes(s.apply(&btc)).len(), 1);
    s.apply_snapshot(snapshot(200, vec![], None), ReconcileCause::Start);
    assert!(s.balance("BTC").is_none());
    assert!(s.balance("USDT").is_some());
    assert!(changes(s.apply(&btc)).is_empty());
}

#[test]
fn rest_records_convert_both_ways() {
    let s = snapshot(1, vec![], Some("5"));
    let entry = &s.account.account[0];
    let b = BalanceState::from_record(entry, 1);
    assert_eq!(
        (b.cross_wallet, b.locked, b.isolated),
        (d("1000"), d("0"), d("0"))
    );
    let record = b.to_record();
    assert_eq!(record.account_normal, Some(d("1000")));
    assert!(record.position_vos.is_empty());
    let group = &entry.position_vos[0];
    let p =
        PositionState::from_record(&group.contract_name, &group.positions[0], 1).expect("position");
    assert_eq!(p.key.side, Side::Buy);
    assert_eq!(p.key.margin, PositionType::Cross);
    assert_eq!(p.isolated_margin, Some(Decimal::ZERO));
    assert_eq!(p.to_record().volume, Some(d("5")));
}

#[test]
fn records_written_back_keep_the_exchanges_text_where_the_view_agrees() {
    // Equal values in other scales: the record's text stays; a changed value is the view's.
    let text = r#"{"marginCoin":"USDT","accountNormal":"990.50","accountLock":"9.5000","totalPositionNormal":"0","partPositionNormal":"0.0","positionVos":[]}"#;
    let entry: AccountBalance = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}"));
    let mut b = BalanceState::from_record(&entry, 1);
    let written = |b: &BalanceState| serde_json::to_value(b.to_record()).unwrap_or_default();
    assert_eq!(
        written(&b),
        serde_json::to_value(&entry).unwrap_or_default()
    );
    b.locked = d("10");
    assert_eq!(written(&b)["accountLock"].to_string(), "10");
    assert_eq!(written(&b)["accountNormal"].to_string(), "990.0000");

    let record = r#"{"id":7,"positionType":1,"side":"BUY","volume":"5.0","openPrice":"30000.0","avgPrice":"30000.0","unRealizedAmount":"2.50","indexPrice":"30500"}"#;
    let record: Position = serde_json::from_str(record).unwrap_or_else(|e| panic!("{e}"));
    let p = PositionState::from_record(BTC, &record, 1).expect("a position");
    assert_eq!(p.mark, Some(d("30500")));
    assert_eq!(
        serde_json::to_value(p.to_record()).unwrap_or_default(),
        serde_json::to_value(&record).unwrap_or_default()
    );
}

#[test]
fn a_position_event_carries_the_price_its_unrealized_pnl_was_valued_at() {
    let mut s = state();
    s.apply_snapshot(snapshot(50, vec![], None), ReconcileCause::Start);
    changes(s.apply(&account_event(100, "1000", "0", "0.005", "30000")));
    let p = s.position(BTC, Side::Buy).expect("the position");
    assert_eq!((p.mark, p.unrealized), (Some(d("30000")), Some(d("0"))));
}

/// A conditional order's record, waiting (INIT) with its trigger.
fn conditional_record(id: i64, status: &str) -> Order {
    let text = format!(
        r#"{{"orderId":{id},"contractName":"{BTC}","price":"30000","origQty":"5","executedQty":"0","status":"{status}","type":"MARKET","side":"SELL","action":"CLOSE","conditionOrder":true,"triggerType":1,"triggerPriceType":2,"triggerPrice":"29000","triggerOrderType":2}}"#
    );
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn conditional_orders_wait_apart_then_become_the_working_order_they_place() {
    let mut s = state();
    // Seen first in the stream (placed elsewhere): waiting, and a snapshot is asked for.
    s.apply(&order_event(9, "INIT", "NEW", "0", 100));
    assert!(s.take_unknown_conditional());
    assert!(!s.take_unknown_conditional(), "asked once");
    assert!(s.open_orders().is_empty());
    assert_eq!(s.conditional_orders().len(), 1);
    let (_, vanished) = s.apply_snapshot(
        snapshot(200, vec![conditional_record(9, "INIT")], None),
        ReconcileCause::UnknownConditional,
    );
    assert!(vanished.is_empty());
    let w = &s.conditional_orders()[0];
    assert_eq!(w.order.trigger_price, Some(d("29000")));
    assert_eq!(
        w.order.trigger_price_type,
        Some(crate::TriggerPriceType::MarkPrice)
    );
    assert_eq!(w.conditional_stage(), Some(ConditionalStage::Waiting));
    // It fires: NEW comes after INIT, the same id is now a working order.
    let c = changes(s.apply(&order_event(9, "NEW", "NEW", "0", 300)));
    assert_eq!(c.len(), 1);
    assert!(s.conditional_orders().is_empty());
    let w = s.open_orders()[0];
    assert_eq!(w.conditional_stage(), Some(ConditionalStage::Fired));
    assert_eq!(
        w.order.trigger_price,
        Some(d("29000")),
        "the record keeps its trigger"
    );
    // A late copy of the INIT event does not bring it back.
    assert!(changes(s.apply(&order_event(9, "INIT", "NEW", "0", 100))).is_empty());
    assert_eq!(s.open_orders().len(), 1);
}

#[test]
fn a_vanished_conditional_order_is_looked_up_as_one_and_a_cancelled_one_is_finished() {
    let mut s = state();
    let (_, _) = s.apply_snapshot(
        snapshot(100, vec![conditional_record(4, "INIT")], None),
        ReconcileCause::Start,
    );
    let (mut fixes, vanished) =
        s.apply_snapshot(snapshot(200, Vec::new(), None), ReconcileCause::Gap);
    assert_eq!(
        vanished,
        vec![Vanished {
            contract: BTC.to_owned(),
            order_id: 4,
            conditional: true,
        }]
    );
    // One cancels the other took it while the stream was blind.
    s.apply_queried(conditional_record(4, "CANCELED"), &mut fixes);
    assert!(s.conditional_orders().is_empty());
    assert_eq!(
        s.order(4).and_then(WatchedOrder::conditional_stage),
        Some(ConditionalStage::Cancelled)
    );
    assert_eq!(s.order(1), None);
}
