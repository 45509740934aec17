//! The spec pipeline of `contango-macros`, compiled as an ordinary library so it can be fuzzed.
//!
//! `contango-macros` is a proc-macro crate and cannot be linked into a fuzz target. Its pipeline
//! (source -> yaml -> spec/read -> validate -> emit) uses `proc_macro2` only, so this shim
//! compiles the very same files: every entry of this folder except this file is a symlink into
//! `codegen-macros/src/`. The module list below replicates `codegen-macros/src/lib.rs` without its
//! `#[proc_macro]` entry points; `scripts/fuzz.sh` checks that the module lists still agree before
//! it fuzzes. The pipeline itself is the macro's own `pipeline::generate_with`.

#![allow(dead_code)]

mod diag;
mod emit;
mod ir;
mod naming;
mod pipeline;
mod read;
mod schema;
mod source;
mod spec;
mod validate;
mod yaml;

use proc_macro2::TokenStream;

/// A rendered diagnostic (`spec.yaml:LINE:COL: path: message`), as the macro would report it.
pub type Rendered = String;

/// The macro's pipeline on a spec text, with the SDK as the target. On mistakes returns what
/// could be generated together with every diagnostic, in file order.
pub fn generate_from(text: &str) -> Result<TokenStream, (TokenStream, Vec<Rendered>)> {
    pipeline::generate_with(text, emit::emit).map_err(|(tokens, diags)| (tokens, render(&diags)))
}

fn render(diags: &[diag::Diagnostic]) -> Vec<Rendered> {
    diags.iter().map(|d| d.render("spec.yaml")).collect()
}
