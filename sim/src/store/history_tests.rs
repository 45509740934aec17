//! The history in the store: each kind of record through a row of the store and back, and
//! [`StoreHistory`] answering every query as the in-memory [`MemoryHistory`] does, while the inputs it
//! was told of are committed behind it.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rust_decimal::Decimal;

use super::convert;
use super::history::StoreHistory;
use super::tests::{TempDir, ok};
use super::{Batch, JournalEntry, Store, SyncMode};
use crate::exchange::book::source::Rule;
use crate::exchange::book::{PriceSource, Side};
use crate::exchange::order::{
    Condition, Oco, OrderKind, OrderRecord, OrderStatus, Places, TriggerKind,
};
use crate::exchange::positions::MarginMode;
use crate::exchange::records::{ForcedKind, ForcedRecord, Record, TradeRecord, Transfer};
use crate::exchange::views;
use crate::history::{DoneOrder, History, MemoryHistory, THIRTY_DAYS_MS};

/// The exchange clock of the scenario (ms).
const NOW: i64 = 1_700_000_000_000;
const DAY: i64 = 24 * 3600 * 1000;
const BTC: &str = "E-BTC-USDT";
const ETH: &str = "E-ETH-USDT";

fn dec(s: &str) -> Decimal {
    ok(s.parse::<Decimal>())
}

fn open_store(tmp: &TempDir) -> Store {
    ok(Store::open(tmp.path(), SyncMode::Normal)).0
}

/// Commits inputs `from..=to` in one batch, with the rows of their records, as a journal does.
fn commit(store: &mut Store, inputs: &[Vec<Record>], from: u64, to: u64) {
    let encoded: Vec<(u64, Vec<u8>)> = (from..=to)
        .map(|seq| (seq, format!("input {seq}").into_bytes()))
        .collect();
    let mut batch = Batch::default();
    for (seq, bytes) in &encoded {
        batch.inputs.push(JournalEntry {
            seq: *seq,
            time_ms: NOW,
            kind: 0,
            input: bytes,
        });
        let records = &inputs[usize::try_from(*seq - 1).unwrap_or_default()];
        batch.rows.extend(convert::rows(*seq, records));
    }
    ok(store.commit(&batch));
}

// The records of a scenario.

fn order(id: i64, uid: i64, symbol: &str, side: Side) -> OrderRecord {
    OrderRecord {
        id,
        uid,
        client_order_id: None,
        symbol: symbol.to_owned(),
        side,
        kind: OrderKind::Limit,
        mode: MarginMode::Cross,
        open: true,
        price: dec("30000.5"),
        volume: dec("3"),
        amount: dec("90.0015"),
        leverage: 10,
        filled: Decimal::ZERO,
        filled_price_volume: Decimal::ZERO,
        fee: Decimal::ZERO,
        status: OrderStatus::New,
        locked: dec("9.00015"),
        ctime: NOW - 1000 + id,
        mtime: NOW - 1000 + id,
        condition: None,
        parent: None,
        children: Vec::new(),
    }
}

fn trigger(kind: TriggerKind, source: PriceSource, price: &str, places: Places) -> Condition {
    Condition {
        kind,
        source,
        price: dec(price),
        places,
        position: None,
        oco: None,
        armed: false,
        rejected: None,
    }
}

/// `o` after a fill of `volume` at `price` paying `fee` at `time`.
fn filled(mut o: OrderRecord, volume: &str, price: &str, fee: &str, time: i64) -> OrderRecord {
    o.filled += dec(volume);
    o.filled_price_volume += dec(volume) * dec(price);
    o.fee += dec(fee);
    o.mtime = time;
    o.locked = Decimal::ZERO;
    o.status = if o.filled >= o.volume {
        OrderStatus::Filled
    } else {
        OrderStatus::PartiallyFilled
    };
    o
}

fn ended(mut o: OrderRecord, status: OrderStatus, time: i64) -> OrderRecord {
    o.status = status;
    o.mtime = time;
    o.locked = Decimal::ZERO;
    o
}

fn done(o: &OrderRecord) -> Record {
    Record::Order {
        order: o.clone(),
        children: Vec::new(),
    }
}

fn changed(o: &OrderRecord) -> Record {
    Record::OrderChanged(o.clone())
}

/// One side of trade `trade_id`: `o`'s, against `other` (`None`: a market source with `rule`).
#[allow(clippy::too_many_arguments)]
fn side_of(
    trade_id: i64,
    o: &OrderRecord,
    other: Option<&OrderRecord>,
    volume: &str,
    price: &str,
    maker: bool,
    rule: Option<Rule>,
    time: i64,
) -> Record {
    let (mine, theirs) = ((o.id, o.uid), other.map_or((0, 0), |x| (x.id, x.uid)));
    let ((bid_id, bid_uid), (ask_id, ask_uid)) = match o.side {
        Side::Buy => (mine, theirs),
        Side::Sell => (theirs, mine),
    };
    let value = dec(volume) * dec(price) * dec("0.001");
    Record::Trade(TradeRecord {
        trade_id,
        order_id: o.id,
        uid: o.uid,
        symbol: o.symbol.clone(),
        price: dec(price),
        volume: dec(volume),
        value,
        side: o.side,
        fee: value * if maker { dec("0.0002") } else { dec("0.0004") },
        realized: if o.open { Decimal::ZERO } else { dec("-1.25") },
        bid_id,
        ask_id,
        bid_uid,
        ask_uid,
        is_maker: maker,
        rule,
        time,
    })
}

fn transfer(id: i64, uid: i64, to_contract: bool, coin: &str, time: i64) -> Record {
    Record::Transfer(Transfer {
        id,
        uid,
        to_contract,
        coin: coin.to_owned(),
        amount: dec("100.5") + Decimal::from(id),
        after: dec("1000.25") + Decimal::from(id),
        time,
    })
}

fn forced(id: i64, uid: i64, kind: ForcedKind, symbol: &str, time: i64) -> Record {
    Record::Forced(ForcedRecord {
        id,
        uid,
        kind,
        symbol: symbol.to_owned(),
        contract_id: if symbol == BTC { 1 } else { 2 },
        mode: MarginMode::Isolated,
        side: Side::Sell,
        leverage: 25,
        price: dec("27000.0"),
        volume: dec("4"),
        value: dec("108.000"),
        entry_price: dec("28100.3"),
        realized: dec("-4.4012"),
        deficit: if kind == ForcedKind::Liquidation {
            dec("0.37")
        } else {
            Decimal::ZERO
        },
        time,
    })
}

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
        let mut cond = trigger(kind, PriceSource::Last, price, Places::Order);
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
        PriceSource::Mark,
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
        PriceSource::Last,
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

fn kept(o: &OrderRecord) -> OrderRecord {
    let mut o = o.clone();
    o.filled_price_volume = o.avg_price() * o.filled;
    o.locked = Decimal::ZERO;
    if let Some(c) = o.condition.as_mut() {
        c.position = None;
        c.oco = o.parent.map(Oco::Parent);
        c.armed = false;
        c.rejected = None;
    }
    o
}

/// A done order as the store answers it, and its `GET /v2/order` answer as JSON text (scale and
/// all).
fn seen(d: &DoneOrder) -> (OrderRecord, Vec<OrderRecord>, String) {
    let children: Vec<&OrderRecord> = d.children.iter().collect();
    let view = ok(views::order(&d.order, &children));
    (
        kept(&d.order),
        d.children.iter().map(kept).collect(),
        ok(serde_json::to_string(&view)),
    )
}

fn seen_all(found: &[DoneOrder]) -> Vec<(OrderRecord, Vec<OrderRecord>, String)> {
    found.iter().map(seen).collect()
}

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
                    PriceSource::Last
                } else {
                    PriceSource::Mark
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
        (101, TriggerKind::TakeProfit, PriceSource::Last),
        (102, TriggerKind::StopLoss, PriceSource::Mark),
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
