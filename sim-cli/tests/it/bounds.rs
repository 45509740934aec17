//! A store kept bounded while the venue is killed with SIGKILL: during the journal's compaction
//! and during a `--keep` step, a real `contango-sim --state DIR` child is killed; the restart
//! serves every acknowledged order and `--check` proves the store.
//!
//! The backlog each test needs (thousands of inputs, thousands of done orders) is made in
//! process first, with the whole journal kept; the child then has something to compact or
//! forget. The compaction test kills the child between two segments' removals (a debug build
//! pauses there when told to). The `--keep` test watches the store read-only and kills the
//! child the moment the first step has committed, which lands the kill inside the work that
//! follows nearly always; an attempt that came too late proves nothing and is made again, a
//! few times at most.

use std::time::{Duration, Instant};

use contango::Side;
use contango_sim::store::{COMPACTION_PAUSE_ENV, LOG_DIR, Store, rewrite_journal};
use contango_sim::{JournalKept, Sim, StateConfig};
use rusqlite::{Connection, OpenFlags};
use rust_decimal::Decimal;

use crate::stores::{Running, TempDir, client, order, run_to_end};

const BTC: &str = "E-BTC-USDT";

fn d(s: &str) -> Decimal {
    s.parse().expect("decimal")
}

/// A store in `dir` holding `pairs` trades between the market maker and the funded account
/// (two done orders and two fills each, two inputs each), and two orders of the account that
/// rest far from the market; every input journaled (`--keep-journal`). Returns the funded
/// account's key and secret.
async fn backlog(dir: &TempDir, pairs: usize) -> (String, String) {
    let mut state = StateConfig::new(dir.state());
    state.journal = JournalKept::Everything;
    state.snapshot_every = 1_000;
    let sim = Sim::builder().state(state).start().await.expect("a venue");
    let key = sim.api_key().to_owned();
    let price = d("30000");
    for i in 0..pairs {
        let (maker, taker) = if i % 2 == 0 {
            (Side::Buy, Side::Sell)
        } else {
            (Side::Sell, Side::Buy)
        };
        sim.add_liquidity(BTC, maker, price, d("1")).expect("maker");
        sim.add_liquidity_as(&key, BTC, taker, price, d("1"))
            .expect("taker");
    }
    for p in ["20000", "20001"] {
        sim.add_liquidity_as(&key, BTC, Side::Buy, d(p), d("1"))
            .expect("a resting order");
    }
    let credentials = (key, sim.secret().to_owned());
    sim.shutdown().await;
    credentials
}

/// The journal's first input (0: none).
fn first_input(dir: &TempDir) -> u64 {
    let journal = Store::journal(&dir.state()).expect("the journal");
    journal.first().map_or(0, |i| i.seq)
}

fn read_only(dir: &TempDir) -> Connection {
    Connection::open_with_flags(dir.store(), OpenFlags::SQLITE_OPEN_READ_ONLY)
        .expect("the store opens read-only")
}

fn one(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get::<_, Option<i64>>(0))
        .expect(sql)
        .unwrap_or(0)
}

/// Polls `sql` on the store, as fast as it answers, until it answers something other than
/// `from`; bounded in time.
fn until_changed(dir: &TempDir, sql: &str, from: i64, within: Duration) -> i64 {
    let conn = read_only(dir);
    let deadline = Instant::now() + within;
    loop {
        let now = one(&conn, sql);
        if now != from {
            return now;
        }
        assert!(Instant::now() < deadline, "`{sql}` still {from}");
    }
}

/// The restart serves the resting orders and every order acknowledged before the kill, and
/// `--check` proves the store, naming the span of inputs it replayed.
async fn restarts_whole(dir: &TempDir, credentials: &(String, String), acknowledged: &[String]) {
    let venue = Running::spawn(dir, &[]);
    let c = client(&venue.rest, &credentials.0, &credentials.1);
    let open = c
        .open_orders(BTC)
        .send()
        .await
        .expect("the open orders")
        .into_iter()
        .filter_map(|o| o.price.map(|p| p.normalize().to_string()))
        .collect::<Vec<_>>();
    for p in ["20000", "20001"] {
        assert!(open.iter().any(|x| x == p), "the order at {p}: {open:?}");
    }
    for coid in acknowledged {
        let found = c
            .query_order(BTC)
            .client_order_id(coid.clone())
            .send()
            .await
            .expect("an acknowledged order is found");
        assert!(!found.is_empty(), "{coid}");
    }
    venue.kill();
    let state = dir.state().into_os_string();
    let (out, _) = run_to_end(&["--check".as_ref(), "--state".as_ref(), state.as_os_str()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "--check: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("proved: inputs"), "{stdout}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_during_compaction_loses_nothing() {
    let dir = TempDir::new("compact-kill");
    // 4,000 inputs in segments of 1,000 (a snapshot each).
    let credentials = backlog(&dir, 2_000).await;
    assert_eq!(first_input(&dir), 1, "the whole journal, kept");
    let segments = std::fs::read_dir(dir.state().join(LOG_DIR))
        .expect("the log")
        .count();
    assert!(segments >= 4, "{segments} segments");
    // Compaction is the default: the third order's snapshot compacts the journal behind the
    // shutdown snapshot, a segment at a time. A debug build pauses after each removal when
    // told to, so that the kill lands between two.
    let venue = Running::spawn_with(
        &dir,
        &["--snapshot-every", "3", "--log", "debug"],
        &[(COMPACTION_PAUSE_ENV, "500")],
    );
    let c = client(&venue.rest, &credentials.0, &credentials.1);
    let mut acknowledged = Vec::new();
    for i in 0..3 {
        let coid = format!("k-{i}");
        c.new_order(order(Side::Buy, "1", &format!("{}", 21_000 + i)))
            .client_order_id(coid.clone())
            .send()
            .await
            .expect("an order");
        acknowledged.push(coid);
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    while !venue.stderr_text().contains("journal: segment removed") {
        assert!(
            Instant::now() < deadline,
            "no compaction: {}",
            venue.stderr_text()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    venue.kill();
    let first = first_input(&dir);
    assert!(
        (1_001..4_000).contains(&first),
        "killed with the compaction part done: the journal starts at {first}"
    );
    restarts_whole(&dir, &credentials, &acknowledged).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_during_a_keep_step_loses_nothing() {
    let started = Instant::now();
    let count = "SELECT COUNT(*) FROM orders";
    for attempt in 0..4 {
        assert!(started.elapsed() < Duration::from_secs(150), "bounded");
        let dir = TempDir::new(&format!("keep-kill-{attempt}"));
        // 3,000 pairs: 6,000 done orders and 6,000 fills, more than a step of each.
        let credentials = backlog(&dir, 3_000).await;
        let before = one(&read_only(&dir), count);
        assert!(before > 6_000, "{before}");
        // Every done order is older than a second by the time the child runs.
        std::thread::sleep(Duration::from_millis(1_100));
        let venue = Running::spawn(&dir, &["--keep", "1s"]);
        let after = until_changed(&dir, count, before, Duration::from_secs(20));
        venue.kill();
        let left = one(&read_only(&dir), count);
        assert!(left <= after, "{left} rows after {after}");
        restarts_whole(&dir, &credentials, &[]).await;
        // The restart (without --keep) forgot nothing: what the kill left is what is there.
        assert_eq!(one(&read_only(&dir), count), left);
        if left <= 2 {
            // Every step had committed: the kill proved nothing.
            continue;
        }
        // Killed with done orders older than a second still there: mid-way. A venue left to
        // finish then forgets every one of them; the two resting orders stay.
        let venue = Running::spawn(&dir, &["--keep", "1s"]);
        let deadline = Instant::now() + Duration::from_secs(20);
        while one(&read_only(&dir), count) > 2 {
            assert!(Instant::now() < deadline, "forgotten within 20 s");
            std::thread::sleep(Duration::from_millis(20));
        }
        venue.stop();
        assert_eq!(one(&read_only(&dir), "SELECT COUNT(*) FROM fills"), 0);
        restarts_whole(&dir, &credentials, &[]).await;
        return;
    }
    panic!("every kill came after the last step");
}

/// `--check` replays from the older snapshot through the latest one: a journal whose inputs
/// decode and follow each other but no longer give the latest snapshot's state is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_journal_that_does_not_replay_to_the_latest_snapshot_fails_the_check() {
    let dir = TempDir::new("check-replay");
    backlog(&dir, 20).await;
    let state = dir.state().into_os_string();
    let check = || run_to_end(&["--check".as_ref(), "--state".as_ref(), state.as_os_str()]).0;
    let out = check();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("proved: inputs 1..="), "{stdout}");
    assert!(
        stdout.contains("replayed from the snapshot at seq 0, through the snapshot at seq"),
        "{stdout}"
    );
    // The second pair's maker order (a sell) becomes the first pair's (a buy): each input
    // still decodes, and the journal has no gap, but the market maker ends up long.
    // Kind 5: an admin action (here the liquidity each pair adds).
    let admin: Vec<(u64, Vec<u8>)> = Store::journal(&dir.state())
        .expect("the journal")
        .into_iter()
        .filter(|i| i.kind == 5)
        .take(3)
        .map(|i| (i.seq, i.input))
        .collect();
    assert_eq!(admin.len(), 3);
    assert_ne!(admin[0].1, admin[2].1, "a buy and a sell");
    let mut changed = 0;
    rewrite_journal(&dir.state(), |mut i| {
        if i.seq == admin[2].0 {
            i.input.clone_from(&admin[0].1);
            changed += 1;
        }
        Some(i)
    })
    .expect("the input replaced");
    assert_eq!(changed, 1);
    let out = check();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(
        stderr.contains("the journal replayed from the snapshot at seq 0 does not give this state"),
        "{stderr}"
    );
}
