//! The store answering every history query as the in-memory window does, from one scenario.

use super::*;

/// Inputs `1, 2, …` as the core makes their records leave: orders changing while live (a
/// journaled venue keeps every order's state), leaving done with the orders attached to them,
/// a coid used again, both sides of trades between accounts, a trade of one account with
/// itself (the maker's side first), fills against a source by every rule, a liquidation with
/// its ADL, transfers and forced closes older than 30 days, in two contracts.
fn scenario() -> Vec<Vec<Record>> {
    let mut inputs: Vec<Vec<Record>> = Vec::new();
    let t = |i: i64| NOW - 3 * DAY + i * 60_000;
    inputs.push(vec![
        Record::Account {
            uid: 2,
            api_key: "key-2".into(),
            time: t(0),
        },
        Record::Account {
            uid: 3,
            api_key: "key-3".into(),
            time: t(0),
        },
    ]);
    inputs.push(vec![transfer(1, 2, true, "USDT", NOW - 40 * DAY)]);
    inputs.push(vec![
        transfer(2, 2, true, "USDT", t(1)),
        transfer(3, 2, true, "BTC", t(1)),
        transfer(4, 2, false, "USDT", t(2)),
        transfer(5, 3, true, "USDT", t(2)),
    ]);

    // Order 10 (uid 2, coid "a") meets order 11 (uid 3), then fills against the source.
    let mut o10 = order(10, 2, BTC, Side::Buy);
    o10.client_order_id = Some("a".into());
    inputs.push(vec![changed(&o10)]);
    let mut o11 = order(11, 3, BTC, Side::Sell);
    o11.volume = dec("1");
    inputs.push(vec![changed(&o11)]);
    let o11 = filled(o11, "1", "30000.5", "0.006", t(5));
    let o10 = filled(o10, "1", "30000.5", "0.012", t(5));
    inputs.push(vec![
        side_of(100, &o11, Some(&o10), "1", "30000.5", true, None, t(5)),
        side_of(100, &o10, Some(&o11), "1", "30000.5", false, None, t(5)),
        changed(&o11),
        changed(&o10),
        done(&o11),
    ]);
    let o10a = filled(o10, "1", "30001", "0.012", t(6));
    let o10 = filled(o10a.clone(), "1", "30003.7", "0.012", t(6));
    inputs.push(vec![
        side_of(
            101,
            &o10a,
            None,
            "1",
            "30001",
            false,
            Some(Rule::BookWalk),
            t(6),
        ),
        side_of(
            102,
            &o10,
            None,
            "1",
            "30003.7",
            false,
            Some(Rule::BookWalk),
            t(6),
        ),
        changed(&o10),
        done(&o10),
    ]);

    // Parent 20 (uid 2, coid "p") with a take profit 21 and a stop loss 22 attached.
    let mut o20 = order(20, 2, BTC, Side::Buy);
    o20.client_order_id = Some("p".into());
    o20.children = vec![21, 22];
    let attached = |id: i64, kind: TriggerKind, price: &str, order_kind: OrderKind| {
        let mut c = order(id, 2, BTC, Side::Sell);
        c.client_order_id = (id == 21).then(|| "tp".to_owned());
        c.kind = order_kind;
        c.open = false;
        c.volume = Decimal::ZERO;
        c.amount = Decimal::ZERO;
        c.locked = Decimal::ZERO;
        c.status = OrderStatus::Init;
        c.parent = Some(20);
        let mut cond = trigger(kind, WatchedPrice::Last, price, Places::Order);
        cond.oco = Some(Oco::Parent(20));
        c.condition = Some(cond);
        c
    };
    let o21 = attached(21, TriggerKind::TakeProfit, "31000", OrderKind::Limit);
    let o22 = attached(22, TriggerKind::StopLoss, "29000", OrderKind::Market);
    inputs.push(vec![changed(&o20), changed(&o21), changed(&o22)]);
    // The parent fills: done, but live while its attached orders wait (now armed).
    let o20 = filled(o20, "3", "30000.5", "0.018", t(8));
    let arm = |mut c: OrderRecord| {
        c.volume = dec("3");
        if let Some(cond) = c.condition.as_mut() {
            cond.armed = true;
        }
        c
    };
    let (o21, o22) = (arm(o21), arm(o22));
    inputs.push(vec![
        side_of(
            103,
            &o20,
            None,
            "3",
            "30000.5",
            true,
            Some(Rule::CrossedBook),
            t(8),
        ),
        changed(&o20),
        changed(&o21),
        changed(&o22),
    ]);
    // The take profit fires and fills; the stop loss is cancelled with it; the group leaves.
    let mut o21 = filled(o21, "3", "31000", "0.0465", t(9));
    o21.price = dec("31000");
    if let Some(cond) = o21.condition.as_mut() {
        cond.armed = false;
    }
    let o22 = ended(o22, OrderStatus::Cancelled, t(9));
    inputs.push(vec![
        side_of(
            104,
            &o21,
            None,
            "3",
            "31000",
            true,
            Some(Rule::TradeThrough),
            t(9),
        ),
        changed(&o21),
        changed(&o22),
        done(&o21),
        done(&o22),
        Record::Order {
            order: o20.clone(),
            children: vec![o21.clone(), o22.clone()],
        },
    ]);

    // A conditional order closing the position at the mark (uid 2, coid "a" again, in ETH),
    // rejected when it fired.
    let mut o30 = order(30, 2, ETH, Side::Sell);
    o30.client_order_id = Some("a".into());
    o30.kind = OrderKind::Market;
    o30.open = false;
    o30.mode = MarginMode::Isolated;
    o30.leverage = 25;
    o30.status = OrderStatus::Init;
    o30.locked = Decimal::ZERO;
    let mut cond = trigger(
        TriggerKind::StopLoss,
        WatchedPrice::Mark,
        "1900.25",
        Places::Position,
    );
    cond.position = Some(7);
    o30.condition = Some(cond);
    inputs.push(vec![changed(&o30)]);
    let mut o30 = ended(o30, OrderStatus::Rejected, t(11));
    if let Some(c) = o30.condition.as_mut() {
        c.rejected = Some("no position".into());
    }
    inputs.push(vec![changed(&o30), done(&o30)]);

    // Uid 2 trades with itself: its conditional order 31 (older, lower id) fires into its
    // resting order 40. The maker's side is made first.
    let mut o31 = order(31, 2, BTC, Side::Buy);
    o31.kind = OrderKind::Ioc;
    o31.condition = Some(trigger(
        TriggerKind::TakeProfit,
        WatchedPrice::Last,
        "29990",
        Places::Order,
    ));
    o31.volume = dec("2");
    o31.status = OrderStatus::Init;
    let mut o40 = order(40, 2, BTC, Side::Sell);
    o40.kind = OrderKind::PostOnly;
    o40.volume = dec("2");
    inputs.push(vec![changed(&o31), changed(&o40)]);
    let o40 = filled(o40, "2", "29995", "0.012", t(13));
    let o31 = filled(o31, "2", "29995", "0.024", t(13));
    inputs.push(vec![
        side_of(105, &o40, Some(&o31), "2", "29995", true, None, t(13)),
        side_of(105, &o31, Some(&o40), "2", "29995", false, None, t(13)),
        changed(&o40),
        changed(&o31),
        done(&o40),
        done(&o31),
    ]);

    // Uid 3 is liquidated; uid 2's short absorbs part of it (ADL).
    let mut o50 = order(50, 3, BTC, Side::Sell);
    o50.kind = OrderKind::Market;
    o50.open = false;
    let mut o51 = order(51, 2, BTC, Side::Buy);
    o51.kind = OrderKind::Fok;
    o51.open = false;
    let o50 = filled(o50, "3", "27000", "0", t(14));
    let o51 = filled(o51, "3", "27000", "0", t(14));
    let (mut adl_sell, mut adl_buy) = (
        side_of(106, &o50, Some(&o51), "3", "27000", false, None, t(14)),
        side_of(106, &o51, Some(&o50), "3", "27000", true, None, t(14)),
    );
    for side in [&mut adl_sell, &mut adl_buy] {
        if let Record::Trade(t) = side {
            t.fee = Decimal::ZERO;
        }
    }
    inputs.push(vec![
        forced(1, 3, ForcedKind::Liquidation, BTC, t(14)),
        adl_sell,
        adl_buy,
        forced(2, 2, ForcedKind::Adl, BTC, t(14)),
        done(&o50),
        done(&o51),
    ]);
    inputs.push(vec![
        forced(3, 2, ForcedKind::Liquidation, ETH, NOW - 45 * DAY),
        forced(4, 2, ForcedKind::Liquidation, BTC, t(15)),
        transfer(6, 2, false, "USDT", t(15)),
    ]);

    // Orders of uid 2 in ETH, each filled against the source in two fills, a few per input.
    let rules = [
        Rule::BookWalk,
        Rule::CrossedBook,
        Rule::TradeThrough,
        Rule::QueueCleared,
    ];
    let mut trade_id = 200;
    for batch in 0..6i64 {
        let mut records = Vec::new();
        for k in 0..3i64 {
            let id = 100 + batch * 3 + k;
            let mut o = order(id, 2, ETH, if k % 2 == 0 { Side::Buy } else { Side::Sell });
            o.client_order_id = Some(format!("eth-{}", id % 4));
            o.volume = dec("2");
            let time = t(20 + batch);
            records.push(changed(&o));
            for (n, price) in ["2000.1", "2000.35"].into_iter().enumerate() {
                let rule = rules[usize::try_from(id).unwrap_or_default() % 4];
                o = filled(o, "1", price, "0.0008", time);
                records.push(side_of(
                    trade_id,
                    &o,
                    None,
                    "1",
                    price,
                    n == 1,
                    Some(rule),
                    time,
                ));
                trade_id += 1;
            }
            records.push(changed(&o));
            records.push(done(&o));
        }
        records.push(transfer(10 + batch, 2, true, "usdt", t(20 + batch)));
        records.push(forced(10 + batch, 2, ForcedKind::Adl, ETH, t(20 + batch)));
        inputs.push(records);
    }
    // An order still live at the end, cancelled later by no one.
    let mut o90 = order(90, 2, BTC, Side::Sell);
    o90.client_order_id = Some("p".into());
    inputs.push(vec![changed(&o90)]);
    // An input that made nothing leave.
    inputs.push(Vec::new());
    inputs
}

// What the store keeps of an order: the module's notes.

/// Every query, asked of both, answers the same; `at` names the moment.
fn same(window: &MemoryHistory, store: &StoreHistory, at: &str) {
    let now = NOW;
    let ids = [
        0, 10, 11, 20, 21, 22, 30, 31, 40, 50, 51, 90, 100, 101, 117, 9999,
    ];
    for id in ids {
        let w = ok(window.order(id)).as_ref().map(seen);
        let s = ok(store.order(id)).as_ref().map(seen);
        assert_eq!(w, s, "{at}: order {id}");
    }
    let coids = ["a", "p", "tp", "eth-0", "eth-1", "eth-3", "none"];
    let spans = [
        (None, None),
        (
            Some(NOW - 3 * DAY + 5 * 60_000),
            Some(NOW - 3 * DAY + 21 * 60_000),
        ),
        (Some(NOW - 50 * DAY), None),
        (Some(NOW), Some(NOW - DAY)),
    ];
    let pages = [(1, 10), (2, 2), (0, 3), (3, 2), (9, 10), (1, 0)];
    for uid in [2, 3, 9] {
        for coid in coids {
            let w = seen_all(&ok(window.orders_by_client_id(uid, coid)));
            let s = seen_all(&ok(store.orders_by_client_id(uid, coid)));
            assert_eq!(w, s, "{at}: orders of {uid} by client id {coid}");
        }
        assert_eq!(
            ok(window.orders_done(uid)),
            ok(store.orders_done(uid)),
            "{at}: orders done of {uid}"
        );
        for symbol in [BTC, ETH, "E-NONE-USDT"] {
            for from_id in [None, Some(101), Some(105), Some(210)] {
                for span in spans {
                    for limit in [0, 1, 3, 100] {
                        assert_eq!(
                            ok(window.trades(uid, symbol, from_id, span, limit)),
                            ok(store.trades(uid, symbol, from_id, span, limit)),
                            "{at}: trades of {uid} in {symbol} from {from_id:?} in {span:?}, \
                             limit {limit}"
                        );
                    }
                }
            }
            for kind in [None, Some(ForcedKind::Liquidation), Some(ForcedKind::Adl)] {
                for span in &spans[..3] {
                    let span = *span;
                    for (page, limit) in pages {
                        assert_eq!(
                            ok(window.forced(uid, symbol, kind, span, page, limit, now)),
                            ok(store.forced(uid, symbol, kind, span, page, limit, now)),
                            "{at}: forced of {uid} in {symbol}, {kind:?}, {span:?}, page \
                             {page} of {limit}"
                        );
                    }
                }
            }
        }
        for to_contract in [true, false] {
            for coin in [None, Some("usdt"), Some("BTC")] {
                for span in spans {
                    for (page, limit) in pages {
                        assert_eq!(
                            ok(window.transfers(uid, to_contract, coin, span, page, limit, now)),
                            ok(store.transfers(uid, to_contract, coin, span, page, limit, now)),
                            "{at}: transfers of {uid}, to contract {to_contract}, {coin:?}, \
                             {span:?}, page {page} of {limit}"
                        );
                    }
                }
            }
        }
    }
    assert_eq!(ok(window.fills()), ok(store.fills()), "{at}: fills");
    assert_eq!(
        ok(window.fill_counts()),
        ok(store.fill_counts()),
        "{at}: fill counts"
    );
    assert_eq!(ok(window.totals()), ok(store.totals()), "{at}: totals");
}

/// How far the committer has come when the venue applied input `seq`.
type Schedule = fn(u64) -> u64;

#[test]
fn the_store_answers_every_query_as_the_window_does_while_commits_trail() {
    let schedules: [(&str, Schedule); 3] = [
        // Each input committed before the next: every state of the store alone.
        ("in step", |seq| seq),
        // One input behind: its records pending.
        ("one behind", |seq| seq - 1),
        // Up to three behind, committed several to a batch.
        ("batched", |seq| seq - seq % 4),
    ];
    for (name, schedule) in schedules {
        trail(name, schedule);
    }
}

fn trail(name: &str, schedule: Schedule) {
    let tmp = TempDir::new("history-window");
    let mut store = open_store(&tmp);
    let committed = Arc::new(AtomicU64::new(store.last_seq()));
    let mut history = StoreHistory::new(ok(store.reader()), Arc::clone(&committed));
    let mut window = MemoryHistory::default();
    let inputs = scenario();
    let last = u64::try_from(inputs.len()).unwrap_or_default();
    let mut next = 1;
    for (seq, records) in (1..=last).zip(&inputs) {
        window.record(seq, records.clone());
        history.record(seq, records.clone());
        let upto = schedule(seq);
        if upto >= next {
            commit(&mut store, &inputs, next, upto);
            // Committed, but the committer has not said so yet: the rows are in the store
            // and the records still pending.
            if upto < seq || seq % 3 == 0 {
                same(
                    &window,
                    &history,
                    &format!("{name}: seq {seq}, {upto} stored"),
                );
            }
            committed.store(upto, Ordering::Release);
            next = upto + 1;
        }
        same(
            &window,
            &history,
            &format!("{name}: seq {seq}, {upto} committed"),
        );
    }
    commit(&mut store, &inputs, next, last);
    committed.store(last, Ordering::Release);
    same(&window, &history, &format!("{name}: all committed"));

    // The next input drops what is committed; a start's replay of committed inputs is not kept
    // again (its rows are in the store).
    history.record(last + 1, Vec::new());
    assert_eq!(history.pending_inputs(), 0);
    for (seq, records) in (1..=last).zip(&inputs) {
        history.record(seq, records.clone());
    }
    assert_eq!(history.pending_inputs(), 0);
    same(&window, &history, &format!("{name}: replayed"));

    // A new history over the same store (a restart) answers the same.
    let again = StoreHistory::new(ok(store.reader()), Arc::new(AtomicU64::new(last)));
    same(&window, &again, &format!("{name}: restarted"));
}

#[test]
fn the_store_keeps_what_the_window_forgets() {
    let tmp = TempDir::new("history-all");
    let mut store = open_store(&tmp);
    let committed = Arc::new(AtomicU64::new(0));
    let mut history = StoreHistory::new(ok(store.reader()), Arc::clone(&committed));
    let mut window = MemoryHistory::default();
    let kept = crate::history::TRANSFERS_KEPT;
    let n = i64::try_from(kept).unwrap_or_default() + 5;
    let inputs: Vec<Vec<Record>> = (1..=n)
        .map(|id| vec![transfer(id, 2, true, "USDT", NOW - n + id)])
        .collect();
    for (seq, records) in (1..).zip(&inputs) {
        window.record(seq, records.clone());
        history.record(seq, records.clone());
    }
    let last = u64::try_from(n).unwrap_or_default();
    commit(&mut store, &inputs, 1, last);
    committed.store(last, Ordering::Release);
    let first = |h: &dyn History| {
        ok(h.transfers(2, true, None, (None, None), 1, 1, NOW))
            .first()
            .map(|t| t.id)
    };
    assert_eq!(first(&window), Some(6));
    assert_eq!(first(&history), Some(1));
    assert!(NOW - n > NOW - THIRTY_DAYS_MS);
}

#[test]
fn the_window_keeps_no_records_of_the_venues_own_accounts() {
    // The market maker (uid 1) requotes more often than the window holds orders: the user's
    // done order stays, and so do the counts of both.
    let mut window = MemoryHistory::without([1]);
    let user = ended(
        order(1, 2, "E-BTC-USDT", Side::Buy),
        OrderStatus::Cancelled,
        NOW,
    );
    let user_done = done(&user);
    let mut house = order(2, 1, "E-BTC-USDT", Side::Sell);
    let fill = side_of(1, &house, Some(&user), "1", "30000", true, None, NOW);
    window.record(1, vec![user_done, fill]);
    let n = i64::try_from(crate::history::ORDERS_KEPT).unwrap_or_default() + 5;
    for id in 0..n {
        house.id = 10 + id;
        let requote = ended(house.clone(), OrderStatus::Cancelled, NOW);
        window.record(2, vec![done(&requote), transfer(id, 1, true, "USDT", NOW)]);
    }
    assert_eq!(ok(window.order(1)).map(|d| d.order.id), Some(1));
    assert_eq!(ok(window.order(10)).map(|d| d.order.id), None);
    assert!(ok(window.trades(1, "E-BTC-USDT", None, (None, None), 10)).is_empty());
    assert!(ok(window.transfers(1, true, None, (None, None), 1, 10, NOW)).is_empty());
    assert_eq!(
        ok(window.orders_done(1)),
        u64::try_from(n).unwrap_or_default()
    );
    assert_eq!(ok(window.orders_done(2)), 1);
    // Without a house, the requotes push the user's order out.
    let mut plain = MemoryHistory::default();
    plain.record(1, vec![done(&user)]);
    for id in 0..n {
        house.id = 10 + id;
        plain.record(
            2,
            vec![done(&ended(house.clone(), OrderStatus::Cancelled, NOW))],
        );
    }
    assert_eq!(ok(plain.order(1)).map(|d| d.order.id), None);
}

#[test]
fn the_window_finds_done_orders_by_client_id_until_they_leave() {
    let mut window = MemoryHistory::default();
    let with_coid = |id: i64, coid: &str| {
        let mut o = order(id, 2, "E-BTC-USDT", Side::Buy);
        o.client_order_id = Some(coid.to_owned());
        done(&ended(o, OrderStatus::Cancelled, NOW))
    };
    let ids = |w: &MemoryHistory, uid: i64, coid: &str| -> Vec<i64> {
        let found = ok(w.orders_by_client_id(uid, coid));
        found.iter().map(|d| d.order.id).collect()
    };
    // A client order id used twice: both done orders, oldest first, though done the other way.
    window.record(1, vec![with_coid(2, "again")]);
    window.record(2, vec![with_coid(1, "again")]);
    assert_eq!(ids(&window, 2, "again"), [1, 2]);
    assert!(ids(&window, 2, "other").is_empty());
    assert!(ids(&window, 3, "again").is_empty(), "another account's");
    // The window full: the first done (id 2) leaves, then the second.
    let kept = i64::try_from(crate::history::ORDERS_KEPT).unwrap_or_default();
    for id in 0..kept - 2 {
        window.record(3, vec![with_coid(100 + id, &format!("c{id}"))]);
    }
    assert_eq!(ids(&window, 2, "again"), [1, 2]);
    window.record(4, vec![with_coid(99_999, "last")]);
    assert_eq!(ids(&window, 2, "again"), [1]);
    assert_eq!(ok(window.order(2)).map(|d| d.order.id), None);
    assert_eq!(ok(window.order(1)).map(|d| d.order.id), Some(1));
    window.record(5, vec![with_coid(100_000, "later")]);
    assert!(ids(&window, 2, "again").is_empty());
    assert_eq!(ok(window.order(1)).map(|d| d.order.id), None);
    assert_eq!(ids(&window, 2, "c0"), [100]);
    assert_eq!(ids(&window, 2, "last"), [99_999]);
    assert_eq!(ok(window.order(100_000)).map(|d| d.order.id), Some(100_000));
}

// Each kind of record through a row of the store and back.
