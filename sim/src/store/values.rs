//! What the store takes and gives: its file's name and versions, the sync mode, its error
//! (naming the file, the record and why), the inputs a commit writes, what a start recovers, and
//! what a verification found.

use std::fmt;
use std::path::{Path, PathBuf};

use super::rows::Row;

/// The store's file in the state directory.
pub const FILE_NAME: &str = "venue.sqlite";

/// `PRAGMA application_id` of a contango-sim store: `CTGO` in ASCII.
pub const APPLICATION_ID: i32 = 0x4354_474F;

/// `PRAGMA user_version`: the schema version this build creates. Version 2 added `starts`,
/// version 3 `exposure` and `marks`; from version 4 the journal's inputs are in its log
/// (`journal/`), and the `journal` table only keeps those an older version wrote there (an
/// older build must not open such a store: it would not see the log).
pub const SCHEMA_VERSION: i32 = 4;

/// The oldest schema version this build opens: it reads one as it is, and a start upgrades it to
/// [`SCHEMA_VERSION`] (the tables added since, created empty) as it records itself.
pub const OLDEST_SCHEMA_VERSION: i32 = 1;

/// When a write is durable: the journal's log, and `PRAGMA synchronous` under WAL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SyncMode {
    /// A commit is in the system's cache when it returns (`NORMAL` for SQLite); a killed
    /// process loses nothing, a power cut may lose the last commits.
    #[default]
    Normal,
    /// Every commit is synced to the disk before it returns (`FULL` for SQLite); survives a
    /// power cut too.
    Full,
}

impl SyncMode {
    pub(super) fn pragma(self) -> &'static str {
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
    pub(super) fn new(
        file: &Path,
        record: Option<String>,
        reason: impl Into<String>,
    ) -> StoreError {
        StoreError {
            file: file.to_path_buf(),
            record,
            reason: reason.into(),
        }
    }

    pub(super) fn at(file: &Path, record: &str, reason: impl Into<String>) -> StoreError {
        StoreError::new(file, Some(record.to_owned()), reason)
    }

    /// A function turning SQLite's error at `record` into ours.
    pub(super) fn sql<'a>(
        file: &'a Path,
        record: &'a str,
    ) -> impl Fn(rusqlite::Error) -> StoreError + 'a {
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
    /// The log's last segment ends with a record cut short: a write a killed venue never
    /// finished (so never acknowledged), which the next start cuts off. Not a problem.
    pub torn: Option<PathBuf>,
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
        if let Some(segment) = &self.torn {
            writeln!(
                f,
                "journal: {} ends with a record cut short (never acknowledged; the next start \
                 cuts it off)",
                segment.display()
            )?;
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
