//! Drift of the streams' frames: the private stream's events, the market stream's pushes and
//! the answers to its requests. Only with the runtime's `streams` feature, as the streams.

use serde_json::Value;

use super::observe::check;
use super::walk::walk;
use super::{DriftLog, Finding, FindingKind, sample};
use crate::stream::{MarketApi, StreamApi};

/// Decodes one private-stream data frame ([`StreamApi::decode`]) and notes its drift: an event
/// type the spec does not list, or what its event holds that the spec does not describe.
///
/// The check runs when the decode noticed something ([`super::notice`]: an unknown key or event
/// type, a form the direct reader left to serde, which includes every failure of the generated
/// decoders). It runs from a guard's drop, after the event is written: the event goes straight
/// into the caller's place, where holding it in a local for a check after the decode cost a copy
/// of the whole event (some 600 bytes, 1.3 % of decoding an `ORDER_TRADE_UPDATE`).
#[inline]
pub fn event<A: StreamApi>(log: &DriftLog, frame: &[u8]) -> Result<A::Event, serde_json::Error> {
    let _check = AfterDecode::<A> {
        log,
        frame,
        api: std::marker::PhantomData,
    };
    A::decode(frame)
}

/// Checks a decoded frame for drift when dropped, if its decode noticed anything.
struct AfterDecode<'a, A: StreamApi> {
    log: &'a DriftLog,
    frame: &'a [u8],
    api: std::marker::PhantomData<A>,
}

impl<A: StreamApi> Drop for AfterDecode<'_, A> {
    #[inline]
    fn drop(&mut self) {
        if super::take() {
            event_drift::<A>(self.log, self.frame);
        }
    }
}

// Off the hot path: only a frame that was noticed (or failed) comes here.
#[cold]
#[inline(never)]
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
#[cold]
#[inline(never)]
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

/// Decodes one market frame as received (gzip or text), as the stream does, and notes its
/// drift in `log`.
pub fn market_frame<A: MarketApi>(
    log: &DriftLog,
    bytes: &[u8],
) -> Result<crate::stream::MarketMessage<A::Event>, crate::stream::StreamError> {
    crate::stream::decode_market_frame_noting::<A>(log, bytes)
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
