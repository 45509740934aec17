//! `contango-macros`: generates contango's typed API from a YAML spec at compile time.
//!
//! Pipeline, one direction: [`source`] (read the file) -> [`spec`] (strict serde model) ->
//! [`validate`] (every mistake collected, lowered to [`ir`]) -> [`emit`] (tokens). Only this file
//! touches `proc_macro`; everything else is `proc_macro2` and unit-testable.

mod diag;
mod emit;
mod ir;
mod naming;
mod source;
mod spec;
mod validate;

use proc_macro2::TokenStream;
use quote::quote;

/// Generates the typed API from a spec file, relative to the invoking crate's `Cargo.toml`:
/// `contango::generate!("spec/futures.yaml");`
#[proc_macro]
pub fn generate(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let lit: syn::LitStr = match syn::parse(input) {
        Ok(l) => l,
        Err(e) => return e.to_compile_error().into(),
    };
    let source = match source::load(&lit.value()) {
        Ok(s) => s,
        Err(msg) => return syn::Error::new(lit.span(), msg).to_compile_error().into(),
    };
    let abs = source.absolute.to_string_lossy().into_owned();
    let body = expand(&source.text, &source.display);
    quote! {
        // Tracks the spec file: editing it recompiles the crate.
        const _: &[u8] = include_bytes!(#abs);
        #body
    }
    .into()
}

/// The whole expansion of a spec text: the generated items, preceded by one `compile_error!` per
/// spec mistake. Items that could be generated are still emitted, so one typo does not bury the
/// user under follow-on errors.
pub(crate) fn expand(text: &str, display: &str) -> TokenStream {
    match generate_from(text) {
        Ok(tokens) => tokens,
        Err((partial, diags)) => {
            let errors = diags.iter().map(|d| {
                let msg = d.render(display);
                quote!(::core::compile_error!(#msg);)
            });
            quote!(#(#errors)* #partial)
        }
    }
}

/// Runs the pipeline. On mistakes returns what could be generated together with every diagnostic.
pub(crate) fn generate_from(
    text: &str,
) -> Result<TokenStream, (TokenStream, Vec<diag::Diagnostic>)> {
    if text.trim().is_empty() {
        return Err((
            TokenStream::new(),
            vec![diag::Diagnostic::new(
                serde_saphyr::Location::UNKNOWN,
                "",
                "the spec file is empty; expected a map with `info`, `auth`, `products`, `error_tables` and `endpoints`",
            )],
        ));
    }
    let spec = match spec::parse(text) {
        Ok(s) => s,
        Err(e) => return Err((TokenStream::new(), vec![syntax_diag(&e)])),
    };
    let (ir, diags) = validate::validate(&spec);
    let tokens = emit::emit(&ir);
    if diags.is_empty() {
        Ok(tokens)
    } else {
        Err((tokens, diags))
    }
}

/// A parser error as a diagnostic: its location, and its first line without the repeated position.
fn syntax_diag(e: &serde_saphyr::Error) -> diag::Diagnostic {
    let loc = e.location().unwrap_or(serde_saphyr::Location::UNKNOWN);
    let full = e.to_string();
    let first = full.lines().next().unwrap_or_default();
    let msg = first.strip_prefix("error: ").unwrap_or(first);
    let msg = match msg.split_once(": ") {
        Some((head, rest)) if head.starts_with("line ") => rest,
        _ => msg,
    };
    diag::Diagnostic::new(loc, "", msg.to_string())
}

#[cfg(test)]
mod tests;
