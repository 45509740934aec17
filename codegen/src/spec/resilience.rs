//! What ties endpoints together: `clock` (the server-time source), `rate_limits` (request
//! groups) and an endpoint's `dedupe` (how a request that must not run twice is found again).

use super::Str;
use crate::diag::Diagnostics;
use crate::read::{Named, Obj, Read, check};
use crate::schema::{Key, Object, Shape};
use crate::yaml::{Node, Spanned};

#[derive(Debug)]
pub struct DedupeDef {
    pub key: Str,
    pub lookup: Str,
    pub not_found: Str,
}

pub static DEDUPE: Object = Object {
    name: "Dedupe",
    doc: "How a request that must not run twice is found again after an ambiguous outcome.",
    keys: &[
        Key::req(
            "key",
            Shape::Str,
            "The optional string parameter holding the client-chosen id; generated when empty.",
        ),
        Key::req(
            "lookup",
            Shape::Str,
            "The endpoint that finds the request by that id (same-named parameters are copied).",
        ),
        Key::req(
            "not_found",
            Shape::Str,
            "The error name (of this endpoint's table) the lookup answers when there is no such request.",
        ),
    ],
    check: check::<DedupeDef>,
};
reader!(DedupeDef, &DEDUPE, { key: req "key", lookup: req "lookup", not_found: req "not_found" });

#[derive(Debug)]
pub struct ClockDef {
    pub endpoint: Str,
    pub field: Str,
}

pub static CLOCK: Object = Object {
    name: "Clock",
    doc: "Where the server's time comes from.",
    keys: &[
        Key::req(
            "endpoint",
            Shape::Str,
            "A GET endpoint without required parameters whose answer carries the server time.",
        ),
        Key::req(
            "field",
            Shape::Str,
            "Wire name of the answer's required `millis` field holding the server time.",
        ),
    ],
    check: check::<ClockDef>,
};
reader!(ClockDef, &CLOCK, { endpoint: req "endpoint", field: req "field" });

#[derive(Debug)]
pub struct RateDef {
    pub requests: Spanned<u64>,
    pub per_ms: Spanned<u64>,
    pub burst: Option<Spanned<u64>>,
    pub doc: Option<String>,
}

pub static RATE: Object = Object {
    name: "Rate",
    doc: "A client-side request rate: `requests` per `per_ms` milliseconds, with a burst.",
    keys: &[
        Key::req(
            "requests",
            Shape::UInt,
            "Requests allowed per window (at least 1).",
        ),
        Key::req(
            "per_ms",
            Shape::UInt,
            "The window, in milliseconds (at least 1).",
        ),
        Key::opt(
            "burst",
            Shape::UInt,
            "Requests that may go back to back before pacing starts; default `requests`.",
        ),
        Key::opt("doc", Shape::Str, "Where the numbers come from."),
    ],
    check: check::<RateDef>,
};
reader!(RateDef, &RATE, { requests: req "requests", per_ms: req "per_ms", burst: opt "burst", doc: opt "doc" });
impl Named for RateDef {
    const NOUN: &'static str = "rate limit";
}
