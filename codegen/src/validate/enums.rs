//! `enums`: each enumeration's representation, values, variant names and aliases.

use super::names::check_ident;
use crate::diag::{Diagnostics, best};
use crate::ir;
use crate::naming::camel;
use crate::read::Scalar;
use crate::spec::{self, Str};
use std::collections::{HashMap, HashSet};

pub(super) fn enum_def(cx: &mut Diagnostics, key: &Str, def: &spec::EnumDef) -> ir::Enum {
    let path = format!("enums.{}", key.value);
    let integer = match def.repr.as_ref().map(|r| r.value.as_str()) {
        None | Some("string") => false,
        Some("integer") => true,
        Some(other) => {
            let loc = def.repr.as_ref().map_or(key.referenced, |r| r.referenced);
            cx.err(
                loc,
                format!("{path}.repr"),
                format!("unknown repr `{other}`; expected `string` or `integer`"),
            );
            false
        }
    };
    if def.values.value.is_empty() {
        cx.err(
            best(&[def.values.referenced, key.referenced]),
            format!("{path}.values"),
            "an enum needs at least one value",
        );
    }
    let mut taken = Taken {
        wires: HashMap::new(),
        variants: HashSet::new(),
        case_insensitive: def.case_insensitive,
    };
    let values = def
        .values
        .value
        .iter()
        .enumerate()
        .filter_map(|(i, v)| value(cx, &mut taken, v, &format!("{path}.values[{i}]"), integer))
        .collect();
    ir::Enum {
        name: key.value.clone(),
        doc: def.doc.clone(),
        integer,
        case_insensitive: def.case_insensitive,
        values,
    }
}

/// What the enum's earlier values took: wire spellings (with where each is) and variant names.
struct Taken {
    wires: HashMap<String, String>,
    variants: HashSet<String>,
    case_insensitive: bool,
}

impl Taken {
    /// A wire spelling as compared with the others (lower-case for a case-insensitive enum).
    fn key(&self, wire: &str) -> String {
        if self.case_insensitive {
            wire.to_ascii_lowercase()
        } else {
            wire.to_string()
        }
    }
}

/// One value; `None` when it cannot be generated (reported).
fn value(
    cx: &mut Diagnostics,
    taken: &mut Taken,
    v: &spec::EnumValue,
    vpath: &str,
    integer: bool,
) -> Option<ir::EnumValue> {
    let wire = match (&v.wire.value, integer) {
        (Scalar::Int(n), true) => n.to_string(),
        (Scalar::Str(s), false) => s.clone(),
        (Scalar::Int(n), false) => n.to_string(),
        (other, true) => {
            cx.err(
                v.wire.referenced,
                format!("{vpath}.wire"),
                format!(
                    "`{}` is not an integer, but the enum has `repr: integer`",
                    other.text()
                ),
            );
            return None;
        }
        (other, false) => other.text(),
    };
    if let Some(first) = taken.wires.get(&taken.key(&wire)) {
        cx.err(
            v.wire.referenced,
            format!("{vpath}.wire"),
            format!("duplicate enum value `{wire}` (first at {first})"),
        );
        return None;
    }
    let variant = variant(cx, v, &wire, vpath, integer)?;
    if variant == "Other" || !taken.variants.insert(variant.clone()) {
        cx.err(v.wire.referenced, format!("{vpath}.name"), format!("variant name `{variant}` is taken (by another value or the catch-all `Other`); add a distinct `name:`"));
        return None;
    }
    taken.wires.insert(taken.key(&wire), vpath.to_owned());
    let mut aliases = Vec::new();
    for a in &v.aliases {
        if let Some(first) = taken.wires.get(&taken.key(&a.value)) {
            cx.err(
                a.referenced,
                format!("{vpath}.aliases"),
                format!("alias `{}` duplicates a value or alias at {first}", a.value),
            );
            continue;
        }
        taken
            .wires
            .insert(taken.key(&a.value), format!("{vpath}.aliases"));
        aliases.push(a.value.clone());
    }
    Some(ir::EnumValue {
        variant,
        wire,
        aliases,
        doc: v.doc.clone(),
    })
}

/// The variant of a value: its `name:`, or derived from a string wire value (an integer value
/// needs a `name:`); `None` when none can be made (reported).
fn variant(
    cx: &mut Diagnostics,
    v: &spec::EnumValue,
    wire: &str,
    vpath: &str,
    integer: bool,
) -> Option<String> {
    let variant = match &v.name {
        Some(n) => {
            if !check_ident(cx, n, vpath) {
                return None;
            }
            camel(&n.value)
        }
        None if integer => {
            cx.err(
                v.wire.referenced,
                format!("{vpath}.name"),
                format!("integer enum values need a `name` (the Rust variant of `{wire}`)"),
            );
            return None;
        }
        None => camel(wire),
    };
    if variant.is_empty() {
        cx.err(
            v.wire.referenced,
            format!("{vpath}.name"),
            format!("cannot derive a Rust name from `{wire}`; add `name:`"),
        );
        return None;
    }
    Some(variant)
}
