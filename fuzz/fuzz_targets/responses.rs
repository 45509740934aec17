//! Every response, record and enum type of the spec through `serde_json::from_slice`.
//! Byte 0 picks the type; see `fuzz/harness.rs`.

#![no_main]

#[allow(dead_code)]
#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::response(data));
