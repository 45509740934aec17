//! The Rust names a spec gives (`name:`) or implies (derived from a wire name) for fields,
//! parameters and enum values.

use crate::diag::Diagnostics;
use crate::naming::{is_ident_text, snake};
use crate::spec::Str;
use crate::yaml::Location;

/// A user-given `name:` must be usable as a Rust identifier.
pub(super) fn check_ident(cx: &mut Diagnostics, n: &Str, path: &str) -> bool {
    let ok = is_ident_text(&n.value) && !snake(&n.value).is_empty();
    if !ok {
        cx.err(
            n.referenced,
            format!("{path}.name"),
            format!(
                "`{}` is not a Rust identifier (letters, digits and `_`, not starting with a digit)",
                n.value
            ),
        );
    }
    ok
}

/// The Rust name of a field or parameter; `None` (reported) when none can be made.
pub(super) fn rust_name(
    cx: &mut Diagnostics,
    wire: &str,
    name: Option<&Str>,
    loc: Location,
    path: &str,
) -> Option<String> {
    match name {
        Some(n) => check_ident(cx, n, path).then(|| snake(&n.value)),
        None => {
            let s = snake(wire);
            if s.is_empty() {
                cx.err(
                    loc,
                    path,
                    format!("cannot derive a Rust name from `{wire}`; add `name:`"),
                );
                return None;
            }
            Some(s)
        }
    }
}
