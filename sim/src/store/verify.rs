//! The full verification of a store ([`Store::verify`], `contango-sim --check`): every snapshot's
//! checksum, the whole journal's continuity, the read tables and SQLite's integrity check.

use std::path::Path;

use super::file::Store;
use super::open::*;
use super::rows;
use super::schema::{get_seq, seq_value};
use super::values::*;

impl Store {
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
            torn: None,
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
                s.query_map([], |r| get_seq(r, 0))?
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

        // The journal: consecutive from its first input (each record of the log read and its
        // CRC checked); its first input continues the latest snapshot (or is seq 1); the latest
        // snapshot is not past its end.
        let mut span: Option<(u64, u64)> = None;
        let read = read_journal(&conn, &file, 0, |input, at| {
            if let Some((_, prev)) = span.filter(|&(_, prev)| input.seq != prev + 1) {
                problems.push(StoreError::at(
                    at,
                    &missing(prev + 1, input.seq.saturating_sub(1)),
                    format!("missing: the journal goes from seq {prev} to {}", input.seq),
                ));
            }
            span = Some((span.map_or(input.seq, |s| s.0), input.seq));
            Ok(())
        });
        let mut last_seq = report.latest_snapshot.unwrap_or(0);
        match read {
            Ok(scanned) => {
                report.torn = scanned.torn.map(|(path, _)| path);
                if let Some((first, last)) = span {
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
            Err(e) => problems.push(e),
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
                    if let Some(max) = max.filter(|&m| m > seq_value(last_seq)) {
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
