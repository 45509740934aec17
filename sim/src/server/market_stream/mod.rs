//! The public market stream, `/kline-api/ws` on the REST port, in the real server's wire format
//! (fixtures `ws_market_*` and `probe_ws_market_*`; frame shapes in [`frames`]).
//!
//! - Every server frame is gzip-compressed JSON in a binary frame (heartbeats included), or text
//!   with `MarketStreamConfig::gzip_frames` off.
//! - Every `ping_interval` (10 s) the server sends `{"ping":<unix seconds>}`; clients answer
//!   `{"pong":<same>}`. Any client message counts as life; a connection from which nothing
//!   arrives for `idle_intervals` (3) intervals is closed (1000, "idle"); so is one older than
//!   `max_connection_age` (24 h).
//! - `sub` is not acknowledged (as on the real server). Its first push comes at once: the depth
//!   snapshot, ticker or current candle (trade_ticker starts with the next trade). Then depth,
//!   ticker and kline are pushed when they change, at most once per `coalesce` (100 ms) per
//!   connection, each push a full snapshot; trade_ticker pushes each match's trades as one
//!   frame, each trade with the id `myTrades` shows and the taker's side. An empty book is
//!   pushed with `ts: 0`. Data frames carry the exchange clock's time.
//! - Depth: at most 30 levels a side; `depth_step0` is the exact book, `depth_stepN` aggregates
//!   prices to multiples of `price tick × 10^N` (asks rounded up, bids down, volumes summed).
//! - `req` answers kline pages and recent trades ([`history`]).
//! - Refused with an error frame (and otherwise ignored): an unknown channel or symbol, bad
//!   `req` parameters, and a `sub` beyond `max_subscriptions` (100) per connection. Text that
//!   is not JSON, and unknown events, are ignored.
//! - Faults ([`hub`]): `Sim::close_market_streams`, `Sim::silence_market_streams` (nothing is
//!   sent, pings included, the connection stays open, and the idle clock restarts when the
//!   silence ends; what was due is sent then), `Sim::delay_market_frames` (every frame leaves
//!   that much after it was built, so its `ts` lags).
//! - Drift mode ([`super::changed_api`]): pushes are changed as they are queued, and a channel the spec
//!   does not describe follows every depth push.

pub mod channels;
pub mod frames;
pub mod history;
pub mod hub;
pub mod subscriptions;
pub mod ticks;

use std::collections::VecDeque;
use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use tokio::time::{Instant, MissedTickBehavior};
use tokio_tungstenite::tungstenite::Message;

use super::changed_api;
use super::http::{Response, Upgrade, WebSocket};
use super::hubs::Hubs;
use super::shared::Server;
use super::wire::{error_response, frame, send_close};
use crate::config::MarketStreamConfig;
use crate::error::SimError;
use crate::venue::{Venue, lock};
use frames::{ClientMsg, Event, Request};
use hub::{Control, Registration};
use subscriptions::Subscriptions;

pub use hub::MarketHub;

/// `GET <market stream path>` (`/kline-api/ws`): upgrades to the market stream.
pub fn handler(server: Arc<Server>, ws: Option<Upgrade>) -> Response {
    let Some(ws) = ws else {
        return error_response(&SimError::param("Upgrade: websocket"));
    };
    ws.answer(move |socket| async move {
        let registration = lock(&server.hubs.market).register();
        let id = registration.id;
        Connection::new(server.clone(), registration)
            .run(socket)
            .await;
        lock(&server.hubs.market).unregister(id);
    })
}

/// One market-stream connection.
struct Connection {
    venue: Arc<Venue>,
    hubs: Arc<Hubs>,
    config: MarketStreamConfig,
    /// Drift mode: frames as the changed API sends them.
    drift: bool,
    registration: Registration,
    subs: Subscriptions,
    /// Frames waiting for their time (delay fault) or for a silence to end, each with the
    /// input whose state it shows: it leaves once that input is committed.
    outbox: VecDeque<(Instant, u64, String)>,
    silenced_until: Option<Instant>,
    last_life: Instant,
    /// The market changed since the last push.
    dirty: bool,
    next_push: Instant,
}

impl Connection {
    fn new(server: Arc<Server>, registration: Registration) -> Self {
        let now = Instant::now();
        let venue = server.venue.clone();
        Connection {
            config: venue.config.market_stream,
            drift: venue.config.drift,
            venue,
            hubs: server.hubs.clone(),
            silenced_until: registration.silenced_until,
            registration,
            subs: Subscriptions::default(),
            outbox: VecDeque::new(),
            last_life: now,
            dirty: false,
            next_push: now,
        }
    }

    async fn run(mut self, mut socket: WebSocket) {
        let mut shutdown = self.venue.shutdown.subscribe();
        let started = Instant::now();
        let interval = self
            .config
            .ping_interval
            .max(std::time::Duration::from_millis(1));
        let age_deadline = started + self.config.max_connection_age;
        let mut ping = tokio::time::interval_at(started + interval, interval);
        ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let idle_limit = interval.saturating_mul(self.config.idle_intervals.max(1));
        let close = loop {
            let now = Instant::now();
            let silence_end = self.silenced_until.filter(|t| *t > now);
            let idle_deadline =
                self.last_life.max(silence_end.unwrap_or(self.last_life)) + idle_limit;
            let send_at = self
                .outbox
                .front()
                .map(|(due, _, _)| (*due).max(silence_end.unwrap_or(*due)));
            tokio::select! {
                msg = socket.next() => match msg {
                    Some(Ok(Message::Text(text))) => {
                        self.last_life = Instant::now();
                        self.client_text(text.as_str());
                    }
                    Some(Ok(Message::Binary(bytes))) => {
                        self.last_life = Instant::now();
                        match std::str::from_utf8(&bytes) {
                            Ok(text) => self.client_text(text),
                            Err(_) => tracing::debug!("market stream: binary client frame ignored"),
                        }
                    }
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break None,
                    Some(Ok(_)) => self.last_life = Instant::now(),
                },
                control = self.registration.control.recv() => match control {
                    Some(Control::Close) => break Some((1001, "closed by the simulator")),
                    Some(Control::SilenceUntil(until)) => self.silenced_until = Some(until),
                    None => break Some((1001, "closed")),
                },
                changed = self.registration.changes.changed() => {
                    if changed.is_err() {
                        break Some((1001, "simulator shut down"));
                    }
                    self.dirty = true;
                }
                _ = tokio::time::sleep_until(self.next_push), if self.dirty && silence_end.is_none() => {
                    self.dirty = false;
                    self.next_push = Instant::now() + self.config.coalesce;
                    let now_ms = self.venue.clock.now();
                    let (pushes, seq) = {
                        let core = self.venue.read();
                        (self.subs.pushes(&core.exchange, now_ms, None), core.seq)
                    };
                    self.enqueue(pushes, seq);
                }
                _ = tokio::time::sleep_until(silence_end.unwrap_or(now)), if silence_end.is_some() => {
                    // What changed during the silence is pushed now; the idle clock restarts.
                    self.silenced_until = None;
                    self.last_life = self.last_life.max(Instant::now());
                    self.dirty = true;
                }
                _ = tokio::time::sleep_until(send_at.unwrap_or(now)), if send_at.is_some() => {
                    if let Some((_, seq, text)) = self.outbox.pop_front() {
                        // What a crash could take back is never shown.
                        if self.venue.committed(seq).await.is_err() {
                            break Some((1011, "the venue's store could not commit"));
                        }
                        if socket.send(frame(text, self.config.gzip_frames)).await.is_err() {
                            break None;
                        }
                    }
                }
                _ = ping.tick() => {
                    if silence_end.is_none() {
                        let text = frames::ping(self.venue.clock.now());
                        self.enqueue(vec![text], 0);
                    }
                }
                _ = tokio::time::sleep_until(idle_deadline) => break Some((1000, "idle")),
                _ = tokio::time::sleep_until(age_deadline) => break Some((1000, "maximum connection age reached")),
                _ = shutdown.changed() => break Some((1001, "simulator shut down")),
            }
        };
        send_close(&mut socket, close).await;
    }

    /// Queues frames showing the state after input `seq`, due after the current delay fault.
    fn enqueue(&mut self, texts: Vec<String>, seq: u64) {
        if texts.is_empty() {
            return;
        }
        let texts = if self.drift {
            let core = self.venue.read();
            changed_api::market_frames(texts, |name| {
                channels::parse(name, core.exchange.contracts().keys())
                    .ok()
                    .map(|c| c.kind.key())
            })
        } else {
            texts
        };
        let delay = lock(&self.hubs.market).delay();
        let due = Instant::now() + delay;
        self.outbox.extend(texts.into_iter().map(|t| (due, seq, t)));
    }

    fn client_text(&mut self, text: &str) {
        match frames::parse(text) {
            Some(ClientMsg::Request(r)) => self.request(r),
            Some(ClientMsg::Other) => {}
            None => tracing::debug!(
                len = text.len(),
                "market stream: client text that is not JSON ignored"
            ),
        }
    }

    /// `sub`, `unsub`, `req`: each answered (or refused) at once, in order.
    fn request(&mut self, r: Request) {
        let now = self.venue.clock.now();
        let (replies, seq) = {
            let core = self.venue.read();
            let ex = &core.exchange;
            let parsed = channels::parse(&r.channel, ex.contracts().keys());
            let replies = match parsed {
                Err(why) => refuse(&r, &why, now),
                Ok(channel) => match r.event {
                    Event::Sub => {
                        if !self.subs.contains(&r.channel)
                            && self.subs.len() >= self.config.max_subscriptions
                        {
                            let why = format!(
                                "subscription limit of {} per connection reached",
                                self.config.max_subscriptions
                            );
                            refuse(&r, &why, now)
                        } else {
                            self.subs.subscribe(&r.channel, channel, ex, now)
                        }
                    }
                    Event::Unsub => {
                        self.subs.unsubscribe(&r.channel);
                        Vec::new()
                    }
                    Event::Req => match ex.market(&channel.contract) {
                        Some(m) => match history::answer(&r, &channel, m, now) {
                            Ok(text) => vec![text],
                            Err(why) => refuse(&r, &why, now),
                        },
                        None => refuse(&r, "no market for this contract", now),
                    },
                },
            };
            (replies, core.seq)
        };
        lock(&self.hubs.market).set_subscriptions(self.registration.id, self.subs.len());
        self.enqueue(replies, seq);
    }
}

fn refuse(r: &Request, why: &str, now: i64) -> Vec<String> {
    tracing::debug!(
        event = r.event.name(),
        why,
        "market stream: request refused"
    );
    frames::refusal(r.event.name(), &r.channel, r.cb_id.as_ref(), why, now)
        .into_iter()
        .collect()
}
