//! `endpoints`: each endpoint's method, security, base, error table, parameters, path template,
//! rules and response, and the type names it generates.

use super::params::param;
use super::types::{Kinds, type_expr};
use crate::diag::{Diagnostics, best, did_you_mean};
use crate::ir::{self, Ty};
use crate::naming::{camel, is_ident_text, snake};
use crate::spec::{self, Spec, Str};
use crate::yaml::{Location, shorten};
use std::collections::{HashMap, HashSet};

/// Checks every endpoint; the ones that can be generated, in spec order. An endpoint whose
/// generated type names clash with a spec type or another endpoint's is left out (reported).
pub(super) fn endpoints(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    spec: &Spec,
    tables: &[ir::Table],
) -> Vec<ir::Endpoint> {
    let table_names: Vec<String> = tables
        .iter()
        .map(|t| t.name.clone())
        .chain(spec.error_tables.dropped.iter().cloned())
        .collect();
    let tables_known = !spec.error_tables.unreadable;
    let mut endpoints = Vec::new();
    let mut generated: HashMap<String, String> = HashMap::new();
    for (key, def) in spec.endpoints.iter() {
        let Some(ep) = endpoint(cx, kinds, (&table_names, tables_known), key, def) else {
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
    endpoints
}

/// Checks an endpoint; `None` when it cannot be generated (its mistakes reported).
fn endpoint(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    tables: (&[String], bool),
    key: &Str,
    def: &spec::EndpointDef,
) -> Option<ir::Endpoint> {
    let path = format!("endpoints.{}", key.value);
    let named = endpoint_name(cx, key, &path);
    let method = method(cx, &def.method, &path);
    let security = security(cx, &def.security, &path);
    let user_stream_base = base(cx, key, def.base.as_ref(), &path);
    error_table(cx, tables, &def.errors, &path);
    if !def.path.value.starts_with('/') {
        cx.err(
            def.path.referenced,
            format!("{path}.path"),
            format!("path `{}` must start with `/`", shorten(&def.path.value)),
        );
    }
    let (params, skipped) = params(cx, kinds, key, def, method, &path);
    let segments = segments(cx, def, &params, &skipped, &path);
    let at_least_one_of = rules(cx, &def.rules, &params, &skipped, &path);
    let (wrapped, data) = response(cx, kinds, key, &def.response, &path);

    let required: Vec<&ir::Param> = params.iter().filter(|p| p.required).collect();
    let struct_style = required.len() > 2
        || (required.len() == 2 && same_arg_type(&required[0].ty, &required[1].ty));
    let method = method.unwrap_or(ir::Method::Get);
    named.then(|| ir::Endpoint {
        camel: camel(&key.value),
        name: key.value.clone(),
        doc: def.doc.clone(),
        method,
        path: def.path.value.clone(),
        segments,
        user_stream_base,
        security,
        signed: false,
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
        conditional: None,
    })
}

/// Whether the endpoint's key can name its method (`new_order`); reported when not.
fn endpoint_name(cx: &mut Diagnostics, key: &Str, path: &str) -> bool {
    let name = &key.value;
    let ok = is_ident_text(name) && *name == snake(name);
    if !ok {
        cx.err(
            key.referenced,
            path,
            format!(
                "endpoint name `{}` must be a snake_case Rust identifier, like `new_order`",
                shorten(name)
            ),
        );
    }
    ok
}

/// The HTTP method; `None` when unknown (reported).
fn method(cx: &mut Diagnostics, method: &Str, path: &str) -> Option<ir::Method> {
    match method.value.as_str() {
        "GET" => Some(ir::Method::Get),
        "POST" => Some(ir::Method::Post),
        "PUT" => Some(ir::Method::Put),
        "DELETE" => Some(ir::Method::Delete),
        other => {
            cx.err(
                method.referenced,
                format!("{path}.method"),
                format!(
                    "invalid HTTP method `{}`{}; expected one of {}",
                    shorten(other),
                    did_you_mean(other, spec::METHODS.iter().copied()),
                    spec::METHODS.join(", ")
                ),
            );
            None
        }
    }
}

/// The security type `security` names (at `{path}.security`; the mistake reported there).
pub(super) fn security(cx: &mut Diagnostics, security: &Str, path: &str) -> ir::Security {
    match security.value.as_str() {
        "NONE" => ir::Security::None,
        "TRADE" => ir::Security::Trade,
        "USER_DATA" => ir::Security::UserData,
        "USER_STREAM" => ir::Security::UserStream,
        "MARKET_DATA" => ir::Security::MarketData,
        other => {
            cx.err(
                security.referenced,
                if path.ends_with(']') {
                    path.to_string()
                } else {
                    format!("{path}.security")
                },
                format!(
                    "unknown security type `{}`{}; expected one of {}",
                    shorten(other),
                    did_you_mean(other, spec::SECURITY.iter().copied()),
                    spec::SECURITY.join(", ")
                ),
            );
            ir::Security::None
        }
    }
}

/// Whether the endpoint is sent to the user-stream base URL rather than the product's.
fn base(cx: &mut Diagnostics, key: &Str, base: Option<&Str>, path: &str) -> bool {
    match base.map(|b| b.value.as_str()) {
        None | Some("product") => false,
        Some("user_stream") => true,
        Some(other) => {
            let loc = base.map_or(key.referenced, |b| b.referenced);
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
    }
}

/// The endpoint's `errors` must name a table (unless the tables could not be read at all).
fn error_table(
    cx: &mut Diagnostics,
    (tables, tables_known): (&[String], bool),
    errors: &Str,
    path: &str,
) {
    if tables_known && !tables.contains(&errors.value) {
        cx.err(
            errors.referenced,
            format!("{path}.errors"),
            format!(
                "unknown error table `{}`{}; expected one of: {}",
                shorten(&errors.value),
                did_you_mean(&errors.value, tables.iter().map(String::as_str)),
                tables.join(", ")
            ),
        );
    }
}

/// The parameters of `path_params`, `query` and `body`, in that order, each with a distinct Rust
/// name; and the wire names of those left out because of a reported mistake, which the checks
/// after this one do not report again.
fn params(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    key: &Str,
    def: &spec::EndpointDef,
    method: Option<ir::Method>,
    path: &str,
) -> (Vec<ir::Param>, HashSet<String>) {
    let mut params: Vec<ir::Param> = Vec::new();
    let mut skipped: HashSet<String> = HashSet::new();
    let mut rust_names: HashMap<String, String> = HashMap::new();
    for (section, location, map) in [
        ("path_params", ir::Location::Path, &def.path_params),
        ("query", ir::Location::Query, &def.query),
        ("body", ir::Location::Body, &def.body),
    ] {
        let Some(map) = map else { continue };
        if location == ir::Location::Body && method == Some(ir::Method::Get) {
            cx.err(
                best(&[map.referenced, key.referenced]),
                format!("{path}.body"),
                "a GET request has no body; put these parameters under `query`",
            );
        }
        for (wkey, p) in map.value.iter() {
            let ppath = format!("{path}.{section}.{}", wkey.value);
            let Some(param) = param(cx, kinds, wkey, p, location, &ppath) else {
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
    (params, skipped)
}

/// The path template as literal and parameter segments. Placeholders and path parameters must
/// match both ways.
fn segments(
    cx: &mut Diagnostics,
    def: &spec::EndpointDef,
    params: &[ir::Param],
    skipped: &HashSet<String>,
    path: &str,
) -> Vec<ir::PathSeg> {
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
            if p.location != ir::Location::Path || used.contains(&i) {
                continue;
            }
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
                    p.wire,
                    p.wire,
                    shorten(&def.path.value)
                ),
            );
        }
    }
    segments
}

/// `rules`: each `at_least_one_of` as the indices of its parameters (two or more optional ones).
fn rules(
    cx: &mut Diagnostics,
    rules: &[spec::Rule],
    params: &[ir::Param],
    skipped: &HashSet<String>,
    path: &str,
) -> Vec<Vec<usize>> {
    let mut at_least_one_of = Vec::new();
    for (i, rule) in rules.iter().enumerate() {
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
    at_least_one_of
}

/// The response: whether it is wrapped in the `{code, msg, data}` envelope, and what it holds
/// (`None` for `data: none`).
fn response(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    key: &Str,
    response: &spec::ResponseDef,
    path: &str,
) -> (bool, Option<Ty>) {
    let wrapped = match response.envelope.value.as_str() {
        "wrapped" => true,
        "bare" => false,
        other => {
            cx.err(
                response.envelope.referenced,
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
    if response.data.value.trim() == "none" {
        return (wrapped, None);
    }
    let data_path = format!("{path}.response.data");
    let t = type_expr(cx, kinds, &response.data, key.referenced, &data_path, true);
    if let Some(Ty::Enum(n, _)) = &t {
        cx.err(
            response.data.referenced,
            data_path,
            format!("`{n}` is an enum, but response data must be an object (a type from `types`), a list or a scalar"),
        );
    }
    (wrapped, Some(t.unwrap_or(Ty::Json)))
}

/// Methods of generated requests and builders an optional parameter's setter would clash with.
const RESERVED_SETTERS: &[&str] = &["new", "request", "send"];

/// Two required arguments of one Rust type could be swapped silently; they go in a struct.
fn same_arg_type(a: &Ty, b: &Ty) -> bool {
    a == b
}

/// Type names an endpoint generates.
fn generated_names(ep: &ir::Endpoint) -> Vec<String> {
    let mut v = vec![
        format!("{}Request", ep.camel),
        format!("{}Builder", ep.camel),
    ];
    if ep.struct_style {
        v.push(ep.camel.clone());
    }
    v
}
