//! The store's file: opening (create, or check and recover), commits, snapshots, pruning,
//! checkpoints and the full verification.
//!
//! Opening an existing file reads it through a read-only connection first and opens it for
//! writing only once every check passed: a file refused is never written, and the store is never
//! created anew over a file that holds anything. A new store is built beside its final name
//! (`venue.sqlite.new`) and renamed into place once complete, so that a crash during creation
//! leaves either no store or a whole one.

use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};
use sha2::{Digest, Sha256};

use super::rows::{self, JOURNAL_INSERT, Row, START_INSERT};

/// The store's file in the state directory.
pub const FILE_NAME: &str = "venue.sqlite";

/// `PRAGMA application_id` of a contango-sim store: `CTGO` in ASCII.
pub const APPLICATION_ID: i32 = 0x4354_474F;

/// `PRAGMA user_version`: the schema version this build creates. Version 2 added `starts`,
/// version 3 `exposure` and `marks`.
pub const SCHEMA_VERSION: i32 = 3;

/// The oldest schema version this build opens: it reads one as it is, and a start upgrades it to
/// [`SCHEMA_VERSION`] (the tables added since, created empty) as it records itself.
pub const OLDEST_SCHEMA_VERSION: i32 = 1;

/// How long a commit waits for another connection holding the write lock (a person writing
/// with `sqlite3`, say) before it fails: failing stops the venue, so waiting is better.
/// [`Store::checkpoint`] does not wait.
const WRITER_BUSY: Duration = Duration::from_secs(5);

/// How long a reader waits while the writer recovers or checkpoints the write-ahead log.
const READER_BUSY: Duration = Duration::from_secs(5);

/// `PRAGMA synchronous` under WAL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SyncMode {
    /// `NORMAL`: a commit is in the write-ahead log when it returns; a killed process loses
    /// nothing, a power cut may lose the last commits (the WAL is synced at checkpoints).
    #[default]
    Normal,
    /// `FULL`: every commit is synced to the disk before it returns; survives a power cut too.
    Full,
}

impl SyncMode {
    fn pragma(self) -> &'static str {
        match self {
            SyncMode::Normal => "NORMAL",
            SyncMode::Full => "FULL",
        }
    }
}

/// What went wrong, naming the file, the record (a table, a seq, a header field) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError {
    /// The file (or directory) concerned.
    pub file: PathBuf,
    /// The record concerned, when one is: `journal seq 7`, `snapshot seq 40`, `user_version`.
    pub record: Option<String>,
    /// Why.
    pub reason: String,
}

impl StoreError {
    fn new(file: &Path, record: Option<String>, reason: impl Into<String>) -> StoreError {
        StoreError {
            file: file.to_path_buf(),
            record,
            reason: reason.into(),
        }
    }

    fn at(file: &Path, record: &str, reason: impl Into<String>) -> StoreError {
        StoreError::new(file, Some(record.to_owned()), reason)
    }

    /// A function turning SQLite's error at `record` into ours.
    fn sql<'a>(file: &'a Path, record: &'a str) -> impl Fn(rusqlite::Error) -> StoreError + 'a {
        move |e| StoreError::at(file, record, e.to_string())
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.file.display())?;
        if let Some(record) = &self.record {
            write!(f, "{record}: ")?;
        }
        f.write_str(&self.reason)
    }
}

impl std::error::Error for StoreError {}

/// One input to journal: its seq (the journal's next), the exchange time stamped on it (ms since
/// the epoch), its kind (the core's tag, for people reading the journal) and its encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JournalEntry<'a> {
    /// Its place in the journal: the previous input's seq + 1, the first is 1.
    pub seq: u64,
    /// Exchange time (ms since the epoch).
    pub time_ms: i64,
    /// The core's tag for the kind of input.
    pub kind: u8,
    /// The input, as the core encodes it.
    pub input: &'a [u8],
}

/// What one commit writes: inputs (consecutive, continuing the journal) and the read-table rows
/// they produced, each carrying the seq of one of these inputs.
#[derive(Debug, Clone, Default)]
pub struct Batch<'a> {
    /// The inputs, in seq order.
    pub inputs: Vec<JournalEntry<'a>>,
    /// The rows they produced, in the order they were produced.
    pub rows: Vec<Row>,
}

/// An input read back from the journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Journaled {
    /// Its seq.
    pub seq: u64,
    /// Exchange time (ms).
    pub time_ms: i64,
    /// The core's tag.
    pub kind: u8,
    /// The input's encoding.
    pub input: Vec<u8>,
}

/// A snapshot read back: the core's state after the input `seq`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// The last input the state includes.
    pub seq: u64,
    /// Exchange time (ms) of the state.
    pub time_ms: i64,
    /// The state, as the core encodes it (its checksum passed).
    pub state: Vec<u8>,
}

/// What a start replays: the latest snapshot (none: start from the configuration), then the
/// inputs after it, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovered {
    /// The latest snapshot.
    pub snapshot: Option<Snapshot>,
    /// Every input after it (after seq 0 without a snapshot), consecutive.
    pub inputs: Vec<Journaled>,
    /// The store holds nothing: created by this open, or created before and never written (a
    /// first start that stopped before its first commit). The venue starts from its
    /// configuration and does what a first start does.
    pub fresh: bool,
}

/// What [`Store::prune`] removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pruned {
    /// Journal rows removed.
    pub inputs: usize,
    /// Snapshots removed (those the remaining journal can no longer continue).
    pub snapshots: usize,
}

/// The outcome of [`Store::verify`]: what was checked, and every problem found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use = "a report may list problems: look at `problems` (or `is_sound`)"]
pub struct Verification {
    /// The file verified.
    pub file: PathBuf,
    /// Its schema version (older than [`SCHEMA_VERSION`]: the next start upgrades it).
    pub version: i32,
    /// Snapshots whose checksum was checked.
    pub snapshots: usize,
    /// The latest snapshot's seq.
    pub latest_snapshot: Option<u64>,
    /// The journal's first and last seq (none: empty).
    pub journal: Option<(u64, u64)>,
    /// Rows in each read table.
    pub rows: Vec<(&'static str, u64)>,
    /// Every problem found, in the order checked; empty when the store is sound.
    pub problems: Vec<StoreError>,
}

impl Verification {
    /// No problem found.
    pub fn is_sound(&self) -> bool {
        self.problems.is_empty()
    }
}

impl fmt::Display for Verification {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: schema version {}",
            self.file.display(),
            self.version
        )?;
        if self.version < SCHEMA_VERSION {
            write!(f, " (the next start upgrades it to {SCHEMA_VERSION})")?;
        }
        writeln!(f)?;
        match self.journal {
            Some((first, last)) => writeln!(f, "journal: seq {first}..={last}")?,
            None => writeln!(f, "journal: empty")?,
        }
        match self.latest_snapshot {
            Some(seq) => writeln!(f, "snapshots: {} (latest at seq {seq})", self.snapshots)?,
            None => writeln!(f, "snapshots: none")?,
        }
        for (table, n) in &self.rows {
            writeln!(f, "{table}: {n} rows")?;
        }
        if self.problems.is_empty() {
            writeln!(f, "sound")
        } else {
            match self.problems.len() {
                1 => writeln!(f, "1 problem:")?,
                n => writeln!(f, "{n} problems:")?,
            }
            for p in &self.problems {
                writeln!(f, "  {p}")?;
            }
            Ok(())
        }
    }
}

/// The venue's store: one writer connection to `DIR/venue.sqlite`.
#[derive(Debug)]
pub struct Store {
    pub(super) conn: Connection,
    file: PathBuf,
    /// The journal's last seq (or the latest snapshot's, after a prune emptied the journal).
    last_seq: u64,
    /// The file's schema version: older until [`Store::record_start`] upgrades it.
    version: i32,
    latest_snapshot: Option<u64>,
    /// Why a commit failed: every later write fails too.
    poisoned: Option<String>,
    /// The next commit fails as a disk would (tests).
    fail_next_commit: bool,
}

impl Store {
    /// Opens the store in `dir` (created if missing), or creates it there: its latest snapshot
    /// (checksum checked) and the inputs after it (continuity checked) come back to be replayed.
    ///
    /// Refuses, naming the file, the record and the reason, and leaving the file as it was: a file
    /// that is not SQLite or is damaged, a foreign SQLite file (another application id, or tables
    /// that are not this version's), a newer schema version, a missing input after the latest
    /// snapshot, a latest snapshot whose checksum fails. A file of zero bytes (nothing in it yet)
    /// is taken as a new store; any other file is never replaced.
    pub fn open(dir: &Path, sync: SyncMode) -> Result<(Store, Recovered), StoreError> {
        fs::create_dir_all(dir).map_err(|e| {
            StoreError::new(dir, None, format!("cannot create the state directory: {e}"))
        })?;
        let file = dir.join(FILE_NAME);
        let (recovered, last_seq, version) = if is_new(&file)? {
            create(&file)?;
            let fresh = Recovered {
                snapshot: None,
                inputs: Vec::new(),
                fresh: true,
            };
            (fresh, 0, SCHEMA_VERSION)
        } else {
            let (checked, version) = open_checked(&file)?;
            if let Some(damaged) = probe(&checked, &file, version).into_iter().next() {
                return Err(damaged);
            }
            let (recovered, last_seq) = recover(&checked, &file)?;
            (recovered, last_seq, version)
        };
        let conn = open_writer(&file, sync)?;
        let latest_snapshot = recovered.snapshot.as_ref().map(|s| s.seq);
        let store = Store {
            conn,
            file,
            last_seq,
            version,
            latest_snapshot,
            poisoned: None,
            fail_next_commit: false,
        };
        Ok((store, recovered))
    }

    /// The store's file.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// The journal's last seq: the next input is this + 1.
    pub fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// A read-only connection of its own (for the REST history views, on another thread).
    pub fn reader(&self) -> Result<super::Reader, StoreError> {
        super::Reader::open_file(&self.file)
    }

    /// Journals `batch`'s inputs and writes its rows, in one transaction: when this returns `Ok`,
    /// the inputs are durable (as [`SyncMode`] says) and their effects may be answered and
    /// published.
    ///
    /// On failure the transaction is rolled back (a commit that failed in SQLite's own `COMMIT`
    /// after the disk took part of it may still be found by a restart, as an input whose answer
    /// was lost), the error says the venue must stop taking input, and every later write fails
    /// too: the core has applied inputs the journal may not hold, and answering anything more
    /// would be answering what a restart may not bring back.
    pub fn commit(&mut self, batch: &Batch<'_>) -> Result<(), StoreError> {
        self.check_poisoned()?;
        let (Some(first), Some(last)) = (batch.inputs.first(), batch.inputs.last()) else {
            if batch.rows.is_empty() {
                return Ok(());
            }
            let why = "rows without an input: every row is produced by an input of its batch";
            return Err(self.poison(None, why.to_owned()));
        };
        let record = if first.seq == last.seq {
            format!("journal seq {}", first.seq)
        } else {
            format!("journal seq {}..={}", first.seq, last.seq)
        };
        match self.write(batch) {
            Ok(()) => {
                self.last_seq = last.seq;
                Ok(())
            }
            Err(why) => Err(self.poison(Some(record), why)),
        }
    }

    fn write(&mut self, batch: &Batch<'_>) -> Result<(), String> {
        let mut expected = self.last_seq;
        for input in &batch.inputs {
            expected += 1;
            if input.seq != expected {
                return Err(format!(
                    "input seq {} does not continue the journal (its last seq is {}, the next \
                     is {expected})",
                    input.seq,
                    expected - 1
                ));
            }
        }
        let first = self.last_seq + 1;
        if i64::try_from(expected).is_err() {
            return Err(format!("seq {expected} is beyond SQLite's integers"));
        }
        if let Some(row) = batch
            .rows
            .iter()
            .find(|r| !(first..=expected).contains(&r.seq()))
        {
            return Err(format!(
                "a row of table {} carries seq {}, not an input of this batch ({first}..={expected})",
                row.table(),
                row.seq()
            ));
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| e.to_string())?;
        {
            let mut insert = tx
                .prepare_cached(JOURNAL_INSERT)
                .map_err(|e| e.to_string())?;
            for input in &batch.inputs {
                insert
                    .execute(params![
                        rows::seq_value(input.seq),
                        input.time_ms,
                        input.kind,
                        input.input
                    ])
                    .map_err(|e| format!("journal seq {}: {e}", input.seq))?;
            }
        }
        for row in &batch.rows {
            let (table, sql, values) = row.parts();
            let mut insert = tx.prepare_cached(sql).map_err(|e| e.to_string())?;
            insert
                .execute(rusqlite::params_from_iter(values))
                .map_err(|e| format!("table {table}, row of seq {}: {e}", row.seq()))?;
        }
        if std::mem::take(&mut self.fail_next_commit) {
            // Dropping the transaction rolls it back, as SQLite does when its commit fails.
            return Err("disk I/O error (injected)".to_owned());
        }
        tx.commit().map_err(|e| e.to_string())
    }

    fn poison(&mut self, record: Option<String>, why: String) -> StoreError {
        let reason = format!(
            "commit failed: {why}; its inputs are not acknowledged, and the venue must stop \
             taking input"
        );
        self.poisoned = Some(why);
        StoreError::new(&self.file, record, reason)
    }

    fn check_poisoned(&self) -> Result<(), StoreError> {
        match &self.poisoned {
            None => Ok(()),
            Some(why) => Err(StoreError::new(
                &self.file,
                None,
                format!(
                    "an earlier commit failed ({why}): the store takes no more writes, and the \
                     venue must stop taking input"
                ),
            )),
        }
    }

    /// The next commit fails as a disk would (after writing its rows, before its `COMMIT`), and
    /// poisons the store. For tests.
    #[doc(hidden)]
    pub fn inject_commit_failure(&mut self) {
        self.fail_next_commit = true;
    }

    /// Writes read-table rows of inputs already journaled (each row's seq at most
    /// [`Store::last_seq`]), in one transaction: what the venue adds at shutdown (the equity of
    /// the minute it stops in). A row written again replaces itself.
    pub fn write_rows(&mut self, rows: &[Row]) -> Result<(), StoreError> {
        self.check_poisoned()?;
        if let Some(row) = rows.iter().find(|r| r.seq() > self.last_seq) {
            return Err(StoreError::at(
                &self.file,
                &format!("table {}", row.table()),
                format!(
                    "a row of seq {} is past the journal's last seq {}",
                    row.seq(),
                    self.last_seq
                ),
            ));
        }
        let record = "read tables";
        let tx = self
            .conn
            .transaction()
            .map_err(StoreError::sql(&self.file, record))?;
        for row in rows {
            let (table, sql, values) = row.parts();
            let mut insert = tx
                .prepare_cached(sql)
                .map_err(StoreError::sql(&self.file, record))?;
            insert
                .execute(rusqlite::params_from_iter(values))
                .map_err(|e| {
                    StoreError::at(&self.file, &format!("table {table}"), e.to_string())
                })?;
        }
        tx.commit().map_err(StoreError::sql(&self.file, record))
    }

    /// Records a start of the venue in `starts` (its own transaction, one row a start): the
    /// journal's last seq, the exchange and wall times it started at, and the latency model it
    /// runs with (its text; `None`: no model), which is a server setting and not an input, so
    /// that a report can name the model of each stretch of the journal. Upgrades a store of an
    /// older schema version first, in the same transaction. Returns the start's id.
    pub fn record_start(
        &mut self,
        time_ms: i64,
        wall_ms: i64,
        latency: Option<&str>,
    ) -> Result<i64, StoreError> {
        self.check_poisoned()?;
        let record = "table starts";
        let sql = StoreError::sql(&self.file, record);
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(&sql)?;
        if self.version < SCHEMA_VERSION {
            let upgrade = format!(
                "{}PRAGMA user_version = {SCHEMA_VERSION};",
                rows::upgrade_sql(self.version)
            );
            tx.execute_batch(&upgrade).map_err(|e| {
                StoreError::at(
                    &self.file,
                    "user_version",
                    format!(
                        "upgrading schema version {} to {SCHEMA_VERSION}: {e}",
                        self.version
                    ),
                )
            })?;
        }
        tx.execute(
            START_INSERT,
            params![rows::seq_value(self.last_seq), time_ms, wall_ms, latency],
        )
        .map_err(&sql)?;
        let id = tx.last_insert_rowid();
        tx.commit().map_err(&sql)?;
        self.version = SCHEMA_VERSION;
        Ok(id)
    }

    /// Stores the core's state after input `seq` (`seq` ≤ [`Store::last_seq`], not older than
    /// the latest snapshot) with its SHA-256. A snapshot at the latest snapshot's seq replaces it
    /// (the core is deterministic: the same state).
    pub fn snapshot(&mut self, seq: u64, time_ms: i64, state: &[u8]) -> Result<(), StoreError> {
        self.check_poisoned()?;
        let record = format!("snapshot seq {seq}");
        if seq > self.last_seq {
            return Err(StoreError::at(
                &self.file,
                &record,
                format!(
                    "past the journal's last seq {}: a snapshot may include only journaled inputs",
                    self.last_seq
                ),
            ));
        }
        if let Some(latest) = self.latest_snapshot.filter(|&l| l > seq) {
            return Err(StoreError::at(
                &self.file,
                &record,
                format!("older than the latest snapshot (seq {latest})"),
            ));
        }
        let checksum = Sha256::digest(state).to_vec();
        self.conn
            .prepare_cached(
                "INSERT OR REPLACE INTO snapshots (seq, time_ms, checksum, state) \
                 VALUES (?1, ?2, ?3, ?4)",
            )
            .and_then(|mut s| s.execute(params![rows::seq_value(seq), time_ms, checksum, state]))
            .map_err(StoreError::sql(&self.file, &record))?;
        self.latest_snapshot = Some(seq);
        Ok(())
    }

    /// Removes journal rows before `keep_from_seq`, but never one after the latest snapshot (a
    /// start needs those), and the snapshots the remaining journal no longer continues. Without a
    /// snapshot, removes nothing. (SQLite reuses the freed pages; the file does not shrink.)
    pub fn prune(&mut self, keep_from_seq: u64) -> Result<Pruned, StoreError> {
        self.check_poisoned()?;
        let Some(latest) = self.latest_snapshot else {
            return Ok(Pruned::default());
        };
        let cutoff = rows::seq_value(keep_from_seq.min(latest + 1));
        let sql = StoreError::sql(&self.file, "prune");
        let tx = self.conn.transaction().map_err(&sql)?;
        let inputs = tx
            .execute("DELETE FROM journal WHERE seq < ?1", [cutoff])
            .map_err(&sql)?;
        let snapshots = tx
            .execute("DELETE FROM snapshots WHERE seq < ?1 - 1", [cutoff])
            .map_err(&sql)?;
        tx.commit().map_err(&sql)?;
        Ok(Pruned { inputs, snapshots })
    }

    /// Removes the snapshots before the latest `keep` (at least one stays): a start needs only
    /// the latest, and each holds the whole state. The journal is left as it is.
    pub fn forget_snapshots(&mut self, keep: usize) -> Result<usize, StoreError> {
        self.check_poisoned()?;
        let sql = StoreError::sql(&self.file, "forget snapshots");
        let keep = i64::try_from(keep.max(1)).unwrap_or(i64::MAX);
        self.conn
            .execute(
                "DELETE FROM snapshots WHERE seq NOT IN \
                 (SELECT seq FROM snapshots ORDER BY seq DESC LIMIT ?1)",
                [keep],
            )
            .map_err(&sql)
    }

    /// Copies the write-ahead log into the database and truncates it
    /// (`PRAGMA wal_checkpoint(TRUNCATE)`), without waiting: `Ok(false)` when a reader kept it
    /// from finishing (the log stays until the next checkpoint; nothing is lost). SQLite also
    /// checkpoints by itself, passively, in the commit that takes the log past 1000 pages.
    pub fn checkpoint(&mut self) -> Result<bool, StoreError> {
        let sql = StoreError::sql(&self.file, "wal_checkpoint");
        self.conn.busy_timeout(Duration::ZERO).map_err(&sql)?;
        let done = self
            .conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
                r.get::<_, i64>(0)
            });
        self.conn.busy_timeout(WRITER_BUSY).map_err(&sql)?;
        Ok(done.map_err(&sql)? == 0)
    }

    /// Hands the write-ahead log's checkpoints to a second connection ([`Checkpointer`]), so
    /// that no commit pays for one: SQLite stops checkpointing in this connection's commits.
    pub fn checkpointer(&mut self) -> Result<Checkpointer, StoreError> {
        let sql = StoreError::sql(&self.file, "checkpointer");
        let conn = Connection::open_with_flags(
            &self.file,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(&sql)?;
        conn.busy_timeout(Duration::ZERO).map_err(&sql)?;
        self.conn
            .pragma_update(None, "wal_autocheckpoint", 0)
            .map_err(&sql)?;
        Ok(Checkpointer {
            conn,
            file: self.file.clone(),
        })
    }

    /// Closes the connection (its last checkpoint), reporting what SQLite says.
    pub fn close(self) -> Result<(), StoreError> {
        let file = self.file;
        self.conn
            .close()
            .map_err(|(_, e)| StoreError::at(&file, "close", e.to_string()))
    }

    /// Verifies the store in `dir` through a read-only connection, changing nothing: the header,
    /// the schema, `PRAGMA integrity_check`, every snapshot's checksum, the journal's continuity
    /// from its first row (and that the latest snapshot can be continued), and that no read-table
    /// row claims an input past the journal.
    ///
    /// `Err`: the file cannot be verified as a store at all (missing, not SQLite, foreign, newer).
    /// Otherwise the [`Verification`] lists every problem found; the store is sound when there is none.
    pub fn verify(dir: &Path) -> Result<Verification, StoreError> {
        let file = dir.join(FILE_NAME);
        if !file.exists() {
            return Err(StoreError::new(&file, None, "no store here"));
        }
        let (conn, version) = open_checked(&file)?;
        let mut report = Verification {
            file: file.clone(),
            version,
            snapshots: 0,
            latest_snapshot: None,
            journal: None,
            rows: Vec::new(),
            problems: Vec::new(),
        };
        let problems = &mut report.problems;
        problems.extend(probe(&conn, &file, version));

        let integrity = conn.prepare("PRAGMA integrity_check").and_then(|mut s| {
            s.query_map([], |r| r.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()
        });
        match integrity {
            Ok(lines) => problems.extend(
                lines
                    .into_iter()
                    .filter(|l| l != "ok")
                    .map(|l| StoreError::at(&file, "integrity_check", l)),
            ),
            Err(e) => problems.push(StoreError::at(&file, "integrity_check", e.to_string())),
        }

        // Every snapshot's checksum, one state in memory at a time.
        let seqs: Result<Vec<u64>, _> = conn
            .prepare("SELECT seq FROM snapshots ORDER BY seq")
            .and_then(|mut s| {
                s.query_map([], |r| rows::get_seq(r, 0))?
                    .collect::<rusqlite::Result<Vec<_>>>()
            });
        match seqs {
            Ok(seqs) => {
                for &seq in &seqs {
                    match read_snapshot(&conn, &file, seq) {
                        Ok(_) => {}
                        Err(e) => problems.push(e),
                    }
                }
                report.snapshots = seqs.len();
                report.latest_snapshot = seqs.last().copied();
            }
            Err(e) => problems.push(StoreError::at(&file, "snapshots", e.to_string())),
        }

        // The journal: consecutive from its first row; its first row continues the latest
        // snapshot (or is seq 1); the latest snapshot is not past its end.
        let journal: Result<Vec<u64>, _> = conn
            .prepare("SELECT seq FROM journal ORDER BY seq")
            .and_then(|mut s| {
                s.query_map([], |r| rows::get_seq(r, 0))?
                    .collect::<rusqlite::Result<Vec<_>>>()
            });
        let mut last_seq = report.latest_snapshot.unwrap_or(0);
        match journal {
            Ok(seqs) => {
                for pair in seqs.windows(2) {
                    if pair[1] != pair[0] + 1 {
                        problems.push(StoreError::at(
                            &file,
                            &missing(pair[0] + 1, pair[1] - 1),
                            format!(
                                "missing: the journal goes from seq {} to {}",
                                pair[0], pair[1]
                            ),
                        ));
                    }
                }
                if let (Some(&first), Some(&last)) = (seqs.first(), seqs.last()) {
                    report.journal = Some((first, last));
                    let base = report.latest_snapshot.unwrap_or(0);
                    if first > base + 1 {
                        let after = match report.latest_snapshot {
                            Some(s) => format!("the latest snapshot is at seq {s}"),
                            None => "there is no snapshot".to_owned(),
                        };
                        problems.push(StoreError::at(
                            &file,
                            &missing(base + 1, first - 1),
                            format!("missing: the journal starts at seq {first} and {after}"),
                        ));
                    }
                    if base > last {
                        problems.push(StoreError::at(
                            &file,
                            &format!("snapshot seq {base}"),
                            format!(
                                "past the journal's last seq {last}: the inputs it includes \
                                 after {last} are not journaled"
                            ),
                        ));
                    }
                    last_seq = last_seq.max(last);
                }
            }
            Err(e) => problems.push(StoreError::at(&file, "journal", e.to_string())),
        }

        // Read tables: their size, and no row from an input the journal never had.
        for table in rows::READ_TABLES.iter().filter(|t| t.since <= version) {
            let counted = conn.query_row(
                &format!("SELECT COUNT(*), MAX(seq) FROM \"{}\"", table.name),
                [],
                |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Option<i64>>(1)?)),
            );
            match counted {
                Ok((n, max)) => {
                    report
                        .rows
                        .push((table.name, u64::try_from(n).unwrap_or_default()));
                    if let Some(max) = max.filter(|&m| m > rows::seq_value(last_seq)) {
                        problems.push(StoreError::at(
                            &file,
                            &format!("table {}", table.name),
                            format!(
                                "a row carries seq {max}, past the journal's last seq {last_seq}"
                            ),
                        ));
                    }
                }
                Err(e) => problems.push(StoreError::at(
                    &file,
                    &format!("table {}", table.name),
                    e.to_string(),
                )),
            }
        }
        Ok(report)
    }
}

/// `journal seq N`, or `journal seq A..=B` for a range.
/// A second connection to a store that checkpoints its write-ahead log while the writer keeps
/// committing (WAL lets both run at once).
pub struct Checkpointer {
    conn: Connection,
    file: PathBuf,
}

impl std::fmt::Debug for Checkpointer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checkpointer")
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

impl Checkpointer {
    /// Copies the log into the database and lets the writer start the log over, so that it
    /// stays short: first what it can without waiting for anyone (`PASSIVE`, while the writer
    /// goes on committing), then the few frames committed meanwhile, holding the writer back for
    /// that and the file's sync (`RESTART`, waiting at most `RESTART_WAIT` for a moment
    /// between two commits and for the readers of older frames). A writer that keeps committing
    /// would otherwise never find the whole log copied, and the log would grow without end.
    /// `Ok(false)`: the restart had to wait longer (the log is copied; it starts over next time).
    pub fn checkpoint(&self) -> Result<bool, StoreError> {
        let sql = StoreError::sql(&self.file, "wal_checkpoint");
        self.conn.busy_timeout(Duration::ZERO).map_err(&sql)?;
        self.conn
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
            .map_err(&sql)?;
        self.conn.busy_timeout(RESTART_WAIT).map_err(&sql)?;
        let busy: i64 = self
            .conn
            .query_row("PRAGMA wal_checkpoint(RESTART)", [], |r| r.get(0))
            .map_err(&sql)?;
        Ok(busy == 0)
    }
}

/// How long a [`Checkpointer`] waits for the writer and the readers before it starts the log
/// over.
pub const RESTART_WAIT: Duration = Duration::from_millis(50);

fn missing(from: u64, to: u64) -> String {
    if from == to {
        format!("journal seq {from}")
    } else {
        format!("journal seq {from}..={to}")
    }
}

/// `path` with `suffix` appended to its file name (`venue.sqlite` → `venue.sqlite-wal`).
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(suffix);
    PathBuf::from(name)
}

fn io_error(file: &Path, what: &str, e: &std::io::Error) -> StoreError {
    StoreError::new(file, None, format!("{what}: {e}"))
}

/// Whether `file` is to be created: it does not exist, or has zero bytes. Refuses a write-ahead
/// log left without its database (its commits would be lost, or replayed into a new file).
fn is_new(file: &Path) -> Result<bool, StoreError> {
    let empty = match fs::metadata(file) {
        Ok(m) if !m.is_file() => {
            return Err(StoreError::new(file, None, "not a regular file"));
        }
        Ok(m) => m.len() == 0,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => true,
        Err(e) => return Err(io_error(file, "cannot read its metadata", &e)),
    };
    if empty {
        let wal = sibling(file, "-wal");
        if fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
            return Err(StoreError::new(
                &wal,
                None,
                format!(
                    "a write-ahead log without its database ({} is missing or empty): the store's \
                     latest commits may be in it; refusing to start a new store beside it (move \
                     both away to start over)",
                    file.display()
                ),
            ));
        }
    }
    Ok(empty)
}

/// The store's page size.
const PAGE_SIZE: u32 = 1024;

/// Creates the store at `file`: built complete as `file.new`, synced, then renamed into place.
fn create(file: &Path) -> Result<(), StoreError> {
    let tmp = sibling(file, ".new");
    for leftover in [
        tmp.clone(),
        sibling(&tmp, "-wal"),
        sibling(&tmp, "-shm"),
        sibling(&tmp, "-journal"),
    ] {
        match fs::remove_file(&leftover) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_error(&leftover, "cannot remove a leftover", &e)),
        }
    }
    new_private_file(&tmp)?;
    let conn = Connection::open_with_flags(
        &tmp,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(StoreError::sql(&tmp, "create"))?;
    conn.execute_batch(&format!("PRAGMA page_size = {PAGE_SIZE};"))
        .map_err(StoreError::sql(&tmp, "page_size"))?;
    conn.execute_batch(&rows::create_sql(APPLICATION_ID, SCHEMA_VERSION))
        .map_err(StoreError::sql(&tmp, "schema"))?;
    set_wal(&conn, &tmp)?;
    // Closing the only connection copies the log into the file and removes the log.
    conn.close()
        .map_err(|(_, e)| StoreError::at(&tmp, "close", e.to_string()))?;
    fs::File::open(&tmp)
        .and_then(|f| f.sync_all())
        .map_err(|e| io_error(&tmp, "cannot sync", &e))?;
    if fs::metadata(file).is_ok_and(|m| m.len() > 0) {
        return Err(StoreError::new(
            file,
            None,
            "appeared while a new store was being created: left as it is",
        ));
    }
    fs::rename(&tmp, file).map_err(|e| io_error(file, "cannot move the new store in place", &e))?;
    sync_dir(file)
}

/// A new file only its owner can read and write: the journal and the snapshots hold the
/// accounts' secrets. SQLite gives its `-wal` and `-shm` files the same mode.
fn new_private_file(path: &Path) -> Result<(), StoreError> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options
        .open(path)
        .map(drop)
        .map_err(|e| io_error(path, "cannot create", &e))
}

/// Makes the rename durable (the directory's entry), where the system allows it.
fn sync_dir(file: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    if let Some(dir) = file.parent() {
        fs::File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(|e| io_error(dir, "cannot sync the directory", &e))?;
    }
    #[cfg(not(unix))]
    let _ = file;
    Ok(())
}

fn set_wal(conn: &Connection, file: &Path) -> Result<(), StoreError> {
    let mode: String = conn
        .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
        .map_err(StoreError::sql(file, "journal_mode"))?;
    if mode.eq_ignore_ascii_case("wal") {
        Ok(())
    } else {
        Err(StoreError::at(
            file,
            "journal_mode",
            format!("WAL refused (the mode is {mode}): the store needs a local disk"),
        ))
    }
}

/// The writer's connection to a checked (or new) store.
fn open_writer(file: &Path, sync: SyncMode) -> Result<Connection, StoreError> {
    let conn = Connection::open_with_flags(
        file,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(StoreError::sql(file, "open"))?;
    set_wal(&conn, file)?;
    conn.pragma_update(None, "synchronous", sync.pragma())
        .map_err(StoreError::sql(file, "synchronous"))?;
    conn.busy_timeout(WRITER_BUSY)
        .map_err(StoreError::sql(file, "busy_timeout"))?;
    // The journal's insert, the seven tables' and the snapshot's, with room to spare.
    conn.set_prepared_statement_cache_capacity(32);
    Ok(conn)
}

/// A read-only connection to `file`, once it is known to be a store of a version this build
/// reads, and that version: the header read by hand first (SQLite does not touch a file that is
/// not one of ours), then the application id, the schema version and the tables through SQLite.
pub(super) fn open_checked(file: &Path) -> Result<(Connection, i32), StoreError> {
    check_header(file)?;
    let conn = Connection::open_with_flags(
        file,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(StoreError::sql(file, "open"))?;
    conn.busy_timeout(READER_BUSY)
        .map_err(StoreError::sql(file, "busy_timeout"))?;
    // The first statement reads the schema: where a damaged file shows.
    conn.query_row("SELECT COUNT(*) FROM sqlite_schema", [], |r| {
        r.get::<_, i64>(0)
    })
    .map_err(StoreError::sql(file, "schema"))?;
    let app: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .map_err(StoreError::sql(file, "application_id"))?;
    check_application_id(file, app)?;
    let version: i32 = conn
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(StoreError::sql(file, "user_version"))?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::at(
            file,
            "user_version",
            format!(
                "schema version {version} is newer than this build's ({SCHEMA_VERSION}): open it \
                 with the contango-sim that wrote it, or a newer one"
            ),
        ));
    }
    if version < OLDEST_SCHEMA_VERSION {
        return Err(StoreError::at(
            file,
            "user_version",
            format!(
                "schema version {version} is not one this build knows \
                 ({OLDEST_SCHEMA_VERSION} to {SCHEMA_VERSION})"
            ),
        ));
    }
    check_tables(&conn, file, version)?;
    Ok((conn, version))
}

/// The first pages of every table and index, read: a damaged root page, found before a start
/// serves.
fn probe(conn: &Connection, file: &Path, version: i32) -> Vec<StoreError> {
    super::rows::probes(version)
        .into_iter()
        .filter_map(|(record, sql)| {
            conn.query_row(&sql, [], |_| Ok(()))
                .optional()
                .err()
                .map(|e| StoreError::sql(file, &record)(e))
        })
        .collect()
}

/// The first 100 bytes: SQLite's, with our application id (bytes 68..72, big-endian).
fn check_header(file: &Path) -> Result<(), StoreError> {
    let mut header = Vec::with_capacity(100);
    fs::File::open(file)
        .and_then(|f| f.take(100).read_to_end(&mut header))
        .map_err(|e| io_error(file, "cannot read", &e))?;
    if header.len() < 100 || !header.starts_with(b"SQLite format 3\0") {
        return Err(StoreError::at(
            file,
            "header",
            "not a SQLite database (its first bytes are not SQLite's header): not a store, or a \
             damaged one",
        ));
    }
    let app = i32::from_be_bytes([header[68], header[69], header[70], header[71]]);
    check_application_id(file, app)
}

fn check_application_id(file: &Path, app: i32) -> Result<(), StoreError> {
    if app == APPLICATION_ID {
        return Ok(());
    }
    let whose = if app == 0 {
        "a SQLite database of no declared application".to_owned()
    } else {
        format!("another application's SQLite database ({app:#010x})")
    };
    Err(StoreError::at(
        file,
        "application_id",
        format!("{whose}, not a contango-sim store ({APPLICATION_ID:#010x})"),
    ))
}

/// Exactly the tables of schema `version`, each with exactly its columns (indexes and views
/// people add do no harm and are allowed).
fn check_tables(conn: &Connection, file: &Path, version: i32) -> Result<(), StoreError> {
    let schema = StoreError::sql(file, "schema");
    let names: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .and_then(|mut s| {
            s.query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<Vec<String>>>()
        })
        .map_err(&schema)?;
    if let Some(stranger) = names.iter().find(|n| {
        !n.starts_with("sqlite_") && !rows::tables_of(version).any(|t| t.name == n.as_str())
    }) {
        return Err(StoreError::at(
            file,
            &format!("table {stranger}"),
            format!("not a table of a contango-sim store of schema version {version}"),
        ));
    }
    for table in rows::tables_of(version) {
        let record = format!("table {}", table.name);
        if !names.iter().any(|n| n == table.name) {
            return Err(StoreError::at(file, &record, "missing"));
        }
        let columns: Vec<String> = conn
            .prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")
            .and_then(|mut s| {
                s.query_map([table.name], |r| r.get(0))?
                    .collect::<rusqlite::Result<Vec<String>>>()
            })
            .map_err(StoreError::sql(file, &record))?;
        if columns != table.column_names() {
            return Err(StoreError::at(
                file,
                &record,
                format!(
                    "columns ({}) are not this version's ({})",
                    columns.join(", "),
                    table.column_names().join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// The snapshot at `seq`, its checksum checked.
fn read_snapshot(conn: &Connection, file: &Path, seq: u64) -> Result<Snapshot, StoreError> {
    let record = format!("snapshot seq {seq}");
    let (time_ms, checksum, state): (i64, Vec<u8>, Vec<u8>) = conn
        .query_row(
            "SELECT time_ms, checksum, state FROM snapshots WHERE seq = ?1",
            [rows::seq_value(seq)],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .map_err(StoreError::sql(file, &record))?;
    let actual = Sha256::digest(&state);
    if actual.as_slice() != checksum.as_slice() {
        return Err(StoreError::at(
            file,
            &record,
            format!(
                "checksum mismatch: the state's SHA-256 is {}, the stored checksum {}: the \
                 snapshot is damaged",
                crate::feeds::cache::hex(&actual),
                crate::feeds::cache::hex(&checksum)
            ),
        ));
    }
    Ok(Snapshot {
        seq,
        time_ms,
        state,
    })
}

/// The cheap checks of a start: the latest snapshot's checksum, the journal's continuity after
/// it. Returns what to replay and the journal's last seq.
fn recover(conn: &Connection, file: &Path) -> Result<(Recovered, u64), StoreError> {
    let latest: Option<u64> = conn
        .query_row("SELECT MAX(seq) FROM snapshots", [], |r| {
            r.get::<_, Option<i64>>(0)
        })
        .map_err(StoreError::sql(file, "snapshots"))?
        .map(|s| u64::try_from(s).unwrap_or_default());
    let snapshot = latest
        .map(|seq| read_snapshot(conn, file, seq))
        .transpose()?;
    let base = latest.unwrap_or(0);
    let mut stmt = conn
        .prepare("SELECT seq, time_ms, kind, input FROM journal WHERE seq > ?1 ORDER BY seq")
        .map_err(StoreError::sql(file, "journal"))?;
    let found = stmt
        .query_map([rows::seq_value(base)], |r| {
            let kind: i64 = r.get(2)?;
            Ok(Journaled {
                seq: rows::get_seq(r, 0)?,
                time_ms: r.get(1)?,
                kind: u8::try_from(kind)
                    .map_err(|_| rusqlite::Error::IntegralValueOutOfRange(2, kind))?,
                input: r.get(3)?,
            })
        })
        .map_err(StoreError::sql(file, "journal"))?;
    let mut inputs = Vec::new();
    let mut expected = base + 1;
    for input in found {
        let input = input
            .map_err(|e| StoreError::at(file, &format!("journal seq {expected}"), e.to_string()))?;
        if input.seq != expected {
            let from = match (expected - 1, latest) {
                (prev, Some(s)) if prev == s => format!("the snapshot at seq {s}"),
                (0, None) => "the start".to_owned(),
                (prev, _) => format!("seq {prev}"),
            };
            return Err(StoreError::at(
                file,
                &missing(expected, input.seq - 1),
                format!(
                    "missing: the journal goes from {from} to seq {}; the inputs between cannot \
                     be replayed",
                    input.seq
                ),
            ));
        }
        expected += 1;
        inputs.push(input);
    }
    drop(stmt);
    let last_seq = expected - 1;
    let fresh = snapshot.is_none() && inputs.is_empty();
    let recovered = Recovered {
        snapshot,
        inputs,
        fresh,
    };
    Ok((recovered, last_seq))
}
