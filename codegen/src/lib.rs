//! `contango-codegen`: the code generator behind contango's macros, as an ordinary library.
//! `contango::generate!` (the typed SDK) and `contango_cli::generate_cli!` (the command line) are
//! each one call of [`expand()`] in the proc-macro crate `contango-macros`; the benchmark, the fuzz
//! targets and the tests call [`generate`] on a spec's text.
//!
//! Pipeline, one direction: `source` (read the file) -> `yaml` (a located YAML tree) -> `spec`
//! (the strict model, read by `read` against the key declarations of `schema`) -> `validate`
//! (every mistake collected, lowered to `ir`) -> `emit` (tokens; cannot fail), run as one
//! function of the text by [`generate`]. Nothing here touches `proc_macro`: everything is
//! `proc_macro2`, unit-testable and benchmarked (`benches/expansion.rs`). Tools that edit a spec
//! use the first steps alone: [`tree::parse`] (the located tree) and [`check`] (every mistake,
//! nothing generated).
//!
//! ```
//! use contango_codegen::{Target, generate};
//!
//! let spec = r#"
//! info: { title: Example, version: "1", doc: An example interface. }
//! auth: { api_key_header: X-KEY, signature_header: X-SIGN, timestamp_header: X-TS, recv_window_param: recvWindow }
//! products: { usdt_margined: { prefix: /fapi, doc: USDT-margined contracts. } }
//! error_tables: { futures: { success: [0], codes: [] } }
//! endpoints:
//!   ping:
//!     doc: Checks the connection.
//!     method: GET
//!     path: /v1/ping
//!     security: NONE
//!     errors: futures
//!     response: { envelope: bare, data: none }
//! "#;
//! let tokens = generate(spec, Target::Sdk).expect("a valid spec");
//! assert!(tokens.to_string().contains("PingRequest"));
//!
//! let broken = spec.replace("method: GET", "method: GOT");
//! let rejected = generate(&broken, Target::Sdk).expect_err("an unknown HTTP method");
//! assert_eq!(
//!     rejected.diagnostics[0].render("spec.yaml"),
//!     "spec.yaml:9:13: endpoints.ping.method: invalid HTTP method `GOT` (did you mean `GET`?); \
//!      expected one of GET, POST, PUT, DELETE"
//! );
//! ```

// The API is what this file exports; each item of it is documented.
#![warn(missing_docs)]

pub mod cli_names;
mod diag;
mod emit;
mod expand;
mod ir;
mod location;
mod naming;
mod pipeline;
mod read;
mod schema;
mod source;
mod spec;
mod target;
pub mod tree;
mod validate;
mod yaml;

pub use diag::{Diagnostic, Diagnostics};
pub use expand::expand;
#[doc(hidden)]
pub use pipeline::stages;
pub use pipeline::{Rejected, check, generate};
pub use target::Target;

#[cfg(test)]
mod schema_tests;
#[cfg(test)]
mod snapshot;
#[cfg(test)]
mod tests;
