//! Specs other than the shipped one, generated and used in ordinary tests: each module expands
//! `contango::generate!` on a spec under `tests/ui/specs/` (beside the spec-error cases' specs,
//! `spec_errors`) and checks what the expansion gives, so code generated in a user's crate, in
//! any module, compiles and behaves. They build with the rest of this binary.

// A spec generates more items than its test uses.
#![allow(dead_code)]

mod keywords_and_digits;
mod market_channel_added;
mod one_or_many_fields;
mod tiny_spec;
mod user_precheck;
