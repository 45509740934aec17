//! Market-stream frames the way the market stream reads them: `decode_market_frame` inflates a
//! gzip binary frame within the size limit, reads the envelope once, and answers a heartbeat,
//! routes an answer, reports a refusal, or decodes a data frame into `MarketEvent`.

#![no_main]

#[allow(dead_code)]
#[path = "../harness.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    harness::market(data);
});
