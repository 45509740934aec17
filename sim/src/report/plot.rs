//! A report's equity and position over time as an SVG chart (plotters' SVG backend; the
//! `backtest` feature): equity above, position below, time from the first point (in seconds,
//! minutes or hours, whichever reads best). Values are turned into floats for drawing only.

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive as _;

use super::Report;

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// The chart could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the chart {}: {message}", path.display())]
pub struct PlotError {
    /// Where it was to go.
    pub path: PathBuf,
    /// What failed.
    pub message: String,
}

impl Report {
    /// Draws equity and position over time to the SVG file `path`.
    pub fn plot(&self, path: impl AsRef<Path>) -> Result<(), PlotError> {
        let path = path.as_ref();
        draw(self, path).map_err(|message| PlotError {
            path: path.to_path_buf(),
            message,
        })
    }
}

fn draw(report: &Report, path: &Path) -> Result<(), String> {
    let start = report.equity.first().map_or(0, |p| p.time_ms);
    let last = report.equity.last().map_or(start, |p| p.time_ms);
    let (unit, per) = match last - start {
        ms if ms < 600_000 => ("seconds", 1000.0),
        ms if ms < 172_800_000 => ("minutes", 60_000.0),
        _ => ("hours", 3_600_000.0),
    };
    let at = |ms: i64| (ms - start) as f64 / per;
    let equity: Vec<(f64, f64)> = report
        .equity
        .iter()
        .map(|p| (at(p.time_ms), p.equity.to_f64().unwrap_or(0.0)))
        .collect();
    let position: Vec<(f64, f64)> = report
        .equity
        .iter()
        .map(|p| (at(p.time_ms), p.position.to_f64().unwrap_or(0.0)))
        .collect();
    let end = equity.last().map_or(1.0, |p| p.0).max(1e-3);
    let root = SVGBackend::new(path, (960, 640)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (top, bottom) = root.split_vertically(420);
    let r = &report.results;
    let figure =
        |d: Option<Decimal>| d.map_or_else(|| "unknown".to_owned(), |d| d.round_dp(2).to_string());
    let caption = format!(
        "equity ({}): {} to {}, max drawdown {}",
        report.run.coin,
        figure(r.equity_start),
        figure(r.equity_end),
        figure(r.max_drawdown)
    );
    panel(&top, (&caption, 18), (end, unit), equity, BLUE)?;
    panel(
        &bottom,
        ("position (contracts)", 16),
        (end, unit),
        position,
        RED,
    )?;
    root.present().map_err(|e| e.to_string())
}

/// One line chart over `0..end` (in `unit`) in `area`, its value axis spanning the points.
fn panel(
    area: &Area<'_>,
    (caption, size): (&str, u32),
    (end, unit): (f64, &str),
    points: Vec<(f64, f64)>,
    colour: RGBColor,
) -> Result<(), String> {
    let (lo, hi) = if points.is_empty() {
        (0.0, 1.0)
    } else {
        points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
            (lo.min(p.1), hi.max(p.1))
        })
    };
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
        .x_desc(unit)
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(LineSeries::new(points, colour.stroke_width(2)))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Several lines over time in one chart, with a legend, to the SVG file `path`: each series a
/// name and its points `(exchange ms, value)`.
pub(crate) fn curves(
    path: &Path,
    caption: &str,
    series: &[(&str, Vec<(i64, Decimal)>)],
) -> Result<(), String> {
    let times = series.iter().flat_map(|(_, p)| p.iter().map(|(t, _)| *t));
    let start = times.clone().min().unwrap_or(0);
    let last = times.max().unwrap_or(start);
    let (unit, per) = match last - start {
        ms if ms < 600_000 => ("seconds", 1000.0),
        ms if ms < 172_800_000 => ("minutes", 60_000.0),
        _ => ("hours", 3_600_000.0),
    };
    let lines: Vec<Vec<(f64, f64)>> = series
        .iter()
        .map(|(_, points)| {
            points
                .iter()
                .map(|(t, v)| ((t - start) as f64 / per, v.to_f64().unwrap_or(0.0)))
                .collect()
        })
        .collect();
    let (lo, hi) = lines
        .iter()
        .flatten()
        .fold((f64::MAX, f64::MIN), |(lo, hi), p| {
            (lo.min(p.1), hi.max(p.1))
        });
    let (lo, hi) = if lo > hi { (0.0, 1.0) } else { (lo, hi) };
    let pad = ((hi - lo) * 0.05).max(1e-9);
    let end = ((last - start) as f64 / per).max(1e-3);
    let root = SVGBackend::new(path, (960, 480)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(80)
        .build_cartesian_2d(0.0..end, (lo - pad)..(hi + pad))
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(unit)
        .draw()
        .map_err(|e| e.to_string())?;
    let colours = [BLUE, RED, GREEN, BLACK];
    for (i, ((name, _), points)) in series.iter().zip(lines).enumerate() {
        let colour = colours[i % colours.len()];
        chart
            .draw_series(LineSeries::new(points, colour.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(*name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}

/// A heatmap of one figure over two parameters to the SVG file `path`: `cells` are
/// `(x index, y index, value)`, a missing value drawn grey; each cell is labelled with its value.
pub(crate) fn heatmap(
    path: &Path,
    caption: &str,
    (x_name, xs): (&str, &[String]),
    (y_name, ys): (&str, &[String]),
    cells: &[(usize, usize, Option<f64>)],
) -> Result<(), String> {
    let values: Vec<f64> = cells.iter().filter_map(|c| c.2).collect();
    let lo = values.iter().copied().fold(f64::MAX, f64::min);
    let hi = values.iter().copied().fold(f64::MIN, f64::max);
    let span = if hi > lo { hi - lo } else { 1.0 };
    let root = SVGBackend::new(
        path,
        (160 + 110 * xs.len() as u32, 140 + 60 * ys.len() as u32),
    )
    .into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(0..xs.len(), 0..ys.len())
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(x_name)
        .y_desc(y_name)
        .x_labels(xs.len() + 1)
        .y_labels(ys.len() + 1)
        .x_label_formatter(&|i| xs.get(*i).cloned().unwrap_or_default())
        .y_label_formatter(&|j| ys.get(*j).cloned().unwrap_or_default())
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(cells.iter().map(|&(i, j, v)| {
            // Blue (low) to red (high); grey without a value.
            let colour = v.map_or(RGBColor(200, 200, 200), |v| {
                let t = (v - lo) / span;
                RGBColor((255.0 * t) as u8, 80, (255.0 * (1.0 - t)) as u8)
            });
            Rectangle::new([(i, j), (i + 1, j + 1)], colour.filled())
        }))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(cells.iter().map(|&(i, j, v)| {
            let label = v.map_or_else(|| "-".to_owned(), |v| format!("{v:.4}"));
            Text::new(
                label,
                (i, j + 1),
                ("sans-serif", 13).into_font().color(&WHITE),
            )
        }))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}
