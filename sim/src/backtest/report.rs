//! What a backtest run adds up to, gathered as it goes.

use std::collections::BTreeMap;
use std::time::Duration;

use rust_decimal::Decimal;
use serde::Serialize;

use super::Equity;
use crate::exchange::USER_UID;
use crate::venue::Core;

/// The account's equity and position at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EquityPoint {
    /// Exchange time (ms), the recording's.
    pub time_ms: i64,
    /// Balance plus unrealised PnL (USDT).
    pub equity: Decimal,
    /// Long minus short contracts.
    pub position: Decimal,
}

/// One fill, as the fill log lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FillLine {
    /// Exchange time (ms).
    pub time_ms: i64,
    /// Contract.
    pub contract: String,
    /// The order filled.
    pub order_id: i64,
    /// BUY or SELL.
    pub side: &'static str,
    /// Price.
    pub price: Decimal,
    /// Contracts.
    pub volume: Decimal,
    /// The rule that made it (`book_walk`, `crossed_book`, `trade_through`, `queue_cleared`).
    pub rule: &'static str,
    /// The fee charged.
    pub fee: Decimal,
}

/// A backtest's result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Market-stream frames replayed.
    pub frames: u64,
    /// Wall time the run took, in seconds.
    pub seconds: f64,
    /// Frames a second (wall time).
    pub frames_per_second: f64,
    /// Orders the strategy placed.
    pub orders: u64,
    /// Its fills, by rule.
    pub fills_by_rule: BTreeMap<&'static str, u64>,
    /// Fees paid (USDT).
    pub fees: Decimal,
    /// Profit and loss realised by closes, before fees.
    pub realized_pnl: Decimal,
    /// Profit and loss of the positions still open, at the last mark price.
    pub unrealized_pnl: Decimal,
    /// Equity at the first frame.
    pub equity_start: Decimal,
    /// Equity at the end.
    pub equity_end: Decimal,
    /// The largest fall of equity from a previous high, over every frame.
    pub max_drawdown: Decimal,
    /// Equity and position over time (at most a few thousand points, evenly spaced).
    pub equity: Vec<EquityPoint>,
    /// Every fill, in order.
    pub fills: Vec<FillLine>,
}

impl Report {
    /// The report as pretty JSON (decimals exact).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The fill log alone, one JSON object per line: what two runs of one recording and one
    /// strategy give byte for byte.
    pub fn fill_log(&self) -> String {
        self.fills
            .iter()
            .filter_map(|f| serde_json::to_string(f).ok())
            .map(|l| l + "\n")
            .collect()
    }
}

/// Gathers the run frame by frame.
pub(super) struct Recorder {
    every: usize,
    seen: usize,
    peak: Option<Decimal>,
    max_drawdown: Decimal,
    first: Option<Decimal>,
    points: Vec<EquityPoint>,
}

impl Recorder {
    /// Keeps at most `points` equity points of `frames` frames.
    pub(super) fn new(points: usize, frames: usize) -> Recorder {
        Recorder {
            every: frames.div_ceil(points.max(1)).max(1),
            seen: 0,
            peak: None,
            max_drawdown: Decimal::ZERO,
            first: None,
            points: Vec::new(),
        }
    }

    /// After a frame at `time_ms`: the account's equity then.
    pub(super) fn frame(&mut self, time_ms: i64, e: Equity) {
        let equity = e.balance + e.unrealized;
        self.first.get_or_insert(equity);
        let peak = *self.peak.get_or_insert(equity);
        if equity > peak {
            self.peak = Some(equity);
        } else {
            self.max_drawdown = self.max_drawdown.max(peak - equity);
        }
        if self.seen % self.every == 0 {
            self.points.push(EquityPoint {
                time_ms,
                equity,
                position: e.position,
            });
        }
        self.seen += 1;
    }

    /// The report, from what was gathered, the account's worth at the end and the venue's state
    /// then.
    pub(super) fn finish(mut self, end: Equity, core: &Core, took: Duration) -> Report {
        let equity_end = end.balance + end.unrealized;
        let last = self.points.last().map(|p| p.time_ms).unwrap_or_default();
        if self.points.last().is_some_and(|p| p.equity != equity_end) || self.points.is_empty() {
            self.points.push(EquityPoint {
                time_ms: last,
                equity: equity_end,
                position: end.position,
            });
        }
        let account = core.exchange.account(USER_UID).ok();
        let fills: Vec<FillLine> = core
            .history
            .fills()
            .unwrap_or_default()
            .into_iter()
            .filter(|f| f.uid == USER_UID)
            .map(|f| FillLine {
                time_ms: f.time,
                contract: f.symbol.clone(),
                order_id: f.order_id,
                side: f.side.name(),
                price: f.price,
                volume: f.volume,
                rule: f.rule.name(),
                fee: f.fee,
            })
            .collect();
        let mut fills_by_rule = BTreeMap::new();
        for f in &fills {
            *fills_by_rule.entry(f.rule).or_insert(0) += 1;
        }
        let seconds = took.as_secs_f64();
        Report {
            frames: u64::try_from(self.seen).unwrap_or(u64::MAX),
            seconds,
            frames_per_second: if seconds > 0.0 {
                self.seen as f64 / seconds
            } else {
                0.0
            },
            orders: core.history.orders_done(USER_UID).unwrap_or(0)
                + u64::try_from(
                    core.exchange
                        .orders()
                        .values()
                        .filter(|o| o.uid == USER_UID)
                        .count(),
                )
                .unwrap_or(u64::MAX),
            fills_by_rule,
            fees: core
                .history
                .totals()
                .unwrap_or_default()
                .iter()
                .filter(|((uid, _), _)| *uid == USER_UID)
                .map(|(_, t)| t.fees)
                .sum(),
            realized_pnl: account
                .and_then(|a| a.coins.get("USDT"))
                .map_or(Decimal::ZERO, |c| c.realized),
            unrealized_pnl: end.unrealized,
            equity_start: self.first.unwrap_or(equity_end),
            equity_end,
            max_drawdown: self.max_drawdown,
            equity: self.points,
            fills,
        }
    }
}
