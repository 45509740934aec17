//! The spec loader (contango-macros' pipeline: YAML -> spec model -> validation -> code) on
//! arbitrary text, through the same `generate_from` the macro and its unit tests call.
//! A spec accepted without a diagnostic must expand to valid Rust.

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match contango_spec_pipeline::generate_from(text) {
        Ok(tokens) => {
            if let Err(e) = syn::parse2::<syn::File>(tokens) {
                panic!("a spec without mistakes expanded to invalid Rust: {e}");
            }
        }
        Err((partial, diags)) => {
            assert!(!diags.is_empty(), "an error without a diagnostic");
            let _ = partial.to_string();
        }
    }
});
