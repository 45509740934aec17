//! Request parameters, of endpoints and of market channels: type, where it travels, default,
//! bounds and length.

use super::names::rust_name;
use super::types::{Kinds, type_expr};
use crate::diag::{Diagnostics, best};
use crate::ir::{self, Ty};
use crate::read::Scalar;
use crate::spec::{self, ParamDef, Str};
use crate::yaml::{Spanned, shorten};

/// Checks a parameter; `None` when it cannot be generated (its mistake reported).
pub(super) fn param(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    wkey: &Str,
    p: &ParamDef,
    location: ir::Location,
    ppath: &str,
) -> Option<ir::Param> {
    let short;
    let full = match p {
        ParamDef::Short(t) => {
            short = spec::ParamFull {
                ty: t.clone(),
                doc: None,
                required: false,
                default: None,
                min: None,
                max: None,
                max_len: None,
                name: None,
                encode: None,
            };
            &short
        }
        ParamDef::Full(f) => f,
    };
    let rust = rust_name(cx, &wkey.value, full.name.as_ref(), wkey.referenced, ppath);
    let ty = type_expr(cx, kinds, &full.ty, wkey.referenced, ppath, false);
    if let Some(t) = &ty {
        if matches!(t, Ty::Record(_) | Ty::List(_) | Ty::OneOrMany(_) | Ty::Json)
            && matches!(location, ir::Location::Query | ir::Location::Path)
        {
            cx.err(
                best(&[full.ty.referenced, wkey.referenced]),
                ppath,
                format!(
                    "`{}` cannot travel in a query string or path; expected a scalar or an enum",
                    shorten(&full.ty.value)
                ),
            );
        }
    }
    if full.required && full.default.is_some() {
        let loc = full
            .default
            .as_ref()
            .map_or(wkey.referenced, |d| d.referenced);
        cx.err(
            loc,
            format!("{ppath}.default"),
            "a required parameter cannot have a default; drop `default` or `required: true`",
        );
    }
    let (min, max) = bounds(cx, wkey, full, ty.as_ref(), ppath);
    if let (Some(m), Some(t)) = (&full.max_len, &ty) {
        if *t != Ty::String {
            cx.err(
                m.referenced,
                format!("{ppath}.max_len"),
                format!(
                    "`max_len` applies to strings, but the parameter is `{}`",
                    shorten(&full.ty.value)
                ),
            );
        }
    }
    let mut encode_string = encoding(cx, full.encode.as_ref(), wkey, &format!("{ppath}.encode"));
    if let (true, Some(e)) = (encode_string, &full.encode) {
        let problem = if matches!(location, ir::Location::Query | ir::Location::Path) {
            Some("a query string or path carries text already".to_string())
        } else if !ty.as_ref().is_some_and(Ty::is_number) {
            Some(format!(
                "applies to numbers, but the parameter is `{}`",
                shorten(&full.ty.value)
            ))
        } else {
            None
        };
        if let Some(problem) = problem {
            cx.err(
                e.referenced,
                format!("{ppath}.encode"),
                format!("`encode: string` {problem}"),
            );
            encode_string = false;
        }
    }
    let ty = ty.unwrap_or(match location {
        ir::Location::Body => Ty::Json,
        _ => Ty::String,
    });
    Some(ir::Param {
        wire: wkey.value.clone(),
        rust: rust?,
        ty,
        required: full.required || location == ir::Location::Path,
        location,
        default: full.default.as_ref().map(|d| d.value.text()),
        min,
        max,
        max_len: full.max_len.as_ref().map(|m| m.value),
        doc: full.doc.clone(),
        encode_string,
    })
}

/// A field's or parameter's `encode`: `true` for `string`, `false` for `native` or none; an
/// unknown encoding is reported.
pub(super) fn encoding(cx: &mut Diagnostics, encode: Option<&Str>, key: &Str, path: &str) -> bool {
    match encode.map(|e| e.value.as_str()) {
        None | Some("native") => false,
        Some("string") => true,
        Some(other) => {
            let loc = encode.map_or(key.referenced, |e| e.referenced);
            cx.err(
                loc,
                path,
                format!("unknown encoding `{other}`; expected `native` or `string`"),
            );
            false
        }
    }
}

/// The parameter's `min` and `max`, as written, each when it fits the parameter's type; a
/// minimum over the maximum is reported.
fn bounds(
    cx: &mut Diagnostics,
    wkey: &Str,
    full: &spec::ParamFull,
    ty: Option<&Ty>,
    ppath: &str,
) -> (Option<String>, Option<String>) {
    let bound = |cx: &mut Diagnostics, b: &Option<Spanned<Scalar>>, which: &str| {
        bound(
            cx,
            ty,
            &full.ty.value,
            b,
            &format!("{ppath}.{which}"),
            which,
        )
    };
    let min = bound(cx, &full.min, "min");
    let max = bound(cx, &full.max, "max");
    if let (Some((a, af)), Some((b, bf))) = (&min, &max) {
        if af > bf {
            let loc = full.min.as_ref().map_or(wkey.referenced, |m| m.referenced);
            cx.err(
                loc,
                format!("{ppath}.min"),
                format!("minimum {a} exceeds maximum {b}"),
            );
        }
    }
    (min.map(|m| m.0), max.map(|m| m.0))
}

/// A `min`/`max` bound: its text and value, when it fits the parameter's type (else reported).
fn bound(
    cx: &mut Diagnostics,
    ty: Option<&Ty>,
    ty_text: &str,
    b: &Option<Spanned<Scalar>>,
    path: &str,
    which: &str,
) -> Option<(String, f64)> {
    let b = b.as_ref()?;
    // The type is wrong (reported already): nothing to check the bound against.
    let ty = ty?;
    let text = b.value.text();
    if !ty.is_number() {
        cx.err(
            b.referenced,
            path,
            format!(
                "`{which}` applies to numbers, but the parameter is `{}`",
                shorten(ty_text)
            ),
        );
        return None;
    }
    let ok = match ty {
        Ty::I32 => text.parse::<i32>().is_ok(),
        Ty::Decimal => {
            let digits = text.trim_start_matches(['-', '+']);
            let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
            !int.is_empty()
                && int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit())
                && frac.len() <= 28
                && format!("{int}{frac}").parse::<i64>().is_ok()
        }
        _ => text.parse::<i64>().is_ok(),
    };
    if !ok {
        let expected = match ty {
            Ty::I32 => "an integer that fits `i32`",
            Ty::Decimal => "a plain decimal like `0.5` (no exponent, at most 18 digits)",
            _ => "an integer that fits `i64`",
        };
        cx.err(
            b.referenced,
            path,
            format!(
                "`{}` is not a valid bound; expected {expected}",
                shorten(&text)
            ),
        );
        return None;
    }
    Some((text.clone(), text.parse::<f64>().unwrap_or(0.0)))
}
