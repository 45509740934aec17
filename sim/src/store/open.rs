//! Opening the store's file: a new one built beside its final name and renamed into place, an
//! existing one read-only and checked (header, application id, schema version, tables, first
//! pages) before anything writes it, and what a start recovers from it.

use std::fs;
use std::io::Read;
use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension};
use sha2::{Digest, Sha256};

use super::disk::*;
use super::log::{self, Scanned};
use super::rows;
use super::schema::{get_seq, seq_value};
use super::values::*;

/// How long a commit waits for another connection holding the write lock (a person writing
/// with `sqlite3`, say) before it fails: failing stops the venue, so waiting is better.
/// [`Store::checkpoint`] does not wait.
pub(super) const WRITER_BUSY: Duration = Duration::from_secs(5);

/// How long a reader waits while the writer recovers or checkpoints the write-ahead log.
pub(super) const READER_BUSY: Duration = Duration::from_secs(5);

/// `journal seq N`, or `journal seq A..=B` for a range.
pub(super) fn missing(from: u64, to: u64) -> String {
    if from == to {
        format!("journal seq {from}")
    } else {
        format!("journal seq {from}..={to}")
    }
}

/// Whether `file` is to be created: it does not exist, or has zero bytes. Refuses a write-ahead
/// log left without its database (its commits would be lost, or replayed into a new file).
pub(super) fn is_new(file: &Path) -> Result<bool, StoreError> {
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
        let log = log::dir_of(file);
        if !log::segments(&log)?.is_empty() {
            return Err(StoreError::new(
                &log,
                None,
                format!(
                    "a journal without its database ({} is missing or empty): refusing to start \
                     a new store beside it (move both away to start over)",
                    file.display()
                ),
            ));
        }
    }
    Ok(empty)
}

/// The store's page size.
pub(super) const PAGE_SIZE: u32 = 1024;

/// Creates the store at `file`: built complete as `file.new`, synced, then renamed into place.
pub(super) fn create(file: &Path) -> Result<(), StoreError> {
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
    // Incremental auto-vacuum is chosen before the first table: what forgetting rows frees can
    // then go back to the file system (`Store::give_back_free_pages`).
    conn.execute_batch(&format!(
        "PRAGMA page_size = {PAGE_SIZE}; PRAGMA auto_vacuum = INCREMENTAL;"
    ))
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

pub(super) fn set_wal(conn: &Connection, file: &Path) -> Result<(), StoreError> {
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
pub(super) fn open_writer(file: &Path, sync: SyncMode) -> Result<Connection, StoreError> {
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
pub(super) fn probe(conn: &Connection, file: &Path, version: i32) -> Vec<StoreError> {
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
pub(super) fn check_header(file: &Path) -> Result<(), StoreError> {
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

pub(super) fn check_application_id(file: &Path, app: i32) -> Result<(), StoreError> {
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
pub(super) fn check_tables(conn: &Connection, file: &Path, version: i32) -> Result<(), StoreError> {
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
pub(super) fn read_snapshot(
    conn: &Connection,
    file: &Path,
    seq: u64,
) -> Result<Snapshot, StoreError> {
    let record = format!("snapshot seq {seq}");
    let (time_ms, checksum, state): (i64, Vec<u8>, Vec<u8>) = conn
        .query_row(
            "SELECT time_ms, checksum, state FROM snapshots WHERE seq = ?1",
            [seq_value(seq)],
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

/// The cheap checks of a start: the latest snapshot's checksum (or the one at `at`), the
/// journal's continuity after it (the `journal` table's rows, which a store of schema version 3
/// or older holds, then the log's records). Returns what to replay, the journal's last seq and
/// what the scan of the log found.
pub(super) fn recover(
    conn: &Connection,
    file: &Path,
    at: Option<u64>,
) -> Result<(Recovered, u64, Scanned), StoreError> {
    let latest: Option<u64> = match at {
        Some(seq) => Some(seq),
        None => conn
            .query_row("SELECT MAX(seq) FROM snapshots", [], |r| {
                r.get::<_, Option<i64>>(0)
            })
            .map_err(StoreError::sql(file, "snapshots"))?
            .map(|s| u64::try_from(s).unwrap_or_default()),
    };
    let snapshot = latest
        .map(|seq| read_snapshot(conn, file, seq))
        .transpose()?;
    let base = latest.unwrap_or(0);
    let mut inputs = Vec::new();
    let mut expected = base + 1;
    let take = |input: Journaled, at: &Path| {
        if input.seq != expected {
            let from = match (expected - 1, latest) {
                (prev, Some(s)) if prev == s => format!("the snapshot at seq {s}"),
                (0, None) => "the start".to_owned(),
                (prev, _) => format!("seq {prev}"),
            };
            return Err(StoreError::at(
                at,
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
        Ok(())
    };
    let scanned = read_journal(conn, file, base, take)?;
    let last_seq = expected - 1;
    let fresh = snapshot.is_none() && inputs.is_empty();
    let recovered = Recovered {
        snapshot,
        inputs,
        fresh,
    };
    Ok((recovered, last_seq, scanned))
}

/// Hands `each` every input of the journal after seq `after`, in order, with the file it was
/// read from: the `journal` table's rows (where a store of schema version 3 or older holds its
/// inputs), then the log's records. Returns what the scan of the log found.
pub(super) fn read_journal(
    conn: &Connection,
    file: &Path,
    after: u64,
    mut each: impl FnMut(Journaled, &Path) -> Result<(), StoreError>,
) -> Result<Scanned, StoreError> {
    let mut stmt = conn
        .prepare("SELECT seq, time_ms, kind, input FROM journal WHERE seq > ?1 ORDER BY seq")
        .map_err(StoreError::sql(file, "journal"))?;
    let found = stmt
        .query_map([seq_value(after)], |r| {
            let kind: i64 = r.get(2)?;
            Ok(Journaled {
                seq: get_seq(r, 0)?,
                time_ms: r.get(1)?,
                kind: u8::try_from(kind)
                    .map_err(|_| rusqlite::Error::IntegralValueOutOfRange(2, kind))?,
                input: r.get(3)?,
            })
        })
        .map_err(StoreError::sql(file, "journal"))?;
    let mut last = after;
    for input in found {
        let input = input.map_err(|e| {
            StoreError::at(file, &format!("journal seq {}", last + 1), e.to_string())
        })?;
        last = input.seq;
        each(input, file)?;
    }
    drop(stmt);
    let dir = log::dir_of(file);
    log::scan(&dir, last, |input| each(input, &dir))
}
