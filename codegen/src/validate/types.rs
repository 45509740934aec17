//! The namespace of records and enums, and type expressions resolved against it: every name of
//! `types` and `enums` is declared before anything refers to it, so references resolve in any
//! order, and an item left out because of a reported mistake resolves silently (nothing
//! cascades).

use crate::diag::{Diagnostics, best, did_you_mean};
use crate::ir::Ty;
use crate::naming::is_ident_text;
use crate::schema::SCALARS;
use crate::spec::{Spec, Str};
use crate::yaml::{Location, shorten};
use std::collections::HashMap;

/// Names the generated code defines itself; a spec type may not take them.
const RESERVED_TYPES: &[&str] = &[
    "Client",
    "ClientBuilder",
    "Product",
    "ErrorCode",
    "Error",
    "Event",
    "Endpoint",
    "MarketEvent",
    "MarketChannel",
    "MarketApi",
    "MarketStream",
    "MarketStreamBuilder",
    "MarketItem",
];

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Kind {
    Record,
    Enum(bool),
    /// Left out because of a mistake reported elsewhere; references to it are not reported.
    Broken,
}

/// Every record and enum name, and what it is.
pub(super) type Kinds = HashMap<String, Kind>;

/// The names of `types` and `enums`, and which of their entries can be generated (in spec order).
pub(super) struct Declared {
    pub kinds: Kinds,
    pub enums: Vec<bool>,
    pub types: Vec<bool>,
}

/// Declares every record and enum name, so references can be resolved in any order. Entries the
/// reader left out (their mistake is reported) still resolve, silently, so nothing cascades.
/// Records on a cycle are found afterwards from these kinds (`records::recursion`) and marked
/// broken by the caller: they resolve the same way and are not generated.
pub(super) fn declare_all(cx: &mut Diagnostics, spec: &Spec) -> Declared {
    let mut kinds = Kinds::new();
    for name in spec.enums.dropped.iter().chain(&spec.types.dropped) {
        kinds.insert(name.clone(), Kind::Broken);
    }
    let enums = spec
        .enums
        .iter()
        .map(|(key, def)| {
            let integer = def.repr.as_ref().is_some_and(|r| r.value == "integer");
            declare(cx, &mut kinds, key, "enums", Kind::Enum(integer))
        })
        .collect();
    let types = spec
        .types
        .iter()
        .map(|(key, _)| declare(cx, &mut kinds, key, "types", Kind::Record))
        .collect();
    Declared {
        kinds,
        enums,
        types,
    }
}

/// Declares a type or enum name; `false` when the item cannot be generated (its mistake reported).
fn declare(cx: &mut Diagnostics, kinds: &mut Kinds, key: &Str, section: &str, kind: Kind) -> bool {
    let path = format!("{section}.{}", key.value);
    if kinds.contains_key(&key.value) {
        cx.err(
            key.referenced,
            &path,
            format!(
                "`{}` is defined twice (types and enums share one namespace)",
                key.value
            ),
        );
        return false;
    }
    if !is_ident_text(&key.value) || !key.value.starts_with(|c: char| c.is_ascii_uppercase()) {
        cx.err(
            key.referenced,
            &path,
            format!(
                "`{}` is not a Rust type name; expected UpperCamelCase like `OrderBook`",
                key.value
            ),
        );
        kinds.insert(key.value.clone(), Kind::Broken);
        return false;
    }
    if RESERVED_TYPES.contains(&key.value.as_str()) {
        cx.err(
            key.referenced,
            &path,
            format!(
                "`{}` is reserved for generated code; choose another name",
                key.value
            ),
        );
        kinds.insert(key.value.clone(), Kind::Broken);
        return false;
    }
    kinds.insert(key.value.clone(), kind);
    true
}

/// Parses a type expression; `None` when it is wrong (reported) or names an item left out
/// because of another mistake (not reported again), so callers skip checks that depend on it.
pub(super) fn type_expr(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    s: &Str,
    key_loc: Location,
    path: &str,
    allow_many: bool,
) -> Option<Ty> {
    let loc = best(&[s.referenced, key_loc]);
    match parse_ty(kinds, s.value.trim(), allow_many) {
        Ok(t) => t,
        Err(msg) => {
            cx.err(loc, path, msg);
            None
        }
    }
}

fn parse_ty(kinds: &Kinds, s: &str, allow_many: bool) -> Result<Option<Ty>, String> {
    parse_ty_at(kinds, s, allow_many, 0)
}

fn parse_ty_at(
    kinds: &Kinds,
    s: &str,
    allow_many: bool,
    depth: usize,
) -> Result<Option<Ty>, String> {
    for (prefix, many) in [("list<", false), ("one_or_many<", true)] {
        if let Some(inner) = s.strip_prefix(prefix) {
            let Some(inner) = inner.strip_suffix('>') else {
                return Err(format!("`{}` is missing its closing `>`", shorten(s)));
            };
            if many && !allow_many {
                return Err(
                    "`one_or_many<...>` is not allowed here (only as a field or response type)"
                        .into(),
                );
            }
            if depth >= 4 {
                return Err(format!("`{}` nests too deeply", shorten(s)));
            }
            let Some(t) = parse_ty_at(kinds, inner.trim(), false, depth + 1)? else {
                return Ok(None);
            };
            let t = Box::new(t);
            return Ok(Some(if many { Ty::OneOrMany(t) } else { Ty::List(t) }));
        }
    }
    Ok(Some(match s {
        "string" => Ty::String,
        "bool" => Ty::Bool,
        "i32" => Ty::I32,
        "i64" => Ty::I64,
        "decimal" => Ty::Decimal,
        "millis" => Ty::Millis,
        "seconds" => Ty::Seconds,
        "duration_seconds" => Ty::DurationSeconds,
        "duration_millis" => Ty::DurationMillis,
        "local_datetime" => Ty::LocalDateTime,
        "json" => Ty::Json,
        name => match kinds.get(name) {
            Some(Kind::Record) => Ty::Record(name.into()),
            Some(Kind::Enum(int)) => Ty::Enum(name.into(), *int),
            Some(Kind::Broken) => return Ok(None),
            None => {
                let candidates = SCALARS
                    .iter()
                    .map(|s| s.to_string())
                    .chain(kinds.keys().cloned())
                    .collect::<Vec<_>>();
                return Err(format!(
                    "unknown type `{}`{}; expected a scalar ({}), `list<T>`, `one_or_many<T>`, or a name from `types`/`enums`",
                    shorten(name),
                    did_you_mean(name, candidates.iter().map(String::as_str)),
                    SCALARS.join(", ")
                ));
            }
        },
    }))
}

/// A type from `types` (an object) named where one is required (stream control messages and
/// events, market payloads and history items), or `None` (reported).
pub(super) fn object_type(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    t: &Str,
    path: &str,
) -> Option<String> {
    let name = t.value.trim();
    match kinds.get(name) {
        Some(Kind::Record) => Some(name.to_owned()),
        Some(Kind::Enum(_)) => {
            cx.err(
                t.referenced,
                path,
                format!(
                    "`{name}` is an enum, but an object is required here (a type from `types`)"
                ),
            );
            None
        }
        Some(Kind::Broken) => None,
        None => {
            cx.err(
                t.referenced,
                path,
                format!(
                    "unknown type `{}`{}; expected a type from `types`",
                    shorten(name),
                    did_you_mean(name, kinds.keys().map(String::as_str))
                ),
            );
            None
        }
    }
}
