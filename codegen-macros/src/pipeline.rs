//! The pipeline as one function of the spec text: [`spec::parse`] (YAML tree, then the model) ->
//! [`validate::validate`] (lowered to the IR) -> an [`Emit`] target. No `proc_macro`, no files.
//!
//! Three crate roots declare this module beside the pipeline's others: `lib.rs` (the proc macro),
//! `benches/expansion.rs`, which mounts the same files with `#[path]` because a proc-macro crate
//! can export nothing but macros, and the fuzz targets' `fuzz/pipeline/lib.rs` (symlinks). Each
//! runs exactly the code the macro runs, and none repeats it.

use crate::{diag, ir, spec, validate};
use proc_macro2::TokenStream;

/// What an expansion emits from a valid (or partly valid) IR: the SDK or the CLI.
pub type Emit = fn(&ir::Ir) -> TokenStream;

/// Runs the pipeline with the SDK as the target. On mistakes returns what could be generated
/// together with every diagnostic, in file order.
#[cfg(test)]
pub fn generate_from(text: &str) -> Result<TokenStream, (TokenStream, Vec<diag::Diagnostic>)> {
    generate_with(text, crate::emit::emit)
}

/// Runs the pipeline with `emit` as the target (the SDK or the CLI). On mistakes returns what
/// could be generated together with every diagnostic, in file order.
pub fn generate_with(
    text: &str,
    emit: Emit,
) -> Result<TokenStream, (TokenStream, Vec<diag::Diagnostic>)> {
    let (spec, mut diags) = spec::parse(text);
    let Some(spec) = spec else {
        return Err((TokenStream::new(), diags));
    };
    let (ir, more) = validate::validate(&spec);
    diags.extend(more);
    let tokens = emit(&ir);
    if diags.is_empty() {
        Ok(tokens)
    } else {
        diags.sort_by_key(|d| (d.line, d.column));
        Err((tokens, diags))
    }
}
