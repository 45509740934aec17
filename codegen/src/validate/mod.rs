//! Semantic checks of the parsed spec, collecting every mistake (not first-fail), and lowering to
//! the IR. Broken items are replaced by harmless placeholders so one typo does not cascade.

use crate::diag::{Diagnostics, best, did_you_mean};
use crate::ir::{self, Ty};
use crate::naming::{camel, is_ident_text, snake};
use crate::schema::SCALARS;
use crate::spec::{self, FieldDef, Map, ParamDef, Scalar, Spec, Str};
use crate::yaml::Location;
use crate::yaml::shorten;
use std::collections::{HashMap, HashSet};

mod market;
mod precheck;
mod resilience;

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

/// Checks `spec` and lowers it. Always returns an IR (possibly partial) plus every mistake found.
pub fn validate(spec: &Spec) -> (ir::Ir, Diagnostics) {
    let mut cx = Diagnostics::default();

    // Names of records and enums first, so references can be resolved in any order. Entries the
    // reader left out (their mistake is reported) still resolve, silently, so nothing cascades.
    let mut kinds: HashMap<String, Kind> = HashMap::new();
    for name in spec.enums.dropped.iter().chain(&spec.types.dropped) {
        kinds.insert(name.clone(), Kind::Broken);
    }
    let enum_ok: Vec<bool> = spec
        .enums
        .iter()
        .map(|(key, def)| {
            let integer = def.repr.as_ref().is_some_and(|r| r.value == "integer");
            declare(&mut cx, &mut kinds, key, "enums", Kind::Enum(integer))
        })
        .collect();
    let type_ok: Vec<bool> = spec
        .types
        .iter()
        .map(|(key, _)| declare(&mut cx, &mut kinds, key, "types", Kind::Record))
        .collect();
    for name in recursion(&mut cx, spec, &kinds) {
        kinds.insert(name, Kind::Broken);
    }

    let auth = ir::Auth {
        api_key: header(&mut cx, &spec.auth.api_key_header, "auth.api_key_header"),
        signature: header(
            &mut cx,
            &spec.auth.signature_header,
            "auth.signature_header",
        ),
        timestamp: header(
            &mut cx,
            &spec.auth.timestamp_header,
            "auth.timestamp_header",
        ),
        recv_window: spec.auth.recv_window_param.value.clone(),
    };
    let products = products(&mut cx, &spec.products);
    let tables = tables(&mut cx, &spec.error_tables);
    let enums = spec
        .enums
        .iter()
        .zip(&enum_ok)
        .filter(|(_, ok)| **ok)
        .map(|((k, d), _)| enum_def(&mut cx, k, d))
        .collect();
    let records = spec
        .types
        .iter()
        .zip(&type_ok)
        .filter(|((k, _), ok)| **ok && kinds.get(&k.value) == Some(&Kind::Record))
        .map(|((k, d), _)| record(&mut cx, &kinds, k, d))
        .collect();
    let table_names: Vec<String> = tables
        .iter()
        .map(|t: &ir::Table| t.name.clone())
        .chain(spec.error_tables.dropped.iter().cloned())
        .collect();
    let tables_known = !spec.error_tables.unreadable;
    let mut endpoints = Vec::new();
    let mut generated: HashMap<String, String> = HashMap::new();
    for (key, def) in spec.endpoints.iter() {
        let Some(ep) = endpoint(&mut cx, &kinds, (&table_names, tables_known), key, def) else {
            continue;
        };
        let path = format!("endpoints.{}", key.value);
        let mut clash = false;
        for name in generated_names(&ep) {
            if kinds.contains_key(&name) {
                cx.err(
                    key.referenced,
                    &path,
                    format!("the endpoint generates a type named `{name}`, which is also a spec type; rename one of them"),
                );
                clash = true;
            } else if let Some(other) = generated.get(&name) {
                cx.err(
                    key.referenced,
                    &path,
                    format!("the endpoint generates a type named `{name}`, which endpoint `{other}` generates too; rename one of them"),
                );
                clash = true;
            }
        }
        if clash {
            continue;
        }
        for name in generated_names(&ep) {
            generated.insert(name, key.value.clone());
        }
        endpoints.push(ep);
    }
    if spec.endpoints.truly_empty() {
        cx.err(
            Location::UNKNOWN,
            "endpoints",
            "no endpoints: expected at least one",
        );
    }
    let stream = spec
        .stream
        .as_ref()
        .and_then(|s| stream(&mut cx, &kinds, s));

    let mut ir = ir::Ir {
        title: spec.info.title.clone(),
        version: spec.info.version.clone(),
        doc: spec.info.doc.clone(),
        auth,
        products,
        tables,
        enums,
        records,
        endpoints,
        stream,
        market: None,
        clock: None,
        rates: Vec::new(),
    };
    ir.market = spec
        .market_stream
        .as_ref()
        .and_then(|m| market::market(&mut cx, &kinds, m));
    resilience::resolve(&mut cx, spec, &mut ir);
    (ir, cx)
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Record,
    Enum(bool),
    /// Left out because of a mistake reported elsewhere; references to it are not reported.
    Broken,
}

/// Declares a type or enum name; `false` when the item cannot be generated (its mistake reported).
fn declare(
    cx: &mut Diagnostics,
    kinds: &mut HashMap<String, Kind>,
    key: &Str,
    section: &str,
    kind: Kind,
) -> bool {
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

/// A record holding itself (not through a list) would have infinite size. Returns the records on
/// such cycles (reported once per cycle), which are then not generated.
fn recursion(cx: &mut Diagnostics, spec: &Spec, kinds: &HashMap<String, Kind>) -> HashSet<String> {
    let mut cyclic = HashSet::new();
    let direct = |def: &spec::TypeDef| -> Vec<String> {
        def.fields
            .iter()
            .filter_map(|(_, f)| {
                let t = match f {
                    FieldDef::Short(t) => &t.value,
                    FieldDef::Full(f) => &f.ty.value,
                };
                let t = t.trim();
                (kinds.get(t) == Some(&Kind::Record)).then(|| t.to_string())
            })
            .collect()
    };
    let edges: HashMap<&str, Vec<String>> = spec
        .types
        .iter()
        .map(|(k, d)| (k.value.as_str(), direct(d)))
        .collect();
    let on_cycle = cyclic_components(&edges);
    for (key, _) in spec.types.iter() {
        if cyclic.contains(&key.value) || !on_cycle.contains(key.value.as_str()) {
            continue;
        }
        // Depth-first search for a path back to `key`. Each record is entered once and the path
        // is rebuilt from parent links when found: copying the path at every step made this
        // cubic in the length of a chain of records.
        let mut parent: HashMap<&str, &str> = HashMap::new();
        let mut stack: Vec<&str> = vec![key.value.as_str()];
        'search: while let Some(at) = stack.pop() {
            for next in edges.get(at).into_iter().flatten() {
                if *next == key.value {
                    let mut cycle = vec![next.clone()];
                    let mut node = at;
                    while node != key.value {
                        cycle.push(node.to_string());
                        match parent.get(node) {
                            Some(p) => node = p,
                            None => break,
                        }
                    }
                    cycle.push(key.value.clone());
                    cycle.reverse();
                    cx.err(
                        key.referenced,
                        format!("types.{}", key.value),
                        format!(
                            "`{}` contains itself ({}), which no value can hold; make one of the fields a `list<...>`",
                            key.value,
                            cycle.join(" -> ")
                        ),
                    );
                    cyclic.extend(cycle);
                    break 'search;
                }
                if next.as_str() != key.value && !parent.contains_key(next.as_str()) {
                    parent.insert(next, at);
                    stack.push(next);
                }
            }
        }
    }
    cyclic
}

/// The records that lie on some cycle of `edges`: members of a strongly connected component of
/// more than one record, or holding themselves directly (Tarjan's algorithm, without recursion so
/// a long chain of records cannot exhaust the stack; linear in records and fields).
fn cyclic_components<'a>(edges: &'a HashMap<&'a str, Vec<String>>) -> HashSet<&'a str> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut low: HashMap<&str, usize> = HashMap::new();
    let mut on_stack: HashSet<&str> = HashSet::new();
    let mut stack: Vec<&str> = Vec::new();
    let mut out = HashSet::new();
    let mut next_index = 0;
    let succ = |n: &str| -> &'a [String] { edges.get(n).map_or(&[][..], Vec::as_slice) };
    let mut roots: Vec<&str> = edges.keys().copied().collect();
    roots.sort_unstable();
    for root in roots {
        if index.contains_key(root) {
            continue;
        }
        // (node, position in its successor list)
        let mut work: Vec<(&str, usize)> = vec![(root, 0)];
        index.insert(root, next_index);
        low.insert(root, next_index);
        next_index += 1;
        stack.push(root);
        on_stack.insert(root);
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if let Some(w) = succ(v).get(*i) {
                *i += 1;
                let w = w.as_str();
                let Some(w) = edges.get_key_value(w).map(|(k, _)| *k) else {
                    continue;
                };
                if let Some(&wi) = index.get(w) {
                    if on_stack.contains(w) {
                        let lv = low[v].min(wi);
                        low.insert(v, lv);
                    }
                } else {
                    index.insert(w, next_index);
                    low.insert(w, next_index);
                    next_index += 1;
                    stack.push(w);
                    on_stack.insert(w);
                    work.push((w, 0));
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                let lu = low[u].min(low[v]);
                low.insert(u, lu);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack.remove(w);
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                let self_loop = succ(v).iter().any(|s| s == v);
                if component.len() > 1 || self_loop {
                    out.extend(component);
                }
            }
        }
    }
    out
}

fn header(cx: &mut Diagnostics, s: &Str, path: &str) -> String {
    if s.value.is_empty()
        || !s
            .value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        cx.err(
            s.referenced,
            path,
            format!("`{}` is not a valid HTTP header name", s.value),
        );
    }
    s.value.clone()
}

fn products(cx: &mut Diagnostics, map: &Map<spec::Product>) -> Vec<ir::Product> {
    if map.truly_empty() {
        cx.err(
            Location::UNKNOWN,
            "products",
            "no products: expected at least one",
        );
    }
    let mut variants: HashMap<String, String> = HashMap::new();
    let mut out = Vec::new();
    for (k, p) in map.iter() {
        let path = format!("products.{}", k.value);
        if !p.prefix.value.starts_with('/') {
            cx.err(
                p.prefix.referenced,
                format!("{path}.prefix"),
                format!("prefix `{}` must start with `/`", p.prefix.value),
            );
        }
        let variant = camel(&k.value);
        if variant.is_empty() {
            cx.err(
                k.referenced,
                &path,
                format!(
                    "cannot derive a Rust name from `{}`; use letters, digits and `_`",
                    k.value
                ),
            );
            continue;
        }
        if let Some(other) = variants.insert(variant.clone(), k.value.clone()) {
            cx.err(
                k.referenced,
                &path,
                format!("product `{}` and product `{other}` both become `Product::{variant}`; rename one of them", k.value),
            );
            continue;
        }
        out.push(ir::Product {
            variant,
            key: k.value.clone(),
            prefix: p.prefix.value.clone(),
            doc: p.doc.clone(),
        });
    }
    out
}

fn tables(cx: &mut Diagnostics, map: &Map<spec::ErrorTable>) -> Vec<ir::Table> {
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
                continue;
            }
            if variant == "Unknown" {
                cx.err(
                    c.name.referenced,
                    format!("{cpath}.name"),
                    "`UNKNOWN` is taken by the catch-all `ErrorCode::Unknown`; choose another name",
                );
                continue;
            }
            if let Some(other) = variants.get(&variant) {
                cx.err(
                    c.name.referenced,
                    format!("{cpath}.name"),
                    format!("error name `{name}` is already used by {other}; names are unique across tables"),
                );
                continue;
            }
            variants.insert(variant.clone(), cpath.clone());
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
            codes.push(ir::Code {
                code: c.code.value,
                name: name.clone(),
                variant,
                message: c.message.clone(),
                retry,
                doc: c.doc.clone(),
            });
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

fn enum_def(cx: &mut Diagnostics, key: &Str, def: &spec::EnumDef) -> ir::Enum {
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
    let mut wires: HashMap<String, String> = HashMap::new();
    let mut variants = HashSet::new();
    let mut values = Vec::new();
    for (i, v) in def.values.value.iter().enumerate() {
        let vpath = format!("{path}.values[{i}]");
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
                continue;
            }
            (other, false) => other.text(),
        };
        let lower = |s: &str| {
            if def.case_insensitive {
                s.to_ascii_lowercase()
            } else {
                s.to_string()
            }
        };
        if let Some(first) = wires.get(&lower(&wire)) {
            cx.err(
                v.wire.referenced,
                format!("{vpath}.wire"),
                format!("duplicate enum value `{wire}` (first at {first})"),
            );
            continue;
        }
        let variant = match &v.name {
            Some(n) => {
                if !check_ident(cx, n, &vpath) {
                    continue;
                }
                camel(&n.value)
            }
            None if integer => {
                cx.err(
                    v.wire.referenced,
                    format!("{vpath}.name"),
                    format!("integer enum values need a `name` (the Rust variant of `{wire}`)"),
                );
                continue;
            }
            None => camel(&wire),
        };
        if variant.is_empty() {
            cx.err(
                v.wire.referenced,
                format!("{vpath}.name"),
                format!("cannot derive a Rust name from `{wire}`; add `name:`"),
            );
            continue;
        }
        if variant == "Other" || !variants.insert(variant.clone()) {
            cx.err(v.wire.referenced, format!("{vpath}.name"), format!("variant name `{variant}` is taken (by another value or the catch-all `Other`); add a distinct `name:`"));
            continue;
        }
        wires.insert(lower(&wire), vpath.clone());
        let mut aliases = Vec::new();
        for a in &v.aliases {
            if let Some(first) = wires.get(&lower(&a.value)) {
                cx.err(
                    a.referenced,
                    format!("{vpath}.aliases"),
                    format!("alias `{}` duplicates a value or alias at {first}", a.value),
                );
                continue;
            }
            wires.insert(lower(&a.value), format!("{vpath}.aliases"));
            aliases.push(a.value.clone());
        }
        values.push(ir::EnumValue {
            variant,
            wire,
            aliases,
            doc: v.doc.clone(),
        });
    }
    ir::Enum {
        name: key.value.clone(),
        doc: def.doc.clone(),
        integer,
        case_insensitive: def.case_insensitive,
        values,
    }
}

fn record(
    cx: &mut Diagnostics,
    kinds: &HashMap<String, Kind>,
    key: &Str,
    def: &spec::TypeDef,
) -> ir::Record {
    let path = format!("types.{}", key.value);
    let array_shape = match def.shape.as_ref().map(|s| s.value.as_str()) {
        None | Some("object") => false,
        Some("array") => true,
        Some(other) => {
            let loc = def.shape.as_ref().map_or(key.referenced, |s| s.referenced);
            cx.err(
                loc,
                format!("{path}.shape"),
                format!("unknown shape `{other}`; expected `object` or `array`"),
            );
            false
        }
    };
    if def.fields.entries.is_empty() {
        cx.err(
            key.referenced,
            format!("{path}.fields"),
            "a type needs at least one field",
        );
    }
    let mut rust_names: HashMap<String, String> = HashMap::new();
    let mut wire_names = HashSet::new();
    let mut fields = Vec::new();
    for (wkey, f) in def.fields.iter() {
        let fpath = format!("{path}.fields.{}", wkey.value);
        let (ty_s, required, name, aliases, doc, encode) = match f {
            FieldDef::Short(t) => (t, false, None, &[][..], None, None),
            FieldDef::Full(f) => (
                &f.ty,
                f.required,
                f.name.as_ref(),
                &f.aliases[..],
                f.doc.clone(),
                f.encode.as_ref(),
            ),
        };
        let ty = type_expr(cx, kinds, ty_s, wkey.referenced, &fpath, true).unwrap_or(Ty::Json);
        let Some(rust) = rust_name(cx, &wkey.value, name, wkey.referenced, &fpath) else {
            continue;
        };
        if let Some(other) = rust_names.get(&rust) {
            cx.err(wkey.referenced, &fpath, format!("field `{}` and field `{other}` both become the Rust field `{rust}`; give one of them a distinct `name:`", wkey.value));
            continue;
        }
        rust_names.insert(rust.clone(), wkey.value.clone());
        wire_names.insert(wkey.value.clone());
        let mut kept_aliases = Vec::new();
        for a in aliases {
            if !wire_names.insert(a.value.clone()) {
                cx.err(
                    a.referenced,
                    format!("{fpath}.aliases"),
                    format!("alias `{}` duplicates another field or alias", a.value),
                );
                continue;
            }
            kept_aliases.push(a.value.clone());
        }
        let encode_string = match encode.map(|e| e.value.as_str()) {
            None | Some("native") => false,
            Some("string") => true,
            Some(other) => {
                let loc = encode.map_or(wkey.referenced, |e| e.referenced);
                cx.err(
                    loc,
                    format!("{fpath}.encode"),
                    format!("unknown encoding `{other}`; expected `native` or `string`"),
                );
                false
            }
        };
        fields.push(ir::Field {
            wire: wkey.value.clone(),
            rust,
            ty,
            required,
            aliases: kept_aliases,
            doc,
            encode_string,
        });
    }
    ir::Record {
        name: key.value.clone(),
        doc: def.doc.clone(),
        array_shape,
        fields,
    }
}

/// A user-given `name:` must be usable as a Rust identifier.
fn check_ident(cx: &mut Diagnostics, n: &Str, path: &str) -> bool {
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
fn rust_name(
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

/// Parses a type expression; `None` when it is wrong (reported) or names an item left out
/// because of another mistake (not reported again), so callers skip checks that depend on it.
fn type_expr(
    cx: &mut Diagnostics,
    kinds: &HashMap<String, Kind>,
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

fn parse_ty(
    kinds: &HashMap<String, Kind>,
    s: &str,
    allow_many: bool,
) -> Result<Option<Ty>, String> {
    parse_ty_at(kinds, s, allow_many, 0)
}

fn parse_ty_at(
    kinds: &HashMap<String, Kind>,
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

/// Checks an endpoint; `None` when it cannot be generated (its mistakes reported).
fn endpoint(
    cx: &mut Diagnostics,
    kinds: &HashMap<String, Kind>,
    (tables, tables_known): (&[String], bool),
    key: &Str,
    def: &spec::EndpointDef,
) -> Option<ir::Endpoint> {
    let path = format!("endpoints.{}", key.value);
    let name = key.value.clone();
    let mut emit = true;
    if !is_ident_text(&name) || name != snake(&name) {
        cx.err(
            key.referenced,
            &path,
            format!(
                "endpoint name `{}` must be a snake_case Rust identifier, like `new_order`",
                shorten(&name)
            ),
        );
        emit = false;
    }
    let method = match def.method.value.as_str() {
        "GET" => Some(ir::Method::Get),
        "POST" => Some(ir::Method::Post),
        "PUT" => Some(ir::Method::Put),
        "DELETE" => Some(ir::Method::Delete),
        other => {
            cx.err(
                def.method.referenced,
                format!("{path}.method"),
                format!(
                    "invalid HTTP method `{}`{}; expected one of {}",
                    shorten(other),
                    did_you_mean(&other.to_ascii_uppercase(), spec::METHODS.iter().copied()),
                    spec::METHODS.join(", ")
                ),
            );
            None
        }
    };
    let security = match def.security.value.as_str() {
        "NONE" => ir::Security::None,
        "TRADE" => ir::Security::Trade,
        "USER_DATA" => ir::Security::UserData,
        "USER_STREAM" => ir::Security::UserStream,
        "MARKET_DATA" => ir::Security::MarketData,
        other => {
            cx.err(
                def.security.referenced,
                format!("{path}.security"),
                format!(
                    "unknown security type `{}`{}; expected one of {}",
                    shorten(other),
                    did_you_mean(other, spec::SECURITY.iter().copied()),
                    spec::SECURITY.join(", ")
                ),
            );
            ir::Security::None
        }
    };
    let user_stream_base = match def.base.as_ref().map(|b| b.value.as_str()) {
        None | Some("product") => false,
        Some("user_stream") => true,
        Some(other) => {
            let loc = def.base.as_ref().map_or(key.referenced, |b| b.referenced);
            cx.err(
                loc,
                format!("{path}.base"),
                format!(
                    "unknown base `{}`{}; expected `product` or `user_stream`",
                    shorten(other),
                    did_you_mean(other, spec::BASES.iter().copied())
                ),
            );
            false
        }
    };
    if tables_known && !tables.contains(&def.errors.value) {
        cx.err(
            def.errors.referenced,
            format!("{path}.errors"),
            format!(
                "unknown error table `{}`{}; expected one of: {}",
                shorten(&def.errors.value),
                did_you_mean(&def.errors.value, tables.iter().map(String::as_str)),
                tables.join(", ")
            ),
        );
    }
    if !def.path.value.starts_with('/') {
        cx.err(
            def.path.referenced,
            format!("{path}.path"),
            format!("path `{}` must start with `/`", shorten(&def.path.value)),
        );
    }

    let mut params: Vec<ir::Param> = Vec::new();
    // Parameters left out because of a reported mistake: not reported again by the checks below.
    let mut skipped: HashSet<String> = HashSet::new();
    let mut rust_names: HashMap<String, String> = HashMap::new();
    for (section, loc_kind) in [
        ("path_params", ir::Location::Path),
        ("query", ir::Location::Query),
        ("body", ir::Location::Body),
    ] {
        let map = match loc_kind {
            ir::Location::Path => &def.path_params,
            ir::Location::Query => &def.query,
            ir::Location::Body => &def.body,
        };
        let Some(map) = map else { continue };
        if loc_kind == ir::Location::Body && method == Some(ir::Method::Get) {
            cx.err(
                best(&[map.referenced, key.referenced]),
                format!("{path}.body"),
                "a GET request has no body; put these parameters under `query`",
            );
        }
        for (wkey, p) in map.value.iter() {
            let ppath = format!("{path}.{section}.{}", wkey.value);
            let Some(param) = param(cx, kinds, wkey, p, loc_kind, &ppath) else {
                skipped.insert(wkey.value.clone());
                continue;
            };
            if let Some(other) = rust_names.get(&param.rust) {
                cx.err(
                    wkey.referenced,
                    &ppath,
                    format!(
                        "parameter `{}` and parameter `{other}` both become the Rust name `{}`; give one of them a distinct `name:`",
                        wkey.value, param.rust
                    ),
                );
                skipped.insert(wkey.value.clone());
                continue;
            }
            if !param.required && RESERVED_SETTERS.contains(&param.rust.as_str()) {
                cx.err(
                    wkey.referenced,
                    &ppath,
                    format!(
                        "an optional parameter named `{}` would clash with the generated `{}()` method; give it a `name:`",
                        param.rust, param.rust
                    ),
                );
                skipped.insert(wkey.value.clone());
                continue;
            }
            rust_names.insert(param.rust.clone(), wkey.value.clone());
            params.push(param);
        }
    }

    // Path placeholders and path parameters must match both ways.
    let mut segments = Vec::new();
    let mut rest = def.path.value.as_str();
    let mut used = HashSet::new();
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            cx.err(
                def.path.referenced,
                format!("{path}.path"),
                "unclosed `{` in path",
            );
            rest = "";
            break;
        };
        segments.push(ir::PathSeg::Lit(rest[..open].to_string()));
        let pname = &rest[open + 1..open + close];
        match params
            .iter()
            .position(|p| p.wire == pname && p.location == ir::Location::Path)
        {
            Some(i) => {
                used.insert(i);
                segments.push(ir::PathSeg::Param(i));
            }
            None if skipped.contains(pname) => {}
            None => cx.err(
                def.path.referenced,
                format!("{path}.path"),
                format!(
                    "path placeholder `{{{pname}}}` has no entry in `path_params`{}",
                    did_you_mean(
                        pname,
                        params
                            .iter()
                            .filter(|p| p.location == ir::Location::Path)
                            .map(|p| p.wire.as_str())
                    )
                ),
            ),
        }
        rest = &rest[open + close + 1..];
    }
    if !rest.is_empty() {
        segments.push(ir::PathSeg::Lit(rest.to_string()));
    }
    if let Some(map) = &def.path_params {
        for (i, p) in params.iter().enumerate() {
            if p.location != ir::Location::Path {
                continue;
            }
            let loc = map
                .value
                .iter()
                .find(|(k, _)| k.value == p.wire)
                .map_or(map.referenced, |(k, _)| k.referenced);
            if !used.contains(&i) {
                cx.err(
                    loc,
                    format!("{path}.path_params.{}", p.wire),
                    format!(
                        "path parameter `{}` does not appear as `{{{}}}` in path `{}`",
                        p.wire,
                        p.wire,
                        shorten(&def.path.value)
                    ),
                );
            }
        }
    }

    let mut at_least_one_of = Vec::new();
    for (i, rule) in def.rules.iter().enumerate() {
        let mut idx = Vec::new();
        for n in &rule.at_least_one_of.value {
            match params.iter().position(|p| p.wire == n.value) {
                Some(j) if !params[j].required => idx.push(j),
                Some(_) => cx.err(
                    n.referenced,
                    format!("{path}.rules[{i}]"),
                    format!(
                        "`{}` is required already; `at_least_one_of` is for optional parameters",
                        n.value
                    ),
                ),
                None if skipped.contains(&n.value) => {}
                None => cx.err(
                    n.referenced,
                    format!("{path}.rules[{i}]"),
                    format!(
                        "unknown parameter `{}`{}",
                        shorten(&n.value),
                        did_you_mean(&n.value, params.iter().map(|p| p.wire.as_str()))
                    ),
                ),
            }
        }
        if rule.at_least_one_of.value.len() < 2 {
            cx.err(
                rule.at_least_one_of.referenced,
                format!("{path}.rules[{i}]"),
                "`at_least_one_of` needs two or more parameters",
            );
        }
        at_least_one_of.push(idx);
    }

    let wrapped = match def.response.envelope.value.as_str() {
        "wrapped" => true,
        "bare" => false,
        other => {
            cx.err(
                def.response.envelope.referenced,
                format!("{path}.response.envelope"),
                format!(
                    "unknown envelope `{}`{}; expected `wrapped` or `bare`",
                    shorten(other),
                    did_you_mean(other, spec::ENVELOPES.iter().copied())
                ),
            );
            false
        }
    };
    let data = if def.response.data.value.trim() == "none" {
        None
    } else {
        let t = type_expr(
            cx,
            kinds,
            &def.response.data,
            key.referenced,
            &format!("{path}.response.data"),
            true,
        );
        if let Some(Ty::Enum(n, _)) = &t {
            cx.err(
                def.response.data.referenced,
                format!("{path}.response.data"),
                format!("`{n}` is an enum, but response data must be an object (a type from `types`), a list or a scalar"),
            );
        }
        Some(t.unwrap_or(Ty::Json))
    };

    let required: Vec<&ir::Param> = params.iter().filter(|p| p.required).collect();
    let struct_style = required.len() > 2
        || (required.len() == 2 && same_arg_type(&required[0].ty, &required[1].ty));
    let method = method.unwrap_or(ir::Method::Get);

    emit.then(|| ir::Endpoint {
        camel: camel(&name),
        name,
        doc: def.doc.clone(),
        method,
        path: def.path.value.clone(),
        segments,
        user_stream_base,
        security,
        table: def.errors.value.clone(),
        idempotent: def.idempotent.unwrap_or(method == ir::Method::Get),
        deprecated: def.deprecated.clone(),
        params,
        at_least_one_of,
        wrapped,
        data,
        struct_style,
        rate_group: "default".into(),
        dedupe: None,
        precheck: None,
    })
}

/// Methods of generated requests and builders an optional parameter's setter would clash with.
const RESERVED_SETTERS: &[&str] = &["new", "request", "send"];

/// Two required arguments of one Rust type could be swapped silently; they go in a struct.
fn same_arg_type(a: &Ty, b: &Ty) -> bool {
    a == b
}

/// Checks a parameter; `None` when it cannot be generated (its mistake reported).
fn param(
    cx: &mut Diagnostics,
    kinds: &HashMap<String, Kind>,
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
    let bound = |cx: &mut Diagnostics, b: &Option<crate::yaml::Spanned<Scalar>>, which: &str| {
        bound(
            cx,
            ty.as_ref(),
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
        min: min.map(|m| m.0),
        max: max.map(|m| m.0),
        max_len: full.max_len.as_ref().map(|m| m.value),
        doc: full.doc.clone(),
    })
}

/// A `min`/`max` bound: its text and value, when it fits the parameter's type (else reported).
fn bound(
    cx: &mut Diagnostics,
    ty: Option<&Ty>,
    ty_text: &str,
    b: &Option<crate::yaml::Spanned<Scalar>>,
    path: &str,
    which: &str,
) -> Option<(String, f64)> {
    let b = b.as_ref()?;
    // The type is wrong (reported already): nothing to check the bound against.
    let ty = ty?;
    let text = b.value.text();
    if !matches!(
        ty,
        Ty::I32 | Ty::I64 | Ty::Decimal | Ty::Millis | Ty::Seconds
    ) {
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

/// A type from `types` (an object) named where one is required (stream control messages and
/// events, market payloads and history items), or `None` (reported).
fn object_type(
    cx: &mut Diagnostics,
    kinds: &HashMap<String, Kind>,
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

/// Checks the stream; `None` when its control messages cannot be resolved (reported).
fn stream(
    cx: &mut Diagnostics,
    kinds: &HashMap<String, Kind>,
    s: &spec::StreamDef,
) -> Option<ir::Stream> {
    let record = |cx: &mut Diagnostics, t: &Str, path: &str| object_type(cx, kinds, t, path);
    if s.tag.is_empty() {
        cx.err(
            Location::UNKNOWN,
            "stream.tag",
            "an event stream needs a type key (`tag`), e.g. `e`",
        );
    }
    let mut wires = HashSet::new();
    let mut variants = HashSet::new();
    let mut events = Vec::new();
    for (k, e) in s.events.iter() {
        let epath = format!("stream.events.{}", k.value);
        let mut clash = false;
        for w in std::iter::once(&k.value).chain(e.aliases.iter()) {
            if !wires.insert(w.clone()) {
                cx.err(
                    k.referenced,
                    &epath,
                    format!("event type `{w}` is listed twice"),
                );
                clash = true;
            }
        }
        let variant = camel(&k.value);
        if variant.is_empty() || variant == "Other" || !variants.insert(variant.clone()) {
            cx.err(
                k.referenced,
                &epath,
                format!(
                    "event `{}` cannot become a distinct `Event` variant (empty, `Other`, or taken)",
                    shorten(&k.value)
                ),
            );
            clash = true;
        }
        let rec = record(cx, &e.ty, &format!("{epath}.type"));
        let Some(rec) = rec else { continue };
        if clash {
            continue;
        }
        events.push(ir::Event {
            wire: k.value.clone(),
            variant,
            record: rec,
            aliases: e.aliases.clone(),
            doc: e.doc.clone(),
            time_rust: None,
        });
    }
    let subscribe = record(cx, &s.control.subscribe, "stream.control.subscribe");
    let subscribed = record(cx, &s.control.subscribed, "stream.control.subscribed");
    let ping = record(cx, &s.control.ping, "stream.control.ping");
    let pong = record(cx, &s.control.pong, "stream.control.pong");
    Some(ir::Stream {
        doc: s.doc.clone(),
        url: s.url.clone(),
        channel: s.channel.clone(),
        tag: s.tag.clone(),
        subscribe: subscribe?,
        subscribed: subscribed?,
        ping: ping?,
        pong: pong?,
        events,
        listen_key: None,
    })
}

/// Type names an endpoint generates.
pub fn generated_names(ep: &ir::Endpoint) -> Vec<String> {
    let mut v = vec![
        format!("{}Request", ep.camel),
        format!("{}Builder", ep.camel),
    ];
    if ep.struct_style {
        v.push(ep.camel.clone());
    }
    v
}
