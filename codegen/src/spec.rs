//! The spec model: plain data read strictly from the located YAML tree. Unknown keys are rejected;
//! meaning is checked later, in `validate`. Values validation may complain about carry their
//! location. Each object's keys are declared once, as a [`schema::Object`](crate::schema::Object)
//! next to its reader; the editor schema is generated from those declarations.

use crate::diag::Diagnostics;
use crate::read::{Named, Obj, Read, check};
use crate::schema::{Key, Object, Shape};
use crate::yaml::{Location, Spanned};
use crate::yaml::{Node, Value};

/// A located string (a key or a scalar the validator may point at).
pub type Str = Spanned<String>;

pub const METHODS: &[&str] = &["GET", "POST", "PUT", "DELETE"];
pub const SECURITY: &[&str] = &["NONE", "TRADE", "USER_DATA", "USER_STREAM", "MARKET_DATA"];
pub const RETRY: &[&str] = &["never", "safe", "resync_clock", "back_off", "ambiguous"];
pub const BASES: &[&str] = &["product", "user_stream"];
pub const ENVELOPES: &[&str] = &["wrapped", "bare"];
pub const REPRS: &[&str] = &["string", "integer"];
pub const SHAPES: &[&str] = &["object", "array"];
pub const ENCODINGS: &[&str] = &["native", "string"];
pub const COMPRESSIONS: &[&str] = &["gzip", "none"];

/// The whole spec file.
#[derive(Debug)]
pub struct Spec {
    pub info: Info,
    pub auth: Auth,
    pub products: Map<Product>,
    pub error_tables: Map<ErrorTable>,
    pub enums: Map<EnumDef>,
    pub types: Map<TypeDef>,
    pub endpoints: Map<EndpointDef>,
    pub stream: Option<StreamDef>,
    pub market_stream: Option<MarketStreamDef>,
    pub clock: Option<ClockDef>,
    pub rate_limits: Map<RateDef>,
}

pub static SPEC: Object = Object {
    name: "Spec",
    doc: "A contango spec: the typed API of an exchange interface (see spec/README.md).",
    keys: &[
        Key::req(
            "info",
            Shape::Object(&INFO),
            "Title, version and documentation of the interface.",
        ),
        Key::req(
            "auth",
            Shape::Object(&AUTH),
            "Header names used to sign requests.",
        ),
        Key::req(
            "products",
            Shape::Map(&Shape::Object(&PRODUCT)),
            "The product lines and their path prefixes; each becomes a variant of `Product`.",
        ),
        Key::req(
            "error_tables",
            Shape::Map(&Shape::Object(&ERROR_TABLE)),
            "Error codes per table, with names, messages and retry classes.",
        ),
        Key::opt(
            "enums",
            Shape::Map(&Shape::Object(&ENUM)),
            "Enumerations; keys are Rust type names (UpperCamelCase).",
        ),
        Key::opt(
            "types",
            Shape::Map(&Shape::Object(&TYPE)),
            "Records; keys are Rust type names (UpperCamelCase).",
        ),
        Key::req(
            "endpoints",
            Shape::Map(&Shape::Object(&ENDPOINT)),
            "REST endpoints; keys are Rust method names (snake_case).",
        ),
        Key::opt(
            "stream",
            Shape::Object(&STREAM),
            "The private WebSocket stream: control messages and events.",
        ),
        Key::opt(
            "market_stream",
            Shape::Object(&MARKET_STREAM),
            "The public market WebSocket stream: heartbeat, messages, symbol rule and channels.",
        ),
        Key::opt(
            "clock",
            Shape::Object(&CLOCK),
            "Where the server's time comes from, for the timestamp of signed requests.",
        ),
        Key::opt(
            "rate_limits",
            Shape::Map(&Shape::Object(&RATE)),
            "Client-side request rates per endpoint group; `default` applies to endpoints without `rate_limit`.",
        ),
    ],
    check: check::<Spec>,
};

impl Spec {
    /// Reads the whole file. Never fails: what could not be read is reported and replaced by an
    /// empty placeholder, so everything else is still checked and generated.
    pub fn read_root(cx: &mut Diagnostics, n: &Node) -> Option<Spec> {
        if matches!(n.value, Value::Null) {
            cx.err(
                Location::UNKNOWN,
                "",
                "the spec file is empty; expected a map with `info`, `auth`, `products`, `error_tables` and `endpoints`",
            );
            return None;
        }
        if !matches!(n.value, Value::Map(_)) {
            cx.err(
                n.loc,
                "",
                format!(
                    "the spec must be a map with `info`, `auth`, `products`, `error_tables` and `endpoints`; found {}",
                    n.describe()
                ),
            );
            return None;
        }
        let mut o = Obj::new(cx, n, "", &SPEC)?;
        let info = o.req("info");
        let auth = o.req("auth");
        let products = o.map_lenient("products");
        let error_tables = o.map_lenient("error_tables");
        let enums = o.map_lenient("enums");
        let types = o.map_lenient("types");
        let endpoints = o.map_lenient("endpoints");
        let stream = o.opt("stream");
        let market_stream = o.opt("market_stream");
        let clock = o.opt("clock");
        let rate_limits = o.map_lenient("rate_limits");
        o.finish();
        Some(Spec {
            info: info.unwrap_or_else(Info::placeholder),
            auth: auth.unwrap_or_else(Auth::placeholder),
            products,
            error_tables,
            enums,
            types,
            endpoints,
            stream,
            market_stream,
            clock,
            rate_limits,
        })
    }
}

impl Read for Spec {
    fn read(cx: &mut Diagnostics, n: &Node, _: &str, _: &Shape) -> Option<Self> {
        // For the agreement tests: the root read strictly.
        let before = cx.len();
        let spec = Spec::read_root(cx, n)?;
        (cx.len() == before).then_some(spec)
    }
}

/// Declares how a struct is read: each field from its key, `req` or `opt` (with a default).
macro_rules! reader {
    ($ty:ident, $shape:expr, { $($field:ident: $how:ident $key:literal $(or $default:expr)?),* $(,)? }) => {
        impl Read for $ty {
            fn read(cx: &mut Diagnostics, n: &Node, path: &str, _: &Shape) -> Option<Self> {
                let mut o = Obj::new(cx, n, path, $shape)?;
                $(let $field = o.$how($key);)*
                if !o.finish() {
                    return None;
                }
                Some($ty { $($field: reader!(@value $how $field $(, $default)?),)* })
            }
        }
    };
    (@value req $field:ident) => { $field? };
    (@value map_lenient $field:ident) => { $field };
    (@value opt $field:ident) => { $field };
    (@value opt $field:ident, $default:expr) => { $field.unwrap_or($default) };
}

#[derive(Debug)]
pub struct Info {
    pub title: String,
    pub version: String,
    pub doc: String,
}

impl Info {
    fn placeholder() -> Self {
        Info {
            title: String::new(),
            version: String::new(),
            doc: String::new(),
        }
    }
}

pub static INFO: Object = Object {
    name: "Info",
    doc: "Title, version and documentation of the interface.",
    keys: &[
        Key::req("title", Shape::Str, "Name of the interface."),
        Key::req(
            "version",
            Shape::Str,
            "Version of the interface (quote it: \"2.0\").",
        ),
        Key::req(
            "doc",
            Shape::Str,
            "What the whole interface is for; rustdoc of the client.",
        ),
    ],
    check: check::<Info>,
};
reader!(Info, &INFO, { title: req "title", version: req "version", doc: req "doc" });

#[derive(Debug)]
pub struct Auth {
    pub api_key_header: Str,
    pub signature_header: Str,
    pub timestamp_header: Str,
    pub recv_window_param: Str,
}

impl Auth {
    fn placeholder() -> Self {
        let s = |v: &str| Spanned::new(v.to_string(), Location::UNKNOWN, Location::UNKNOWN);
        Auth {
            api_key_header: s("X-API-KEY"),
            signature_header: s("X-SIGNATURE"),
            timestamp_header: s("X-TIMESTAMP"),
            recv_window_param: s("recvWindow"),
        }
    }
}

pub static AUTH: Object = Object {
    name: "Auth",
    doc: "Header names used to sign requests.",
    keys: &[
        Key::req(
            "api_key_header",
            Shape::Str,
            "Header carrying the API key (`X-CH-APIKEY`).",
        ),
        Key::req(
            "signature_header",
            Shape::Str,
            "Header carrying the lower-case hex HMAC-SHA256 signature (`X-CH-SIGN`).",
        ),
        Key::req(
            "timestamp_header",
            Shape::Str,
            "Header carrying the timestamp in milliseconds (`X-CH-TS`).",
        ),
        Key::req(
            "recv_window_param",
            Shape::Str,
            "How the optional receive window travels: in the query for GET, in the JSON body otherwise (`recvWindow`).",
        ),
    ],
    check: check::<Auth>,
};
reader!(Auth, &AUTH, {
    api_key_header: req "api_key_header",
    signature_header: req "signature_header",
    timestamp_header: req "timestamp_header",
    recv_window_param: req "recv_window_param",
});

#[derive(Debug)]
pub struct Product {
    pub prefix: Str,
    pub doc: String,
}

pub static PRODUCT: Object = Object {
    name: "Product",
    doc: "A product line; endpoints with `base: product` are sent to base_url + prefix + path.",
    keys: &[
        Key::req(
            "prefix",
            Shape::Str,
            "Path prefix of the product's endpoints (`/fapi`).",
        ),
        Key::req("doc", Shape::Str, "Rustdoc of the `Product` variant."),
    ],
    check: check::<Product>,
};
reader!(Product, &PRODUCT, { prefix: req "prefix", doc: req "doc" });
impl Named for Product {
    const NOUN: &'static str = "product";
}

#[derive(Debug)]
pub struct ErrorTable {
    pub doc: Option<String>,
    pub success: Vec<i64>,
    pub codes: Vec<ErrorCodeDef>,
}

pub static ERROR_TABLE: Object = Object {
    name: "ErrorTable",
    doc: "The error vocabulary of a group of endpoints; the same code can mean different things in two tables.",
    keys: &[
        Key::opt("doc", Shape::Str, "What the table covers."),
        Key::req(
            "success",
            Shape::List(&Shape::Int),
            "The `code` values of a successful envelope (`[0]`).",
        ),
        Key::req(
            "codes",
            Shape::List(&Shape::Object(&ERROR_CODE)),
            "The error codes of the table.",
        ),
    ],
    check: check::<ErrorTable>,
};
reader!(ErrorTable, &ERROR_TABLE, { doc: opt "doc", success: req "success", codes: req "codes" });
impl Named for ErrorTable {
    const NOUN: &'static str = "error table";
}

#[derive(Debug)]
pub struct ErrorCodeDef {
    pub code: Spanned<i64>,
    pub name: Str,
    pub message: String,
    pub retry: Str,
    pub doc: Option<String>,
}

pub static ERROR_CODE: Object = Object {
    name: "ErrorCode",
    doc: "One error code.",
    keys: &[
        Key::req(
            "code",
            Shape::Int,
            "The code as sent by the server (`-1021`).",
        ),
        Key::req(
            "name",
            Shape::Str,
            "SCREAMING_SNAKE_CASE name, unique across all tables; becomes an `ErrorCode` variant.",
        ),
        Key::req(
            "message",
            Shape::Str,
            "Message template; `{0}` marks a placeholder.",
        ),
        Key::req(
            "retry",
            Shape::Choice(RETRY),
            "What a client may do: never, safe (nothing was processed), resync_clock (resync, re-sign, retry once), back_off (slow down, then retry), ambiguous (outcome unknown: look it up first).",
        ),
        Key::opt("doc", Shape::Str, "Rustdoc of the variant."),
    ],
    check: check::<ErrorCodeDef>,
};
reader!(ErrorCodeDef, &ERROR_CODE, {
    code: req "code", name: req "name", message: req "message", retry: req "retry", doc: opt "doc",
});

#[derive(Debug)]
pub struct EnumDef {
    pub doc: String,
    pub repr: Option<Str>,
    pub case_insensitive: bool,
    pub values: Spanned<Vec<EnumValue>>,
}

pub static ENUM: Object = Object {
    name: "Enum",
    doc: "An enumeration; it always gets a catch-all `Other` variant for values the spec does not list yet.",
    keys: &[
        Key::req("doc", Shape::Str, "Rustdoc of the enum."),
        Key::opt(
            "repr",
            Shape::Choice(REPRS),
            "`string` (default) or `integer`.",
        ),
        Key::opt(
            "case_insensitive",
            Shape::Bool,
            "Match wire values ignoring ASCII case (default false).",
        ),
        Key::req(
            "values",
            Shape::List(&Shape::Object(&ENUM_VALUE)),
            "The values, at least one.",
        ),
    ],
    check: check::<EnumDef>,
};
reader!(EnumDef, &ENUM, {
    doc: req "doc", repr: opt "repr", case_insensitive: opt "case_insensitive" or false, values: req "values",
});
impl Named for EnumDef {
    const NOUN: &'static str = "enum";
}

#[derive(Debug)]
pub struct EnumValue {
    pub wire: Spanned<Scalar>,
    pub name: Option<Str>,
    pub aliases: Vec<Str>,
    pub doc: Option<String>,
}

pub static ENUM_VALUE: Object = Object {
    name: "EnumValue",
    doc: "One value of an enumeration.",
    keys: &[
        Key::req(
            "wire",
            Shape::Scalar,
            "The value on the wire: a string, or an integer when `repr: integer`.",
        ),
        Key::opt(
            "name",
            Shape::Str,
            "Rust variant name; derived from `wire` for strings, required for integers.",
        ),
        Key::opt(
            "aliases",
            Shape::List(&Shape::Str),
            "Other wire spellings accepted on decode (`CANCELED`).",
        ),
        Key::opt("doc", Shape::Str, "Rustdoc of the variant."),
    ],
    check: check::<EnumValue>,
};
reader!(EnumValue, &ENUM_VALUE, {
    wire: req "wire", name: opt "name", aliases: opt "aliases" or Vec::new(), doc: opt "doc",
});

#[derive(Debug)]
pub struct TypeDef {
    pub doc: String,
    pub shape: Option<Str>,
    pub fields: Map<FieldDef>,
}

pub static TYPE: Object = Object {
    name: "Type",
    doc: "A record: an object (or an array read by position) with named fields.",
    keys: &[
        Key::req("doc", Shape::Str, "Rustdoc of the type."),
        Key::opt(
            "shape",
            Shape::Choice(SHAPES),
            "`object` (default) or `array`: the record travels as a JSON array of its fields in order.",
        ),
        Key::req(
            "fields",
            Shape::Map(&Shape::TypeOrObject(&FIELD)),
            "Map of wire name to field: a type expression (an optional field) or a map.",
        ),
    ],
    check: check::<TypeDef>,
};
reader!(TypeDef, &TYPE, { doc: req "doc", shape: opt "shape", fields: req "fields" });
impl Named for TypeDef {
    const NOUN: &'static str = "type";
}

/// A field of a type: `name: type` shorthand, or the full map.
#[derive(Debug)]
pub enum FieldDef {
    Short(Str),
    Full(Box<FieldFull>),
}

#[derive(Debug)]
pub struct FieldFull {
    pub ty: Str,
    pub doc: Option<String>,
    pub required: bool,
    pub name: Option<Str>,
    pub aliases: Vec<Str>,
    pub encode: Option<Str>,
}

pub static FIELD: Object = Object {
    name: "Field",
    doc: "A field of a type.",
    keys: &[
        Key::req(
            "type",
            Shape::TypeExpr,
            "Type expression: a scalar, `list<T>`, `one_or_many<T>`, or a name from `types`/`enums`.",
        ),
        Key::opt("doc", Shape::Str, "Rustdoc of the field."),
        Key::opt(
            "required",
            Shape::Bool,
            "`true`: present and not null (Rust type `T`); default false (`Option<T>`).",
        ),
        Key::opt(
            "name",
            Shape::Str,
            "Rust field name, when the derived one is poor.",
        ),
        Key::opt(
            "aliases",
            Shape::List(&Shape::Str),
            "Other wire names accepted on decode (`ctime` for `cTime`).",
        ),
        Key::opt(
            "encode",
            Shape::Choice(ENCODINGS),
            "`string` to send a number as a JSON string; default `native`.",
        ),
    ],
    check: check::<FieldFull>,
};
reader!(FieldFull, &FIELD, {
    ty: req "type", doc: opt "doc", required: opt "required" or false, name: opt "name",
    aliases: opt "aliases" or Vec::new(), encode: opt "encode",
});
impl Named for FieldDef {
    const NOUN: &'static str = "field";
}

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
}

const PARAMS: Shape = Shape::Map(&Shape::TypeOrObject(&PARAM));

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
    ],
    check: check::<EndpointDef>,
};
reader!(EndpointDef, &ENDPOINT, {
    doc: req "doc", method: req "method", path: req "path", base: opt "base",
    security: req "security", errors: req "errors", idempotent: opt "idempotent",
    deprecated: opt "deprecated", path_params: opt "path_params", query: opt "query",
    body: opt "body", rules: opt "rules" or Vec::new(), response: req "response",
    rate_limit: opt "rate_limit", dedupe: opt "dedupe", precheck: opt "precheck",
});

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
impl Named for EndpointDef {
    const NOUN: &'static str = "endpoint";
}

/// A parameter: `name: type` shorthand, or the full map.
#[derive(Debug)]
pub enum ParamDef {
    Short(Str),
    Full(Box<ParamFull>),
}

#[derive(Debug)]
pub struct ParamFull {
    pub ty: Str,
    pub doc: Option<String>,
    pub required: bool,
    pub default: Option<Spanned<Scalar>>,
    pub min: Option<Spanned<Scalar>>,
    pub max: Option<Spanned<Scalar>>,
    pub max_len: Option<Spanned<u64>>,
    pub name: Option<Str>,
}

pub static PARAM: Object = Object {
    name: "Param",
    doc: "A request parameter.",
    keys: &[
        Key::req(
            "type",
            Shape::TypeExpr,
            "Type expression: a scalar, `list<T>`, or a name from `types`/`enums`.",
        ),
        Key::opt("doc", Shape::Str, "Rustdoc of the parameter."),
        Key::opt(
            "required",
            Shape::Bool,
            "Required parameters are arguments (or fields of a struct) of the client method; default false.",
        ),
        Key::opt(
            "default",
            Shape::Scalar,
            "The server's documented default (documentation only, not sent); not with `required: true`.",
        ),
        Key::opt(
            "min",
            Shape::Scalar,
            "Inclusive minimum, for integers and decimals.",
        ),
        Key::opt(
            "max",
            Shape::Scalar,
            "Inclusive maximum, for integers and decimals.",
        ),
        Key::opt(
            "max_len",
            Shape::UInt,
            "Maximum length in characters, for strings.",
        ),
        Key::opt(
            "name",
            Shape::Str,
            "Rust name, when the derived one is poor.",
        ),
    ],
    check: check::<ParamFull>,
};
reader!(ParamFull, &PARAM, {
    ty: req "type", doc: opt "doc", required: opt "required" or false, default: opt "default",
    min: opt "min", max: opt "max", max_len: opt "max_len", name: opt "name",
});
impl Named for ParamDef {
    const NOUN: &'static str = "parameter";
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

#[derive(Debug)]
pub struct StreamDef {
    pub listen_key: Option<ListenKeyDef>,
    pub doc: String,
    pub url: String,
    pub channel: String,
    pub control: StreamControl,
    pub tag: String,
    pub events: Map<EventDef>,
}

pub static STREAM: Object = Object {
    name: "Stream",
    doc: "The private WebSocket stream.",
    keys: &[
        Key::req("doc", Shape::Str, "Rustdoc of the `Event` enum."),
        Key::req(
            "url",
            Shape::Str,
            "Documented default address; `{host}` and `{listenKey}` are filled in.",
        ),
        Key::req(
            "channel",
            Shape::Str,
            "Channel named in the subscribe message.",
        ),
        Key::req(
            "control",
            Shape::Object(&CONTROL),
            "The control messages (types of this spec).",
        ),
        Key::req(
            "tag",
            Shape::Str,
            "Key naming the event type in data frames (`e`).",
        ),
        Key::req(
            "events",
            Shape::Map(&Shape::Object(&EVENT)),
            "Map of event type (the tag's value) to event.",
        ),
        Key::opt(
            "listen_key",
            Shape::Object(&LISTEN_KEY),
            "The endpoints that manage the stream's listen key; with it, `Client::user_stream()` is generated.",
        ),
    ],
    check: check::<StreamDef>,
};

#[derive(Debug)]
pub struct ListenKeyDef {
    pub create: Str,
    pub keep_alive: Str,
    pub close: Str,
    pub field: Str,
    pub invalid: Str,
}

pub static LISTEN_KEY: Object = Object {
    name: "ListenKey",
    doc: "The endpoints that manage the stream's listen key.",
    keys: &[
        Key::req(
            "create",
            Shape::Str,
            "Endpoint (no required parameters) whose answer carries the key.",
        ),
        Key::req(
            "field",
            Shape::Str,
            "Wire name of the required string field holding the key in `create`'s answer.",
        ),
        Key::req(
            "keep_alive",
            Shape::Str,
            "Endpoint extending the key; its one required parameter is the key.",
        ),
        Key::req(
            "close",
            Shape::Str,
            "Endpoint closing the key; its one required parameter is the key.",
        ),
        Key::req(
            "invalid",
            Shape::Str,
            "Error name meaning the key does not exist (a new key is then created).",
        ),
    ],
    check: check::<ListenKeyDef>,
};
reader!(ListenKeyDef, &LISTEN_KEY, {
    create: req "create", field: req "field", keep_alive: req "keep_alive", close: req "close",
    invalid: req "invalid",
});

impl Read for StreamDef {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, _: &Shape) -> Option<Self> {
        let mut o = Obj::new(cx, n, path, &STREAM)?;
        let doc = o.req("doc");
        let url = o.req("url");
        let channel = o.req("channel");
        let control = o.req("control");
        let tag = o.req("tag");
        // Events are independent: a broken one is left out, the others kept.
        let events = o.map_lenient("events");
        let listen_key = o.opt("listen_key");
        if !o.finish() {
            return None;
        }
        Some(StreamDef {
            listen_key,
            doc: doc?,
            url: url?,
            channel: channel?,
            control: control?,
            tag: tag?,
            events,
        })
    }
}

#[derive(Debug)]
pub struct StreamControl {
    pub subscribe: Str,
    pub subscribed: Str,
    pub ping: Str,
    pub pong: Str,
}

pub static CONTROL: Object = Object {
    name: "StreamControl",
    doc: "The control messages of the stream, as types of this spec.",
    keys: &[
        Key::req(
            "subscribe",
            Shape::TypeExpr,
            "Type of the subscribe message.",
        ),
        Key::req(
            "subscribed",
            Shape::TypeExpr,
            "Type of the subscription answer.",
        ),
        Key::req("ping", Shape::TypeExpr, "Type of the server's ping."),
        Key::req("pong", Shape::TypeExpr, "Type of the client's pong."),
    ],
    check: check::<StreamControl>,
};
reader!(StreamControl, &CONTROL, {
    subscribe: req "subscribe", subscribed: req "subscribed", ping: req "ping", pong: req "pong",
});

#[derive(Debug)]
pub struct EventDef {
    pub ty: Str,
    pub aliases: Vec<String>,
    pub doc: Option<String>,
    pub time: Option<Str>,
}

pub static EVENT: Object = Object {
    name: "Event",
    doc: "An event of the stream; becomes a variant of `Event`.",
    keys: &[
        Key::req(
            "type",
            Shape::TypeExpr,
            "The type (from `types`) the event decodes into.",
        ),
        Key::opt(
            "aliases",
            Shape::List(&Shape::Str),
            "Other event type names (`executionReport`).",
        ),
        Key::opt("doc", Shape::Str, "Rustdoc of the variant."),
        Key::opt(
            "time",
            Shape::Str,
            "Wire name of the event's required `millis` time field (reported with stream gaps).",
        ),
    ],
    check: check::<EventDef>,
};
reader!(EventDef, &EVENT, {
    ty: req "type", aliases: opt "aliases" or Vec::new(), doc: opt "doc", time: opt "time",
});
impl Named for EventDef {
    const NOUN: &'static str = "event";
}

#[derive(Debug)]
pub struct MarketStreamDef {
    pub doc: String,
    pub url: String,
    pub compression: Str,
    pub heartbeat: HeartbeatDef,
    pub messages: MessagesDef,
    pub max_subscriptions: Spanned<u64>,
    pub max_connection_age_ms: Spanned<u64>,
    pub symbol: SymbolDef,
    pub channels: Map<ChannelDef>,
}

pub static MARKET_STREAM: Object = Object {
    name: "MarketStream",
    doc: "The public market WebSocket stream.",
    keys: &[
        Key::req("doc", Shape::Str, "Rustdoc of the `MarketEvent` enum."),
        Key::req(
            "url",
            Shape::Str,
            "Default address; `{host}` is the client's base URL host. Client configuration overrides it.",
        ),
        Key::req(
            "compression",
            Shape::Choice(COMPRESSIONS),
            "How the server compresses frames (`gzip` binary frames; text frames are accepted too).",
        ),
        Key::req(
            "heartbeat",
            Shape::Object(&HEARTBEAT),
            "The server's heartbeat and the client's answer.",
        ),
        Key::req(
            "messages",
            Shape::Object(&MESSAGES),
            "The `event` values of client messages and of answers.",
        ),
        Key::req(
            "max_subscriptions",
            Shape::UInt,
            "Subscriptions the server allows per connection; the client spreads more over more connections.",
        ),
        Key::req(
            "max_connection_age_ms",
            Shape::UInt,
            "Age at which the server closes a connection; the client rotates before it.",
        ),
        Key::req(
            "symbol",
            Shape::Object(&SYMBOL),
            "How a contract name becomes the symbol in channel names.",
        ),
        Key::req(
            "channels",
            Shape::Map(&Shape::Object(&CHANNEL)),
            "Map of channel kind (snake_case) to channel; each becomes a typed subscription and a `MarketEvent` variant.",
        ),
    ],
    check: check::<MarketStreamDef>,
};
reader!(MarketStreamDef, &MARKET_STREAM, {
    doc: req "doc", url: req "url", compression: req "compression", heartbeat: req "heartbeat",
    messages: req "messages", max_subscriptions: req "max_subscriptions",
    max_connection_age_ms: req "max_connection_age_ms", symbol: req "symbol",
    channels: map_lenient "channels",
});

#[derive(Debug)]
pub struct HeartbeatDef {
    pub ping: Str,
    pub pong: Str,
    pub interval_ms: Spanned<u64>,
}

pub static HEARTBEAT: Object = Object {
    name: "Heartbeat",
    doc: "The server sends `{<ping>: N}`; the client answers `{<pong>: N}` with the same N.",
    keys: &[
        Key::req(
            "ping",
            Shape::Str,
            "Key of the server's heartbeat (`ping`).",
        ),
        Key::req("pong", Shape::Str, "Key of the client's answer (`pong`)."),
        Key::req(
            "interval_ms",
            Shape::UInt,
            "How often the server sends it; three missed ones mean a dead connection.",
        ),
    ],
    check: check::<HeartbeatDef>,
};
reader!(HeartbeatDef, &HEARTBEAT, { ping: req "ping", pong: req "pong", interval_ms: req "interval_ms" });

#[derive(Debug)]
pub struct MessagesDef {
    pub subscribe: Str,
    pub unsubscribe: Str,
    pub request: Str,
    pub reply: Str,
}

pub static MESSAGES: Object = Object {
    name: "MarketMessages",
    doc: "Client messages are `{event: <value>, params: {channel, cb_id, ...}}`; answers carry `event_rep: <reply>`.",
    keys: &[
        Key::req(
            "subscribe",
            Shape::Str,
            "`event` of a subscription (`sub`).",
        ),
        Key::req(
            "unsubscribe",
            Shape::Str,
            "`event` of an unsubscription (`unsub`).",
        ),
        Key::req("request", Shape::Str, "`event` of a request (`req`)."),
        Key::req("reply", Shape::Str, "`event_rep` of an answer (`rep`)."),
    ],
    check: check::<MessagesDef>,
};
reader!(MessagesDef, &MESSAGES, {
    subscribe: req "subscribe", unsubscribe: req "unsubscribe", request: req "request", reply: req "reply",
});

#[derive(Debug)]
pub struct SymbolDef {
    pub lowercase: bool,
    pub type_separator: String,
    pub separator: String,
}

pub static SYMBOL: Object = Object {
    name: "SymbolRule",
    doc: "How a contract name becomes a channel symbol (`E-BTC-USDT` -> `e_btcusdt`).",
    keys: &[
        Key::req("lowercase", Shape::Bool, "Lower-case the contract name."),
        Key::req(
            "type_separator",
            Shape::Str,
            "What the first `-` (after the contract type letter) becomes; quote it, may be empty.",
        ),
        Key::req(
            "separator",
            Shape::Str,
            "What every other `-` becomes; quote it, may be empty.",
        ),
    ],
    check: check::<SymbolDef>,
};
reader!(SymbolDef, &SYMBOL, {
    lowercase: req "lowercase", type_separator: req "type_separator", separator: req "separator",
});

#[derive(Debug)]
pub struct ChannelDef {
    pub doc: Option<String>,
    pub name: Str,
    pub params: Map<ParamDef>,
    pub payload: Str,
    pub history: Option<HistoryDef>,
}

pub static CHANNEL: Object = Object {
    name: "MarketChannel",
    doc: "A channel of the market stream.",
    keys: &[
        Key::opt(
            "doc",
            Shape::Str,
            "Rustdoc of the subscription and the event variant.",
        ),
        Key::req(
            "name",
            Shape::Str,
            "Channel name template: `{symbol}` and one `{param}` per parameter, separated by literal text.",
        ),
        Key::opt(
            "params",
            PARAMS,
            "Typed parameters of the name (integers with limits, or enums); all required.",
        ),
        Key::req(
            "payload",
            Shape::TypeExpr,
            "The type (from `types`) a data frame's `tick` decodes into.",
        ),
        Key::opt(
            "history",
            Shape::Object(&HISTORY),
            "A request (`req`) on this channel answering a list; generates a typed request.",
        ),
    ],
    check: check::<ChannelDef>,
};
reader!(ChannelDef, &CHANNEL, {
    doc: opt "doc", name: req "name", params: map_lenient "params", payload: req "payload",
    history: opt "history",
});
impl Named for ChannelDef {
    const NOUN: &'static str = "channel";
}

#[derive(Debug)]
pub struct HistoryDef {
    pub doc: Option<String>,
    pub item: Str,
    pub params: Map<ParamDef>,
}

pub static HISTORY: Object = Object {
    name: "MarketHistory",
    doc: "A request on a channel whose answer's `data` is a list.",
    keys: &[
        Key::opt("doc", Shape::Str, "Rustdoc of the request type."),
        Key::req(
            "item",
            Shape::TypeExpr,
            "The type (from `types`) of one item of the answer.",
        ),
        Key::opt(
            "params",
            PARAMS,
            "Optional request parameters, sent in `params` as typed JSON values.",
        ),
    ],
    check: check::<HistoryDef>,
};
reader!(HistoryDef, &HISTORY, { doc: opt "doc", item: req "item", params: map_lenient "params" });

/// `type` shorthand (a string) or the full map.
fn short_or_full<F: Read>(
    cx: &mut Diagnostics,
    n: &Node,
    path: &str,
    shape: &Shape,
) -> Option<Result<Str, F>> {
    match &n.value {
        Value::Str(s) => Some(Ok(Spanned::new(s.clone(), n.loc, n.loc))),
        Value::Map(_) => F::read(cx, n, path, shape).map(Err),
        _ => {
            cx.mismatch(n, path, &shape.expected());
            None
        }
    }
}

impl Read for FieldDef {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, shape: &Shape) -> Option<Self> {
        Some(match short_or_full::<FieldFull>(cx, n, path, shape)? {
            Ok(s) => FieldDef::Short(s),
            Err(f) => FieldDef::Full(Box::new(f)),
        })
    }
}

impl Read for ParamDef {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, shape: &Shape) -> Option<Self> {
        Some(match short_or_full::<ParamFull>(cx, n, path, shape)? {
            Ok(s) => ParamDef::Short(s),
            Err(f) => ParamDef::Full(Box::new(f)),
        })
    }
}

/// A YAML scalar kept as text, with what kind of scalar it was.
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar {
    Str(String),
    Int(i64),
    Float(String),
    Bool(bool),
}

impl Scalar {
    /// The scalar as written (numbers in their decimal text).
    pub fn text(&self) -> String {
        match self {
            Scalar::Str(s) | Scalar::Float(s) => s.clone(),
            Scalar::Int(i) => i.to_string(),
            Scalar::Bool(b) => b.to_string(),
        }
    }
}

/// An order-preserving map from located keys. Keeping every entry (rather than a `HashMap`)
/// keeps the generated code in spec order and lets validation point at each key.
#[derive(Debug)]
pub struct Map<V> {
    pub entries: Vec<(Str, V)>,
    /// Names of entries left out because of a reported mistake (references to them are not
    /// reported again).
    pub dropped: Vec<String>,
    /// The map itself could not be read (missing, or not a map); it is empty.
    pub unreadable: bool,
}

impl<V> Default for Map<V> {
    fn default() -> Self {
        Map {
            entries: Vec::new(),
            dropped: Vec::new(),
            unreadable: false,
        }
    }
}

impl<V> Map<V> {
    pub fn iter(&self) -> impl Iterator<Item = &(Str, V)> {
        self.entries.iter()
    }

    /// Whether the map is empty although nothing in it was broken.
    pub fn truly_empty(&self) -> bool {
        self.entries.is_empty() && self.dropped.is_empty() && !self.unreadable
    }
}

/// Parses the spec text into the model; every mistake is reported, and `None` only when nothing
/// at all could be read (a syntax error, an empty file, a file that is not a map).
pub fn parse(text: &str) -> (Option<Spec>, Diagnostics) {
    let root = match crate::yaml::parse(text) {
        Ok(n) => n,
        Err(d) => return (None, d.into()),
    };
    let mut cx = Diagnostics::default();
    let spec = Spec::read_root(&mut cx, &root);
    (spec, cx)
}
