//! What only the command line needs of a spec (`Target::Cli`): the commands and flags it
//! generates must not take the names it defines by hand ([`crate::cli_names`]), and the one flag
//! `stream market` has per parameter name serves every channel with such a parameter, so they
//! must agree on its type. Located like every other mistake, and never reported for the SDK,
//! which has no such names.

use crate::cli_names::{
    CLAP, COMMANDS, CONDITIONAL_FLAGS, GLOBAL_FLAGS, MARKET_FLAGS, PRODUCT_ARG, TOOL_NAME_MAX,
    TOOLS, VENUE_ARG,
};
use crate::diag::Diagnostics;
use crate::ir::{self, Ir, Ty};
use crate::naming::{camel, kebab};
use crate::read::Map;
use crate::spec::{MarketStreamDef, ParamDef, Spec};
use crate::yaml::Location;

/// Reports every generated command or flag the command line cannot have.
pub(super) fn names(cx: &mut Diagnostics, spec: &Spec, ir: &Ir) {
    endpoints(cx, spec, ir);
    if let (Some(def), Some(market)) = (&spec.market_stream, &ir.market) {
        channels(cx, def, market);
    }
}

/// Each endpoint is a command named after it, its parameters flags named after theirs.
fn endpoints(cx: &mut Diagnostics, spec: &Spec, ir: &Ir) {
    for (key, def) in spec.endpoints.iter() {
        let Some(ep) = ir.endpoints.iter().find(|e| e.name == key.value) else {
            // Not generated: its mistakes are reported.
            continue;
        };
        let path = format!("endpoints.{}", key.value);
        let command = kebab(&ep.name);
        if COMMANDS.contains(&command.as_str()) || CLAP.contains(&command.as_str()) {
            cx.err(
                key.referenced,
                &path,
                format!("the command line has its own `{command}` command; rename the endpoint"),
            );
        }
        // The endpoint is a tool of the same name (the spec's key is `snake_case` already).
        if TOOLS.contains(&ep.name.as_str()) {
            cx.err(
                key.referenced,
                &path,
                format!(
                    "the agents' server has its own `{}` tool; rename the endpoint",
                    ep.name
                ),
            );
        }
        if ep.name.len() > TOOL_NAME_MAX {
            cx.err(
                key.referenced,
                &path,
                format!(
                    "a tool's name has at most {TOOL_NAME_MAX} characters; this endpoint's has {}",
                    ep.name.len()
                ),
            );
        }
        for p in &ep.params {
            let what = if p.wire == VENUE_ARG {
                "the venue a call goes to (a rehearsal's or the server's)"
            } else if p.wire == PRODUCT_ARG && ir.products.len() > 1 {
                "the product line"
            } else {
                continue;
            };
            let (ppath, loc) = param_site(def, p, &path, key.referenced, false);
            cx.err(
                loc,
                ppath,
                format!(
                    "the agents' tools take {what} as `{}`; this parameter's wire name cannot \
                     be it",
                    p.wire
                ),
            );
        }
        for p in &ep.params {
            let flag = kebab(&p.rust);
            let shorthand = ep.conditional.is_some() && CONDITIONAL_FLAGS.contains(&flag.as_str());
            if !GLOBAL_FLAGS.contains(&flag.as_str())
                && !CLAP.contains(&flag.as_str())
                && !shorthand
            {
                continue;
            }
            let (ppath, loc) = param_site(def, p, &path, key.referenced, true);
            cx.err(
                loc,
                ppath,
                format!(
                    "the command line has its own `--{flag}` flag; give the parameter another `name:`"
                ),
            );
        }
    }
}

/// Where endpoint parameter `p` is written in `def` (at `path`): its key path and location,
/// at its `name:` when it has one and `by_name`.
fn param_site(
    def: &crate::spec::EndpointDef,
    p: &ir::Param,
    path: &str,
    fallback: Location,
    by_name: bool,
) -> (String, Location) {
    let (section, map) = match p.location {
        ir::Location::Path => ("path_params", &def.path_params),
        ir::Location::Query => ("query", &def.query),
        ir::Location::Body => ("body", &def.body),
    };
    let section = format!("{path}.{section}");
    site(
        map.as_ref().map(|m| &m.value),
        &section,
        &p.wire,
        fallback,
        by_name,
    )
}

/// `stream market` has `--channel`, `--contract` and one flag per channel parameter name.
fn channels(cx: &mut Diagnostics, def: &MarketStreamDef, market: &ir::Market) {
    // The flags so far: the parameter's Rust name, its type, and the first channel that has it.
    let mut flags: Vec<(&str, &Ty, &str)> = Vec::new();
    for c in &market.channels {
        let Some((key, cdef)) = def
            .channels
            .iter()
            .find(|(k, _)| camel(&k.value) == c.variant)
        else {
            continue;
        };
        let section = format!("market_stream.channels.{}.params", key.value);
        for p in &c.params {
            let flag = kebab(&p.rust);
            let (ppath, loc) = site(Some(&cdef.params), &section, &p.wire, key.referenced, true);
            if [GLOBAL_FLAGS, CLAP, MARKET_FLAGS]
                .iter()
                .any(|names| names.contains(&flag.as_str()))
            {
                cx.err(
                    loc,
                    &ppath,
                    format!("the command line has its own `--{flag}` flag; rename the parameter"),
                );
            }
            match flags.iter().find(|(rust, _, _)| *rust == p.rust) {
                Some((_, ty, other)) if **ty != p.ty => cx.err(
                    loc,
                    &ppath,
                    format!(
                        "`--{flag}` is also a parameter of channel `{other}` with another type; \
                         one flag cannot read both"
                    ),
                ),
                Some(_) => {}
                None => flags.push((&p.rust, &p.ty, &key.value)),
            }
        }
    }
}

/// Where the parameter `wire` of a parameter map is written: its key path and location, at its
/// `name:` when its Rust name comes from one (else at its key, or at `fallback`).
fn site(
    map: Option<&Map<ParamDef>>,
    section: &str,
    wire: &str,
    fallback: Location,
    by_name: bool,
) -> (String, Location) {
    let path = format!("{section}.{wire}");
    match map.and_then(|m| m.iter().find(|(k, _)| k.value == wire)) {
        Some((_, ParamDef::Full(full))) if by_name && full.name.is_some() => {
            let name = full.name.as_ref().map_or(fallback, |n| n.referenced);
            (format!("{path}.name"), name)
        }
        Some((k, _)) => (path, k.referenced),
        None => (path, fallback),
    }
}
