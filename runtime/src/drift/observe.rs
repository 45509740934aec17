//! The decode entry points that also watch for drift: REST answers, private-stream events and
//! market frames. Each decodes as before, then reads the thread's flag ([`super::take`]); the walk
//! runs only when it was set or the decode failed.

use serde_json::Value;

use super::walk::walk;
use super::{DriftLog, Finding, FindingKind, sample};
use crate::endpoint::{Endpoint, Envelope};
use crate::envelope;
use crate::error::{ApiCode, Error};
use crate::stream::{MarketApi, StreamApi};

/// Decodes the answer of `E` ([`envelope::decode`]) and notes in `log` what it holds that the
/// spec does not describe: an unknown field, enum value or error code, a missing field, a
/// mismatched type.
pub fn answer<E: Endpoint>(
    log: &DriftLog,
    status: u16,
    body: &[u8],
) -> Result<E::Response, Error<E::Code>> {
    let result = envelope::decode::<E>(status, body);
    let noticed = super::take();
    match &result {
        Ok(_) if !noticed => {}
        Ok(_) | Err(Error::Decode { .. }) => answer_data::<E>(log, body),
        Err(Error::Api { code, message, .. }) if !code.is_known() => {
            log.note(Finding {
                kind: FindingKind::UnknownErrorCode,
                endpoint: E::META.name.to_owned(),
                path: String::new(),
                wire: code.code().to_string(),
                sample: None,
                suggested_type: None,
                spec_type: Some(E::META.error_table.to_owned()),
                message: Some(message.clone()),
                count: 0,
            });
        }
        Err(_) => {}
    }
    result
}

fn answer_data<E: Endpoint>(log: &DriftLog, body: &[u8]) {
    let Ok(v) = serde_json::from_slice::<Value>(body) else {
        return;
    };
    let data = match E::META.envelope {
        Envelope::Bare => Some(&v),
        Envelope::Wrapped => v.get("data"),
    };
    if let Some(data) = data {
        check(log, E::META.name, E::META.name, data, E::data_ty());
    }
}

/// Decodes one private-stream data frame ([`StreamApi::decode`]) and notes its drift: an event
/// type the spec does not list, or what its event holds that the spec does not describe.
pub fn event<A: StreamApi>(log: &DriftLog, frame: &[u8]) -> Result<A::Event, serde_json::Error> {
    let result = A::decode(frame);
    if super::take() || result.is_err() {
        event_drift::<A>(log, frame);
    }
    result
}

fn event_drift<A: StreamApi>(log: &DriftLog, frame: &[u8]) {
    // Steady drift (the same unlisted event again and again) is sampled before any parse.
    if !log.should_check("stream") {
        return;
    }
    let Ok(v) = serde_json::from_slice::<Value>(frame) else {
        return;
    };
    let Some(tag) = v.get(A::TAG).and_then(Value::as_str) else {
        return;
    };
    match A::event_ty(tag) {
        Some((name, ty)) => {
            let mut new = false;
            walk(name, &v, ty, &mut |f| new |= log.note(f));
            log.checked("stream", new);
        }
        None => {
            let new = log.note(unlisted(FindingKind::UnknownEvent, "stream", tag, &v));
            log.checked("stream", new);
        }
    }
}

/// Notes the drift of one market frame (already inflated) after its decode: called with the
/// decode's own flag read ([`super::take`]) or failure.
pub(crate) fn market_drift<A: MarketApi>(log: &DriftLog, bytes: &[u8]) {
    let Ok(v) = serde_json::from_slice::<Value>(bytes) else {
        return;
    };
    let Some(channel) = v.get("channel").and_then(Value::as_str) else {
        return;
    };
    let tick = v.get("tick").unwrap_or(&Value::Null);
    match A::channel_ty(channel) {
        Some(_) if tick.is_null() => {}
        Some((name, ty)) => check(log, "market_stream", name, tick, ty),
        None => {
            log.note(unlisted(
                FindingKind::UnknownChannel,
                "market_stream",
                channel,
                tick,
            ));
        }
    }
}

/// Notes the drift of the `data` list answering a market-stream request (`req`) on channel
/// `channel`, whose items are `T`.
pub fn reply<A: MarketApi, T: super::Schema>(log: &DriftLog, channel: &str, data: &[u8]) {
    if !log.should_check("market_request") {
        return;
    }
    let Ok(v) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let name = A::channel_ty(channel).map_or("market_request", |(key, _)| key);
    let mut new = false;
    walk(name, &v, <Vec<T> as super::Schema>::ty(), &mut |f| {
        new |= log.note(f)
    });
    log.checked("market_request", new);
}

/// Walks `v` as `ty` for `name` (the endpoint, event or channel) unless `source`'s steady drift
/// is being sampled ([`DriftLog::should_check`]).
fn check(log: &DriftLog, source: &'static str, name: &str, v: &Value, ty: crate::drift::Ty) {
    if !log.should_check(source) {
        return;
    }
    let mut new = false;
    walk(name, v, ty, &mut |f| new |= log.note(f));
    log.checked(source, new);
}

/// Decodes one market frame as received (gzip or text), as the stream does, and notes its
/// drift in `log`.
pub fn market_frame<A: MarketApi>(
    log: &DriftLog,
    bytes: &[u8],
) -> Result<crate::stream::MarketMessage<A::Event>, crate::stream::StreamError> {
    crate::stream::market_stream_noting::<A>(log, bytes)
}

fn unlisted(kind: FindingKind, source: &str, wire: &str, v: &Value) -> Finding {
    Finding {
        kind,
        endpoint: source.to_owned(),
        path: String::new(),
        wire: wire.to_owned(),
        sample: Some(sample(v)),
        suggested_type: None,
        spec_type: None,
        message: None,
        count: 0,
    }
}
