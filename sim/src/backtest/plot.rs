//! A backtest's equity and position over time as an SVG chart (plotters' SVG backend): equity
//! above, position below, time in seconds from the first frame. Values are turned into floats
//! for drawing only.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;
use rust_decimal::prelude::ToPrimitive as _;

use super::Report;

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

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
    let end = equity.last().map_or(1.0, |p| p.0).max(1e-3);
    let root = SVGBackend::new(path, (960, 640)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (top, bottom) = root.split_vertically(420);
    let caption = format!(
        "equity (USDT): {} to {}, max drawdown {}",
        report.equity_start.round_dp(2),
        report.equity_end.round_dp(2),
        report.max_drawdown.round_dp(2)
    );
    panel(&top, (&caption, 18), end, equity, BLUE)?;
    panel(&bottom, ("position (contracts)", 16), end, position, RED)?;
    root.present().map_err(|e| e.to_string())
}

/// One line chart over `0..end` seconds in `area`, its value axis spanning the points.
fn panel(
    area: &Area<'_>,
    (caption, size): (&str, u32),
    end: f64,
    points: Vec<(f64, f64)>,
    colour: RGBColor,
) -> Result<(), String> {
    let (lo, hi) = points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p.1), hi.max(p.1))
    });
    let pad = ((hi - lo) * 0.05).max(1e-9);
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", size))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(80)
        .build_cartesian_2d(0.0..end, (lo - pad)..(hi + pad))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("seconds")
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(LineSeries::new(points, colour.stroke_width(2)))
        .map_err(|e| e.to_string())?;
    Ok(())
}
