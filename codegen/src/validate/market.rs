//! The market stream section: heartbeat and message vocabulary, the symbol rule, and each
//! channel's name template, typed parameters, payload and history request.

use super::params::param;
use super::types::{Kinds, object_type};
use crate::diag::Diagnostics;
use crate::diag::did_you_mean;
use crate::ir::{self, NamePart, Ty};
use crate::naming::camel;
use crate::spec::{self, COMPRESSIONS, MarketStreamDef, Str};
use crate::yaml::shorten;
use std::collections::HashSet;

/// The Rust names a channel's subscription takes itself: its `symbol` field, and `contract`, its
/// constructor's first argument (`DepthChannel::new(contract, step)`).
const CHANNEL_TAKEN: &[&str] = &["symbol", "contract"];

/// The Rust names a history request takes itself: its `channel` field and its `new` constructor.
const HISTORY_TAKEN: &[&str] = &["channel", "new"];

/// Checks the section; `None` when it cannot be generated at all (reported).
pub(super) fn market(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    m: &MarketStreamDef,
) -> Option<ir::Market> {
    let gzip = match m.compression.value.as_str() {
        "gzip" => true,
        "none" => false,
        other => {
            cx.err(
                m.compression.referenced,
                "market_stream.compression",
                format!(
                    "unknown compression `{}`{}; expected one of {}",
                    shorten(other),
                    did_you_mean(other, COMPRESSIONS.iter().copied()),
                    COMPRESSIONS.join(", ")
                ),
            );
            false
        }
    };
    let words = [
        (&m.heartbeat.ping, "market_stream.heartbeat.ping"),
        (&m.heartbeat.pong, "market_stream.heartbeat.pong"),
        (&m.messages.subscribe, "market_stream.messages.subscribe"),
        (
            &m.messages.unsubscribe,
            "market_stream.messages.unsubscribe",
        ),
        (&m.messages.request, "market_stream.messages.request"),
        (&m.messages.reply, "market_stream.messages.reply"),
    ];
    for (w, path) in words {
        if w.value.trim().is_empty() {
            cx.err(
                w.referenced,
                path,
                "an empty word; expected the text sent on the wire",
            );
        }
    }
    for (n, path) in [
        (&m.max_subscriptions, "market_stream.max_subscriptions"),
        (
            &m.heartbeat.interval_ms,
            "market_stream.heartbeat.interval_ms",
        ),
        (
            &m.max_connection_age_ms,
            "market_stream.max_connection_age_ms",
        ),
    ] {
        if n.value == 0 {
            cx.err(n.referenced, path, "must be greater than 0");
        }
    }
    let mut variants = HashSet::new();
    let mut channels = Vec::new();
    for (key, def) in m.channels.iter() {
        let path = format!("market_stream.channels.{}", key.value);
        let variant = camel(&key.value);
        if variant.is_empty() || variant == "Other" || !variants.insert(variant.clone()) {
            cx.err(
                key.referenced,
                &path,
                format!(
                    "channel `{}` cannot become a distinct `MarketEvent` variant (empty, `Other`, or taken)",
                    shorten(&key.value)
                ),
            );
            continue;
        }
        for generated in [format!("{variant}Channel"), format!("{variant}History")] {
            if kinds.contains_key(&generated) {
                cx.err(
                    key.referenced,
                    &path,
                    format!(
                        "channel `{}` generates `{generated}`, which `types`/`enums` already define; rename one",
                        key.value
                    ),
                );
            }
        }
        if let Some(c) = channel(cx, kinds, def, &path, variant) {
            channels.push(c);
        }
    }
    if m.channels.truly_empty() {
        cx.err(
            m.compression.referenced,
            "market_stream.channels",
            "no channels: expected at least one",
        );
    }
    if channels.is_empty() {
        // Nothing to generate (every mistake is reported).
        return None;
    }
    Some(ir::Market {
        doc: m.doc.clone(),
        url: m.url.clone(),
        gzip,
        ping: m.heartbeat.ping.value.clone(),
        pong: m.heartbeat.pong.value.clone(),
        heartbeat_ms: m.heartbeat.interval_ms.value,
        subscribe: m.messages.subscribe.value.clone(),
        unsubscribe: m.messages.unsubscribe.value.clone(),
        request: m.messages.request.value.clone(),
        reply: m.messages.reply.value.clone(),
        max_subscriptions: m.max_subscriptions.value,
        max_age_ms: m.max_connection_age_ms.value,
        lowercase: m.symbol.lowercase,
        type_separator: m.symbol.type_separator.clone(),
        separator: m.symbol.separator.clone(),
        channels,
    })
}

fn channel(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    def: &spec::ChannelDef,
    path: &str,
    variant: String,
) -> Option<ir::Channel> {
    let mut params = Vec::new();
    // Parameters left out for a reported mistake: the name may still mention them.
    let mut dropped = HashSet::new();
    for (pkey, p) in def.params.iter() {
        let ppath = format!("{path}.params.{}", pkey.value);
        let before = cx.len();
        let p = param(cx, kinds, pkey, p, ir::Location::Query, &ppath);
        let Some(mut p) = p.filter(|_| cx.len() == before) else {
            dropped.insert(pkey.value.clone());
            continue;
        };
        if !name_param_type(&p.ty) {
            cx.err(
                pkey.referenced,
                &ppath,
                "a channel parameter is part of the channel name; expected `i32`, `i64`, `string` or a string enum",
            );
            dropped.insert(pkey.value.clone());
            continue;
        }
        if CHANNEL_TAKEN.contains(&p.rust.as_str()) {
            cx.err(
                pkey.referenced,
                &ppath,
                format!(
                    "`{}` is every channel's first parameter already; name this one differently",
                    p.rust
                ),
            );
            dropped.insert(pkey.value.clone());
            continue;
        }
        // A part of the name cannot be left out.
        p.required = true;
        params.push(p);
    }
    let name = template(cx, &def.name, &params, &dropped, &format!("{path}.name"));
    let payload = object_type(cx, kinds, &def.payload, &format!("{path}.payload"));
    let history = def
        .history
        .as_ref()
        .and_then(|h| history(cx, kinds, h, &format!("{path}.history")));
    Some(ir::Channel {
        key: path.rsplit('.').next().unwrap_or_default().to_owned(),
        variant,
        doc: def.doc.clone(),
        template: def.name.value.clone(),
        name: name?,
        params,
        payload: payload?,
        history,
    })
}

/// A channel's history request; `None` when its item type is wrong (reported). A parameter that
/// cannot be a setter is left out (reported).
fn history(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    h: &spec::HistoryDef,
    hpath: &str,
) -> Option<ir::History> {
    let item = object_type(cx, kinds, &h.item, &format!("{hpath}.item"));
    let mut params = Vec::new();
    for (pkey, p) in h.params.iter() {
        let ppath = format!("{hpath}.params.{}", pkey.value);
        // A history parameter travels as JSON in the request message, as a body's does.
        let Some(mut p) = param(cx, kinds, pkey, p, ir::Location::Body, &ppath) else {
            continue;
        };
        if p.required {
            cx.err(
                pkey.referenced,
                &ppath,
                "history parameters are optional setters; drop `required: true`",
            );
        }
        if !name_param_type(&p.ty) && p.ty != Ty::Decimal && p.ty != Ty::Seconds {
            cx.err(
                pkey.referenced,
                &ppath,
                "expected a scalar (`i32`, `i64`, `string`, `decimal`, `seconds`) or a string enum",
            );
            continue;
        }
        if HISTORY_TAKEN.contains(&p.rust.as_str()) {
            cx.err(
                pkey.referenced,
                &ppath,
                format!(
                    "`{}` is taken by the history request itself (its `channel` field and its \
                     `new` constructor); give the parameter a `name:`",
                    p.rust
                ),
            );
            continue;
        }
        p.required = false;
        params.push(p);
    }
    Some(ir::History {
        doc: h.doc.clone(),
        item: item?,
        params,
    })
}

fn name_param_type(t: &Ty) -> bool {
    matches!(t, Ty::I32 | Ty::I64 | Ty::String | Ty::Enum(_, false))
}

/// `market_{symbol}_depth_step{step}` -> literal and hole parts. Every parameter appears once,
/// `{symbol}` once, and two holes are never adjacent (the name could not be read back).
fn template(
    cx: &mut Diagnostics,
    name: &Str,
    params: &[ir::Param],
    dropped: &HashSet<String>,
    path: &str,
) -> Option<Vec<NamePart>> {
    let text = name.value.as_str();
    let mut parts = Vec::new();
    let mut rest = text;
    let mut seen = HashSet::new();
    let fail = |cx: &mut Diagnostics, msg: String| {
        cx.err(name.referenced, path, msg);
        None::<Vec<NamePart>>
    };
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('{') {
            let Some(end) = after.find('}') else {
                return fail(cx, format!("`{}`: a `{{` is not closed", shorten(text)));
            };
            let hole = &after[..end];
            let part = if hole == "symbol" {
                NamePart::Symbol
            } else if let Some(i) = params.iter().position(|p| p.wire == hole) {
                NamePart::Param(i)
            } else if dropped.contains(hole) {
                // Its mistake is reported; the channel is left out.
                return None;
            } else {
                let names = params.iter().map(|p| p.wire.as_str()).chain(["symbol"]);
                return fail(
                    cx,
                    format!(
                        "`{{{hole}}}` is not a parameter of this channel{}; expected `{{symbol}}` or a key of `params`",
                        did_you_mean(hole, names)
                    ),
                );
            };
            if !seen.insert(hole.to_owned()) {
                return fail(cx, format!("`{{{hole}}}` appears twice"));
            }
            if matches!(parts.last(), Some(NamePart::Symbol | NamePart::Param(_))) {
                return fail(
                    cx,
                    format!(
                        "`{}`: two parameters must be separated by literal text",
                        shorten(text)
                    ),
                );
            }
            parts.push(part);
            rest = &after[end + 1..];
        } else {
            let end = rest.find('{').unwrap_or(rest.len());
            if rest[..end].contains('}') {
                return fail(cx, format!("`{}`: a `}}` without its `{{`", shorten(text)));
            }
            parts.push(NamePart::Lit(rest[..end].to_owned()));
            rest = &rest[end..];
        }
    }
    if !seen.contains("symbol") {
        return fail(
            cx,
            format!(
                "`{}` has no `{{symbol}}`; every channel belongs to a contract",
                shorten(text)
            ),
        );
    }
    if let Some(p) = params.iter().find(|p| !seen.contains(&p.wire)) {
        return fail(
            cx,
            format!(
                "parameter `{}` does not appear in the name; add `{{{}}}`",
                p.wire, p.wire
            ),
        );
    }
    Some(parts)
}
