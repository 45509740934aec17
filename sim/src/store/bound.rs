//! Keeping the store bounded while the venue runs: the journal compacted behind the snapshots,
//! the read tables' rows older than `--keep` forgotten, and the pages that frees given back to
//! the file system. Each step is one transaction of its own, so a kill at any moment leaves the
//! store as it was before the step or after it.

use rusqlite::OptionalExtension;

use super::values::StoreError;
use super::{Pruned, Store};

/// Rows a step of [`Store::forget_before`] removes from a table at most, so that no step holds
/// the writer long (about a millisecond a thousand rows): the rest wait for the next step.
pub const FORGET_STEP: usize = 5_000;

/// Free pages a file keeps for the rows to come; beyond them, pages go back to the file system.
const FREE_PAGES_KEPT: i64 = 1_024;

/// What [`Store::forget_before`] removed, and whether it reached the cutoff.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Forgotten {
    /// Rows removed from the read tables.
    pub rows: usize,
    /// Every row older than the cutoff is gone (`false`: more wait for the next step).
    pub done: bool,
}

impl Store {
    /// Removes the journal behind the older of the snapshots kept: a start needs the latest
    /// snapshot and what follows it, and `--check` replays from the older one to the latest,
    /// so what comes before the older one proves nothing more. Without a snapshot, removes
    /// nothing.
    pub fn compact(&mut self) -> Result<Pruned, StoreError> {
        let oldest: Option<i64> = self
            .conn
            .query_row("SELECT MIN(seq) FROM snapshots", [], |r| r.get(0))
            .map_err(StoreError::sql(self.file(), "compact"))?;
        match oldest {
            Some(seq) => self.prune(u64::try_from(seq).unwrap_or(0).saturating_add(1)),
            None => Ok(Pruned::default()),
        }
    }

    /// Removes, in one transaction, up to [`FORGET_STEP`] rows of each read table older than
    /// `cutoff_ms` (exchange time): done orders last changed before it, and fills, transfers,
    /// forced orders, funding payments and the minutes of equity, exposure and marks before it.
    /// Live orders, accounts and starts are kept whatever their age. The tables whose rows come
    /// in time order (orders by id, fills by trade, transfers and forced orders by id) are read
    /// from their oldest row up to the cutoff, never past it.
    pub fn forget_before(&mut self, cutoff_ms: i64) -> Result<Forgotten, StoreError> {
        self.check_poisoned()?;
        let file = self.file().to_path_buf();
        let sql = |what: &'static str| StoreError::sql(&file, what);
        let tx = self.conn.transaction().map_err(sql("forget"))?;
        let mut rows = 0;
        let mut done = true;

        // Orders by id are in the order they were accepted; a done one goes once its last
        // change is older than the cutoff.
        let mut gone = Vec::new();
        {
            let mut stmt = tx
                .prepare_cached(
                    "SELECT order_id, created_ms, archived, updated_ms FROM orders \
                     ORDER BY order_id",
                )
                .map_err(sql("orders"))?;
            let mut it = stmt.query([]).map_err(sql("orders"))?;
            while let Some(r) = it.next().map_err(sql("orders"))? {
                let (id, created, archived, updated): (i64, i64, bool, i64) = (
                    r.get(0).map_err(sql("orders"))?,
                    r.get(1).map_err(sql("orders"))?,
                    r.get(2).map_err(sql("orders"))?,
                    r.get(3).map_err(sql("orders"))?,
                );
                if created >= cutoff_ms {
                    break;
                }
                if gone.len() == FORGET_STEP {
                    done = false;
                    break;
                }
                if archived && updated < cutoff_ms {
                    gone.push(id);
                }
            }
        }
        {
            let mut stmt = tx
                .prepare_cached("DELETE FROM orders WHERE order_id = ?1")
                .map_err(sql("orders"))?;
            for id in &gone {
                rows += stmt.execute([id]).map_err(sql("orders"))?;
            }
        }

        // Fills, transfers and forced orders come in time order by their key: everything
        // before the first row at or past the cutoff goes, at most a step of it. The row a step
        // from the oldest says which: still older than the cutoff, the step ends there; else
        // the first row to keep is within the step.
        for (table, key, time) in [
            ("fills", "trade_id", "time_ms"),
            ("transfers", "id", "time_ms"),
            ("forced_orders", "id", "time_ms"),
        ] {
            let one = |sql: String, p: &[&dyn rusqlite::ToSql]| {
                tx.query_row(&sql, p, |r| Ok((r.get::<_, i64>(0)?, r.get::<_, bool>(1)?)))
                    .optional()
                    .map_err(StoreError::sql(&file, table))
            };
            let step_end = one(
                format!("SELECT {key}, {time} < ?1 FROM {table} ORDER BY {key} LIMIT 1 OFFSET ?2"),
                &[&cutoff_ms, &(FORGET_STEP as i64)],
            )?;
            let end = match step_end {
                Some((at, true)) => {
                    done = false;
                    Some(at)
                }
                _ => one(
                    format!(
                        "SELECT {key}, 1 FROM {table} WHERE {time} >= ?1 ORDER BY {key} LIMIT 1"
                    ),
                    &[&cutoff_ms],
                )?
                .map(|(at, _)| at),
            };
            let removed = match end {
                Some(at) => tx.execute(&format!("DELETE FROM {table} WHERE {key} < ?1"), [at]),
                None => tx.execute(&format!("DELETE FROM {table}"), []),
            };
            rows += removed.map_err(sql(table))?;
        }

        // Funding and the minutes' tables are small (a row an account a minute at most).
        for (table, time) in [
            ("funding", "time_ms"),
            ("equity", "minute_ms"),
            ("exposure", "minute_ms"),
            ("marks", "minute_ms"),
        ] {
            rows += tx
                .execute(
                    &format!("DELETE FROM {table} WHERE {time} < ?1"),
                    [cutoff_ms],
                )
                .map_err(sql(table))?;
        }
        tx.commit().map_err(sql("forget"))?;
        Ok(Forgotten { rows, done })
    }

    /// Gives the free pages beyond a reserve back to the file system, in a store created with
    /// incremental auto-vacuum (a store created before that keeps its free pages, which later
    /// rows reuse). Answers the pages given back.
    pub fn give_back_free_pages(&mut self) -> Result<i64, StoreError> {
        self.check_poisoned()?;
        let file = self.file().to_path_buf();
        let sql = StoreError::sql(&file, "incremental_vacuum");
        let mode: i64 = self
            .conn
            .query_row("PRAGMA auto_vacuum", [], |r| r.get(0))
            .map_err(&sql)?;
        // 2: incremental.
        if mode != 2 {
            return Ok(0);
        }
        let free: i64 = self
            .conn
            .query_row("PRAGMA freelist_count", [], |r| r.get(0))
            .map_err(&sql)?;
        let pages = free - FREE_PAGES_KEPT;
        if pages <= 0 {
            return Ok(0);
        }
        // The pragma frees a page each step: stepped to its end.
        let mut stmt = self
            .conn
            .prepare(&format!("PRAGMA incremental_vacuum({pages})"))
            .map_err(&sql)?;
        let mut steps = stmt.query([]).map_err(&sql)?;
        while steps.next().map_err(&sql)?.is_some() {}
        Ok(pages)
    }
}
