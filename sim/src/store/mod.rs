//! The store: a paper venue's journal of inputs (a log of plain files), its snapshots and its
//! history (one SQLite file), so that the venue survives restarts (the `journal` feature).
//!
//! The venue's core is deterministic: fed the same inputs from the same state, it reaches the
//! same state. The store keeps what a restart needs and what people read:
//! - **Write-ahead.** Every input the core is fed is committed here ([`Store::commit`], one write
//!   to the log) before anything it caused is answered or published. Inputs arriving together
//!   share one commit (a [`Batch`]); the read-table rows they produced may be written with it,
//!   or after it ([`Store::write_rows`]: the venue writes them within a tenth of a second, and a
//!   restart writes again those of the inputs it replays).
//! - **Snapshots.** The core's whole state, every N inputs and at shutdown
//!   ([`Store::snapshot`]), so that a start ([`Store::open`]) replays at most N inputs after the
//!   latest one. Each starts a new segment of the log; the segments behind the older of the
//!   snapshots kept are compacted away ([`Store::compact`]; [`Store::prune`] for any seq up to
//!   the latest snapshot).
//! - **Bounded.** The read tables' rows older than a cutoff are forgotten a step at a time
//!   ([`Store::forget_before`]), and the freed pages given back ([`Store::give_back_free_pages`]).
//! - **Read tables.** The history in plain columns, for `sqlite3`, pandas or DuckDB, and for the
//!   REST history views ([`Reader`], and [`StoreHistory`]: the venue's history when it has a
//!   store, in place of the in-memory window).
//!
//! The store itself knows nothing of the core's types: inputs and snapshots reach it as bytes
//! (their encoding is the core's business), the read tables' rows as this module's plain
//! structs. `history.rs` alone speaks both: the core's records become rows ([`rows`]) and come
//! back as records.
//!
//! - `file.rs`: opening (create, or check and recover), commits, snapshots, pruning,
//!   checkpoints, the full verification; `bound.rs`: compaction, `--keep` and giving pages back.
//! - `log.rs`: the journal's log, `DIR/journal/` ([`LOG_DIR`]): segments of records with their
//!   CRC, appended, scanned, cut off after a kill, removed behind a snapshot; `disk.rs`: the
//!   file-system calls the log and the file share.
//! - `recent.rs`: the newest done order of each client order id, which the history answers a
//!   look-up with without reading the store.
//! - `rows.rs`: the schema as data (one declaration per table) and the rows.
//! - `reader.rs`: the history reads on a read-only connection.
//! - `history.rs`: records to rows and back, and [`StoreHistory`].
//!
//! # The file
//!
//! `DIR/venue.sqlite` ([`FILE_NAME`]) and `DIR/journal/`, the directory created if missing. The
//! file and the log's segments are created with mode 0600 (its owner only): the journal and the
//! snapshots hold the accounts' secrets (the read tables never do). SQLite keeps two files beside it while it is open, `venue.sqlite-wal`
//! (the write-ahead log) and `venue.sqlite-shm` (its index), with the same mode: move or copy the
//! three together, or none.
//!
//! - **Identity.** `PRAGMA application_id` is [`APPLICATION_ID`] (`0x4354474F`, `CTGO`);
//!   `PRAGMA user_version` is the schema version ([`SCHEMA_VERSION`], 4). A store of version 1
//!   ([`OLDEST_SCHEMA_VERSION`]: without `starts`), 2 (without `exposure` and `marks`) or 3 (its
//!   inputs in the `journal` table, read before the log's) is read as it is; a start upgrades
//!   it, in the
//!   transaction that records the start ([`Store::record_start`]).
//! - **Opening** checks the header (read by hand before SQLite touches the file), the identity,
//!   the version, that the tables are exactly its version's, the first pages of every table and
//!   index, the latest snapshot's checksum and the journal's continuity after it (`seq` = snapshot's + 1, + 2, …; from 1 without a
//!   snapshot). It refuses a file that is not SQLite or is damaged, a foreign SQLite file, a
//!   newer schema, a missing input (named by its seq), a record of the log that does not read
//!   where a kill cannot have cut it, a snapshot whose checksum fails (named by its seq): the error names the file, the record and the reason, and the file is left as it
//!   was (the checks run on a read-only connection; the one write a start makes before it serves
//!   is cutting off the log's last write if a kill cut it short). It never starts a new store over
//!   an existing file, except one of zero bytes; nor beside a write-ahead log or a journal left
//!   without its database.
//!   [`Store::verify`] checks everything else (every snapshot, the whole journal,
//!   `PRAGMA integrity_check`), read-only: damage deeper in a read table is found there, or when
//!   the venue reads or writes that page (a read answers an error; a write fails its commit,
//!   which stops the venue), never by losing what was acknowledged. A read-only connection may leave an empty `-wal` and a
//!   `-shm` beside a file in WAL mode, as any SQLite reader does; the file itself is not written.
//! - **Durability.** The log's write returns before an input is answered. [`SyncMode::Normal`]
//!   loses nothing to a killed process; [`SyncMode::Full`] syncs each write (and runs SQLite with
//!   `synchronous=FULL`), to survive a power cut (which no test here can prove). SQLite in WAL
//!   mode. SQLite checkpoints the log into the file every 1000 pages (4 MiB),
//!   in the commit that passes them (that commit takes milliseconds longer), unless a
//!   [`Checkpointer`] ([`Store::checkpointer`]) does it on a connection of its own, beside the
//!   commits, as the venue's does; [`Store::checkpoint`] does it now and truncates the log.
//! - **A failed commit** (a full disk, a file gone) returns an error saying the commit failed and
//!   the venue must stop taking input; its transaction is rolled back, and every later write
//!   fails too: the venue never acknowledges what a restart could not bring back.
//! - **Reading while the venue runs.** Readers open the file read-only and neither wait for the
//!   writer nor hold it up (WAL).
//!
//! The read tables, column by column (`docs/store.md`):

#![doc = include_str!("../../../docs/store.md")]

mod bound;
mod convert;
mod disk;
mod file;
pub mod history;
mod log;
mod open;
mod range;
mod reader;
mod recent;
mod rows;
mod schema;
mod values;
mod verify;

pub use bound::{FORGET_STEP, Forgotten};
pub use convert::rows;
pub use file::{Checkpointer, Store};
pub use history::StoreHistory;
#[cfg(debug_assertions)]
pub use log::COMPACTION_PAUSE_ENV;
pub use log::{LOG_DIR, rewrite_journal};
pub use range::{Page, TimeRange};
pub use reader::Reader;
pub use rows::{
    AccountRow, EquityRow, ExposureRow, FillRow, ForcedKind, ForcedRow, FundingRow, MarkRow,
    OrderRow, Row, StartRow, TransferDirection, TransferRow,
};
pub use values::{
    APPLICATION_ID, Batch, FILE_NAME, JournalEntry, Journaled, OLDEST_SCHEMA_VERSION, Pruned,
    Recovered, SCHEMA_VERSION, Snapshot, StoreError, SyncMode, Verification,
};

/// The former name of [`TimeRange`].
#[deprecated(note = "renamed `TimeRange`")]
pub type Window = TimeRange;
/// The former name of [`JournalEntry`].
#[deprecated(note = "renamed `JournalEntry` (`exchange::input::Input` is the core's input)")]
pub type Input<'a> = JournalEntry<'a>;
/// The former name of [`Verification`].
#[deprecated(note = "renamed `Verification` (a `Report` is the research crate's)")]
pub type Report = Verification;
/// The former name of [`TransferDirection`].
#[deprecated(note = "renamed `TransferDirection`")]
pub type Direction = TransferDirection;

#[cfg(test)]
mod history_tests;
#[cfg(test)]
mod tests;
