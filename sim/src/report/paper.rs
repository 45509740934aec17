//! A paper session's report, read from a journaled venue's store (the `journal` feature): the
//! read tables and the rules at the front of the latest snapshot, on a read-only connection, so
//! it works while the venue runs and never changes the store.

use std::fmt;

use super::tally::{Money, Tally};
use super::{EquityPoint, FillLine, Report, RunAccount, RunKind};
use crate::exchange::{Rules, USER_UID};
use crate::journal::encoding::decode_rules;
use rust_decimal::Decimal;

use crate::store::{Direction, Reader, StoreError, Window};

/// A minute, the equity table's step.
const MINUTE_MS: i64 = 60_000;

/// The coin a report is in when the account has equity rows in several coins, or none.
const DEFAULT_COIN: &str = "USDT";

/// Which account a paper session's report is of.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Account {
    /// The funded account ([`crate::exchange::USER_UID`], 10001).
    #[default]
    Funded,
    /// The account with this uid.
    Uid(i64),
    /// The account with this API key.
    ApiKey(String),
}

impl Account {
    /// `--account KEY`: a uid when `text` is all digits, else an API key.
    pub fn parse(text: &str) -> Account {
        match text.parse::<i64>() {
            Ok(uid) if text.bytes().all(|b| b.is_ascii_digit()) => Account::Uid(uid),
            _ => Account::ApiKey(text.to_owned()),
        }
    }
}

impl fmt::Display for Account {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Account::Funded => write!(f, "uid {USER_UID} (the funded account)"),
            Account::Uid(uid) => write!(f, "uid {uid}"),
            Account::ApiKey(key) => write!(f, "with API key {key}"),
        }
    }
}

/// Why a paper session's report could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReportError {
    /// The store could not be read (the error names the file, the table and why).
    #[error("{0}")]
    Store(#[from] StoreError),
    /// No such account in the store's `accounts` table.
    #[error("no account {0} in {1}")]
    UnknownAccount(Account, String),
    /// The venue's rules could not be read from its latest snapshot (the file and why).
    #[error("{0}")]
    Rules(String),
}

impl Report {
    /// The paper session's report of `account`, from the store's read tables, read at one moment
    /// (one read transaction: a venue committing meanwhile is seen before or after a commit,
    /// never halfway):
    /// - `run`: kind `paper`; the account's uid and API key (`accounts`); the coin: the one
    ///   margin coin the account has equity rows in, else USDT; the span from the first to the
    ///   last equity row or fill; no latency modelled; the queue model of the venue's rules (the
    ///   latest snapshot's: a venue keeps the model of its first start);
    /// - `fills`: every fill of the account (`fills`, every contract, oldest first) with its
    ///   rule; `fills_by_rule` counts them; `fees` and `realized_pnl` are their sums;
    /// - `orders`: the account's rows in `orders` (every order it placed);
    /// - `equity`: the `equity` rows of the account in the coin, each at its minute's close
    ///   (the minute a running venue is in has its row once a later minute takes input, or at
    ///   shutdown), less the net
    ///   transfers into the contract account made by then: the curve is what trading made (fees,
    ///   PnL, funding), so a withdrawal is not a drawdown. `equity_start` is the first point's,
    ///   `equity_end` the last's, `unrealized_pnl` the last row's, `max_drawdown` over every
    ///   point. Without a row they are `None`;
    /// - `timing`: `None`.
    ///
    /// Fills are not converted between coins: for an account that traded contracts margined in
    /// several coins, `fees` and `realized_pnl` add each fill's own coin.
    pub fn from_store(reader: &Reader, account: &Account) -> Result<Report, ReportError> {
        reader.consistent(|r| read(r, account))
    }
}

fn read(reader: &Reader, account: &Account) -> Result<Report, ReportError> {
    let accounts = reader.accounts()?;
    let found = accounts.into_iter().find(|a| match account {
        Account::Funded => a.uid == USER_UID,
        Account::Uid(uid) => a.uid == *uid,
        Account::ApiKey(key) => a.api_key == *key,
    });
    let Some(row) = found else {
        return Err(ReportError::UnknownAccount(
            account.clone(),
            reader.file().display().to_string(),
        ));
    };
    let uid = row.uid;
    let mut coins = reader.equity_coins(uid)?;
    let coin = match coins.len() {
        1 => coins.remove(0),
        _ => DEFAULT_COIN.to_owned(),
    };
    let mut tally = Tally::default();
    let rows = reader.equity(uid, &coin, Window::ALL)?;
    let transfers = reader.transfers_of(uid, &coin)?;
    // Each row is a minute's close; the curve is what trading made: equity less the net
    // transfers into the contract account made by then.
    let traded = |minute_ms: i64, equity: Decimal| {
        let close = minute_ms.saturating_add(MINUTE_MS);
        let net_in: Decimal = transfers
            .iter()
            .filter(|t| t.time_ms < close)
            .map(|t| match t.direction {
                Direction::ToContract => t.amount,
                Direction::ToWallet => -t.amount,
            })
            .sum();
        equity - net_in
    };
    for r in &rows {
        let point = EquityPoint {
            time_ms: r.minute_ms.saturating_add(MINUTE_MS),
            equity: traded(r.minute_ms, r.equity),
            position: r.position,
        };
        tally.sample(point, true);
    }
    let mut money = Money {
        orders: reader.orders_count(uid)?,
        ..Money::default()
    };
    for f in reader.fills_of(uid)? {
        money.fees += f.fee;
        money.realized_pnl += f.realized_pnl;
        tally.fill(FillLine::from(&f));
    }
    if let Some(last) = rows.last() {
        let equity = traded(last.minute_ms, last.equity);
        tally.end(equity, last.position, last.unrealized);
    }
    let account = RunAccount {
        uid,
        api_key: Some(row.api_key),
    };
    let queue_model = rules(reader)?.queue_model;
    Ok(tally.report(RunKind::Paper, account, coin, money, queue_model, None))
}

/// The venue's rules, from the front of its latest snapshot.
fn rules(reader: &Reader) -> Result<Rules, ReportError> {
    let file = reader.file().display();
    let state = reader.latest_state()?.ok_or_else(|| {
        ReportError::Rules(format!("{file}: no snapshot holds the venue's rules"))
    })?;
    decode_rules(&state).map_err(|e| ReportError::Rules(format!("{file}: latest snapshot: {e}")))
}
