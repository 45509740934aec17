//! The lockstep run in event time: frames applied to the simulator, deliveries to the strategy,
//! and the strategy's requests held while the market moves on (docs/design.md, Latency).
//!
//! Two timelines meet here. The engine's: each frame is applied at its exchange time, each
//! request at its arrival (its send time plus an order-entry or cancel delay). The strategy's:
//! it handles a frame a market-data delay after the frame's time, an order update a response
//! delay after the engine made it, and an answer a response delay after its request's arrival.
//! The harness keeps both in one queue ordered by time: whatever is earliest happens next, the
//! frames applied while a handler awaits its request reach the strategy in order once it
//! returns. Without a model nothing is held and every delay is zero; the strategy still gets its
//! order updates, at the engine's time.
//!
//! The harness draws every delay itself, in the order things happen, so a seed gives the same run.
//! A strategy that awaits its requests one by one runs the same every time; requests sent
//! together are taken one at a time in the order they reach the simulator.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use contango::strategy::Strategy;
use contango::{Client, Event, MarketEvent, OrderTradeUpdate};
use tokio::sync::{mpsc, oneshot};

use super::gather::Gatherer;
use super::session::{Line, Session};
use super::{Harness, Report};
use contango_sim::exchange::USER_UID;
use contango_sim::exchange::effects::Effects;
use contango_sim::feeds::cache::{CacheError, MarketEvents, Played, event_ts};
use contango_sim::feeds::pace::Pace;
use contango_sim::latency::{Latency, Leg, Sampler};
use contango_sim::server::driver::StepTo;
use contango_sim::server::gate::{Gate, Step};
use contango_sim::venue::subscriber::Subscriber;
use contango_sim::venue::{Venue, lock};

/// The funded account's order updates, as the venue publishes them.
#[derive(Default)]
struct Orders(Mutex<VecDeque<OrderTradeUpdate>>);

impl Subscriber for Orders {
    fn published(&self, _seq: u64, effects: &Effects) {
        let mut orders = None;
        for (uid, event) in &effects.events {
            if let (USER_UID, Event::OrderTradeUpdate(u)) = (*uid, event) {
                orders
                    .get_or_insert_with(|| lock(&self.0))
                    .push_back(u.clone());
            }
        }
    }
}

/// What a driven venue's run is told.
pub(crate) enum Drive {
    /// Move the market; the state after the step.
    Step {
        to: StepTo,
        reply: oneshot::Sender<serde_json::Value>,
    },
    /// The report of the run so far, once the market is played to its end (`None` before).
    Report {
        reply: oneshot::Sender<Option<Box<Report>>>,
    },
    /// End the run.
    Stop,
}

/// What reaches the strategy.
enum Delivery {
    Market(MarketEvent),
    Order(Box<OrderTradeUpdate>),
    /// A time the actor asked for ([`Run::wake_at`]).
    Wake,
}

/// What the run hands its deliveries to: a [`Strategy`], or another driver of the account that
/// also acts at times of its own (the fidelity check's replay of a session's orders).
pub(crate) trait Actor {
    /// A market event, in event time.
    async fn event(&mut self, event: &MarketEvent, client: &Client);
    /// An update of one of the account's orders, in event time.
    async fn order(&mut self, update: &OrderTradeUpdate, client: &Client);
    /// A time asked for with [`Run::wake_at`] (µs of exchange time).
    async fn wake(&mut self, at_us: i64, client: &Client);
}

/// A strategy as an actor: it asks for no time of its own.
pub(super) struct Strategic<'s, S>(pub(super) &'s mut S);

impl<S: Strategy> Actor for Strategic<'_, S> {
    async fn event(&mut self, event: &MarketEvent, client: &Client) {
        self.0.on_event(event, client).await;
    }

    async fn order(&mut self, update: &OrderTradeUpdate, client: &Client) {
        self.0.on_order(update, client).await;
    }

    async fn wake(&mut self, _at_us: i64, _client: &Client) {}
}

/// One run of a strategy over a market's events.
pub(crate) struct Run<'a> {
    sim: Harness<'a>,
    /// The events, decoded, with their recorded offsets (streamed from a recording's cache, or
    /// given in memory).
    events: MarketEvents,
    /// The next event and its time (µs).
    next: Option<(i64, Played)>,
    /// Why the events stopped before their end.
    failed: Option<CacheError>,
    /// The time of the latest frame read (µs), for frames that carry none.
    frame_us: i64,
    /// What reaches the strategy, by `(time µs, order of making)`.
    queue: BTreeMap<(i64, u64), Delivery>,
    made: u64,
    /// The delays (`None`: no model, nothing held).
    sampler: Option<Sampler>,
    /// The requests held, when a model is set.
    gate: Option<mpsc::UnboundedReceiver<Step>>,
    /// The account's order updates, as published.
    orders: Arc<Orders>,
    /// The strategy's time (µs): what it handles now, moved on by each answer it receives.
    now_us: i64,
    /// The engine's time (µs): the latest frame or request it took.
    engine_us: i64,
    /// The arrival of the request the engine holds until its answer leaves.
    taken: Option<i64>,
    /// Requests that reached the gate while the engine held another.
    waiting: VecDeque<(Leg, Duration, oneshot::Sender<()>)>,
    /// The latest delivery time of each stream: a connection delivers in order.
    market_us: i64,
    order_us: i64,
    gatherer: Gatherer,
    /// Whether an actor takes the deliveries (a driven venue has none: its clients read).
    delivering: bool,
    /// The session's recording, when one is asked for.
    session: Option<Session>,
    pace: Pace,
    started: Instant,
    /// The first event's recorded offset (ms), once read.
    first_at: Option<u64>,
}

impl<'a> Run<'a> {
    /// A run over `events` on `sim`, with `latency` (`None`: no model).
    pub(crate) fn new(
        sim: Harness<'a>,
        events: MarketEvents,
        latency: Option<&Latency>,
        gatherer: Gatherer,
        pace: Pace,
    ) -> Run<'a> {
        let gate = latency.and_then(|_| {
            let (gate, rx) = Gate::new();
            sim.server.hold(gate).then_some(rx)
        });
        let orders = Arc::new(Orders::default());
        sim.server.venue.subscribe(&orders);
        Run {
            sim,
            events,
            next: None,
            failed: None,
            frame_us: 0,
            queue: BTreeMap::new(),
            made: 0,
            sampler: latency.map(Latency::sampler),
            gate,
            orders,
            now_us: 0,
            engine_us: 0,
            taken: None,
            waiting: VecDeque::new(),
            market_us: 0,
            order_us: 0,
            gatherer,
            delivering: true,
            session: None,
            pace,
            started: Instant::now(),
            first_at: None,
        }
    }

    /// Wakes the actor at each of `times` (µs of exchange time), in order among the frames: at
    /// the time of a frame, before it is applied.
    pub(crate) fn wake_at(&mut self, times: impl IntoIterator<Item = i64>) {
        for t in times {
            self.push(t, Delivery::Wake);
        }
    }

    /// Records the session to `path` ([`Session`]), starting at the first frame's time; the
    /// recorder the strategy's client records its exchanges with.
    pub(crate) fn record(
        &mut self,
        path: &std::path::Path,
    ) -> std::io::Result<contango::recording::Recorder> {
        let start = self
            .peek()
            .unwrap_or_else(|| self.venue().clock.now().saturating_mul(1_000));
        let session = Session::create(path, start, self.sim.market_url, self.sim.user_url)?;
        let recorder = session.recorder().clone();
        self.session = Some(session);
        Ok(recorder)
    }

    /// Runs `actor` to the end of the events and of what they caused; the report's gatherer, or
    /// why the events could not be read to their end.
    pub(crate) async fn run<A: Actor>(
        mut self,
        actor: &mut A,
        client: &Client,
    ) -> Result<Gatherer, CacheError> {
        loop {
            let frame = self.peek();
            let delivery = self.queue.first_key_value().map(|(k, _)| k.0);
            // A delivery due by the next frame's time goes first: with no delay, the strategy
            // handles a frame before the next is applied.
            if delivery.is_some_and(|d| frame.is_none_or(|f| d <= f)) {
                if let Some(((time, _), delivery)) = self.queue.pop_first() {
                    self.deliver(time, delivery, actor, client).await;
                }
            } else if frame.is_some() {
                self.apply_next().await;
            } else {
                break;
            }
        }
        if let Some(session) = &mut self.session {
            session.finish();
        }
        match self.failed {
            Some(e) => Err(e),
            None => Ok(self.gatherer),
        }
    }

    /// Serves a driven venue until [`Drive::Stop`]: no actor; the account's requests come from
    /// outside, each moving the venue by its own latency (held at the gate with a model: the
    /// frames up to its arrival applied, then up to its answer's return), and `commands` step
    /// the market. A step waits for no request: it is taken when none is held, so a client that
    /// sends and then steps cannot deadlock. `report` makes the report of the run so far.
    pub(crate) async fn driven(
        mut self,
        mut commands: mpsc::UnboundedReceiver<Drive>,
        report: impl Fn(&Gatherer, &Venue) -> Report,
        mut state: impl FnMut(&Venue, i64) -> serde_json::Value,
    ) {
        self.delivering = false;
        let mut gate = self.gate.take();
        let mut applied: u64 = 0;
        loop {
            let idle = self.taken.is_none() && self.waiting.is_empty();
            let command = tokio::select! {
                biased;
                Some(step) = async { gate.as_mut()?.recv().await } => {
                    self.step(step).await;
                    continue;
                }
                command = commands.recv(), if idle => command,
            };
            match command {
                None | Some(Drive::Stop) => break,
                Some(Drive::Step { to, reply }) => {
                    let (until, most) = match to {
                        StepTo::Until(ms) => (Some(ms), u64::MAX),
                        StepTo::Frames(n) => (None, n),
                        StepTo::Bounded { until_ms, frames } => (Some(until_ms), frames),
                    };
                    let bound = until.map_or(i64::MAX, |ms| ms.saturating_mul(1_000));
                    let mut count = 0;
                    while count < most && self.peek().is_some_and(|t| t <= bound) {
                        self.apply_next().await;
                        count += 1;
                    }
                    applied += count;
                    // At the time asked for only when every frame up to it was applied.
                    let reached = self.peek().is_none_or(|t| t > bound);
                    match until {
                        Some(ms) if reached => {
                            self.venue().clock.follow(ms);
                            self.engine_us = self.engine_us.max(bound);
                            self.strategy_at(bound);
                        }
                        _ => self.strategy_at(self.engine_us),
                    }
                    self.collect(None);
                    let mut answer = state(self.venue(), self.now_us.div_euclid(1_000));
                    answer["frames"] = count.into();
                    answer["framesApplied"] = applied.into();
                    answer["done"] = self.peek().is_none().into();
                    let _ = reply.send(answer);
                }
                Some(Drive::Report { reply }) => {
                    let done = self.peek().is_none();
                    let _ =
                        reply.send(done.then(|| Box::new(report(&self.gatherer, self.venue()))));
                }
            }
        }
    }

    /// The time of the next event (µs), reading it as needed.
    fn peek(&mut self) -> Option<i64> {
        if self.next.is_none() && self.failed.is_none() {
            let played = match self.events.next()? {
                Ok(p) => p,
                Err(e) => {
                    self.failed = Some(e);
                    return None;
                }
            };
            let ts = event_ts(&played.event);
            let t = if ts > 0 {
                ts.saturating_mul(1_000)
            } else {
                self.venue().clock.now().saturating_mul(1_000)
            };
            self.frame_us = self.frame_us.max(t);
            self.first_at.get_or_insert(played.at_ms());
            self.next = Some((self.frame_us, played));
        }
        self.next.as_ref().map(|n| n.0)
    }

    /// Applies the next event: the engine's time moves to it, the strategy gets it a
    /// market-data delay later, and the order updates it caused a response delay later.
    async fn apply_next(&mut self) {
        let Some((time, played)) = self.next.take() else {
            return;
        };
        let first = self.first_at.unwrap_or_default();
        if let Some(due) = self.pace.due(played.at_ms().saturating_sub(first)) {
            tokio::time::sleep_until((self.started + due).into()).await;
        }
        self.gatherer
            .before(time.div_euclid(1_000), &self.venue().read().exchange);
        let Played { event, frame, .. } = played;
        let now_ms = contango_sim::feeds::source::apply_event(self.venue(), event.clone(), true);
        self.engine_us = self.engine_us.max(time);
        self.gatherer.frame(now_ms, &self.venue().read().exchange);
        if self.delivering {
            let due = (time + self.draw(Leg::MarketData)).max(self.market_us);
            self.market_us = due;
            let key = self.push(due, Delivery::Market(event));
            if let (Some(session), Some(frame)) = (&mut self.session, frame) {
                session.received(key, Line::Market(frame));
            }
        }
        self.collect(Some(time));
    }

    /// Applies frames up to `time` (µs).
    async fn advance(&mut self, time: i64) {
        while self.peek().is_some_and(|t| t <= time) {
            self.apply_next().await;
        }
    }

    /// Hands `delivery` to the actor at `time`, serving its held requests until it returns.
    async fn deliver<A: Actor>(
        &mut self,
        time: i64,
        delivery: Delivery,
        actor: &mut A,
        client: &Client,
    ) {
        self.strategy_at(time);
        let handler = async {
            match &delivery {
                Delivery::Market(e) => actor.event(e, client).await,
                Delivery::Order(u) => actor.order(u, client).await,
                Delivery::Wake => actor.wake(time, client).await,
            }
        };
        match self.gate.take() {
            None => handler.await,
            Some(mut gate) => {
                tokio::pin!(handler);
                // Most handlers send nothing and are done at once: no wait to set up then.
                let mut now = std::task::Context::from_waker(std::task::Waker::noop());
                if handler.as_mut().poll(&mut now).is_ready() {
                    self.gate = Some(gate);
                    self.collect(None);
                    return;
                }
                loop {
                    tokio::select! {
                        biased;
                        () = &mut handler => break,
                        Some(step) = gate.recv() => self.step(step).await,
                    }
                }
                self.gate = Some(gate);
            }
        }
        // Without a model the engine took the handler's requests at once: their updates are
        // stamped with the engine's time then.
        self.collect(None);
    }

    /// A held request's step.
    async fn step(&mut self, step: Step) {
        match step {
            Step::Enter { leg, extra, go } if self.taken.is_some() => {
                self.waiting.push_back((leg, extra, go));
            }
            Step::Enter { leg, extra, go } => self.enter(leg, extra, go).await,
            Step::Answer { go } => {
                let arrival = self.taken.take().unwrap_or(self.engine_us);
                self.collect(Some(arrival));
                let back = arrival + self.draw(Leg::Response);
                self.advance(back).await;
                self.strategy_at(back);
                let _ = go.send(());
                self.next_waiting().await;
            }
            Step::Gone => {
                let arrival = self.taken.take().unwrap_or(self.engine_us);
                self.collect(Some(arrival));
                self.next_waiting().await;
            }
        }
    }

    async fn next_waiting(&mut self) {
        if let Some((leg, extra, go)) = self.waiting.pop_front() {
            self.enter(leg, extra, go).await;
        }
    }

    /// Lets a request reach the engine at its arrival: the market applied up to it, the clock
    /// set to it.
    async fn enter(&mut self, leg: Leg, extra: Duration, go: oneshot::Sender<()>) {
        let arrival = (self.now_us + self.draw(leg) + micros(extra)).max(self.engine_us);
        self.advance(arrival).await;
        self.gatherer
            .before(arrival.div_euclid(1_000), &self.venue().read().exchange);
        self.venue().clock.follow(arrival.div_euclid(1_000));
        self.engine_us = arrival;
        self.taken = Some(arrival);
        let _ = go.send(());
    }

    /// Queues the account's order updates the engine has made since the last look, a response
    /// delay after `made` (µs; `None`: each at its own event time).
    fn collect(&mut self, made: Option<i64>) {
        let made_now = std::mem::take(&mut *lock(&self.orders.0));
        if !self.delivering {
            return;
        }
        for update in made_now {
            let at = made.unwrap_or_else(|| update.event_time.0.saturating_mul(1_000));
            let due = (at + self.draw(Leg::Response)).max(self.order_us);
            self.order_us = due;
            let text = self
                .session
                .is_some()
                .then(|| serde_json::to_string(&update).ok())
                .flatten();
            let key = self.push(due, Delivery::Order(Box::new(update)));
            if let (Some(session), Some(text)) = (&mut self.session, text) {
                session.received(key, Line::Order(text));
            }
        }
    }

    /// Queues `delivery` at `time` (µs); its key in the queue.
    fn push(&mut self, time: i64, delivery: Delivery) -> (i64, u64) {
        let key = (time, self.made);
        self.queue.insert(key, delivery);
        self.made += 1;
        key
    }

    /// The strategy's time moves on to `time` (µs), never back; the session's recording reads
    /// it.
    fn strategy_at(&mut self, time: i64) {
        self.now_us = self.now_us.max(time);
        if let Some(session) = &mut self.session {
            session.at(self.now_us);
        }
    }

    fn venue(&self) -> &'a Venue {
        &self.sim.server.venue
    }

    /// The next delay of `leg` in µs (zero without a model).
    fn draw(&mut self, leg: Leg) -> i64 {
        self.sampler.as_mut().map_or(0, |s| micros(s.draw(leg)))
    }
}

fn micros(d: Duration) -> i64 {
    i64::try_from(d.as_micros()).unwrap_or(i64::MAX)
}
