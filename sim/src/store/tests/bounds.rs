//! Keeping the store bounded: the journal compacted behind the older snapshot kept, the read
//! tables' rows older than a cutoff forgotten a step at a time, the pages that frees given back.

use super::*;

const T0: i64 = 1_700_000_000_000;

fn count(tmp: &TempDir, table: &str) -> i64 {
    ok(raw(tmp).query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| r.get(0)))
}

#[test]
fn compaction_keeps_the_journal_from_the_older_snapshot_on() {
    let tmp = TempDir::new("compact");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 4);
    // No snapshot: nothing goes.
    assert_eq!(ok(store.compact()), Pruned::default());
    // A snapshot ends the log's segment, as the venue takes them: after their input.
    ok(store.snapshot(4, 0, b"s4"));
    commit_range(&mut store, 5, 8);
    ok(store.snapshot(8, 0, b"s8"));
    commit_range(&mut store, 9, 10);
    assert_eq!(
        ok(store.compact()).inputs,
        4,
        "inputs 1..=4, which snapshot 4 holds"
    );
    commit_range(&mut store, 11, 12);
    drop(store);
    let report = ok(Store::verify(tmp.path()));
    assert!(report.is_sound(), "{report}");
    assert_eq!(report.journal, Some((5, 12)));
    assert_eq!(report.snapshots, 2);
    let (_, recovered) = open(tmp.path());
    assert_eq!(recovered.snapshot.map(|s| s.seq), Some(8));
    let seqs: Vec<u64> = recovered.inputs.iter().map(|i| i.seq).collect();
    assert_eq!(seqs, [9, 10, 11, 12]);
}

#[test]
fn forgetting_takes_old_rows_and_keeps_live_orders_accounts_and_new_rows() {
    let tmp = TempDir::new("forget");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 1);
    let minute = 60_000;
    let mut rows = Vec::new();
    for id in 1..=6 {
        let mut o = order(id, 1);
        o.created_ms = T0 + id * minute;
        o.updated_ms = o.created_ms;
        // Orders 1, 2, 4 and 5 are done; 3 still rests.
        o.archived = id != 3 && id != 6;
        // Order 2 changed last after the cutoff.
        if id == 2 {
            o.updated_ms = T0 + 10 * minute;
        }
        rows.push(Row::Order(o));
        rows.push(Row::Fill(fill(id, id, 2, T0 + id * minute, 1)));
        rows.push(Row::Transfer(transfer(
            id,
            TransferDirection::ToContract,
            "USDT",
            T0 + id * minute,
            1,
        )));
        rows.push(Row::Forced(forced(
            id,
            ForcedKind::Liquidation,
            "E-BTC-USDT",
            T0 + id * minute,
            1,
        )));
        rows.push(Row::Equity(equity(T0 + id * minute, "1", 1)));
    }
    ok(store.write_rows(&rows));
    // The cutoff at minute 4: rows of minutes 1-3 go, but the live order 3 and order 2 (changed
    // later) stay.
    let done = ok(store.forget_before(T0 + 4 * minute));
    assert!(done.done);
    assert_eq!(done.rows, 1 + 3 * 3 + 3, "{done:?}");
    let ids: Vec<i64> = {
        let conn = raw(&tmp);
        let mut stmt = ok(conn.prepare("SELECT order_id FROM orders ORDER BY order_id"));
        ok(ok(stmt.query_map([], |r| r.get(0))).collect::<Result<_, _>>())
    };
    assert_eq!(ids, [2, 3, 4, 5, 6]);
    for table in ["fills", "transfers", "forced_orders", "equity"] {
        assert_eq!(count(&tmp, table), 3, "{table}");
    }
    // Forgetting again takes nothing more.
    assert_eq!(ok(store.forget_before(T0 + 4 * minute)).rows, 0);
    drop(store);
    let report = ok(Store::verify(tmp.path()));
    assert!(report.is_sound(), "{report}");
}

#[test]
fn a_large_backlog_goes_a_step_at_a_time() {
    let tmp = TempDir::new("forget-steps");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 1);
    let n = (FORGET_STEP * 2 + 10) as i64;
    let rows: Vec<Row> = (1..=n)
        .flat_map(|id| {
            let mut o = order(id, 1);
            o.archived = true;
            o.created_ms = T0 + id;
            o.updated_ms = T0 + id;
            [Row::Order(o), Row::Fill(fill(id, id, 2, T0 + id, 1))]
        })
        .collect();
    ok(store.write_rows(&rows));
    let cutoff = T0 + n - 4;
    let mut steps = Vec::new();
    loop {
        let f = ok(store.forget_before(cutoff));
        steps.push(f.rows);
        if f.done {
            break;
        }
        assert!(steps.len() < 10, "{steps:?}");
    }
    assert_eq!(steps.len(), 3, "{steps:?}");
    assert!(steps.iter().all(|&r| r <= 2 * FORGET_STEP), "{steps:?}");
    assert_eq!(count(&tmp, "orders"), 5);
    assert_eq!(count(&tmp, "fills"), 5);
}

#[test]
fn freed_pages_go_back_to_the_file_system() {
    let tmp = TempDir::new("vacuum");
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 1);
    let rows: Vec<Row> = (1..=20_000)
        .map(|id| {
            let mut o = order(id, 1);
            o.archived = true;
            Row::Order(o)
        })
        .collect();
    ok(store.write_rows(&rows));
    ok(store.checkpoint());
    let pages =
        |tmp: &TempDir| -> i64 { ok(raw(tmp).query_row("PRAGMA page_count", [], |r| r.get(0))) };
    let before = pages(&tmp);
    while !ok(store.forget_before(T0 + 1)).done {}
    let given = ok(store.give_back_free_pages());
    assert!(given > 0);
    ok(store.checkpoint());
    let after = pages(&tmp);
    assert!(
        after + given <= before + 16,
        "{before} → {after} ({given} given back)"
    );
    assert!(after < before / 2, "{before} → {after}");
}
