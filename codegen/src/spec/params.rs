//! Request parameters, shared by endpoints (`path_params`, `query`, `body`) and market channels
//! (`params`, `history.params`): a type expression as shorthand, or the full map.

use super::{Str, short_or_full};
use crate::diag::Diagnostics;
use crate::read::{Named, Obj, Read, Scalar, check};
use crate::schema::{Key, Object, Shape};
use crate::yaml::{Node, Spanned};

pub(super) const PARAMS: Shape = Shape::Map(&Shape::TypeOrObject(&PARAM));

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
    pub encode: Option<Str>,
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
        Key::opt(
            "encode",
            Shape::Str,
            "`string` to send a number as a JSON string (a body parameter or a market-stream request's); default `native`.",
        ),
    ],
    check: check::<ParamFull>,
};
reader!(ParamFull, &PARAM, {
    ty: req "type", doc: opt "doc", required: opt "required" or false, default: opt "default",
    min: opt "min", max: opt "max", max_len: opt "max_len", name: opt "name",
    encode: opt "encode",
});
impl Named for ParamDef {
    const NOUN: &'static str = "parameter";
}

impl Read for ParamDef {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, shape: &Shape) -> Option<Self> {
        Some(match short_or_full::<ParamFull>(cx, n, path, shape)? {
            Ok(s) => ParamDef::Short(s),
            Err(f) => ParamDef::Full(Box::new(f)),
        })
    }
}
