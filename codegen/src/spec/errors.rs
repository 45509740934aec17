//! `error_tables`: each table's success codes and error codes, with names, messages and retry
//! classes.

use super::Str;
use crate::diag::Diagnostics;
use crate::read::{Named, Obj, Read, check};
use crate::schema::{Key, Object, Shape};
use crate::yaml::{Node, Spanned};

pub const RETRY: &[&str] = &["never", "safe", "resync_clock", "back_off", "ambiguous"];

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
