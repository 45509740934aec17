//! The read tables' rows an input makes beyond its records' own: each account's equity and
//! exposure at the close of each minute that took input with each contract's mark then, and an
//! account's opening equity and exposure. The venue makes them
//! as it applies each input, and a restart makes them again, the same, for the inputs it replays
//! (the read tables are written after the journal: those a crash left unwritten follow from it).

use rust_decimal::Decimal;

use crate::exchange::Exchange;
use crate::exchange::account::Account;
use crate::exchange::records::Record;
use crate::store::{EquityRow, ExposureRow, MarkRow, Row};

/// A minute, the equity table's step (ms).
const MINUTE: i64 = 60_000;

/// The rows of each input, in the order the venue applies them.
#[derive(Debug, Clone, Copy)]
pub struct RowMaker {
    /// The minute of the latest input: its close is written by the first input of a later one.
    minute: i64,
}

impl RowMaker {
    /// A maker after the input at exchange time `now`.
    pub fn new(now: i64) -> RowMaker {
        RowMaker {
            minute: now.div_euclid(MINUTE) * MINUTE,
        }
    }

    /// Before input `seq` at `time_ms` is applied to `ex`: when it is the first input of a later
    /// minute, each account's equity and exposure at the close of the minute of the input before
    /// it, and each contract's mark (the state changes only with inputs, so that is the minute's
    /// last value; after a restart the first input closes the minute the venue stopped in).
    pub fn before(&mut self, ex: &Exchange, seq: u64, time_ms: i64) -> Vec<Row> {
        let minute = time_ms.div_euclid(MINUTE) * MINUTE;
        if minute <= self.minute {
            return Vec::new();
        }
        let closed = std::mem::replace(&mut self.minute, minute);
        minute_rows(ex, seq, closed)
    }

    /// After input `seq` was applied to `ex`: its records' rows, and the opening equity and
    /// exposure of each account it opened.
    pub fn after(&self, ex: &Exchange, seq: u64, records: &[Record]) -> Vec<Row> {
        let mut out = crate::store::rows(seq, records);
        out.extend(opening_rows(ex, seq, records));
        out
    }

    /// At shutdown, after input `seq`: the minute the venue stops in, closed as it stands (a
    /// restart's first input in a later minute writes the same values again).
    pub fn closing(&self, ex: &Exchange, seq: u64) -> Vec<Row> {
        minute_rows(ex, seq, self.minute)
    }
}

/// Every account's equity and exposure per margin coin at `minute`, and every contract's mark.
pub fn minute_rows(ex: &Exchange, seq: u64, minute: i64) -> Vec<Row> {
    let mut out = Vec::new();
    for account in ex.accounts().values() {
        account_rows(ex, account, seq, minute, &mut out);
    }
    for (contract, market) in ex.markets() {
        out.push(Row::Mark(MarkRow {
            contract: contract.clone(),
            minute_ms: minute,
            mark: market.mark,
            seq,
        }));
    }
    out
}

/// The opening equity and exposure of each account `records` opened (their funding, no position
/// yet), stamped as the close of the minute before it was opened: a report's curve starts where
/// the account did, even when it trades in its first minute.
pub fn opening_rows(ex: &Exchange, seq: u64, records: &[Record]) -> Vec<Row> {
    let mut out = Vec::new();
    for r in records {
        if let Record::Account { uid, time, .. } = r {
            if let Some(account) = ex.accounts().get(uid) {
                let minute = time.div_euclid(MINUTE) * MINUTE - MINUTE;
                account_rows(ex, account, seq, minute, &mut out);
            }
        }
    }
    out
}

/// An account's rows at `minute`, each margin coin its equity (balance, unrealised PnL at the
/// marks, the net position over the contracts margined in it) and its exposure.
fn account_rows(ex: &Exchange, account: &Account, seq: u64, minute: i64, out: &mut Vec<Row>) {
    for coin in account.coins.keys() {
        let e = ex.exposure(account.uid, coin);
        let balance = account.coins.get(coin).map_or(Decimal::ZERO, |c| c.balance);
        out.push(Row::Equity(EquityRow {
            uid: account.uid,
            coin: coin.clone(),
            minute_ms: minute,
            balance,
            unrealized: e.equity - balance,
            equity: e.equity,
            position: e.position,
            seq,
        }));
        out.push(Row::Exposure(ExposureRow {
            uid: account.uid,
            coin: coin.clone(),
            minute_ms: minute,
            margin: e.margin,
            notional: e.notional,
            liquidation_distance_pct: e.liquidation_distance_pct,
            seq,
        }));
    }
}
