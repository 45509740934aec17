//! Files the store refuses untouched, and the full verification.

use super::*;

pub(super) fn assert_refused_unchanged(
    tmp: &TempDir,
    record: Option<&str>,
    reason: &str,
) -> StoreError {
    let file = tmp.file();
    let before = fingerprint(&file);
    let err = refused(Store::open(tmp.path(), SyncMode::Normal));
    // The store's file, or the journal's log beside it.
    let log = tmp.path().join(LOG_DIR);
    assert!(err.file == file || err.file == log, "{err}");
    assert_eq!(err.record.as_deref(), record, "{err}");
    assert!(err.reason.contains(reason), "{err}");
    assert!(
        err.to_string().starts_with(&err.file.display().to_string()),
        "{err}"
    );
    assert_eq!(fingerprint(&file), before, "the file changed");
    // Refused again, the same way: nothing was started over it.
    assert_eq!(refused(Store::open(tmp.path(), SyncMode::Normal)), err);
    assert_eq!(fingerprint(&file), before, "the file changed");
    err
}

/// The journal without the inputs `gone` picks, as damage would leave it.
fn drop_inputs(tmp: &TempDir, gone: impl Fn(u64) -> bool) {
    ok(rewrite_journal(tmp.path(), |i| (!gone(i.seq)).then_some(i)));
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
    ok(raw(&tmp).execute_batch("PRAGMA user_version = 5;"));
    let err = assert_refused_unchanged(&tmp, Some("user_version"), "schema version 5 is newer");
    assert!(err.reason.contains("this build's (4)"), "{err}");
    // Older than any this build knows, too.
    ok(raw(&tmp).execute_batch("PRAGMA user_version = 0;"));
    let err = assert_refused_unchanged(&tmp, Some("user_version"), "schema version 0 is not");
    assert!(err.reason.contains("(1 to 4)"), "{err}");
}

#[test]
fn a_missing_input_after_the_snapshot_is_refused_untouched() {
    let tmp = TempDir::new("gap");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 9);
    ok(store.snapshot(4, 0, b"s4"));
    drop(store);
    drop_inputs(&tmp, |seq| seq == 7);
    let err = assert_refused_unchanged(&tmp, Some("journal seq 7"), "missing");
    assert!(err.reason.contains("from seq 6 to seq 8"), "{err}");

    // Right after the snapshot.
    drop_inputs(&tmp, |seq| seq == 5);
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
    drop_inputs(&tmp, |seq| seq <= 2);
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
        drop_inputs(&tmp, |seq| seq == 5 || seq == 6);
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
