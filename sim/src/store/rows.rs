//! The schema as data, each table declared once: a read table's `read_table!` gives its row
//! struct, its columns (which feed its `CREATE TABLE`, its `INSERT`, its `SELECT` and the check
//! of an opened file) and the row's conversions, in one order; docs/store.md is checked against
//! the declarations (`store::tests`).
//!
//! Every row is written with `INSERT OR REPLACE` on its primary key: a row written again (an
//! order's new state, the same minute's equity, or the same input's rows a second time) replaces
//! the one before, never adds a second.

use std::sync::LazyLock;

use rusqlite::types::Value;
use rust_decimal::Decimal;

use super::schema::{Column, Table, TableRow, get_named, read_table};
pub use crate::exchange::records::ForcedKind;

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

impl Column for TransferDirection {
    fn value(&self) -> Value {
        Value::Text(self.name().to_owned())
    }
    fn read(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Self> {
        get_named(row, i, TransferDirection::parse)
    }
}

impl Column for ForcedKind {
    fn value(&self) -> Value {
        Value::Text(self.name().to_owned())
    }
    fn read(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Self> {
        get_named(row, i, ForcedKind::parse)
    }
}

read_table! {
    /// An account (`accounts`): no secret.
    pub struct AccountRow in ACCOUNTS ("accounts", since 1, key None) {
        /// The account's user id.
        uid: i64 => "uid" "INTEGER PRIMARY KEY",
        /// Its API key (public: the secret is never in a read table).
        api_key: String => "api_key" "TEXT NOT NULL",
        /// Exchange time it was created (ms since the epoch).
        created_ms: i64 => "created_ms" "INTEGER NOT NULL",
        /// The input that created or last changed it.
        seq: u64 => "seq" "INTEGER NOT NULL",
    }
}

read_table! {
    /// An order's latest state (`orders`): one row per order, replaced as it changes.
    pub struct OrderRow in ORDERS ("orders", since 1, key None) {
        /// Order id.
        order_id: i64 => "order_id" "INTEGER PRIMARY KEY",
        /// Owner.
        uid: i64 => "uid" "INTEGER NOT NULL",
        /// Client order id, if the order was given one.
        client_order_id: Option<String> => "client_order_id" "TEXT",
        /// Contract name (`E-BTC-USDT`).
        contract: String => "contract" "TEXT NOT NULL",
        /// `BUY` or `SELL`.
        side: String => "side" "TEXT NOT NULL",
        /// Order type as the REST API spells it (`LIMIT`, `MARKET`, `IOC`, `FOK`, `POST_ONLY`); of a
        /// conditional order, the type it places.
        order_type: String => "type" "TEXT NOT NULL",
        /// Margin mode: `CROSS` or `ISOLATED`.
        position_type: String => "position_type" "TEXT NOT NULL",
        /// `OPEN` or `CLOSE`.
        action: String => "action" "TEXT NOT NULL",
        /// Leverage its margin is computed with.
        leverage: u32 => "leverage" "INTEGER NOT NULL",
        /// Limit price as sent.
        price: Decimal => "price" "TEXT NOT NULL",
        /// Contracts ordered.
        volume: Decimal => "volume" "TEXT NOT NULL",
        /// The `amount` sent (`origAmount`).
        amount: Decimal => "amount" "TEXT NOT NULL",
        /// Contracts filled so far.
        filled: Decimal => "filled" "TEXT NOT NULL",
        /// Average fill price (0 before any fill).
        avg_price: Decimal => "avg_price" "TEXT NOT NULL",
        /// Fees paid so far.
        fee: Decimal => "fee" "TEXT NOT NULL",
        /// Status as the REST API spells it (`INIT`, `NEW`, `PARTIALLY_FILLED`, `FILLED`,
        /// `CANCELLED`, `REJECTED`).
        status: String => "status" "TEXT NOT NULL",
        /// A conditional order (stop loss or take profit), fired or not.
        conditional: bool => "conditional" "INTEGER NOT NULL",
        /// A conditional order's trigger: `STOP_LOSS` or `TAKE_PROFIT`.
        trigger_type: Option<String> => "trigger_type" "TEXT",
        /// A conditional order's trigger price.
        trigger_price: Option<Decimal> => "trigger_price" "TEXT",
        /// The price a conditional order watches: `LAST_PRICE` or `MARK_PRICE`.
        trigger_price_type: Option<String> => "trigger_price_type" "TEXT",
        /// What a conditional order places when it fires: `LIMIT`, `MARKET` or `POSITION`.
        trigger_order_type: Option<String> => "trigger_order_type" "TEXT",
        /// The order it is attached to (a take profit or stop loss of that order).
        parent_id: Option<i64> => "parent_id" "INTEGER",
        /// It and the orders attached to it (or attached with it) are done and left the venue's
        /// live orders: the REST history's done order.
        archived: bool => "archived" "INTEGER NOT NULL",
        /// Exchange time it was accepted (ms).
        created_ms: i64 => "created_ms" "INTEGER NOT NULL",
        /// Exchange time of its last change (ms).
        updated_ms: i64 => "updated_ms" "INTEGER NOT NULL",
        /// The input that caused its last change.
        seq: u64 => "seq" "INTEGER NOT NULL",
    }
}

read_table! {
    /// One side of a trade (`fills`): a trade between two accounts is two rows, one per order.
    pub struct FillRow in FILLS ("fills", since 1, key Some("trade_id, order_id")) {
        /// Trade id (shared by both sides).
        trade_id: i64 => "trade_id" "INTEGER NOT NULL",
        /// This side's order.
        order_id: i64 => "order_id" "INTEGER NOT NULL",
        /// This side's account.
        uid: i64 => "uid" "INTEGER NOT NULL",
        /// Contract name.
        contract: String => "contract" "TEXT NOT NULL",
        /// This side's direction: `BUY` or `SELL`.
        side: String => "side" "TEXT NOT NULL",
        /// Trade price.
        price: Decimal => "price" "TEXT NOT NULL",
        /// Contracts traded.
        volume: Decimal => "volume" "TEXT NOT NULL",
        /// The trade's value in the contract's margin coin.
        value: Decimal => "value" "TEXT NOT NULL",
        /// Fee this side paid (negative: a rebate).
        fee: Decimal => "fee" "TEXT NOT NULL",
        /// Profit and loss the fill realised (closing), before fees; 0 when opening.
        realized_pnl: Decimal => "realized_pnl" "TEXT NOT NULL",
        /// This side was the maker.
        maker: bool => "maker" "INTEGER NOT NULL",
        /// The rule that made the fill (see the module's table).
        rule: String => "rule" "TEXT NOT NULL",
        /// The buying side's order (0: the market source).
        bid_order_id: i64 => "bid_order_id" "INTEGER NOT NULL",
        /// The selling side's order (0: the market source).
        ask_order_id: i64 => "ask_order_id" "INTEGER NOT NULL",
        /// The buying side's account (0: the market source).
        bid_uid: i64 => "bid_uid" "INTEGER NOT NULL",
        /// The selling side's account (0: the market source).
        ask_uid: i64 => "ask_uid" "INTEGER NOT NULL",
        /// Exchange time (ms).
        time_ms: i64 => "time_ms" "INTEGER NOT NULL",
        /// The input that caused it.
        seq: u64 => "seq" "INTEGER NOT NULL",
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

read_table! {
    /// A transfer between the wallet and the contract account (`transfers`).
    pub struct TransferRow in TRANSFERS ("transfers", since 1, key None) {
        /// The transfer's id, given by the venue (unique, never reused).
        id: i64 => "id" "INTEGER PRIMARY KEY",
        /// The account.
        uid: i64 => "uid" "INTEGER NOT NULL",
        /// Coin moved (`USDT`).
        coin: String => "coin" "TEXT NOT NULL",
        /// Which way.
        direction: TransferDirection => "direction" "TEXT NOT NULL",
        /// Amount moved (positive).
        amount: Decimal => "amount" "TEXT NOT NULL",
        /// The contract account's balance of `coin` after it.
        balance_after: Decimal => "balance_after" "TEXT NOT NULL",
        /// Exchange time (ms).
        time_ms: i64 => "time_ms" "INTEGER NOT NULL",
        /// The input that caused it.
        seq: u64 => "seq" "INTEGER NOT NULL",
    }
}

read_table! {
    /// A funding payment of one position (`funding`).
    pub struct FundingRow in FUNDING ("funding", since 1, key Some("uid, contract, position_side, position_type, time_ms")) {
        /// The account.
        uid: i64 => "uid" "INTEGER NOT NULL",
        /// Contract name.
        contract: String => "contract" "TEXT NOT NULL",
        /// The position's side: `BUY` (long) or `SELL` (short).
        position_side: String => "position_side" "TEXT NOT NULL",
        /// The position's margin mode: `CROSS` or `ISOLATED`.
        position_type: String => "position_type" "TEXT NOT NULL",
        /// Funding rate applied.
        rate: Decimal => "rate" "TEXT NOT NULL",
        /// Amount credited to the account (negative: paid).
        amount: Decimal => "amount" "TEXT NOT NULL",
        /// The funding time (ms).
        time_ms: i64 => "time_ms" "INTEGER NOT NULL",
        /// The input that settled it.
        seq: u64 => "seq" "INTEGER NOT NULL",
    }
}

/// A forced close's kind in its column: `liquidation` or `adl`.
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

read_table! {
    /// A forced close: liquidation or auto-deleveraging (`forced_orders`).
    pub struct ForcedRow in FORCED ("forced_orders", since 1, key None) {
        /// The record's id, given by the venue.
        id: i64 => "id" "INTEGER PRIMARY KEY",
        /// The account whose position was closed.
        uid: i64 => "uid" "INTEGER NOT NULL",
        /// Liquidation or ADL.
        kind: ForcedKind => "kind" "TEXT NOT NULL",
        /// Contract name.
        contract: String => "contract" "TEXT NOT NULL",
        /// Contract id.
        contract_id: i64 => "contract_id" "INTEGER NOT NULL",
        /// The closed position's margin mode: `CROSS` or `ISOLATED`.
        position_type: String => "position_type" "TEXT NOT NULL",
        /// The closing order's side (`SELL` closes a long).
        side: String => "side" "TEXT NOT NULL",
        /// The closed position's leverage.
        leverage: u32 => "leverage" "INTEGER NOT NULL",
        /// Price it was closed at (the mark price).
        price: Decimal => "price" "TEXT NOT NULL",
        /// Contracts closed.
        volume: Decimal => "volume" "TEXT NOT NULL",
        /// Value closed at `price`, in the contract's margin coin.
        value: Decimal => "value" "TEXT NOT NULL",
        /// The closed position's entry price.
        entry_price: Decimal => "entry_price" "TEXT NOT NULL",
        /// Profit and loss realised by the close.
        realized_pnl: Decimal => "realized_pnl" "TEXT NOT NULL",
        /// Loss beyond the position's margin, absorbed by the venue (0 when none).
        deficit: Decimal => "deficit" "TEXT NOT NULL",
        /// Exchange time (ms).
        time_ms: i64 => "time_ms" "INTEGER NOT NULL",
        /// The input that caused it.
        seq: u64 => "seq" "INTEGER NOT NULL",
    }
}

read_table! {
    /// An account's equity in one margin coin over one minute (`equity`): written again within the
    /// minute, the row is replaced, so it holds the minute's last value.
    pub struct EquityRow in EQUITY ("equity", since 1, key Some("uid, coin, minute_ms")) {
        /// The account.
        uid: i64 => "uid" "INTEGER NOT NULL",
        /// Margin coin (`USDT`).
        coin: String => "coin" "TEXT NOT NULL",
        /// Start of the minute (ms since the epoch, a multiple of 60000).
        minute_ms: i64 => "minute_ms" "INTEGER NOT NULL",
        /// Contract-account balance.
        balance: Decimal => "balance" "TEXT NOT NULL",
        /// Unrealised profit and loss of the open positions margined in `coin`, at the mark price.
        unrealized: Decimal => "unrealized" "TEXT NOT NULL",
        /// `balance + unrealized`.
        equity: Decimal => "equity" "TEXT NOT NULL",
        /// Net position: long minus short contracts, over the contracts margined in `coin`.
        position: Decimal => "position" "TEXT NOT NULL",
        /// The input that wrote this value.
        seq: u64 => "seq" "INTEGER NOT NULL",
    }
}

// Each account's exposure in each margin coin at each minute's close, beside its `equity` row
// (schema version 3): what a report's margin, leverage and liquidation figures need, which the
// equity alone cannot give.
read_table! {
    /// An account's exposure in one margin coin at one minute's close (`exposure`), written with its
    /// `equity` row: replaced within the minute, it holds the minute's last value.
    pub struct ExposureRow in EXPOSURE ("exposure", since 3, key Some("uid, coin, minute_ms")) {
        /// The account.
        uid: i64 => "uid" "INTEGER NOT NULL",
        /// Margin coin (`USDT`).
        coin: String => "coin" "TEXT NOT NULL",
        /// Start of the minute (ms since the epoch, a multiple of 60000).
        minute_ms: i64 => "minute_ms" "INTEGER NOT NULL",
        /// Margin in use: the positions' margins and the open orders' locks.
        margin: Decimal => "margin" "TEXT NOT NULL",
        /// Gross value of the open positions at the marks.
        notional: Decimal => "notional" "TEXT NOT NULL",
        /// The nearest liquidation price's distance from its contract's mark, in percent of the
        /// mark (`None`: no position a move of its own contract's price liquidates).
        liquidation_distance_pct: Option<Decimal> => "liquidation_distance_pct" "TEXT",
        /// The input that wrote this value.
        seq: u64 => "seq" "INTEGER NOT NULL",
    }
}

// Each contract's mark price at each minute's close (schema version 3): a report's price line
// and buy-and-hold return.
read_table! {
    /// A contract's mark price at one minute's close (`marks`).
    pub struct MarkRow in MARKS ("marks", since 3, key Some("contract, minute_ms")) {
        /// Contract name.
        contract: String => "contract" "TEXT NOT NULL",
        /// Start of the minute (ms since the epoch, a multiple of 60000).
        minute_ms: i64 => "minute_ms" "INTEGER NOT NULL",
        /// The mark price.
        mark: Decimal => "mark" "TEXT NOT NULL",
        /// The input that wrote this value.
        seq: u64 => "seq" "INTEGER NOT NULL",
    }
}

// The venue's starts, one row each (schema version 2): what a report needs to name the latency
// model each stretch of the journal ran under, since the model is a server setting and not an
// input.
read_table! {
    /// A start of the venue (`starts`): the first and every restart, with the latency model it ran
    /// with. The inputs after its `seq`, up to the next start's, were taken under that model.
    pub struct StartRow in STARTS ("starts", since 2, key None) {
        /// The start's number: 1, 2, 3, … in the order the venue started (a store upgraded from
        /// schema version 1 numbers from its first start after the upgrade).
        id: i64 => "id" "INTEGER PRIMARY KEY",
        /// The journal's last seq when it started (0: the first start).
        seq: u64 => "seq" "INTEGER NOT NULL",
        /// Exchange time it started at: its clock, moved on to at least the last input's time.
        time_ms: i64 => "time_ms" "INTEGER NOT NULL",
        /// The machine's wall time it started at (ms since the epoch): the exchange clock may be
        /// injected or follow a recording.
        wall_ms: i64 => "wall_ms" "INTEGER NOT NULL",
        /// The latency model it ran with, as the model writes itself (`order entry 30 ms, cancel
        /// 0 ms, response 0 ms, market data 0 ms`); `None`: no model.
        latency: Option<String> => "latency" "TEXT",
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
    /// The key of a row that a later row of the same table and key replaces whole (an order's
    /// or an account's): `(table, key)`.
    pub(super) fn replaced_by_key(&self) -> Option<(u8, i64)> {
        match self {
            Row::Account(r) => Some((0, r.uid)),
            Row::Order(r) => Some((1, r.order_id)),
            _ => None,
        }
    }

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
