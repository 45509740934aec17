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
//! 0.1000000000000000055). `tables` turns frames into rows (pure); `write` puts rows in files.

pub mod tables;
mod write;

use std::path::{Path, PathBuf};

use contango::recording::{Recording, RecordingError};

pub use tables::Tables;

/// The files an export writes, in `out_dir`.
pub const FILES: [&str; 3] = ["book_levels.parquet", "trades.parquet", "tickers.parquet"];

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
    /// A market frame the recording holds does not decode.
    #[error("line {line}: a market frame does not decode: {message}")]
    Frame {
        /// The frame's line in its file.
        line: usize,
        /// The decoder's words.
        message: String,
    },
    /// The recording holds no market-stream frame: there is nothing to export.
    #[error("no market-stream frame in the recording")]
    NoMarket,
    /// A decimal that does not fit its column's DECIMAL(18, scale) once rescaled.
    #[error(
        "line {line}: {table}.{column}: {value} does not fit DECIMAL({precision}, {scale}) \
         (the column's largest scale); refused rather than rounded"
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

/// Exports `recording`'s market-stream frames to [`FILES`] in `out_dir` (created if missing;
/// files there of the same names are replaced).
pub fn parquet(recording: &Recording, out_dir: &Path) -> Result<Exported, ExportError> {
    let tables = Tables::from_recording(recording)?;
    std::fs::create_dir_all(out_dir).map_err(|e| ExportError::Write {
        path: out_dir.to_path_buf(),
        message: e.to_string(),
    })?;
    write::tables(&tables, out_dir, write::ROWS_PER_GROUP)?;
    Ok(Exported {
        book_levels: tables.book.len(),
        trades: tables.trades.len(),
        tickers: tables.tickers.len(),
    })
}

/// Reads the recording at `path` (a file, plain or gzip, or a directory of them, as
/// [`Recording::from_file`]) and exports it ([`parquet`]). A damaged recording is refused at its
/// line.
pub fn parquet_file(path: &Path, out_dir: &Path) -> Result<Exported, ExportError> {
    let recording = Recording::from_file(path)?;
    parquet(&recording, out_dir)
}

#[cfg(test)]
mod tests;
