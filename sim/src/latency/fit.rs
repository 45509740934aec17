//! A latency model fitted from a recording of the user's own session (format version 2): each
//! leg an empirical [`Delay`] of what the session measured. Pure: a recording in, samples out.
//!
//! Every exchange time (a private-stream event's `E`, a market frame's `ts`) is put on the
//! recording's clock with the client's clock sample of that moment (the last `clock` line
//! before it, else the first): local = exchange − offset. Then, per order placed (`new_order`)
//! whose first private-stream event is in the recording, matched by order id or client order
//! id:
//!
//! - order entry = that event's time − the request's sending (`at_us`);
//! - response = the answer's arrival (`finished_us`) − that event's time;
//!
//! per successful cancel (`cancel_order`) whose order's cancellation is on the stream, the same
//! split for the cancel leg and the response; and per market-stream frame with a `ts`, market
//! data = its arrival − its `ts`. Without a cancel seen on the stream the cancel leg takes the
//! order-entry samples ([`Fitted::cancel_from_order_entry`]).
//!
//! The split rests on the clock sample: an offset measured at the midpoint of a round trip is
//! off by half the difference between the way there and the way back, and moves order entry and
//! response by that much in opposite directions (their sum is exact). A difference below zero
//! (clock error larger than the leg) counts as zero.

use std::collections::HashMap;
use std::fmt;
use std::time::Duration;

use contango::recording::{Direction, Outcome, Recorded, Recording, VERSION_1};
use contango::{Event, OrderStatus};
use serde_json::Value;

use super::{Delay, Latency, Leg};

/// Why a recording gives no model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FitError {
    /// A recording of the first format: it kept when each request was sent, in whole
    /// milliseconds, but not when its answer arrived, nor the client's clock samples.
    #[error(
        "a version-1 recording cannot be fitted: it has no time an answer arrived (only when \
         each request was sent, in whole milliseconds) and no clock samples; record the \
         session again with this contango (format version 2)"
    )]
    Version1,
    /// No clock sample: the exchange's times cannot be put on the local clock.
    #[error(
        "no clock sample (`clock` line) in the recording: the exchange's times cannot be put \
         on the local clock (a client records one before its first signed request)"
    )]
    NoClockSample,
    /// A leg the model needs has no sample.
    #[error("no {leg} sample in the recording: {why}")]
    NoSamples {
        /// The leg.
        leg: Leg,
        /// What the recording lacks.
        why: &'static str,
    },
}

/// A fitted model and what went into it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitted {
    /// The model: each leg an empirical delay of its samples, seed 1.
    pub latency: Latency,
    /// No cancel's event was on the private stream: the cancel leg is order entry's samples.
    pub cancel_from_order_entry: bool,
    /// How many clock samples put the exchange's times on the local clock.
    pub clock_samples: usize,
}

impl fmt::Display for Fitted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.latency)?;
        if self.cancel_from_order_entry {
            f.write_str(" (no cancel on the private stream: cancel is order entry's samples)")?;
        }
        Ok(())
    }
}

/// What the fit measures, in microseconds (negative before clamping).
#[derive(Debug, Default)]
struct Samples {
    order_entry: Vec<i64>,
    cancel: Vec<i64>,
    response: Vec<i64>,
    market_data: Vec<i64>,
}

/// The clock samples, in order: when (µs since the start) and the offset (exchange − local, µs).
pub(crate) struct Clock(Vec<(u64, i64)>);

impl Clock {
    /// The recording's clock samples (none in a version-1 recording).
    pub(crate) fn of(recording: &Recording) -> Clock {
        let mut samples: Vec<(u64, i64)> = recording
            .entries
            .iter()
            .filter_map(|e| match e.recorded {
                Recorded::Clock { offset_us, .. } => Some((e.at_us, offset_us)),
                _ => None,
            })
            .collect();
        // Lines are in the order they reached the writer, which threads may swap by a hair.
        samples.sort_by_key(|(at, _)| *at);
        Clock(samples)
    }

    /// Whether the recording has no sample.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The offset the client had at `at_us`: its last sample then, else its first (zero
    /// without any).
    pub(crate) fn offset_at(&self, at_us: u64) -> i64 {
        let i = self.0.partition_point(|(t, _)| *t <= at_us);
        self.0.get(i.saturating_sub(1)).map_or(0, |s| s.1)
    }
}

/// An order as the private stream showed it: when its first event and its first cancellation
/// happened, on the recording's clock (µs since the start).
#[derive(Debug, Default, Clone, Copy)]
struct Seen {
    first_us: Option<i64>,
    cancelled_us: Option<i64>,
}

/// The private stream's orders, by order id and by client order id.
#[derive(Debug, Default)]
struct Orders {
    by_id: HashMap<i64, Seen>,
    by_client_id: HashMap<String, Seen>,
}

impl Orders {
    fn note(&mut self, order_id: i64, client_id: Option<&str>, event_us: i64, cancelled: bool) {
        let update = |seen: &mut Seen| {
            seen.first_us.get_or_insert(event_us);
            if cancelled {
                seen.cancelled_us.get_or_insert(event_us);
            }
        };
        update(self.by_id.entry(order_id).or_default());
        if let Some(c) = client_id.filter(|c| !c.is_empty()) {
            update(self.by_client_id.entry(c.to_owned()).or_default());
        }
    }

    fn find(&self, id: &OrderRef) -> Option<Seen> {
        id.order_id
            .and_then(|i| self.by_id.get(&i))
            .or_else(|| id.client_id.as_ref().and_then(|c| self.by_client_id.get(c)))
            .copied()
    }
}

/// How a request or its answer names an order.
#[derive(Debug, Default)]
struct OrderRef {
    order_id: Option<i64>,
    client_id: Option<String>,
}

impl Latency {
    /// The model of a recorded session (format version 2), each leg an empirical delay of its
    /// samples; see [`Latency::fitted`] for what went into it.
    pub fn from_recording(recording: &Recording) -> Result<Latency, FitError> {
        Latency::fitted(recording).map(|f| f.latency)
    }

    /// The model of a recorded session, with what went into it (docs/design.md, Latency):
    /// order entry and response from the orders placed and their first private-stream event,
    /// cancel from the cancels whose event is on the stream (else order entry's samples),
    /// market data from the market-stream frames' `ts`, every exchange time put on the local
    /// clock by the client's clock samples.
    pub fn fitted(recording: &Recording) -> Result<Fitted, FitError> {
        fit(recording, None)
    }

    /// [`Latency::fitted`], the market-data leg from `market` (each market event's arrival, µs
    /// since the start, and its exchange time, ms) instead of the recording's market frames: for
    /// a session whose market is read from its cache, its own lines in memory.
    #[cfg(feature = "backtest")]
    pub(crate) fn fitted_with_market(
        recording: &Recording,
        market: &[(u64, i64)],
    ) -> Result<Fitted, FitError> {
        fit(recording, Some(market))
    }
}

/// The model of `recording`, its market-data samples from `market` when given, else from its
/// market frames.
fn fit(recording: &Recording, market: Option<&[(u64, i64)]>) -> Result<Fitted, FitError> {
    if recording.version() == VERSION_1 {
        return Err(FitError::Version1);
    }
    let clock = Clock::of(recording);
    if clock.is_empty() {
        return Err(FitError::NoClockSample);
    }
    let samples = measure(recording, &clock, market);
    let leg = |leg: Leg, samples: &[i64], why: &'static str| {
        delay_of(samples).ok_or(FitError::NoSamples { leg, why })
    };
    const NO_ORDER: &str = "no order placed (`new_order`) whose private-stream event is \
                            recorded: record the user stream while the session trades";
    let order_entry = leg(Leg::OrderEntry, &samples.order_entry, NO_ORDER)?;
    let response = leg(Leg::Response, &samples.response, NO_ORDER)?;
    let market_data = leg(
        Leg::MarketData,
        &samples.market_data,
        "no market-stream frame with an exchange time (`ts`): record the market stream",
    )?;
    let cancel = delay_of(&samples.cancel);
    let cancel_from_order_entry = cancel.is_none();
    let cancel = cancel.unwrap_or_else(|| order_entry.clone());
    Ok(Fitted {
        latency: Latency {
            order_entry,
            cancel,
            response,
            market_data,
            seed: 1,
        },
        cancel_from_order_entry,
        clock_samples: clock.0.len(),
    })
}

/// The empirical delay of measured differences (µs), `None` without any; a difference below
/// zero (clock error larger than the leg) is zero.
fn delay_of(samples: &[i64]) -> Option<Delay> {
    Delay::empirical(
        samples
            .iter()
            .map(|&us| Duration::from_micros(u64::try_from(us).unwrap_or(0)))
            .collect(),
    )
}

/// Every sample of the recording, in microseconds, market data's from `market` when given.
fn measure(recording: &Recording, clock: &Clock, market: Option<&[(u64, i64)]>) -> Samples {
    let start = recording.header.started_us;
    // The exchange's time `ms` on the recording's clock (µs since the start), with the offset
    // of `seen_us`.
    let local = |ms: i64, seen_us: u64| {
        ms.saturating_mul(1_000)
            .saturating_sub(clock.offset_at(seen_us))
            .saturating_sub(start)
    };
    let as_i64 = |us: u64| i64::try_from(us).unwrap_or(i64::MAX);
    let mut streams: HashMap<u64, &str> = HashMap::new();
    let mut orders = Orders::default();
    let mut samples = Samples::default();
    for e in &recording.entries {
        match &e.recorded {
            Recorded::Connect { conn, stream, .. } => {
                streams.insert(*conn, stream.as_str());
            }
            Recorded::Frame(f) if f.dir == Direction::In => {
                let bytes = f.payload.as_bytes();
                match streams.get(&f.conn).copied() {
                    Some("user") => {
                        if let Some((id, client_id, ms, cancelled)) = order_event(bytes) {
                            orders.note(id, client_id.as_deref(), local(ms, e.at_us), cancelled);
                        }
                    }
                    Some("market") if market.is_none() => {
                        if let Some(ts) = frame_ts(bytes) {
                            samples
                                .market_data
                                .push(as_i64(e.at_us) - local(ts, e.at_us));
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    for &(at_us, ts) in market.unwrap_or_default() {
        samples.market_data.push(as_i64(at_us) - local(ts, at_us));
    }
    // The exchanges after the stream: an order's event usually arrives before its answer.
    for (e, x) in recording.exchanges() {
        let (Some(finished), Outcome::Answer(answer)) = (x.finished_us, &x.outcome) else {
            continue;
        };
        if !(200..300).contains(&answer.status) {
            continue;
        }
        let cancel = match x.endpoint.as_str() {
            "new_order" => false,
            "cancel_order" => true,
            _ => continue,
        };
        let Ok(answer) = serde_json::from_slice::<Value>(answer.body.as_bytes()) else {
            continue;
        };
        let request = x
            .body
            .as_deref()
            .and_then(|b| serde_json::from_str::<Value>(b).ok())
            .unwrap_or(Value::Null);
        // A conditional order's first event is its trigger, not its arrival.
        if !succeeded(&answer) || (!cancel && request["conditionOrder"] == Value::Bool(true)) {
            continue;
        }
        let named = if cancel {
            order_ref(&request)
        } else {
            OrderRef {
                order_id: id_of(&answer["data"]["orderId"]).or_else(|| id_of(&answer["orderId"])),
                client_id: order_ref(&request).client_id,
            }
        };
        let Some(seen) = orders.find(&named) else {
            continue;
        };
        let event_us = if cancel {
            seen.cancelled_us
        } else {
            seen.first_us
        };
        let Some(event_us) = event_us else {
            continue;
        };
        let entry = event_us - as_i64(e.at_us);
        if cancel {
            samples.cancel.push(entry);
        } else {
            samples.order_entry.push(entry);
        }
        samples.response.push(as_i64(finished) - event_us);
    }
    samples
}

/// An order update of the private stream: order id, client order id, event time (ms), and
/// whether it shows the order cancelled.
fn order_event(frame: &[u8]) -> Option<(i64, Option<String>, i64, bool)> {
    // Other frames (acknowledgements, account updates) are not decoded at all.
    if !frame.windows(18).any(|w| w == b"ORDER_TRADE_UPDATE") {
        return None;
    }
    match Event::decode(frame).ok()? {
        Event::OrderTradeUpdate(u) => {
            let cancelled = matches!(
                u.order.status,
                OrderStatus::Cancelled | OrderStatus::PendingCancel
            );
            Some((
                u.order.order_id,
                u.order.client_order_id,
                u.event_time.0,
                cancelled,
            ))
        }
        _ => None,
    }
}

/// A market frame's exchange time (`ts`, ms); `None` without one or at zero (an empty book).
fn frame_ts(frame: &[u8]) -> Option<i64> {
    #[derive(serde::Deserialize)]
    struct Stamped {
        ts: Option<Value>,
    }
    let ts = serde_json::from_slice::<Stamped>(frame).ok()?.ts?;
    id_of(&ts).filter(|&ms| ms > 0)
}

/// Whether a wrapped answer says success (`code` "0"), or an unwrapped one (HTTP 2xx) has no
/// code.
fn succeeded(answer: &Value) -> bool {
    match &answer["code"] {
        Value::Null => true,
        Value::String(s) => s == "0",
        Value::Number(n) => n.as_i64() == Some(0),
        _ => false,
    }
}

/// An id sent as a number or as text.
fn id_of(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

/// The order a request body names.
fn order_ref(request: &Value) -> OrderRef {
    OrderRef {
        order_id: id_of(&request["orderId"]),
        client_id: request["clientOrderId"].as_str().map(str::to_owned),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// The recording starts at this epoch µs; the exchange's clock is 2.5 s ahead of the local one.
    const START_US: i64 = 1_764_000_000_000_000;
    const OFFSET_US: i64 = 2_500_000;

    /// Builds a version-2 recording line by line.
    struct Session(Vec<Value>);

    impl Session {
        fn new() -> Session {
            let mut s = Session(vec![json!({
                "contango_recording": 2, "started_us": START_US, "client": "test"
            })]);
            s.line(json!({"at_us": 100, "kind": "clock", "offset_us": OFFSET_US, "round_trip_us": 900}));
            s.line(json!({"at_us": 200, "kind": "connect", "conn": 1, "stream": "user", "url": "ws://h/stream"}));
            s.line(json!({"at_us": 300, "kind": "connect", "conn": 2, "stream": "market", "url": "ws://h/kline-api/ws"}));
            s
        }

        fn line(&mut self, v: Value) {
            self.0.push(v);
        }

        /// The exchange's time, in whole ms, of local µs-since-start `at_us`.
        fn exchange_ms(at_us: u64) -> i64 {
            (START_US + i64::try_from(at_us).unwrap_or(0) + OFFSET_US) / 1_000
        }

        fn event(&mut self, arrives_us: u64, at_us: u64, id: i64, client: &str, status: &str) {
            let frame = json!({
                "e": "ORDER_TRADE_UPDATE", "E": Session::exchange_ms(at_us),
                "o": {"s": "E-BTC-USDT", "c": client, "x": "NEW", "X": status, "i": id}
            });
            self.line(json!({"at_us": arrives_us, "kind": "frame", "conn": 1, "dir": "in", "text": frame.to_string()}));
        }

        /// An exchange of `endpoint` sent at `sent_us`, answered at `finished_us`.
        fn http(
            &mut self,
            endpoint: &str,
            sent_us: u64,
            finished_us: u64,
            body: Value,
            answer: Value,
        ) {
            self.line(json!({
                "at_us": sent_us, "finished_us": finished_us, "kind": "http", "endpoint": endpoint,
                "method": "POST", "path": "/fapi/v2/x", "body": body.to_string(), "status": 200,
                "response": answer.to_string()
            }));
        }

        fn market(&mut self, arrives_us: u64, made_us: u64) {
            let frame = json!({"channel": "market_e_btcusdt_trade_ticker", "tick": {}, "ts": Session::exchange_ms(made_us)});
            self.line(json!({"at_us": arrives_us, "kind": "frame", "conn": 2, "dir": "in", "gzip": true, "binary": true, "text": frame.to_string()}));
        }

        fn recording(&self) -> Recording {
            let text: String = self.0.iter().map(|l| format!("{l}\n")).collect();
            Recording::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"))
        }
    }

    fn ok(order_id: i64) -> Value {
        json!({"code": "0", "msg": "Success", "data": {"orderId": order_id.to_string()}})
    }

    /// Orders sent every 100 ms, each reaching the engine 40 ms later and answered 25 ms after
    /// that; the one placed with a client order id only is matched by it; each is cancelled
    /// (45 ms there, the same 25 back); a frame made every 50 ms arrives 30 ms later.
    fn session(cancels_seen: bool) -> Session {
        let mut s = Session::new();
        for i in 0..5u64 {
            let sent = 1_000_000 + i * 100_000;
            let id = 100 + i64::try_from(i).unwrap_or(0);
            let client = format!("ct{i}");
            s.event(sent + 40_000 + 3_000, sent + 40_000, id, &client, "NEW");
            let answer = if i == 3 {
                json!({"code": "0", "msg": "Success", "data": {}})
            } else {
                ok(id)
            };
            s.http(
                "new_order",
                sent,
                sent + 65_000,
                json!({"clientOrderId": client}),
                answer,
            );
            let cancel = sent + 70_000;
            if cancels_seen {
                s.event(
                    cancel + 45_000 + 3_000,
                    cancel + 45_000,
                    id,
                    &client,
                    "CANCELED",
                );
            }
            s.http(
                "cancel_order",
                cancel,
                cancel + 70_000,
                json!({"orderId": id}),
                ok(id),
            );
        }
        // Refused: no sample, though the order's cancellation is on the stream.
        s.http(
            "cancel_order",
            5_000_000,
            5_001_000,
            json!({"orderId": 100}),
            json!({"code": "-1102", "msg": "unknown order"}),
        );
        for i in 0..10u64 {
            s.market(600_000 + i * 50_000 + 30_000, 600_000 + i * 50_000);
        }
        s
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn each_leg_is_recovered_on_the_exchange_clock_put_on_the_local_one() {
        let fitted = Latency::fitted(&session(true).recording()).expect("fits");
        let l = &fitted.latency;
        let count = |d: &Delay| match d {
            Delay::Empirical(s) => s.len(),
            Delay::Constant(_) => 0,
        };
        assert_eq!(
            [&l.order_entry, &l.cancel, &l.response, &l.market_data].map(count),
            [5, 5, 10, 10]
        );
        assert_eq!(l.order_entry.median(), ms(40));
        assert_eq!(l.cancel.median(), ms(45));
        assert_eq!(l.response.median(), ms(25));
        assert_eq!(l.market_data.median(), ms(30));
        assert!(!fitted.cancel_from_order_entry);
        assert_eq!(fitted.clock_samples, 1);
        assert_eq!(
            fitted.to_string(),
            "order entry 5 samples, median 40 ms, cancel 5 samples, median 45 ms, response 10 \
             samples, median 25 ms, market data 10 samples, median 30 ms"
        );
    }

    #[test]
    fn without_a_cancel_on_the_stream_the_cancel_leg_is_order_entry() {
        let fitted = Latency::fitted(&session(false).recording()).expect("fits");
        assert!(fitted.cancel_from_order_entry);
        assert_eq!(fitted.latency.cancel, fitted.latency.order_entry);
        assert!(
            fitted
                .to_string()
                .ends_with("(no cancel on the private stream: cancel is order entry's samples)")
        );
    }

    #[test]
    fn the_latest_clock_sample_puts_later_times_on_the_local_clock() {
        // The local clock steps 1 s back before the frames (a clock sample says so): they arrive
        // at the same local times, stamped by an exchange 1 s further ahead.
        let mut lines = session(true).0;
        for line in &mut lines {
            if line["kind"] != "frame" {
                continue;
            }
            let mut frame: Value =
                serde_json::from_str(line["text"].as_str().unwrap_or("")).unwrap_or_default();
            for key in ["ts", "E"] {
                if let Some(ms) = frame[key].as_i64() {
                    frame[key] = json!(ms + 1_000);
                }
            }
            line["text"] = Value::String(frame.to_string());
        }
        lines.push(json!({"at_us": 590_000, "kind": "clock", "offset_us": OFFSET_US + 1_000_000}));
        let fitted = Latency::fitted(&Session(lines).recording()).expect("fits");
        let l = &fitted.latency;
        assert_eq!(
            [&l.order_entry, &l.cancel, &l.response, &l.market_data].map(Delay::median),
            [ms(40), ms(45), ms(25), ms(30)]
        );
        assert_eq!(fitted.clock_samples, 2);
    }

    #[test]
    fn what_cannot_be_fitted_is_refused_with_the_reason() {
        let v1 =
            Recording::parse(b"{\"contango_recording\":1,\"started_ms\":1,\"client\":\"x\"}\n")
                .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Latency::from_recording(&v1), Err(FitError::Version1));
        assert!(
            FitError::Version1
                .to_string()
                .contains("only when each request was sent")
        );

        let mut no_clock = session(true);
        no_clock.0.retain(|l| l["kind"] != "clock");
        assert_eq!(
            Latency::from_recording(&no_clock.recording()),
            Err(FitError::NoClockSample)
        );

        let mut no_orders = session(true);
        no_orders.0.retain(|l| l["conn"] != 1);
        let e = Latency::from_recording(&no_orders.recording()).err();
        assert!(
            matches!(
                e,
                Some(FitError::NoSamples {
                    leg: Leg::OrderEntry,
                    ..
                })
            ),
            "{e:?}"
        );
        assert!(e.is_some_and(|e| {
            e.to_string()
                .starts_with("no order entry sample in the recording: no order placed")
        }));

        let mut no_market = session(true);
        no_market.0.retain(|l| l["conn"] != 2);
        let e = Latency::from_recording(&no_market.recording()).err();
        assert!(
            e.as_ref().is_some_and(|e| e.to_string()
                == "no market data sample in the recording: no market-stream frame with an \
                    exchange time (`ts`): record the market stream"),
            "{e:?}"
        );
    }
}
