//! A backtest's report, gathered frame by frame through the reports' one mechanism
//! ([`crate::report::tally`]): the account after every frame is an equity sample (every one
//! counts for the drawdown; at most a few thousand, evenly spaced, are kept on the curve), the
//! venue's fills against the source are the fill log. The money comes from the venue: fees from
//! its running totals, realised PnL from the account, orders from the done and live ones.

use std::time::Duration;

use rust_decimal::Decimal;

use super::Equity;
use crate::exchange::USER_UID;
use crate::report::tally::{Money, Tally};
use crate::report::{EquityPoint, FillLine, Report, RunAccount, RunKind, Timing};
use crate::venue::Core;

/// The coin a backtest's money is in (its equity is the account's USDT).
const COIN: &str = "USDT";

/// Gathers the run frame by frame.
pub(crate) struct Recorder {
    every: usize,
    seen: usize,
    tally: Tally,
}

impl Recorder {
    /// Keeps at most `points` equity points of `frames` frames.
    pub(crate) fn new(points: usize, frames: usize) -> Recorder {
        Recorder {
            every: frames.div_ceil(points.max(1)).max(1),
            seen: 0,
            tally: Tally::default(),
        }
    }

    /// After a frame at `time_ms`: the account's equity then.
    pub(super) fn frame(&mut self, time_ms: i64, e: Equity) {
        let point = EquityPoint {
            time_ms,
            equity: e.balance + e.unrealized,
            position: e.position,
        };
        self.tally.sample(point, self.seen % self.every == 0);
        self.seen += 1;
    }

    /// The report, from what was gathered, the account's worth at the end, the venue's state
    /// then, the funded account's API key and the wall time the run took.
    pub(super) fn finish(
        mut self,
        end: Equity,
        core: &Core,
        api_key: &str,
        took: Duration,
    ) -> Report {
        let fills = core.history.fills().unwrap_or_default();
        for f in fills.iter().filter(|f| f.uid == USER_UID) {
            self.tally.fill(FillLine::from(f));
        }
        self.tally
            .end(end.balance + end.unrealized, end.position, end.unrealized);
        let account = core.exchange.account(USER_UID).ok();
        let live = core
            .exchange
            .orders()
            .values()
            .filter(|o| o.uid == USER_UID)
            .count();
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
                .and_then(|a| a.coins.get(COIN))
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
        self.tally.report(
            RunKind::Backtest,
            account,
            COIN.to_owned(),
            money,
            core.exchange.rules().queue_model,
            Some(timing),
        )
    }
}
