//! A store's starts: the probes of its pages, the rows of journaled inputs written, the
//! `starts` table, and a store of an older schema read and upgraded.

use super::*;

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
            .contains("schema version 1 (the next start upgrades it to 4)"),
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
    // The inputs it held in its `journal` table, then the log's.
    assert_eq!(report.journal, Some((1, 4)));
    let (_, recovered) = open(tmp.path());
    let seqs: Vec<u64> = recovered.inputs.iter().map(|i| i.seq).collect();
    assert_eq!(seqs, [1, 2, 3, 4]);

    // A version-1 store holding a table of version 2 is not one.
    let tmp = TempDir::new("version-1-starts");
    version_1_store(&tmp);
    ok(raw(&tmp).execute_batch("CREATE TABLE starts (x);"));
    super::refusals::assert_refused_unchanged(
        &tmp,
        Some("table starts"),
        "not a table of a contango-sim store of schema version 1",
    );
}
