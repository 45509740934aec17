//! The declarative macros generated code expands: `record!` (an object record of the spec) and
//! `endpoint!` (an endpoint: its request, builder and client method). `generate!` lists only what
//! differs per record and per endpoint, and rustc expands the rest, so the procedural macro
//! builds fewer tokens (its run time is budgeted, docs/design.md#performance-budgets). Both are
//! exported at the crate's root, as `#[macro_export]` puts them, and reached through
//! `::contango::__private`.

mod endpoint;
mod record;
