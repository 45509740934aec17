//! A latency model fitted from a recording of the user's own session (format version 2): each
//! leg an empirical [`Delay`] of what the session measured. Pure: a recording's entries in, read
//! once in order (from memory, or streamed from its file or directory), samples out.
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
use std::path::Path;
use std::time::Duration;

use contango::recording::{
    Direction, Entry, Exchange, Header, Joined, Outcome, Recorded, Recording, RecordingError,
    VERSION_1,
};
use contango::{Event, OrderStatus};
use serde_json::Value;

use contango_sim::latency::{Delay, Latency, Leg};

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
    /// The recording could not be read (a fit from its file or directory).
    #[error(transparent)]
    Unreadable(#[from] RecordingError),
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

/// The clock samples, in order: when (µs since the start) and the offset (exchange − local, µs).
pub(crate) struct Clock(Vec<(u64, i64)>);

impl Clock {
    /// The recording's clock samples (none in a version-1 recording).
    pub(crate) fn of(recording: &Recording) -> Clock {
        Clock::sorted(
            recording
                .entries
                .iter()
                .filter_map(|e| match e.recorded {
                    Recorded::Clock { offset_us, .. } => Some((e.at_us, offset_us)),
                    _ => None,
                })
                .collect(),
        )
    }

    /// The samples as read, put in time order.
    fn sorted(mut samples: Vec<(u64, i64)>) -> Clock {
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

/// An exchange time as it was seen: the exchange's time (ms) and when it arrived (µs since
/// the start), whose clock sample puts it on the local clock once every sample is read.
#[derive(Debug, Clone, Copy)]
struct Stamp {
    exchange_ms: i64,
    seen_us: u64,
}

/// An order as the private stream showed it: its first event and its first cancellation.
#[derive(Debug, Default, Clone, Copy)]
struct Seen {
    first: Option<Stamp>,
    cancelled: Option<Stamp>,
}

/// The private stream's orders, by order id and by client order id.
#[derive(Debug, Default)]
struct Orders {
    by_id: HashMap<i64, Seen>,
    by_client_id: HashMap<String, Seen>,
}

impl Orders {
    fn note(&mut self, order_id: i64, client_id: Option<&str>, event: Stamp, cancelled: bool) {
        let update = |seen: &mut Seen| {
            seen.first.get_or_insert(event);
            if cancelled {
                seen.cancelled.get_or_insert(event);
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

/// A successful `new_order` or `cancel_order`: when it was sent and answered, and the order it
/// names, matched with the order's event once the stream is read (an order's event usually
/// arrives before its answer, but not always).
#[derive(Debug)]
struct Placed {
    sent_us: u64,
    finished_us: u64,
    cancel: bool,
    order: OrderRef,
}

/// Fitting a latency model to a recorded session of the user's own: bring the trait into scope
/// (`use contango_research::FitLatency`) and call `Latency::from_recording` or
/// `Latency::from_path`.
pub trait FitLatency: Sized {
    /// The model of a recorded session (format version 2), each leg an empirical delay of its
    /// samples; see [`FitLatency::fitted`] for what went into it.
    fn from_recording(recording: &Recording) -> Result<Self, FitError>;

    /// The model of a recorded session, with what went into it (docs/design.md, Latency):
    /// order entry and response from the orders placed and their first private-stream event,
    /// cancel from the cancels whose event is on the stream (else order entry's samples),
    /// market data from the market-stream frames' `ts`, every exchange time put on the local
    /// clock by the client's clock samples.
    fn fitted(recording: &Recording) -> Result<Fitted, FitError>;

    /// [`FitLatency::fitted`] of the recording at `path`: a file (plain or gzip) or a
    /// directory of rotated files read as one session ([`Joined`]), streamed an entry at a
    /// time. What it holds is what the fit needs: the samples of each leg (a market frame's
    /// arrival and exchange time until the clock samples are all read), the clock samples, and
    /// each order the private stream showed and each order placed or cancelled, until they are
    /// matched. The model is the one [`FitLatency::fitted`] gives of the same recording read
    /// whole.
    fn fitted_from_path(path: impl AsRef<Path>) -> Result<Fitted, FitError>;

    /// [`FitLatency::fitted_from_path`], the model alone.
    fn from_path(path: impl AsRef<Path>) -> Result<Self, FitError>;
}

impl FitLatency for Latency {
    fn from_recording(recording: &Recording) -> Result<Latency, FitError> {
        Latency::fitted(recording).map(|f| f.latency)
    }

    fn fitted(recording: &Recording) -> Result<Fitted, FitError> {
        fit_entries(recording, None)
    }

    fn fitted_from_path(path: impl AsRef<Path>) -> Result<Fitted, FitError> {
        let mut joined = Joined::open(path)?;
        let mut fit = Fit::new(joined.header(), None)?;
        for entry in joined.by_ref() {
            fit.add(&entry?);
        }
        for warning in joined.warnings() {
            tracing::warn!(%warning, "contango.recording.incomplete");
        }
        fit.finish()
    }

    fn from_path(path: impl AsRef<Path>) -> Result<Latency, FitError> {
        Latency::fitted_from_path(path).map(|f| f.latency)
    }
}

/// [`FitLatency::fitted`], the market-data leg from `market` (each market event's arrival, µs
/// since the start, and its exchange time, ms) instead of the recording's market frames: for a
/// session whose market is read from its cache, its own lines in memory.
pub(crate) fn fitted_with_market(
    recording: &Recording,
    market: &[(u64, i64)],
) -> Result<Fitted, FitError> {
    fit_entries(recording, Some(market))
}

/// The model of `recording`, its market-data samples from `market` when given, else from its
/// market frames.
fn fit_entries(recording: &Recording, market: Option<&[(u64, i64)]>) -> Result<Fitted, FitError> {
    let mut fit = Fit::new(&recording.header, market)?;
    for e in &recording.entries {
        fit.add(e);
    }
    fit.finish()
}

/// The fit, fed a recording's entries in order: what they measure, kept until every clock
/// sample is read, when each exchange time can be put on the local clock.
struct Fit<'m> {
    /// The recording's start (epoch µs).
    start: i64,
    /// The market events to measure the market-data leg by instead of the market frames.
    market: Option<&'m [(u64, i64)]>,
    clock: Vec<(u64, i64)>,
    /// Each connection's stream.
    streams: HashMap<u64, String>,
    orders: Orders,
    placed: Vec<Placed>,
    /// Each market frame's exchange time, as seen.
    frames: Vec<Stamp>,
}

impl<'m> Fit<'m> {
    /// A fit of the recording `header` begins (a version-1 one cannot be fitted).
    fn new(header: &Header, market: Option<&'m [(u64, i64)]>) -> Result<Fit<'m>, FitError> {
        if header.contango_recording == VERSION_1 {
            return Err(FitError::Version1);
        }
        Ok(Fit {
            start: header.started_us,
            market,
            clock: Vec::new(),
            streams: HashMap::new(),
            orders: Orders::default(),
            placed: Vec::new(),
            frames: Vec::new(),
        })
    }

    /// The next entry.
    fn add(&mut self, e: &Entry) {
        match &e.recorded {
            Recorded::Clock { offset_us, .. } => self.clock.push((e.at_us, *offset_us)),
            Recorded::Connect { conn, stream, .. } => {
                self.streams.insert(*conn, stream.clone());
            }
            Recorded::Frame(f) if f.dir == Direction::In => {
                let bytes = f.payload.as_bytes();
                match self.streams.get(&f.conn).map(String::as_str) {
                    Some("user") => {
                        if let Some((id, client_id, ms, cancelled)) = order_event(bytes) {
                            let event = Stamp {
                                exchange_ms: ms,
                                seen_us: e.at_us,
                            };
                            self.orders.note(id, client_id.as_deref(), event, cancelled);
                        }
                    }
                    Some("market") if self.market.is_none() => {
                        if let Some(ts) = frame_ts(bytes) {
                            self.frames.push(Stamp {
                                exchange_ms: ts,
                                seen_us: e.at_us,
                            });
                        }
                    }
                    _ => {}
                }
            }
            Recorded::Http(x) => self.placed.extend(placed(e.at_us, x)),
            _ => {}
        }
    }

    /// The model of what was read.
    fn finish(self) -> Result<Fitted, FitError> {
        let clock = Clock::sorted(self.clock);
        if clock.is_empty() {
            return Err(FitError::NoClockSample);
        }
        let start = self.start;
        // The exchange's time on the recording's clock (µs since the start), with the offset
        // of when it was seen.
        let local = |s: Stamp| {
            s.exchange_ms
                .saturating_mul(1_000)
                .saturating_sub(clock.offset_at(s.seen_us))
                .saturating_sub(start)
        };
        let as_i64 = |us: u64| i64::try_from(us).unwrap_or(i64::MAX);
        let market_data = self
            .frames
            .iter()
            .copied()
            .chain(
                self.market
                    .unwrap_or_default()
                    .iter()
                    .map(|&(at_us, ts)| Stamp {
                        exchange_ms: ts,
                        seen_us: at_us,
                    }),
            )
            .map(|s| as_i64(s.seen_us) - local(s));
        let market_data = delay_of(market_data);
        let (mut order_entry, mut cancel, mut response) = (Vec::new(), Vec::new(), Vec::new());
        for p in &self.placed {
            let Some(seen) = self.orders.find(&p.order) else {
                continue;
            };
            let event = if p.cancel { seen.cancelled } else { seen.first };
            let Some(event_us) = event.map(local) else {
                continue;
            };
            let entry = event_us - as_i64(p.sent_us);
            if p.cancel {
                cancel.push(entry);
            } else {
                order_entry.push(entry);
            }
            response.push(as_i64(p.finished_us) - event_us);
        }
        let leg = |leg: Leg, samples: Option<Delay>, why: &'static str| {
            samples.ok_or(FitError::NoSamples { leg, why })
        };
        const NO_ORDER: &str = "no order placed (`new_order`) whose private-stream event is \
                                recorded: record the user stream while the session trades";
        let order_entry = leg(Leg::OrderEntry, delay_of(order_entry), NO_ORDER)?;
        let response = leg(Leg::Response, delay_of(response), NO_ORDER)?;
        let market_data = leg(
            Leg::MarketData,
            market_data,
            "no market-stream frame with an exchange time (`ts`): record the market stream",
        )?;
        let cancel = delay_of(cancel);
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
}

/// The empirical delay of measured differences (µs), `None` without any; a difference below
/// zero (clock error larger than the leg) is zero.
fn delay_of(samples: impl IntoIterator<Item = i64>) -> Option<Delay> {
    Delay::empirical(
        samples
            .into_iter()
            .map(|us| Duration::from_micros(u64::try_from(us).unwrap_or(0)))
            .collect(),
    )
}

/// The exchange sent at `sent_us` if it placed an order (`new_order`, not a conditional one:
/// its first event is its trigger, not its arrival) or cancelled one, successfully, and its
/// answer's arrival is known.
fn placed(sent_us: u64, x: &Exchange) -> Option<Placed> {
    let (Some(finished_us), Outcome::Answer(answer)) = (x.finished_us, &x.outcome) else {
        return None;
    };
    if !(200..300).contains(&answer.status) {
        return None;
    }
    let cancel = match x.endpoint.as_str() {
        "new_order" => false,
        "cancel_order" => true,
        _ => return None,
    };
    let answer = serde_json::from_slice::<Value>(answer.body.as_bytes()).ok()?;
    let request = x
        .body
        .as_deref()
        .and_then(|b| serde_json::from_str::<Value>(b).ok())
        .unwrap_or(Value::Null);
    if !succeeded(&answer) || (!cancel && request["conditionOrder"] == Value::Bool(true)) {
        return None;
    }
    let order = if cancel {
        order_ref(&request)
    } else {
        OrderRef {
            order_id: id_of(&answer["data"]["orderId"]).or_else(|| id_of(&answer["orderId"])),
            client_id: order_ref(&request).client_id,
        }
    };
    Some(Placed {
        sent_us,
        finished_us,
        cancel,
        order,
    })
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
mod tests;
