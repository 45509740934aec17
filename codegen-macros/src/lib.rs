//! `contango-macros`: generates contango's typed API from a YAML spec at compile time.
//!
//! Pipeline, one direction: [`source`] (read the file) -> [`yaml`] (a located YAML tree) ->
//! [`spec`] (the strict model, read by [`read`] against the shapes of [`schema`]) -> [`validate`]
//! (every mistake collected, lowered to [`ir`]) -> [`emit`] (tokens), run as one function of the
//! text by [`pipeline`]. Only this file touches `proc_macro`; everything else is `proc_macro2`,
//! unit-testable and benchmarked (`benches/expansion.rs`).

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

#[cfg(test)]
use pipeline::generate_from;
use pipeline::{Emit, generate_with};
use proc_macro2::{Literal, Span, TokenStream};
use quote::{quote, quote_spanned};

/// Generates the typed API from a spec file, relative to the invoking crate's `Cargo.toml`:
/// `contango::generate!("spec/futures.yaml");`
///
/// Every mistake in the spec is a compile error pointing at this call, of the form
/// `spec/futures.yaml:12:5: endpoints.new_order.body.leverage: unknown type `i33` (did you mean `i32`?); ...`.
#[proc_macro]
pub fn generate(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand_call(input, emit::emit, true)
}

/// Generates the command line of a spec (the `contango` binary's subcommands), the second
/// expansion of the same IR: `contango_macros::generate_cli!("../spec/futures.yaml");` in a
/// module where the items of `generate!` for the same spec are in scope. Only the CLI crate
/// expands it, so the SDK's users never compile clap. Spec mistakes are reported exactly as by
/// `generate!`.
#[proc_macro]
pub fn generate_cli(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand_call(input, emit::cli::emit, false)
}

/// One macro call: the path literal, the file, the expansion by `emit`, the file tracked (the
/// SDK's, `sdk`, keeps its text).
fn expand_call(input: proc_macro::TokenStream, emit: Emit, sdk: bool) -> proc_macro::TokenStream {
    let lit: syn::LitStr = match syn::parse(input) {
        Ok(l) => l,
        Err(e) => return e.to_compile_error().into(),
    };
    let source = match source::load(&lit.value()) {
        Ok(s) => s,
        Err(msg) => return syn::Error::new(lit.span(), msg).to_compile_error().into(),
    };
    let abs = source.absolute.to_string_lossy().into_owned();
    let display = &source.display;
    let body = expand(&source.text, display, lit.span(), emit);
    // The SDK keeps the spec's text (which also makes editing it recompile the crate): drift
    // patches are made against it. The CLI's expansion only tracks the file; it names the SDK's.
    let spec = if sdk {
        quote! {
            /// The text of the spec this API was generated from; drift patches
            /// (`contango_runtime::drift::spec_yaml::patch`) are made against it.
            pub const SPEC_YAML: &str = include_str!(#abs);
            /// The spec file as named in the `generate!` call.
            pub const SPEC_FILE: &str = #display;
        }
    } else {
        quote!(
            const _: &[u8] = include_bytes!(#abs);
        )
    };
    quote! {
        #spec
        #body
    }
    .into()
}

/// The whole expansion of a spec text by `emit`: the generated items, preceded by one `compile_error!` per
/// spec mistake, each pointing at `span` (the path literal of the call). Items that could be
/// generated are still emitted, so one typo does not bury the user under follow-on errors.
fn expand(text: &str, display: &str, span: Span, emit: Emit) -> TokenStream {
    match generate_with(text, emit) {
        Ok(tokens) => tokens,
        Err((partial, diags)) => {
            let errors = diags.iter().map(|d| {
                let mut msg = Literal::string(&d.render(display));
                msg.set_span(span);
                quote_spanned!(span=> ::core::compile_error!{ #msg })
            });
            quote!(#(#errors)* #partial)
        }
    }
}

#[cfg(test)]
mod schema_tests;
#[cfg(test)]
mod snapshot;
#[cfg(test)]
mod tests;
