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
use crate::exchange::book::{Side, WatchedPrice};
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

fn trigger(kind: TriggerKind, watched: WatchedPrice, price: &str, places: Places) -> Condition {
    Condition {
        kind,
        watched,
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

mod round_trip;
mod window;
