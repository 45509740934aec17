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

#[test]
fn a_new_directory_gets_a_fresh_private_store_in_wal_mode() {
    let tmp = TempDir::new("fresh");
    let dir = tmp.path().join("state").join("deeper");
    let (store, recovered) = open(&dir);
    assert!(recovered.fresh);
    assert!(recovered.snapshot.is_none() && recovered.inputs.is_empty());
    assert_eq!(store.last_seq(), 0);
    let file = dir.join(FILE_NAME);
    assert_eq!(store.file(), file);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = ok(fs::metadata(&file)).permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{mode:o}");
    }
    let conn = &store.conn;
    let app: i32 = ok(conn.query_row("PRAGMA application_id", [], |r| r.get(0)));
    let version: i32 = ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0)));
    let mode: String = ok(conn.query_row("PRAGMA journal_mode", [], |r| r.get(0)));
    let sync: i64 = ok(conn.query_row("PRAGMA synchronous", [], |r| r.get(0)));
    assert_eq!((app, version), (APPLICATION_ID, 3));
    assert_eq!((mode.as_str(), sync), ("wal", 1)); // synchronous 1: NORMAL
    // Nothing left of the creation.
    assert!(!dir.join("venue.sqlite.new").exists());
}

#[test]
fn full_sync_is_synchronous_full() {
    let tmp = TempDir::new("full");
    let (store, _) = ok(Store::open(tmp.path(), SyncMode::Full));
    let sync: i64 = ok(store.conn.query_row("PRAGMA synchronous", [], |r| r.get(0)));
    assert_eq!(sync, 2);
}

#[test]
fn an_empty_file_is_taken_as_a_new_store() {
    let tmp = TempDir::new("empty");
    ok(fs::write(tmp.file(), b""));
    let (_, recovered) = open(tmp.path());
    assert!(recovered.fresh);
}

#[test]
fn a_store_created_but_never_written_is_still_fresh() {
    let tmp = TempDir::new("unwritten");
    drop(open(tmp.path()));
    let (_, recovered) = open(tmp.path());
    assert!(recovered.fresh);
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 1);
    drop(store);
    let (_, recovered) = open(tmp.path());
    assert!(!recovered.fresh);
}

#[test]
fn a_restart_returns_the_journal_after_the_latest_snapshot() {
    let tmp = TempDir::new("restart");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 3);
    drop(store);

    let (mut store, recovered) = open(tmp.path());
    assert!(!recovered.fresh);
    assert!(recovered.snapshot.is_none());
    let seqs: Vec<u64> = recovered.inputs.iter().map(|i| i.seq).collect();
    assert_eq!(seqs, [1, 2, 3]);
    assert_eq!(recovered.inputs[1].input, b"input 2");
    assert_eq!(recovered.inputs[1].kind, 3);
    assert_eq!(recovered.inputs[1].time_ms, 1_700_000_002_000);
    assert_eq!(store.last_seq(), 3);

    ok(store.snapshot(3, 1_700_000_003_000, b"state after 3"));
    commit_range(&mut store, 4, 5);
    drop(store);

    let (store, recovered) = open(tmp.path());
    let snapshot = recovered.snapshot.unwrap_or_else(|| panic!("no snapshot"));
    assert_eq!(snapshot.seq, 3);
    assert_eq!(snapshot.time_ms, 1_700_000_003_000);
    assert_eq!(snapshot.state, b"state after 3");
    let seqs: Vec<u64> = recovered.inputs.iter().map(|i| i.seq).collect();
    assert_eq!(seqs, [4, 5]);
    assert_eq!(store.last_seq(), 5);
}

#[test]
fn old_snapshots_are_forgotten_and_the_latest_kept() {
    let tmp = TempDir::new("forget");
    let (mut store, _) = open(tmp.path());
    for seq in 1..=4 {
        commit_range(&mut store, seq, seq);
        ok(store.snapshot(seq, 1_700_000_000_000, format!("state {seq}").as_bytes()));
    }
    assert_eq!(ok(store.forget_snapshots(2)), 2);
    assert_eq!(ok(store.forget_snapshots(0)), 1, "one stays");
    let seqs: Vec<u64> = raw(&tmp)
        .prepare("SELECT seq FROM snapshots")
        .and_then(|mut s| {
            s.query_map([], |r| r.get::<_, i64>(0))?
                .collect::<Result<Vec<_>, _>>()
        })
        .unwrap_or_default()
        .into_iter()
        .map(|s| u64::try_from(s).unwrap_or(0))
        .collect();
    assert_eq!(seqs, [4]);
    drop(store);
    let (_, recovered) = open(tmp.path());
    assert_eq!(
        recovered.snapshot.map(|s| s.state),
        Some(b"state 4".to_vec())
    );
    assert!(recovered.inputs.is_empty());
}

#[test]
fn a_killed_venue_loses_nothing() {
    let tmp = TempDir::new("killed");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 5);
    // The process dies: no close, no checkpoint. The commits are in the write-ahead log only.
    std::mem::forget(store);
    let wal = tmp.path().join("venue.sqlite-wal");
    assert!(ok(fs::metadata(&wal)).len() > 0);
    // What the disk holds after the kill (the log's index, in shared memory, is rebuilt).
    let after = TempDir::new("killed-copy");
    ok(fs::copy(tmp.file(), after.file()));
    ok(fs::copy(&wal, after.path().join("venue.sqlite-wal")));
    let (_, recovered) = open(after.path());
    let seqs: Vec<u64> = recovered.inputs.iter().map(|i| i.seq).collect();
    assert_eq!(seqs, [1, 2, 3, 4, 5]);
}

#[test]
fn a_batch_of_inputs_and_their_rows_is_one_commit() {
    let tmp = TempDir::new("batch");
    let (mut store, _) = open(tmp.path());
    let (a, b) = (b"place".to_vec(), b"fill".to_vec());
    ok(store.commit(&Batch {
        inputs: vec![input(1, &a), input(2, &b)],
        rows: vec![
            Row::Account(account(2, 1)),
            Row::Order(order(10, 1)),
            Row::Fill(fill(1, 10, 2, 1_700_000_002_000, 2)),
            Row::Transfer(transfer(1, TransferDirection::ToContract, "USDT", 1, 2)),
            Row::Funding(funding(1_700_000_000_000, 2)),
            Row::Forced(forced(1, ForcedKind::Liquidation, "E-BTC-USDT", 5, 2)),
            Row::Equity(equity(1_699_999_980_000, "12.5", 2)),
        ],
    }));
    assert_eq!(store.last_seq(), 2);
    let reader = ok(store.reader());
    assert_eq!(ok(reader.accounts()), [account(2, 1)]);
    assert_eq!(ok(reader.order(10)), Some(order(10, 1)));
    assert_eq!(
        ok(reader.fills(2, "E-BTC-USDT", None, TimeRange::ALL, 10)),
        [fill(1, 10, 2, 1_700_000_002_000, 2)]
    );
    assert_eq!(
        ok(reader.funding(2, Some("E-BTC-USDT"), TimeRange::ALL)),
        [funding(1_700_000_000_000, 2)]
    );
    assert_eq!(
        ok(reader.equity(2, "USDT", TimeRange::ALL)),
        [equity(1_699_999_980_000, "12.5", 2)]
    );
}

#[test]
fn decimals_are_exact_text_and_flags_integers() {
    let tmp = TempDir::new("text");
    let (mut store, _) = open(tmp.path());
    let mut o = order(10, 1);
    o.conditional = true;
    o.trigger_price = Some(dec("29000.00"));
    let bytes = b"x".to_vec();
    ok(store.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows: vec![Row::Order(o.clone())],
    }));
    let (price, price_type, trigger, conditional, conditional_type): (
        String,
        String,
        String,
        i64,
        String,
    ) = ok(store.conn.query_row(
        "SELECT price, typeof(price), trigger_price, conditional, typeof(conditional) FROM orders",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
    ));
    assert_eq!(price, "30000.10");
    assert_eq!(price_type, "text");
    assert_eq!(trigger, "29000.00");
    assert_eq!((conditional, conditional_type.as_str()), (1, "integer"));
    // Read back: the same decimals, scale and all.
    assert_eq!(ok(ok(store.reader()).order(10)), Some(o));
}

#[test]
fn rows_written_again_replace_themselves() {
    let tmp = TempDir::new("replace");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    ok(store.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows: vec![
            Row::Order(order(10, 1)),
            Row::Equity(equity(60_000, "1", 1)),
            Row::Fill(fill(1, 10, 2, 5, 1)),
        ],
    }));
    let mut filled = order(10, 2);
    filled.filled = dec("5");
    filled.status = "FILLED".into();
    ok(store.commit(&Batch {
        inputs: vec![input(2, &bytes)],
        rows: vec![
            Row::Order(filled.clone()),
            Row::Equity(equity(60_000, "2", 2)),
            // The same fill again (a replay writing its rows twice): still one row.
            Row::Fill(fill(1, 10, 2, 5, 2)),
        ],
    }));
    let reader = ok(store.reader());
    assert_eq!(ok(reader.order(10)), Some(filled));
    assert_eq!(
        ok(reader.equity(2, "USDT", TimeRange::ALL)),
        [equity(60_000, "2", 2)]
    );
    assert_eq!(
        ok(reader.fills(2, "E-BTC-USDT", None, TimeRange::ALL, 10)).len(),
        1
    );
}

#[test]
fn a_failed_commit_stores_nothing_and_poisons_the_store() {
    let tmp = TempDir::new("poison");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 2);
    store.inject_commit_failure();
    let bytes = b"lost".to_vec();
    let err = refused(store.commit(&Batch {
        inputs: vec![input(3, &bytes)],
        rows: vec![Row::Order(order(10, 3))],
    }));
    assert_eq!(err.file, tmp.file());
    assert_eq!(err.record.as_deref(), Some("journal seq 3"));
    assert!(err.reason.contains("commit failed"), "{err}");
    assert!(err.reason.contains("must stop taking input"), "{err}");
    assert_eq!(store.last_seq(), 2);

    // Every later write fails too, the same input or the next.
    for seq in [3, 4] {
        let err = refused(store.commit(&Batch {
            inputs: vec![input(seq, &bytes)],
            rows: Vec::new(),
        }));
        assert!(err.reason.contains("an earlier commit failed"), "{err}");
        assert!(err.reason.contains("must stop taking input"), "{err}");
    }
    assert!(store.snapshot(2, 0, b"s").is_err());

    // Neither the input nor its row was stored.
    assert_eq!(ok(ok(store.reader()).order(10)), None);
    drop(store);
    let (_, recovered) = open(tmp.path());
    assert_eq!(recovered.inputs.len(), 2);
}

#[test]
fn a_commit_that_does_not_continue_the_journal_fails_and_poisons() {
    let tmp = TempDir::new("discontinuous");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 2);
    let bytes = b"x".to_vec();
    let err = refused(store.commit(&Batch {
        inputs: vec![input(4, &bytes)],
        rows: Vec::new(),
    }));
    assert!(
        err.reason.contains("input seq 4 does not continue"),
        "{err}"
    );
    assert!(
        store
            .commit(&Batch {
                inputs: vec![input(3, &bytes)],
                rows: Vec::new(),
            })
            .is_err()
    );

    // A row of an input outside its batch is refused as well.
    let tmp = TempDir::new("stray-row");
    let (mut store, _) = open(tmp.path());
    let err = refused(store.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows: vec![Row::Order(order(10, 7))],
    }));
    assert!(err.reason.contains("carries seq 7"), "{err}");
}

#[test]
fn two_writers_cannot_both_write_a_seq() {
    let tmp = TempDir::new("two-writers");
    let (mut first, _) = open(tmp.path());
    let (mut second, _) = open(tmp.path());
    commit_range(&mut first, 1, 1);
    let bytes = b"x".to_vec();
    let err = refused(second.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows: Vec::new(),
    }));
    assert!(err.reason.contains("commit failed"), "{err}");
}

#[test]
fn readers_read_while_the_venue_writes() {
    let tmp = TempDir::new("readers");
    let (mut store, _) = open(tmp.path());
    // A connection of its own, read-only, as sqlite3 or pandas would open it.
    let outside = ok(Connection::open_with_flags(
        tmp.file(),
        OpenFlags::SQLITE_OPEN_READ_ONLY,
    ));
    let reader = ok(Reader::open(tmp.path()));
    let bytes = b"x".to_vec();
    for seq in 1..=20u64 {
        let id = i64::try_from(seq).unwrap_or_default();
        ok(store.commit(&Batch {
            inputs: vec![input(seq, &bytes)],
            rows: vec![Row::Order(order(id, seq))],
        }));
        let count: i64 = ok(outside.query_row("SELECT COUNT(*) FROM orders", [], |r| r.get(0)));
        assert_eq!(count, id);
        assert_eq!(ok(reader.order(id)).map(|o| o.seq), Some(seq));
        if seq == 10 {
            // A checkpoint with readers open.
            ok(store.checkpoint());
        }
    }
    // A reader cannot write.
    assert!(outside.execute("DELETE FROM orders", []).is_err());
}

#[test]
fn checkpoint_truncates_the_log() {
    let tmp = TempDir::new("checkpoint");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 50);
    let wal = tmp.path().join("venue.sqlite-wal");
    assert!(ok(fs::metadata(&wal)).len() > 0);
    assert!(ok(store.checkpoint()));
    assert_eq!(ok(fs::metadata(&wal)).len(), 0);
    commit_range(&mut store, 51, 51);
    drop(store);
    let (_, recovered) = open(tmp.path());
    assert_eq!(recovered.inputs.len(), 51);
}

#[test]
fn checkpoint_does_not_wait_for_a_reader() {
    let tmp = TempDir::new("checkpoint-reader");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 10);
    let reader = ok(Connection::open_with_flags(
        tmp.file(),
        OpenFlags::SQLITE_OPEN_READ_ONLY,
    ));
    // A reader in the middle of a long read: its snapshot pins the log.
    ok(reader.execute_batch("BEGIN; SELECT COUNT(*) FROM journal;"));
    commit_range(&mut store, 11, 20);
    let started = std::time::Instant::now();
    assert!(!ok(store.checkpoint()));
    assert!(started.elapsed() < std::time::Duration::from_secs(1));
    ok(reader.execute_batch("COMMIT;"));
    assert!(ok(store.checkpoint()));
}

#[test]
fn snapshots_follow_the_journal() {
    let tmp = TempDir::new("snapshot-order");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 5);
    let err = refused(store.snapshot(6, 0, b"s"));
    assert_eq!(err.record.as_deref(), Some("snapshot seq 6"));
    assert!(
        err.reason.contains("past the journal's last seq 5"),
        "{err}"
    );
    ok(store.snapshot(4, 0, b"s4"));
    assert!(store.snapshot(3, 0, b"s3").is_err());
    // The same seq again (the shutdown snapshot after a periodic one): replaced.
    ok(store.snapshot(4, 0, b"s4"));
    ok(store.snapshot(5, 0, b"s5"));
}

#[test]
fn prune_keeps_what_a_start_needs() {
    let tmp = TempDir::new("prune");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 10);
    // No snapshot: nothing may go.
    assert_eq!(ok(store.prune(100)), Pruned::default());
    ok(store.snapshot(4, 0, b"s4"));
    ok(store.snapshot(8, 0, b"s8"));
    // Asked to keep from 6: inputs 1..=5 go; the snapshot at 4 cannot be continued (5 is gone).
    assert_eq!(
        ok(store.prune(6)),
        Pruned {
            inputs: 5,
            snapshots: 1
        }
    );
    // Asked to keep from 100: never past the latest snapshot.
    assert_eq!(
        ok(store.prune(100)),
        Pruned {
            inputs: 3,
            snapshots: 0
        }
    );
    commit_range(&mut store, 11, 11);
    drop(store);
    let (store, recovered) = open(tmp.path());
    assert_eq!(recovered.snapshot.map(|s| s.seq), Some(8));
    let seqs: Vec<u64> = recovered.inputs.iter().map(|i| i.seq).collect();
    assert_eq!(seqs, [9, 10, 11]);
    drop(store);
    let report = ok(Store::verify(tmp.path()));
    assert!(report.is_sound(), "{report}");
    assert_eq!(report.journal, Some((9, 11)));
}

#[test]
fn a_journal_pruned_up_to_its_snapshot_continues() {
    let tmp = TempDir::new("prune-all");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 3);
    ok(store.snapshot(3, 0, b"s3"));
    assert_eq!(ok(store.prune(u64::MAX)).inputs, 3);
    drop(store);
    let (mut store, recovered) = open(tmp.path());
    assert!(!recovered.fresh);
    assert!(recovered.inputs.is_empty());
    assert_eq!(store.last_seq(), 3);
    commit_range(&mut store, 4, 4);
}

// Refusals: each names the file, the record and the reason, and leaves the file as it was.

fn assert_refused_unchanged(tmp: &TempDir, record: Option<&str>, reason: &str) -> StoreError {
    let file = tmp.file();
    let before = fingerprint(&file);
    let err = refused(Store::open(tmp.path(), SyncMode::Normal));
    assert_eq!(err.file, file, "{err}");
    assert_eq!(err.record.as_deref(), record, "{err}");
    assert!(err.reason.contains(reason), "{err}");
    assert!(
        err.to_string().starts_with(&file.display().to_string()),
        "{err}"
    );
    assert_eq!(fingerprint(&file), before, "the file changed");
    // Refused again, the same way: nothing was started over it.
    assert_eq!(refused(Store::open(tmp.path(), SyncMode::Normal)), err);
    assert_eq!(fingerprint(&file), before, "the file changed");
    err
}

#[test]
fn a_file_that_is_not_sqlite_is_refused_untouched() {
    let tmp = TempDir::new("not-sqlite");
    let mut noise = Vec::new();
    let mut x: u32 = 12345;
    for _ in 0..10_000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        noise.push((x >> 16) as u8);
    }
    ok(fs::write(tmp.file(), &noise));
    assert_refused_unchanged(&tmp, Some("header"), "not a SQLite database");
    // A few bytes only.
    ok(fs::write(tmp.file(), b"hello"));
    assert_refused_unchanged(&tmp, Some("header"), "not a SQLite database");
}

#[test]
fn a_damaged_store_is_refused_untouched() {
    // Truncated: the tables' pages are gone.
    let tmp = TempDir::new("truncated");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 200);
    drop(store);
    let bytes = ok(fs::read(tmp.file()));
    ok(fs::write(tmp.file(), &bytes[..4096]));
    let err = assert_refused_unchanged(&tmp, Some("schema"), "malformed");
    assert!(err.to_string().contains("venue.sqlite: schema: "), "{err}");

    // Pages overwritten: the header survives, the rest is noise.
    let tmp = TempDir::new("overwritten");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 200);
    drop(store);
    let mut bytes = ok(fs::read(tmp.file()));
    for b in bytes.iter_mut().skip(4096) {
        *b = 0xA5;
    }
    ok(fs::write(tmp.file(), &bytes));
    let err = refused(Store::open(tmp.path(), SyncMode::Normal));
    assert!(err.reason.contains("malformed"), "{err}");
    assert_refused_unchanged(&tmp, err.record.as_deref(), "malformed");
}

#[test]
fn a_foreign_sqlite_file_is_refused_untouched() {
    // No application id: another program's database.
    let tmp = TempDir::new("foreign");
    {
        let conn = raw(&tmp);
        ok(conn.execute_batch("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);"));
    }
    let err = assert_refused_unchanged(&tmp, Some("application_id"), "no declared application");
    assert!(err.reason.contains("not a contango-sim store"), "{err}");

    // Another application's id.
    let tmp = TempDir::new("foreign-id");
    {
        let conn = raw(&tmp);
        ok(conn.execute_batch("PRAGMA application_id = 42; CREATE TABLE t (x);"));
    }
    assert_refused_unchanged(&tmp, Some("application_id"), "another application's");

    // Our id, but a table that is not ours.
    let tmp = TempDir::new("foreign-table");
    drop(open(tmp.path()));
    ok(raw(&tmp).execute_batch("CREATE TABLE notes (x);"));
    assert_refused_unchanged(
        &tmp,
        Some("table notes"),
        "not a table of a contango-sim store",
    );

    // Our id, a table of ours with other columns.
    let tmp = TempDir::new("foreign-columns");
    drop(open(tmp.path()));
    ok(raw(&tmp).execute_batch("ALTER TABLE fills ADD COLUMN extra TEXT;"));
    assert_refused_unchanged(&tmp, Some("table fills"), "are not this version's");
}

#[test]
fn a_newer_schema_is_refused_untouched() {
    let tmp = TempDir::new("newer");
    drop(open(tmp.path()));
    ok(raw(&tmp).execute_batch("PRAGMA user_version = 4;"));
    let err = assert_refused_unchanged(&tmp, Some("user_version"), "schema version 4 is newer");
    assert!(err.reason.contains("this build's (3)"), "{err}");
    // Older than any this build knows, too.
    ok(raw(&tmp).execute_batch("PRAGMA user_version = 0;"));
    let err = assert_refused_unchanged(&tmp, Some("user_version"), "schema version 0 is not");
    assert!(err.reason.contains("(1 to 3)"), "{err}");
}

#[test]
fn a_missing_input_after_the_snapshot_is_refused_untouched() {
    let tmp = TempDir::new("gap");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 9);
    ok(store.snapshot(4, 0, b"s4"));
    drop(store);
    ok(raw(&tmp).execute("DELETE FROM journal WHERE seq = 7", []));
    let err = assert_refused_unchanged(&tmp, Some("journal seq 7"), "missing");
    assert!(err.reason.contains("from seq 6 to seq 8"), "{err}");

    // Right after the snapshot.
    ok(raw(&tmp).execute("DELETE FROM journal WHERE seq = 5", []));
    let err = assert_refused_unchanged(&tmp, Some("journal seq 5"), "missing");
    assert!(
        err.reason.contains("from the snapshot at seq 4 to seq 6"),
        "{err}"
    );

    // Without a snapshot, the journal starts at 1.
    let tmp = TempDir::new("gap-start");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 3);
    drop(store);
    ok(raw(&tmp).execute("DELETE FROM journal WHERE seq <= 2", []));
    assert_refused_unchanged(&tmp, Some("journal seq 1..=2"), "from the start to seq 3");
}

#[test]
fn a_snapshot_failing_its_checksum_is_refused_untouched() {
    let tmp = TempDir::new("checksum");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 6);
    ok(store.snapshot(3, 0, b"state 3"));
    ok(store.snapshot(6, 0, b"state 6"));
    drop(store);
    ok(raw(&tmp).execute("UPDATE snapshots SET state = X'00' WHERE seq = 6", []));
    let err = assert_refused_unchanged(&tmp, Some("snapshot seq 6"), "checksum mismatch");
    assert!(err.reason.contains("damaged"), "{err}");
}

#[test]
fn a_log_without_its_database_is_refused() {
    let tmp = TempDir::new("orphan-wal");
    let wal = tmp.path().join("venue.sqlite-wal");
    ok(fs::write(&wal, b"frames of commits"));
    let err = refused(Store::open(tmp.path(), SyncMode::Normal));
    assert_eq!(err.file, wal);
    assert!(err.reason.contains("without its database"), "{err}");
    assert!(!tmp.file().exists());
    assert_eq!(ok(fs::read(&wal)), b"frames of commits");
}

#[test]
fn store_error_names_file_record_and_reason() {
    let e = StoreError {
        file: PathBuf::from("/s/venue.sqlite"),
        record: Some("journal seq 7".into()),
        reason: "missing".into(),
    };
    assert_eq!(e.to_string(), "/s/venue.sqlite: journal seq 7: missing");
    let e = StoreError { record: None, ..e };
    assert_eq!(e.to_string(), "/s/venue.sqlite: missing");
    let _: &dyn std::error::Error = &e;
}

// Verification.

#[test]
fn verify_finds_a_sound_store_sound_and_changes_nothing() {
    let tmp = TempDir::new("verify-sound");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    for seq in 1..=6u64 {
        let id = i64::try_from(seq).unwrap_or_default();
        ok(store.commit(&Batch {
            inputs: vec![input(seq, &bytes)],
            rows: vec![
                Row::Order(order(id, seq)),
                Row::Fill(fill(id, id, 2, id, seq)),
            ],
        }));
        if seq % 3 == 0 {
            ok(store.snapshot(seq, 0, format!("state {seq}").as_bytes()));
        }
    }
    ok(store.close());
    let before = fingerprint(&tmp.file());
    let report = ok(Store::verify(tmp.path()));
    assert!(report.is_sound(), "{report}");
    assert_eq!(report.snapshots, 2);
    assert_eq!(report.latest_snapshot, Some(6));
    assert_eq!(report.journal, Some((1, 6)));
    assert!(report.rows.contains(&("orders", 6)));
    assert!(report.rows.contains(&("fills", 6)));
    assert!(report.to_string().contains("sound"), "{report}");
    assert_eq!(fingerprint(&tmp.file()), before);
}

#[test]
fn verify_lists_every_problem() {
    let tmp = TempDir::new("verify-problems");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 12);
    ok(store.snapshot(3, 0, b"state 3"));
    ok(store.snapshot(10, 0, b"state 10"));
    drop(store);
    {
        let conn = raw(&tmp);
        // An old snapshot damaged (a start, which checks the latest only, does not see it).
        ok(conn.execute("UPDATE snapshots SET state = X'00' WHERE seq = 3", []));
        // A gap before the latest snapshot (idem).
        ok(conn.execute("DELETE FROM journal WHERE seq IN (5, 6)", []));
        // A row from an input the journal never had.
        ok(conn.execute(
            "INSERT INTO accounts (uid, api_key, created_ms, seq) VALUES (9, 'k', 0, 99)",
            [],
        ));
    }
    // A start is not bothered: its checks are the cheap ones.
    drop(open(tmp.path()));

    let before = fingerprint(&tmp.file());
    let report = ok(Store::verify(tmp.path()));
    assert_eq!(fingerprint(&tmp.file()), before);
    let records: Vec<Option<&str>> = report
        .problems
        .iter()
        .map(|p| p.record.as_deref())
        .collect();
    assert_eq!(
        records,
        [
            Some("snapshot seq 3"),
            Some("journal seq 5..=6"),
            Some("table accounts")
        ],
        "{report}"
    );
    assert!(report.problems[0].reason.contains("checksum mismatch"));
    assert!(report.problems[1].reason.contains("from seq 4 to 7"));
    assert!(report.problems[2].reason.contains("seq 99"));
    assert!(!report.is_sound());
    assert!(report.to_string().contains("3 problems"), "{report}");
}

#[test]
fn verify_reports_integrity_check_failures() {
    let tmp = TempDir::new("verify-integrity");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    for seq in 1..=300u64 {
        let id = i64::try_from(seq).unwrap_or_default();
        ok(store.commit(&Batch {
            inputs: vec![input(seq, &bytes)],
            rows: vec![Row::Order(order(id, seq))],
        }));
    }
    drop(store);
    // The orders index's pages damaged: what integrity_check sees, and a start does not read.
    let root: i64 = ok(raw(&tmp).query_row(
        "SELECT rootpage FROM sqlite_schema WHERE name = 'orders_by_client_id'",
        [],
        |r| r.get(0),
    ));
    let page: i64 = ok(raw(&tmp).query_row("PRAGMA page_size", [], |r| r.get(0)));
    let page = usize::try_from(page).unwrap_or_default();
    let mut bytes = ok(fs::read(tmp.file()));
    let start = usize::try_from(root - 1).unwrap_or_default() * page;
    for b in &mut bytes[start + 8..start + page] {
        *b = 0x5A;
    }
    ok(fs::write(tmp.file(), &bytes));
    let report = ok(Store::verify(tmp.path()));
    assert!(
        report
            .problems
            .iter()
            .any(|p| p.record.as_deref() == Some("integrity_check")),
        "{report}"
    );
}

#[test]
fn verify_refuses_what_is_not_a_store() {
    let tmp = TempDir::new("verify-none");
    let err = refused(Store::verify(tmp.path()));
    assert!(err.reason.contains("no store here"), "{err}");
    ok(fs::write(
        tmp.file(),
        b"not a database at all, just some text",
    ));
    let err = refused(Store::verify(tmp.path()));
    assert_eq!(err.record.as_deref(), Some("header"));
}

// History reads, as the REST views ask them.

#[test]
fn fills_read_as_my_trades_does() {
    let tmp = TempDir::new("fills");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    let mut rows = Vec::new();
    for trade in 1..=10i64 {
        rows.push(Row::Fill(fill(trade, 100 + trade, 2, trade * 1000, 1)));
    }
    // Another account's side of trade 5, another contract's trade.
    rows.push(Row::Fill(fill(5, 200, 3, 5000, 1)));
    let mut eth = fill(11, 300, 2, 11_000, 1);
    eth.contract = "E-ETH-USDT".into();
    rows.push(Row::Fill(eth));
    ok(store.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows,
    }));
    let reader = ok(store.reader());
    let ids = |fills: Vec<FillRow>| -> Vec<i64> { fills.iter().map(|f| f.trade_id).collect() };
    let btc = "E-BTC-USDT";
    // Without fromId: the newest `limit`, oldest first.
    assert_eq!(
        ids(ok(reader.fills(2, btc, None, TimeRange::ALL, 3))),
        [8, 9, 10]
    );
    // With fromId: the first `limit` from it.
    assert_eq!(
        ids(ok(reader.fills(2, btc, Some(4), TimeRange::ALL, 3))),
        [4, 5, 6]
    );
    // A time window, inclusive.
    let window = TimeRange {
        start: Some(3000),
        end: Some(6000),
    };
    assert_eq!(
        ids(ok(reader.fills(2, btc, None, window, 100))),
        [3, 4, 5, 6]
    );
    assert_eq!(ids(ok(reader.fills(2, btc, Some(5), window, 100))), [5, 6]);
    assert!(ok(reader.fills(2, btc, None, TimeRange::ALL, 0)).is_empty());
    assert_eq!(ids(ok(reader.fills(3, btc, None, TimeRange::ALL, 10))), [5]);
    assert_eq!(
        ids(ok(reader.fills(2, "E-ETH-USDT", None, TimeRange::ALL, 10))),
        [11]
    );
}

#[test]
fn transfers_read_as_the_transfer_history_does() {
    let tmp = TempDir::new("transfers");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    let mut rows = Vec::new();
    for id in 1..=7i64 {
        let coin = if id == 4 { "BTC" } else { "USDT" };
        rows.push(Row::Transfer(transfer(
            id,
            TransferDirection::ToContract,
            coin,
            id * 10,
            1,
        )));
    }
    rows.push(Row::Transfer(transfer(
        8,
        TransferDirection::ToWallet,
        "USDT",
        80,
        1,
    )));
    let mut other = transfer(9, TransferDirection::ToContract, "USDT", 90, 1);
    other.uid = 3;
    rows.push(Row::Transfer(other));
    ok(store.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows,
    }));
    let reader = ok(store.reader());
    let ids = |rows: Vec<TransferRow>| -> Vec<i64> { rows.iter().map(|t| t.id).collect() };
    let page = |page, limit| Page { page, limit };
    let to = TransferDirection::ToContract;
    assert_eq!(
        ids(ok(reader.transfers(
            2,
            to,
            None,
            TimeRange::ALL,
            page(1, 10)
        ))),
        [1, 2, 3, 4, 5, 6, 7]
    );
    assert_eq!(
        ids(ok(reader.transfers(
            2,
            to,
            None,
            TimeRange::ALL,
            page(2, 3)
        ))),
        [4, 5, 6]
    );
    assert_eq!(
        ids(ok(reader.transfers(
            2,
            to,
            None,
            TimeRange::ALL,
            page(0, 2)
        ))),
        [1, 2]
    );
    assert!(ok(reader.transfers(2, to, None, TimeRange::ALL, page(9, 3))).is_empty());
    // The coin in any case.
    assert_eq!(
        ids(ok(reader.transfers(
            2,
            to,
            Some("usdt"),
            TimeRange::ALL,
            page(1, 10)
        ))),
        [1, 2, 3, 5, 6, 7]
    );
    assert_eq!(
        ids(ok(reader.transfers(
            2,
            to,
            Some("BTC"),
            TimeRange::ALL,
            page(1, 10)
        ))),
        [4]
    );
    let window = TimeRange {
        start: Some(20),
        end: Some(50),
    };
    assert_eq!(
        ids(ok(reader.transfers(2, to, None, window, page(1, 10)))),
        [2, 3, 4, 5]
    );
    let back = ok(reader.transfers(
        2,
        TransferDirection::ToWallet,
        None,
        TimeRange::ALL,
        page(1, 10),
    ));
    assert_eq!(
        back,
        [transfer(8, TransferDirection::ToWallet, "USDT", 80, 1)]
    );
}

#[test]
fn forced_orders_read_as_the_force_orders_history_does() {
    let tmp = TempDir::new("forced");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    let btc = "E-BTC-USDT";
    let rows = vec![
        Row::Forced(forced(1, ForcedKind::Liquidation, btc, 10, 1)),
        Row::Forced(forced(2, ForcedKind::Adl, btc, 20, 1)),
        Row::Forced(forced(3, ForcedKind::Liquidation, btc, 30, 1)),
        Row::Forced(forced(4, ForcedKind::Liquidation, "E-ETH-USDT", 40, 1)),
        Row::Forced(forced(5, ForcedKind::Adl, btc, 50, 1)),
    ];
    ok(store.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows,
    }));
    let reader = ok(store.reader());
    let ids = |rows: Vec<ForcedRow>| -> Vec<i64> { rows.iter().map(|t| t.id).collect() };
    let all = Page { page: 1, limit: 10 };
    assert_eq!(
        ids(ok(reader.forced(2, btc, None, TimeRange::ALL, all))),
        [1, 2, 3, 5]
    );
    assert_eq!(
        ids(ok(reader.forced(
            2,
            btc,
            Some(ForcedKind::Adl),
            TimeRange::ALL,
            all
        ))),
        [2, 5]
    );
    assert_eq!(
        ids(ok(reader.forced(
            2,
            btc,
            Some(ForcedKind::Liquidation),
            TimeRange::ALL,
            all
        ))),
        [1, 3]
    );
    let second = Page { page: 2, limit: 2 };
    assert_eq!(
        ids(ok(reader.forced(2, btc, None, TimeRange::ALL, second))),
        [3, 5]
    );
    let window = TimeRange {
        start: None,
        end: Some(20),
    };
    assert_eq!(ids(ok(reader.forced(2, btc, None, window, all))), [1, 2]);
    assert!(ok(reader.forced(3, btc, None, TimeRange::ALL, all)).is_empty());
    assert_eq!(
        ok(reader.forced(2, "E-ETH-USDT", None, TimeRange::ALL, all)),
        [forced(4, ForcedKind::Liquidation, "E-ETH-USDT", 40, 1)]
    );
}

#[test]
fn orders_are_found_by_id_and_by_client_id_newest_first() {
    let tmp = TempDir::new("orders");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    let mut first = order(10, 1);
    first.client_order_id = Some("mine".into());
    let mut second = order(11, 1);
    second.client_order_id = Some("mine".into());
    let mut other_contract = order(12, 1);
    other_contract.client_order_id = Some("mine".into());
    other_contract.contract = "E-ETH-USDT".into();
    let mut other_account = order(13, 1);
    other_account.client_order_id = Some("mine".into());
    other_account.uid = 3;
    let mut no_client_id = order(14, 1);
    no_client_id.client_order_id = None;
    ok(store.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows: vec![
            Row::Order(first),
            Row::Order(second.clone()),
            Row::Order(other_contract),
            Row::Order(other_account),
            Row::Order(no_client_id.clone()),
        ],
    }));
    let reader = ok(store.reader());
    assert_eq!(
        ok(reader.order_by_client_id(2, "E-BTC-USDT", "mine")),
        Some(second)
    );
    assert_eq!(
        ok(reader.order_by_client_id(3, "E-BTC-USDT", "mine")).map(|o| o.order_id),
        Some(13)
    );
    assert_eq!(
        ok(reader.order_by_client_id(2, "E-ETH-USDT", "mine")).map(|o| o.order_id),
        Some(12)
    );
    assert_eq!(
        ok(reader.order_by_client_id(2, "E-BTC-USDT", "other")),
        None
    );
    assert_eq!(ok(reader.order(14)), Some(no_client_id));
    assert_eq!(ok(reader.order(99)), None);
}

#[test]
fn the_history_lookups_use_their_indexes() {
    let tmp = TempDir::new("plans");
    let (store, _) = open(tmp.path());
    let plan = |sql: &str| -> String {
        let mut stmt = ok(store.conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")));
        let details: Vec<String> =
            ok(ok(stmt.query_map([], |r| r.get::<_, String>(3)))
                .collect::<rusqlite::Result<Vec<_>>>());
        details.join("; ")
    };
    let uses = |sql: &str, index: &str| {
        let p = plan(sql);
        assert!(p.contains(index), "{sql}: {p}");
    };
    uses(
        "SELECT * FROM fills WHERE uid = 1 AND contract = 'a' AND trade_id >= 0 ORDER BY trade_id LIMIT 5",
        "fills_by_account",
    );
    uses(
        "SELECT * FROM transfers WHERE uid = 1 AND direction = 'to_wallet' AND time_ms BETWEEN 0 AND 9",
        "transfers_by_account",
    );
    uses(
        "SELECT * FROM forced_orders WHERE uid = 1 AND contract = 'a' AND time_ms BETWEEN 0 AND 9",
        "forced_by_account",
    );
    uses(
        "SELECT * FROM orders WHERE uid = 1 AND client_order_id = 'c' AND contract = 'a' ORDER BY order_id DESC LIMIT 1",
        "orders_by_client_id",
    );
    uses(
        "SELECT * FROM orders WHERE parent_id = 3 AND seq <= 9 ORDER BY order_id",
        "orders_by_parent",
    );
    uses(
        "SELECT * FROM fills WHERE rule <> 'match' AND seq <= 9 ORDER BY trade_id DESC, order_id DESC LIMIT 5",
        "fills_from_source",
    );
    // The window's order (the maker's side of a trade first) without a sort of its own.
    for sql in [
        "SELECT * FROM fills WHERE uid = 1 AND contract = 'a' AND trade_id >= 0 AND seq <= 9 ORDER BY trade_id, maker DESC LIMIT 5",
        "SELECT * FROM fills WHERE uid = 1 AND contract = 'a' AND seq <= 9 ORDER BY trade_id DESC, maker LIMIT 5",
    ] {
        let p = plan(sql);
        assert!(
            p.contains("fills_by_account") && !p.contains("TEMP B-TREE"),
            "{sql}: {p}"
        );
    }
}

#[test]
fn every_column_is_documented_with_its_type() {
    let docs = include_str!("../../../docs/store.md");
    for table in super::rows::TABLES {
        let heading = format!("### `{}`", table.name);
        let start = docs
            .find(&heading)
            .unwrap_or_else(|| panic!("no section for table {}", table.name));
        let section = &docs[start + heading.len()..];
        let section = &section[..section.find("###").unwrap_or(section.len())];
        // Each column's row: its name and its type, as the table declares them.
        let documented: Vec<(&str, &str)> = section
            .lines()
            .filter_map(|l| l.strip_prefix("| `"))
            .filter_map(|l| {
                let (name, rest) = l.split_once('`')?;
                let kind = rest.trim_start_matches([' ', '|']).split(' ').next()?;
                Some((name, kind))
            })
            .collect();
        let declared: Vec<(&str, &str)> = table
            .columns
            .iter()
            .map(|(name, decl)| (*name, decl.split(' ').next().unwrap_or(decl)))
            .collect();
        assert_eq!(documented, declared, "table {}", table.name);
    }
}

/// Where [`fill_the_disk`] finds its directory.
#[cfg(target_os = "linux")]
const FULL_DISK_DIR: &str = "CONTANGO_STORE_FULL_DISK_DIR";

/// A full disk, for real: this test's binary runs [`fill_the_disk`] again in a child process
/// with a file system of its own, a 256 KiB tmpfs mounted in a mount namespace (`unshare
/// --user --map-root-user --mount`: no privilege needed where user namespaces are allowed). Its
/// writes fail with `ENOSPC` as any full disk's do. Skipped, saying so, where `unshare` or the
/// mount is not allowed.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_fails_the_commit() {
    let tmp = TempDir::new("full-disk");
    let exe = ok(std::env::current_exe());
    let script = r#"mount -t tmpfs -o size=256k contango-full "$1" || exit 77
exec "$0" store::tests::fill_the_disk --exact --ignored --nocapture --test-threads=1"#;
    let out = std::process::Command::new("unshare")
        .args(["--user", "--map-root-user", "--mount", "sh", "-c", script])
        .arg(&exe)
        .arg(tmp.path())
        .env(FULL_DISK_DIR, tmp.path())
        .output();
    let out = match out {
        Ok(out) => out,
        Err(e) => {
            eprintln!("skipped: cannot run unshare ({e})");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !stdout.contains("full disk:")
        && (out.status.code() == Some(77) || stderr.starts_with("unshare:"))
    {
        eprintln!("skipped: no file system of its own here: {stderr}");
        return;
    }
    assert!(
        out.status.success() && stdout.contains("full disk:"),
        "{}\n{stdout}\n{stderr}",
        out.status
    );
    // The file system was the child's: nothing of it is left here.
    assert!(!tmp.file().exists());
    for line in stdout.lines() {
        if let Some(at) = line.find("full disk:") {
            eprintln!("{}", &line[at..]);
        }
    }
}

/// Run by [`a_full_disk_fails_the_commit`] in a 256 KiB file system: commits until the disk is
/// full, then checks the error, the poisoning, and that a restart finds every acknowledged input.
#[cfg(target_os = "linux")]
#[test]
#[ignore = "run by a_full_disk_fails_the_commit, in a file system of its own"]
fn fill_the_disk() {
    let Some(dir) = std::env::var_os(FULL_DISK_DIR) else {
        return;
    };
    let dir = PathBuf::from(dir);
    let (mut store, _) = open(&dir);
    let bytes = vec![0x5A_u8; 2000];
    let mut seq = 0;
    let err = loop {
        seq += 1;
        let id = i64::try_from(seq).unwrap_or_default();
        let batch = Batch {
            inputs: vec![input(seq, &bytes)],
            rows: vec![Row::Order(order(id, seq))],
        };
        match store.commit(&batch) {
            Ok(()) => assert!(seq < 1000, "256 KiB never filled"),
            Err(e) => break e,
        }
    };
    assert!(err.reason.contains("commit failed"), "{err}");
    assert!(err.reason.contains("disk is full"), "{err}");
    assert!(err.reason.contains("must stop taking input"), "{err}");
    let again = refused(store.commit(&Batch {
        inputs: vec![input(seq, &bytes)],
        rows: Vec::new(),
    }));
    assert!(again.reason.contains("an earlier commit failed"), "{again}");
    drop(store);
    // Every acknowledged input is there, the failed one is not (the disk is still full).
    let (_, recovered) = open(&dir);
    assert_eq!(
        recovered.inputs.len(),
        usize::try_from(seq - 1).unwrap_or_default()
    );
    println!("full disk: after {} commits: {err}", seq - 1);
}

#[test]
fn a_start_probes_every_table_and_index() {
    let probes = super::rows::probes(SCHEMA_VERSION);
    let tables = probes
        .iter()
        .filter(|(r, _)| r.starts_with("table "))
        .count();
    let indexes = probes
        .iter()
        .filter(|(r, _)| r.starts_with("index "))
        .count();
    assert_eq!((tables, indexes), (12, 6), "{probes:?}");
    assert_eq!(
        super::rows::probes(1).len(),
        15,
        "version 1 has no `starts`"
    );
    let tmp = TempDir::new("probes");
    let (store, _) = Store::open(tmp.path(), SyncMode::Normal).expect("a new store");
    drop(store);
    let conn = Connection::open(tmp.path().join(super::FILE_NAME)).expect("open");
    for (record, sql) in &probes {
        let row = conn.query_row(sql, [], |_| Ok(())).optional();
        row.unwrap_or_else(|e| panic!("{record}: {sql}: {e}"));
    }
}

#[test]
fn rows_of_journaled_inputs_are_written_and_no_later_ones() {
    let tmp = TempDir::new("write-rows");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    ok(store.commit(&Batch {
        inputs: vec![input(1, &bytes), input(2, &bytes)],
        rows: vec![Row::Equity(equity(60_000, "1", 1))],
    }));
    // At shutdown: the minute it stops in, as it stands, of input 2.
    ok(store.write_rows(&[Row::Equity(equity(60_000, "3", 2))]));
    let past = store
        .write_rows(&[Row::Equity(equity(120_000, "4", 3))])
        .expect_err("seq 3 is not journaled");
    assert!(
        past.to_string().contains("past the journal's last seq 2"),
        "{past}"
    );
    let reader = ok(store.reader());
    assert_eq!(
        ok(reader.equity(2, "USDT", TimeRange::ALL)),
        [equity(60_000, "3", 2)]
    );
}

// The venue's starts, and a store of schema version 1.

/// A store as version 1 wrote it: this version's without `starts`, `exposure` and `marks`.
fn version_1_store(tmp: &TempDir) {
    let (mut store, _) = open(tmp.path());
    ok(store.snapshot(0, 1_700_000_000_000, b"state 0"));
    commit_range(&mut store, 1, 3);
    ok(store.close());
    ok(raw(tmp).execute_batch(
        "BEGIN; DROP TABLE starts; DROP TABLE exposure; DROP TABLE marks; \
         PRAGMA user_version = 1; COMMIT;",
    ));
}

#[test]
fn each_start_is_a_row_of_starts_with_its_latency_model() {
    let tmp = TempDir::new("starts");
    let model = "order entry 30 ms, cancel 0 ms, response 2 ms, market data 0 ms";
    let (mut store, _) = open(tmp.path());
    assert_eq!(ok(store.record_start(1_000, 5_000, Some(model))), 1);
    commit_range(&mut store, 1, 3);
    ok(store.close());
    // Restarted without a model, after its journal: the row carries the journal's last seq.
    let (mut store, _) = open(tmp.path());
    assert_eq!(ok(store.record_start(9_000, 6_000, None)), 2);
    commit_range(&mut store, 4, 4);
    let reader = ok(store.reader());
    let starts = ok(reader.starts());
    assert_eq!(
        starts,
        [
            StartRow {
                id: 1,
                seq: 0,
                time_ms: 1_000,
                wall_ms: 5_000,
                latency: Some(model.to_owned()),
            },
            StartRow {
                id: 2,
                seq: 3,
                time_ms: 9_000,
                wall_ms: 6_000,
                latency: None,
            },
        ]
    );
    assert_eq!(ok(reader.last_seq()), 4);
    // In plain columns, for sqlite3 and pandas: NULL without a model.
    let null: Option<String> =
        ok(raw(&tmp).query_row("SELECT latency FROM starts WHERE id = 2", [], |r| r.get(0)));
    assert_eq!(null, None);
    ok(store.close());
    let report = ok(Store::verify(tmp.path()));
    assert!(report.is_sound(), "{report}");
    assert!(report.rows.contains(&("starts", 2)), "{report}");
    // A start row past the journal is a problem --check names.
    ok(raw(&tmp).execute(
        "INSERT INTO starts (seq, time_ms, wall_ms, latency) VALUES (99, 0, 0, NULL)",
        [],
    ));
    let report = ok(Store::verify(tmp.path()));
    let records: Vec<Option<&str>> = report
        .problems
        .iter()
        .map(|p| p.record.as_deref())
        .collect();
    assert_eq!(records, [Some("table starts")], "{report}");
}

#[test]
fn a_store_of_version_1_is_read_as_it_is_and_a_start_upgrades_it() {
    let tmp = TempDir::new("version-1");
    version_1_store(&tmp);
    let before = fingerprint(&tmp.file());

    // Read as it is, unchanged: the report's reads and --check.
    let reader = ok(Reader::open(tmp.path()));
    assert_eq!(ok(reader.starts()), [], "no starts recorded");
    assert_eq!(ok(reader.marks(TimeRange::ALL)), [], "no marks kept");
    assert_eq!(
        ok(reader.exposure(2, "USDT", TimeRange::ALL)),
        [],
        "no exposure kept"
    );
    assert_eq!(ok(reader.last_seq()), 3);
    drop(reader);
    let report = ok(Store::verify(tmp.path()));
    assert!(report.is_sound(), "{report}");
    assert_eq!(report.version, 1);
    assert!(
        report
            .to_string()
            .contains("schema version 1 (the next start upgrades it to 3)"),
        "{report}"
    );
    assert!(!report.rows.iter().any(|(t, _)| *t == "starts"), "{report}");
    assert_eq!(fingerprint(&tmp.file()), before, "read, never written");

    // A start opens it, and upgrades it as it records itself.
    let (mut store, recovered) = open(tmp.path());
    assert_eq!(recovered.inputs.len(), 3);
    assert_eq!(ok(store.record_start(7_000, 8_000, None)), 1);
    commit_range(&mut store, 4, 4);
    ok(store.close());
    let version: i32 = ok(raw(&tmp).query_row("PRAGMA user_version", [], |r| r.get(0)));
    assert_eq!(version, SCHEMA_VERSION);
    let reader = ok(Reader::open(tmp.path()));
    let starts = ok(reader.starts());
    assert_eq!(starts.len(), 1);
    assert_eq!(
        (starts[0].id, starts[0].seq),
        (1, 3),
        "after the journal it found"
    );
    let report = ok(Store::verify(tmp.path()));
    assert!(report.is_sound(), "{report}");
    assert_eq!(report.version, SCHEMA_VERSION);
    drop(open(tmp.path()));

    // A version-1 store holding a table of version 2 is not one.
    let tmp = TempDir::new("version-1-starts");
    version_1_store(&tmp);
    ok(raw(&tmp).execute_batch("CREATE TABLE starts (x);"));
    assert_refused_unchanged(
        &tmp,
        Some("table starts"),
        "not a table of a contango-sim store of schema version 1",
    );
}
