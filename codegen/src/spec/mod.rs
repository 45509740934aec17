//! The spec model: plain data read strictly from the located YAML tree. Unknown keys are rejected;
//! meaning is checked later, in `validate`. Values validation may complain about carry their
//! location. Each object's keys are declared once, as a [`schema::Object`](crate::schema::Object)
//! next to its reader; the editor schema is generated from those declarations.
//!
//! One module per section of the spec, as `validate` and `emit` are split: `client` (`info`,
//! `auth`, `products`), `errors`, `enums`, `records` (`types`), `endpoints`, `params` (shared by
//! endpoints and market channels), `resilience` (`clock`, `rate_limits`, an endpoint's
//! `dedupe`), `stream` and `market`. This file holds the root ([`Spec`]) and the `reader!` macro
//! the sections declare their readers with; the containers they read into ([`Map`],
//! [`Scalar`]) are `read`'s.

use crate::diag::Diagnostics;
use crate::read::{Map, Obj, Read, check};
use crate::schema::{Key, Object, Shape};
use crate::yaml::{Location, Spanned};
use crate::yaml::{Node, Value};

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

mod client;
mod endpoints;
mod enums;
mod errors;
mod market;
mod params;
mod records;
mod resilience;
mod stream;

pub use client::*;
pub use endpoints::*;
pub use enums::*;
pub use errors::*;
pub use market::*;
pub use params::*;
pub use records::*;
pub use resilience::*;
pub use stream::*;

/// A located string (a key or a scalar the validator may point at).
pub type Str = Spanned<String>;

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
