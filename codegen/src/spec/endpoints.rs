//! `endpoints`: each REST endpoint's method, path, security, error table, parameters, rules
//! and response.

use super::{DEDUPE, DedupeDef, PARAMS, ParamDef, Str};
use crate::diag::Diagnostics;
use crate::read::{Map, Named, Obj, Read, check};
use crate::schema::{Key, Object, Shape};
use crate::yaml::{Node, Spanned};

pub const METHODS: &[&str] = &["GET", "POST", "PUT", "DELETE"];
pub const SECURITY: &[&str] = &["NONE", "TRADE", "USER_DATA", "USER_STREAM", "MARKET_DATA"];

pub const BASES: &[&str] = &["product", "user_stream"];
pub const ENVELOPES: &[&str] = &["wrapped", "bare"];
/// The built-in helpers an endpoint can name.
pub const HELPERS: &[&str] = &["conditional_orders"];

#[derive(Debug)]
pub struct EndpointDef {
    pub doc: String,
    pub method: Str,
    pub path: Str,
    pub base: Option<Str>,
    pub security: Str,
    pub errors: Str,
    pub idempotent: Option<bool>,
    pub deprecated: Option<String>,
    pub path_params: Option<Spanned<Map<ParamDef>>>,
    pub query: Option<Spanned<Map<ParamDef>>>,
    pub body: Option<Spanned<Map<ParamDef>>>,
    pub rules: Vec<Rule>,
    pub response: ResponseDef,
    pub rate_limit: Option<Str>,
    pub dedupe: Option<DedupeDef>,
    pub precheck: Option<Str>,
    pub helpers: Vec<Str>,
}

pub static ENDPOINT: Object = Object {
    name: "Endpoint",
    doc: "A REST endpoint: a client method, a request type and a builder.",
    keys: &[
        Key::req(
            "doc",
            Shape::Str,
            "Rustdoc of the client method and request type.",
        ),
        Key::req("method", Shape::Choice(METHODS), "HTTP method."),
        Key::req(
            "path",
            Shape::Str,
            "Path under the base; `{name}` marks a path parameter.",
        ),
        Key::opt(
            "base",
            Shape::Choice(BASES),
            "`product` (default: base_url + product prefix + path) or `user_stream` (user_stream_url + path).",
        ),
        Key::req(
            "security",
            Shape::Choice(SECURITY),
            "Security type: NONE, TRADE, USER_DATA, USER_STREAM or MARKET_DATA.",
        ),
        Key::req(
            "errors",
            Shape::Str,
            "The error table of this endpoint (a key of `error_tables`).",
        ),
        Key::opt(
            "idempotent",
            Shape::Bool,
            "Whether sending twice is harmless; default true for GET, false otherwise.",
        ),
        Key::opt(
            "deprecated",
            Shape::Str,
            "Why it is deprecated, and what to use instead.",
        ),
        Key::opt(
            "path_params",
            PARAMS,
            "Map of wire name to parameter; each must appear as `{name}` in `path`.",
        ),
        Key::opt(
            "query",
            PARAMS,
            "Map of wire name to parameter, sent in the query string.",
        ),
        Key::opt(
            "body",
            PARAMS,
            "Map of wire name to parameter, sent as a JSON object (not on GET).",
        ),
        Key::opt(
            "rules",
            Shape::List(&Shape::Object(&RULE)),
            "Cross-parameter rules.",
        ),
        Key::req(
            "response",
            Shape::Object(&RESPONSE),
            "How the answer travels and what it holds.",
        ),
        Key::opt(
            "rate_limit",
            Shape::Str,
            "The rate-limit group (a key of `rate_limits`); default `default`.",
        ),
        Key::opt(
            "dedupe",
            Shape::Object(&DEDUPE),
            "Never sent twice by accident: a client id and the endpoint that finds the request again.",
        ),
        Key::opt(
            "precheck",
            Shape::Str,
            "Run after local validation, before sending: a built-in precheck (`contract_limits`) or the Rust path (with `::`) of an async function `(&Client, &Request) -> Result<(), Error>`.",
        ),
        Key::opt(
            "helpers",
            Shape::List(&Shape::Choice(HELPERS)),
            "Built-in helpers generated beside the endpoint: `conditional_orders` (stop loss and take profit in one line, on a new-order endpoint with the exchange's trigger parameters).",
        ),
    ],
    check: check::<EndpointDef>,
};
reader!(EndpointDef, &ENDPOINT, {
    doc: req "doc", method: req "method", path: req "path", base: opt "base",
    security: req "security", errors: req "errors", idempotent: opt "idempotent",
    deprecated: opt "deprecated", path_params: opt "path_params", query: opt "query",
    body: opt "body", rules: opt "rules" or Vec::new(), response: req "response",
    rate_limit: opt "rate_limit", dedupe: opt "dedupe", precheck: opt "precheck",
    helpers: opt "helpers" or Vec::new(),
});

impl Named for EndpointDef {
    const NOUN: &'static str = "endpoint";
}

#[derive(Debug)]
pub struct Rule {
    pub at_least_one_of: Spanned<Vec<Str>>,
}

pub static RULE: Object = Object {
    name: "Rule",
    doc: "A cross-parameter rule.",
    keys: &[Key::req(
        "at_least_one_of",
        Shape::List(&Shape::Str),
        "Wire names of two or more optional parameters of which at least one must be set.",
    )],
    check: check::<Rule>,
};
reader!(Rule, &RULE, { at_least_one_of: req "at_least_one_of" });

#[derive(Debug)]
pub struct ResponseDef {
    pub envelope: Str,
    pub data: Str,
}

pub static RESPONSE: Object = Object {
    name: "Response",
    doc: "How the answer travels and what it holds.",
    keys: &[
        Key::req(
            "envelope",
            Shape::Choice(ENVELOPES),
            "`wrapped` ({code, msg, data}) or `bare` (the body is the value).",
        ),
        Key::req(
            "data",
            Shape::TypeExprOrNone,
            "A type expression, or `none` when the answer carries nothing.",
        ),
    ],
    check: check::<ResponseDef>,
};
reader!(ResponseDef, &RESPONSE, { envelope: req "envelope", data: req "data" });
