//! A report as a short summary for people (`Display`): what `contango-sim report` prints without
//! `--json`. Figures are exact, as in the JSON; times are UTC.

use std::fmt;

use rust_decimal::Decimal;

use super::{Report, RunKind, Span};
use contango_sim::time::local_datetime;

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (run, r) = (&self.run, &self.results);
        let coin = &run.coin;
        let what = match run.kind {
            RunKind::Backtest => "backtest",
            RunKind::Paper => "paper session",
        };
        write!(f, "{what} of account {}", run.account.uid)?;
        if let Some(key) = &run.account.api_key {
            write!(f, " (API key {key})")?;
        }
        writeln!(f, ", money in {coin}")?;
        match run.span {
            Some(s) => writeln!(f, "  span            {}", span(s))?,
            None => writeln!(f, "  span            none (no equity sample, no fill)")?,
        }
        writeln!(f, "  latency         {}", run.latency)?;
        writeln!(f, "  queue model     {}", run.queue_model)?;
        writeln!(f, "  orders          {}", r.orders)?;
        let rules: Vec<String> = r
            .fills_by_rule
            .iter()
            .map(|(rule, n)| format!("{rule} {n}"))
            .collect();
        if rules.is_empty() {
            writeln!(f, "  fills           0")?;
        } else {
            writeln!(
                f,
                "  fills           {} ({})",
                self.fills.len(),
                rules.join(", ")
            )?;
        }
        writeln!(f, "  fees            {} {coin}", r.fees)?;
        writeln!(
            f,
            "  realised PnL    {} {coin} (before fees)",
            r.realized_pnl
        )?;
        let unknown = match run.kind {
            RunKind::Paper => "unknown (no equity row yet: the store writes one a minute)",
            RunKind::Backtest => "unknown (no equity sample)",
        };
        let money =
            |d: Option<Decimal>| d.map_or_else(|| unknown.to_owned(), |d| format!("{d} {coin}"));
        writeln!(f, "  unrealised PnL  {}", money(r.unrealized_pnl))?;
        match (r.equity_start, r.equity_end) {
            (Some(start), Some(end)) => {
                let points = match self.equity.len() {
                    1 => "1 point".to_owned(),
                    n => format!("{n} points"),
                };
                writeln!(
                    f,
                    "  equity          {start} to {end} {coin} ({points} on the curve)"
                )?
            }
            _ => writeln!(f, "  equity          {unknown}")?,
        }
        writeln!(f, "  max drawdown    {}", money(r.max_drawdown))?;
        let m = &self.metrics;
        let ratio = |x: Option<f64>| x.map_or_else(|| "n/a".to_owned(), figure);
        let pct =
            |x: Option<f64>| x.map_or_else(|| "n/a".to_owned(), |x| format!("{}%", figure(x)));
        writeln!(
            f,
            "  return          {} (annualised {}), buy and hold {}",
            pct(m.return_pct),
            pct(m.return_ann_pct),
            pct(m.buy_and_hold_return_pct)
        )?;
        writeln!(
            f,
            "  ratios          Sharpe {}, Sortino {}, Calmar {} ({} minute samples)",
            ratio(m.sharpe_ratio),
            ratio(m.sortino_ratio),
            ratio(m.calmar_ratio),
            self.minutes.len()
        )?;
        writeln!(
            f,
            "  trades          {} round trip{}, win rate {}, profit factor {}",
            m.trades,
            if m.trades == 1 { "" } else { "s" },
            pct(m.win_rate_pct),
            ratio(m.profit_factor)
        )?;
        if let Some(t) = &self.timing {
            writeln!(
                f,
                "  timing          {} frames in {:.3} s ({:.0} frames a second)",
                t.frames, t.seconds, t.frames_per_second
            )?;
        }
        Ok(())
    }
}

/// `2026-01-01T00:00:00 to 2026-01-01T00:02:00 UTC (2m 0s)`.
fn span(s: Span) -> String {
    format!(
        "{} to {} UTC ({})",
        local_datetime(s.first_ms),
        local_datetime(s.last_ms),
        duration(s.last_ms - s.first_ms)
    )
}

/// A ratio to read: two decimals, or four significant digits when it is smaller (a return of
/// 0.0016 % is not 0.00).
pub(crate) fn figure(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let magnitude = x.abs().log10().floor();
    let decimals = if magnitude >= 1.0 {
        2
    } else {
        (3.0 - magnitude).clamp(2.0, 10.0) as usize
    };
    format!("{x:.decimals$}")
}

/// `850ms`, `42s`, `3m 5s`, `2h 0m`, `4d 3h`.
fn duration(ms: i64) -> String {
    let s = ms / 1000;
    match s {
        _ if ms < 1000 => format!("{ms}ms"),
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {}s", s / 60, s % 60),
        3600..86_400 => format!("{}h {}m", s / 3600, (s % 3600) / 60),
        _ => format!("{}d {}h", s / 86_400, (s % 86_400) / 3600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_at_a_glance() {
        assert_eq!(duration(850), "850ms");
        assert_eq!(duration(42_000), "42s");
        assert_eq!(duration(185_000), "3m 5s");
        assert_eq!(duration(7_200_000), "2h 0m");
        assert_eq!(duration(4 * 86_400_000 + 3 * 3_600_000), "4d 3h");
    }

    #[test]
    fn ratios_read_with_their_significant_digits() {
        let shown: Vec<String> = [
            0.0,
            0.001_555_1,
            -0.003_584,
            2.296_4,
            8.078_8,
            32_409_854.126,
        ]
        .into_iter()
        .map(figure)
        .collect();
        assert_eq!(
            shown,
            [
                "0",
                "0.001555",
                "-0.003584",
                "2.296",
                "8.079",
                "32409854.13"
            ]
        );
    }
}
