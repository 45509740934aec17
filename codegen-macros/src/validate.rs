//! Semantic checks of the parsed spec, collecting every mistake (not first-fail), and lowering to
//! the IR. Broken items are replaced by harmless placeholders so one typo does not cascade.

use crate::diag::{Diagnostic, best};
use crate::ir::{self, Ty};
use crate::naming::{camel, is_ident_text, snake};
use crate::spec::{self, FieldDef, Map, ParamDef, Scalar, Spec, Str};
use serde_saphyr::Location;
use std::collections::{HashMap, HashSet};

/// Names the generated code defines itself; a spec type may not take them.
const RESERVED_TYPES: &[&str] = &[
    "Client",
    "ClientBuilder",
    "Product",
    "ErrorCode",
    "Error",
    "Event",
    "Endpoint",
];

struct Cx {
    diags: Vec<Diagnostic>,
}

impl Cx {
    fn err(&mut self, loc: Location, path: impl Into<String>, msg: impl Into<String>) {
        self.diags.push(Diagnostic::new(loc, path, msg));
    }
}

/// Checks `spec` and lowers it. Always returns an IR (possibly partial) plus every mistake found.
pub fn validate(spec: &Spec) -> (ir::Ir, Vec<Diagnostic>) {
    let mut cx = Cx { diags: Vec::new() };

    // Names of records and enums first, so references can be resolved in any order.
    let mut kinds: HashMap<String, Kind> = HashMap::new();
    for (key, def) in spec.enums.iter() {
        let integer = def.repr.as_ref().is_some_and(|r| r.value == "integer");
        declare(&mut cx, &mut kinds, key, "enums", Kind::Enum(integer));
    }
    for (key, _) in spec.types.iter() {
        declare(&mut cx, &mut kinds, key, "types", Kind::Record);
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
        .map(|(k, d)| enum_def(&mut cx, k, d))
        .collect();
    let records = spec
        .types
        .iter()
        .map(|(k, d)| record(&mut cx, &kinds, k, d))
        .collect();
    let table_names: Vec<String> = tables.iter().map(|t: &ir::Table| t.name.clone()).collect();
    let mut endpoints = Vec::new();
    let mut method_names = HashSet::new();
    for (key, def) in spec.endpoints.iter() {
        let ep = endpoint(&mut cx, &kinds, &table_names, key, def);
        if !method_names.insert(ep.name.clone()) {
            cx.err(
                key.referenced,
                format!("endpoints.{}", key.value),
                "duplicate endpoint",
            );
        }
        for generated in generated_names(&ep) {
            if kinds.contains_key(&generated) {
                cx.err(
                    key.referenced,
                    format!("endpoints.{}", key.value),
                    format!("endpoint generates a type named `{generated}`, which is also a spec type; rename one of them"),
                );
            }
        }
        endpoints.push(ep);
    }
    if spec.endpoints.0.is_empty() {
        cx.err(
            Location::UNKNOWN,
            "endpoints",
            "no endpoints: expected at least one",
        );
    }
    let stream = spec.stream.as_ref().map(|s| stream(&mut cx, &kinds, s));

    let ir = ir::Ir {
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
    };
    (ir, cx.diags)
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Record,
    Enum(bool),
}

fn declare(cx: &mut Cx, kinds: &mut HashMap<String, Kind>, key: &Str, section: &str, kind: Kind) {
    let path = format!("{section}.{}", key.value);
    if !is_ident_text(&key.value) || !key.value.starts_with(|c: char| c.is_ascii_uppercase()) {
        cx.err(
            key.referenced,
            &path,
            format!(
                "`{}` is not a Rust type name; expected UpperCamelCase like `OrderBook`",
                key.value
            ),
        );
    } else if RESERVED_TYPES.contains(&key.value.as_str()) {
        cx.err(
            key.referenced,
            &path,
            format!(
                "`{}` is reserved for generated code; choose another name",
                key.value
            ),
        );
    }
    if kinds.insert(key.value.clone(), kind).is_some() {
        cx.err(
            key.referenced,
            &path,
            format!(
                "`{}` is defined twice (types and enums share one namespace)",
                key.value
            ),
        );
    }
}

fn header(cx: &mut Cx, s: &Str, path: &str) -> String {
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

fn products(cx: &mut Cx, map: &Map<spec::Product>) -> Vec<ir::Product> {
    if map.0.is_empty() {
        cx.err(
            Location::UNKNOWN,
            "products",
            "no products: expected at least one",
        );
    }
    map.iter()
        .map(|(k, p)| {
            if !p.prefix.value.starts_with('/') {
                cx.err(
                    p.prefix.referenced,
                    format!("products.{}.prefix", k.value),
                    format!("prefix `{}` must start with `/`", p.prefix.value),
                );
            }
            ir::Product {
                variant: camel(&k.value),
                key: k.value.clone(),
                prefix: p.prefix.value.clone(),
                doc: p.doc.clone(),
            }
        })
        .collect()
}

fn tables(cx: &mut Cx, map: &Map<spec::ErrorTable>) -> Vec<ir::Table> {
    let mut names: HashMap<String, String> = HashMap::new();
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
        let mut seen = HashSet::new();
        let mut codes = Vec::new();
        for (i, c) in t.codes.iter().enumerate() {
            let cpath = format!("{tpath}.codes[{i}]");
            if !seen.insert(c.code.value) {
                cx.err(
                    c.code.referenced,
                    format!("{cpath}.code"),
                    format!(
                        "duplicate error code {} in table `{}`",
                        c.code.value, key.value
                    ),
                );
            }
            let name = &c.name.value;
            if name.is_empty()
                || !name
                    .chars()
                    .all(|ch| ch.is_ascii_uppercase() || ch.is_ascii_digit() || ch == '_')
            {
                cx.err(
                    c.name.referenced,
                    format!("{cpath}.name"),
                    format!("`{name}` is not SCREAMING_SNAKE_CASE"),
                );
            } else if let Some(other) = names.insert(name.clone(), cpath.clone()) {
                cx.err(c.name.referenced, format!("{cpath}.name"), format!("error name `{name}` is already used by {other}; names are unique across tables"));
            }
            let retry = match c.retry.value.as_str() {
                "never" => ir::Retry::Never,
                "safe" => ir::Retry::Safe,
                "resync_clock" => ir::Retry::ResyncClock,
                "back_off" => ir::Retry::BackOff,
                other => {
                    cx.err(c.retry.referenced, format!("{cpath}.retry"), format!("unknown retry class `{other}`{}; expected one of never, safe, resync_clock, back_off", did_you_mean(other, ["never", "safe", "resync_clock", "back_off"])));
                    ir::Retry::Never
                }
            };
            codes.push(ir::Code {
                code: c.code.value,
                name: name.clone(),
                variant: camel(name),
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

fn enum_def(cx: &mut Cx, key: &Str, def: &spec::EnumDef) -> ir::Enum {
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
    let mut wires = HashSet::new();
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
        if !wires.insert(lower(&wire)) {
            cx.err(
                v.wire.referenced,
                format!("{vpath}.wire"),
                format!("duplicate enum value `{wire}`"),
            );
        }
        for a in &v.aliases {
            if !wires.insert(lower(&a.value)) {
                cx.err(
                    a.referenced,
                    format!("{vpath}.aliases"),
                    format!("alias `{}` duplicates another value or alias", a.value),
                );
            }
        }
        let variant = match &v.name {
            Some(n) => {
                check_ident(cx, n, &vpath);
                camel(&n.value)
            }
            None if integer => {
                cx.err(
                    v.wire.referenced,
                    format!("{vpath}.name"),
                    "integer enum values need a `name`",
                );
                format!("V{wire}")
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
        }
        values.push(ir::EnumValue {
            variant,
            wire,
            aliases: v.aliases.iter().map(|a| a.value.clone()).collect(),
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
    cx: &mut Cx,
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
    if def.fields.0.is_empty() {
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
        let ty = type_expr(cx, kinds, ty_s, wkey.referenced, &fpath, true);
        let rust = rust_name(cx, &wkey.value, name, wkey.referenced, &fpath);
        if let Some(other) = rust_names.insert(rust.clone(), wkey.value.clone()) {
            cx.err(wkey.referenced, &fpath, format!("Rust name `{rust}` collides with field `{other}`; give one of them a distinct `name:`"));
        }
        wire_names.insert(wkey.value.clone());
        for a in aliases {
            if !wire_names.insert(a.value.clone()) {
                cx.err(
                    a.referenced,
                    format!("{fpath}.aliases"),
                    format!("alias `{}` duplicates another field or alias", a.value),
                );
            }
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
            aliases: aliases.iter().map(|a| a.value.clone()).collect(),
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
fn check_ident(cx: &mut Cx, n: &Str, path: &str) {
    if !is_ident_text(&n.value) {
        cx.err(
            n.referenced,
            format!("{path}.name"),
            format!("`{}` is not a Rust identifier", n.value),
        );
    }
}

fn rust_name(cx: &mut Cx, wire: &str, name: Option<&Str>, loc: Location, path: &str) -> String {
    match name {
        Some(n) => {
            check_ident(cx, n, path);
            snake(&n.value)
        }
        None => {
            let s = snake(wire);
            if s.is_empty() {
                cx.err(
                    loc,
                    path,
                    format!("cannot derive a Rust name from `{wire}`; add `name:`"),
                );
                return "unnamed".into();
            }
            s
        }
    }
}

const SCALARS: &[&str] = &[
    "string",
    "bool",
    "i32",
    "i64",
    "decimal",
    "millis",
    "seconds",
    "local_datetime",
    "json",
];

/// Parses a type expression; unknown names are reported and read as `json` so nothing cascades.
fn type_expr(
    cx: &mut Cx,
    kinds: &HashMap<String, Kind>,
    s: &Str,
    key_loc: Location,
    path: &str,
    allow_many: bool,
) -> Ty {
    let loc = best(&[s.referenced, key_loc]);
    match parse_ty(kinds, s.value.trim(), allow_many) {
        Ok(t) => t,
        Err(msg) => {
            cx.err(loc, path, msg);
            Ty::Json
        }
    }
}

fn parse_ty(kinds: &HashMap<String, Kind>, s: &str, allow_many: bool) -> Result<Ty, String> {
    for (prefix, many) in [("list<", false), ("one_or_many<", true)] {
        if let Some(inner) = s.strip_prefix(prefix) {
            let Some(inner) = inner.strip_suffix('>') else {
                return Err(format!("`{s}` is missing its closing `>`"));
            };
            if many && !allow_many {
                return Err("`one_or_many<...>` is not allowed here".into());
            }
            let t = Box::new(parse_ty(kinds, inner.trim(), false)?);
            return Ok(if many { Ty::OneOrMany(t) } else { Ty::List(t) });
        }
    }
    Ok(match s {
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
            None => {
                let candidates = SCALARS
                    .iter()
                    .map(|s| s.to_string())
                    .chain(kinds.keys().cloned())
                    .collect::<Vec<_>>();
                return Err(format!(
                    "unknown type `{name}`{}; expected a scalar ({}), `list<T>`, `one_or_many<T>`, or a name from `types`/`enums`",
                    did_you_mean(name, candidates.iter().map(String::as_str)),
                    SCALARS.join(", ")
                ));
            }
        },
    })
}

fn endpoint(
    cx: &mut Cx,
    kinds: &HashMap<String, Kind>,
    tables: &[String],
    key: &Str,
    def: &spec::EndpointDef,
) -> ir::Endpoint {
    let path = format!("endpoints.{}", key.value);
    let name = key.value.clone();
    if !is_ident_text(&name) || name != snake(&name) {
        cx.err(
            key.referenced,
            &path,
            format!(
                "endpoint name `{name}` must be a snake_case Rust identifier, like `new_order`"
            ),
        );
    }
    let method = match def.method.value.as_str() {
        "GET" => ir::Method::Get,
        "POST" => ir::Method::Post,
        "PUT" => ir::Method::Put,
        "DELETE" => ir::Method::Delete,
        other => {
            cx.err(
                def.method.referenced,
                format!("{path}.method"),
                format!(
                    "invalid HTTP method `{other}`{}; expected GET, POST, PUT or DELETE",
                    did_you_mean(
                        &other.to_ascii_uppercase(),
                        ["GET", "POST", "PUT", "DELETE"]
                    )
                ),
            );
            ir::Method::Get
        }
    };
    let security = match def.security.value.as_str() {
        "NONE" => ir::Security::None,
        "TRADE" => ir::Security::Trade,
        "USER_DATA" => ir::Security::UserData,
        "USER_STREAM" => ir::Security::UserStream,
        "MARKET_DATA" => ir::Security::MarketData,
        other => {
            cx.err(def.security.referenced, format!("{path}.security"), format!("unknown security type `{other}`{}; expected NONE, TRADE, USER_DATA, USER_STREAM or MARKET_DATA", did_you_mean(other, ["NONE", "TRADE", "USER_DATA", "USER_STREAM", "MARKET_DATA"])));
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
                format!("unknown base `{other}`; expected `product` or `user_stream`"),
            );
            false
        }
    };
    if !tables.contains(&def.errors.value) {
        cx.err(
            def.errors.referenced,
            format!("{path}.errors"),
            format!(
                "unknown error table `{}`{}; expected one of: {}",
                def.errors.value,
                did_you_mean(&def.errors.value, tables.iter().map(String::as_str)),
                tables.join(", ")
            ),
        );
    }
    if !def.path.value.starts_with('/') {
        cx.err(
            def.path.referenced,
            format!("{path}.path"),
            format!("path `{}` must start with `/`", def.path.value),
        );
    }

    let mut params: Vec<ir::Param> = Vec::new();
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
        if loc_kind == ir::Location::Body && method == ir::Method::Get {
            cx.err(
                best(&[map.referenced, key.referenced]),
                format!("{path}.body"),
                "a GET request has no body; put these parameters under `query`",
            );
        }
        for (wkey, p) in map.value.iter() {
            let ppath = format!("{path}.{section}.{}", wkey.value);
            let param = param(cx, kinds, wkey, p, loc_kind, &ppath);
            if let Some(other) = rust_names.insert(param.rust.clone(), wkey.value.clone()) {
                cx.err(wkey.referenced, &ppath, format!("Rust name `{}` collides with parameter `{other}`; give one of them a distinct `name:`", param.rust));
            }
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
            None => cx.err(
                def.path.referenced,
                format!("{path}.path"),
                format!("path placeholder `{{{pname}}}` has no entry in `path_params`"),
            ),
        }
        rest = &rest[open + close + 1..];
    }
    if !rest.is_empty() {
        segments.push(ir::PathSeg::Lit(rest.to_string()));
    }
    if let Some(map) = &def.path_params {
        for (i, p) in params.iter().enumerate() {
            if p.location == ir::Location::Path && !used.contains(&i) {
                let loc = map
                    .value
                    .iter()
                    .find(|(k, _)| k.value == p.wire)
                    .map_or(map.referenced, |(k, _)| k.referenced);
                cx.err(
                    loc,
                    format!("{path}.path_params.{}", p.wire),
                    format!(
                        "path parameter `{}` does not appear as `{{{}}}` in path `{}`",
                        p.wire, p.wire, def.path.value
                    ),
                );
            }
            if p.location == ir::Location::Path && !p.required {
                let loc = map
                    .value
                    .iter()
                    .find(|(k, _)| k.value == p.wire)
                    .map_or(map.referenced, |(k, _)| k.referenced);
                cx.err(
                    loc,
                    format!("{path}.path_params.{}", p.wire),
                    "path parameters are always required; add `required: true`",
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
                None => cx.err(
                    n.referenced,
                    format!("{path}.rules[{i}]"),
                    format!(
                        "unknown parameter `{}`{}",
                        n.value,
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
                format!("unknown envelope `{other}`; expected `wrapped` or `bare`"),
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
        if let Ty::Enum(n, _) = &t {
            cx.err(def.response.data.referenced, format!("{path}.response.data"), format!("`{n}` is an enum, but response data must be a type from `types`, a list or a scalar"));
        }
        Some(t)
    };

    let required: Vec<&ir::Param> = params.iter().filter(|p| p.required).collect();
    let struct_style = required.len() > 2
        || (required.len() == 2 && same_arg_type(&required[0].ty, &required[1].ty));

    ir::Endpoint {
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
    }
}

/// Two required arguments of one Rust type could be swapped silently; they go in a struct.
fn same_arg_type(a: &Ty, b: &Ty) -> bool {
    a == b
}

fn param(
    cx: &mut Cx,
    kinds: &HashMap<String, Kind>,
    wkey: &Str,
    p: &ParamDef,
    location: ir::Location,
    ppath: &str,
) -> ir::Param {
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
    let ty = type_expr(cx, kinds, &full.ty, wkey.referenced, ppath, false);
    if matches!(
        ty,
        Ty::Record(_) | Ty::List(_) | Ty::OneOrMany(_) | Ty::Json
    ) && matches!(location, ir::Location::Query | ir::Location::Path)
    {
        cx.err(
            best(&[full.ty.referenced, wkey.referenced]),
            ppath,
            format!(
                "`{}` cannot travel in a query string or path; expected a scalar or an enum",
                full.ty.value
            ),
        );
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
    let numeric = matches!(
        ty,
        Ty::I32 | Ty::I64 | Ty::Decimal | Ty::Millis | Ty::Seconds
    );
    let bound = |cx: &mut Cx,
                 b: &Option<serde_saphyr::Spanned<Scalar>>,
                 which: &str|
     -> Option<(String, f64)> {
        let b = b.as_ref()?;
        let text = b.value.text();
        if !numeric {
            cx.err(
                b.referenced,
                format!("{ppath}.{which}"),
                format!(
                    "`{which}` applies to numbers, but the parameter is `{}`",
                    full.ty.value
                ),
            );
            return None;
        }
        let integer = !matches!(ty, Ty::Decimal);
        let ok = if integer {
            text.parse::<i64>().is_ok()
        } else {
            text.parse::<f64>().is_ok() && !text.contains(['e', 'E'])
        };
        if !ok {
            cx.err(
                b.referenced,
                format!("{ppath}.{which}"),
                format!(
                    "`{text}` is not a valid {} bound",
                    if integer { "integer" } else { "decimal" }
                ),
            );
            return None;
        }
        Some((text.clone(), text.parse::<f64>().unwrap_or(0.0)))
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
    if let Some(m) = &full.max_len {
        if ty != Ty::String {
            cx.err(
                m.referenced,
                format!("{ppath}.max_len"),
                format!(
                    "`max_len` applies to strings, but the parameter is `{}`",
                    full.ty.value
                ),
            );
        }
    }
    ir::Param {
        wire: wkey.value.clone(),
        rust: rust_name(cx, &wkey.value, full.name.as_ref(), wkey.referenced, ppath),
        ty,
        required: full.required || location == ir::Location::Path,
        location,
        default: full.default.as_ref().map(|d| d.value.text()),
        min: min.map(|m| m.0),
        max: max.map(|m| m.0),
        max_len: full.max_len.as_ref().map(|m| m.value),
        doc: full.doc.clone(),
    }
}

fn stream(cx: &mut Cx, kinds: &HashMap<String, Kind>, s: &spec::StreamDef) -> ir::Stream {
    let record = |cx: &mut Cx, t: &Str, path: &str| -> String {
        match kinds.get(&t.value) {
            Some(Kind::Record) => t.value.clone(),
            Some(Kind::Enum(_)) => {
                cx.err(
                    t.referenced,
                    path,
                    format!("`{}` is an enum; expected a type from `types`", t.value),
                );
                String::new()
            }
            None => {
                cx.err(
                    t.referenced,
                    path,
                    format!(
                        "unknown type `{}`{}",
                        t.value,
                        did_you_mean(&t.value, kinds.keys().map(String::as_str))
                    ),
                );
                String::new()
            }
        }
    };
    if s.tag.is_empty() {
        cx.err(
            Location::UNKNOWN,
            "stream.tag",
            "an event stream needs a type key (`tag`), e.g. `e`",
        );
    }
    let mut wires = HashSet::new();
    let mut events = Vec::new();
    for (k, e) in s.events.iter() {
        let epath = format!("stream.events.{}", k.value);
        for w in std::iter::once(&k.value).chain(e.aliases.iter()) {
            if !wires.insert(w.clone()) {
                cx.err(
                    k.referenced,
                    &epath,
                    format!("event type `{w}` is listed twice"),
                );
            }
        }
        let rec = record(cx, &e.ty, &format!("{epath}.type"));
        if rec.is_empty() {
            continue;
        }
        events.push(ir::Event {
            wire: k.value.clone(),
            variant: camel(&k.value),
            record: rec,
            aliases: e.aliases.clone(),
            doc: e.doc.clone(),
        });
    }
    ir::Stream {
        doc: s.doc.clone(),
        url: s.url.clone(),
        channel: s.channel.clone(),
        tag: s.tag.clone(),
        subscribe: record(cx, &s.control.subscribe, "stream.control.subscribe"),
        subscribed: record(cx, &s.control.subscribed, "stream.control.subscribed"),
        ping: record(cx, &s.control.ping, "stream.control.ping"),
        pong: record(cx, &s.control.pong, "stream.control.pong"),
        events,
    }
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

/// ` (did you mean `x`?)` when a candidate is close enough, else nothing.
pub fn did_you_mean<'a>(found: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = distance(&found.to_ascii_lowercase(), &c.to_ascii_lowercase());
        if d <= (found.len().max(3) / 3).max(1) && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default()
}

fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
