//! Specs other than the shipped one, generated and used in ordinary tests: each module expands
//! `contango::generate!` on a spec under `tests/ui/specs/` (beside the trybuild cases' specs)
//! and checks what the expansion gives, so code generated in a user's crate, in any module,
//! compiles and behaves.
//!
//! These were trybuild pass cases. Here they build with the rest of this binary; a single pass
//! case in `tests/ui/pass/` makes trybuild build the dependencies in full and every case on its
//! own instead of checking them all in one go, which took most of `.ci/run`'s time.

// A spec generates more items than its test uses (trybuild allows this lint for the same reason).
#![allow(dead_code)]

mod keywords_and_digits;
mod market_channel_added;
mod one_or_many_fields;
mod tiny_spec;
mod user_precheck;
