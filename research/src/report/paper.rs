//! A paper session's report, read from a journaled venue's store (the `journal` feature): the
//! read tables (the venue's starts among them, for its latency models) and the rules at the front
//! of the latest snapshot, on a read-only connection, so it works while the venue runs and never
//! changes the store.

use std::collections::BTreeMap;
use std::fmt;

use super::tally::{MINUTE_MS, Money, Sample, Tally};
use super::{FillLine, FundingLine, Report, RunAccount, RunKind, ZERO_LATENCY};
use contango_sim::config::MarginKind;
use contango_sim::exchange::USER_UID;
use contango_sim::exchange::exposure::Exposure;
use contango_sim::journal::encoding::{Front, decode_front};
use contango_sim::time::local_datetime;
use rust_decimal::Decimal;

use contango_sim::store::{
    ExposureRow, Reader, StartRow, StoreError, TimeRange, TransferDirection,
};

/// The coin a report is in when the account has equity rows in several coins, or none.
const DEFAULT_COIN: &str = "USDT";

/// Which account a paper session's report is of.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Account {
    /// The funded account ([`contango_sim::exchange::USER_UID`], 10001).
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
    ///   last equity row or fill; the latency model the venue ran with (`starts`: a restart may
    ///   change it): one model throughout, its text; none throughout, [`ZERO_LATENCY`]; models
    ///   that changed, each with the time of the start it began at, oldest first
    ///   (`order entry 30 ms, cancel 0 ms, response 0 ms, market data 0 ms (from
    ///   2026-01-01T00:00:01 UTC); none (from 2026-01-01T00:10:00 UTC)`); the queue model of the
    ///   venue's rules (the latest snapshot's: a venue keeps the model of its first start);
    /// - `fills`: every fill of the account (`fills`, every contract, oldest first) with its
    ///   rule, its action from its order (`orders`; an order the account did not place is a
    ///   liquidation's or ADL's: a close); `fills_by_rule` counts them; `fees` and
    ///   `realized_pnl` are their sums; the ledger pairs them;
    /// - `funding`: the account's payments (`funding`);
    /// - `orders`: the account's rows in `orders` (every order it placed);
    /// - `equity`: the `equity` rows of the account in the coin, each at its minute's close
    ///   (the minute a running venue is in has its row once a later minute takes input, or at
    ///   shutdown), less the net
    ///   transfers into the contract account made by then: the curve is what trading made (fees,
    ///   PnL, funding), so a withdrawal is not a drawdown. `equity_start` is the first point's,
    ///   `equity_end` the last's, `unrealized_pnl` the last row's, `max_drawdown` over every
    ///   point. Without a row they are `None`;
    /// - `minutes`: the same rows, a minute without one repeating the one before; each with its
    ///   `exposure` row's margin, leverage and liquidation distance (over the account's equity
    ///   itself) and the instrument's mark (`marks`: the latest at or before the minute, the
    ///   first for the opening). A store older than schema version 3 keeps neither: `None`;
    /// - `timing`: `None`.
    ///
    /// Fills are not converted between coins: for an account that traded contracts margined in
    /// several coins, `fees`, `realized_pnl` and the ledger add each fill's own coin. The
    /// contracts' kinds (for the ledger's arithmetic) and the queue model come from the front
    /// of the latest snapshot.
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
    let (rules, contracts) = front(reader)?;
    // The marks of every contract, each minute that took input: a minute takes the latest at or
    // before it (the account's opening, before the first, takes the first).
    let instruments: Vec<String> = contracts.keys().cloned().collect();
    let mut marks: BTreeMap<String, BTreeMap<i64, Decimal>> = BTreeMap::new();
    for m in reader.marks(TimeRange::ALL)? {
        marks
            .entry(m.contract)
            .or_default()
            .insert(m.minute_ms, m.mark);
    }
    let marks_at = |minute_ms: i64| -> Vec<Decimal> {
        instruments
            .iter()
            .map(|c| {
                let series = marks.get(c);
                let before = series.and_then(|s| s.range(..=minute_ms).next_back());
                let after = series.and_then(|s| s.range(minute_ms..).next());
                before.or(after).map_or(Decimal::ZERO, |(_, m)| *m)
            })
            .collect()
    };
    let exposure: BTreeMap<i64, ExposureRow> = reader
        .exposure(uid, &coin, TimeRange::ALL)?
        .into_iter()
        .map(|e| (e.minute_ms, e))
        .collect();
    let mut tally = Tally::with_instruments(instruments.clone());
    let rows = reader.equity(uid, &coin, TimeRange::ALL)?;
    let transfers = reader.transfers_of(uid, &coin)?;
    // Each row is a minute's close; the curve is what trading made: equity less the net
    // transfers into the contract account made by then. Margin and leverage are over the
    // account's equity itself.
    let traded = |minute_ms: i64, equity: Decimal| {
        let close = minute_ms.saturating_add(MINUTE_MS);
        let net_in: Decimal = transfers
            .iter()
            .filter(|t| t.time_ms < close)
            .map(|t| match t.direction {
                TransferDirection::ToContract => t.amount,
                TransferDirection::ToWallet => -t.amount,
            })
            .sum();
        equity - net_in
    };
    for r in &rows {
        let risk = exposure.get(&r.minute_ms).map(|e| Exposure {
            equity: r.equity,
            position: r.position,
            margin: e.margin,
            notional: e.notional,
            liquidation_distance_pct: e.liquidation_distance_pct,
        });
        let sample = Sample {
            time_ms: r.minute_ms.saturating_add(MINUTE_MS),
            equity: traded(r.minute_ms, r.equity),
            position: r.position,
            marks: if marks.is_empty() {
                Vec::new()
            } else {
                marks_at(r.minute_ms)
            },
            risk,
        };
        tally.sample(&sample, true);
        tally.minute(sample);
    }
    let mut money = Money {
        orders: reader.orders_count(uid)?,
        ..Money::default()
    };
    for f in reader.fills_of(uid)? {
        money.fees += f.fee;
        money.realized_pnl += f.realized_pnl;
        // An order the account did not place (a liquidation's, ADL's) is a forced close.
        let open = reader
            .order(f.order_id)?
            .is_some_and(|o| o.action == "OPEN");
        tally.fill(FillLine::of_row(&f, open));
    }
    for f in reader.funding(uid, None, TimeRange::ALL)? {
        let long = f.position_side == "BUY";
        tally.funding(FundingLine::of(
            f.time_ms,
            &f.contract,
            long,
            f.rate,
            f.amount,
        ));
    }
    if let Some(last) = tally.last_minute() {
        let unrealized = rows.last().map_or(Decimal::ZERO, |r| r.unrealized);
        tally.end(last, unrealized);
    }
    let account = RunAccount {
        uid,
        api_key: Some(row.api_key),
    };
    let inverse = |c: &str| {
        contracts
            .get(c)
            .is_some_and(|c| c.margin_kind == MarginKind::Coin)
    };
    let queue_model = rules.queue_model;
    let mut report = tally.report(
        RunKind::Paper,
        account,
        coin,
        money,
        queue_model,
        None,
        inverse,
    );
    report.run.latency = latency(&reader.starts()?, reader.last_seq()?);
    Ok(report)
}

/// What a stretch of the journal ran under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Model<'a> {
    /// Inputs journaled before the store recorded the venue's starts (a store of schema version
    /// 1, upgraded by a later start).
    Unrecorded,
    /// No latency model.
    None,
    /// This model, as it writes itself.
    Some(&'a str),
}

/// The latency model of the venue's journal up to `last_seq`, from its `starts`: each start's
/// model holds from its seq to the next start's. A start another followed before any input (one
/// that stopped before it served) ran nothing and is left out; consecutive starts with one model
/// are one stretch.
fn latency(starts: &[StartRow], last_seq: u64) -> String {
    // Each stretch's model and the time it began at (unknown for the unrecorded one).
    let mut stretches: Vec<(Model<'_>, i64)> = Vec::new();
    if starts.first().map_or(last_seq, |s| s.seq) > 0 {
        stretches.push((Model::Unrecorded, 0));
    }
    for (i, start) in starts.iter().enumerate() {
        if starts.get(i + 1).is_some_and(|next| next.seq <= start.seq) {
            continue;
        }
        let model = start.latency.as_deref().map_or(Model::None, Model::Some);
        if stretches.last().is_none_or(|(last, _)| *last != model) {
            stretches.push((model, start.time_ms));
        }
    }
    let at = |ms: i64| format!("{} UTC", local_datetime(ms));
    match stretches.as_slice() {
        [] | [(Model::None, _)] => ZERO_LATENCY.to_owned(),
        [(Model::Some(text), _)] => (*text).to_owned(),
        [(Model::Unrecorded, _)] => UNRECORDED.to_owned(),
        _ => {
            let named: Vec<String> = stretches
                .iter()
                .enumerate()
                .map(|(i, (model, from))| match model {
                    // Only ever first: it lasted until the next one began.
                    Model::Unrecorded => {
                        let until = stretches.get(i + 1).map_or(*from, |(_, t)| *t);
                        format!("not recorded (until {})", at(until))
                    }
                    Model::None => format!("none (from {})", at(*from)),
                    Model::Some(text) => format!("{text} (from {})", at(*from)),
                })
                .collect();
            named.join("; ")
        }
    }
}

/// The latency of a journal written before the store recorded the venue's starts.
const UNRECORDED: &str = "not recorded: the store predates the record of the venue's latency model";

/// The venue's rules and contracts (for the ledger's arithmetic), from the front of its latest
/// snapshot.
fn front(reader: &Reader) -> Result<Front, ReportError> {
    let file = reader.file().display();
    let state = reader.latest_state()?.ok_or_else(|| {
        ReportError::Rules(format!("{file}: no snapshot holds the venue's rules"))
    })?;
    decode_front(&state).map_err(|e| ReportError::Rules(format!("{file}: latest snapshot: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-01-01T00:00:00Z.
    const T0: i64 = 1_767_225_600_000;
    const MODEL: &str = "order entry 30 ms, cancel 0 ms, response 0 ms, market data 0 ms";
    const OTHER: &str = "order entry 5 ms, cancel 5 ms, response 5 ms, market data 5 ms";

    fn start(id: i64, seq: u64, minute: i64, latency: Option<&str>) -> StartRow {
        StartRow {
            id,
            seq,
            time_ms: T0 + minute * 60_000,
            wall_ms: 0,
            latency: latency.map(str::to_owned),
        }
    }

    #[test]
    fn one_model_throughout_is_its_text_and_none_is_zero_latency() {
        assert_eq!(latency(&[start(1, 0, 0, Some(MODEL))], 9), MODEL);
        let restarted = [start(1, 0, 0, Some(MODEL)), start(2, 5, 1, Some(MODEL))];
        assert_eq!(latency(&restarted, 9), MODEL, "the same model twice is one");
        let none = [start(1, 0, 0, None), start(2, 5, 1, None)];
        assert_eq!(latency(&none, 9), ZERO_LATENCY);
        assert_eq!(latency(&[], 0), ZERO_LATENCY, "nothing ever ran");
    }

    #[test]
    fn models_that_changed_are_each_named_from_their_start() {
        let starts = [
            start(1, 0, 0, Some(MODEL)),
            start(2, 5, 10, None),
            start(3, 8, 20, Some(OTHER)),
            start(4, 9, 30, Some(OTHER)),
        ];
        assert_eq!(
            latency(&starts, 12),
            format!(
                "{MODEL} (from 2026-01-01T00:00:00 UTC); none (from 2026-01-01T00:10:00 UTC); \
                 {OTHER} (from 2026-01-01T00:20:00 UTC)"
            )
        );
    }

    #[test]
    fn a_start_that_took_no_input_before_the_next_is_left_out() {
        // A start with another model that stopped before it served: nothing ran under it.
        let starts = [
            start(1, 0, 0, Some(MODEL)),
            start(2, 5, 10, Some(OTHER)),
            start(3, 5, 11, Some(MODEL)),
        ];
        assert_eq!(latency(&starts, 9), MODEL);
        // The latest start is the venue's model now, inputs or not.
        let latest = [start(1, 0, 0, Some(MODEL)), start(2, 5, 10, None)];
        assert!(latency(&latest, 5).ends_with("; none (from 2026-01-01T00:10:00 UTC)"));
    }

    #[test]
    fn a_journal_from_before_the_starts_were_recorded_is_not_recorded() {
        assert_eq!(latency(&[], 7), UNRECORDED, "a store of schema version 1");
        let upgraded = [start(1, 7, 10, None)];
        assert_eq!(
            latency(&upgraded, 9),
            "not recorded (until 2026-01-01T00:10:00 UTC); none (from 2026-01-01T00:10:00 UTC)"
        );
    }
}
