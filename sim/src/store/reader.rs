//! History reads over a read-only connection: what the REST history views answer (`myTrades`,
//! `futures_transfer_history`, `forceOrdersHistory`, an order by id or client id), the fill log
//! and the running totals (for [`super::StoreHistory`]), and what a paper session's report reads
//! (accounts, an account's fills and order count, equity, exposure, marks, funding, the latest
//! snapshot's rules and contracts, the venue's starts).

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use rusqlite::{Connection, OptionalExtension, Params};
use rust_decimal::Decimal;

use super::open::open_checked;
use super::range::{Page, TimeRange, int};
use super::rows::{
    ACCOUNTS, AccountRow, EQUITY, EXPOSURE, EquityRow, ExposureRow, FILLS, FORCED, FUNDING,
    FillRow, ForcedKind, ForcedRow, FundingRow, MARKS, MarkRow, ORDERS, OrderRow, STARTS, StartRow,
    TRANSFERS, TransferDirection, TransferRow,
};
use super::schema::{TableRow, get_dec, seq_value};
use super::values::{FILE_NAME, StoreError};

/// Every row, whatever input wrote it.
const ALL_SEQS: u64 = u64::MAX;

// The REST views' reads list rows in the order the venue made them, as its in-memory window
// does: the venue gives ids in that order and never reuses one (a trade's two sides share its
// id, the maker's side made first). Each read takes the rows of the inputs up to a seq only
// (`seq <= ?`: every row without a bound), so that a venue reading while it commits later inputs
// adds their records from memory without counting a row twice.

static FILLS_FROM_ID: LazyLock<String> = LazyLock::new(|| {
    FILLS.select_sql(
        "WHERE uid = ?1 AND contract = ?2 AND trade_id >= ?3 AND time_ms BETWEEN ?4 AND ?5 \
         AND seq <= ?7 ORDER BY trade_id, maker DESC LIMIT ?6",
    )
});
static FILLS_NEWEST: LazyLock<String> = LazyLock::new(|| {
    FILLS.select_sql(
        "WHERE uid = ?1 AND contract = ?2 AND time_ms BETWEEN ?3 AND ?4 AND seq <= ?6 \
         ORDER BY trade_id DESC, maker LIMIT ?5",
    )
});
static TRANSFERS_PAGE: LazyLock<String> = LazyLock::new(|| {
    TRANSFERS.select_sql(
        "WHERE uid = ?1 AND direction = ?2 AND (?3 IS NULL OR coin = ?3 COLLATE NOCASE) \
         AND time_ms BETWEEN ?4 AND ?5 AND seq <= ?8 ORDER BY id LIMIT ?6 OFFSET ?7",
    )
});
static TRANSFERS_COUNT: LazyLock<String> = LazyLock::new(|| {
    "SELECT COUNT(*) FROM transfers WHERE uid = ?1 AND direction = ?2 \
     AND (?3 IS NULL OR coin = ?3 COLLATE NOCASE) AND time_ms BETWEEN ?4 AND ?5 AND seq <= ?6"
        .to_owned()
});
static FORCED_PAGE: LazyLock<String> = LazyLock::new(|| {
    FORCED.select_sql(
        "WHERE uid = ?1 AND contract = ?2 AND (?3 IS NULL OR kind = ?3) \
         AND time_ms BETWEEN ?4 AND ?5 AND seq <= ?8 ORDER BY id LIMIT ?6 OFFSET ?7",
    )
});
static FORCED_COUNT: LazyLock<String> = LazyLock::new(|| {
    "SELECT COUNT(*) FROM forced_orders WHERE uid = ?1 AND contract = ?2 \
     AND (?3 IS NULL OR kind = ?3) AND time_ms BETWEEN ?4 AND ?5 AND seq <= ?6"
        .to_owned()
});
static FILL_LOG: LazyLock<String> = LazyLock::new(|| {
    FILLS.select_sql(
        "WHERE rule <> 'match' AND seq <= ?2 ORDER BY trade_id DESC, order_id DESC LIMIT ?1",
    )
});
const FILL_COUNTS: &str =
    "SELECT rule, COUNT(*) FROM fills WHERE rule <> 'match' AND seq <= ?1 GROUP BY rule";
const FILL_FEES: &str = "SELECT uid, contract, fee FROM fills WHERE seq <= ?1";
static ORDER_BY_ID: LazyLock<String> = LazyLock::new(|| ORDERS.select_sql("WHERE order_id = ?1"));
static ORDER_THROUGH: LazyLock<String> =
    LazyLock::new(|| ORDERS.select_sql("WHERE order_id = ?1 AND seq <= ?2"));
static ORDER_CHILDREN: LazyLock<String> =
    LazyLock::new(|| ORDERS.select_sql("WHERE parent_id = ?1 AND seq <= ?2 ORDER BY order_id"));
static ARCHIVED_BY_CLIENT_ID: LazyLock<String> = LazyLock::new(|| {
    ORDERS.select_sql(
        "WHERE uid = ?1 AND client_order_id = ?2 AND archived = 1 AND seq <= ?3 \
         ORDER BY order_id",
    )
});
const ARCHIVED_COUNT: &str =
    "SELECT COUNT(*) FROM orders WHERE uid = ?1 AND archived = 1 AND seq <= ?2";
static ORDER_BY_CLIENT_ID: LazyLock<String> = LazyLock::new(|| {
    ORDERS.select_sql(
        "WHERE uid = ?1 AND client_order_id = ?2 AND contract = ?3 ORDER BY order_id DESC LIMIT 1",
    )
});
static ALL_ACCOUNTS: LazyLock<String> = LazyLock::new(|| ACCOUNTS.select_sql("ORDER BY uid"));
static EQUITY_WINDOW: LazyLock<String> = LazyLock::new(|| {
    EQUITY.select_sql(
        "WHERE uid = ?1 AND coin = ?2 AND minute_ms BETWEEN ?3 AND ?4 ORDER BY minute_ms",
    )
});
static EXPOSURE_WINDOW: LazyLock<String> = LazyLock::new(|| {
    EXPOSURE.select_sql(
        "WHERE uid = ?1 AND coin = ?2 AND minute_ms BETWEEN ?3 AND ?4 ORDER BY minute_ms",
    )
});
static MARKS_WINDOW: LazyLock<String> = LazyLock::new(|| {
    MARKS.select_sql("WHERE minute_ms BETWEEN ?1 AND ?2 ORDER BY minute_ms, contract")
});
static FILLS_OF: LazyLock<String> =
    LazyLock::new(|| FILLS.select_sql("WHERE uid = ?1 ORDER BY trade_id, maker DESC"));
static TRANSFERS_OF: LazyLock<String> = LazyLock::new(|| {
    TRANSFERS.select_sql("WHERE uid = ?1 AND coin = ?2 COLLATE NOCASE ORDER BY id")
});
const ORDERS_OF_COUNT: &str = "SELECT COUNT(*) FROM orders WHERE uid = ?1";
const EQUITY_COINS: &str = "SELECT DISTINCT coin FROM equity WHERE uid = ?1 ORDER BY coin";
static ALL_STARTS: LazyLock<String> = LazyLock::new(|| STARTS.select_sql("ORDER BY id"));
const LAST_SEQ: &str = "SELECT MAX(IFNULL((SELECT MAX(seq) FROM journal), 0), \
     IFNULL((SELECT MAX(seq) FROM snapshots), 0))";
static FUNDING_WINDOW: LazyLock<String> = LazyLock::new(|| {
    FUNDING.select_sql(
        "WHERE uid = ?1 AND (?2 IS NULL OR contract = ?2) AND time_ms BETWEEN ?3 AND ?4 \
         ORDER BY time_ms, contract, position_side, position_type",
    )
});

/// A read-only connection to a store, for history reads while the venue writes (WAL: readers
/// and the writer do not wait for each other). One per thread.
#[derive(Debug)]
pub struct Reader {
    conn: Connection,
    file: PathBuf,
    /// The file's schema version: an older one is read as it is (without the tables added
    /// since).
    version: i32,
}

impl Reader {
    /// Opens the store in `dir` read-only (checked as a start checks it: header, application id,
    /// schema version, tables).
    pub fn open(dir: &Path) -> Result<Reader, StoreError> {
        Reader::open_file(&dir.join(FILE_NAME))
    }

    pub(super) fn open_file(file: &Path) -> Result<Reader, StoreError> {
        let (conn, version) = open_checked(file)?;
        Ok(Reader {
            conn,
            file: file.to_path_buf(),
            version,
        })
    }

    /// The store's file.
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// Runs `f` in one read transaction: every read inside sees the store as one commit left it,
    /// while the venue goes on committing (WAL). The transaction only reads; it ends with `f`.
    pub fn consistent<T, E: From<StoreError>>(
        &self,
        f: impl FnOnce(&Reader) -> Result<T, E>,
    ) -> Result<T, E> {
        let sql = |e: rusqlite::Error| StoreError {
            file: self.file.clone(),
            record: Some("read transaction".to_owned()),
            reason: e.to_string(),
        };
        self.conn.execute_batch("BEGIN DEFERRED").map_err(sql)?;
        let result = f(self);
        // A read transaction has nothing to keep: rolled back, whatever `f` did.
        self.conn.execute_batch("ROLLBACK").map_err(sql)?;
        result
    }

    fn rows<R: TableRow>(&self, sql: &str, params: impl Params) -> Result<Vec<R>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached(sql)
            .map_err(|e| self.error::<R>(&e))?;
        let rows = stmt
            .query_map(params, R::read)
            .map_err(|e| self.error::<R>(&e))?;
        rows.collect::<rusqlite::Result<Vec<R>>>()
            .map_err(|e| self.error::<R>(&e))
    }

    fn row<R: TableRow>(&self, sql: &str, params: impl Params) -> Result<Option<R>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached(sql)
            .map_err(|e| self.error::<R>(&e))?;
        stmt.query_row(params, R::read)
            .optional()
            .map_err(|e| self.error::<R>(&e))
    }

    fn error<R: TableRow>(&self, e: &rusqlite::Error) -> StoreError {
        self.error_in(R::TABLE.name, e)
    }

    fn error_in(&self, table: &str, e: &rusqlite::Error) -> StoreError {
        StoreError {
            file: self.file.clone(),
            record: Some(format!("table {table}")),
            reason: e.to_string(),
        }
    }

    fn count(&self, table: &str, sql: &str, params: impl Params) -> Result<u64, StoreError> {
        let n: i64 = self
            .conn
            .prepare_cached(sql)
            .and_then(|mut s| s.query_row(params, |r| r.get(0)))
            .map_err(|e| self.error_in(table, &e))?;
        Ok(u64::try_from(n).unwrap_or_default())
    }

    /// `myTrades`: `uid`'s fills in `contract` within `window`, oldest first (by trade id, the
    /// maker's side of a trade first). With `from_id`, the first `limit` from that trade id on;
    /// without, the newest `limit`.
    pub fn fills(
        &self,
        uid: i64,
        contract: &str,
        from_id: Option<i64>,
        window: TimeRange,
        limit: usize,
    ) -> Result<Vec<FillRow>, StoreError> {
        self.fills_through(uid, contract, from_id, window, limit, ALL_SEQS)
    }

    /// [`Reader::fills`] over the rows of inputs up to `through`.
    pub(super) fn fills_through(
        &self,
        uid: i64,
        contract: &str,
        from_id: Option<i64>,
        window: TimeRange,
        limit: usize,
        through: u64,
    ) -> Result<Vec<FillRow>, StoreError> {
        let (start, end) = window.bounds();
        let through = seq_value(through);
        match from_id {
            Some(id) => self.rows(
                &FILLS_FROM_ID,
                (uid, contract, id, start, end, int(limit), through),
            ),
            None => {
                let mut newest: Vec<FillRow> = self.rows(
                    &FILLS_NEWEST,
                    (uid, contract, start, end, int(limit), through),
                )?;
                newest.reverse();
                Ok(newest)
            }
        }
    }

    /// `futures_transfer_history`: `uid`'s transfers one way, of `coin` if given (any case),
    /// within `window`, oldest first (by id), paged.
    pub fn transfers(
        &self,
        uid: i64,
        direction: TransferDirection,
        coin: Option<&str>,
        window: TimeRange,
        page: Page,
    ) -> Result<Vec<TransferRow>, StoreError> {
        self.transfers_through(uid, direction, coin, window, page, ALL_SEQS)
    }

    /// [`Reader::transfers`] over the rows of inputs up to `through`.
    pub(super) fn transfers_through(
        &self,
        uid: i64,
        direction: TransferDirection,
        coin: Option<&str>,
        window: TimeRange,
        page: Page,
        through: u64,
    ) -> Result<Vec<TransferRow>, StoreError> {
        let (start, end) = window.bounds();
        let (limit, offset) = page.limit_offset();
        let through = seq_value(through);
        self.rows(
            &TRANSFERS_PAGE,
            (
                uid,
                direction.name(),
                coin,
                start,
                end,
                limit,
                offset,
                through,
            ),
        )
    }

    /// How many transfers [`Reader::transfers_through`] pages through.
    pub(super) fn transfers_count_through(
        &self,
        uid: i64,
        direction: TransferDirection,
        coin: Option<&str>,
        window: TimeRange,
        through: u64,
    ) -> Result<u64, StoreError> {
        let (start, end) = window.bounds();
        let params = (uid, direction.name(), coin, start, end, seq_value(through));
        self.count(TRANSFERS.name, &TRANSFERS_COUNT, params)
    }

    /// `forceOrdersHistory`: `uid`'s forced closes in `contract`, of `kind` if given, within
    /// `window`, oldest first (by id), paged.
    pub fn forced(
        &self,
        uid: i64,
        contract: &str,
        kind: Option<ForcedKind>,
        window: TimeRange,
        page: Page,
    ) -> Result<Vec<ForcedRow>, StoreError> {
        self.forced_through(uid, contract, kind, window, page, ALL_SEQS)
    }

    /// [`Reader::forced`] over the rows of inputs up to `through`.
    pub(super) fn forced_through(
        &self,
        uid: i64,
        contract: &str,
        kind: Option<ForcedKind>,
        window: TimeRange,
        page: Page,
        through: u64,
    ) -> Result<Vec<ForcedRow>, StoreError> {
        let (start, end) = window.bounds();
        let (limit, offset) = page.limit_offset();
        let kind = kind.map(ForcedKind::name);
        let through = seq_value(through);
        self.rows(
            &FORCED_PAGE,
            (uid, contract, kind, start, end, limit, offset, through),
        )
    }

    /// How many forced closes [`Reader::forced_through`] pages through.
    pub(super) fn forced_count_through(
        &self,
        uid: i64,
        contract: &str,
        kind: Option<ForcedKind>,
        window: TimeRange,
        through: u64,
    ) -> Result<u64, StoreError> {
        let (start, end) = window.bounds();
        let kind = kind.map(ForcedKind::name);
        let params = (uid, contract, kind, start, end, seq_value(through));
        self.count(FORCED.name, &FORCED_COUNT, params)
    }

    /// The latest `limit` fills against a market source (rule other than `match`), over every
    /// account, oldest first, of inputs up to `through`.
    pub(super) fn fill_log_through(
        &self,
        limit: usize,
        through: u64,
    ) -> Result<Vec<FillRow>, StoreError> {
        let mut newest: Vec<FillRow> = self.rows(&FILL_LOG, (int(limit), seq_value(through)))?;
        newest.reverse();
        Ok(newest)
    }

    /// Fills against a market source by rule (its column's text), of inputs up to `through`.
    pub(super) fn fill_counts_through(
        &self,
        through: u64,
    ) -> Result<Vec<(String, u64)>, StoreError> {
        let error = |e: rusqlite::Error| self.error_in(FILLS.name, &e);
        let mut stmt = self.conn.prepare_cached(FILL_COUNTS).map_err(error)?;
        let counts = stmt
            .query_map([seq_value(through)], |r| {
                let n: i64 = r.get(1)?;
                Ok((r.get(0)?, u64::try_from(n).unwrap_or_default()))
            })
            .map_err(error)?;
        counts.collect::<rusqlite::Result<_>>().map_err(error)
    }

    /// Every fill's `(uid, contract, fee)`, of inputs up to `through`, one at a time to `each`
    /// (fees are exact decimals: SQLite's `SUM` would add them as floating point).
    pub(super) fn fill_fees_through(
        &self,
        through: u64,
        mut each: impl FnMut(i64, String, Decimal),
    ) -> Result<(), StoreError> {
        let error = |e: rusqlite::Error| self.error_in(FILLS.name, &e);
        let mut stmt = self.conn.prepare_cached(FILL_FEES).map_err(error)?;
        let mut rows = stmt.query([seq_value(through)]).map_err(error)?;
        while let Some(r) = rows.next().map_err(error)? {
            each(
                r.get(0).map_err(error)?,
                r.get(1).map_err(error)?,
                get_dec(r, 2).map_err(error)?,
            );
        }
        Ok(())
    }

    /// The order `order_id`'s latest state.
    pub fn order(&self, order_id: i64) -> Result<Option<OrderRow>, StoreError> {
        self.row(&ORDER_BY_ID, [order_id])
    }

    /// The order `order_id`'s row, if an input up to `through` wrote it last.
    pub(super) fn order_through(
        &self,
        order_id: i64,
        through: u64,
    ) -> Result<Option<OrderRow>, StoreError> {
        self.row(&ORDER_THROUGH, (order_id, seq_value(through)))
    }

    /// The orders attached to `parent_id` (their rows last written by inputs up to `through`),
    /// by id.
    pub(super) fn children_through(
        &self,
        parent_id: i64,
        through: u64,
    ) -> Result<Vec<OrderRow>, StoreError> {
        self.rows(&ORDER_CHILDREN, (parent_id, seq_value(through)))
    }

    /// `uid`'s archived orders with this client order id, in any contract, by id (rows last
    /// written by inputs up to `through`).
    pub(super) fn archived_by_client_id_through(
        &self,
        uid: i64,
        client_order_id: &str,
        through: u64,
    ) -> Result<Vec<OrderRow>, StoreError> {
        self.rows(
            &ARCHIVED_BY_CLIENT_ID,
            (uid, client_order_id, seq_value(through)),
        )
    }

    /// The largest id of an archived order (`None`: none is).
    pub(super) fn newest_archived_id(&self) -> Result<Option<i64>, StoreError> {
        self.conn
            .query_row(
                "SELECT order_id FROM orders WHERE archived = 1 ORDER BY order_id DESC LIMIT 1",
                [],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.error_in(ORDERS.name, &e))
    }

    /// How many of `uid`'s orders are archived (rows last written by inputs up to `through`).
    pub(super) fn archived_count_through(&self, uid: i64, through: u64) -> Result<u64, StoreError> {
        self.count(ORDERS.name, ARCHIVED_COUNT, (uid, seq_value(through)))
    }

    /// `uid`'s newest order in `contract` with this client order id.
    pub fn order_by_client_id(
        &self,
        uid: i64,
        contract: &str,
        client_order_id: &str,
    ) -> Result<Option<OrderRow>, StoreError> {
        self.row(&ORDER_BY_CLIENT_ID, (uid, client_order_id, contract))
    }

    /// Every account, by uid.
    pub fn accounts(&self) -> Result<Vec<AccountRow>, StoreError> {
        self.rows(&ALL_ACCOUNTS, [])
    }

    /// `uid`'s equity in `coin`, minute by minute within `window` (on `minute_ms`).
    pub fn equity(
        &self,
        uid: i64,
        coin: &str,
        window: TimeRange,
    ) -> Result<Vec<EquityRow>, StoreError> {
        let (start, end) = window.bounds();
        self.rows(&EQUITY_WINDOW, (uid, coin, start, end))
    }

    /// `uid`'s exposure in `coin`, minute by minute within `window` (on `minute_ms`). Empty for
    /// a store of schema version 1 or 2, which did not keep it.
    pub fn exposure(
        &self,
        uid: i64,
        coin: &str,
        window: TimeRange,
    ) -> Result<Vec<ExposureRow>, StoreError> {
        if self.version < EXPOSURE.since {
            return Ok(Vec::new());
        }
        let (start, end) = window.bounds();
        self.rows(&EXPOSURE_WINDOW, (uid, coin, start, end))
    }

    /// Every contract's mark price, minute by minute within `window` (on `minute_ms`), by minute
    /// then contract. Empty for a store of schema version 1 or 2, which did not keep them.
    pub fn marks(&self, window: TimeRange) -> Result<Vec<MarkRow>, StoreError> {
        if self.version < MARKS.since {
            return Ok(Vec::new());
        }
        let (start, end) = window.bounds();
        self.rows(&MARKS_WINDOW, (start, end))
    }

    /// `uid`'s funding payments, in `contract` if given, within `window`, oldest first.
    pub fn funding(
        &self,
        uid: i64,
        contract: Option<&str>,
        window: TimeRange,
    ) -> Result<Vec<FundingRow>, StoreError> {
        let (start, end) = window.bounds();
        self.rows(&FUNDING_WINDOW, (uid, contract, start, end))
    }

    /// Every fill of `uid`, in every contract, oldest first (by trade id, the maker's side of a
    /// trade first): a paper session's fill log.
    pub fn fills_of(&self, uid: i64) -> Result<Vec<FillRow>, StoreError> {
        self.rows(&FILLS_OF, [uid])
    }

    /// Every transfer of `uid` in `coin` (any case), both ways, oldest first (by id).
    pub fn transfers_of(&self, uid: i64, coin: &str) -> Result<Vec<TransferRow>, StoreError> {
        self.rows(&TRANSFERS_OF, (uid, coin))
    }

    /// How many orders `uid` placed (every row of `orders`: live or archived, conditional or
    /// not).
    pub fn orders_count(&self, uid: i64) -> Result<u64, StoreError> {
        self.count(ORDERS.name, ORDERS_OF_COUNT, [uid])
    }

    /// The latest snapshot's state, as encoded (`None`: no snapshot).
    pub fn latest_state(&self) -> Result<Option<Vec<u8>>, StoreError> {
        self.conn
            .prepare_cached("SELECT state FROM snapshots ORDER BY seq DESC LIMIT 1")
            .and_then(|mut s| s.query_row([], |r| r.get(0)).optional())
            .map_err(|e| self.error_in("snapshots", &e))
    }

    /// The venue's starts, first first. Empty for a store of schema version 1, which did not
    /// record them (its next start upgrades it and records itself).
    pub fn starts(&self) -> Result<Vec<StartRow>, StoreError> {
        if self.version < STARTS.since {
            return Ok(Vec::new());
        }
        self.rows(&ALL_STARTS, [])
    }

    /// The journal's last seq: its last input's, or the latest snapshot's when the journal
    /// before it was pruned away (0: nothing journaled).
    pub fn last_seq(&self) -> Result<u64, StoreError> {
        let seq: i64 = self
            .conn
            .prepare_cached(LAST_SEQ)
            .and_then(|mut s| s.query_row([], |r| r.get(0)))
            .map_err(|e| self.error_in("journal", &e))?;
        let logged = super::log::last_seq(&super::log::dir_of(&self.file))?;
        Ok(u64::try_from(seq)
            .unwrap_or_default()
            .max(logged.unwrap_or(0)))
    }

    /// The margin coins `uid` has equity rows in, alphabetically.
    pub fn equity_coins(&self, uid: i64) -> Result<Vec<String>, StoreError> {
        let error = |e: rusqlite::Error| self.error_in(EQUITY.name, &e);
        let mut stmt = self.conn.prepare_cached(EQUITY_COINS).map_err(error)?;
        let coins = stmt.query_map([uid], |r| r.get(0)).map_err(error)?;
        coins.collect::<rusqlite::Result<_>>().map_err(error)
    }
}
