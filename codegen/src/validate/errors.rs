//! `error_tables`: success codes, and error codes with unique names and known retry classes.

use crate::diag::{Diagnostics, did_you_mean};
use crate::ir;
use crate::naming::camel;
use crate::read::Map;
use crate::spec;
use std::collections::HashMap;

pub(super) fn tables(cx: &mut Diagnostics, map: &Map<spec::ErrorTable>) -> Vec<ir::Table> {
    // Variant name -> where it was first defined.
    let mut variants: HashMap<String, String> = HashMap::new();
    let mut out = Vec::new();
    for (key, t) in map.iter() {
        let tpath = format!("error_tables.{}", key.value);
        if t.success.is_empty() {
            cx.err(
                key.referenced,
                format!("{tpath}.success"),
                "no success codes: expected at least one (e.g. `[0]`)",
            );
        }
        let mut seen: HashMap<i64, usize> = HashMap::new();
        let mut codes = Vec::new();
        for (i, c) in t.codes.iter().enumerate() {
            let cpath = format!("{tpath}.codes[{i}]");
            if let Some(first) = seen.get(&c.code.value) {
                cx.err(
                    c.code.referenced,
                    format!("{cpath}.code"),
                    format!(
                        "duplicate error code {} in table `{}` (first at codes[{first}]); a code means one thing per table",
                        c.code.value, key.value
                    ),
                );
                continue;
            }
            seen.insert(c.code.value, i);
            codes.extend(code(cx, &mut variants, c, &cpath));
        }
        out.push(ir::Table {
            name: key.value.clone(),
            doc: t.doc.clone().unwrap_or_default(),
            success: t.success.clone(),
            codes,
        });
    }
    out
}

/// One error code, whose name becomes an `ErrorCode` variant unique across all tables
/// (`variants`: the variants taken, with where); `None` when it cannot (reported).
fn code(
    cx: &mut Diagnostics,
    variants: &mut HashMap<String, String>,
    c: &spec::ErrorCodeDef,
    cpath: &str,
) -> Option<ir::Code> {
    let name = &c.name.value;
    let variant = camel(name);
    if !name.starts_with(|ch: char| ch.is_ascii_uppercase())
        || !name
            .chars()
            .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '_')
    {
        cx.err(
            c.name.referenced,
            format!("{cpath}.name"),
            format!("`{name}` is not SCREAMING_SNAKE_CASE (like `ORDER_NOT_FOUND`)"),
        );
        return None;
    }
    if variant == "Unknown" {
        cx.err(
            c.name.referenced,
            format!("{cpath}.name"),
            "`UNKNOWN` is taken by the catch-all `ErrorCode::Unknown`; choose another name",
        );
        return None;
    }
    if let Some(other) = variants.get(&variant) {
        cx.err(
            c.name.referenced,
            format!("{cpath}.name"),
            format!(
                "error name `{name}` is already used by {other}; names are unique across tables"
            ),
        );
        return None;
    }
    variants.insert(variant.clone(), cpath.to_owned());
    let retry = match c.retry.value.as_str() {
        "never" => ir::Retry::Never,
        "safe" => ir::Retry::Safe,
        "resync_clock" => ir::Retry::ResyncClock,
        "back_off" => ir::Retry::BackOff,
        "ambiguous" => ir::Retry::Ambiguous,
        other => {
            cx.err(
                c.retry.referenced,
                format!("{cpath}.retry"),
                format!(
                    "unknown retry class `{other}`{}; expected one of {}",
                    did_you_mean(other, spec::RETRY.iter().copied()),
                    spec::RETRY.join(", ")
                ),
            );
            ir::Retry::Never
        }
    };
    Some(ir::Code {
        code: c.code.value,
        name: name.clone(),
        variant,
        message: c.message.clone(),
        retry,
        doc: c.doc.clone(),
    })
}
