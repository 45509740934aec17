//! A report as one self-contained HTML page: what
//! produced it, the metrics table (each figure with its JSON name), the money, the chart inline
//! as SVG, the trade ledger, and the wall-clock timing apart. No script, no stylesheet or font
//! from elsewhere: the file opens the same offline, and can be mailed or archived as it is.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rust_decimal::Decimal;

use super::summary::figure;
use super::{Report, RunKind, plot};
use contango_sim::time::local_datetime;

/// The tearsheet could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the tearsheet {}: {message}", path.display())]
pub struct TearsheetError {
    /// Where it was to go.
    pub path: PathBuf,
    /// What failed.
    pub message: String,
}

impl Report {
    /// Writes the tearsheet ([`Report::tearsheet_html`]) to `path`.
    pub fn tearsheet(&self, path: impl AsRef<Path>) -> Result<(), TearsheetError> {
        let path = path.as_ref();
        std::fs::write(path, self.tearsheet_html()).map_err(|e| TearsheetError {
            path: path.to_path_buf(),
            message: e.to_string(),
        })
    }

    /// The tearsheet as one HTML page: the run, the metrics, the money, the chart inline, the
    /// trade ledger and the timing; nothing loaded from elsewhere.
    pub fn tearsheet_html(&self) -> String {
        let mut h = String::new();
        let what = match self.run.kind {
            RunKind::Backtest => "Backtest",
            RunKind::Paper => "Paper session",
        };
        let title = format!("{what} of account {}", self.run.account.uid);
        let _ = write!(
            h,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
            escape(&title),
            escape(&title)
        );
        self.run_table(&mut h);
        h.push_str("<h2>Metrics</h2>\n<div class=\"groups\">\n");
        for (name, rows) in self.metric_groups() {
            let _ = writeln!(h, "<table class=\"metrics\"><caption>{name}</caption>");
            for (label, key, value) in rows {
                let _ = writeln!(
                    h,
                    "<tr><th>{}<span class=\"key\">{key}</span></th><td>{}</td></tr>",
                    escape(label),
                    escape(&value)
                );
            }
            h.push_str("</table>\n");
        }
        h.push_str("</div>\n<h2>Chart</h2>\n<div class=\"chart\">\n");
        match plot::svg(self) {
            Ok(svg) => h.push_str(strip_prolog(&svg)),
            Err(e) => {
                let _ = write!(h, "<p>The chart could not be drawn: {}</p>", escape(&e));
            }
        }
        h.push_str("\n</div>\n");
        self.ledger_table(&mut h);
        if let Some(t) = &self.timing {
            let _ = write!(
                h,
                "<h2>Timing (wall clock)</h2>\n<p>{} frames in {:.3} s ({:.0} frames a second)</p>\n",
                t.frames, t.seconds, t.frames_per_second
            );
        }
        h.push_str("</body>\n</html>\n");
        h
    }

    fn run_table(&self, h: &mut String) {
        let run = &self.run;
        let r = &self.results;
        let coin = &run.coin;
        let span = run.span.map_or_else(
            || "none".to_owned(),
            |s| {
                format!(
                    "{} to {} UTC",
                    local_datetime(s.first_ms),
                    local_datetime(s.last_ms)
                )
            },
        );
        let money =
            |d: Option<Decimal>| d.map_or_else(|| "n/a".to_owned(), |d| format!("{d} {coin}"));
        let rows = [
            (
                "account",
                format!(
                    "{}{}",
                    run.account.uid,
                    run.account
                        .api_key
                        .as_deref()
                        .map_or(String::new(), |k| format!(" (API key {k})"))
                ),
            ),
            ("money in", coin.clone()),
            ("span", span),
            (
                "instrument",
                run.instrument.clone().unwrap_or_else(|| "none".to_owned()),
            ),
            ("latency", run.latency.clone()),
            ("queue model", run.queue_model.clone()),
            ("orders", r.orders.to_string()),
            ("fills", self.fills.len().to_string()),
            ("fees", format!("{} {coin}", r.fees)),
            (
                "realised PnL (before fees)",
                format!("{} {coin}", r.realized_pnl),
            ),
            ("unrealised PnL at the end", money(r.unrealized_pnl)),
            (
                "equity",
                format!("{} to {}", money(r.equity_start), money(r.equity_end)),
            ),
        ];
        h.push_str("<table class=\"run\">\n");
        for (label, value) in rows {
            let _ = writeln!(h, "<tr><th>{label}</th><td>{}</td></tr>", escape(&value));
        }
        h.push_str("</table>\n");
    }

    /// The metrics in groups: `(label, JSON name, value as shown)`.
    fn metric_groups(&self) -> Vec<(&'static str, Vec<Row>)> {
        let m = &self.metrics;
        let coin = &self.run.coin;
        let time = |t: Option<i64>| t.map_or_else(na, |t| format!("{} UTC", local_datetime(t)));
        let span = |d: Option<i64>| d.map_or_else(na, duration);
        let pct = |x: Option<f64>| x.map_or_else(na, figure);
        let num = pct;
        let money = |d: Option<Decimal>| d.map_or_else(na, |d| format!("{d} {coin}"));
        let exact = |d: Decimal| format!("{d} {coin}");
        vec![
            (
                "Performance",
                vec![
                    ("Start", "start", time(m.start)),
                    ("End", "end", time(m.end)),
                    ("Duration", "duration", span(m.duration)),
                    (
                        "Exposure Time [%]",
                        "exposure_time_pct",
                        pct(m.exposure_time_pct),
                    ),
                    ("Equity Final", "equity_final", money(m.equity_final)),
                    ("Equity Peak", "equity_peak", money(m.equity_peak)),
                    ("Return [%]", "return_pct", pct(m.return_pct)),
                    (
                        "Buy & Hold Return [%]",
                        "buy_and_hold_return_pct",
                        pct(m.buy_and_hold_return_pct),
                    ),
                    ("Return (Ann.) [%]", "return_ann_pct", pct(m.return_ann_pct)),
                    (
                        "Volatility (Ann.) [%]",
                        "volatility_ann_pct",
                        pct(m.volatility_ann_pct),
                    ),
                    ("Sharpe Ratio", "sharpe_ratio", num(m.sharpe_ratio)),
                    ("Sortino Ratio", "sortino_ratio", num(m.sortino_ratio)),
                    ("Calmar Ratio", "calmar_ratio", num(m.calmar_ratio)),
                ],
            ),
            (
                "Drawdown",
                vec![
                    (
                        "Max. Drawdown [%]",
                        "max_drawdown_pct",
                        pct(m.max_drawdown_pct),
                    ),
                    (
                        "Avg. Drawdown [%]",
                        "avg_drawdown_pct",
                        pct(m.avg_drawdown_pct),
                    ),
                    (
                        "Max. Drawdown Duration",
                        "max_drawdown_duration",
                        span(m.max_drawdown_duration),
                    ),
                    (
                        "Avg. Drawdown Duration",
                        "avg_drawdown_duration",
                        span(m.avg_drawdown_duration),
                    ),
                ],
            ),
            (
                "Trades",
                vec![
                    ("# Trades", "trades", m.trades.to_string()),
                    ("Win Rate [%]", "win_rate_pct", pct(m.win_rate_pct)),
                    ("Best Trade [%]", "best_trade_pct", pct(m.best_trade_pct)),
                    ("Worst Trade [%]", "worst_trade_pct", pct(m.worst_trade_pct)),
                    ("Avg. Trade [%]", "avg_trade_pct", pct(m.avg_trade_pct)),
                    (
                        "Max. Trade Duration",
                        "max_trade_duration",
                        span(m.max_trade_duration),
                    ),
                    (
                        "Avg. Trade Duration",
                        "avg_trade_duration",
                        span(m.avg_trade_duration),
                    ),
                    ("Profit Factor", "profit_factor", num(m.profit_factor)),
                    ("Expectancy [%]", "expectancy_pct", pct(m.expectancy_pct)),
                    ("SQN", "sqn", num(m.sqn)),
                ],
            ),
            (
                "Futures",
                vec![
                    ("Fees (maker)", "fees_maker", exact(m.fees_maker)),
                    ("Fees (taker)", "fees_taker", exact(m.fees_taker)),
                    ("Funding Paid", "funding_paid", exact(m.funding_paid)),
                    (
                        "Funding Received",
                        "funding_received",
                        exact(m.funding_received),
                    ),
                    (
                        "Min. Liquidation Distance [%]",
                        "min_liquidation_distance_pct",
                        pct(m.min_liquidation_distance_pct),
                    ),
                    (
                        "Max. Margin Used [%]",
                        "max_margin_used_pct",
                        pct(m.max_margin_used_pct),
                    ),
                    ("Max. Leverage", "max_leverage", num(m.max_leverage)),
                ],
            ),
        ]
    }

    fn ledger_table(&self, h: &mut String) {
        let _ = writeln!(h, "<h2>Trades ({})</h2>", self.trades.len());
        if self.trades.is_empty() {
            h.push_str("<p>No round trip closed.</p>\n");
            return;
        }
        h.push_str(
            "<table class=\"ledger\">\n<tr><th>#</th><th>contract</th><th>side</th>\
             <th>volume</th><th>entry (UTC)</th><th>exit (UTC)</th><th>entry price</th>\
             <th>exit price</th><th>PnL</th><th>fees</th><th>return [%]</th><th>duration</th></tr>\n",
        );
        for (i, t) in self.trades.iter().enumerate() {
            let class = if t.pnl > Decimal::ZERO {
                "win"
            } else if t.pnl < Decimal::ZERO {
                "loss"
            } else {
                "flat"
            };
            let ret = t.return_pct.map_or_else(na, figure);
            let _ = writeln!(
                h,
                "<tr class=\"{class}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
                 <td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{ret}</td><td>{}</td></tr>",
                i + 1,
                escape(&t.contract),
                t.side,
                t.volume,
                local_datetime(t.entry_time_ms),
                local_datetime(t.exit_time_ms),
                t.entry_price,
                t.exit_price,
                t.pnl,
                t.fees,
                duration(t.duration_ms)
            );
        }
        h.push_str("</table>\n");
    }
}

/// A metric as the table shows it: its label, its JSON name, its value.
type Row = (&'static str, &'static str, String);

fn na() -> String {
    "n/a".to_owned()
}

/// `850 ms`, `42 s`, `3 m 5 s`, `2 h 0 m`, `4 d 3 h`.
fn duration(ms: i64) -> String {
    let s = ms / 1000;
    match s {
        _ if ms < 1000 => format!("{ms} ms"),
        0..60 => format!("{s} s"),
        60..3600 => format!("{} m {} s", s / 60, s % 60),
        3600..86_400 => format!("{} h {} m", s / 3600, (s % 3600) / 60),
        _ => format!("{} d {} h", s / 86_400, (s % 86_400) / 3600),
    }
}

/// Text made safe for HTML.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The SVG without its XML declaration, to sit inside the page.
fn strip_prolog(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(i) => &svg[i..],
        None => svg,
    }
}

const STYLE: &str = "body{font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;\
margin:24px;color:#222;max-width:1100px}h1{font-size:22px}h2{font-size:18px;margin-top:28px;\
border-bottom:1px solid #ddd}table{border-collapse:collapse;font-size:13px}th,td{padding:3px 8px;\
text-align:left;vertical-align:top}td{font-variant-numeric:tabular-nums}.run th{color:#555;\
font-weight:normal}.groups{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}.metrics{min-width:330px}\
.metrics caption{text-align:left;font-weight:bold;padding:4px 0}.metrics tr:nth-child(odd){\
background:#f6f7f9}.metrics th{font-weight:normal}.metrics td{text-align:right}.key{display:block;\
color:#999;font-size:11px;font-family:monospace}.ledger th{background:#eef0f3;position:sticky;top:0}\
.ledger td{text-align:right}.ledger td:nth-child(2),.ledger td:nth-child(3){text-align:left}\
.ledger tr.win td:nth-child(9){color:#087a2a}.ledger tr.loss td:nth-child(9){color:#b3261e}\
.chart svg{max-width:100%;height:auto}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_the_svg_loses_its_prolog() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(strip_prolog("<?xml version=\"1.0\"?>\n<svg a>"), "<svg a>");
        assert_eq!(duration(185_000), "3 m 5 s");
    }
}
