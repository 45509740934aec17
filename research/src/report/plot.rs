//! A report as one SVG chart (plotters' SVG backend), four panels over one
//! time axis: the equity; its drawdown under it (percent below the running peak, shaded); the
//! position (long minus short contracts, as steps); the instrument's price with the fills marked
//! (▲ a buy, ▼ a sell; a paper session, whose store keeps no price, shows the fills' prices
//! alone). Time runs from the first point, in seconds, minutes or hours, whichever reads best.
//! The curve is the report's `equity` (a backtest's frames, a paper session's minutes). Values
//! are turned into floats for drawing only.

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive as _;

use super::Report;
use super::summary::figure;
use contango_sim::time::local_datetime;

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// The chart's size in pixels.
const SIZE: (u32, u32) = (1000, 900);

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
    /// Draws the chart (equity, drawdown, position, price with the fills) to the SVG file
    /// `path`.
    pub fn plot(&self, path: impl AsRef<Path>) -> Result<(), PlotError> {
        let path = path.as_ref();
        let root = SVGBackend::new(path, SIZE).into_drawing_area();
        draw(self, &root).map_err(|message| PlotError {
            path: path.to_path_buf(),
            message,
        })
    }
}

/// The chart as SVG text (the tearsheet's).
pub(crate) fn svg(report: &Report) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        draw(report, &root)?;
    }
    Ok(out)
}

/// The time axis: its unit's name, ms a unit, and the first moment.
struct Axis {
    unit: &'static str,
    per: f64,
    start: i64,
    end: f64,
}

impl Axis {
    fn of(report: &Report) -> Axis {
        let times = report
            .equity
            .iter()
            .map(|p| p.time_ms)
            .chain(report.fills.iter().map(|f| f.time_ms));
        let start = times.clone().min().unwrap_or(0);
        let last = times.max().unwrap_or(start);
        let (unit, per) = unit(last - start);
        Axis {
            unit,
            per,
            start,
            end: ((last - start) as f64 / per).max(1e-3),
        }
    }

    fn at(&self, ms: i64) -> f64 {
        (ms - self.start) as f64 / self.per
    }

    fn desc(&self) -> String {
        format!("{} from {} UTC", self.unit, local_datetime(self.start))
    }
}

fn unit(span_ms: i64) -> (&'static str, f64) {
    match span_ms {
        ms if ms < 600_000 => ("seconds", 1000.0),
        ms if ms < 172_800_000 => ("minutes", 60_000.0),
        _ => ("hours", 3_600_000.0),
    }
}

fn float(d: Decimal) -> f64 {
    d.to_f64().unwrap_or(0.0)
}

fn draw(report: &Report, root: &Area<'_>) -> Result<(), String> {
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let axis = Axis::of(report);
    let (top, rest) = root.split_vertically(300);
    let (middle, rest) = rest.split_vertically(150);
    let (position_area, price_area) = rest.split_vertically(170);

    let equity: Vec<(f64, f64)> = report
        .equity
        .iter()
        .map(|p| (axis.at(p.time_ms), float(p.equity)))
        .collect();
    let m = &report.metrics;
    let pct = |x: Option<f64>| x.map_or_else(|| "n/a".to_owned(), |x| format!("{}%", figure(x)));
    let caption = format!(
        "equity ({}): return {}, max drawdown {}",
        report.run.coin,
        pct(m.return_pct),
        pct(m.max_drawdown_pct)
    );
    let mut chart = panel(
        top,
        &caption,
        &axis,
        range(equity.iter().map(|p| p.1)),
        false,
    )?;
    chart
        .draw_series(LineSeries::new(equity, BLUE.stroke_width(2)))
        .map_err(|e| e.to_string())?;

    // The drawdown below the running peak, in percent, shaded down from 0.
    let mut peak: Option<Decimal> = None;
    let drawdown: Vec<(f64, f64)> = report
        .equity
        .iter()
        .map(|p| {
            let top = *peak.get_or_insert(p.equity);
            let top = top.max(p.equity);
            peak = Some(top);
            let dd = if top > Decimal::ZERO {
                float((p.equity - top) / top * Decimal::ONE_HUNDRED)
            } else {
                0.0
            };
            (axis.at(p.time_ms), dd)
        })
        .collect();
    let low = drawdown.iter().map(|p| p.1).fold(0.0, f64::min);
    let span = if low < 0.0 {
        (low * 1.05, 0.0)
    } else {
        (-1.0, 0.0)
    };
    let mut chart = panel(middle, "drawdown (%)", &axis, span, false)?;
    if let (Some(first), Some(last)) = (drawdown.first(), drawdown.last()) {
        let mut shape = drawdown.clone();
        shape.push((last.0, 0.0));
        shape.push((first.0, 0.0));
        chart
            .draw_series(std::iter::once(Polygon::new(shape, RED.mix(0.25))))
            .map_err(|e| e.to_string())?;
    }
    chart
        .draw_series(LineSeries::new(drawdown, RED.stroke_width(1)))
        .map_err(|e| e.to_string())?;

    // The position, as steps: it holds until the next point.
    let mut steps: Vec<(f64, f64)> = Vec::new();
    for p in &report.equity {
        let (x, y) = (axis.at(p.time_ms), float(p.position));
        if let Some(&(_, before)) = steps.last() {
            steps.push((x, before));
        }
        steps.push((x, y));
    }
    let span = range(steps.iter().map(|p| p.1).chain([0.0]));
    let mut chart = panel(position_area, "position (contracts)", &axis, span, false)?;
    chart
        .draw_series(LineSeries::new(steps, GREEN.stroke_width(2)))
        .map_err(|e| e.to_string())?;

    price(report, price_area, &axis)?;
    root.present().map_err(|e| e.to_string())
}

/// The instrument's price and its fills (every fill when no instrument is named).
fn price(report: &Report, area: Area<'_>, axis: &Axis) -> Result<(), String> {
    let line: Vec<(f64, f64)> = report
        .equity
        .iter()
        .filter_map(|p| Some((axis.at(p.time_ms), float(p.price?))))
        .collect();
    let instrument = report.run.instrument.as_deref();
    let fills: Vec<(f64, f64, bool)> = report
        .fills
        .iter()
        .filter(|f| instrument.is_none_or(|i| f.contract == i))
        .map(|f| (axis.at(f.time_ms), float(f.price), f.side == "BUY"))
        .collect();
    let name = instrument.unwrap_or("every contract");
    let caption = if line.is_empty() {
        format!("fills of {name} (no price series): ▲ buy, ▼ sell")
    } else {
        format!("{name} mark price: ▲ buy, ▼ sell")
    };
    let span = range(line.iter().map(|p| p.1).chain(fills.iter().map(|f| f.1)));
    let mut chart = panel(area, &caption, axis, span, true)?;
    chart
        .draw_series(LineSeries::new(line, BLACK.stroke_width(1)))
        .map_err(|e| e.to_string())?;
    let buy = RGBColor(0, 150, 0).filled();
    let sell = RED.filled();
    chart
        .draw_series(fills.into_iter().map(|(x, y, bought)| {
            // A triangle pointing up for a buy, down for a sell, its tip at the price.
            let shape = if bought {
                vec![(0, 0), (-6, 10), (6, 10)]
            } else {
                vec![(0, 0), (-6, -10), (6, -10)]
            };
            EmptyElement::at((x, y)) + Polygon::new(shape, if bought { buy } else { sell })
        }))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// The span of `values`, padded by 5 % (a flat or empty one made visible).
fn range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if lo > hi {
        return (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.05).max(hi.abs().max(1.0) * 1e-6);
    (lo - pad, hi + pad)
}

type Panel<'a> = ChartContext<'a, SVGBackend<'a>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// One panel over the time axis, its value axis spanning `(lo, hi)`; the bottom one names the
/// time axis.
fn panel<'a>(
    area: Area<'a>,
    caption: &str,
    axis: &Axis,
    (lo, hi): (f64, f64),
    bottom: bool,
) -> Result<Panel<'a>, String> {
    let mut chart = ChartBuilder::on(&area)
        .caption(caption, ("sans-serif", 16))
        .margin(8)
        .x_label_area_size(if bottom { 36 } else { 18 })
        .y_label_area_size(90)
        .build_cartesian_2d(0.0..axis.end, lo..hi)
        .map_err(|e| e.to_string())?;
    // Enough decimals to tell the labels apart, whatever the scale.
    let decimals = (2.0 - (hi - lo).log10().floor()).clamp(0.0, 8.0) as usize;
    let label = move |v: &f64| format!("{v:.decimals$}");
    let mut mesh = chart.configure_mesh();
    mesh.y_labels(5).y_label_formatter(&label);
    if bottom {
        mesh.x_desc(axis.desc());
    }
    mesh.draw().map_err(|e| e.to_string())?;
    Ok(chart)
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
    let (unit, per) = unit(last - start);
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
/// `(x index, y index, value)`, a missing value drawn grey; each cell is labelled with its value,
/// each axis with its parameter's values at the cells' centres.
pub(crate) fn heatmap(
    path: &Path,
    caption: &str,
    (x_name, xs): (&str, &[String]),
    (y_name, ys): (&str, &[String]),
    cells: &[(usize, usize, Option<f64>)],
) -> Result<(), String> {
    use plotters::coord::ranged1d::SegmentValue;
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    let values: Vec<f64> = cells.iter().filter_map(|c| c.2).collect();
    let lo = values.iter().copied().fold(f64::MAX, f64::min);
    let hi = values.iter().copied().fold(f64::MIN, f64::max);
    let span = if hi > lo { hi - lo } else { 1.0 };
    let size = (
        200 + 130 * u32::try_from(xs.len()).unwrap_or(8),
        140 + 60 * u32::try_from(ys.len()).unwrap_or(8),
    );
    let root = SVGBackend::new(path, size).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(80)
        // A segmented range over `0..k` has a segment for each of `0..=k`.
        .build_cartesian_2d(
            (0..xs.len().saturating_sub(1)).into_segmented(),
            (0..ys.len().saturating_sub(1)).into_segmented(),
        )
        .map_err(|e| e.to_string())?;
    let label = |names: &[String], v: &SegmentValue<usize>| match v {
        SegmentValue::CenterOf(i) => names.get(*i).cloned().unwrap_or_default(),
        _ => String::new(),
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(x_name)
        .y_desc(y_name)
        .x_label_formatter(&|v| label(xs, v))
        .y_label_formatter(&|v| label(ys, v))
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(cells.iter().map(|&(i, j, v)| {
            // Blue (low) to red (high); grey without a value.
            let colour = v.map_or(RGBColor(200, 200, 200), |v| {
                let t = (v - lo) / span;
                RGBColor((255.0 * t) as u8, 80, (255.0 * (1.0 - t)) as u8)
            });
            Rectangle::new(
                [
                    (SegmentValue::Exact(i), SegmentValue::Exact(j)),
                    (SegmentValue::Exact(i + 1), SegmentValue::Exact(j + 1)),
                ],
                colour.filled(),
            )
        }))
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(cells.iter().map(|&(i, j, v)| {
            let text = v.map_or_else(|| "-".to_owned(), |v| format!("{v:.4}"));
            Text::new(
                text,
                (SegmentValue::CenterOf(i), SegmentValue::CenterOf(j)),
                ("sans-serif", 13)
                    .into_font()
                    .color(&WHITE)
                    .pos(Pos::new(HPos::Center, VPos::Center)),
            )
        }))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())
}
