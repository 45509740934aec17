//! The one mechanism every report gathers its figures with: equity samples, in time order, give
//! the curve, the start, the end and the maximum drawdown; fills give the fill log and the
//! counts by rule; both give the span. A backtest feeds it the account after every frame, a paper
//! session the store's equity rows and fills.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use super::{
    EquityPoint, FillLine, Report, Results, Run, RunAccount, RunKind, Span, Timing, ZERO_LATENCY,
};
use crate::exchange::book::source::QueueModel;
use crate::history::FillRecord;

/// What a run's own sources say about its money, beside what the tally gathers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Money {
    /// Orders placed.
    pub orders: u64,
    /// Fees paid.
    pub fees: Decimal,
    /// PnL realised, before fees.
    pub realized_pnl: Decimal,
}

/// A report being gathered.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    first: Option<Decimal>,
    peak: Option<Decimal>,
    max_drawdown: Decimal,
    /// The end's equity and unrealised PnL ([`Tally::end`]).
    end: Option<(Decimal, Decimal)>,
    curve: Vec<EquityPoint>,
    fills: Vec<FillLine>,
    span: Option<Span>,
}

impl Tally {
    /// An equity sample: it counts for the start, the drawdown (from the running peak) and the
    /// span; with `keep`, it is a point of the curve too.
    pub(crate) fn sample(&mut self, point: EquityPoint, keep: bool) {
        self.time(point.time_ms);
        let equity = point.equity;
        self.first.get_or_insert(equity);
        let peak = *self.peak.get_or_insert(equity);
        if equity > peak {
            self.peak = Some(equity);
        } else {
            self.max_drawdown = self.max_drawdown.max(peak - equity);
        }
        if keep {
            self.curve.push(point);
        }
    }

    /// A fill, in order.
    pub(crate) fn fill(&mut self, line: FillLine) {
        self.time(line.time_ms);
        self.fills.push(line);
    }

    /// The account at the end: its equity, position and unrealised PnL. The curve ends there (a
    /// point at the span's last moment, unless its last point already has that equity and
    /// position); the drawdown counts samples only.
    pub(crate) fn end(&mut self, equity: Decimal, position: Decimal, unrealized: Decimal) {
        self.end = Some((equity, unrealized));
        let same = self
            .curve
            .last()
            .is_some_and(|p| p.equity == equity && p.position == position);
        if !same {
            let time_ms = self.span.map_or(0, |s| s.last_ms);
            self.curve.push(EquityPoint {
                time_ms,
                equity,
                position,
            });
        }
    }

    fn time(&mut self, ms: i64) {
        self.span = Some(match self.span {
            None => Span {
                first_ms: ms,
                last_ms: ms,
            },
            Some(s) => Span {
                first_ms: s.first_ms.min(ms),
                last_ms: s.last_ms.max(ms),
            },
        });
    }

    /// The report of `account`'s run of `kind`, its money in `coin`, its fills made under
    /// `queue_model`.
    pub(crate) fn report(
        self,
        kind: RunKind,
        account: RunAccount,
        coin: String,
        money: Money,
        queue_model: QueueModel,
        timing: Option<Timing>,
    ) -> Report {
        let mut fills_by_rule = BTreeMap::new();
        for f in &self.fills {
            *fills_by_rule.entry(f.rule.clone()).or_insert(0) += 1;
        }
        let sampled = self.first.is_some();
        let equity_end = self.end.map(|(e, _)| e);
        Report {
            run: Run {
                kind,
                account,
                coin,
                span: self.span,
                latency: ZERO_LATENCY.to_owned(),
                queue_model: queue_model.to_string(),
            },
            results: Results {
                orders: money.orders,
                fills_by_rule,
                fees: money.fees,
                realized_pnl: money.realized_pnl,
                unrealized_pnl: self.end.map(|(_, u)| u),
                equity_start: self.first.or(equity_end),
                equity_end,
                max_drawdown: sampled.then_some(self.max_drawdown),
            },
            equity: self.curve,
            fills: self.fills,
            timing,
        }
    }
}

impl From<&FillRecord> for FillLine {
    /// A fill the venue's history keeps (a backtest's, against the market source).
    fn from(f: &FillRecord) -> FillLine {
        FillLine {
            time_ms: f.time,
            contract: f.symbol.clone(),
            order_id: f.order_id,
            side: f.side.name().to_owned(),
            price: f.price,
            volume: f.volume,
            rule: f.rule.name().to_owned(),
            fee: f.fee,
        }
    }
}

#[cfg(feature = "journal")]
impl From<&crate::store::FillRow> for FillLine {
    /// A row of the store's `fills` table (its `side` and `rule` are the same names).
    fn from(f: &crate::store::FillRow) -> FillLine {
        FillLine {
            time_ms: f.time_ms,
            contract: f.contract.clone(),
            order_id: f.order_id,
            side: f.side.clone(),
            price: f.price,
            volume: f.volume,
            rule: f.rule.clone(),
            fee: f.fee,
        }
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal_macros::dec;

    use super::*;

    fn point(time_ms: i64, equity: Decimal) -> EquityPoint {
        EquityPoint {
            time_ms,
            equity,
            position: Decimal::ZERO,
        }
    }

    fn account() -> RunAccount {
        RunAccount {
            uid: 7,
            api_key: None,
        }
    }

    #[test]
    fn drawdown_is_the_largest_fall_from_a_running_peak_over_every_sample() {
        let mut t = Tally::default();
        for (i, e) in [
            dec!(100),
            dec!(90),
            dec!(120),
            dec!(95),
            dec!(110),
            dec!(80),
        ]
        .into_iter()
        .enumerate()
        {
            // Only every other sample is kept on the curve; all count.
            t.sample(point(i64::try_from(i).unwrap_or(0) * 1000, e), i % 2 == 0);
        }
        t.end(dec!(80), Decimal::ZERO, dec!(-5));
        let r = t.report(
            RunKind::Paper,
            account(),
            "USDT".into(),
            Money::default(),
            QueueModel::Conservative,
            None,
        );
        assert_eq!(r.results.max_drawdown, Some(dec!(40)));
        assert_eq!(r.results.equity_start, Some(dec!(100)));
        assert_eq!(r.results.equity_end, Some(dec!(80)));
        assert_eq!(r.results.unrealized_pnl, Some(dec!(-5)));
        // Kept: 0, 2, 4; the end differs from the last kept point, so it closes the curve at
        // the span's last moment.
        let times: Vec<i64> = r.equity.iter().map(|p| p.time_ms).collect();
        assert_eq!(times, [0, 2000, 4000, 5000]);
        assert_eq!(
            r.run.span,
            Some(Span {
                first_ms: 0,
                last_ms: 5000
            })
        );
    }

    #[test]
    fn without_samples_the_equity_figures_are_undefined() {
        let mut t = Tally::default();
        for (ms, rule) in [(5, "match"), (3, "book_walk"), (9, "match")] {
            t.fill(FillLine {
                time_ms: ms,
                contract: "E-BTC-USDT".into(),
                order_id: 1,
                side: "BUY".into(),
                price: dec!(1),
                volume: dec!(1),
                rule: rule.into(),
                fee: dec!(0.1),
            });
        }
        let r = t.report(
            RunKind::Paper,
            account(),
            "USDT".into(),
            Money::default(),
            QueueModel::Conservative,
            None,
        );
        assert_eq!(r.results.fills_by_rule.get("match"), Some(&2));
        assert_eq!(r.results.fills_by_rule.get("book_walk"), Some(&1));
        assert_eq!(
            (
                r.results.equity_start,
                r.results.equity_end,
                r.results.max_drawdown
            ),
            (None, None, None)
        );
        assert_eq!(
            r.run.span,
            Some(Span {
                first_ms: 3,
                last_ms: 9
            })
        );
        assert!(r.equity.is_empty());
    }
}
