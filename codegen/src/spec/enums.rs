//! `enums`: enumerations, string- or integer-valued, each value with its aliases.

use super::Str;
use crate::diag::Diagnostics;
use crate::read::{Named, Obj, Read, Scalar, check};
use crate::schema::{Key, Object, Shape};
use crate::yaml::{Node, Spanned};

pub const REPRS: &[&str] = &["string", "integer"];

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
