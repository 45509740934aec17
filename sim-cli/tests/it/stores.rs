//! A journaled venue's store and accounts, through the binary and in process.
//!
//! - Stores the venue cannot read are refused, by `contango-sim --state DIR` and by
//!   `contango-sim --check --state DIR`: a file of random bytes, a real store cut short, a real
//!   store with a damaged page, another application's SQLite file, a store of a newer schema, a
//!   journal with a record missing after the latest snapshot. Each process exits non-zero within
//!   seconds, its stderr names the file and what is wrong, and the file keeps every byte.
//! - A commit that fails (as on a full disk) stops the venue: the order it held is answered
//!   -1016, never acknowledged, reads answer the same, and after a restart the order is not there.
//! - `--accounts N` writes the keys to an owner-only file and prints its path, never a secret;
//!   each key has its own balances and its own private stream; a restart does not create them
//!   again; `POST /__sim/accounts` makes one with the balances asked for.
//!
//! The bad files are made with rusqlite (the store's own dependency, on with the `journal`
//! feature these tests need) and plain file writes. Bounded in time, loopback only; every
//! directory is under the system's temporary directory and removed at the end.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use contango::{
    Client, Credentials, ErrorCode, Event, NewOrder, Open, OrderType, PositionType, Side,
    StreamItem, UserStream,
};
use contango_sim::store::{LOG_DIR, Store, rewrite_journal};
use contango_sim::{Sim, SplitMix64, StateConfig};
use rusqlite::Connection;
use rust_decimal::Decimal;
use serde_json::{Value, json};

const BTC: &str = "E-BTC-USDT";

/// How long a refusal may take: the process checks the file and exits, it does not serve.
const REFUSED_WITHIN: Duration = Duration::from_secs(10);

/// A directory of its own under the system's temporary directory, removed on drop (a failed
/// test's too).
pub(crate) struct TempDir(PathBuf);

impl TempDir {
    pub(crate) fn new(name: &str) -> TempDir {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!(
            "contango-sim-stores-{name}-{}-{}-{nanos}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        TempDir(dir)
    }

    /// The state directory inside it.
    pub(crate) fn state(&self) -> PathBuf {
        self.0.join("state")
    }

    /// The store in the state directory.
    pub(crate) fn store(&self) -> PathBuf {
        self.state().join("venue.sqlite")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn d(s: &str) -> Decimal {
    s.parse().expect("decimal")
}

pub(crate) fn order(side: Side, volume: &str, price: &str) -> NewOrder {
    NewOrder {
        contract_name: BTC.into(),
        side,
        order_type: OrderType::Limit,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: d(volume),
        amount: Decimal::ZERO,
        price: d(price),
    }
}

pub(crate) fn client(base: &str, key: &str, secret: &str) -> Client {
    Client::builder()
        .base_url(base)
        .credentials(Credentials::new(key, secret))
        .build()
        .expect("client")
}

// ---------------------------------------------------------------------------------------------
// The binary as a child process.

/// Numbers the child processes' stderr files.
static NEXT_LOG: AtomicU64 = AtomicU64::new(0);

/// A venue in a child process: what it printed so far, and where its stderr goes.
pub(crate) struct Running {
    child: Child,
    lines: mpsc::Receiver<String>,
    stdout: Vec<String>,
    stderr: PathBuf,
    pub(crate) rest: String,
    /// The funded account's key and secret, as printed.
    pub(crate) key: (String, String),
}

impl Running {
    /// Starts `contango-sim --state STATE args`; waits (at most 30 s) until it prints where it
    /// listens.
    pub(crate) fn spawn(dir: &TempDir, args: &[&str]) -> Running {
        Running::spawn_with(dir, args, &[])
    }

    /// [`Running::spawn`] with these environment variables set.
    pub(crate) fn spawn_with(dir: &TempDir, args: &[&str], env: &[(&str, &str)]) -> Running {
        let stderr = dir.0.join(format!(
            "stderr-{}",
            NEXT_LOG.fetch_add(1, Ordering::Relaxed)
        ));
        let mut child = Command::new(env!("CARGO_BIN_EXE_contango-sim"))
            .arg("--state")
            .arg(dir.state())
            .args(args)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&stderr).expect("a log"))
            .spawn()
            .expect("contango-sim starts");
        let out = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        // Read to the end, so that the child never writes to a closed pipe.
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let mut running = Running {
            child,
            lines,
            stdout: Vec::new(),
            stderr,
            rest: String::new(),
            key: (String::new(), String::new()),
        };
        let (mut api_key, mut secret) = (None, None);
        let deadline = Instant::now() + Duration::from_secs(30);
        while !running.stdout.iter().any(|l| l.starts_with("Ctrl-C")) {
            let left = deadline.saturating_duration_since(Instant::now());
            let Ok(line) = running.lines.recv_timeout(left) else {
                let _ = running.child.kill();
                panic!("contango-sim did not start: {}", running.stderr_text());
            };
            let value = || line.split_once(" : ").map(|(_, v)| v.trim().to_owned());
            if line.contains("REST base URL") {
                running.rest = value().unwrap_or_default();
            } else if line.contains("API key") {
                api_key = value();
            } else if line.trim_start().starts_with("secret ") {
                secret = value();
            }
            running.stdout.push(line);
        }
        running.key = (api_key.unwrap_or_default(), secret.unwrap_or_default());
        running
    }

    /// Its stdout so far, and its stderr.
    fn output(&mut self) -> (String, String) {
        while let Ok(line) = self.lines.try_recv() {
            self.stdout.push(line);
        }
        (self.stdout.join("\n"), self.stderr_text())
    }

    pub(crate) fn stderr_text(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    /// SIGTERM, as an operator stops it: it takes its last snapshot and closes the store.
    pub(crate) fn stop(mut self) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status();
        assert!(sent.is_ok_and(|s| s.success()), "SIGTERM sent");
        let ended = wait_for_exit(&mut self.child, Duration::from_secs(20));
        assert!(
            ended.is_some(),
            "contango-sim stopped on SIGTERM within 20 s"
        );
    }

    /// SIGKILL: nothing after the last commit happens (no last snapshot).
    pub(crate) fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits for `child` to exit within `within`; kills it otherwise (`None`).
fn wait_for_exit(child: &mut Child, within: Duration) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + within;
    loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            return Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Runs `contango-sim args` to its end (it must end within [`REFUSED_WITHIN`]).
pub(crate) fn run_to_end(args: &[&std::ffi::OsStr]) -> (Output, Duration) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_contango-sim"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("contango-sim starts");
    let ended = wait_for_exit(&mut child, REFUSED_WITHIN);
    let output = child.wait_with_output().expect("its output");
    assert!(
        ended.is_some(),
        "contango-sim {args:?} still ran after {REFUSED_WITHIN:?} (killed)\nstdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output, started.elapsed())
}

/// The names in `dir` with their sizes, sorted.
fn listing(dir: &Path) -> Vec<(String, u64)> {
    let mut names: Vec<(String, u64)> = std::fs::read_dir(dir)
        .expect("the state directory")
        .map(|e| {
            let e = e.expect("an entry");
            let len = e.metadata().map_or(0, |m| m.len());
            (e.file_name().to_string_lossy().into_owned(), len)
        })
        .collect();
    names.sort();
    names
}

/// Both `contango-sim --state DIR` and `contango-sim --check --state DIR` refuse the store:
/// each exits non-zero within seconds, its stderr names the file and holds every word of
/// `start_says` (the start) or `check_says` (the check); the file keeps every byte, and nothing
/// appears beside it but what any SQLite reader leaves (an empty `-wal`, a `-shm`).
fn refused(dir: &TempDir, start_says: &[&str], check_says: &[&str]) {
    let file = dir.store();
    let before = std::fs::read(&file).expect("the store");
    let listed = listing(&dir.state());
    let state = dir.state().into_os_string();
    let runs: [(&str, Vec<&std::ffi::OsStr>, &[&str]); 2] = [
        (
            "start",
            vec!["--state".as_ref(), state.as_os_str()],
            start_says,
        ),
        (
            "check",
            vec!["--check".as_ref(), "--state".as_ref(), state.as_os_str()],
            check_says,
        ),
    ];
    for (what, args, says) in runs {
        let (out, took) = run_to_end(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            !out.status.success(),
            "{what}: refused, not {:?}\nstdout: {stdout}\nstderr: {stderr}",
            out.status
        );
        assert!(took < REFUSED_WITHIN, "{what}: refused in {took:?}");
        assert!(
            !stdout.contains("listening"),
            "{what}: never served: {stdout}"
        );
        // The store's file, or the journal's log beside it.
        let log = dir.state().join(LOG_DIR);
        assert!(
            stderr.contains(&file.display().to_string())
                || stderr.contains(&log.display().to_string()),
            "{what}: stderr names {}: {stderr}",
            file.display()
        );
        for word in says {
            assert!(
                stderr.contains(word),
                "{what}: stderr says `{word}`: {stderr}"
            );
        }
        assert!(
            std::fs::read(&file).expect("the store") == before,
            "{what}: {} left byte for byte as it was",
            file.display()
        );
        let now = listing(&dir.state());
        for (name, len) in &now {
            let kept = listed.iter().any(|(n, l)| n == name && l == len);
            let reader = name == "venue.sqlite-shm" || (name == "venue.sqlite-wal" && *len == 0);
            assert!(
                kept || reader,
                "{what}: {name} ({len} bytes) appeared: {now:?}"
            );
        }
    }
}

/// A real store: the venue started with `--snapshot-every 1000`, `orders` orders placed through
/// the SDK (each acknowledged, so committed), then stopped (`kill`: SIGKILL, else SIGTERM).
/// The store is then made whole in one file (its write-ahead log checkpointed and removed), so
/// that damage done to the file is damage to the store.
async fn real_store(dir: &TempDir, orders: usize, kill: bool) {
    let venue = Running::spawn(dir, &["--snapshot-every", "1000"]);
    let c = client(&venue.rest, &venue.key.0, &venue.key.1);
    for i in 0..orders {
        c.new_order(order(Side::Buy, "1", &format!("{}", 29_000 + i)))
            .client_order_id(format!("o{i}"))
            .send()
            .await
            .expect("an order");
    }
    if kill {
        venue.kill();
    } else {
        venue.stop();
    }
    let conn = Connection::open(dir.store()).expect("the store opens");
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
        .expect("checkpoint");
    conn.close().expect("closed");
    assert!(
        !dir.state().join("venue.sqlite-wal").exists(),
        "the log is in the file"
    );
}

// ---------------------------------------------------------------------------------------------
// Bad stores.

#[test]
fn a_file_of_random_bytes_is_refused_and_left_as_it_was() {
    let dir = TempDir::new("garbage");
    std::fs::create_dir_all(dir.state()).expect("state");
    let mut rng = SplitMix64::new(0x5EED);
    let bytes: Vec<u8> = (0..8192)
        .flat_map(|_| rng.next_u64().to_le_bytes())
        .collect();
    std::fs::write(dir.store(), bytes).expect("garbage written");
    refused(
        &dir,
        &["header", "not a SQLite database"],
        &["header", "not a SQLite database"],
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_cut_short_is_refused_and_left_as_it_was() {
    let dir = TempDir::new("truncated");
    real_store(&dir, 3, false).await;
    let len = std::fs::metadata(dir.store()).expect("the store").len();
    std::fs::OpenOptions::new()
        .write(true)
        .open(dir.store())
        .and_then(|f| f.set_len(len / 2))
        .expect("cut in half");
    refused(&dir, &["malformed"], &["malformed"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_with_a_damaged_page_is_refused_and_left_as_it_was() {
    let dir = TempDir::new("damaged");
    real_store(&dir, 3, false).await;
    // The journal's root page: every start reads it. Its header overwritten.
    damage_root_page(&dir.store(), "journal");
    refused(&dir, &["journal", "malformed"], &["journal", "malformed"]);
}

/// Overwrites the header of `table`'s root page.
fn damage_root_page(file: &Path, table: &str) {
    let (page_size, root) = {
        let conn = Connection::open(file).expect("the store opens");
        let size: i64 = conn
            .query_row("PRAGMA page_size", [], |r| r.get(0))
            .expect("page size");
        let root: i64 = conn
            .query_row(
                "SELECT rootpage FROM sqlite_schema WHERE name = ?1",
                [table],
                |r| r.get(0),
            )
            .expect("the table's root page");
        (
            u64::try_from(size).expect("a page size"),
            u64::try_from(root).expect("a page"),
        )
    };
    damage_page(file, page_size, root);
}

/// Overwrites the first 64 bytes of page `page` (1-based) with 0xFF.
fn damage_page(file: &Path, page_size: u64, page: u64) {
    use std::io::{Seek, SeekFrom, Write};
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .open(file)
        .expect("the store");
    f.seek(SeekFrom::Start((page - 1) * page_size))
        .and_then(|_| f.write_all(&[0xFF; 64]))
        .and_then(|()| f.sync_all())
        .expect("page damaged");
}

/// A start reads the first pages of every table and index besides what it restores from, so a
/// read table's damaged root page is refused before the venue serves; `--check` (SQLite's
/// integrity check) refuses it too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_with_a_damaged_page_of_a_read_table_is_refused_too() {
    let dir = TempDir::new("damaged-orders");
    real_store(&dir, 3, false).await;
    damage_root_page(&dir.store(), "orders");
    refused(&dir, &["malformed"], &["table orders", "malformed"]);
}

#[test]
fn another_applications_sqlite_file_is_refused_and_left_as_it_was() {
    // A GeoPackage (its application id is `GPKG`), and a database that declares no application.
    for (name, app, says) in [
        ("geopackage", 0x4750_4B47, "0x47504b47"),
        ("undeclared", 0, "no declared application"),
    ] {
        let dir = TempDir::new(name);
        std::fs::create_dir_all(dir.state()).expect("state");
        let conn = Connection::open(dir.store()).expect("a new database");
        conn.execute_batch(&format!(
            "PRAGMA application_id = {app};
             CREATE TABLE features (id INTEGER PRIMARY KEY, name TEXT, geom BLOB);
             INSERT INTO features (name, geom) VALUES ('a point', x'0001');"
        ))
        .expect("a foreign database");
        conn.close().expect("closed");
        refused(
            &dir,
            &["application_id", "not a contango-sim store", says],
            &["application_id", "not a contango-sim store", says],
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_of_a_newer_schema_is_refused_and_left_as_it_was() {
    let dir = TempDir::new("newer");
    real_store(&dir, 2, false).await;
    let conn = Connection::open(dir.store()).expect("the store opens");
    let version: i32 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("user_version");
    assert_eq!(version, contango_sim::store::SCHEMA_VERSION);
    conn.pragma_update(None, "user_version", version + 1)
        .expect("user_version raised");
    conn.close().expect("closed");
    let newer = format!("schema version {} is newer", version + 1);
    refused(&dir, &["user_version", &newer], &["user_version", &newer]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_journal_with_a_missing_record_is_refused_and_left_as_it_was() {
    let dir = TempDir::new("gap");
    // Killed: no snapshot but the first start's, at seq 0; the journal after it holds the
    // orders (and the clock's ticks).
    real_store(&dir, 4, true).await;
    let conn = Connection::open(dir.store()).expect("the store opens");
    let latest: i64 = conn
        .query_row("SELECT MAX(seq) FROM snapshots", [], |r| r.get(0))
        .expect("snapshots");
    conn.close().expect("closed");
    let journal = Store::journal(&dir.state()).expect("the journal");
    let (first, last) = (journal[0].seq, journal[journal.len() - 1].seq);
    assert_eq!(latest, 0, "only the first start's snapshot");
    assert!(first == 1 && last >= 5, "several inputs: {first}..={last}");
    let gone = last / 2;
    let mut deleted = 0;
    rewrite_journal(&dir.state(), |i| {
        deleted += usize::from(i.seq == gone);
        (i.seq != gone).then_some(i)
    })
    .expect("a record deleted");
    assert_eq!(deleted, 1);
    let record = format!("journal seq {gone}");
    refused(&dir, &[&record, "missing"], &[&record, "missing"]);
}

// ---------------------------------------------------------------------------------------------
// The read tables after a kill.

/// The orders of `prefix` in the store's `orders` table, read read-only.
fn order_rows(dir: &TempDir, prefix: &str) -> i64 {
    let conn = Connection::open_with_flags(dir.store(), rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .expect("the store opens");
    conn.query_row(
        "SELECT COUNT(*) FROM orders WHERE client_order_id LIKE ?1 || '%'",
        [prefix],
        |r| r.get(0),
    )
    .expect("orders counted")
}

/// The read tables follow the journal (their rows are written within a tenth of a second of
/// their inputs' commit): a venue killed in between left acknowledged orders out of `orders`,
/// and the restart writes them before it serves, as the venue made them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rows_a_kill_left_unwritten_are_written_by_the_restart() {
    let dir = TempDir::new("rows-after-kill");
    // A kill right after the answers lands before the rows' transaction nearly always; a run
    // where the rows made it first proves nothing, and is tried again (a few times at most).
    let mut proved = false;
    for attempt in 0..5 {
        let prefix = format!("k{attempt}-");
        let venue = Running::spawn(&dir, &[]);
        let c = client(&venue.rest, &venue.key.0, &venue.key.1);
        for i in 0..3 {
            c.new_order(order(Side::Buy, "1", &format!("{}", 29_000 + i)))
                .client_order_id(format!("{prefix}{i}"))
                .send()
                .await
                .expect("an order");
        }
        venue.kill();
        let before = order_rows(&dir, &prefix);
        let restarted = Running::spawn(&dir, &[]);
        assert_eq!(
            order_rows(&dir, &prefix),
            3,
            "every acknowledged order is in the read tables once the restart serves"
        );
        restarted.stop();
        if before < 3 {
            proved = true;
            break;
        }
    }
    assert!(proved, "five kills all came after the rows' transaction");
}

// ---------------------------------------------------------------------------------------------
// A failed commit.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_commit_stops_input_and_a_restart_does_not_hold_the_refused_order() {
    let dir = TempDir::new("commit");
    let sim = Sim::builder()
        .state_dir(dir.state())
        .start()
        .await
        .expect("a journaled venue");
    let c = sim.client().expect("client");
    let kept = c
        .new_order(order(Side::Buy, "1", "29000"))
        .client_order_id("kept-1")
        .send()
        .await
        .expect("the first order is acknowledged");

    sim.fail_next_commit();
    let offline = |e: &contango::Error, what: &str| {
        assert_eq!(e.code(), Some(ErrorCode::ServerOffline), "{what}: {e}");
        let message = e.message().unwrap_or_default();
        assert!(
            message.contains("store could not commit"),
            "{what}: says why: {message}"
        );
    };
    let e = tokio::time::timeout(
        Duration::from_secs(20),
        c.new_order(order(Side::Buy, "2", "29001"))
            .client_order_id("refused-1")
            .send(),
    )
    .await
    .expect("answered in time")
    .expect_err("an order the store cannot commit is not acknowledged");
    offline(&e, "the order");
    // Reads answer it too, and so does any later input.
    let e = c.open_orders(BTC).send().await.expect_err("open orders");
    offline(&e, "open orders");
    let e = c.account().send().await.expect_err("account");
    offline(&e, "account");
    let e = c
        .new_order(order(Side::Buy, "3", "29002"))
        .client_order_id("refused-2")
        .send()
        .await
        .expect_err("a later order");
    offline(&e, "a later order");
    sim.shutdown().await;

    let sim = Sim::builder()
        .state_dir(dir.state())
        .start()
        .await
        .expect("restarted");
    assert!(sim.state().is_some_and(|s| !s.fresh), "a restart");
    let c = sim.client().expect("client");
    let found = c
        .query_order(BTC)
        .client_order_id("kept-1")
        .send()
        .await
        .expect("the acknowledged order");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].order_id, kept.order_id);
    for coid in ["refused-1", "refused-2"] {
        match c.query_order(BTC).client_order_id(coid).send().await {
            Ok(found) => assert!(found.is_empty(), "{coid} is not there: {found:?}"),
            Err(e) => assert_eq!(e.code(), Some(ErrorCode::OrderNotFound), "{coid}: {e}"),
        }
    }
    let open = c.open_orders(BTC).send().await.expect("open orders");
    assert_eq!(
        open.iter().map(|o| o.order_id).collect::<Vec<_>>(),
        vec![kept.order_id],
        "only the acknowledged order rests"
    );
    // The restarted venue takes input again.
    c.new_order(order(Side::Buy, "1", "29003"))
        .client_order_id("after-1")
        .send()
        .await
        .expect("an order after the restart");
    sim.shutdown().await;
}

// ---------------------------------------------------------------------------------------------
// Accounts.

/// `DIR/accounts.json`: `[{"apiKey": .., "secretKey": ..}, ..]`.
fn accounts_file(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).expect("the accounts file");
    let v: Value = serde_json::from_str(&text).expect("JSON");
    v.as_array()
        .expect("a list")
        .iter()
        .map(|a| {
            (
                a["apiKey"].as_str().expect("apiKey").to_owned(),
                a["secretKey"].as_str().expect("secretKey").to_owned(),
            )
        })
        .collect()
}

/// An account's USDT balance: (available, locked).
async fn usdt(c: &Client) -> (Decimal, Decimal) {
    let a = c.account().send().await.expect("account");
    let b = a
        .account
        .iter()
        .find(|b| b.margin_coin == "USDT")
        .expect("a USDT balance");
    (
        b.account_normal.unwrap_or_default(),
        b.account_lock.unwrap_or_default(),
    )
}

/// An admin request (open on loopback): its `data`.
async fn admin(base: &str, method: &str, action: &str, body: Option<Value>) -> Value {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .expect("http");
    let url = format!("{base}/__sim/{action}");
    let r = match body {
        Some(body) if method == "POST" => {
            http.post(url)
                .header("Content-Type", "application/json")
                .body(body.to_string())
                .send()
                .await
        }
        _ => http.get(url).send().await,
    };
    let text = r
        .unwrap_or_else(|e| panic!("admin {action}: {e}"))
        .text()
        .await
        .expect("an answer");
    let v: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("admin {action}: {e}: {text}"));
    v["data"].clone()
}

/// Every account's API key, as `GET /__sim/state` lists them.
async fn account_keys(base: &str) -> Vec<String> {
    let state = admin(base, "GET", "state", None).await;
    state["accounts"]
        .as_array()
        .expect("accounts")
        .iter()
        .map(|a| a["apiKey"].as_str().expect("apiKey").to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_accounts_have_their_own_keys_and_balances_and_a_restart_keeps_them() {
    let dir = TempDir::new("accounts");
    let mut venue = Running::spawn(&dir, &["--accounts", "3"]);
    let path = dir.state().join("accounts.json");

    // The file's path is printed, never a secret; only its owner can read it.
    let (stdout, stderr) = venue.output();
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("accounts"))
        .unwrap_or_else(|| panic!("the accounts file is printed: {stdout}"));
    assert!(line.contains(&path.display().to_string()), "{line}");
    let listed = accounts_file(&path);
    assert_eq!(listed.len(), 3, "{listed:?}");
    for (i, (key, secret)) in listed.iter().enumerate() {
        assert!(!key.is_empty() && !secret.is_empty());
        assert!(
            !stdout.contains(secret.as_str()) && !stderr.contains(secret.as_str()),
            "the secret of account {i} is never printed:\n{stdout}\n{stderr}"
        );
        assert!(
            listed[..i].iter().all(|(k, s)| k != key && s != secret),
            "each account its own key and secret"
        );
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path)
            .expect("the file")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "owner-only: {mode:o}");
    }
    let written = std::fs::read(&path).expect("the file");
    let modified = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .expect("mtime");
    let keys = account_keys(&venue.rest).await;
    for (key, _) in &listed {
        assert_eq!(
            keys.iter().filter(|k| *k == key).count(),
            1,
            "{key} is an account: {keys:?}"
        );
    }

    // Each key signs requests and has its own balances: an order of one changes no other's.
    let clients: Vec<Client> = listed
        .iter()
        .map(|(k, s)| client(&venue.rest, k, s))
        .collect();
    let mut before = Vec::new();
    for c in &clients {
        before.push(usdt(c).await);
    }
    assert!(
        before.iter().all(|(free, _)| *free > Decimal::ZERO),
        "funded: {before:?}"
    );
    let placed = clients[0]
        .new_order(order(Side::Buy, "10", "29000"))
        .client_order_id("mine-1")
        .send()
        .await
        .expect("an order of the first account");
    let after0 = usdt(&clients[0]).await;
    assert!(
        after0.1 > before[0].1 && after0.0 < before[0].0,
        "its margin is locked: {before:?} -> {after0:?}"
    );
    for (i, c) in clients.iter().enumerate().skip(1) {
        assert_eq!(usdt(c).await, before[i], "account {i} unchanged");
        let open = c.open_orders(BTC).send().await.expect("open orders");
        assert!(
            open.is_empty(),
            "account {i} sees no other's order: {open:?}"
        );
    }

    // A restart creates no account again and leaves the file alone; the keys still work.
    venue.stop();
    let mut venue = Running::spawn(&dir, &["--accounts", "3"]);
    let (stdout, _) = venue.output();
    assert!(stdout.contains("restored"), "a restart: {stdout}");
    assert!(
        std::fs::read(&path).expect("the file") == written
            && std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .expect("mtime")
                == modified,
        "accounts.json is not written again"
    );
    assert_eq!(
        account_keys(&venue.rest).await,
        keys,
        "no account created again"
    );
    let clients: Vec<Client> = listed
        .iter()
        .map(|(k, s)| client(&venue.rest, k, s))
        .collect();
    assert_eq!(
        usdt(&clients[0]).await,
        after0,
        "the first account as it was"
    );
    let open = clients[0].open_orders(BTC).send().await.expect("open");
    assert_eq!(
        open.iter().map(|o| o.order_id).collect::<Vec<_>>(),
        vec![placed.order_id]
    );
    for (i, c) in clients.iter().enumerate().skip(1) {
        assert_eq!(usdt(c).await, before[i], "account {i} as it was");
    }

    // An account made over the admin route, with the balance asked for.
    let made = admin(
        &venue.rest,
        "POST",
        "accounts",
        Some(json!({"contract": {"USDT": "500"}})),
    )
    .await;
    let (key, secret) = (
        made["apiKey"].as_str().expect("apiKey"),
        made["secretKey"].as_str().expect("secretKey"),
    );
    assert!(made["uid"].as_i64().is_some(), "a uid: {made}");
    let fifth = client(&venue.rest, key, secret);
    assert_eq!(usdt(&fifth).await, (d("500"), Decimal::ZERO), "{made}");
    let (_, stderr) = venue.output();
    assert!(
        !stderr.contains(secret),
        "its secret is not logged: {stderr}"
    );
    venue.stop();
}

/// The next order update on `stream` within `wait`, and every other item before it.
async fn next_order_update(stream: &mut UserStream, wait: Duration) -> (Option<i64>, Vec<String>) {
    let deadline = tokio::time::Instant::now() + wait;
    let mut others = Vec::new();
    loop {
        match tokio::time::timeout_at(deadline, stream.recv()).await {
            Ok(Some(StreamItem::Event(Event::OrderTradeUpdate(u)))) => {
                return (Some(u.order.order_id), others);
            }
            Ok(Some(item)) => others.push(format!("{item:?}")),
            Ok(None) | Err(_) => return (None, others),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_account_has_its_own_private_stream() {
    let dir = TempDir::new("streams");
    let mut state = StateConfig::new(dir.state());
    state.accounts = 2;
    let sim = Sim::builder()
        .state(state)
        .start()
        .await
        .expect("a journaled venue");
    let file = sim
        .state()
        .and_then(|s| s.accounts_file.clone())
        .expect("an accounts file");
    let listed = accounts_file(&file);
    let (a, b) = (
        client(sim.rest_url(), &listed[0].0, &listed[0].1),
        client(sim.rest_url(), &listed[1].0, &listed[1].1),
    );
    let mut stream_a = a.user_stream().connect().await.expect("a's stream");
    let mut stream_b = b.user_stream().connect().await.expect("b's stream");

    let placed = a
        .new_order(order(Side::Buy, "1", "29000"))
        .send()
        .await
        .expect("a's order");
    let (got, _) = next_order_update(&mut stream_a, Duration::from_secs(5)).await;
    assert_eq!(got, Some(placed.order_id), "a's stream has a's order");
    // b's stream stays quiet (a's events would have been sent with a's).
    let (got, others) = next_order_update(&mut stream_b, Duration::from_millis(500)).await;
    assert_eq!(got, None, "b's stream has no order of a");
    assert!(
        !others.iter().any(|i| i.starts_with("Event")),
        "b's stream has no event of a: {others:?}"
    );
    // b's own order reaches b's stream, and not a's.
    let theirs = b
        .new_order(order(Side::Buy, "1", "29001"))
        .send()
        .await
        .expect("b's order");
    let (got, _) = next_order_update(&mut stream_b, Duration::from_secs(5)).await;
    assert_eq!(got, Some(theirs.order_id), "b's stream has b's order");
    let (got, _) = next_order_update(&mut stream_a, Duration::from_millis(500)).await;
    assert_eq!(got, None, "a's stream has no order of b");

    let _ = stream_a.shutdown().await;
    let _ = stream_b.shutdown().await;
    sim.shutdown().await;
}
