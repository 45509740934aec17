//! A backtest's equity and position over time as an SVG chart (plotters' SVG backend): equity
//! above, position below, time in seconds from the first frame. Values are turned into floats
//! for drawing only.

use std::path::Path;

use plotters::prelude::*;
use rust_decimal::prelude::ToPrimitive as _;

use super::Report;

/// Draws `report` to `path`.
pub(super) fn draw(report: &Report, path: &Path) -> Result<(), String> {
    let start = report.equity.first().map_or(0, |p| p.time_ms);
    let seconds = |ms: i64| (ms - start) as f64 / 1000.0;
    let equity: Vec<(f64, f64)> = report
        .equity
        .iter()
        .map(|p| (seconds(p.time_ms), p.equity.to_f64().unwrap_or(0.0)))
        .collect();
    let position: Vec<(f64, f64)> = report
        .equity
        .iter()
        .map(|p| (seconds(p.time_ms), p.position.to_f64().unwrap_or(0.0)))
        .collect();
    let span = |values: &mut dyn Iterator<Item = f64>| {
        let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let pad = ((hi - lo) * 0.05).max(1e-9);
        (lo - pad)..(hi + pad)
    };
    let end = equity.last().map_or(1.0, |p| p.0).max(1e-3);
    let root = SVGBackend::new(path, (960, 640)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (top, bottom) = root.split_vertically(420);
    let mut chart = ChartBuilder::on(&top)
        .caption(
            format!(
                "equity (USDT): {} to {}, max drawdown {}",
                report.equity_start.round_dp(2),
                report.equity_end.round_dp(2),
                report.max_drawdown.round_dp(2)
            ),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(80)
        .build_cartesian_2d(0.0..end, span(&mut equity.iter().map(|p| p.1)))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("seconds")
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(LineSeries::new(equity, BLUE.stroke_width(2)))
        .map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&bottom)
        .caption("position (contracts)", ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(80)
        .build_cartesian_2d(0.0..end, span(&mut position.iter().map(|p| p.1)))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("seconds")
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(LineSeries::new(position, RED.stroke_width(2)))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}
