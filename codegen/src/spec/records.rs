//! `types`: records (objects, or arrays read by position) and their fields.

use super::{Str, short_or_full};
use crate::diag::Diagnostics;
use crate::read::{Map, Named, Obj, Read, check};
use crate::schema::{Key, Object, Shape};
use crate::yaml::Node;

pub const SHAPES: &[&str] = &["object", "array"];
pub const ENCODINGS: &[&str] = &["native", "string"];

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

impl Read for FieldDef {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, shape: &Shape) -> Option<Self> {
        Some(match short_or_full::<FieldFull>(cx, n, path, shape)? {
            Ok(s) => FieldDef::Short(s),
            Err(f) => FieldDef::Full(Box::new(f)),
        })
    }
}
