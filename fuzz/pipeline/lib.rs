//! The spec pipeline of `contango-macros`, compiled as an ordinary library so it can be fuzzed.
//!
//! `contango-macros` is a proc-macro crate and cannot be linked into a fuzz target. Its pipeline
//! (source -> yaml -> spec/read -> validate -> emit) uses `proc_macro2` only, so this shim
//! compiles the very same files: every entry of this folder except this file is a symlink into
//! `codegen-macros/src/`. The module list and `generate_from` below replicate
//! `codegen-macros/src/lib.rs` without its `#[proc_macro]` entry point; `scripts/fuzz.sh` checks
//! that the module lists still agree before it fuzzes.

#![allow(dead_code)]

mod diag;
mod emit;
mod ir;
mod naming;
mod read;
mod schema;
mod source;
mod spec;
mod validate;
mod yaml;

use proc_macro2::TokenStream;

/// A rendered diagnostic (`spec.yaml:LINE:COL: path: message`), as the macro would report it.
pub type Rendered = String;

/// `codegen-macros/src/lib.rs`'s `generate_from`, line for line: the pipeline on a spec text.
/// On mistakes returns what could be generated together with every diagnostic, in file order.
pub fn generate_from(text: &str) -> Result<TokenStream, (TokenStream, Vec<Rendered>)> {
    let (spec, mut diags) = spec::parse(text);
    let Some(spec) = spec else {
        return Err((TokenStream::new(), render(&diags)));
    };
    let (ir, more) = validate::validate(&spec);
    diags.extend(more);
    let tokens = emit::emit(&ir);
    if diags.is_empty() {
        Ok(tokens)
    } else {
        diags.sort_by_key(|d| (d.line, d.column));
        Err((tokens, render(&diags)))
    }
}

fn render(diags: &[diag::Diagnostic]) -> Vec<Rendered> {
    diags.iter().map(|d| d.render("spec.yaml")).collect()
}
