//! HTTP answers of every endpoint (wrapped and bare) through the runtime's envelope decoding.
//! Byte 0 picks the endpoint and the status; see `fuzz/harness.rs`.

#![no_main]

#[allow(dead_code)]
#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::envelope(data));
