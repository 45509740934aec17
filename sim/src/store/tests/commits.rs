//! Opening a store, commits, snapshots, checkpoints and pruning.

use super::*;

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
    assert_eq!((app, version), (APPLICATION_ID, SCHEMA_VERSION));
    assert!(dir.join(LOG_DIR).is_dir(), "the journal's log beside it");
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
    commit_range(&mut store, 1, 3);
    ok(store.write_rows(&[Row::Order(order(1, 3))]));
    commit_range(&mut store, 4, 5);
    // The process dies: no close, no checkpoint. The rows are in the write-ahead log only.
    std::mem::forget(store);
    let wal = tmp.path().join("venue.sqlite-wal");
    assert!(ok(fs::metadata(&wal)).len() > 0);
    // What the disk holds after the kill (the log's index, in shared memory, is rebuilt).
    let after = TempDir::new("killed-copy");
    ok(fs::copy(tmp.file(), after.file()));
    ok(fs::copy(&wal, after.path().join("venue.sqlite-wal")));
    ok(fs::create_dir(after.path().join(LOG_DIR)));
    for segment in ok(fs::read_dir(tmp.path().join(LOG_DIR))) {
        let segment = ok(segment).path();
        let name = segment.file_name().unwrap_or_default();
        ok(fs::copy(&segment, after.path().join(LOG_DIR).join(name)));
    }
    let reader = ok(Reader::open(after.path()));
    assert_eq!(ok(reader.order(1)).map(|o| o.seq), Some(3));
    drop(reader);
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
    ok(store.write_rows(&[Row::Order(order(1, 50))]));
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
    ok(reader.execute_batch("BEGIN; SELECT COUNT(*) FROM orders;"));
    commit_range(&mut store, 11, 20);
    ok(store.write_rows(&[Row::Order(order(1, 20))]));
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
    commit_range(&mut store, 1, 4);
    // No snapshot: nothing may go.
    assert_eq!(ok(store.prune(100)), Pruned::default());
    ok(store.snapshot(4, 0, b"s4"));
    commit_range(&mut store, 5, 8);
    ok(store.snapshot(8, 0, b"s8"));
    commit_range(&mut store, 9, 10);
    // Asked to keep from 6: the log goes a segment at a time, so inputs 1..=4 go, and the
    // snapshot at 4 stays (5 is still there to continue it).
    assert_eq!(
        ok(store.prune(6)),
        Pruned {
            inputs: 4,
            snapshots: 0
        }
    );
    // Asked to keep from 100: never past the latest snapshot; the snapshot at 4 is no longer
    // continued.
    assert_eq!(
        ok(store.prune(100)),
        Pruned {
            inputs: 4,
            snapshots: 1
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
