//! Rows to files as they come: each table's file open through the parquet crate's column writer
//! (no arrow), its rows buffered by column and written as a row group each time
//! [`ROWS_PER_GROUP`] have come, so an export holds one row group per table whatever the
//! recording's size. A file is written beside its final name and renamed once every table is
//! whole ([`TableFile::publish`]); a file not published is removed, so a failed export leaves no
//! half file.

use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use parquet::basic::{LogicalType, Repetition, Type as Physical};
use parquet::data_type::{ByteArray, ByteArrayType, Int32Type, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::Type;

use super::tables::{Cell, Kind, PRECISION, Table, rescaled};
use super::{ExportError, Place};

/// Rows per row group: readers such as DuckDB scan a file's row groups in parallel and skip
/// them by their statistics, so weeks of book levels are not one group (pyarrow's default).
pub const ROWS_PER_GROUP: usize = 1 << 20;

/// Text values written at a time: each a reference to its column's copy of the text.
const TEXT_BATCH: usize = 1 << 12;

/// A column's values in the row group being filled, typed as they are stored.
enum Buffer {
    /// INT64, or a required decimal rescaled.
    Int64(Vec<i64>),
    /// INT32.
    Int32(Vec<i32>),
    /// Text.
    Text(Texts),
    /// INT64 with nulls (an optional decimal rescaled): the present values, each row's
    /// definition level.
    Opt(Vec<i64>, Vec<i16>),
}

/// A text column's values: each an index into the distinct texts seen (contracts, sides: a
/// few), so a row costs four bytes until it is written.
#[derive(Default)]
struct Texts {
    rows: Vec<u32>,
    seen: Vec<ByteArray>,
    index: HashMap<Box<str>, u32>,
    last: Option<u32>,
}

impl Texts {
    fn push(&mut self, s: &str) {
        let i = match self.last {
            Some(i) if self.seen[i as usize].data() == s.as_bytes() => i,
            _ => match self.index.get(s) {
                Some(&i) => i,
                None => {
                    let i = u32::try_from(self.seen.len()).unwrap_or(u32::MAX);
                    self.seen.push(ByteArray::from(s));
                    self.index.insert(s.into(), i);
                    i
                }
            },
        };
        self.last = Some(i);
        self.rows.push(i);
    }
}

impl Buffer {
    fn of(kind: Kind) -> Buffer {
        match kind {
            Kind::Int64 | Kind::Decimal => Buffer::Int64(Vec::new()),
            Kind::Int32 => Buffer::Int32(Vec::new()),
            Kind::Text => Buffer::Text(Texts::default()),
            Kind::OptInt64 | Kind::OptDecimal => Buffer::Opt(Vec::new(), Vec::new()),
        }
    }

    fn clear(&mut self) {
        match self {
            Buffer::Int64(v) => v.clear(),
            Buffer::Int32(v) => v.clear(),
            Buffer::Text(t) => t.rows.clear(),
            Buffer::Opt(v, d) => {
                v.clear();
                d.clear();
            }
        }
    }
}

/// A column's Parquet type: `kind`, and `scale` for a decimal.
fn schema(name: &str, kind: Kind, scale: u32) -> parquet::errors::Result<Type> {
    let decimal = Some(LogicalType::Decimal {
        scale: scale as i32,
        precision: PRECISION as i32,
    });
    let (physical, repetition, logical) = match kind {
        Kind::Int64 => (Physical::INT64, Repetition::REQUIRED, None),
        Kind::Int32 => (Physical::INT32, Repetition::REQUIRED, None),
        Kind::Text => (
            Physical::BYTE_ARRAY,
            Repetition::REQUIRED,
            Some(LogicalType::String),
        ),
        Kind::OptInt64 => (Physical::INT64, Repetition::OPTIONAL, None),
        Kind::Decimal => (Physical::INT64, Repetition::REQUIRED, decimal),
        Kind::OptDecimal => (Physical::INT64, Repetition::OPTIONAL, decimal),
    };
    let mut b = Type::primitive_type_builder(name, physical)
        .with_repetition(repetition)
        .with_logical_type(logical);
    if matches!(kind, Kind::Decimal | Kind::OptDecimal) {
        b = b.with_precision(PRECISION as i32).with_scale(scale as i32);
    }
    b.build()
}

/// One table's file being written.
pub(super) struct TableFile {
    table: &'static Table,
    /// Each column's scale (0 but for decimals).
    scales: Vec<u32>,
    path: PathBuf,
    partial: PathBuf,
    writer: Option<SerializedFileWriter<File>>,
    columns: Vec<Buffer>,
    /// Rows buffered, row groups written.
    rows: usize,
    groups: usize,
    per_group: usize,
    published: bool,
}

impl TableFile {
    /// Starts `table`'s file in `dir` (`scales`: each column's), `per_group` rows to a row
    /// group.
    pub(super) fn create(
        dir: &Path,
        table: &'static Table,
        scales: Vec<u32>,
        per_group: usize,
    ) -> Result<TableFile, ExportError> {
        let path = dir.join(table.file);
        let mut partial = path.as_os_str().to_owned();
        partial.push(".tmp");
        let mut file = TableFile {
            table,
            scales,
            partial: PathBuf::from(partial),
            writer: None,
            columns: table.columns.iter().map(|(_, k)| Buffer::of(*k)).collect(),
            rows: 0,
            groups: 0,
            per_group: per_group.max(1),
            published: false,
            path,
        };
        let fields = table
            .columns
            .iter()
            .zip(&file.scales)
            .map(|((name, kind), scale)| schema(name, *kind, *scale).map(Arc::new))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| file.failed(e))?;
        let schema = Type::group_type_builder(table.name)
            .with_fields(fields)
            .build()
            .map_err(|e| file.failed(e))?;
        let out = File::create(&file.partial).map_err(|e| file.failed(e))?;
        let props = Arc::new(WriterProperties::builder().build());
        let writer =
            SerializedFileWriter::new(out, Arc::new(schema), props).map_err(|e| file.failed(e))?;
        file.writer = Some(writer);
        Ok(file)
    }

    fn failed(&self, e: impl std::fmt::Display) -> ExportError {
        ExportError::Write {
            path: self.path.clone(),
            message: e.to_string(),
        }
    }

    /// Adds a row, its cells in the table's column order, from the entry `entry` (`place_of`
    /// names its file and line); writes a row group when one is full.
    pub(super) fn push(
        &mut self,
        cells: &[Cell<'_>],
        entry: u64,
        place_of: &dyn Fn(u64) -> Place,
    ) -> Result<(), ExportError> {
        let table = self.table;
        for (i, (buffer, cell)) in self.columns.iter_mut().zip(cells).enumerate() {
            let scale = self.scales[i];
            let exact = |d: rust_decimal::Decimal| {
                rescaled(d, scale).ok_or_else(|| {
                    let Place { file, line } = place_of(entry);
                    ExportError::DoesNotFit {
                        table: table.name,
                        column: table.columns[i].0,
                        value: d.to_string(),
                        precision: PRECISION,
                        scale,
                        file,
                        line,
                    }
                })
            };
            match (buffer, *cell) {
                (Buffer::Int64(v), Cell::Int64(x)) => v.push(x),
                (Buffer::Int64(v), Cell::Decimal(Some(d))) => v.push(exact(d)?),
                (Buffer::Int32(v), Cell::Int32(x)) => v.push(x),
                (Buffer::Text(t), Cell::Text(s)) => t.push(s),
                (Buffer::Opt(v, defined), Cell::OptInt64(x)) => {
                    defined.push(i16::from(x.is_some()));
                    v.extend(x);
                }
                (Buffer::Opt(v, defined), Cell::Decimal(d)) => {
                    defined.push(i16::from(d.is_some()));
                    if let Some(d) = d {
                        v.push(exact(d)?);
                    }
                }
                (_, cell) => {
                    let column = table.columns[i].0;
                    return Err(self.failed(format!("{column}: not a cell of its kind: {cell:?}")));
                }
            }
        }
        self.rows += 1;
        if self.rows >= self.per_group {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the rows buffered as a row group.
    fn flush(&mut self) -> Result<(), ExportError> {
        let written = self.write_group();
        let written = written.map_err(|e| self.failed(e));
        self.rows = 0;
        self.groups += 1;
        written
    }

    fn write_group(&mut self) -> Result<(), String> {
        let writer = self.writer.as_mut().ok_or("the file is closed")?;
        let mut group = writer.next_row_group().map_err(|e| e.to_string())?;
        for (buffer, (name, _)) in self.columns.iter_mut().zip(self.table.columns) {
            let mut c = group
                .next_column()
                .map_err(|e| e.to_string())?
                .ok_or("the schema has fewer columns than written")?;
            let written = match &*buffer {
                Buffer::Int64(v) => c.typed::<Int64Type>().write_batch(v, None, None),
                Buffer::Int32(v) => c.typed::<Int32Type>().write_batch(v, None, None),
                Buffer::Opt(v, defined) => {
                    c.typed::<Int64Type>().write_batch(v, Some(defined), None)
                }
                Buffer::Text(t) => {
                    let mut values = Vec::with_capacity(TEXT_BATCH.min(t.rows.len()));
                    let mut written = Ok(0);
                    for rows in t.rows.chunks(TEXT_BATCH) {
                        values.clear();
                        values.extend(rows.iter().map(|&i| t.seen[i as usize].clone()));
                        written = c.typed::<ByteArrayType>().write_batch(&values, None, None);
                        if written.is_err() {
                            break;
                        }
                    }
                    written
                }
            };
            written.map_err(|e| format!("{name}: {e}"))?;
            c.close().map_err(|e| e.to_string())?;
            buffer.clear();
        }
        group.close().map_err(|e| e.to_string())?;
        Ok(())
    }

    /// Writes what is buffered and closes the file. An empty table still
    /// has its one (empty) row group, so every reader sees its columns.
    pub(super) fn finish(&mut self) -> Result<(), ExportError> {
        if self.rows > 0 || self.groups == 0 {
            self.flush()?;
        }
        match self.writer.take() {
            Some(w) => w.close().map(drop).map_err(|e| self.failed(e)),
            None => Ok(()),
        }
    }

    /// Puts the finished file in its place.
    pub(super) fn publish(&mut self) -> Result<(), ExportError> {
        std::fs::rename(&self.partial, &self.path).map_err(|e| self.failed(e))?;
        self.published = true;
        Ok(())
    }
}

impl Drop for TableFile {
    /// A file not published is removed.
    fn drop(&mut self) {
        if !self.published {
            drop(self.writer.take());
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}
