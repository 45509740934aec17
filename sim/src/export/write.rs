//! Rows to files: each table through the parquet crate's column writer (no arrow), in row groups
//! of [`ROWS_PER_GROUP`], written beside its final name and renamed, so a failed export leaves no
//! half file.

use std::path::Path;
use std::sync::Arc;

use parquet::basic::{LogicalType, Repetition, Type as Physical};
use parquet::data_type::{ByteArray, ByteArrayType, Int32Type, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::Type;
use rust_decimal::Decimal;

use super::tables::{PRECISION, Scaled, Tables, scaled};
use super::{ExportError, FILES};

/// Rows per row group: readers such as DuckDB scan a file's row groups in parallel and skip
/// them by their statistics, so weeks of book levels are not one group (pyarrow's default).
pub const ROWS_PER_GROUP: usize = 1 << 20;

/// One column's values, typed as they are stored.
enum Values {
    /// INT64.
    Int64(Vec<i64>),
    /// INT32.
    Int32(Vec<i32>),
    /// UTF-8 text.
    Text(Vec<ByteArray>),
    /// INT64 with nulls: the present values and each row's definition level.
    OptInt64(Vec<i64>, Vec<i16>),
    /// DECIMAL(18, scale) over INT64; `required` when no row lacks one.
    Decimal(Scaled, bool),
}

/// A named column.
struct Column {
    name: &'static str,
    values: Values,
}

impl Column {
    fn new(name: &'static str, values: Values) -> Self {
        Column { name, values }
    }

    /// The column's Parquet type.
    fn schema(&self) -> parquet::errors::Result<Type> {
        let (physical, repetition, logical) = match &self.values {
            Values::Int64(_) => (Physical::INT64, Repetition::REQUIRED, None),
            Values::Int32(_) => (Physical::INT32, Repetition::REQUIRED, None),
            Values::Text(_) => (
                Physical::BYTE_ARRAY,
                Repetition::REQUIRED,
                Some(LogicalType::String),
            ),
            Values::OptInt64(..) => (Physical::INT64, Repetition::OPTIONAL, None),
            Values::Decimal(s, required) => (
                Physical::INT64,
                if *required {
                    Repetition::REQUIRED
                } else {
                    Repetition::OPTIONAL
                },
                Some(LogicalType::Decimal {
                    scale: s.scale as i32,
                    precision: PRECISION as i32,
                }),
            ),
        };
        let mut b = Type::primitive_type_builder(self.name, physical)
            .with_repetition(repetition)
            .with_logical_type(logical);
        if let Values::Decimal(s, _) = &self.values {
            b = b
                .with_precision(PRECISION as i32)
                .with_scale(s.scale as i32);
        }
        b.build()
    }
}

/// A required decimal column.
fn decimal(
    table: &'static str,
    name: &'static str,
    values: impl Iterator<Item = (usize, Decimal)>,
) -> Result<Column, ExportError> {
    let values: Vec<_> = values.map(|(l, d)| (l, Some(d))).collect();
    Ok(Column::new(
        name,
        Values::Decimal(scaled(table, name, &values)?, true),
    ))
}

/// An optional decimal column (null where a row has none).
fn optional_decimal(
    table: &'static str,
    name: &'static str,
    values: impl Iterator<Item = (usize, Option<Decimal>)>,
) -> Result<Column, ExportError> {
    let values: Vec<_> = values.collect();
    Ok(Column::new(
        name,
        Values::Decimal(scaled(table, name, &values)?, false),
    ))
}

fn text<'a>(values: impl Iterator<Item = &'a str>) -> Values {
    Values::Text(values.map(ByteArray::from).collect())
}

/// Writes the three tables to [`FILES`] in `dir`, `per_group` rows to a row group.
pub fn tables(t: &Tables, dir: &Path, per_group: usize) -> Result<(), ExportError> {
    let b = &t.book;
    let book = vec![
        Column::new(
            "time_ms",
            Values::Int64(b.iter().map(|r| r.time_ms).collect()),
        ),
        Column::new("contract", text(b.iter().map(|r| r.contract.as_str()))),
        Column::new("step", Values::Int32(b.iter().map(|r| r.step).collect())),
        Column::new("side", text(b.iter().map(|r| r.side))),
        Column::new("level", Values::Int32(b.iter().map(|r| r.level).collect())),
        decimal("book_levels", "price", b.iter().map(|r| (r.line, r.price)))?,
        decimal("book_levels", "size", b.iter().map(|r| (r.line, r.size)))?,
    ];
    let tr = &t.trades;
    let trades = vec![
        Column::new(
            "time_ms",
            Values::Int64(tr.iter().map(|r| r.time_ms).collect()),
        ),
        Column::new("contract", text(tr.iter().map(|r| r.contract.as_str()))),
        Column::new("side", text(tr.iter().map(|r| r.side.as_str()))),
        decimal("trades", "price", tr.iter().map(|r| (r.line, r.price)))?,
        decimal("trades", "volume", tr.iter().map(|r| (r.line, r.volume)))?,
        optional_decimal("trades", "amount", tr.iter().map(|r| (r.line, r.amount)))?,
        Column::new(
            "id",
            Values::OptInt64(
                tr.iter().filter_map(|r| r.id).collect(),
                tr.iter().map(|r| i16::from(r.id.is_some())).collect(),
            ),
        ),
    ];
    let tk = &t.tickers;
    let ticker = |name, f: fn(&super::tables::TickerRow) -> Option<Decimal>| {
        optional_decimal("tickers", name, tk.iter().map(|r| (r.line, f(r))))
    };
    let tickers = vec![
        Column::new(
            "time_ms",
            Values::Int64(tk.iter().map(|r| r.time_ms).collect()),
        ),
        Column::new("contract", text(tk.iter().map(|r| r.contract.as_str()))),
        ticker("open", |r| r.open)?,
        ticker("high", |r| r.high)?,
        ticker("low", |r| r.low)?,
        ticker("close", |r| r.close)?,
        ticker("volume", |r| r.volume)?,
        ticker("amount", |r| r.amount)?,
        ticker("change", |r| r.change)?,
    ];
    let [book_file, trades_file, tickers_file] = FILES;
    let groups = |rows: usize| Groups { rows, per_group };
    file(&dir.join(book_file), "book_levels", book, groups(b.len()))?;
    file(&dir.join(trades_file), "trades", trades, groups(tr.len()))?;
    file(
        &dir.join(tickers_file),
        "tickers",
        tickers,
        groups(tk.len()),
    )
}

/// A table's rows and how many go to a row group.
#[derive(Clone, Copy)]
struct Groups {
    rows: usize,
    per_group: usize,
}

/// Writes one table to `path` (through `path.tmp`, renamed once whole).
fn file(path: &Path, table: &str, columns: Vec<Column>, groups: Groups) -> Result<(), ExportError> {
    let failed = |message: String| ExportError::Write {
        path: path.to_path_buf(),
        message,
    };
    let mut partial = path.as_os_str().to_owned();
    partial.push(".tmp");
    let partial = std::path::PathBuf::from(partial);
    write(&partial, table, &columns, groups).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        failed(e)
    })?;
    std::fs::rename(&partial, path).map_err(|e| failed(e.to_string()))
}

fn write(path: &Path, table: &str, columns: &[Column], groups: Groups) -> Result<(), String> {
    let fields = columns
        .iter()
        .map(|c| c.schema().map(Arc::new))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let schema = Type::group_type_builder(table)
        .with_fields(fields)
        .build()
        .map_err(|e| e.to_string())?;
    let out = std::fs::File::create(path).map_err(|e| e.to_string())?;
    let props = Arc::new(WriterProperties::builder().build());
    let mut writer =
        SerializedFileWriter::new(out, Arc::new(schema), props).map_err(|e| e.to_string())?;
    // A column with nulls stores only its present values: where each group's start among them.
    let mut present = vec![0usize; columns.len()];
    let mut start = 0;
    // An empty table still has its one (empty) row group, so every reader sees its columns.
    while start < groups.rows || start == 0 {
        let end = groups.rows.min(start + groups.per_group.max(1));
        let mut group = writer.next_row_group().map_err(|e| e.to_string())?;
        for (column, from) in columns.iter().zip(present.iter_mut()) {
            let mut c = group
                .next_column()
                .map_err(|e| e.to_string())?
                .ok_or("the schema has fewer columns than written")?;
            // Rows `start..end` of a column with nulls: their definition levels and the present
            // values among them, which follow the previous groups' ones.
            let mut some = |values: &'_ [i64], defined: &'_ [i16]| {
                let defined = defined.get(start..end).unwrap_or_default();
                let n = defined.iter().filter(|d| **d == 1).count();
                let values = values.get(*from..*from + n).unwrap_or_default();
                *from += n;
                (values.to_vec(), defined.to_vec())
            };
            let rows = start..end;
            let written = match &column.values {
                Values::Int64(v) => c.typed::<Int64Type>().write_batch(&v[rows], None, None),
                Values::Int32(v) => c.typed::<Int32Type>().write_batch(&v[rows], None, None),
                Values::Text(v) => c.typed::<ByteArrayType>().write_batch(&v[rows], None, None),
                Values::Decimal(s, true) => {
                    c.typed::<Int64Type>()
                        .write_batch(&s.values[rows], None, None)
                }
                Values::OptInt64(v, d) => {
                    let (v, d) = some(v, d);
                    c.typed::<Int64Type>().write_batch(&v, Some(&d), None)
                }
                Values::Decimal(s, false) => {
                    let (v, d) = some(&s.values, &s.defined);
                    c.typed::<Int64Type>().write_batch(&v, Some(&d), None)
                }
            };
            written.map_err(|e| format!("{}: {e}", column.name))?;
            c.close().map_err(|e| e.to_string())?;
        }
        group.close().map_err(|e| e.to_string())?;
        if end == groups.rows {
            break;
        }
        start = end;
    }
    writer.close().map_err(|e| e.to_string())?;
    Ok(())
}
