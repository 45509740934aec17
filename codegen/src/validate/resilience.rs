//! Features that tie endpoints together, resolved once every endpoint, record and table exists:
//! the clock source, rate-limit groups, dedupe lookups, prechecks, built-in helpers and the
//! listen-key endpoints.

use super::{helpers, precheck};
use crate::diag::{Diagnostics, did_you_mean};
use crate::ir::{self, Fill, Ir, Ty};
use crate::spec::{self, Spec, Str};
use std::collections::HashMap;

pub(super) fn resolve(cx: &mut Diagnostics, spec: &Spec, ir: &mut Ir) {
    ir.rates = rates(cx, spec);
    let groups: Vec<String> = ir.rates.iter().map(|r| r.name.clone()).collect();
    ir.clock = spec.clock.as_ref().and_then(|c| clock(cx, c, ir));
    let index: HashMap<String, usize> = ir
        .endpoints
        .iter()
        .enumerate()
        .map(|(i, e)| (e.name.clone(), i))
        .collect();
    for (key, def) in spec.endpoints.iter() {
        let Some(&i) = index.get(&key.value) else {
            continue;
        };
        let path = format!("endpoints.{}", key.value);
        if let Some(group) = &def.rate_limit {
            if groups.contains(&group.value) {
                ir.endpoints[i].rate_group = group.value.clone();
            } else {
                cx.err(
                    group.referenced,
                    format!("{path}.rate_limit"),
                    format!(
                        "unknown rate-limit group `{}`{}; expected a key of `rate_limits`",
                        group.value,
                        did_you_mean(&group.value, groups.iter().map(String::as_str))
                    ),
                );
            }
        }
        if let Some(p) = &def.precheck {
            ir.endpoints[i].precheck = precheck::resolve(cx, ir, i, p, &path);
        }
        for (n, h) in def.helpers.iter().enumerate() {
            let at = format!("{path}.helpers[{n}]");
            ir.endpoints[i].conditional = helpers::resolve(cx, ir, i, h, &at);
        }
        if let Some(d) = &def.dedupe {
            ir.endpoints[i].dedupe = dedupe(cx, ir, i, d, &format!("{path}.dedupe"));
        }
    }
    if let Some(def) = spec.stream.as_ref() {
        event_times(cx, def, ir);
    }
    if let (Some(def), Some(_)) = (
        spec.stream.as_ref().and_then(|s| s.listen_key.as_ref()),
        ir.stream.as_ref(),
    ) {
        let lk = listen_key(cx, ir, def);
        if let Some(s) = ir.stream.as_mut() {
            s.listen_key = lk;
        }
    }
}

/// Each event's `time`: a required `millis` field of its record.
fn event_times(cx: &mut Diagnostics, def: &spec::StreamDef, ir: &mut Ir) {
    for (key, e) in def.events.iter() {
        let Some(time) = &e.time else { continue };
        let record_name = e.ty.value.clone();
        let field = record(ir, &record_name).and_then(|r| {
            r.fields
                .iter()
                .find(|f| f.wire == time.value && f.required && f.ty == Ty::Millis)
                .map(|f| f.rust.clone())
        });
        let Some(field) = field else {
            cx.err(
                time.referenced,
                format!("stream.events.{}.time", key.value),
                format!(
                    "`{record_name}` has no required `millis` field `{}`",
                    time.value
                ),
            );
            continue;
        };
        if let Some(ev) = ir
            .stream
            .as_mut()
            .and_then(|s| s.events.iter_mut().find(|ev| ev.wire == key.value))
        {
            ev.time_rust = Some(field);
        }
    }
}

fn rates(cx: &mut Diagnostics, spec: &Spec) -> Vec<ir::RateGroup> {
    let mut out = Vec::new();
    for (key, r) in spec.rate_limits.iter() {
        let path = format!("rate_limits.{}", key.value);
        let positive =
            |cx: &mut Diagnostics, v: &crate::yaml::Spanned<u64>, what: &str| -> Option<u64> {
                if v.value == 0 || v.value > u64::from(u32::MAX) {
                    cx.err(
                        v.referenced,
                        format!("{path}.{what}"),
                        format!("`{}` must be between 1 and {}", v.value, u32::MAX),
                    );
                    None
                } else {
                    Some(v.value)
                }
            };
        let requests = positive(cx, &r.requests, "requests");
        let per_ms = positive(cx, &r.per_ms, "per_ms");
        let burst = match &r.burst {
            Some(b) => positive(cx, b, "burst"),
            None => requests,
        };
        if let (Some(requests), Some(per_ms), Some(burst)) = (requests, per_ms, burst) {
            out.push(ir::RateGroup {
                name: key.value.clone(),
                doc: r.doc.clone(),
                requests: u32::try_from(requests).unwrap_or(u32::MAX),
                per_ms,
                burst: u32::try_from(burst).unwrap_or(u32::MAX),
            });
        }
    }
    out
}

/// The endpoint named `name`, or a located mistake.
fn find<'a>(cx: &mut Diagnostics, ir: &'a Ir, name: &Str, path: &str) -> Option<&'a ir::Endpoint> {
    let found = ir.endpoints.iter().find(|e| e.name == name.value);
    if found.is_none() {
        cx.err(
            name.referenced,
            path,
            format!(
                "unknown endpoint `{}`{}",
                name.value,
                did_you_mean(&name.value, ir.endpoints.iter().map(|e| e.name.as_str()))
            ),
        );
    }
    found
}

fn record<'a>(ir: &'a Ir, name: &str) -> Option<&'a ir::Record> {
    ir.records.iter().find(|r| r.name == name)
}

fn clock(cx: &mut Diagnostics, c: &spec::ClockDef, ir: &Ir) -> Option<ir::Clock> {
    let ep = find(cx, ir, &c.endpoint, "clock.endpoint")?;
    let fail = |cx: &mut Diagnostics, msg: String| {
        cx.err(c.endpoint.referenced, "clock.endpoint", msg);
        None
    };
    if ep.method != ir::Method::Get || ep.required().next().is_some() {
        return fail(
            cx,
            format!(
                "`{}` must be a GET endpoint without required parameters",
                ep.name
            ),
        );
    }
    let Some(Ty::Record(rec)) = &ep.data else {
        return fail(
            cx,
            format!("`{}` must answer with a type from `types`", ep.name),
        );
    };
    let field = record(ir, rec)?
        .fields
        .iter()
        .find(|f| f.wire == c.field.value);
    match field {
        Some(f) if f.required && f.ty == Ty::Millis => Some(ir::Clock {
            endpoint_camel: ep.camel.clone(),
            response_record: rec.clone(),
            field_rust: f.rust.clone(),
        }),
        _ => {
            cx.err(
                c.field.referenced,
                "clock.field",
                format!("`{rec}` has no required `millis` field `{}`", c.field.value),
            );
            None
        }
    }
}

fn dedupe(
    cx: &mut Diagnostics,
    ir: &Ir,
    i: usize,
    d: &spec::DedupeDef,
    path: &str,
) -> Option<ir::Dedupe> {
    let ep = &ir.endpoints[i];
    let Some(key) = ep.params.iter().find(|p| p.wire == d.key.value) else {
        cx.err(
            d.key.referenced,
            format!("{path}.key"),
            format!("`{}` is not a parameter of this endpoint", d.key.value),
        );
        return None;
    };
    if key.required || key.ty != Ty::String {
        cx.err(
            d.key.referenced,
            format!("{path}.key"),
            format!(
                "`{}` must be an optional `string` parameter (the client fills it when empty)",
                d.key.value
            ),
        );
        return None;
    }
    let lookup = find(cx, ir, &d.lookup, &format!("{path}.lookup"))?;
    // Every lookup parameter is filled from the same-named parameter of this request.
    let mut lookup_fields = Vec::new();
    for lp in &lookup.params {
        let fill = match ep.params.iter().find(|p| p.wire == lp.wire) {
            Some(p) if p.ty != lp.ty => {
                cx.err(
                    d.lookup.referenced,
                    format!("{path}.lookup"),
                    format!(
                        "parameter `{}` has different types here and in `{}`",
                        lp.wire, lookup.name
                    ),
                );
                return None;
            }
            Some(p) if p.required == lp.required => Fill::Same(p.rust.clone()),
            Some(p) if p.required => Fill::Wrap(p.rust.clone()),
            // The key is always filled before sending.
            Some(p) if p.wire == key.wire => Fill::Unwrap(p.rust.clone()),
            Some(_) | None if lp.required => {
                cx.err(
                    d.lookup.referenced,
                    format!("{path}.lookup"),
                    format!(
                        "`{}` needs `{}`, which this endpoint does not always have",
                        lookup.name, lp.wire
                    ),
                );
                return None;
            }
            _ => Fill::Nothing,
        };
        lookup_fields.push((lp.rust.clone(), fill));
    }
    let found_record = match &lookup.data {
        Some(Ty::List(t) | Ty::OneOrMany(t)) => match t.as_ref() {
            Ty::Record(r) => r.clone(),
            _ => String::new(),
        },
        _ => String::new(),
    };
    let (Some(found), Some(Ty::Record(answer_name))) = (record(ir, &found_record), &ep.data) else {
        cx.err(
            d.lookup.referenced,
            format!("{path}.lookup"),
            format!(
                "`{}` must answer with a list of records, and this endpoint with a record",
                lookup.name
            ),
        );
        return None;
    };
    let answer = record(ir, answer_name)?;
    let mut answer_fields = Vec::new();
    for f in &answer.fields {
        let fill = match found.fields.iter().find(|g| g.wire == f.wire) {
            Some(g) if g.ty != f.ty => None,
            Some(g) if g.required == f.required => Some(Fill::Same(g.rust.clone())),
            Some(g) if g.required => Some(Fill::Wrap(g.rust.clone())),
            Some(g) => Some(Fill::Unwrap(g.rust.clone())),
            None if !f.required => Some(Fill::Nothing),
            None => None,
        };
        let Some(fill) = fill else {
            cx.err(
                d.lookup.referenced,
                format!("{path}.lookup"),
                format!(
                    "`{}` cannot be rebuilt from `{}`: field `{}` is missing or of another type",
                    answer.name, found.name, f.wire
                ),
            );
            return None;
        };
        answer_fields.push((f.rust.clone(), fill));
    }
    let found_key = found
        .fields
        .iter()
        .find(|g| g.wire == key.wire && g.ty == Ty::String)
        .map(|g| (g.rust.clone(), !g.required));
    let Some(code) = ir
        .tables
        .iter()
        .filter(|t| t.name == ep.table)
        .flat_map(|t| &t.codes)
        .find(|c| c.name == d.not_found.value)
    else {
        cx.err(
            d.not_found.referenced,
            format!("{path}.not_found"),
            format!(
                "`{}` is not an error name of table `{}`",
                d.not_found.value, ep.table
            ),
        );
        return None;
    };
    Some(ir::Dedupe {
        key_rust: key.rust.clone(),
        lookup_camel: lookup.camel.clone(),
        lookup_fields,
        found_key,
        answer_record: answer.name.clone(),
        answer_fields,
        not_found_variant: code.variant.clone(),
    })
}

fn listen_key(cx: &mut Diagnostics, ir: &Ir, d: &spec::ListenKeyDef) -> Option<ir::ListenKey> {
    let path = "stream.listen_key";
    let create = find(cx, ir, &d.create, &format!("{path}.create"))?;
    let keep_alive = find(cx, ir, &d.keep_alive, &format!("{path}.keep_alive"))?;
    let close = find(cx, ir, &d.close, &format!("{path}.close"))?;
    if create.required().next().is_some() {
        cx.err(
            d.create.referenced,
            format!("{path}.create"),
            format!("`{}` must have no required parameters", create.name),
        );
        return None;
    }
    for (ep, name, key) in [
        (keep_alive, &d.keep_alive, "keep_alive"),
        (close, &d.close, "close"),
    ] {
        let req: Vec<_> = ep.required().collect();
        if req.len() != 1 || req[0].ty != Ty::String {
            cx.err(
                name.referenced,
                format!("{path}.{key}"),
                format!(
                    "`{}` must have exactly one required parameter, the key (a string)",
                    ep.name
                ),
            );
            return None;
        }
    }
    let Some(Ty::Record(rec)) = &create.data else {
        cx.err(
            d.create.referenced,
            format!("{path}.create"),
            format!("`{}` must answer with a type from `types`", create.name),
        );
        return None;
    };
    let Some(field) = record(ir, rec)?
        .fields
        .iter()
        .find(|f| f.wire == d.field.value && f.required && f.ty == Ty::String)
    else {
        cx.err(
            d.field.referenced,
            format!("{path}.field"),
            format!("`{rec}` has no required string field `{}`", d.field.value),
        );
        return None;
    };
    let Some(code) = ir
        .tables
        .iter()
        .filter(|t| t.name == keep_alive.table)
        .flat_map(|t| &t.codes)
        .find(|c| c.name == d.invalid.value)
    else {
        cx.err(
            d.invalid.referenced,
            format!("{path}.invalid"),
            format!(
                "`{}` is not an error name of table `{}`",
                d.invalid.value, keep_alive.table
            ),
        );
        return None;
    };
    // Where the key travels, by wire name: the answer's field and the key parameter of the
    // keep-alive and close requests (a recording replaces their values).
    let mut wires = vec![field.wire.clone()];
    for ep in [keep_alive, close] {
        for p in ep.required() {
            if !wires.contains(&p.wire) {
                wires.push(p.wire.clone());
            }
        }
    }
    Some(ir::ListenKey {
        wires,
        create_camel: create.camel.clone(),
        field_rust: field.rust.clone(),
        keep_alive_camel: keep_alive.camel.clone(),
        close_camel: close.camel.clone(),
        invalid_variant: code.variant.clone(),
    })
}
