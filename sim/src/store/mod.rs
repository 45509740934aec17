//! The store: a paper venue's journal of inputs, its snapshots and its history in one SQLite
//! file, so that the venue survives restarts (the `journal` feature).
//!
//! The venue's core is deterministic: fed the same inputs from the same state, it reaches the
//! same state. The store keeps what a restart needs and what people read:
//! - **Write-ahead.** Every input the core is fed is committed here ([`Store::commit`]) before
//!   anything it caused is answered or published. Inputs arriving together share one commit (a
//!   [`Batch`]); the read-table rows they produced are written in the same transaction.
//! - **Snapshots.** The core's whole state, every N inputs and at shutdown
//!   ([`Store::snapshot`]), so that a start ([`Store::open`]) replays at most N inputs after the
//!   latest one. The journal before the latest snapshot may be pruned ([`Store::prune`]).
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
//!   checkpoints, the full verification.
//! - `rows.rs`: the schema as data (one declaration per table) and the rows.
//! - `reader.rs`: the history reads on a read-only connection.
//! - `history.rs`: records to rows and back, and [`StoreHistory`].
//!
//! # The file
//!
//! `DIR/venue.sqlite` ([`FILE_NAME`]), the directory created if missing. The file is created
//! with mode 0600 (its owner only): the journal and the snapshots hold the accounts' secrets (the
//! read tables never do). SQLite keeps two files beside it while it is open, `venue.sqlite-wal`
//! (the write-ahead log) and `venue.sqlite-shm` (its index), with the same mode: move or copy the
//! three together, or none.
//!
//! - **Identity.** `PRAGMA application_id` is [`APPLICATION_ID`] (`0x4354474F`, `CTGO`);
//!   `PRAGMA user_version` is the schema version ([`SCHEMA_VERSION`], 1).
//! - **Opening** checks the header (read by hand before SQLite touches the file), the identity,
//!   the version, that the tables are exactly this version's, the latest snapshot's checksum and
//!   the journal's continuity after it (`seq` = snapshot's + 1, + 2, …; from 1 without a
//!   snapshot). It refuses a file that is not SQLite or is damaged, a foreign SQLite file, a
//!   newer schema, a missing input (named by its seq), a snapshot whose checksum fails (named by
//!   its seq): the error names the file, the record and the reason, and the file is left as it
//!   was (the checks run on a read-only connection). It never starts a new store over an existing
//!   file, except one of zero bytes; nor beside a write-ahead log left without its database.
//!   [`Store::verify`] checks everything else (every snapshot, the whole journal,
//!   `PRAGMA integrity_check`), read-only. A read-only connection may leave an empty `-wal` and a
//!   `-shm` beside a file in WAL mode, as any SQLite reader does; the file itself is not written.
//! - **Durability.** WAL mode. [`SyncMode::Normal`] (`synchronous=NORMAL`) loses nothing to a
//!   killed process; [`SyncMode::Full`] (`synchronous=FULL`) also survives a power cut (which no
//!   test here can prove). SQLite checkpoints the log into the file every 1000 pages (4 MiB),
//!   in the commit that passes them (that commit takes milliseconds longer);
//!   [`Store::checkpoint`] does it now and truncates the log.
//! - **A failed commit** (a full disk, a file gone) returns an error saying the commit failed and
//!   the venue must stop taking input; its transaction is rolled back, and every later write
//!   fails too: the venue never acknowledges what a restart could not bring back.
//! - **Reading while the venue runs.** Readers open the file read-only and neither wait for the
//!   writer nor hold it up (WAL), on a local disk (WAL needs shared memory: not over a network
//!   file system):
//!
//! ```text
//! sqlite3 'file:state/venue.sqlite?mode=ro' 'SELECT * FROM fills ORDER BY time_ms DESC LIMIT 20'
//! ```
//!
//! ```python
//! import sqlite3, pandas as pd
//! from decimal import Decimal
//! con = sqlite3.connect("file:state/venue.sqlite?mode=ro", uri=True)
//! fills = pd.read_sql("SELECT * FROM fills WHERE uid = ?", con, params=(2,))
//! fills["price"] = fills["price"].map(Decimal)  # exact; or .astype(float)
//! ```
//!
//! The tables are plain (not `STRICT`), so that SQLite libraries older than 3.37 (some systems'
//! Python) read them too.
//!
//! # Tables
//!
//! Conventions, every read table:
//! - decimals are `TEXT`, the exact decimal as the venue computed it (`30000.5`, `0.01200`):
//!   never `REAL`, which would round them;
//! - times are `INTEGER` milliseconds since the epoch, on the exchange clock;
//! - `seq` is the journal seq of the input that wrote the row (its latest change, for a row that
//!   is replaced); rows are written with `INSERT OR REPLACE` on their primary key, so that a row
//!   written again replaces itself and a replay never doubles one;
//! - text values named below in capitals are the REST API's spelling (where the API sends a
//!   number, as for a margin mode or a trigger, the name its documentation gives that number,
//!   with the number beside it here); lowercase ones are the simulator's own names;
//! - a table with a composite primary key (`fills`, `funding`, `equity`) is `WITHOUT ROWID`:
//!   stored in its key's order, with no `rowid` column.
//!
//! ### `journal`
//! The inputs, in order. Primary key `seq`.
//!
//! | column | type | meaning |
//! | --- | --- | --- |
//! | `seq` | INTEGER | The input's place: 1, 2, 3, … without a gap. |
//! | `time_ms` | INTEGER | Exchange time stamped on the input. |
//! | `kind` | INTEGER | The core's tag for the kind of input (0–255). |
//! | `input` | BLOB | The input in the core's binary encoding (may hold secrets: an account's creation). |
//!
//! ### `snapshots`
//! The core's whole state after an input. Primary key `seq`.
//!
//! | column | type | meaning |
//! | --- | --- | --- |
//! | `seq` | INTEGER | The last input the state includes. |
//! | `time_ms` | INTEGER | Exchange time of the state. |
//! | `checksum` | BLOB | SHA-256 of `state` (32 bytes). |
//! | `state` | BLOB | The state in the core's encoding (holds the accounts' secrets). |
//!
//! ### `accounts`
//! One row per account. Primary key `uid`. No secret.
//!
//! | column | type | meaning |
//! | --- | --- | --- |
//! | `uid` | INTEGER | User id. |
//! | `api_key` | TEXT | API key (the secret key is never here). |
//! | `created_ms` | INTEGER | When it was created. |
//! | `seq` | INTEGER | The input that created or last changed it. |
//!
//! ### `orders`
//! One row per order, its latest state (replaced as it changes). Primary key `order_id`; indexes
//! `(uid, client_order_id)` and `(parent_id)`. A row with `archived` 1 is what the REST views
//! answer for a done order (`GET /v2/order` once it left the open orders), with `childOrders`
//! the rows whose `parent_id` it is.
//!
//! | column | type | meaning |
//! | --- | --- | --- |
//! | `order_id` | INTEGER | Order id. |
//! | `uid` | INTEGER | Owner. |
//! | `client_order_id` | TEXT | Client order id; NULL when none was given. |
//! | `contract` | TEXT | Contract name (`E-BTC-USDT`). |
//! | `side` | TEXT | `BUY` or `SELL`. |
//! | `type` | TEXT | `LIMIT`, `MARKET`, `IOC`, `FOK` or `POST_ONLY`; of a conditional order, the type it places. |
//! | `position_type` | TEXT | Margin mode: `CROSS` (the REST API's 1) or `ISOLATED` (2). |
//! | `action` | TEXT | `OPEN` or `CLOSE`. |
//! | `leverage` | INTEGER | Leverage its margin is computed with. |
//! | `price` | TEXT | Limit price as sent. |
//! | `volume` | TEXT | Contracts ordered. |
//! | `amount` | TEXT | The `amount` sent with it (the REST API's `origAmount`); 0 for an attached take profit or stop loss. |
//! | `filled` | TEXT | Contracts filled so far. |
//! | `avg_price` | TEXT | Average fill price (0 before any fill). |
//! | `fee` | TEXT | Fees paid so far. |
//! | `status` | TEXT | `INIT` (a conditional order waiting), `NEW`, `PARTIALLY_FILLED`, `FILLED`, `CANCELLED` or `REJECTED`. |
//! | `conditional` | INTEGER | 1: a conditional order (stop loss or take profit), fired or not; 0: not. |
//! | `trigger_type` | TEXT | A conditional order's trigger: `STOP_LOSS` (the REST API's 1) or `TAKE_PROFIT` (2); NULL otherwise. |
//! | `trigger_price` | TEXT | A conditional order's trigger price; NULL otherwise. |
//! | `trigger_price_type` | TEXT | The price a conditional order watches: `LAST_PRICE` (the REST API's 1: the last trade) or `MARK_PRICE` (2); NULL otherwise. |
//! | `trigger_order_type` | TEXT | What a conditional order places when it fires: `LIMIT` (the REST API's 1: a limit order at `price`), `MARKET` (2) or `POSITION` (3: closes the whole position at market); NULL otherwise. |
//! | `parent_id` | INTEGER | The order this one is attached to (it is a take profit or stop loss of that order); NULL when none. |
//! | `archived` | INTEGER | 1: done and out of the venue's live orders (the order and every order attached with it are `FILLED`, `CANCELLED` or `REJECTED`: they leave together); 0: live (open, waiting for its trigger, or done while an order of its group still waits). |
//! | `created_ms` | INTEGER | When it was accepted. |
//! | `updated_ms` | INTEGER | When it last changed. |
//! | `seq` | INTEGER | The input of its last change. |
//!
//! ### `fills`
//! One row per side of a trade (a trade between two accounts is two rows; a fill against a
//! market source is one). Primary key `(trade_id, order_id)`; indexes
//! `(uid, contract, trade_id, maker)` and, over the fills against a market source, `(trade_id)`.
//!
//! | column | type | meaning |
//! | --- | --- | --- |
//! | `trade_id` | INTEGER | Trade id (shared by both sides). |
//! | `order_id` | INTEGER | This side's order. |
//! | `uid` | INTEGER | This side's account. |
//! | `contract` | TEXT | Contract name. |
//! | `side` | TEXT | This side's direction: `BUY` or `SELL`. |
//! | `price` | TEXT | Trade price. |
//! | `volume` | TEXT | Contracts traded. |
//! | `value` | TEXT | The trade's value in the contract's margin coin (`volume × multiplier × price`; inverse contracts `volume × multiplier / price`): the REST API's `amount`. |
//! | `fee` | TEXT | Fee this side paid (negative: a rebate). |
//! | `realized_pnl` | TEXT | Profit and loss the fill realised by closing, before fees (0 when opening). |
//! | `maker` | INTEGER | 1: this side was the maker (its order rested); 0: the taker. |
//! | `rule` | TEXT | The rule that made the fill, as backtest reports name it: against a mirrored book `book_walk` (an incoming order took the levels), `crossed_book` (the source's best reached a resting order), `trade_through` (a trade printed through it) or `queue_cleared` (trades at its price used up the queue ahead); `match` when two orders of the venue met (price-time priority in its own book, or a liquidation's auto-deleveraging). |
//! | `bid_order_id` | INTEGER | The buying side's order (the REST API's `bidId`); 0 when the buyer was the market source. |
//! | `ask_order_id` | INTEGER | The selling side's order (`askId`); 0 when the seller was the market source. |
//! | `bid_uid` | INTEGER | The buying side's account (`bidUserId`); 0 when the buyer was the market source. |
//! | `ask_uid` | INTEGER | The selling side's account (`askUserId`); 0 when the seller was the market source. |
//! | `time_ms` | INTEGER | When it traded. |
//! | `seq` | INTEGER | The input that caused it. |
//!
//! ### `transfers`
//! Transfers between the wallet and the contract account. Primary key `id`; index
//! `(uid, time_ms)`.
//!
//! | column | type | meaning |
//! | --- | --- | --- |
//! | `id` | INTEGER | The transfer's id, given by the venue (never reused). |
//! | `uid` | INTEGER | The account. |
//! | `coin` | TEXT | Coin moved (`USDT`). |
//! | `direction` | TEXT | `to_contract` (wallet → contract account) or `to_wallet`. |
//! | `amount` | TEXT | Amount moved (positive). |
//! | `balance_after` | TEXT | The contract account's balance of `coin` after it. |
//! | `time_ms` | INTEGER | When it was made. |
//! | `seq` | INTEGER | The input that made it. |
//!
//! ### `funding`
//! Funding payments, one row per position and funding time. Primary key
//! `(uid, contract, position_side, position_type, time_ms)`.
//!
//! | column | type | meaning |
//! | --- | --- | --- |
//! | `uid` | INTEGER | The account. |
//! | `contract` | TEXT | Contract name. |
//! | `position_side` | TEXT | The position's side: `BUY` (long) or `SELL` (short). |
//! | `position_type` | TEXT | The position's margin mode: `CROSS` or `ISOLATED`. |
//! | `rate` | TEXT | Funding rate applied. |
//! | `amount` | TEXT | Amount credited to the account (negative: paid). |
//! | `time_ms` | INTEGER | The funding time. |
//! | `seq` | INTEGER | The input that settled it. |
//!
//! ### `forced_orders`
//! Positions closed by force. Primary key `id`; index `(uid, contract, time_ms)`.
//!
//! | column | type | meaning |
//! | --- | --- | --- |
//! | `id` | INTEGER | The record's id, given by the venue. |
//! | `uid` | INTEGER | The account whose position was closed. |
//! | `kind` | TEXT | `liquidation` (its own position) or `adl` (reduced to absorb another account's liquidation). |
//! | `contract` | TEXT | Contract name. |
//! | `contract_id` | INTEGER | Contract id (the REST API's `contractId`). |
//! | `position_type` | TEXT | The closed position's margin mode: `CROSS` (the REST API's 1) or `ISOLATED` (2). |
//! | `side` | TEXT | The closing order's side (`SELL` closes a long). |
//! | `leverage` | INTEGER | The closed position's leverage. |
//! | `price` | TEXT | Price it was closed at (the mark price). |
//! | `volume` | TEXT | Contracts closed. |
//! | `value` | TEXT | Value closed at `price`, in the contract's margin coin (the REST API's `dealMoney`). |
//! | `entry_price` | TEXT | The closed position's entry price (the REST API's `openPrice`). |
//! | `realized_pnl` | TEXT | Profit and loss the close realised. |
//! | `deficit` | TEXT | Loss beyond the position's margin, absorbed by the venue (0 when none). |
//! | `time_ms` | INTEGER | When it happened. |
//! | `seq` | INTEGER | The input that caused it. |
//!
//! ### `equity`
//! Each account's equity per margin coin per minute: written again within the minute, the row is
//! replaced, so it holds the minute's last value. Primary key `(uid, coin, minute_ms)`.
//!
//! | column | type | meaning |
//! | --- | --- | --- |
//! | `uid` | INTEGER | The account. |
//! | `coin` | TEXT | Margin coin (`USDT`, `BTC`). |
//! | `minute_ms` | INTEGER | Start of the minute (a multiple of 60000). |
//! | `balance` | TEXT | Contract-account balance. |
//! | `unrealized` | TEXT | Unrealised profit and loss of the open positions margined in `coin`, at the mark price. |
//! | `equity` | TEXT | `balance + unrealized`. |
//! | `position` | TEXT | Net position: long minus short contracts, over the contracts margined in `coin`. |
//! | `seq` | INTEGER | The input that wrote this value. |

mod file;
pub mod history;
mod reader;
mod rows;

pub use file::{
    APPLICATION_ID, Batch, FILE_NAME, Input, Journaled, Pruned, Recovered, Report, SCHEMA_VERSION,
    Snapshot, Store, StoreError, SyncMode,
};
pub use history::{StoreHistory, rows};
pub use reader::{Page, Reader, Window};
pub use rows::{
    AccountRow, Direction, EquityRow, FillRow, ForcedKind, ForcedRow, FundingRow, OrderRow, Row,
    TransferRow,
};

#[cfg(test)]
mod history_tests;
#[cfg(test)]
mod tests;
