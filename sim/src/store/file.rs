//! The store's writer: opening (create, or check and recover: [`super::open`]), commits,
//! snapshots, pruning and checkpoints; the full verification is [`super::verify`]'s.
//!
//! Opening an existing file reads it through a read-only connection first and opens it for
//! writing only once every check passed: a file refused is never written, and the store is never
//! created anew over a file that holds anything. A new store is built beside its final name
//! (`venue.sqlite.new`) and renamed into place once complete, so that a crash during creation
//! leaves either no store or a whole one.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, TransactionBehavior, params};
use sha2::{Digest, Sha256};

use super::log::{self, Log};
use super::open::*;
use super::rows::{self, Row, START_INSERT};
use super::schema::seq_value;
use super::values::*;

/// The venue's store: the journal's log in `DIR/journal/`, and one writer connection to
/// `DIR/venue.sqlite`.
#[derive(Debug)]
pub struct Store {
    pub(super) conn: Connection,
    log: Log,
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
        let (recovered, last_seq, version, scanned) = if is_new(&file)? {
            create(&file)?;
            let fresh = Recovered {
                snapshot: None,
                inputs: Vec::new(),
                fresh: true,
            };
            (fresh, 0, SCHEMA_VERSION, log::Scanned::default())
        } else {
            let (checked, version) = open_checked(&file)?;
            if let Some(damaged) = probe(&checked, &file, version).into_iter().next() {
                return Err(damaged);
            }
            let (recovered, last_seq, scanned) = recover(&checked, &file, None)?;
            (recovered, last_seq, version, scanned)
        };
        let log = Log::open(&log::dir_of(&file), sync, &scanned)?;
        let conn = open_writer(&file, sync)?;
        let latest_snapshot = recovered.snapshot.as_ref().map(|s| s.seq);
        let store = Store {
            conn,
            log,
            file,
            last_seq,
            version,
            latest_snapshot,
            poisoned: None,
            fail_next_commit: false,
        };
        Ok((store, recovered))
    }

    /// Every input of the journal of the store in `dir`, in order, read without writing
    /// anything (for tools and tests; a long journal is long in memory too).
    pub fn journal(dir: &Path) -> Result<Vec<Journaled>, StoreError> {
        let file = dir.join(FILE_NAME);
        let (conn, _) = open_checked(&file)?;
        let mut inputs = Vec::new();
        read_journal(&conn, &file, 0, |input, _| {
            inputs.push(input);
            Ok(())
        })?;
        Ok(inputs)
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

    /// Journals `batch`'s inputs (one write to the log), then writes its rows (one transaction):
    /// when this returns `Ok`, the inputs are durable (as [`SyncMode`] says) and their effects
    /// may be answered and published.
    ///
    /// On failure (a write that failed after the disk took part of it may still be found by a
    /// restart, as an input whose answer was lost) the error says the venue must stop taking
    /// input, and every later write fails too: the core has applied inputs the journal may not
    /// hold, and answering anything more would be answering what a restart may not bring back.
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
        if std::mem::take(&mut self.fail_next_commit) {
            return Err("disk I/O error (injected)".to_owned());
        }
        self.log.append(&batch.inputs)?;
        if batch.rows.is_empty() {
            return Ok(());
        }
        let tx = self.conn.transaction().map_err(|e| e.to_string())?;
        for row in &batch.rows {
            let (table, sql, values) = row.parts();
            let mut insert = tx.prepare_cached(sql).map_err(|e| e.to_string())?;
            insert
                .execute(rusqlite::params_from_iter(values))
                .map_err(|e| format!("table {table}, row of seq {}: {e}", row.seq()))?;
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

    pub(super) fn check_poisoned(&self) -> Result<(), StoreError> {
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

    /// The next commit fails as a disk would (before its write to the log), and poisons the
    /// store. For tests.
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
        // An order or an account written again in the batch is written once, in its last
        // state: the same rows result, with half the writes when an order is placed and
        // cancelled within one batch.
        let mut last = std::collections::HashMap::new();
        for (i, row) in rows.iter().enumerate() {
            if let Some(key) = row.replaced_by_key() {
                last.insert(key, i);
            }
        }
        for (i, row) in rows.iter().enumerate() {
            if row
                .replaced_by_key()
                .is_some_and(|key| last.get(&key) != Some(&i))
            {
                continue;
            }
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
            params![seq_value(self.last_seq), time_ms, wall_ms, latency],
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
        // The next segment starts after the snapshot: compaction removes whole segments.
        self.log.roll();
        let checksum = Sha256::digest(state).to_vec();
        self.conn
            .prepare_cached(
                "INSERT OR REPLACE INTO snapshots (seq, time_ms, checksum, state) \
                 VALUES (?1, ?2, ?3, ?4)",
            )
            .and_then(|mut s| s.execute(params![seq_value(seq), time_ms, checksum, state]))
            .map_err(StoreError::sql(&self.file, &record))?;
        self.latest_snapshot = Some(seq);
        Ok(())
    }

    /// Removes the journal's inputs before `keep_from_seq` (the log's segments holding only
    /// such inputs, and the `journal` table's rows of an older store), but never one after the
    /// latest snapshot (a start needs those), and the snapshots the remaining journal no longer
    /// continues. Without a snapshot, removes nothing.
    pub fn prune(&mut self, keep_from_seq: u64) -> Result<Pruned, StoreError> {
        self.check_poisoned()?;
        let Some(latest) = self.latest_snapshot else {
            return Ok(Pruned::default());
        };
        let keep_from = keep_from_seq.min(latest + 1);
        // The log goes a segment at a time: the journal left may start before `keep_from`,
        // and the snapshots it still continues stay.
        let first_left = self
            .log
            .first_after_removing(keep_from, self.last_seq)
            .map_or(keep_from, |f| f.min(keep_from));
        let sql = StoreError::sql(&self.file, "prune");
        let tx = self.conn.transaction().map_err(&sql)?;
        let rows = tx
            .execute("DELETE FROM journal WHERE seq < ?1", [seq_value(keep_from)])
            .map_err(&sql)?;
        let snapshots = tx
            .execute(
                "DELETE FROM snapshots WHERE seq < ?1 - 1",
                [seq_value(first_left)],
            )
            .map_err(&sql)?;
        tx.commit().map_err(&sql)?;
        // After the snapshots it no longer continues are gone: a crash between leaves a journal
        // longer than needed, never a snapshot without its inputs.
        let segments = self.log.remove_before(keep_from, self.last_seq)?;
        Ok(Pruned {
            inputs: rows + segments,
            snapshots,
        })
    }

    /// The seqs of the snapshots kept, oldest first.
    pub fn snapshot_seqs(&self) -> Result<Vec<u64>, StoreError> {
        let sql = StoreError::sql(&self.file, "snapshots");
        let mut stmt = self
            .conn
            .prepare("SELECT seq FROM snapshots ORDER BY seq")
            .map_err(&sql)?;
        let seqs = stmt
            .query_map([], |r| super::schema::get_seq(r, 0))
            .map_err(&sql)?;
        seqs.collect::<Result<_, _>>().map_err(&sql)
    }

    /// The snapshot at `seq` (its checksum checked) and every input after it, consecutive: what
    /// replaying from an older snapshot needs.
    pub fn recover_from(&self, seq: u64) -> Result<Recovered, StoreError> {
        recover(&self.conn, &self.file, Some(seq)).map(|(r, ..)| r)
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
}

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
