//! One macro call: the path literal, the spec file, the expansion, and every mistake as a
//! `compile_error!` pointing at the call.

use crate::pipeline::{Rejected, generate};
use crate::source;
use crate::target::Target;
use proc_macro2::{Literal, Span, TokenStream};
use quote::{quote, quote_spanned};

/// Expands a macro call whose input is the spec's path, relative to the invoking crate's
/// `Cargo.toml` (`"spec/futures.yaml"`): the generated items of `target`, with the file tracked
/// so that editing it recompiles the crate. The SDK also keeps the spec's text (`SPEC_YAML`,
/// `SPEC_FILE`: drift patches are made against it); the command line only tracks the file.
///
/// Every mistake in the spec is a `compile_error!` pointing at the path literal, of the form
/// `spec/futures.yaml:12:5: endpoints.new_order.body.leverage: unknown type `i33` (did you mean
/// `i32`?)`, followed by what could still be generated.
pub fn expand(input: TokenStream, target: Target) -> TokenStream {
    let lit: syn::LitStr = match syn::parse2(input) {
        Ok(l) => l,
        Err(e) => return e.to_compile_error(),
    };
    let source = match source::load(&lit.value()) {
        Ok(s) => s,
        Err(msg) => return syn::Error::new(lit.span(), msg).to_compile_error(),
    };
    let abs = source.absolute.to_string_lossy().into_owned();
    let display = &source.display;
    let body = located(&source.text, display, lit.span(), target);
    let spec = match target {
        Target::Sdk => quote! {
            /// The text of the spec this API was generated from; drift patches
            /// (`contango drift --patch`) are made against it.
            pub const SPEC_YAML: &str = include_str!(#abs);
            /// The spec file as named in the `generate!` call.
            pub const SPEC_FILE: &str = #display;
        },
        // The CLI's expansion names the SDK's `SPEC_YAML`.
        Target::Cli => quote!(
            const _: &[u8] = include_bytes!(#abs);
        ),
    };
    quote! {
        #spec
        #body
    }
}

/// The expansion of a spec text: the generated items, preceded by one `compile_error!` per
/// mistake, each pointing at `span` (the path literal of the call).
fn located(text: &str, display: &str, span: Span, target: Target) -> TokenStream {
    match generate(text, target) {
        Ok(tokens) => tokens,
        Err(Rejected {
            partial,
            diagnostics,
        }) => {
            let errors = diagnostics.iter().map(|d| {
                let mut msg = Literal::string(&d.render(display));
                msg.set_span(span);
                quote_spanned!(span=> ::core::compile_error!{ #msg })
            });
            quote!(#(#errors)* #partial)
        }
    }
}
