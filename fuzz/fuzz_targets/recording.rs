//! Recording files (`contango --record`, `contango_sim::Replay`) through their reader: any
//! bytes are read or refused with their line, never a panic.

#![no_main]

#[allow(dead_code)]
#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::recording(data));
