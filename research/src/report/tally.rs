//! The one mechanism every report gathers its figures with: equity samples, in time order, give
//! the curve, the start, the end and the maximum drawdown; the minute samples give the series the
//! metrics come from; fills give the fill log, the counts by rule and the ledger; funding
//! payments their own list; all give the span. A backtest feeds it the account after every frame
//! and at each minute's close, a paper session the store's equity rows, fills and funding.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive as _;

use super::{
    EquityPoint, FillLine, FundingLine, MinutePoint, Report, Results, Run, RunAccount, RunKind,
    Span, Timing, ZERO_LATENCY, ledger, metrics, stats,
};
use contango_sim::exchange::book::source::QueueModel;
use contango_sim::exchange::exposure::Exposure;

/// A minute of event time (ms): the step of the minute samples.
pub(crate) const MINUTE_MS: i64 = 60_000;

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

/// The account at one moment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sample {
    /// Exchange time (ms).
    pub time_ms: i64,
    /// Balance plus unrealised PnL.
    pub equity: Decimal,
    /// Long minus short contracts.
    pub position: Decimal,
    /// The marks of the tally's instruments, in their order (empty: not known).
    pub marks: Vec<Decimal>,
    /// The account's exposure: its margin, notional and liquidation distance, and the equity
    /// they are measured against (`None`: not known).
    pub risk: Option<Exposure>,
}

impl Sample {
    /// The account's exposure at `time_ms`, with the instruments' marks then.
    pub(crate) fn of(time_ms: i64, e: Exposure, marks: Vec<Decimal>) -> Sample {
        Sample {
            time_ms,
            equity: e.equity,
            position: e.position,
            marks,
            risk: Some(e),
        }
    }

    /// Equity and position alone.
    #[cfg(test)]
    pub(crate) fn bare(time_ms: i64, equity: Decimal, position: Decimal) -> Sample {
        Sample {
            time_ms,
            equity,
            position,
            marks: Vec::new(),
            risk: None,
        }
    }
}

/// A report being gathered.
#[derive(Debug, Default, Clone)]
pub(crate) struct Tally {
    /// The contracts whose marks the samples carry, in order.
    instruments: Vec<String>,
    first: Option<Decimal>,
    peak: Option<Decimal>,
    max_drawdown: Decimal,
    /// The end's equity and unrealised PnL ([`Tally::end`]).
    end: Option<(Decimal, Decimal)>,
    curve: Vec<Sample>,
    minutes: Vec<Sample>,
    fills: Vec<FillLine>,
    funding: Vec<FundingLine>,
    span: Option<Span>,
}

impl Tally {
    /// A tally whose samples carry the marks of `instruments`, in that order.
    pub(crate) fn with_instruments(instruments: Vec<String>) -> Tally {
        Tally {
            instruments,
            ..Tally::default()
        }
    }

    /// An equity sample: it counts for the start, the drawdown (from the running peak) and the
    /// span; with `keep`, it is a point of the curve too.
    pub(crate) fn sample(&mut self, sample: &Sample, keep: bool) {
        self.time(sample.time_ms);
        let equity = sample.equity;
        self.first.get_or_insert(equity);
        let peak = *self.peak.get_or_insert(equity);
        if equity > peak {
            self.peak = Some(equity);
        } else {
            self.max_drawdown = self.max_drawdown.max(peak - equity);
        }
        if keep {
            self.curve.push(sample.clone());
        }
    }

    /// The account at a minute's close (or at the end), in time order. The minutes between the
    /// last one and it took no input: each repeats the last.
    pub(crate) fn minute(&mut self, sample: Sample) {
        self.time(sample.time_ms);
        if let Some(last) = self.minutes.last().cloned() {
            if sample.time_ms <= last.time_ms {
                return;
            }
            let mut at = last.time_ms - last.time_ms.rem_euclid(MINUTE_MS) + MINUTE_MS;
            while at < sample.time_ms {
                self.minutes.push(Sample {
                    time_ms: at,
                    ..last.clone()
                });
                at += MINUTE_MS;
            }
        }
        self.minutes.push(sample);
    }

    /// The last minute sample, if any.
    pub(crate) fn last_minute(&self) -> Option<Sample> {
        self.minutes.last().cloned()
    }

    /// A fill, in order.
    pub(crate) fn fill(&mut self, line: FillLine) {
        self.time(line.time_ms);
        self.fills.push(line);
    }

    /// A funding payment, in order.
    pub(crate) fn funding(&mut self, line: FundingLine) {
        self.funding.push(line);
    }

    /// The minutes end with `sample` at the span's last moment (a backtest's end falls inside
    /// a minute, or on a minute's close: then the end, after that moment's inputs, replaces the
    /// close sampled before them).
    pub(crate) fn end_minutes(&mut self, mut sample: Sample) {
        sample.time_ms = self.span.map_or(0, |s| s.last_ms);
        if let Some(last) = self
            .minutes
            .last_mut()
            .filter(|l| l.time_ms == sample.time_ms)
        {
            *last = sample;
            return;
        }
        self.minute(sample);
    }

    /// The account at the end, with its unrealised PnL. The curve ends there (a point at the
    /// span's last moment, unless its last point already has that equity and position); the
    /// drawdown counts samples only.
    pub(crate) fn end(&mut self, mut sample: Sample, unrealized: Decimal) {
        self.end = Some((sample.equity, unrealized));
        sample.time_ms = self.span.map_or(0, |s| s.last_ms);
        let same = self
            .curve
            .last()
            .is_some_and(|p| p.equity == sample.equity && p.position == sample.position);
        if !same {
            self.curve.push(sample);
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

    /// The contract the chart and buy-and-hold follow: the one with the most fills (the first
    /// filled among equals), else the first instrument.
    fn instrument(&self) -> Option<String> {
        let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for (i, f) in self.fills.iter().enumerate() {
            counts.entry(&f.contract).or_insert((0, i)).0 += 1;
        }
        let most = counts
            .into_iter()
            .max_by(|a, b| a.1.0.cmp(&b.1.0).then(b.1.1.cmp(&a.1.1)))
            .map(|(c, _)| c.to_owned());
        most.or_else(|| self.instruments.first().cloned())
    }

    /// The report of `account`'s run of `kind`, its money in `coin`, its fills made under
    /// `queue_model`; `inverse` says which contracts are coin-margined (the ledger's arithmetic).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn report(
        self,
        kind: RunKind,
        account: RunAccount,
        coin: String,
        money: Money,
        queue_model: QueueModel,
        timing: Option<Timing>,
        inverse: impl Fn(&str) -> bool,
    ) -> Report {
        let mut fills_by_rule = BTreeMap::new();
        for f in &self.fills {
            *fills_by_rule.entry(f.rule.clone()).or_insert(0) += 1;
        }
        let sampled = self.first.is_some();
        let equity_end = self.end.map(|(e, _)| e);
        let instrument = self.instrument();
        let at = instrument
            .as_ref()
            .and_then(|i| self.instruments.iter().position(|c| c == i));
        let price = |s: &Sample| at.and_then(|i| s.marks.get(i).copied());
        let equity = self
            .curve
            .iter()
            .map(|s| EquityPoint {
                time_ms: s.time_ms,
                equity: s.equity,
                position: s.position,
                price: price(s),
            })
            .collect();
        let minutes = self
            .minutes
            .iter()
            .map(|s| MinutePoint {
                time_ms: s.time_ms,
                equity: s.equity,
                position: s.position,
                price: price(s),
                margin_used_pct: s
                    .risk
                    .and_then(|r| over(r.margin * Decimal::ONE_HUNDRED, r.equity)),
                leverage: s.risk.and_then(|r| over(r.notional, r.equity)),
                liquidation_distance_pct: s
                    .risk
                    .and_then(|r| r.liquidation_distance_pct)
                    .and_then(|d| d.to_f64()),
            })
            .collect();
        let trades = ledger::ledger(&self.fills, inverse);
        let mut report = Report {
            run: Run {
                kind,
                account,
                coin,
                span: self.span,
                latency: ZERO_LATENCY.to_owned(),
                queue_model: queue_model.to_string(),
                instrument,
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
            metrics: metrics::Metrics::default(),
            equity,
            minutes,
            fills: self.fills,
            funding: self.funding,
            trades,
            timing,
        };
        report.metrics = stats::compute(&report);
        report
    }
}

/// `part / equity` as a float (`None`: an equity at or below 0).
fn over(part: Decimal, equity: Decimal) -> Option<f64> {
    (equity > Decimal::ZERO)
        .then(|| (part / equity).to_f64())
        .flatten()
}

/// The rule of a fill between two orders of the venue (the store's name for it too).
const MATCH: &str = "match";

impl FillLine {
    /// One side of a trade as it left the core; `open`: its order opened (a forced close's
    /// order is none of the account's, and closes).
    pub(crate) fn of_trade(
        t: &contango_sim::exchange::records::TradeRecord,
        open: bool,
    ) -> FillLine {
        FillLine {
            time_ms: t.time,
            contract: t.symbol.clone(),
            order_id: t.order_id,
            side: t.side.name().to_owned(),
            action: action(open),
            price: t.price,
            volume: t.volume,
            value: t.value,
            maker: t.is_maker,
            rule: t.rule.map_or(MATCH, |r| r.name()).to_owned(),
            fee: t.fee,
        }
    }

    /// A row of the store's `fills` table (its `side` and `rule` are the same names); `open`:
    /// its order opened.
    pub(crate) fn of_row(f: &contango_sim::store::FillRow, open: bool) -> FillLine {
        FillLine {
            time_ms: f.time_ms,
            contract: f.contract.clone(),
            order_id: f.order_id,
            side: f.side.clone(),
            action: action(open),
            price: f.price,
            volume: f.volume,
            value: f.value,
            maker: f.maker,
            rule: f.rule.clone(),
            fee: f.fee,
        }
    }
}

fn action(open: bool) -> String {
    if open { "OPEN" } else { "CLOSE" }.to_owned()
}

impl FundingLine {
    /// A funding payment, its position named by the side that holds it (`BUY`: long).
    pub(crate) fn of(
        time_ms: i64,
        contract: &str,
        long: bool,
        rate: Decimal,
        amount: Decimal,
    ) -> FundingLine {
        FundingLine {
            time_ms,
            contract: contract.to_owned(),
            side: if long { "long" } else { "short" }.to_owned(),
            rate,
            amount,
        }
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal_macros::dec;

    use super::*;
    use contango_sim::exchange::records::TradeRecord;

    fn point(time_ms: i64, equity: Decimal) -> Sample {
        Sample::bare(time_ms, equity, Decimal::ZERO)
    }

    fn account() -> RunAccount {
        RunAccount {
            uid: 7,
            api_key: None,
        }
    }

    fn report(t: Tally) -> Report {
        t.report(
            RunKind::Paper,
            account(),
            "USDT".into(),
            Money::default(),
            QueueModel::Conservative,
            None,
            |_| false,
        )
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
            t.sample(&point(i64::try_from(i).unwrap_or(0) * 1000, e), i % 2 == 0);
        }
        t.end(point(0, dec!(80)), dec!(-5));
        let r = report(t);
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
    fn minutes_without_input_repeat_the_one_before_and_the_end_closes_them() {
        let mut t = Tally::default();
        t.minute(point(MINUTE_MS, dec!(100)));
        t.minute(point(4 * MINUTE_MS, dec!(90)));
        t.minute(point(4 * MINUTE_MS, dec!(1)));
        t.fill(FillLine::of_trade(&trade(4 * MINUTE_MS + 30_000), true));
        t.end_minutes(point(0, dec!(95)));
        t.end(point(0, dec!(95)), Decimal::ZERO);
        let r = report(t);
        let minutes: Vec<(i64, Decimal)> =
            r.minutes.iter().map(|m| (m.time_ms, m.equity)).collect();
        assert_eq!(
            minutes,
            [
                (MINUTE_MS, dec!(100)),
                (2 * MINUTE_MS, dec!(100)),
                (3 * MINUTE_MS, dec!(100)),
                (4 * MINUTE_MS, dec!(90)),
                (4 * MINUTE_MS + 30_000, dec!(95)),
            ]
        );
        assert_eq!(r.run.instrument.as_deref(), Some("E-BTC-USDT"));
        assert_eq!(r.metrics.equity_final, Some(dec!(95)));
    }

    /// A run that ends on a minute's close: the close was sampled before that moment's inputs,
    /// the end after them, and the end is what the minutes finish with.
    #[test]
    fn an_end_on_a_minutes_close_replaces_the_close_sampled_before_its_inputs() {
        let mut t = Tally::default();
        t.minute(point(MINUTE_MS, dec!(100)));
        t.minute(point(2 * MINUTE_MS, dec!(99)));
        t.end_minutes(point(0, dec!(97)));
        t.end(point(0, dec!(97)), Decimal::ZERO);
        let r = report(t);
        let minutes: Vec<(i64, Decimal)> =
            r.minutes.iter().map(|m| (m.time_ms, m.equity)).collect();
        assert_eq!(minutes, [(MINUTE_MS, dec!(100)), (2 * MINUTE_MS, dec!(97))]);
        assert_eq!(r.metrics.equity_final, r.results.equity_end);
    }

    fn trade(time: i64) -> TradeRecord {
        TradeRecord {
            trade_id: 1,
            order_id: 1,
            uid: 7,
            symbol: "E-BTC-USDT".into(),
            price: dec!(1),
            volume: dec!(1),
            value: dec!(0.001),
            side: contango_sim::exchange::book::Side::Buy,
            fee: dec!(0.1),
            realized: Decimal::ZERO,
            bid_id: 1,
            ask_id: 2,
            bid_uid: 7,
            ask_uid: 1,
            is_maker: false,
            rule: None,
            time,
        }
    }

    #[test]
    fn without_samples_the_equity_figures_are_undefined() {
        let mut t = Tally::default();
        for ms in [5, 3, 9] {
            t.fill(FillLine::of_trade(&trade(ms), true));
        }
        let r = report(t);
        assert_eq!(r.results.fills_by_rule.get("match"), Some(&3));
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
        assert!(r.equity.is_empty() && r.minutes.is_empty());
        assert_eq!(r.metrics.sharpe_ratio, None);
    }
}
