//! The private stream's control messages: its subscription, the server's pings (answered with
//! the same `ts`) and the subscription's acknowledgement, told apart from data frames without
//! parsing a data frame at all.
//!
//! [`Control`] is the engine's (`stream::engine::frame`), named through `super`: the user
//! stream's module, or the fuzz target that compiles this file in beside the engine's frame
//! reading (`fuzz/fuzz_targets/stream.rs`).

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::value::RawValue;

use super::Control;

#[derive(Deserialize)]
struct Envelope<'a> {
    #[serde(borrow, default)]
    event: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    ts: Option<&'a RawValue>,
    #[serde(borrow, default)]
    status: Option<Cow<'a, str>>,
}

/// The subscribe message for `channel`.
pub(crate) fn subscribe(channel: &str) -> String {
    let channel = serde_json::Value::String(channel.to_owned());
    format!(r#"{{"event":"sub","params":{{"channel":{channel}}}}}"#)
}

/// Classifies a frame of the private stream. Data frames (no `"event"` key) are not parsed here
/// at all.
pub(crate) fn classify(frame: &[u8], channel: &str, now_ms: i64) -> Control {
    if !contains(frame, b"\"event\"") {
        return Control::Data;
    }
    let Ok(env) = serde_json::from_slice::<Envelope<'_>>(frame) else {
        return Control::Data;
    };
    match env.event.as_deref() {
        Some("ping") => Control::Ping(pong(env.ts, now_ms)),
        Some(e) if e == channel && env.status.is_some() => Control::Ack {
            ok: env
                .status
                .as_deref()
                .is_some_and(|s| s.eq_ignore_ascii_case("ok")),
        },
        _ => Control::Data,
    }
}

/// `{"event":"pong","ts":"<ts>"}` with the ping's `ts` as sent: a JSON string is echoed verbatim,
/// a number as a string of the same digits; without a usable `ts`, the current time.
fn pong(ts: Option<&RawValue>, now_ms: i64) -> String {
    let raw = ts.map(RawValue::get).unwrap_or_default();
    let ts = if raw.starts_with('"') {
        raw.to_owned()
    } else if !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
        format!("\"{raw}\"")
    } else {
        format!("\"{now_ms}\"")
    };
    format!(r#"{{"event":"pong","ts":{ts}}}"#)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const CH: &str = "user_account_update";

    #[test]
    fn subscribe_message_is_the_documented_one() {
        assert_eq!(
            subscribe(CH),
            r#"{"event":"sub","params":{"channel":"user_account_update"}}"#
        );
    }

    #[test]
    fn ping_is_answered_with_the_same_ts() {
        let ping = br#"{"event":"ping","ts":"1635221621062"}"#;
        assert_eq!(
            classify(ping, CH, 5),
            Control::Ping(r#"{"event":"pong","ts":"1635221621062"}"#.into())
        );
        let numeric = br#"{"ts":1635221621062,"event":"ping"}"#;
        assert_eq!(
            classify(numeric, CH, 5),
            Control::Ping(r#"{"event":"pong","ts":"1635221621062"}"#.into())
        );
        let none = br#"{"event":"ping"}"#;
        assert_eq!(
            classify(none, CH, 42),
            Control::Ping(r#"{"event":"pong","ts":"42"}"#.into())
        );
        let odd = br#"{"event":"ping","ts":{"x":1}}"#;
        assert_eq!(
            classify(odd, CH, 42),
            Control::Ping(r#"{"event":"pong","ts":"42"}"#.into())
        );
    }

    #[test]
    fn acks_and_data() {
        let ack = br#"{"event":"user_account_update","status":"ok","ts":1689568979259}"#;
        assert_eq!(classify(ack, CH, 0), Control::Ack { ok: true });
        let nack = br#"{"event":"user_account_update","status":"fail"}"#;
        assert_eq!(classify(nack, CH, 0), Control::Ack { ok: false });
        let data = br#"{"e":"ORDER_TRADE_UPDATE","E":1,"o":{}}"#;
        assert_eq!(classify(data, CH, 0), Control::Data);
        assert_eq!(classify(b"not json \"event\"", CH, 0), Control::Data);
        assert_eq!(classify(br#"{"event":"other"}"#, CH, 0), Control::Data);
    }
}
