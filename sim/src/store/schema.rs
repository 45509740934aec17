//! What every table of the store is made of: [`Table`] (a name, its columns, its key, the schema
//! version that added it), and for a read table its row's [`TableRow`], declared with
//! `read_table!` from each field's [`Column`]: how a value is written to SQLite and read back.

use rusqlite::types::Value;
use rust_decimal::Decimal;

/// One table: its name, its columns (name, declaration), a composite primary key if any, and
/// the schema version that added it (a store of an older version lacks it until a start
/// upgrades the store).
#[derive(Debug)]
pub(super) struct Table {
    pub name: &'static str,
    pub columns: &'static [(&'static str, &'static str)],
    pub key: Option<&'static str>,
    pub since: i32,
}

impl Table {
    /// The column names, quoted and comma-separated, in declaration order.
    fn column_list(&self) -> String {
        let names: Vec<String> = self
            .columns
            .iter()
            .map(|(n, _)| format!("\"{n}\""))
            .collect();
        names.join(", ")
    }

    pub fn create_sql(&self) -> String {
        let mut parts: Vec<String> = self
            .columns
            .iter()
            .map(|(n, decl)| format!("\"{n}\" {decl}"))
            .collect();
        // A composite key is the table's own order (no separate rowid b-tree: one page less to
        // write per row).
        let mut options = "";
        if let Some(key) = self.key {
            parts.push(format!("PRIMARY KEY ({key})"));
            options = " WITHOUT ROWID";
        }
        format!(
            "CREATE TABLE \"{}\" (\n  {}\n){options};\n",
            self.name,
            parts.join(",\n  ")
        )
    }

    /// `INSERT OR REPLACE` of every column, bound as `?1..?n` in declaration order.
    pub fn insert_sql(&self) -> String {
        let params: Vec<String> = (1..=self.columns.len()).map(|i| format!("?{i}")).collect();
        format!(
            "INSERT OR REPLACE INTO \"{}\" ({}) VALUES ({})",
            self.name,
            self.column_list(),
            params.join(", ")
        )
    }

    /// `SELECT` of every column in declaration order (as [`TableRow::read`] expects), then `tail`.
    pub fn select_sql(&self, tail: &str) -> String {
        format!(
            "SELECT {} FROM \"{}\" {tail}",
            self.column_list(),
            self.name
        )
    }

    pub fn column_names(&self) -> Vec<&'static str> {
        self.columns.iter().map(|(n, _)| *n).collect()
    }
}

/// What a row of a read table has in common: its table, its values in column order, and how it
/// is read back from a `SELECT` of [`Table::select_sql`].
pub(super) trait TableRow: Sized {
    const TABLE: &'static Table;
    fn values(&self) -> Vec<Value>;
    fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self>;
}

/// Declares a read table once: its row struct (each field with its doc), its [`Table`] (the
/// name, each field's column and SQL declaration in field order, the composite key, the schema
/// version that added it) and the row's [`TableRow`] (values written and read back in the same
/// order, each field through its type's [`Column`]).
macro_rules! read_table {
    (
        $(#[$meta:meta])*
        pub struct $row:ident in $table:ident ($name:literal, since $since:literal, key $key:expr) {
            $( $(#[$fmeta:meta])* $field:ident: $ty:ty => $column:literal $decl:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $row {
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        pub(super) const $table: Table = Table {
            name: $name,
            columns: &[$(($column, $decl)),*],
            key: $key,
            since: $since,
        };

        impl TableRow for $row {
            const TABLE: &'static Table = &$table;
            fn values(&self) -> Vec<Value> {
                vec![$(Column::value(&self.$field)),*]
            }
            fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
                let mut at = 0_usize..;
                Ok($row {
                    $($field: Column::read(r, at.next().unwrap_or_default())?,)*
                })
            }
        }
    };
}

pub(super) use read_table;

/// How a field's type is written to its column and read back. Decimals are TEXT (exact:
/// `Decimal`'s own text, scale kept), never REAL; flags are 0 or 1; a seq is an integer that
/// must not be negative; names of a closed set are their text.
pub(super) trait Column: Sized {
    fn value(&self) -> Value;
    fn read(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Self>;
}

impl Column for i64 {
    fn value(&self) -> Value {
        Value::Integer(*self)
    }
    fn read(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Self> {
        row.get(i)
    }
}

impl Column for u32 {
    fn value(&self) -> Value {
        Value::Integer(i64::from(*self))
    }
    fn read(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Self> {
        row.get(i)
    }
}

impl Column for u64 {
    fn value(&self) -> Value {
        Value::Integer(seq_value(*self))
    }
    fn read(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Self> {
        get_seq(row, i)
    }
}

impl Column for bool {
    fn value(&self) -> Value {
        Value::Integer(i64::from(*self))
    }
    fn read(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Self> {
        row.get(i)
    }
}

impl Column for String {
    fn value(&self) -> Value {
        Value::Text(self.clone())
    }
    fn read(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Self> {
        row.get(i)
    }
}

impl Column for Decimal {
    fn value(&self) -> Value {
        Value::Text(self.to_string())
    }
    fn read(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Self> {
        get_dec(row, i)
    }
}

/// NULL for `None`.
impl<T: Column> Column for Option<T> {
    fn value(&self) -> Value {
        self.as_ref().map_or(Value::Null, Column::value)
    }
    fn read(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Self> {
        match row.get_ref(i)? {
            rusqlite::types::ValueRef::Null => Ok(None),
            _ => T::read(row, i).map(Some),
        }
    }
}

/// A seq as SQLite's integer. Every seq a commit writes was checked to fit first
/// ([`super::file`]'s batch check), so the saturation never happens.
pub(super) fn seq_value(seq: u64) -> i64 {
    i64::try_from(seq).unwrap_or(i64::MAX)
}

pub(super) fn get_dec(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Decimal> {
    let s: String = row.get(i)?;
    s.parse().map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e))
    })
}

pub(super) fn get_seq(row: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<u64> {
    let v: i64 = row.get(i)?;
    u64::try_from(v).map_err(|_| rusqlite::Error::IntegralValueOutOfRange(i, v))
}

/// A text column holding one of a closed set of names.
pub(super) fn get_named<T>(
    row: &rusqlite::Row<'_>,
    i: usize,
    parse: fn(&str) -> Option<T>,
) -> rusqlite::Result<T> {
    let s: String = row.get(i)?;
    parse(&s).ok_or_else(|| {
        rusqlite::Error::FromSqlConversionFailure(
            i,
            rusqlite::types::Type::Text,
            format!("unknown value {s:?}").into(),
        )
    })
}
