//! The store on real files: each test in a directory of its own under the system's temporary
//! directory, removed when it ends.

use std::fmt::Display;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::SystemTime;

use rusqlite::{Connection, OpenFlags, OptionalExtension};
use rust_decimal::Decimal;

use super::*;

/// A directory under the system's temporary directory, removed on drop (a failed test too).
pub(super) struct TempDir(PathBuf);

impl TempDir {
    pub(super) fn new(name: &str) -> TempDir {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let nanos = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir = std::env::temp_dir().join(format!(
            "contango-store-{name}-{}-{nanos}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        ok(fs::create_dir_all(&dir));
        TempDir(dir)
    }

    pub(super) fn path(&self) -> &Path {
        &self.0
    }

    fn file(&self) -> PathBuf {
        self.0.join(FILE_NAME)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

pub(super) fn ok<T, E: Display>(r: Result<T, E>) -> T {
    r.unwrap_or_else(|e| panic!("{e}"))
}

fn refused<T>(r: Result<T, StoreError>) -> StoreError {
    match r {
        Ok(_) => panic!("expected a refusal"),
        Err(e) => e,
    }
}

fn dec(s: &str) -> Decimal {
    ok(s.parse::<Decimal>())
}

fn open(dir: &Path) -> (Store, Recovered) {
    ok(Store::open(dir, SyncMode::Normal))
}

/// A raw read-write connection, to damage a store as a person or a disk would.
fn raw(dir: &TempDir) -> Connection {
    ok(Connection::open(dir.file()))
}

/// The file's bytes and modification time: a refusal must leave both as they were.
fn fingerprint(file: &Path) -> (Vec<u8>, SystemTime) {
    let bytes = ok(fs::read(file));
    let mtime = ok(ok(fs::metadata(file)).modified());
    (bytes, mtime)
}

fn input(seq: u64, bytes: &[u8]) -> JournalEntry<'_> {
    JournalEntry {
        seq,
        time_ms: 1_700_000_000_000 + i64::try_from(seq).unwrap_or_default() * 1000,
        kind: 3,
        input: bytes,
    }
}

/// Commits inputs `from..=to`, one per commit, each encoded as its seq's text.
fn commit_range(store: &mut Store, from: u64, to: u64) {
    for seq in from..=to {
        let bytes = format!("input {seq}").into_bytes();
        ok(store.commit(&Batch {
            inputs: vec![input(seq, &bytes)],
            rows: Vec::new(),
        }));
    }
}

fn order(order_id: i64, seq: u64) -> OrderRow {
    OrderRow {
        order_id,
        uid: 2,
        client_order_id: Some(format!("c{order_id}")),
        contract: "E-BTC-USDT".into(),
        side: "BUY".into(),
        order_type: "LIMIT".into(),
        position_type: "CROSS".into(),
        action: "OPEN".into(),
        leverage: 10,
        price: dec("30000.10"),
        volume: dec("5"),
        amount: dec("150.0005"),
        filled: dec("0"),
        avg_price: dec("0"),
        fee: dec("0"),
        status: "NEW".into(),
        conditional: false,
        trigger_type: None,
        trigger_price: None,
        trigger_price_type: None,
        trigger_order_type: None,
        parent_id: None,
        archived: false,
        created_ms: 1_700_000_000_000,
        updated_ms: 1_700_000_000_000,
        seq,
    }
}

fn fill(trade_id: i64, order_id: i64, uid: i64, time_ms: i64, seq: u64) -> FillRow {
    FillRow {
        trade_id,
        order_id,
        uid,
        contract: "E-BTC-USDT".into(),
        side: "BUY".into(),
        price: dec("30010.5"),
        volume: dec("2"),
        value: dec("60.021"),
        fee: dec("0.0240084"),
        realized_pnl: dec("0"),
        maker: false,
        rule: "book_walk".into(),
        bid_order_id: order_id,
        ask_order_id: 0,
        bid_uid: uid,
        ask_uid: 0,
        time_ms,
        seq,
    }
}

fn transfer(
    id: i64,
    direction: TransferDirection,
    coin: &str,
    time_ms: i64,
    seq: u64,
) -> TransferRow {
    TransferRow {
        id,
        uid: 2,
        coin: coin.into(),
        direction,
        amount: dec("100.5"),
        balance_after: dec("100100.5"),
        time_ms,
        seq,
    }
}

fn forced(id: i64, kind: ForcedKind, contract: &str, time_ms: i64, seq: u64) -> ForcedRow {
    ForcedRow {
        id,
        uid: 2,
        kind,
        contract: contract.into(),
        contract_id: 1,
        position_type: "ISOLATED".into(),
        side: "SELL".into(),
        leverage: 20,
        price: dec("27000"),
        volume: dec("10"),
        value: dec("270"),
        entry_price: dec("27300"),
        realized_pnl: dec("-300"),
        deficit: dec("0"),
        time_ms,
        seq,
    }
}

fn equity(minute_ms: i64, value: &str, seq: u64) -> EquityRow {
    EquityRow {
        uid: 2,
        coin: "USDT".into(),
        minute_ms,
        balance: dec("100000"),
        unrealized: dec(value),
        equity: dec("100000") + dec(value),
        position: dec("5"),
        seq,
    }
}

fn funding(time_ms: i64, seq: u64) -> FundingRow {
    FundingRow {
        uid: 2,
        contract: "E-BTC-USDT".into(),
        position_side: "BUY".into(),
        position_type: "CROSS".into(),
        rate: dec("0.0001"),
        amount: dec("-0.15"),
        time_ms,
        seq,
    }
}

fn account(uid: i64, seq: u64) -> AccountRow {
    AccountRow {
        uid,
        api_key: format!("key-{uid}"),
        created_ms: 1_700_000_000_000,
        seq,
    }
}

mod bounds;
mod commits;
#[cfg(target_os = "linux")]
mod full_disk;
mod log;
mod reads;
mod refusals;
mod starts;
