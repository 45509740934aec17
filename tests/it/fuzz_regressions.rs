//! Hostile input, as ordinary tests: what the fuzz targets (`fuzz/`, run by `scripts/fuzz.sh`)
//! check, replayed on every `cargo test` through the same harness (`fuzz/harness.rs`).
//!
//! - Every input saved in `fuzz/regressions/<target>/` (minimised crash inputs, see
//!   `fuzz/README.md`) replays without a panic.
//! - Every real-world payload, whole and truncated, goes through every endpoint's envelope
//!   decoding at several statuses, every response type and the event decoder.
//! - Named shapes a hostile server can send (deep nesting, huge numbers, long strings, sizes
//!   that are claimed but not there) decode to a typed error, never a panic or a large allocation.
//!
//! When the fuzzer finds a crash, its minimised input becomes a named test here (feed the bytes
//! through the harness function of its target, assert the typed error) and a file in
//! `fuzz/regressions/<target>/`.

#[allow(dead_code)]
#[path = "../../fuzz/harness.rs"]
mod harness;

use std::path::{Path, PathBuf};

use contango::*;
use contango_runtime::error::Error;
use contango_runtime::wire::envelope::decode;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .collect(),
        Err(_) => Vec::new(),
    };
    out.sort();
    out
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

/// The published `.txt` samples as JSON, repaired as `fuzz/build_corpus.py` does.
fn repaired(name: &str, text: String) -> String {
    if !name.ends_with(".txt") {
        return text;
    }
    text.lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
        .replace('\'', "\"")
        .replace("None", "null")
        .replace("True", "true")
        .replace("False", "false")
}

#[test]
fn saved_regression_inputs_replay_without_panic() {
    let dir = root().join("fuzz/regressions");
    let mut replayed = 0;
    for (target, run) in [
        ("envelope", harness::envelope as fn(&[u8])),
        ("responses", harness::response),
        ("stream", stream_frame),
        ("market", harness::market),
        ("recording", harness::recording),
    ] {
        for p in files(&dir.join(target)) {
            run(&read(&p));
            replayed += 1;
        }
    }
    // The spec target's inputs replay in the macro crate's unit tests.
    eprintln!("replayed {replayed} saved fuzz inputs");
}

/// The envelope target's endpoints are the spec's (the generated `each_endpoint`): exactly the
/// names of `ENDPOINTS`, in its order, so an envelope selector means the endpoint at that index of
/// the spec, and each selector fits its five bits.
#[test]
fn the_harness_endpoints_are_the_generated_table_in_order() {
    let harness: Vec<&str> = harness::endpoints().iter().map(|(name, _)| *name).collect();
    let generated: Vec<&str> = ENDPOINTS.iter().map(|m| m.name).collect();
    assert_eq!(harness, generated);
    assert!(harness.len() <= 32, "{} endpoints", harness.len());
    for (i, name) in harness.iter().enumerate() {
        for status in 0..8 {
            let sel = harness::envelope_selector(name, status).expect("a selector");
            assert_eq!((usize::from(sel & 0x1f), sel >> 5), (i, status), "{name}");
        }
    }
}

/// The `stream` target's layout (byte 0 bit 0: binary frame) for what is public: a text frame
/// goes to `Event::decode`; binary (gzip) frames are inflated by the runtime's private frame
/// code, which only the fuzz target compiles in.
fn stream_frame(data: &[u8]) {
    if let Some((&sel, rest)) = data.split_first() {
        if sel & 1 == 0 || !rest.starts_with(&[0x1f, 0x8b]) {
            harness::event(rest);
        }
    }
}

#[test]
fn real_world_payloads_whole_and_truncated_never_panic() {
    let dir = root().join("../shared/fixtures/real-world");
    let mut seen = 0;
    for p in files(&dir) {
        let name = p
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        if !(name.ends_with(".json") || name.ends_with(".txt")) {
            continue;
        }
        let text = String::from_utf8_lossy(&read(&p)).into_owned();
        let body = repaired(&name, text).into_bytes();
        seen += 1;
        // Whole, and cut at a few places (a connection dropped mid-body).
        let cuts = [body.len(), body.len() / 2, body.len() / 3, 1];
        for cut in cuts {
            let part = &body[..cut.min(body.len())];
            for (i, _) in harness::endpoints().iter().enumerate() {
                for status in [0_u8, 4, 7] {
                    let sel = status << 5 | u8::try_from(i).unwrap_or(0);
                    harness::envelope(&[&[sel][..], part].concat());
                }
            }
            for i in 0..harness::RESPONSES.len() {
                harness::response(&[&[u8::try_from(i).unwrap_or(0)][..], part].concat());
            }
            harness::event(part);
            harness::market(part);
        }
    }
    assert!(
        seen >= 60,
        "expected the real-world payloads in {}",
        dir.display()
    );
}

/// A recording holding every real-world payload (answers and frames) is read whole, and cut
/// anywhere (a crash mid-write) it is read or refused at a line it has, never a panic.
#[test]
fn a_recording_of_every_payload_reads_and_cut_anywhere_never_panics() {
    let dir = root().join("../shared/fixtures/real-world");
    let mut lines = vec![serde_json::json!({
        "contango_recording": 1, "started_ms": 1_764_000_000_000_i64, "client": "contango/0.1.0"
    })];
    lines.push(serde_json::json!({
        "at": 0, "kind": "connect", "conn": 1, "stream": "market", "url": "ws://h/kline-api/ws"
    }));
    for (at, p) in files(&dir).iter().enumerate() {
        let name = p
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        if !(name.ends_with(".json") || name.ends_with(".txt")) {
            continue;
        }
        let text = repaired(&name, String::from_utf8_lossy(&read(p)).into_owned());
        lines.push(
            if name.starts_with("ws_") || name.starts_with("probe_ws_") {
                serde_json::json!({"at": at, "kind": "frame", "conn": 1, "dir": "in", "text": text})
            } else {
                serde_json::json!({"at": at, "kind": "http", "endpoint": name, "method": "GET",
                "path": "/x", "status": 200, "response": text})
            },
        );
    }
    let file: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let read = contango::recording::Recording::parse(file.as_bytes()).expect("reads whole");
    assert_eq!(read.entries.len(), lines.len() - 1);
    let bytes = file.as_bytes();
    for cut in (0..bytes.len()).step_by(97).chain([bytes.len() - 1]) {
        harness::recording(&bytes[..cut]);
    }
}

/// `body` at status 200 through every endpoint (the harness checks its invariants), and a typed
/// error, not a value, from the wrapped endpoints of several shapes (record, list, one-or-many,
/// listen key).
fn refused_everywhere(body: &[u8]) {
    for (name, _) in harness::endpoints() {
        let sel = harness::envelope_selector(name, 0).unwrap_or(0);
        harness::envelope(&[&[sel][..], body].concat());
    }
    for wrapped in [
        decode::<AccountRequest>(200, body).map(|_| ()),
        decode::<OpenOrdersRequest>(200, body).map(|_| ()),
        decode::<QueryOrderRequest>(200, body).map(|_| ()),
        decode::<NewOrderRequest>(200, body).map(|_| ()),
        decode::<CreateListenKeyRequest>(200, body).map(|_| ()),
    ] {
        match wrapped {
            Err(Error::Decode { .. } | Error::Http { .. } | Error::Api { .. }) => {}
            other => panic!("expected a typed error, got {other:?}"),
        }
    }
}

#[test]
fn nesting_far_deeper_than_any_answer_is_a_decode_error() {
    // serde_json stops at 128 levels; none of this may overflow the stack.
    let deep = 100_000;
    for body in [
        "[".repeat(deep),
        "{\"a\":".repeat(deep),
        format!("{{\"code\":0,\"data\":{}", "[".repeat(deep)),
        format!("{{\"code\":0,\"msg\":{}", "{\"m\":".repeat(deep)),
        format!(
            "{{\"code\":{}",
            "{\"$serde_json::private::Number\":".repeat(deep)
        ),
    ] {
        refused_everywhere(body.as_bytes());
        assert!(Event::decode(body.as_bytes()).is_err());
        assert!(serde_json::from_slice::<Account>(body.as_bytes()).is_err());
    }
}

#[test]
fn huge_numbers_and_strings_are_errors_or_exact() {
    let digits = "9".repeat(100_000);
    for body in [
        format!("{{\"code\":0,\"data\":{{\"orderId\":{digits}}}}}"),
        format!("{{\"code\":0,\"data\":{{\"orderId\":\"{digits}\"}}}}"),
        format!("{{\"code\":{digits},\"msg\":\"x\"}}"),
        format!("{{\"code\":\"0\",\"data\":{{\"orderId\":1e{digits}}}}}"),
        format!("{{\"code\":\"0\",\"data\":{{\"orderId\":1e-{digits}}}}}"),
    ] {
        refused_everywhere(body.as_bytes());
    }
    // A decimal with an exponent far out of range is refused, not expanded.
    for price in [
        "1e999999999",
        "1e-999999999",
        "1e9223372036854775807",
        "-1e-9223372036854775808",
    ] {
        let json = format!("{{\"price\":{price},\"quantity\":1}}");
        assert!(
            serde_json::from_str::<PriceLevel>(&json).is_err(),
            "{price}"
        );
        let json = format!("[[\"{price}\",1]]");
        assert!(
            serde_json::from_str::<Vec<PriceLevel>>(&json).is_err(),
            "{price}"
        );
    }
    // Zero keeps its (capped) scale whatever the exponent claims.
    let level: PriceLevel =
        serde_json::from_str("[\"0e-999999999\",1]").unwrap_or_else(|e| panic!("{e}"));
    assert!(level.price.is_zero());
    // A long string is kept as sent (its length is the input's, nothing more).
    let long = "x".repeat(1 << 20);
    // (The user-stream table's success code is 200.)
    let body = format!("{{\"code\":200,\"data\":{{\"listenKey\":\"{long}\"}}}}");
    match decode::<CreateListenKeyRequest>(200, body.as_bytes()) {
        Ok(k) => assert_eq!(k.listen_key.len(), long.len()),
        Err(e) => panic!("{e}"),
    }
    // An error page of a megabyte is cut to 200 characters.
    let page = format!("<html>{}</html>", "é".repeat(1 << 20));
    match decode::<AccountRequest>(502, page.as_bytes()) {
        Err(Error::Http { body, .. }) => assert_eq!(body.chars().count(), 200),
        other => panic!("{other:?}"),
    }
}

#[test]
fn claimed_sizes_are_not_trusted() {
    // JSON carries no length prefixes; the places that pre-allocate use the parser's size hint,
    // capped (runtime/src/wire/de/list.rs), and the stream inflates gzip within `max_frame_bytes`
    // (runtime/src/stream/engine/frame.rs, fuzzed by the `stream` target). What an input can claim:
    // a gzip trailer's size, a scale or exponent, a count field.
    // A gzip member whose trailer claims 4 GiB, handed to the event decoder as it is (the stream
    // inflates before decoding; undecodable bytes are an error either way).
    let mut gzip_claiming_4gib = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff, 3, 0];
    gzip_claiming_4gib.extend_from_slice(&[0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]);
    assert!(Event::decode(&gzip_claiming_4gib).is_err());
    harness::event(&gzip_claiming_4gib);
    // Counts where lists belong.
    for body in [
        r#"{"code":0,"data":{"contractName":"E","brackets":{"length":4294967295}}}"#,
        r#"{"code":0,"data":[{"orderId":1,"childOrders":{"len":18446744073709551615}}]}"#,
        r#"{"code":0,"data":{"account":[{"positionVos":[{"positions":4294967295}]}]}}"#,
    ] {
        refused_everywhere(body.as_bytes());
    }
}

#[test]
fn events_of_any_shape_are_typed_errors_or_kept_raw() {
    for frame in [
        &b""[..],
        b"\xff\xfe\x00",
        b"{\"e\":null}",
        b"{\"e\":1}",
        b"{\"e\":\"ORDER_TRADE_UPDATE\"}",
        b"{\"e\":\"ORDER_TRADE_UPDATE\",\"o\":[]}",
        b"{\"e\":\"ACCOUNT_UPDATE\",\"a\":{\"B\":{},\"P\":null}}",
        b"{\"e\":\"executionReport\",\"E\":\"x\"}",
        b"{\"e\":\"\\ud800\"}",
        b"{\"e\":\"NEW_TYPE\",\"x\":\"\xff\"}",
    ] {
        harness::event(frame);
    }
    match Event::decode(br#"{"e":"NEW_TYPE","E":1}"#) {
        Ok(Event::Other { event_type, raw }) => {
            assert_eq!(event_type, "NEW_TYPE");
            assert_eq!(raw, r#"{"e":"NEW_TYPE","E":1}"#);
        }
        other => panic!("{other:?}"),
    }
}
