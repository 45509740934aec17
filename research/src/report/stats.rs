//! The metrics' arithmetic ([`super::metrics`] says what each figure is): returns, drawdowns and
//! exposure from the minute samples, the ledger's figures, the fees and funding sums. Pure
//! functions of a report's own series.

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive as _;

use super::metrics::{MINUTES_A_YEAR, Metrics};
use super::{MinutePoint, Report};

/// A finite float, else `None`.
fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

fn float(d: Decimal) -> Option<f64> {
    d.to_f64().and_then(finite)
}

fn mean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / xs.len() as f64)
}

/// The sample standard deviation (`n − 1`): `None` under two values.
fn std_dev(xs: &[f64]) -> Option<f64> {
    let m = mean(xs)?;
    (xs.len() >= 2).then(|| {
        let ss: f64 = xs.iter().map(|x| (x - m).powi(2)).sum();
        (ss / (xs.len() - 1) as f64).sqrt()
    })
}

/// `a / b` when `b` is not 0 and the result is finite.
fn ratio(a: f64, b: f64) -> Option<f64> {
    (b != 0.0).then(|| a / b).and_then(finite)
}

/// The mean of integer durations, rounded to the ms.
fn mean_ms(xs: &[i64]) -> Option<i64> {
    let n = i128::try_from(xs.len()).ok().filter(|n| *n > 0)?;
    let sum: i128 = xs.iter().map(|&x| i128::from(x)).sum();
    i64::try_from((2 * sum + n).div_euclid(2 * n)).ok()
}

/// The minute-to-minute simple returns (`None`: fewer than two samples, or an equity at or
/// below 0 before a return).
pub(crate) fn returns(minutes: &[MinutePoint]) -> Option<Vec<f64>> {
    if minutes.len() < 2 {
        return None;
    }
    minutes
        .windows(2)
        .map(|w| match w {
            [a, b] if a.equity > Decimal::ZERO => float((b.equity - a.equity) / a.equity),
            _ => None,
        })
        .collect()
}

/// A drawdown: from the peak before it to the first sample back at the peak (or the last).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Drawdown {
    /// Its deepest point, a fraction of the peak (positive).
    pub depth: f64,
    /// From the peak to the recovery or the end (ms).
    pub duration_ms: i64,
}

/// Each sample's drawdown (a fraction of the running peak) and the drawdowns (`None`: no
/// sample, or a peak at or below 0).
pub(crate) fn drawdowns(minutes: &[MinutePoint]) -> Option<(Vec<f64>, Vec<Drawdown>)> {
    let first = minutes.first()?;
    let mut peak = first.equity;
    let mut peak_ms = first.time_ms;
    let mut series = Vec::with_capacity(minutes.len());
    let mut periods = Vec::new();
    let mut open: Option<f64> = None;
    for p in minutes {
        if p.equity >= peak {
            if let Some(depth) = open.take() {
                periods.push(Drawdown {
                    depth,
                    duration_ms: p.time_ms - peak_ms,
                });
            }
            peak = p.equity;
            peak_ms = p.time_ms;
            series.push(0.0);
            continue;
        }
        if peak <= Decimal::ZERO {
            return None;
        }
        let dd = float((peak - p.equity) / peak)?;
        series.push(dd);
        open = Some(open.map_or(dd, |d| d.max(dd)));
    }
    if let (Some(depth), Some(last)) = (open, minutes.last()) {
        periods.push(Drawdown {
            depth,
            duration_ms: last.time_ms - peak_ms,
        });
    }
    Some((series, periods))
}

/// The time (ms) a position was open in `[start, end]`, from the fills: each OPEN adds its
/// volume, each CLOSE takes it away.
fn exposed_ms(report: &Report, end: i64) -> i64 {
    let mut open = Decimal::ZERO;
    let mut since: Option<i64> = None;
    let mut total = 0;
    for f in &report.fills {
        let before = open > Decimal::ZERO;
        if f.action == "OPEN" {
            open += f.volume;
        } else {
            open = (open - f.volume).max(Decimal::ZERO);
        }
        match (before, open > Decimal::ZERO) {
            (false, true) => since = Some(f.time_ms),
            (true, false) => total += since.take().map_or(0, |s| f.time_ms - s),
            _ => {}
        }
    }
    total + since.map_or(0, |s| (end - s).max(0))
}

/// The metrics of `report`, from its span, minutes, fills, funding and ledger.
pub(crate) fn compute(report: &Report) -> Metrics {
    let mut m = Metrics::default();
    if let Some(span) = report.run.span {
        m.start = Some(span.first_ms);
        m.end = Some(span.last_ms);
        let duration = span.last_ms - span.first_ms;
        m.duration = Some(duration);
        let exposed = exposed_ms(report, span.last_ms);
        m.exposure_time_pct = ratio(exposed as f64 * 100.0, duration as f64);
    }
    equity(report, &mut m);
    trades(report, &mut m);
    for f in &report.fills {
        if f.maker {
            m.fees_maker += f.fee;
        } else {
            m.fees_taker += f.fee;
        }
    }
    for f in &report.funding {
        if f.amount < Decimal::ZERO {
            m.funding_paid -= f.amount;
        } else {
            m.funding_received += f.amount;
        }
    }
    risk(&report.minutes, &mut m);
    m
}

/// The figures of the equity's minute samples.
fn equity(report: &Report, m: &mut Metrics) {
    let minutes = &report.minutes;
    let (Some(first), Some(last)) = (minutes.first(), minutes.last()) else {
        return;
    };
    m.equity_final = Some(last.equity);
    m.equity_peak = minutes.iter().map(|p| p.equity).max();
    if first.equity > Decimal::ZERO {
        m.return_pct = float((last.equity - first.equity) / first.equity * Decimal::ONE_HUNDRED);
    }
    if let (Some(a), Some(b)) = (first.price, last.price) {
        if a > Decimal::ZERO {
            m.buy_and_hold_return_pct = float((b - a) / a * Decimal::ONE_HUNDRED);
        }
    }
    let drawdown = drawdowns(minutes);
    if let Some((series, periods)) = &drawdown {
        let deepest = series.iter().copied().fold(0.0, f64::max);
        m.max_drawdown_pct = Some(if deepest > 0.0 { -deepest * 100.0 } else { 0.0 });
        let depths: Vec<f64> = periods.iter().map(|p| p.depth).collect();
        m.avg_drawdown_pct = mean(&depths).map(|d| -d * 100.0);
        let lengths: Vec<i64> = periods.iter().map(|p| p.duration_ms).collect();
        m.max_drawdown_duration = lengths.iter().copied().max();
        m.avg_drawdown_duration = mean_ms(&lengths);
    }
    let Some(r) = returns(minutes) else {
        return;
    };
    let n = r.len() as f64;
    let growth = float(last.equity / first.equity).filter(|g| *g >= 0.0);
    m.return_ann_pct = growth
        .map(|g| (g.powf(MINUTES_A_YEAR / n) - 1.0) * 100.0)
        .and_then(finite);
    let sd = std_dev(&r);
    let year = MINUTES_A_YEAR.sqrt();
    m.volatility_ann_pct = sd.map(|s| s * year * 100.0).and_then(finite);
    let avg = mean(&r).unwrap_or(0.0);
    m.sharpe_ratio = sd.and_then(|s| ratio(avg, s)).map(|x| x * year);
    // Like the Sharpe ratio, a deviation of one return is none.
    let downside = (r.iter().map(|x| x.min(0.0).powi(2)).sum::<f64>() / n).sqrt();
    m.sortino_ratio = (r.len() >= 2)
        .then(|| ratio(avg, downside))
        .flatten()
        .map(|x| x * year);
    if let (Some(ann), Some(dd)) = (m.return_ann_pct, m.max_drawdown_pct) {
        m.calmar_ratio = ratio(ann, -dd);
    }
}

/// The figures of the ledger.
fn trades(report: &Report, m: &mut Metrics) {
    let ledger = &report.trades;
    m.trades = u64::try_from(ledger.len()).unwrap_or(u64::MAX);
    if ledger.is_empty() {
        return;
    }
    let n = ledger.len() as f64;
    let wins = ledger.iter().filter(|t| t.pnl > Decimal::ZERO).count();
    m.win_rate_pct = Some(wins as f64 / n * 100.0);
    let returns: Option<Vec<f64>> = ledger.iter().map(|t| t.return_pct).collect();
    if let Some(r) = returns {
        m.best_trade_pct = r.iter().copied().reduce(f64::max);
        m.worst_trade_pct = r.iter().copied().reduce(f64::min);
        m.expectancy_pct = mean(&r);
        // The geometric mean of the growth factors; a loss of everything or more has none.
        let logs: Option<f64> = r
            .iter()
            .map(|x| {
                let g = 1.0 + x / 100.0;
                (g > 0.0).then(|| g.ln())
            })
            .sum();
        m.avg_trade_pct = logs.map(|l| ((l / n).exp() - 1.0) * 100.0).and_then(finite);
    }
    let lengths: Vec<i64> = ledger.iter().map(|t| t.duration_ms).collect();
    m.max_trade_duration = lengths.iter().copied().max();
    m.avg_trade_duration = mean_ms(&lengths);
    let won: Decimal = ledger
        .iter()
        .map(|t| t.pnl)
        .filter(|p| *p > Decimal::ZERO)
        .sum();
    let lost: Decimal = ledger
        .iter()
        .map(|t| t.pnl)
        .filter(|p| *p < Decimal::ZERO)
        .sum();
    if !lost.is_zero() {
        m.profit_factor = float(won / -lost);
    }
    let pnl: Option<Vec<f64>> = ledger.iter().map(|t| float(t.pnl)).collect();
    if let Some(pnl) = pnl {
        m.sqn = std_dev(&pnl)
            .zip(mean(&pnl))
            .and_then(|(s, avg)| ratio(avg, s))
            .map(|x| x * n.sqrt());
    }
}

/// The figures of the minute samples' exposure.
fn risk(minutes: &[MinutePoint], m: &mut Metrics) {
    m.max_margin_used_pct = minutes
        .iter()
        .filter_map(|p| p.margin_used_pct)
        .reduce(f64::max);
    m.max_leverage = minutes.iter().filter_map(|p| p.leverage).reduce(f64::max);
    m.min_liquidation_distance_pct = minutes
        .iter()
        .filter_map(|p| p.liquidation_distance_pct)
        .reduce(f64::min);
}
