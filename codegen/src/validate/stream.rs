//! `stream`: the private stream's event tag, events and control messages.

use super::types::{Kinds, object_type};
use crate::diag::Diagnostics;
use crate::ir;
use crate::naming::camel;
use crate::spec::{self, Str};
use crate::yaml::{Location, shorten};
use std::collections::HashSet;

/// Checks the stream; `None` when its control messages cannot be resolved (reported).
pub(super) fn stream(
    cx: &mut Diagnostics,
    kinds: &Kinds,
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
