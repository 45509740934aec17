//! Writing answers: JSON for scripts (one document, or one object per line with `--jsonl`), an
//! aligned table for people. Decimals arrive as strings already (see [`crate::shape`]).

use std::io::Write;

use serde_json::Value;

/// How answers are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// JSON.
    Json,
    /// A table.
    Table,
}

impl Format {
    /// `json` or `table`.
    pub fn from_name(name: &str) -> Option<Format> {
        match name {
            "json" => Some(Format::Json),
            "table" => Some(Format::Table),
            _ => None,
        }
    }
}

/// Writes `value` in `format`; `jsonl` puts each element of a list on its own line.
pub fn write(
    out: &mut impl Write,
    value: &Value,
    format: Format,
    jsonl: bool,
) -> std::io::Result<()> {
    match (format, value) {
        (_, Value::Array(items)) if jsonl => {
            for item in items {
                writeln!(out, "{item}")?;
            }
        }
        (Format::Json, v) if jsonl => writeln!(out, "{v}")?,
        (Format::Json, v) => {
            serde_json::to_writer_pretty(&mut *out, v)?;
            writeln!(out)?;
        }
        (Format::Table, v) => table(out, v)?,
    }
    out.flush()
}

/// A cell: strings bare, nested values as compact JSON, nothing for null.
fn cell(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn table(out: &mut impl Write, value: &Value) -> std::io::Result<()> {
    match value {
        Value::Array(items) if items.is_empty() => writeln!(out, "(none)"),
        Value::Array(items) if items.iter().all(Value::is_object) => objects(out, items),
        Value::Array(items) => {
            let rows: Vec<Vec<String>> = items
                .iter()
                .map(|i| match i {
                    Value::Array(cells) => cells.iter().map(cell).collect(),
                    other => vec![cell(other)],
                })
                .collect();
            grid(out, &[], &rows)
        }
        Value::Object(map) if map.is_empty() => writeln!(out, "ok"),
        // Scalars as `key value` rows, then each list of objects as its own titled table.
        Value::Object(map) => {
            let is_table = |v: &Value| {
                v.as_array().is_some_and(|a| {
                    !a.is_empty()
                        && (a.iter().all(Value::is_object) || a.iter().all(Value::is_array))
                })
            };
            let rows: Vec<Vec<String>> = map
                .iter()
                .filter(|(_, v)| !is_table(v))
                .map(|(k, v)| vec![k.clone(), cell(v)])
                .collect();
            grid(out, &[], &rows)?;
            let mut first = rows.is_empty();
            for (k, v) in map.iter().filter(|(_, v)| is_table(v)) {
                writeln!(out, "{}{k}:", if first { "" } else { "\n" })?;
                table(out, v)?;
                first = false;
            }
            Ok(())
        }
        other => writeln!(out, "{}", cell(other)),
    }
}

/// Objects as rows under a header of their keys (in order of first appearance).
fn objects(out: &mut impl Write, items: &[Value]) -> std::io::Result<()> {
    let mut columns: Vec<&str> = Vec::new();
    for item in items.iter().filter_map(Value::as_object) {
        for k in item.keys() {
            if !columns.contains(&k.as_str()) {
                columns.push(k);
            }
        }
    }
    let rows: Vec<Vec<String>> = items
        .iter()
        .map(|i| columns.iter().map(|c| cell(&i[*c])).collect())
        .collect();
    let header: Vec<String> = columns.iter().map(|c| (*c).to_owned()).collect();
    grid(out, &header, &rows)
}

/// Left-aligned columns separated by two spaces; `header` (if any) first.
fn grid(out: &mut impl Write, header: &[String], rows: &[Vec<String>]) -> std::io::Result<()> {
    let n = rows
        .iter()
        .map(Vec::len)
        .chain([header.len()])
        .max()
        .unwrap_or(0);
    let mut widths = vec![0; n];
    for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |out: &mut dyn Write, row: &[String]| -> std::io::Result<()> {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        writeln!(out, "{}", cells.join("  ").trim_end())
    };
    if !header.is_empty() {
        line(out, header)?;
    }
    for row in rows {
        line(out, row)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(v: &str, format: Format, jsonl: bool) -> String {
        let v: Value = serde_json::from_str(v).unwrap_or_default();
        let mut out = Vec::new();
        write(&mut out, &v, format, jsonl).unwrap_or_default();
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn lists_of_objects_are_tables_with_a_header_and_lines_with_jsonl() {
        let list = r#"[{"id":1,"price":"1.50"},{"id":22,"price":"3"}]"#;
        assert_eq!(
            render(list, Format::Table, false),
            "id  price\n1   1.50\n22  3\n"
        );
        assert_eq!(
            render(list, Format::Json, true),
            "{\"id\":1,\"price\":\"1.50\"}\n{\"id\":22,\"price\":\"3\"}\n"
        );
    }

    #[test]
    fn objects_are_key_value_rows_and_nothing_is_ok() {
        assert_eq!(
            render(r#"{"a":"x","bb":[1]}"#, Format::Table, false),
            "a   x\nbb  [1]\n"
        );
        assert_eq!(render("{}", Format::Table, false), "ok\n");
    }
}
