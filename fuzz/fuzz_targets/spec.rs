//! The spec loader (contango-codegen's pipeline: YAML -> spec model -> validation -> code) on
//! arbitrary text, through the same `generate` the macros and the unit tests call, for both
//! targets: the SDK and the command line. A spec accepted without a diagnostic must expand to
//! valid Rust; a rejected one must carry at least one diagnostic.

#![no_main]

use contango_codegen::{Target, generate};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for target in [Target::Sdk, Target::Cli] {
        match generate(text, target) {
            Ok(tokens) => {
                if let Err(e) = syn::parse2::<syn::File>(tokens) {
                    panic!("a spec without mistakes expanded to invalid Rust ({target:?}): {e}");
                }
            }
            Err(rejected) => {
                assert!(
                    !rejected.diagnostics.is_empty(),
                    "an error without a diagnostic ({target:?})"
                );
                let _ = rejected.partial.to_string();
            }
        }
    }
});
