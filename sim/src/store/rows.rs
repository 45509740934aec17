//! The schema as data (one declaration per table feeds its `CREATE TABLE`, its `INSERT`, its
//! `SELECT` and the check of an opened file), and the read tables' rows as plain structs.
//!
//! Every row is written with `INSERT OR REPLACE` on its primary key: a row written again (an
//! order's new state, the same minute's equity, or the same input's rows a second time) replaces
//! the one before, never adds a second.

use std::sync::LazyLock;

use rusqlite::types::Value;
use rust_decimal::Decimal;

/// One table: its name, its columns (name, declaration), a composite primary key if any, and
/// the schema version that added it (a store of an older version lacks it until a start
/// upgrades the store).
#[derive(Debug)]
pub(super) struct Table {
    pub name: &'static str,
    pub columns: &'static [(&'static str, &'static str)],
    pub key: Option<&'static str>,
    pub since: i32,
}

impl Table {
    /// The column names, quoted and comma-separated, in declaration order.
    fn column_list(&self) -> String {
        let names: Vec<String> = self
            .columns
            .iter()
            .map(|(n, _)| format!("\"{n}\""))
            .collect();
        names.join(", ")
    }

    fn create_sql(&self) -> String {
        let mut parts: Vec<String> = self
            .columns
            .iter()
            .map(|(n, decl)| format!("\"{n}\" {decl}"))
            .collect();
        // A composite key is the table's own order (no separate rowid b-tree: one page less to
        // write per row).
        let mut options = "";
        if let Some(key) = self.key {
            parts.push(format!("PRIMARY KEY ({key})"));
            options = " WITHOUT ROWID";
        }
        format!(
            "CREATE TABLE \"{}\" (\n  {}\n){options};\n",
            self.name,
            parts.join(",\n  ")
        )
    }

    /// `INSERT OR REPLACE` of every column, bound as `?1..?n` in declaration order.
    pub fn insert_sql(&self) -> String {
        let params: Vec<String> = (1..=self.columns.len()).map(|i| format!("?{i}")).collect();
        format!(
            "INSERT OR REPLACE INTO \"{}\" ({}) VALUES ({})",
            self.name,
            self.column_list(),
            params.join(", ")
        )
    }

    /// `SELECT` of every column in declaration order (as [`TableRow::read`] expects), then `tail`.
    pub fn select_sql(&self, tail: &str) -> String {
        format!(
            "SELECT {} FROM \"{}\" {tail}",
            self.column_list(),
            self.name
        )
    }

    pub fn column_names(&self) -> Vec<&'static str> {
        self.columns.iter().map(|(n, _)| *n).collect()
    }
}

pub(super) const JOURNAL: Table = Table {
    name: "journal",
    columns: &[
        ("seq", "INTEGER PRIMARY KEY"),
        ("time_ms", "INTEGER NOT NULL"),
        ("kind", "INTEGER NOT NULL"),
        ("input", "BLOB NOT NULL"),
    ],
    key: None,
    since: 1,
};

pub(super) const SNAPSHOTS: Table = Table {
    name: "snapshots",
    columns: &[
        ("seq", "INTEGER PRIMARY KEY"),
        ("time_ms", "INTEGER NOT NULL"),
        ("checksum", "BLOB NOT NULL"),
        ("state", "BLOB NOT NULL"),
    ],
    key: None,
    since: 1,
};

pub(super) const ACCOUNTS: Table = Table {
    name: "accounts",
    columns: &[
        ("uid", "INTEGER PRIMARY KEY"),
        ("api_key", "TEXT NOT NULL"),
        ("created_ms", "INTEGER NOT NULL"),
        ("seq", "INTEGER NOT NULL"),
    ],
    key: None,
    since: 1,
};

pub(super) const ORDERS: Table = Table {
    name: "orders",
    columns: &[
        ("order_id", "INTEGER PRIMARY KEY"),
        ("uid", "INTEGER NOT NULL"),
        ("client_order_id", "TEXT"),
        ("contract", "TEXT NOT NULL"),
        ("side", "TEXT NOT NULL"),
        ("type", "TEXT NOT NULL"),
        ("position_type", "TEXT NOT NULL"),
        ("action", "TEXT NOT NULL"),
        ("leverage", "INTEGER NOT NULL"),
        ("price", "TEXT NOT NULL"),
        ("volume", "TEXT NOT NULL"),
        ("amount", "TEXT NOT NULL"),
        ("filled", "TEXT NOT NULL"),
        ("avg_price", "TEXT NOT NULL"),
        ("fee", "TEXT NOT NULL"),
        ("status", "TEXT NOT NULL"),
        ("conditional", "INTEGER NOT NULL"),
        ("trigger_type", "TEXT"),
        ("trigger_price", "TEXT"),
        ("trigger_price_type", "TEXT"),
        ("trigger_order_type", "TEXT"),
        ("parent_id", "INTEGER"),
        ("archived", "INTEGER NOT NULL"),
        ("created_ms", "INTEGER NOT NULL"),
        ("updated_ms", "INTEGER NOT NULL"),
        ("seq", "INTEGER NOT NULL"),
    ],
    key: None,
    since: 1,
};

pub(super) const FILLS: Table = Table {
    name: "fills",
    columns: &[
        ("trade_id", "INTEGER NOT NULL"),
        ("order_id", "INTEGER NOT NULL"),
        ("uid", "INTEGER NOT NULL"),
        ("contract", "TEXT NOT NULL"),
        ("side", "TEXT NOT NULL"),
        ("price", "TEXT NOT NULL"),
        ("volume", "TEXT NOT NULL"),
        ("value", "TEXT NOT NULL"),
        ("fee", "TEXT NOT NULL"),
        ("realized_pnl", "TEXT NOT NULL"),
        ("maker", "INTEGER NOT NULL"),
        ("rule", "TEXT NOT NULL"),
        ("bid_order_id", "INTEGER NOT NULL"),
        ("ask_order_id", "INTEGER NOT NULL"),
        ("bid_uid", "INTEGER NOT NULL"),
        ("ask_uid", "INTEGER NOT NULL"),
        ("time_ms", "INTEGER NOT NULL"),
        ("seq", "INTEGER NOT NULL"),
    ],
    key: Some("trade_id, order_id"),
    since: 1,
};

pub(super) const TRANSFERS: Table = Table {
    name: "transfers",
    columns: &[
        ("id", "INTEGER PRIMARY KEY"),
        ("uid", "INTEGER NOT NULL"),
        ("coin", "TEXT NOT NULL"),
        ("direction", "TEXT NOT NULL"),
        ("amount", "TEXT NOT NULL"),
        ("balance_after", "TEXT NOT NULL"),
        ("time_ms", "INTEGER NOT NULL"),
        ("seq", "INTEGER NOT NULL"),
    ],
    key: None,
    since: 1,
};

pub(super) const FUNDING: Table = Table {
    name: "funding",
    columns: &[
        ("uid", "INTEGER NOT NULL"),
        ("contract", "TEXT NOT NULL"),
        ("position_side", "TEXT NOT NULL"),
        ("position_type", "TEXT NOT NULL"),
        ("rate", "TEXT NOT NULL"),
        ("amount", "TEXT NOT NULL"),
        ("time_ms", "INTEGER NOT NULL"),
        ("seq", "INTEGER NOT NULL"),
    ],
    key: Some("uid, contract, position_side, position_type, time_ms"),
    since: 1,
};

pub(super) const FORCED: Table = Table {
    name: "forced_orders",
    columns: &[
        ("id", "INTEGER PRIMARY KEY"),
        ("uid", "INTEGER NOT NULL"),
        ("kind", "TEXT NOT NULL"),
        ("contract", "TEXT NOT NULL"),
        ("contract_id", "INTEGER NOT NULL"),
        ("position_type", "TEXT NOT NULL"),
        ("side", "TEXT NOT NULL"),
        ("leverage", "INTEGER NOT NULL"),
        ("price", "TEXT NOT NULL"),
        ("volume", "TEXT NOT NULL"),
        ("value", "TEXT NOT NULL"),
        ("entry_price", "TEXT NOT NULL"),
        ("realized_pnl", "TEXT NOT NULL"),
        ("deficit", "TEXT NOT NULL"),
        ("time_ms", "INTEGER NOT NULL"),
        ("seq", "INTEGER NOT NULL"),
    ],
    key: None,
    since: 1,
};

pub(super) const EQUITY: Table = Table {
    name: "equity",
    columns: &[
        ("uid", "INTEGER NOT NULL"),
        ("coin", "TEXT NOT NULL"),
        ("minute_ms", "INTEGER NOT NULL"),
        ("balance", "TEXT NOT NULL"),
        ("unrealized", "TEXT NOT NULL"),
        ("equity", "TEXT NOT NULL"),
        ("position", "TEXT NOT NULL"),
        ("seq", "INTEGER NOT NULL"),
    ],
    key: Some("uid, coin, minute_ms"),
    since: 1,
};

/// The venue's starts, one row each (schema version 2): what a report needs to name the latency
/// model each stretch of the journal ran under, since the model is a server setting and not an
/// input.
pub(super) const STARTS: Table = Table {
    name: "starts",
    columns: &[
        ("id", "INTEGER PRIMARY KEY"),
        ("seq", "INTEGER NOT NULL"),
        ("time_ms", "INTEGER NOT NULL"),
        ("wall_ms", "INTEGER NOT NULL"),
        ("latency", "TEXT"),
    ],
    key: None,
    since: 2,
};

/// Each account's exposure in each margin coin at each minute's close, beside its `equity` row
/// (schema version 3): what a report's margin, leverage and liquidation figures need, which the
/// equity alone cannot give.
pub(super) const EXPOSURE: Table = Table {
    name: "exposure",
    columns: &[
        ("uid", "INTEGER NOT NULL"),
        ("coin", "TEXT NOT NULL"),
        ("minute_ms", "INTEGER NOT NULL"),
        ("margin", "TEXT NOT NULL"),
        ("notional", "TEXT NOT NULL"),
        ("liquidation_distance_pct", "TEXT"),
        ("seq", "INTEGER NOT NULL"),
    ],
    key: Some("uid, coin, minute_ms"),
    since: 3,
};

/// Each contract's mark price at each minute's close (schema version 3): a report's price line
/// and buy-and-hold return.
pub(super) const MARKS: Table = Table {
    name: "marks",
    columns: &[
        ("contract", "TEXT NOT NULL"),
        ("minute_ms", "INTEGER NOT NULL"),
        ("mark", "TEXT NOT NULL"),
        ("seq", "INTEGER NOT NULL"),
    ],
    key: Some("contract, minute_ms"),
    since: 3,
};

/// Every table of the current schema version, the journal first.
pub(super) const TABLES: [&Table; 12] = [
    &JOURNAL, &SNAPSHOTS, &ACCOUNTS, &ORDERS, &FILLS, &TRANSFERS, &FUNDING, &FORCED, &EQUITY,
    &STARTS, &EXPOSURE, &MARKS,
];

/// The read tables (every table but the journal and the snapshots): their rows carry a `seq`.
pub(super) const READ_TABLES: [&Table; 10] = [
    &ACCOUNTS, &ORDERS, &FILLS, &TRANSFERS, &FUNDING, &FORCED, &EQUITY, &STARTS, &EXPOSURE, &MARKS,
];

/// The tables a store of schema `version` has.
pub(super) fn tables_of(version: i32) -> impl Iterator<Item = &'static Table> {
    TABLES.into_iter().filter(move |t| t.since <= version)
}

/// The lookups of the REST history views and the fill log.
const INDEXES: [&str; 6] = [
    "CREATE INDEX orders_by_client_id ON orders (uid, client_order_id);",
    "CREATE INDEX orders_by_parent ON orders (parent_id) WHERE parent_id IS NOT NULL;",
    "CREATE INDEX fills_by_account ON fills (uid, contract, trade_id, maker DESC);",
    "CREATE INDEX fills_from_source ON fills (trade_id) WHERE rule <> 'match';",
    "CREATE INDEX transfers_by_account ON transfers (uid, time_ms);",
    "CREATE INDEX forced_by_account ON forced_orders (uid, contract, time_ms);",
];

/// A query per table and per index of a store of schema `version` that reads its first pages
/// (`record`, `sql`): a start runs them, so that a damaged root page is refused before the venue
/// serves (damage deeper in is `--check`'s to find).
pub(super) fn probes(version: i32) -> Vec<(String, String)> {
    let tables = tables_of(version).map(|t| {
        let name = t.name;
        (
            format!("table {name}"),
            format!("SELECT 1 FROM {name} NOT INDEXED LIMIT 1"),
        )
    });
    let indexes = INDEXES.iter().filter_map(|sql| {
        // "CREATE INDEX name ON table (columns)[ WHERE condition];"
        let rest = sql.strip_prefix("CREATE INDEX ")?.trim_end_matches(';');
        let (name, rest) = rest.split_once(" ON ")?;
        let (table, rest) = rest.split_once(' ')?;
        let filter = rest
            .split_once(" WHERE ")
            .map_or(String::new(), |(_, c)| format!(" WHERE {c}"));
        Some((
            format!("index {name}"),
            format!("SELECT 1 FROM {table} INDEXED BY {name}{filter} LIMIT 1"),
        ))
    });
    tables.chain(indexes).collect()
}

/// The whole schema in one transaction: the header's application id and version, every table,
/// every index.
pub(super) fn create_sql(application_id: i32, version: i32) -> String {
    let mut sql = format!(
        "BEGIN;\nPRAGMA application_id = {application_id};\nPRAGMA user_version = {version};\n"
    );
    for table in TABLES {
        sql.push_str(&table.create_sql());
    }
    for index in INDEXES {
        sql.push_str(index);
        sql.push('\n');
    }
    sql.push_str("COMMIT;\n");
    sql
}

/// What brings a store of schema version `from` to the current one: the tables added since. Run
/// in one transaction with the new `user_version` (a store is never left half upgraded).
pub(super) fn upgrade_sql(from: i32) -> String {
    TABLES
        .iter()
        .filter(|t| t.since > from)
        .map(|t| t.create_sql())
        .collect()
}

/// What a row of a read table has in common: its table, its values in column order, and how it
/// is read back from a `SELECT` of [`Table::select_sql`].
pub(super) trait TableRow: Sized {
    const TABLE: &'static Table;
    fn values(&self) -> Vec<Value>;
    fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self>;
}

// Conversions. Decimals are TEXT (exact: `Decimal`'s own text, scale kept), never REAL.

fn text(s: &str) -> Value {
    Value::Text(s.to_owned())
}

fn dec(d: Decimal) -> Value {
    Value::Text(d.to_string())
}

fn opt_text(s: Option<&str>) -> Value {
    s.map_or(Value::Null, text)
}

fn opt_dec(d: Option<Decimal>) -> Value {
    d.map_or(Value::Null, dec)
}

fn flag(b: bool) -> Value {
    Value::Integer(i64::from(b))
}

/// A seq as SQLite's integer. Every seq a commit writes was checked to fit first
/// ([`super::file`]'s batch check), so the saturation never happens.
pub(super) fn seq_value(seq: u64) -> i64 {
    i64::try_from(seq).unwrap_or(i64::MAX)
}

pub(super) fn get_dec(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Decimal> {
    let s: String = row.get(i)?;
    s.parse().map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e))
    })
}

fn get_opt_dec(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Option<Decimal>> {
    match row.get::<_, Option<String>>(i)? {
        None => Ok(None),
        Some(_) => get_dec(row, i).map(Some),
    }
}

pub(super) fn get_seq(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<u64> {
    let v: i64 = row.get(i)?;
    u64::try_from(v).map_err(|_| rusqlite::Error::IntegralValueOutOfRange(i, v))
}

/// A text column holding one of a closed set of names.
fn get_named<T>(
    row: &rusqlite::Row<'_>,
    i: usize,
    parse: fn(&str) -> Option<T>,
) -> rusqlite::Result<T> {
    let s: String = row.get(i)?;
    parse(&s).ok_or_else(|| {
        rusqlite::Error::FromSqlConversionFailure(
            i,
            rusqlite::types::Type::Text,
            format!("unknown value {s:?}").into(),
        )
    })
}

/// An account (`accounts`): no secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountRow {
    /// The account's user id.
    pub uid: i64,
    /// Its API key (public: the secret is never in a read table).
    pub api_key: String,
    /// Exchange time it was created (ms since the epoch).
    pub created_ms: i64,
    /// The input that created or last changed it.
    pub seq: u64,
}

impl TableRow for AccountRow {
    const TABLE: &'static Table = &ACCOUNTS;
    fn values(&self) -> Vec<Value> {
        vec![
            Value::Integer(self.uid),
            text(&self.api_key),
            Value::Integer(self.created_ms),
            Value::Integer(seq_value(self.seq)),
        ]
    }
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(AccountRow {
            uid: r.get(0)?,
            api_key: r.get(1)?,
            created_ms: r.get(2)?,
            seq: get_seq(r, 3)?,
        })
    }
}

/// An order's latest state (`orders`): one row per order, replaced as it changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderRow {
    /// Order id.
    pub order_id: i64,
    /// Owner.
    pub uid: i64,
    /// Client order id, if the order was given one.
    pub client_order_id: Option<String>,
    /// Contract name (`E-BTC-USDT`).
    pub contract: String,
    /// `BUY` or `SELL`.
    pub side: String,
    /// Order type as the REST API spells it (`LIMIT`, `MARKET`, `IOC`, `FOK`, `POST_ONLY`); of a
    /// conditional order, the type it places.
    pub order_type: String,
    /// Margin mode: `CROSS` or `ISOLATED`.
    pub position_type: String,
    /// `OPEN` or `CLOSE`.
    pub action: String,
    /// Leverage its margin is computed with.
    pub leverage: u32,
    /// Limit price as sent.
    pub price: Decimal,
    /// Contracts ordered.
    pub volume: Decimal,
    /// The `amount` sent (`origAmount`).
    pub amount: Decimal,
    /// Contracts filled so far.
    pub filled: Decimal,
    /// Average fill price (0 before any fill).
    pub avg_price: Decimal,
    /// Fees paid so far.
    pub fee: Decimal,
    /// Status as the REST API spells it (`INIT`, `NEW`, `PARTIALLY_FILLED`, `FILLED`,
    /// `CANCELLED`, `REJECTED`).
    pub status: String,
    /// A conditional order (stop loss or take profit), fired or not.
    pub conditional: bool,
    /// A conditional order's trigger: `STOP_LOSS` or `TAKE_PROFIT`.
    pub trigger_type: Option<String>,
    /// A conditional order's trigger price.
    pub trigger_price: Option<Decimal>,
    /// The price a conditional order watches: `LAST_PRICE` or `MARK_PRICE`.
    pub trigger_price_type: Option<String>,
    /// What a conditional order places when it fires: `LIMIT`, `MARKET` or `POSITION`.
    pub trigger_order_type: Option<String>,
    /// The order it is attached to (a take profit or stop loss of that order).
    pub parent_id: Option<i64>,
    /// It and the orders attached to it (or attached with it) are done and left the venue's
    /// live orders: the REST history's done order.
    pub archived: bool,
    /// Exchange time it was accepted (ms).
    pub created_ms: i64,
    /// Exchange time of its last change (ms).
    pub updated_ms: i64,
    /// The input that caused its last change.
    pub seq: u64,
}

impl TableRow for OrderRow {
    const TABLE: &'static Table = &ORDERS;
    fn values(&self) -> Vec<Value> {
        vec![
            Value::Integer(self.order_id),
            Value::Integer(self.uid),
            self.client_order_id.as_deref().map_or(Value::Null, text),
            text(&self.contract),
            text(&self.side),
            text(&self.order_type),
            text(&self.position_type),
            text(&self.action),
            Value::Integer(i64::from(self.leverage)),
            dec(self.price),
            dec(self.volume),
            dec(self.amount),
            dec(self.filled),
            dec(self.avg_price),
            dec(self.fee),
            text(&self.status),
            flag(self.conditional),
            opt_text(self.trigger_type.as_deref()),
            opt_dec(self.trigger_price),
            opt_text(self.trigger_price_type.as_deref()),
            opt_text(self.trigger_order_type.as_deref()),
            self.parent_id.map_or(Value::Null, Value::Integer),
            flag(self.archived),
            Value::Integer(self.created_ms),
            Value::Integer(self.updated_ms),
            Value::Integer(seq_value(self.seq)),
        ]
    }
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(OrderRow {
            order_id: r.get(0)?,
            uid: r.get(1)?,
            client_order_id: r.get(2)?,
            contract: r.get(3)?,
            side: r.get(4)?,
            order_type: r.get(5)?,
            position_type: r.get(6)?,
            action: r.get(7)?,
            leverage: r.get(8)?,
            price: get_dec(r, 9)?,
            volume: get_dec(r, 10)?,
            amount: get_dec(r, 11)?,
            filled: get_dec(r, 12)?,
            avg_price: get_dec(r, 13)?,
            fee: get_dec(r, 14)?,
            status: r.get(15)?,
            conditional: r.get(16)?,
            trigger_type: r.get(17)?,
            trigger_price: get_opt_dec(r, 18)?,
            trigger_price_type: r.get(19)?,
            trigger_order_type: r.get(20)?,
            parent_id: r.get(21)?,
            archived: r.get(22)?,
            created_ms: r.get(23)?,
            updated_ms: r.get(24)?,
            seq: get_seq(r, 25)?,
        })
    }
}

/// One side of a trade (`fills`): a trade between two accounts is two rows, one per order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FillRow {
    /// Trade id (shared by both sides).
    pub trade_id: i64,
    /// This side's order.
    pub order_id: i64,
    /// This side's account.
    pub uid: i64,
    /// Contract name.
    pub contract: String,
    /// This side's direction: `BUY` or `SELL`.
    pub side: String,
    /// Trade price.
    pub price: Decimal,
    /// Contracts traded.
    pub volume: Decimal,
    /// The trade's value in the contract's margin coin.
    pub value: Decimal,
    /// Fee this side paid (negative: a rebate).
    pub fee: Decimal,
    /// Profit and loss the fill realised (closing), before fees; 0 when opening.
    pub realized_pnl: Decimal,
    /// This side was the maker.
    pub maker: bool,
    /// The rule that made the fill (see the module's table).
    pub rule: String,
    /// The buying side's order (0: the market source).
    pub bid_order_id: i64,
    /// The selling side's order (0: the market source).
    pub ask_order_id: i64,
    /// The buying side's account (0: the market source).
    pub bid_uid: i64,
    /// The selling side's account (0: the market source).
    pub ask_uid: i64,
    /// Exchange time (ms).
    pub time_ms: i64,
    /// The input that caused it.
    pub seq: u64,
}

impl TableRow for FillRow {
    const TABLE: &'static Table = &FILLS;
    fn values(&self) -> Vec<Value> {
        vec![
            Value::Integer(self.trade_id),
            Value::Integer(self.order_id),
            Value::Integer(self.uid),
            text(&self.contract),
            text(&self.side),
            dec(self.price),
            dec(self.volume),
            dec(self.value),
            dec(self.fee),
            dec(self.realized_pnl),
            flag(self.maker),
            text(&self.rule),
            Value::Integer(self.bid_order_id),
            Value::Integer(self.ask_order_id),
            Value::Integer(self.bid_uid),
            Value::Integer(self.ask_uid),
            Value::Integer(self.time_ms),
            Value::Integer(seq_value(self.seq)),
        ]
    }
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(FillRow {
            trade_id: r.get(0)?,
            order_id: r.get(1)?,
            uid: r.get(2)?,
            contract: r.get(3)?,
            side: r.get(4)?,
            price: get_dec(r, 5)?,
            volume: get_dec(r, 6)?,
            value: get_dec(r, 7)?,
            fee: get_dec(r, 8)?,
            realized_pnl: get_dec(r, 9)?,
            maker: r.get(10)?,
            rule: r.get(11)?,
            bid_order_id: r.get(12)?,
            ask_order_id: r.get(13)?,
            bid_uid: r.get(14)?,
            ask_uid: r.get(15)?,
            time_ms: r.get(16)?,
            seq: get_seq(r, 17)?,
        })
    }
}

/// Which way a transfer went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TransferDirection {
    /// From the wallet into the contract account (`to_contract`).
    ToContract,
    /// From the contract account to the wallet (`to_wallet`).
    ToWallet,
}

impl TransferDirection {
    /// The column's text.
    pub fn name(self) -> &'static str {
        match self {
            TransferDirection::ToContract => "to_contract",
            TransferDirection::ToWallet => "to_wallet",
        }
    }

    fn parse(s: &str) -> Option<TransferDirection> {
        match s {
            "to_contract" => Some(TransferDirection::ToContract),
            "to_wallet" => Some(TransferDirection::ToWallet),
            _ => None,
        }
    }
}

/// A transfer between the wallet and the contract account (`transfers`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferRow {
    /// The transfer's id, given by the venue (unique, never reused).
    pub id: i64,
    /// The account.
    pub uid: i64,
    /// Coin moved (`USDT`).
    pub coin: String,
    /// Which way.
    pub direction: TransferDirection,
    /// Amount moved (positive).
    pub amount: Decimal,
    /// The contract account's balance of `coin` after it.
    pub balance_after: Decimal,
    /// Exchange time (ms).
    pub time_ms: i64,
    /// The input that caused it.
    pub seq: u64,
}

impl TableRow for TransferRow {
    const TABLE: &'static Table = &TRANSFERS;
    fn values(&self) -> Vec<Value> {
        vec![
            Value::Integer(self.id),
            Value::Integer(self.uid),
            text(&self.coin),
            text(self.direction.name()),
            dec(self.amount),
            dec(self.balance_after),
            Value::Integer(self.time_ms),
            Value::Integer(seq_value(self.seq)),
        ]
    }
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(TransferRow {
            id: r.get(0)?,
            uid: r.get(1)?,
            coin: r.get(2)?,
            direction: get_named(r, 3, TransferDirection::parse)?,
            amount: get_dec(r, 4)?,
            balance_after: get_dec(r, 5)?,
            time_ms: r.get(6)?,
            seq: get_seq(r, 7)?,
        })
    }
}

/// A funding payment of one position (`funding`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FundingRow {
    /// The account.
    pub uid: i64,
    /// Contract name.
    pub contract: String,
    /// The position's side: `BUY` (long) or `SELL` (short).
    pub position_side: String,
    /// The position's margin mode: `CROSS` or `ISOLATED`.
    pub position_type: String,
    /// Funding rate applied.
    pub rate: Decimal,
    /// Amount credited to the account (negative: paid).
    pub amount: Decimal,
    /// The funding time (ms).
    pub time_ms: i64,
    /// The input that settled it.
    pub seq: u64,
}

impl TableRow for FundingRow {
    const TABLE: &'static Table = &FUNDING;
    fn values(&self) -> Vec<Value> {
        vec![
            Value::Integer(self.uid),
            text(&self.contract),
            text(&self.position_side),
            text(&self.position_type),
            dec(self.rate),
            dec(self.amount),
            Value::Integer(self.time_ms),
            Value::Integer(seq_value(self.seq)),
        ]
    }
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(FundingRow {
            uid: r.get(0)?,
            contract: r.get(1)?,
            position_side: r.get(2)?,
            position_type: r.get(3)?,
            rate: get_dec(r, 4)?,
            amount: get_dec(r, 5)?,
            time_ms: r.get(6)?,
            seq: get_seq(r, 7)?,
        })
    }
}

/// Why a position was closed by force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ForcedKind {
    /// The account's own position was liquidated (`liquidation`).
    Liquidation,
    /// The position was reduced to absorb another account's liquidation (`adl`).
    Adl,
}

impl ForcedKind {
    /// The column's text.
    pub fn name(self) -> &'static str {
        match self {
            ForcedKind::Liquidation => "liquidation",
            ForcedKind::Adl => "adl",
        }
    }

    fn parse(s: &str) -> Option<ForcedKind> {
        match s {
            "liquidation" => Some(ForcedKind::Liquidation),
            "adl" => Some(ForcedKind::Adl),
            _ => None,
        }
    }
}

/// A forced close: liquidation or auto-deleveraging (`forced_orders`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForcedRow {
    /// The record's id, given by the venue.
    pub id: i64,
    /// The account whose position was closed.
    pub uid: i64,
    /// Liquidation or ADL.
    pub kind: ForcedKind,
    /// Contract name.
    pub contract: String,
    /// Contract id.
    pub contract_id: i64,
    /// The closed position's margin mode: `CROSS` or `ISOLATED`.
    pub position_type: String,
    /// The closing order's side (`SELL` closes a long).
    pub side: String,
    /// The closed position's leverage.
    pub leverage: u32,
    /// Price it was closed at (the mark price).
    pub price: Decimal,
    /// Contracts closed.
    pub volume: Decimal,
    /// Value closed at `price`, in the contract's margin coin.
    pub value: Decimal,
    /// The closed position's entry price.
    pub entry_price: Decimal,
    /// Profit and loss realised by the close.
    pub realized_pnl: Decimal,
    /// Loss beyond the position's margin, absorbed by the venue (0 when none).
    pub deficit: Decimal,
    /// Exchange time (ms).
    pub time_ms: i64,
    /// The input that caused it.
    pub seq: u64,
}

impl TableRow for ForcedRow {
    const TABLE: &'static Table = &FORCED;
    fn values(&self) -> Vec<Value> {
        vec![
            Value::Integer(self.id),
            Value::Integer(self.uid),
            text(self.kind.name()),
            text(&self.contract),
            Value::Integer(self.contract_id),
            text(&self.position_type),
            text(&self.side),
            Value::Integer(i64::from(self.leverage)),
            dec(self.price),
            dec(self.volume),
            dec(self.value),
            dec(self.entry_price),
            dec(self.realized_pnl),
            dec(self.deficit),
            Value::Integer(self.time_ms),
            Value::Integer(seq_value(self.seq)),
        ]
    }
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(ForcedRow {
            id: r.get(0)?,
            uid: r.get(1)?,
            kind: get_named(r, 2, ForcedKind::parse)?,
            contract: r.get(3)?,
            contract_id: r.get(4)?,
            position_type: r.get(5)?,
            side: r.get(6)?,
            leverage: r.get(7)?,
            price: get_dec(r, 8)?,
            volume: get_dec(r, 9)?,
            value: get_dec(r, 10)?,
            entry_price: get_dec(r, 11)?,
            realized_pnl: get_dec(r, 12)?,
            deficit: get_dec(r, 13)?,
            time_ms: r.get(14)?,
            seq: get_seq(r, 15)?,
        })
    }
}

/// An account's equity in one margin coin over one minute (`equity`): written again within the
/// minute, the row is replaced, so it holds the minute's last value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EquityRow {
    /// The account.
    pub uid: i64,
    /// Margin coin (`USDT`).
    pub coin: String,
    /// Start of the minute (ms since the epoch, a multiple of 60000).
    pub minute_ms: i64,
    /// Contract-account balance.
    pub balance: Decimal,
    /// Unrealised profit and loss of the open positions margined in `coin`, at the mark price.
    pub unrealized: Decimal,
    /// `balance + unrealized`.
    pub equity: Decimal,
    /// Net position: long minus short contracts, over the contracts margined in `coin`.
    pub position: Decimal,
    /// The input that wrote this value.
    pub seq: u64,
}

impl TableRow for EquityRow {
    const TABLE: &'static Table = &EQUITY;
    fn values(&self) -> Vec<Value> {
        vec![
            Value::Integer(self.uid),
            text(&self.coin),
            Value::Integer(self.minute_ms),
            dec(self.balance),
            dec(self.unrealized),
            dec(self.equity),
            dec(self.position),
            Value::Integer(seq_value(self.seq)),
        ]
    }
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(EquityRow {
            uid: r.get(0)?,
            coin: r.get(1)?,
            minute_ms: r.get(2)?,
            balance: get_dec(r, 3)?,
            unrealized: get_dec(r, 4)?,
            equity: get_dec(r, 5)?,
            position: get_dec(r, 6)?,
            seq: get_seq(r, 7)?,
        })
    }
}

/// An account's exposure in one margin coin at one minute's close (`exposure`), written with its
/// `equity` row: replaced within the minute, it holds the minute's last value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExposureRow {
    /// The account.
    pub uid: i64,
    /// Margin coin (`USDT`).
    pub coin: String,
    /// Start of the minute (ms since the epoch, a multiple of 60000).
    pub minute_ms: i64,
    /// Margin in use: the positions' margins and the open orders' locks.
    pub margin: Decimal,
    /// Gross value of the open positions at the marks.
    pub notional: Decimal,
    /// The nearest liquidation price's distance from its contract's mark, in percent of the
    /// mark (`None`: no position a move of its own contract's price liquidates).
    pub liquidation_distance_pct: Option<Decimal>,
    /// The input that wrote this value.
    pub seq: u64,
}

impl TableRow for ExposureRow {
    const TABLE: &'static Table = &EXPOSURE;
    fn values(&self) -> Vec<Value> {
        vec![
            Value::Integer(self.uid),
            text(&self.coin),
            Value::Integer(self.minute_ms),
            dec(self.margin),
            dec(self.notional),
            opt_dec(self.liquidation_distance_pct),
            Value::Integer(seq_value(self.seq)),
        ]
    }
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(ExposureRow {
            uid: r.get(0)?,
            coin: r.get(1)?,
            minute_ms: r.get(2)?,
            margin: get_dec(r, 3)?,
            notional: get_dec(r, 4)?,
            liquidation_distance_pct: get_opt_dec(r, 5)?,
            seq: get_seq(r, 6)?,
        })
    }
}

/// A contract's mark price at one minute's close (`marks`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkRow {
    /// Contract name.
    pub contract: String,
    /// Start of the minute (ms since the epoch, a multiple of 60000).
    pub minute_ms: i64,
    /// The mark price.
    pub mark: Decimal,
    /// The input that wrote this value.
    pub seq: u64,
}

impl TableRow for MarkRow {
    const TABLE: &'static Table = &MARKS;
    fn values(&self) -> Vec<Value> {
        vec![
            text(&self.contract),
            Value::Integer(self.minute_ms),
            dec(self.mark),
            Value::Integer(seq_value(self.seq)),
        ]
    }
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(MarkRow {
            contract: r.get(0)?,
            minute_ms: r.get(1)?,
            mark: get_dec(r, 2)?,
            seq: get_seq(r, 3)?,
        })
    }
}

/// A start of the venue (`starts`): the first and every restart, with the latency model it ran
/// with. The inputs after its `seq`, up to the next start's, were taken under that model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartRow {
    /// The start's number: 1, 2, 3, … in the order the venue started (a store upgraded from
    /// schema version 1 numbers from its first start after the upgrade).
    pub id: i64,
    /// The journal's last seq when it started (0: the first start).
    pub seq: u64,
    /// Exchange time it started at: its clock, moved on to at least the last input's time.
    pub time_ms: i64,
    /// The machine's wall time it started at (ms since the epoch): the exchange clock may be
    /// injected or follow a recording.
    pub wall_ms: i64,
    /// The latency model it ran with, as the model writes itself (`order entry 30 ms, cancel
    /// 0 ms, response 0 ms, market data 0 ms`); `None`: no model.
    pub latency: Option<String>,
}

impl TableRow for StartRow {
    const TABLE: &'static Table = &STARTS;
    fn values(&self) -> Vec<Value> {
        vec![
            Value::Integer(self.id),
            Value::Integer(seq_value(self.seq)),
            Value::Integer(self.time_ms),
            Value::Integer(self.wall_ms),
            opt_text(self.latency.as_deref()),
        ]
    }
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
        Ok(StartRow {
            id: r.get(0)?,
            seq: get_seq(r, 1)?,
            time_ms: r.get(2)?,
            wall_ms: r.get(3)?,
            latency: r.get(4)?,
        })
    }
}

/// A start's insert: SQLite numbers it (one more than the largest id; rows are never removed).
pub(super) const START_INSERT: &str =
    "INSERT INTO starts (seq, time_ms, wall_ms, latency) VALUES (?1, ?2, ?3, ?4)";

/// A row of a read table, as a commit takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    /// An account created or changed.
    Account(AccountRow),
    /// An order's new state.
    Order(OrderRow),
    /// One side of a trade.
    Fill(FillRow),
    /// A transfer.
    Transfer(TransferRow),
    /// A funding payment.
    Funding(FundingRow),
    /// A forced close.
    Forced(ForcedRow),
    /// An account's equity this minute.
    Equity(EquityRow),
    /// An account's exposure this minute.
    Exposure(ExposureRow),
    /// A contract's mark price this minute.
    Mark(MarkRow),
}

impl Row {
    /// The input that produced the row.
    pub fn seq(&self) -> u64 {
        match self {
            Row::Account(r) => r.seq,
            Row::Order(r) => r.seq,
            Row::Fill(r) => r.seq,
            Row::Transfer(r) => r.seq,
            Row::Funding(r) => r.seq,
            Row::Forced(r) => r.seq,
            Row::Equity(r) => r.seq,
            Row::Exposure(r) => r.seq,
            Row::Mark(r) => r.seq,
        }
    }

    /// The table the row goes to.
    pub fn table(&self) -> &'static str {
        match self {
            Row::Account(_) => ACCOUNTS.name,
            Row::Order(_) => ORDERS.name,
            Row::Fill(_) => FILLS.name,
            Row::Transfer(_) => TRANSFERS.name,
            Row::Funding(_) => FUNDING.name,
            Row::Forced(_) => FORCED.name,
            Row::Equity(_) => EQUITY.name,
            Row::Exposure(_) => EXPOSURE.name,
            Row::Mark(_) => MARKS.name,
        }
    }

    /// Its table's `INSERT OR REPLACE` and its values.
    pub(super) fn parts(&self) -> (&'static str, &'static str, Vec<Value>) {
        fn of<R: TableRow>(r: &R) -> (&'static str, &'static str, Vec<Value>) {
            (R::TABLE.name, insert_sql_of(R::TABLE), r.values())
        }
        match self {
            Row::Account(r) => of(r),
            Row::Order(r) => of(r),
            Row::Fill(r) => of(r),
            Row::Transfer(r) => of(r),
            Row::Funding(r) => of(r),
            Row::Forced(r) => of(r),
            Row::Equity(r) => of(r),
            Row::Exposure(r) => of(r),
            Row::Mark(r) => of(r),
        }
    }
}

/// The read tables' `INSERT OR REPLACE`, built once (`prepare_cached` finds a statement by its
/// text).
static INSERTS: LazyLock<Vec<(&'static str, String)>> = LazyLock::new(|| {
    READ_TABLES
        .iter()
        .map(|t| (t.name, t.insert_sql()))
        .collect()
});

fn insert_sql_of(table: &Table) -> &'static str {
    INSERTS
        .iter()
        .find(|(name, _)| *name == table.name)
        .map_or("", |(_, sql)| sql.as_str())
}

/// The journal's insert: a plain `INSERT`, so that a seq written twice fails instead of
/// replacing an input.
pub(super) const JOURNAL_INSERT: &str =
    "INSERT INTO journal (seq, time_ms, kind, input) VALUES (?1, ?2, ?3, ?4)";
