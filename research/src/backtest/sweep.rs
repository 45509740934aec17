//! Parameter sweeps: one backtest per parameter set of a grid, spread over the cores, each run
//! with its own simulator on a current-thread runtime (docs/design.md, Research report).
//!
//! ```no_run
//! # use contango::strategy::Strategy;
//! # struct Cross { fast: i64, slow: i64 }
//! # impl Strategy for Cross {
//! #     async fn on_event(&mut self, _: &contango::MarketEvent, _: &contango::Client) {}
//! # }
//! # fn f() -> Result<(), Box<dyn std::error::Error>> {
//! use contango_research::backtest::sweep::Grid;
//!
//! let grid = Grid::new().axis("fast", [5, 10, 20]).axis("slow", [50, 100]);
//! let table = contango_research::Backtest::from_file("day.jsonl")?
//!     .sweep(grid)
//!     .run(|p| {
//!         let (fast, slow) = (p.int("fast").unwrap_or(5), p.int("slow").unwrap_or(50));
//!         if fast >= slow {
//!             return Err(format!("fast {fast} must be under slow {slow}"));
//!         }
//!         Ok(Cross { fast, slow })
//!     })?;
//! std::fs::write("sweep.csv", table.to_csv())?;
//! table.heatmap("equity_end", "fast", "slow", "sweep.svg")?;
//! # Ok(()) }
//! ```
//!
//! The grid's order is defined (the last axis varies fastest), and a row does not depend on the
//! thread that ran it: every run starts from the same recording in a simulator of its own, and
//! the rows are the reports of the same runs made one by one, timing aside. Past one machine a
//! sweep is a list of independent runs: [`Sweep::shard`] takes every n-th parameter set, and
//! [`SweepTable::merge`] joins the shards' tables, refusing shards of another grid or recording
//! and a missing or repeated one.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use contango::strategy::Strategy;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Backtest, BacktestError};

/// The axes of a sweep: each a parameter name and its values.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[must_use]
pub struct Grid {
    axes: Vec<(String, Vec<Decimal>)>,
}

impl Grid {
    /// No axis yet.
    pub fn new() -> Grid {
        Grid::default()
    }

    /// Adds the axis `name` with `values`, in their order.
    pub fn axis<V: Into<Decimal>>(
        mut self,
        name: &str,
        values: impl IntoIterator<Item = V>,
    ) -> Self {
        self.axes.push((
            name.to_owned(),
            values.into_iter().map(Into::into).collect(),
        ));
        self
    }

    /// Every parameter set, in the grid's order (the last axis varies fastest); none when an
    /// axis has no value or there is no axis.
    pub fn sets(&self) -> Vec<Params> {
        if self.axes.is_empty() || self.axes.iter().any(|(_, v)| v.is_empty()) {
            return Vec::new();
        }
        let mut sets = vec![Params::default()];
        for (name, values) in &self.axes {
            sets = sets
                .into_iter()
                .flat_map(|p| {
                    values.iter().map(move |v| {
                        let mut p = p.clone();
                        p.0.push((name.clone(), *v));
                        p
                    })
                })
                .collect();
        }
        sets
    }

    /// The grid as text (`fast=5,10,20;slow=50,100`): what shards of one sweep share.
    pub fn fingerprint(&self) -> String {
        self.axes
            .iter()
            .map(|(name, values)| {
                let values: Vec<String> = values.iter().map(Decimal::to_string).collect();
                format!("{name}={}", values.join(","))
            })
            .collect::<Vec<_>>()
            .join(";")
    }
}

/// One parameter set: each axis's name and value, in the grid's axis order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params(pub Vec<(String, Decimal)>);

impl Params {
    /// The value of `name`.
    pub fn get(&self, name: &str) -> Option<Decimal> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    }

    /// The value of `name` as a whole number (`None` when it has a fraction).
    pub fn int(&self, name: &str) -> Option<i64> {
        let v = self.get(name)?;
        if v.fract().is_zero() {
            i64::try_from(v).ok()
        } else {
            None
        }
    }
}

impl std::fmt::Display for Params {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|(n, v)| format!("{n}={v}")).collect();
        f.write_str(&parts.join(", "))
    }
}

/// Why a sweep did not run, or did not finish.
#[derive(Debug, thiserror::Error)]
pub enum SweepError {
    /// The grid has no parameter set (no axis, or an axis without values).
    #[error("sweep: the grid has no parameter set (an axis without values, or no axis)")]
    EmptyGrid,
    /// The shard asked for is not one of its count (`i/n` with 1 ≤ i ≤ n).
    #[error("sweep: shard {index}/{count} is not one: give i/n with 1 <= i <= n")]
    Shard {
        /// `i`.
        index: usize,
        /// `n`.
        count: usize,
    },
    /// The strategy refused a parameter set: no run started.
    #[error("sweep: the strategy refuses {params}: {message} (no run started)")]
    Rejected {
        /// The set refused.
        params: Params,
        /// Why.
        message: String,
    },
    /// A run failed.
    #[error("sweep: the run of {params} failed: {error}")]
    Run {
        /// The set whose run failed.
        params: Params,
        /// How.
        error: BacktestError,
    },
    /// The tables cannot be merged.
    #[error("sweep: cannot merge: {0}")]
    Merge(String),
    /// The heatmap could not be drawn.
    #[error("sweep: the heatmap: {0}")]
    Heatmap(String),
}

/// A sweep to run: a backtest and a grid.
#[derive(Debug, Clone)]
#[must_use]
pub struct Sweep {
    backtest: Backtest,
    grid: Grid,
    threads: usize,
    shard: (usize, usize),
}

impl Backtest {
    /// A sweep of this backtest over `grid`, one run per parameter set.
    pub fn sweep(self, grid: Grid) -> Sweep {
        Sweep {
            backtest: self,
            grid,
            threads: std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            shard: (1, 1),
        }
    }
}

impl Sweep {
    /// Runs on `n` threads (default: the machine's cores).
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = n.max(1);
        self
    }

    /// Runs only shard `index` of `count` (1-based): every `count`-th parameter set from the
    /// `index`-th, so that `count` machines run a sweep between them.
    pub fn shard(mut self, index: usize, count: usize) -> Self {
        self.shard = (index, count);
        self
    }

    /// Runs every parameter set of the shard with the strategy `make` builds for it; `make`
    /// is asked for each set first, and one it refuses stops the sweep before any run.
    pub fn run<S, E, F>(self, make: F) -> Result<SweepTable, SweepError>
    where
        S: Strategy,
        E: std::fmt::Display,
        F: Fn(&Params) -> Result<S, E> + Sync,
    {
        let all = self.grid.sets();
        if all.is_empty() {
            return Err(SweepError::EmptyGrid);
        }
        let (index, count) = self.shard;
        if index == 0 || index > count {
            return Err(SweepError::Shard { index, count });
        }
        let mine: Vec<(usize, Params)> = all
            .iter()
            .cloned()
            .enumerate()
            .skip(index - 1)
            .step_by(count)
            .collect();
        for (_, p) in &mine {
            if let Err(e) = make(p) {
                return Err(SweepError::Rejected {
                    params: p.clone(),
                    message: e.to_string(),
                });
            }
        }
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<Result<Value, SweepError>>>> =
            Mutex::new((0..mine.len()).map(|_| None).collect());
        let threads = self.threads.min(mine.len()).max(1);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                    else {
                        return;
                    };
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((_, params)) = mine.get(i) else {
                            break;
                        };
                        let outcome = match make(params) {
                            Ok(mut strategy) => rt
                                .block_on(self.backtest.clone().run(&mut strategy))
                                .map(|report| figures(&report))
                                .map_err(|error| SweepError::Run {
                                    params: params.clone(),
                                    error,
                                }),
                            Err(e) => Err(SweepError::Rejected {
                                params: params.clone(),
                                message: e.to_string(),
                            }),
                        };
                        if let Ok(mut r) = results.lock() {
                            r[i] = Some(outcome);
                        }
                    }
                });
            }
        });
        let results = results.into_inner().unwrap_or_default();
        let mut rows = Vec::with_capacity(mine.len());
        for ((i, params), outcome) in mine.into_iter().zip(results) {
            let figures = match outcome {
                Some(Ok(f)) => f,
                Some(Err(e)) => return Err(e),
                None => {
                    return Err(SweepError::Run {
                        params,
                        error: BacktestError::Start(std::io::Error::other(
                            "no runtime could be started for its thread",
                        )),
                    });
                }
            };
            rows.push(SweepRow {
                index: i,
                params,
                figures,
            });
        }
        Ok(SweepTable {
            grid: self.grid.fingerprint(),
            recording: self.backtest.fingerprint(),
            sets: all.len(),
            shard: (index, count),
            rows,
        })
    }
}

/// A report's figures as a sweep row keeps them: its run, results and metrics (the series,
/// the ledger and the timing left out).
fn figures(report: &super::Report) -> Value {
    let mut v = serde_json::to_value(report).unwrap_or_default();
    if let Some(map) = v.as_object_mut() {
        map.retain(|k, _| matches!(k.as_str(), "run" | "results" | "metrics"));
    }
    v
}

/// One parameter set's run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepRow {
    /// Its place in the grid (0-based, the grid's order).
    pub index: usize,
    /// The parameters.
    pub params: Params,
    /// The report's run, results and metrics (the series, the ledger and the timing left out).
    pub figures: Value,
}

impl SweepRow {
    /// A figure by its name in the results or the metrics (`equity_end`, `fees`, ...), when it
    /// is a number (decimals are strings in the report: read exactly, then as `f64`).
    pub fn figure(&self, name: &str) -> Option<f64> {
        ["results", "metrics"]
            .iter()
            .filter_map(|part| self.figures.get(part)?.get(name))
            .find_map(number)
    }
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.parse::<Decimal>().ok().and_then(|d| {
            use rust_decimal::prelude::ToPrimitive as _;
            d.to_f64()
        }),
        _ => None,
    }
}

/// A sweep's rows, with what identifies the sweep they belong to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepTable {
    /// The grid ([`Grid::fingerprint`]).
    pub grid: String,
    /// The recording's fingerprint (FNV-1a of its frames given in memory; the SHA-256 of a
    /// recording file).
    pub recording: String,
    /// Parameter sets in the whole grid.
    pub sets: usize,
    /// `(i, n)`: shard `i` of `n` (`(1, 1)`: the whole grid).
    pub shard: (usize, usize),
    /// One row per parameter set run, in the grid's order.
    pub rows: Vec<SweepRow>,
}

impl SweepTable {
    /// The table as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// A table read back from [`SweepTable::to_json`].
    pub fn from_json(text: &str) -> Result<SweepTable, SweepError> {
        serde_json::from_str(text).map_err(|e| SweepError::Merge(format!("not a sweep table: {e}")))
    }

    /// One CSV line per row: the parameters, then every numeric figure of the results and
    /// metrics, named by their keys (the columns of the first row, in order).
    pub fn to_csv(&self) -> String {
        let mut columns: Vec<String> = Vec::new();
        if let Some(first) = self.rows.first() {
            columns.extend(first.params.0.iter().map(|(n, _)| n.clone()));
            for part in ["results", "metrics"] {
                if let Some(Value::Object(map)) = first.figures.get(part) {
                    columns.extend(
                        map.iter()
                            .filter(|(_, v)| !v.is_object())
                            .map(|(k, _)| k.clone()),
                    );
                }
            }
        }
        let mut out = String::new();
        let _ = writeln!(out, "{}", columns.join(","));
        for row in &self.rows {
            let mut cells: Vec<String> = row.params.0.iter().map(|(_, v)| v.to_string()).collect();
            let n = row.params.0.len();
            for name in &columns[n.min(columns.len())..] {
                let cell = ["results", "metrics"]
                    .iter()
                    .filter_map(|part| row.figures.get(part)?.get(name))
                    .next()
                    .map_or_else(String::new, |v| match v {
                        Value::String(s) => s.clone(),
                        Value::Null => String::new(),
                        other => other.to_string(),
                    });
                cells.push(cell);
            }
            let _ = writeln!(out, "{}", cells.join(","));
        }
        out
    }

    /// The shards' tables joined into the whole sweep's, in the grid's order. Refused: tables
    /// of another grid or recording, of another shard count, a shard missing or given twice.
    pub fn merge(tables: impl IntoIterator<Item = SweepTable>) -> Result<SweepTable, SweepError> {
        let tables: Vec<SweepTable> = tables.into_iter().collect();
        let Some(first) = tables.first() else {
            return Err(SweepError::Merge("no table".into()));
        };
        let (grid, recording, sets, count) = (
            first.grid.clone(),
            first.recording.clone(),
            first.sets,
            first.shard.1,
        );
        let mut seen: BTreeMap<usize, usize> = BTreeMap::new();
        for t in &tables {
            if t.grid != grid {
                return Err(SweepError::Merge(format!(
                    "shard {}/{} is of another grid ({} against {grid})",
                    t.shard.0, t.shard.1, t.grid
                )));
            }
            if t.recording != recording {
                return Err(SweepError::Merge(format!(
                    "shard {}/{} is of another recording",
                    t.shard.0, t.shard.1
                )));
            }
            if t.shard.1 != count || t.sets != sets {
                return Err(SweepError::Merge(format!(
                    "shard {}/{} is of a split into {} (the first table's: {count})",
                    t.shard.0, t.shard.1, t.shard.1
                )));
            }
            *seen.entry(t.shard.0).or_default() += 1;
        }
        if let Some((i, _)) = seen.iter().find(|(_, n)| **n > 1) {
            return Err(SweepError::Merge(format!(
                "shard {i}/{count} is given twice"
            )));
        }
        let missing: Vec<String> = (1..=count)
            .filter(|i| !seen.contains_key(i))
            .map(|i| format!("{i}/{count}"))
            .collect();
        if !missing.is_empty() {
            return Err(SweepError::Merge(format!(
                "missing shard(s): {}",
                missing.join(", ")
            )));
        }
        let mut rows: Vec<SweepRow> = tables.into_iter().flat_map(|t| t.rows).collect();
        rows.sort_by_key(|r| r.index);
        Ok(SweepTable {
            grid,
            recording,
            sets,
            shard: (1, 1),
            rows,
        })
    }

    /// Draws `figure` over the parameters `x` and `y` as a heatmap to the SVG file `path`.
    pub fn heatmap(
        &self,
        figure: &str,
        x: &str,
        y: &str,
        path: impl AsRef<Path>,
    ) -> Result<(), SweepError> {
        let mut xs: Vec<Decimal> = self.rows.iter().filter_map(|r| r.params.get(x)).collect();
        let mut ys: Vec<Decimal> = self.rows.iter().filter_map(|r| r.params.get(y)).collect();
        for v in [&mut xs, &mut ys] {
            v.sort();
            v.dedup();
        }
        if xs.is_empty() || ys.is_empty() {
            return Err(SweepError::Heatmap(format!(
                "no parameter named `{x}` or `{y}`"
            )));
        }
        let cells: Vec<(usize, usize, Option<f64>)> = self
            .rows
            .iter()
            .filter_map(|r| {
                let i = xs.iter().position(|v| Some(*v) == r.params.get(x))?;
                let j = ys.iter().position(|v| Some(*v) == r.params.get(y))?;
                Some((i, j, r.figure(figure)))
            })
            .collect();
        let labels = |v: &[Decimal]| v.iter().map(Decimal::to_string).collect::<Vec<_>>();
        crate::report::plot::heatmap(
            path.as_ref(),
            &format!("{figure} over {x} and {y}"),
            (x, &labels(&xs)),
            (y, &labels(&ys)),
            &cells,
        )
        .map_err(SweepError::Heatmap)
    }
}

/// FNV-1a, 64 bits, over `bytes`, in hex: a fingerprint stable across builds and machines (not a
/// defence against anyone: shards of a sweep are compared, not authenticated).
pub(crate) fn fnv1a(chunks: impl IntoIterator<Item = impl AsRef<[u8]>>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for chunk in chunks {
        for b in chunk.as_ref() {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_runs_in_its_order_and_an_empty_one_has_no_set() {
        let g = Grid::new().axis("a", [1, 2]).axis("b", [10, 20, 30]);
        let sets: Vec<String> = g.sets().iter().map(ToString::to_string).collect();
        assert_eq!(
            sets,
            [
                "a=1, b=10",
                "a=1, b=20",
                "a=1, b=30",
                "a=2, b=10",
                "a=2, b=20",
                "a=2, b=30"
            ]
        );
        assert_eq!(g.fingerprint(), "a=1,2;b=10,20,30");
        assert!(Grid::new().sets().is_empty());
        assert!(Grid::new().axis("a", Vec::<i64>::new()).sets().is_empty());
    }

    fn table(shard: (usize, usize), grid: &str) -> SweepTable {
        SweepTable {
            grid: grid.into(),
            recording: "r".into(),
            sets: 4,
            shard,
            rows: (shard.0 - 1..4)
                .step_by(shard.1)
                .map(|index| SweepRow {
                    index,
                    params: Params::default(),
                    figures: Value::Null,
                })
                .collect(),
        }
    }

    #[test]
    fn shards_merge_in_the_grids_order_and_a_wrong_set_is_refused() {
        let merged = SweepTable::merge([table((2, 2), "g"), table((1, 2), "g")]);
        let indexes: Vec<usize> = merged
            .map(|t| t.rows.iter().map(|r| r.index).collect())
            .unwrap_or_default();
        assert_eq!(indexes, [0, 1, 2, 3]);
        let err = |tables: Vec<SweepTable>| {
            SweepTable::merge(tables)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(err(vec![table((1, 2), "g")]).contains("missing shard(s): 2/2"));
        assert!(err(vec![table((1, 2), "g"), table((1, 2), "g")]).contains("given twice"));
        assert!(err(vec![table((1, 2), "g"), table((2, 2), "h")]).contains("another grid"));
        let mut other = table((2, 2), "g");
        other.recording = "s".into();
        assert!(err(vec![table((1, 2), "g"), other]).contains("another recording"));
        assert!(err(vec![table((1, 2), "g"), table((2, 3), "g")]).contains("split into 3"));
    }
}
