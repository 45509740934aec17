//! A backtest's report, gathered frame by frame through the reports' one mechanism
//! ([`crate::report::tally`]):
//! - after every frame the account is an equity sample (every one counts for the drawdown; at
//!   most a few thousand, evenly spaced, are kept on the curve);
//! - after the first frame (the account as funded, the marks as the recording set them) and
//!   before whatever the engine takes in a later minute of event time (a frame, a request), the
//!   account is sampled at each minute's close passed: the minutes the metrics come from, each
//!   the state after the last input of its minute;
//! - the fills and funding payments are the tap's ([`super::tap`]): every one of the run.
//!
//! A sample is the account's exposure in the report's coin ([`Exchange::exposure`]) with the
//! marks of the source contracts margined in it. The money comes from the venue: fees from its
//! running totals, realised PnL from the account, orders from the done and live ones.

use std::time::Duration;

use rust_decimal::Decimal;

use super::tap::Tap;
use crate::report::tally::{MINUTE_MS, Money, Sample, Tally};
use crate::report::{Report, RunAccount, RunKind, Timing};
use contango_sim::config::MarginKind;
use contango_sim::exchange::{Exchange, USER_UID};
use contango_sim::venue::{Core, lock};

/// Gathers the run frame by frame (cloned to report on a run that goes on: a driven venue's).
#[derive(Clone)]
pub(crate) struct Gatherer {
    every: usize,
    seen: usize,
    tally: Tally,
    /// The margin coin the money is in.
    coin: String,
    /// The contracts whose marks each sample carries.
    instruments: Vec<String>,
    /// The next minute's close a sample is due at (`None`: before the first frame).
    next_close: Option<i64>,
}

impl Gatherer {
    /// Keeps at most `points` curve points of `frames` frames; the money in `coin`, each sample
    /// with the marks of `instruments`.
    pub(crate) fn new(
        points: usize,
        frames: usize,
        coin: String,
        instruments: Vec<String>,
    ) -> Gatherer {
        Gatherer {
            every: frames.div_ceil(points.max(1)).max(1),
            seen: 0,
            tally: Tally::with_instruments(instruments.clone()),
            coin,
            instruments,
            next_close: None,
        }
    }

    fn sample(&self, time_ms: i64, ex: &Exchange) -> Sample {
        let marks = self.instruments.iter().map(|c| ex.mark(c)).collect();
        Sample::of(time_ms, ex.exposure(USER_UID, &self.coin), marks)
    }

    /// Before the engine takes an input at `time_ms`: the account at each minute's close
    /// passed since the last input (the same state at each: the tally repeats the first up to
    /// the last).
    pub(super) fn before(&mut self, time_ms: i64, ex: &Exchange) {
        let Some(close) = self.next_close.filter(|c| time_ms >= *c) else {
            return;
        };
        let sample = self.sample(close, ex);
        let last = time_ms - time_ms.rem_euclid(MINUTE_MS);
        if last > close {
            self.tally.minute(sample.clone());
        }
        self.tally.minute(Sample {
            time_ms: last,
            ..sample
        });
        self.next_close = Some(last + MINUTE_MS);
    }

    /// After a frame at `time_ms`: the account then. The first frame also opens the minutes, at
    /// the start of its minute (the account as funded, the marks as that frame set them).
    pub(super) fn frame(&mut self, time_ms: i64, ex: &Exchange) {
        let sample = self.sample(time_ms, ex);
        if self.next_close.is_none() {
            let start = time_ms - time_ms.rem_euclid(MINUTE_MS);
            self.tally.minute(Sample {
                time_ms: start,
                ..sample.clone()
            });
            self.next_close = Some(start + MINUTE_MS);
        }
        self.tally.sample(&sample, self.seen % self.every == 0);
        self.seen += 1;
    }

    /// The report, from what was gathered, the tap's fills and funding, the venue's state at the
    /// end, the funded account's API key and the wall time the run took.
    pub(super) fn finish(
        mut self,
        tap: &Tap,
        core: &Core,
        api_key: &str,
        took: Duration,
    ) -> Report {
        let ex = &core.exchange;
        {
            let kept = lock(&tap.kept);
            for f in &kept.fills {
                self.tally.fill(f.clone());
            }
            for f in &kept.funding {
                self.tally.funding(f.clone());
            }
        }
        let end = self.sample(ex.now(), ex);
        let unrealized = end.equity - balance(ex, &self.coin);
        self.tally.end_minutes(end.clone());
        self.tally.end(end, unrealized);
        let account = ex.account(USER_UID).ok();
        let live = ex.orders().values().filter(|o| o.uid == USER_UID).count();
        let money = Money {
            orders: core.history.orders_done(USER_UID).unwrap_or(0)
                + u64::try_from(live).unwrap_or(u64::MAX),
            fees: core
                .history
                .totals()
                .unwrap_or_default()
                .iter()
                .filter(|((uid, _), _)| *uid == USER_UID)
                .map(|(_, t)| t.fees)
                .sum(),
            realized_pnl: account
                .and_then(|a| a.coins.get(&self.coin))
                .map_or(Decimal::ZERO, |c| c.realized),
        };
        let seconds = took.as_secs_f64();
        let timing = Timing {
            seconds,
            frames: u64::try_from(self.seen).unwrap_or(u64::MAX),
            frames_per_second: if seconds > 0.0 {
                self.seen as f64 / seconds
            } else {
                0.0
            },
        };
        let account = RunAccount {
            uid: USER_UID,
            api_key: Some(api_key.to_owned()),
        };
        let inverse = |c: &str| {
            ex.contracts()
                .get(c)
                .is_some_and(|c| c.margin_kind == MarginKind::Coin)
        };
        self.tally.report(
            RunKind::Backtest,
            account,
            self.coin,
            money,
            ex.rules().queue_model,
            Some(timing),
            inverse,
        )
    }
}

/// The account's balance in `coin`.
fn balance(ex: &Exchange, coin: &str) -> Decimal {
    ex.account(USER_UID)
        .ok()
        .and_then(|a| a.coins.get(coin))
        .map_or(Decimal::ZERO, |c| c.balance)
}
