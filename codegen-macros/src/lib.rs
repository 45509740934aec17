//! `contango-macros`: generates contango's typed API and command line from a YAML spec at compile
//! time. Each macro is one call into `contango-codegen`, the library that holds the generator (a
//! proc-macro crate can export nothing but macros; the library is what the benchmark, the fuzz
//! targets and the tests link).

use contango_codegen::{Target, expand};

/// Generates the typed API from a spec file, relative to the invoking crate's `Cargo.toml`:
/// `contango::generate!("spec/futures.yaml");`
///
/// Every mistake in the spec is a compile error pointing at this call, of the form
/// `spec/futures.yaml:12:5: endpoints.new_order.body.leverage: unknown type `i33` (did you mean `i32`?); ...`.
#[proc_macro]
pub fn generate(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand(input.into(), Target::Sdk).into()
}

/// Generates the command line of a spec (the `contango` binary's subcommands), the second
/// expansion of the same IR: `contango_macros::generate_cli!("../spec/futures.yaml");` in a
/// module where the items of `generate!` for the same spec are in scope. Only the CLI crate
/// expands it, so the SDK's users never compile clap. Spec mistakes are reported exactly as by
/// `generate!`.
#[proc_macro]
pub fn generate_cli(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    expand(input.into(), Target::Cli).into()
}
