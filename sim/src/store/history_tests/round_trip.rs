//! Records written as rows and read back as the REST views read them.

use super::*;

/// Commits `records` as input 1 and reads them back through a fresh history.
fn through_the_store(name: &str, records: Vec<Record>) -> (TempDir, StoreHistory) {
    let tmp = TempDir::new(name);
    let mut store = open_store(&tmp);
    let inputs = vec![records];
    commit(&mut store, &inputs, 1, 1);
    let history = StoreHistory::new(ok(store.reader()), Arc::new(AtomicU64::new(1)));
    (tmp, history)
}

#[test]
fn an_order_comes_back_as_its_view_shows_it() {
    let mut records = Vec::new();
    let mut originals = Vec::new();
    let statuses = [
        OrderStatus::Init,
        OrderStatus::New,
        OrderStatus::PartiallyFilled,
        OrderStatus::Filled,
        OrderStatus::Cancelled,
        OrderStatus::Rejected,
    ];
    let kinds = [
        OrderKind::Limit,
        OrderKind::Market,
        OrderKind::Ioc,
        OrderKind::Fok,
        OrderKind::PostOnly,
    ];
    let mut id = 1;
    for (i, status) in statuses.into_iter().enumerate() {
        for (j, kind) in kinds.into_iter().enumerate() {
            let mut o = order(
                id,
                2 + i64::try_from(i % 2).unwrap_or_default(),
                BTC,
                Side::Buy,
            );
            o.kind = kind;
            o.status = status;
            o.side = if j % 2 == 0 { Side::Buy } else { Side::Sell };
            o.mode = if i % 2 == 0 {
                MarginMode::Cross
            } else {
                MarginMode::Isolated
            };
            o.open = j % 3 != 0;
            o.leverage = 1 + u32::try_from(id).unwrap_or_default();
            o.client_order_id = (j % 2 == 1).then(|| format!("c-{id}"));
            // Three fills with an average that does not end.
            o.filled = dec("3");
            o.filled_price_volume = dec("30000.1") + dec("30000.25") + dec("30001");
            o.fee = dec("0.036000540");
            if (i + j) % 3 == 0 {
                let places = if j % 2 == 0 {
                    Places::Order
                } else {
                    Places::Position
                };
                let kind = if i % 2 == 0 {
                    TriggerKind::StopLoss
                } else {
                    TriggerKind::TakeProfit
                };
                let source = if j % 3 == 0 {
                    WatchedPrice::Last
                } else {
                    WatchedPrice::Mark
                };
                o.condition = Some(trigger(kind, source, "29500.50", places));
            }
            records.push(done(&o));
            originals.push(o);
            id += 1;
        }
    }
    // A parent with the orders attached to it, each a record of its own before it.
    let mut parent = order(100, 2, ETH, Side::Buy);
    parent.status = OrderStatus::Filled;
    parent.children = vec![101, 102];
    let mut children = Vec::new();
    for (child_id, kind, source) in [
        (101, TriggerKind::TakeProfit, WatchedPrice::Last),
        (102, TriggerKind::StopLoss, WatchedPrice::Mark),
    ] {
        let mut c = order(child_id, 2, ETH, Side::Sell);
        c.parent = Some(100);
        c.open = false;
        c.kind = OrderKind::Market;
        c.status = OrderStatus::Cancelled;
        let mut cond = trigger(kind, source, "2100", Places::Order);
        cond.oco = Some(Oco::Parent(100));
        c.condition = Some(cond);
        records.push(done(&c));
        children.push(c);
    }
    records.push(Record::Order {
        order: parent.clone(),
        children: children.clone(),
    });
    let (_tmp, history) = through_the_store("order-round-trip", records);
    for o in &originals {
        let back = ok(history.order(o.id)).unwrap_or_else(|| panic!("order {} is gone", o.id));
        let original = DoneOrder {
            order: o.clone(),
            children: Vec::new(),
        };
        assert_eq!(seen(&back), seen(&original), "order {}", o.id);
        assert_eq!(back.order, kept(o));
    }
    let back = ok(history.order(100)).unwrap_or_else(|| panic!("parent gone"));
    let original = DoneOrder {
        order: parent,
        children,
    };
    assert_eq!(seen(&back), seen(&original));
    assert!(seen(&back).2.contains("childOrders"), "{}", seen(&back).2);
    // Each attached order is a done order of its own too, without children.
    let child = ok(history.order(101)).unwrap_or_else(|| panic!("child gone"));
    assert!(child.children.is_empty() && child.order.parent == Some(100));
}

#[test]
fn a_trade_comes_back_whole() {
    let maker = order(10, 3, BTC, Side::Sell);
    let taker = order(11, 2, BTC, Side::Buy);
    let mut closing = order(12, 2, ETH, Side::Sell);
    closing.open = false;
    let mut records = vec![
        side_of(1, &maker, Some(&taker), "2", "30000.50", true, None, NOW),
        side_of(1, &taker, Some(&maker), "2", "30000.50", false, None, NOW),
        side_of(2, &closing, None, "1", "2000.125", false, None, NOW + 1),
    ];
    for (trade_id, rule) in (3..).zip([
        Rule::BookWalk,
        Rule::CrossedBook,
        Rule::TradeThrough,
        Rule::QueueCleared,
        Rule::QueueOptimistic,
        Rule::QueuePower,
    ]) {
        records.push(side_of(
            trade_id,
            &taker,
            None,
            "1",
            "30001",
            true,
            Some(rule),
            NOW + 2,
        ));
    }
    let originals: Vec<TradeRecord> = records
        .iter()
        .filter_map(|r| match r {
            Record::Trade(t) => Some(t.clone()),
            _ => None,
        })
        .collect();
    let (_tmp, history) = through_the_store("trade-round-trip", records);
    let mut back = ok(history.trades(3, BTC, None, (None, None), 100));
    back.extend(ok(history.trades(2, BTC, None, (None, None), 100)));
    back.extend(ok(history.trades(2, ETH, None, (None, None), 100)));
    back.sort_by_key(|t| (t.trade_id, t.order_id));
    let mut expected = originals.clone();
    expected.sort_by_key(|t| (t.trade_id, t.order_id));
    assert_eq!(back, expected);
    let text = |t: &TradeRecord| ok(serde_json::to_string(&ok(views::trade(t))));
    let views_back: Vec<String> = back.iter().map(text).collect();
    let views_expected: Vec<String> = expected.iter().map(text).collect();
    assert_eq!(views_back, views_expected);
    // The rule of a fill between two of the venue's orders reads `match` in the table.
    let row = convert::fill_row(1, &originals[0]);
    assert_eq!(row.rule, "match");
    assert_eq!(ok(convert::trade_record(&row)).rule, None);
}

#[test]
fn a_transfer_comes_back_whole() {
    let records = vec![
        transfer(1, 2, true, "USDT", NOW - 2),
        transfer(2, 2, false, "BTC", NOW - 1),
    ];
    let originals: Vec<Transfer> = records
        .iter()
        .filter_map(|r| match r {
            Record::Transfer(t) => Some(t.clone()),
            _ => None,
        })
        .collect();
    let (_tmp, history) = through_the_store("transfer-round-trip", records);
    let mut back = ok(history.transfers(2, true, None, (None, None), 1, 10, NOW));
    back.extend(ok(history.transfers(
        2,
        false,
        None,
        (None, None),
        1,
        10,
        NOW,
    )));
    assert_eq!(back, originals);
    let text = |t: &Transfer| ok(serde_json::to_string(&ok(views::transfer(t))));
    assert_eq!(
        back.iter().map(text).collect::<Vec<_>>(),
        originals.iter().map(text).collect::<Vec<_>>()
    );
}

#[test]
fn a_forced_close_comes_back_whole() {
    let mut adl = forced(2, 2, ForcedKind::Adl, ETH, NOW);
    if let Record::Forced(f) = &mut adl {
        f.mode = MarginMode::Cross;
        f.side = Side::Buy;
    }
    let records = vec![forced(1, 2, ForcedKind::Liquidation, BTC, NOW - 1), adl];
    let originals: Vec<ForcedRecord> = records
        .iter()
        .filter_map(|r| match r {
            Record::Forced(f) => Some(f.clone()),
            _ => None,
        })
        .collect();
    let (_tmp, history) = through_the_store("forced-round-trip", records);
    let mut back = ok(history.forced(2, BTC, None, (None, None), 1, 10, NOW));
    back.extend(ok(history.forced(2, ETH, None, (None, None), 1, 10, NOW)));
    assert_eq!(back, originals);
    let text = |f: &ForcedRecord| ok(serde_json::to_string(&ok(views::forced(f))));
    assert_eq!(
        back.iter().map(text).collect::<Vec<_>>(),
        originals.iter().map(text).collect::<Vec<_>>()
    );
}

#[test]
fn an_account_becomes_its_row() {
    let record = Record::Account {
        uid: 7,
        api_key: "key-7".into(),
        time: NOW,
    };
    let tmp = TempDir::new("account-row");
    let mut store = open_store(&tmp);
    commit(&mut store, &[vec![record]], 1, 1);
    let accounts = ok(ok(store.reader()).accounts());
    assert_eq!(accounts.len(), 1);
    assert_eq!(
        (
            accounts[0].uid,
            accounts[0].api_key.as_str(),
            accounts[0].created_ms,
            accounts[0].seq
        ),
        (7, "key-7", NOW, 1)
    );
}

#[test]
fn a_row_this_build_does_not_write_is_an_internal_error_naming_it() {
    let o = order(5, 2, BTC, Side::Buy);
    let mut row = convert::order_row(3, &o, true);
    row.status = "PENDING_CANCEL".into();
    let e = convert::order_record(&row)
        .err()
        .unwrap_or_else(|| panic!("read"));
    assert_eq!(e.status, 500);
    assert!(
        e.message
            .contains("orders row 5: status \"PENDING_CANCEL\""),
        "{}",
        e.message
    );
}
