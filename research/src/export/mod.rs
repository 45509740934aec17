//! A recording's market as Parquet tables (`parquet` feature), so its book, trades and tickers
//! can be studied with pandas, polars or DuckDB without a line of Rust. A long layout, one row per
//! book level, per trade, per ticker frame:
//!
//! - `book_levels.parquet`: `time_ms, contract, step, side, level, price, size`;
//! - `trades.parquet`: `time_ms, contract, side, price, volume, amount, id`;
//! - `tickers.parquet`: `time_ms, contract, open, high, low, close, volume, amount, change`.
//!
//! Prices and sizes stay exact: each decimal column is Parquet's DECIMAL(18, S) stored as INT64,
//! S the largest scale the column holds in the recording, every value rescaled to it without
//! rounding; a value that does not fit is refused, never rounded (a float would turn 0.1 into
//! 0.1000000000000000055).
//!
//! The export streams: a recording's market events (a file's, or a directory's read as one
//! session) come from its decoded cache
//! ([`contango_sim::feeds::cache`], built here the first time, as a backtest builds it), read twice, once
//! for each column's scale and once to write the rows, each table's as a row group when
//! [`write::ROWS_PER_GROUP`] have come. It holds a row group per table, whatever the
//! recording's size. `tables` turns events into rows (pure); `write` puts rows in files.

mod tables;
mod write;

use std::path::{Path, PathBuf};

use contango::recording::{Joined, Recording, RecordingError};

use contango_sim::feeds::cache::{CacheError, MarketCache, MarketEvents, market_frames};
use tables::{Cell, TABLES, Widest};
use write::TableFile;

/// The files an export writes, in `out_dir`.
pub const FILES: [&str; 3] = [TABLES[0].file, TABLES[1].file, TABLES[2].file];

/// What an export wrote: each table's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Exported {
    /// Rows of `book_levels.parquet` (one per level of each depth snapshot).
    pub book_levels: usize,
    /// Rows of `trades.parquet` (one per trade).
    pub trades: usize,
    /// Rows of `tickers.parquet` (one per ticker frame).
    pub tickers: usize,
}

/// Why an export failed; nothing is rounded or skipped silently.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The recording cannot be read (its file and line say where).
    #[error("{0}")]
    Recording(#[from] RecordingError),
    /// Its decoded cache could not be written or read.
    #[error("{0}")]
    Cache(CacheError),
    /// A market frame the recording holds does not decode.
    #[error("{}line {line}: a market frame does not decode: {message}", in_file(.file))]
    Frame {
        /// The file that holds the frame (for a directory, the file within it); `None` for a
        /// recording exported from memory.
        file: Option<String>,
        /// The frame's line in its file.
        line: usize,
        /// The decoder's words.
        message: String,
    },
    /// The recording's market-stream frames hold no market event: there is nothing to export.
    #[error("no market event in the recording (no market-stream frame holds one)")]
    NoMarket,
    /// A decimal that does not fit its column's DECIMAL(18, scale) once rescaled.
    #[error(
        "{}line {line}: {table}.{column}: {value} does not fit DECIMAL({precision}, {scale}) \
         (the column's largest scale); refused rather than rounded",
        in_file(.file)
    )]
    DoesNotFit {
        /// The table (`trades`).
        table: &'static str,
        /// The column (`price`).
        column: &'static str,
        /// The value as recorded.
        value: String,
        /// The column's precision (18: what INT64 holds).
        precision: u32,
        /// The column's scale.
        scale: u32,
        /// The file that holds the value (for a directory, the file within it); `None` for a
        /// recording exported from memory.
        file: Option<String>,
        /// The value's line in its file.
        line: usize,
    },
    /// A file could not be written.
    #[error("{}: {message}", .path.display())]
    Write {
        /// The file (or the output directory).
        path: PathBuf,
        /// What failed.
        message: String,
    },
}

/// `file: `, when the file is known.
fn in_file(file: &Option<String>) -> String {
    file.as_ref().map_or_else(String::new, |f| format!("{f}: "))
}

/// Where a recording's entry is: its file (none for a recording in memory, or a gap line no
/// file holds) and its line there.
#[derive(Debug, Clone, Default)]
struct Place {
    file: Option<String>,
    line: usize,
}

impl From<CacheError> for ExportError {
    fn from(e: CacheError) -> ExportError {
        match e {
            CacheError::Recording(e) => ExportError::Recording(e),
            e => ExportError::Cache(e),
        }
    }
}

/// Exports `recording`'s market-stream frames to [`FILES`] in `out_dir` (created if missing;
/// files there of the same names are replaced). The recording is in memory already; a file is
/// exported in bounded memory by [`parquet_file`].
pub fn parquet(recording: &Recording, out_dir: &Path) -> Result<Exported, ExportError> {
    let market = || Ok(MarketEvents::from_frames(market_frames(recording)));
    let place_of = |entry: u64| Place {
        file: None,
        line: usize::try_from(entry)
            .ok()
            .and_then(|i| recording.entries.get(i))
            .map_or(0, |e| e.line),
    };
    export(&market, &place_of, out_dir, write::ROWS_PER_GROUP)
}

/// Exports the recording at `path` ([`parquet`]): a file, plain or gzip, or a directory of them
/// read as one session ([`Recording::from_dir`]), streamed from its decoded cache, which is built
/// beside it first when it does not match it (as a backtest's is). A damaged line, an
/// undecodable frame or a value too wide is refused at its file (a directory's: the file within
/// it) and line, before any file is written.
pub fn parquet_file(path: &Path, out_dir: &Path) -> Result<Exported, ExportError> {
    let cache = MarketCache::open(path)?;
    let market = || Ok(cache.events());
    // Only an error needs a place: the recording is read again to the entry, the join naming
    // the file it is in.
    let place_of = |entry: u64| {
        let nth = usize::try_from(entry).unwrap_or(usize::MAX);
        let Ok(mut joined) = Joined::open(path) else {
            return Place::default();
        };
        match joined.nth(nth) {
            Some(Ok(e)) => Place {
                file: joined.file().map(|f| f.display().to_string()),
                line: e.line,
            },
            _ => Place::default(),
        }
    };
    export(&market, &place_of, out_dir, write::ROWS_PER_GROUP)
}

/// The export of the events `market` gives (twice: each column's scale first, then the rows),
/// `place_of` naming the file and line of an entry refused, `per_group` rows to a row group.
fn export(
    market: &dyn Fn() -> Result<MarketEvents, ExportError>,
    place_of: &dyn Fn(u64) -> Place,
    out_dir: &Path,
    per_group: usize,
) -> Result<Exported, ExportError> {
    let mut widest = TABLES.map(|t| vec![Widest::default(); t.columns.len()]);
    let mut rows = [0_usize; 3];
    let mut events = market()?;
    let mut any = false;
    for played in &mut events {
        let played = played?;
        any = true;
        tables::rows(&played.event, |table, cells| {
            rows[table] += 1;
            for (w, cell) in widest[table].iter_mut().zip(cells) {
                if let Cell::Decimal(Some(d)) = cell {
                    w.note(played.entry, *d);
                }
            }
            Ok::<_, ExportError>(())
        })?;
    }
    // A frame that does not decode is refused: an export that silently lacked it would pass for
    // the market.
    if let Some(u) = events.undecodable() {
        let Place { file, line } = place_of(u.entry);
        return Err(ExportError::Frame {
            file,
            line,
            message: u.message.clone(),
        });
    }
    if !any {
        return Err(ExportError::NoMarket);
    }
    let mut scales = Vec::with_capacity(TABLES.len());
    for (table, widest) in TABLES.iter().zip(&widest) {
        let scale =
            |(w, (column, _)): (&Widest, &(&'static str, _))| w.scale(table.name, column, place_of);
        scales.push(
            widest
                .iter()
                .zip(table.columns)
                .map(scale)
                .collect::<Result<Vec<u32>, _>>()?,
        );
    }
    std::fs::create_dir_all(out_dir).map_err(|e| ExportError::Write {
        path: out_dir.to_path_buf(),
        message: e.to_string(),
    })?;
    let mut files = Vec::with_capacity(TABLES.len());
    for (table, scales) in TABLES.iter().zip(scales) {
        files.push(TableFile::create(out_dir, table, scales, per_group)?);
    }
    for played in market()? {
        let played = played?;
        tables::rows(&played.event, |table, cells| {
            files[table].push(cells, played.entry, place_of)
        })?;
    }
    for file in &mut files {
        file.finish()?;
    }
    for file in &mut files {
        file.publish()?;
    }
    Ok(Exported {
        book_levels: rows[0],
        trades: rows[1],
        tickers: rows[2],
    })
}

#[cfg(test)]
mod tests;
