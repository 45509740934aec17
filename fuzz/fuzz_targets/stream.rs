//! Private-stream frames the way the stream reads them: a binary frame is gzip-inflated within
//! the size limit, classified (ping, subscription ack, data), and a data frame is decoded by
//! `Event::decode`. The frame functions are the runtime's own: the engine's frame reading
//! (`stream/engine/frame.rs`) and the private stream's control messages
//! (`stream/user/control.rs`), compiled in here because the modules are private to the runtime.
//!
//! Byte 0 bit 0 set: the rest is a binary frame (inflated when it starts with the gzip magic);
//! otherwise the rest is a text frame.

#![no_main]

#[allow(dead_code)]
#[path = "../harness.rs"]
mod harness;

#[allow(dead_code)]
#[path = "../../runtime/src/stream/engine/frame.rs"]
mod frame;

/// The private stream's control messages name `Control` through their parent, as in the runtime.
use frame::Control;

#[allow(dead_code)]
#[path = "../../runtime/src/stream/user/control.rs"]
mod control;

/// The inflation limit under test: small, so the fuzzer reaches it (the default is 4 MiB).
const MAX_FRAME: usize = 64 * 1024;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    if sel & 1 == 1 {
        // Err: refused (corrupt, or past the limit); the reader never sees it.
        let _ = frame::with_payload(rest, MAX_FRAME, |p| read(p, rest.len()));
    } else {
        read(rest, rest.len());
    }
});

fn read(payload: &[u8], received: usize) {
    assert!(
        payload.len() <= MAX_FRAME.max(received),
        "inflated beyond the limit"
    );
    let _ = frame::identity(payload);
    assert!(frame::preview(payload).chars().count() <= 257);
    match control::classify(payload, contango::Event::CHANNEL, 1) {
        Control::Ping(pong) => {
            // The pong is JSON.
            serde_json::from_str::<serde_json::Value>(&pong).expect("pong is JSON");
        }
        Control::Ack { .. } | Control::Refused(_) | Control::Consumed => {}
        Control::Data => harness::event(payload),
    }
}
