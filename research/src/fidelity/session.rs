//! A recorded session, read for the fidelity check: the market it saw (its events, from the
//! market cache or decoded from frames in memory), the user's orders and cancels with when each
//! was sent (on the exchange's clock), what the private stream showed of each order, what the
//! session says of its contracts, fees and balances, and what the check cannot see.

use std::collections::{BTreeMap, HashMap, HashSet};

use contango::recording::{Direction, Outcome as Sent, Recorded, Recording};
use contango::{CancelOrderRequest, Event, MarketEvent, NewOrderRequest, OrderTradeUpdate};
use rust_decimal::Decimal;
use serde_json::Value;

use super::outcome::Outcome;
use crate::fit::Clock;
use contango_sim::feeds::cache::{CacheError, MarketEvents, event_ts};

/// An order the user placed.
#[derive(Debug, Clone)]
pub(crate) struct Placed {
    /// When it was sent, exchange time in µs.
    pub sent_us: i64,
    /// Its client order id (the client makes one when the user gives none).
    pub client_order_id: String,
    /// Its contract.
    pub contract: String,
    /// Buy or sell.
    pub buy: bool,
    /// The request as sent.
    pub request: NewOrderRequest,
    /// The exchange's answer: the order id, or what it refused.
    pub answer: Result<i64, String>,
}

/// A cancel the user sent, naming its order by client order id.
#[derive(Debug, Clone)]
pub(crate) struct Cancel {
    /// When it was sent, exchange time in µs.
    pub sent_us: i64,
    /// The request, its order named by client order id.
    pub request: CancelOrderRequest,
}

/// What the market frames showed of their channels.
#[derive(Debug, Default)]
struct Channels {
    depth_steps: HashSet<i32>,
    trades: bool,
    /// The channel symbols with a trade: their price is the last trade's, not the mid.
    traded: HashSet<String>,
}

/// What the check reads of a session.
#[derive(Debug, Default)]
pub(crate) struct Session {
    /// How many market-stream frames the server sent.
    pub market_frames: usize,
    /// The user's orders, in the order sent.
    pub orders: Vec<Placed>,
    /// The user's cancels, in the order sent.
    pub cancels: Vec<Cancel>,
    /// What the private stream showed of each order, by order id.
    pub live: HashMap<i64, Outcome>,
    /// The private stream's updates of each order, by order id.
    pub live_updates: BTreeMap<i64, Vec<OrderTradeUpdate>>,
    /// The market's prices over time `(exchange ms, channel symbol, price)`: trades, else mids.
    pub prices: Vec<(i64, String, Decimal)>,
    /// Each market event's arrival (µs since the start) and exchange time (ms), when it has one:
    /// the latency fit's market-data samples.
    pub market_times: Vec<(u64, i64)>,
    /// The contracts the session looked up (its last answer).
    pub contracts: Vec<contango::Contract>,
    /// The account's balances by margin coin (its first answer: the start of the session).
    pub balances: Vec<(String, Decimal)>,
    /// The commission rates it looked up, by contract.
    pub commission: BTreeMap<String, contango::CommissionRate>,
    /// The last trade price of each contract by its channel symbol (else its last mid), for
    /// marking positions.
    pub last_price: HashMap<String, Decimal>,
    /// What the check cannot see in this session.
    pub limits: Vec<String>,
    /// What the session lacks to be checked at all.
    pub lacks: Vec<&'static str>,
}

impl Session {
    /// Reads `recording` (the session's lines: all of them, or all but its market frames, which
    /// `elsewhere` counts) and its market's events, `market`.
    pub(crate) fn read(
        recording: &Recording,
        market: MarketEvents,
        elsewhere: usize,
    ) -> Result<Session, CacheError> {
        let clock = Clock::of(recording);
        let start = recording.header.started_us;
        let exchange_us = |at_us: u64| {
            start
                .saturating_add(i64::try_from(at_us).unwrap_or(i64::MAX))
                .saturating_add(clock.offset_at(at_us))
        };
        let mut s = Session::default();
        let mut streams: HashMap<u64, String> = HashMap::new();
        let mut updates: BTreeMap<i64, Vec<OrderTradeUpdate>> = BTreeMap::new();
        let mut channels = Channels::default();
        let mut lost = 0;
        let mut gaps = 0;
        let mut user_frames = 0;
        for e in &recording.entries {
            match &e.recorded {
                Recorded::Connect { conn, stream, .. } => {
                    streams.insert(*conn, stream.clone());
                }
                Recorded::Frame(f) if f.dir == Direction::In => {
                    let bytes = f.payload.as_bytes();
                    match streams.get(&f.conn).map(String::as_str) {
                        Some("user") => {
                            user_frames += 1;
                            if let Ok(Event::OrderTradeUpdate(u)) = Event::decode(bytes) {
                                updates.entry(u.order.order_id).or_default().push(u);
                            }
                        }
                        Some("market") => s.market_frames += 1,
                        _ => {}
                    }
                }
                Recorded::Lost { count } => lost += count,
                Recorded::Gap { .. } => gaps += 1,
                _ => {}
            }
        }
        s.market_frames += elsewhere;
        for played in market {
            let played = played?;
            let ts = event_ts(&played.event);
            if ts > 0 {
                s.market_times.push((played.at_us, ts));
            }
            s.market_event(&played.event, &mut channels);
        }
        let mut client_ids: HashMap<i64, String> = HashMap::new();
        for (e, x) in recording.exchanges() {
            let answer = match &x.outcome {
                Sent::Answer(a) => serde_json::from_slice::<Value>(a.body.as_bytes()).ok(),
                Sent::Failed(_) => None,
            };
            let body = x.body.as_deref().unwrap_or("");
            let data = answer.as_ref().map(|a| a.get("data").unwrap_or(a));
            match x.endpoint.as_str() {
                "new_order" => {
                    let Ok(request) = serde_json::from_str::<NewOrderRequest>(body) else {
                        continue;
                    };
                    let Some(client_order_id) = request.client_order_id.clone() else {
                        s.limits.push(format!(
                            "an order sent at {} ms has no client order id and is left out",
                            e.at_ms
                        ));
                        continue;
                    };
                    let order_id = data.and_then(|d| d.get("orderId")).and_then(id_of);
                    let answer = match (order_id, refusal(answer.as_ref(), &x.outcome)) {
                        (Some(id), _) => {
                            client_ids.insert(id, client_order_id.clone());
                            Ok(id)
                        }
                        (None, why) => Err(why),
                    };
                    s.orders.push(Placed {
                        sent_us: exchange_us(e.at_us),
                        contract: request.contract_name.clone(),
                        buy: request.side == contango::Side::Buy,
                        client_order_id,
                        request,
                        answer,
                    });
                }
                "cancel_order" => {
                    if let Some(c) = s.cancel(body, exchange_us(e.at_us), &client_ids) {
                        s.cancels.push(c);
                    }
                }
                "cancel_all_orders" => s.limits.push(
                    "a bulk cancel (cancel_all_orders) is not sent again: cancel by order".into(),
                ),
                "contracts" => {
                    if let Some(list) = data.and_then(|d| {
                        serde_json::from_value::<Vec<contango::Contract>>(d.clone()).ok()
                    }) {
                        s.contracts = list;
                    }
                }
                "account" if s.balances.is_empty() => {
                    if let Some(account) = data
                        .and_then(|d| serde_json::from_value::<contango::Account>(d.clone()).ok())
                    {
                        s.balances = account
                            .account
                            .iter()
                            .filter_map(|b| Some((b.margin_coin.clone(), b.account_normal?)))
                            .collect();
                    }
                }
                "commission_rate" => {
                    if let Some(rate) = data.and_then(|d| {
                        serde_json::from_value::<contango::CommissionRate>(d.clone()).ok()
                    }) {
                        s.commission.insert(rate.contract_name.clone(), rate);
                    }
                }
                _ => {}
            }
        }
        s.live = updates
            .iter()
            .map(|(id, u)| (*id, Outcome::of_updates(u)))
            .collect();
        let foreign = updates
            .keys()
            .filter(|id| !client_ids.contains_key(id))
            .count();
        s.live_updates = updates;
        if foreign > 0 {
            s.limits.push(format!(
                "{foreign} order(s) on the private stream were placed from elsewhere (not by this \
                 client): not compared, and their fills are not in the simulation"
            ));
        }
        if lost > 0 {
            s.limits.push(format!(
                "{lost} line(s) lost by the recorder (`lost` lines): what they held is missing"
            ));
        }
        if gaps > 0 {
            s.limits.push(format!(
                "{gaps} stream gap(s) (`gap` lines): the market or the private stream was blind \
                 for a while"
            ));
        }
        if clock.is_empty() {
            s.limits.push(
                "no clock samples: send times are on the client's clock, not the exchange's".into(),
            );
        }
        if !channels.depth_steps.is_empty() && !channels.depth_steps.contains(&0) {
            s.limits.push(
                "depth only at a coarser step than the exchange's own: book walks are approximate"
                    .into(),
            );
        }
        if !channels.trades {
            s.limits.push(
                "no trades channel: resting orders fill only when the book crosses them (the \
                 queue rules cannot fire)"
                    .into(),
            );
        }
        if s.market_frames == 0 {
            s.lacks.push("a market stream (no market-stream frame)");
        }
        if s.orders.is_empty() {
            s.lacks.push("orders of the user (no new_order exchange)");
        }
        if user_frames == 0 {
            s.lacks.push("a private stream (no user-stream frame)");
        }
        Ok(s)
    }

    /// Notes what a market event says of the channels recorded and of the last price.
    fn market_event(&mut self, event: &MarketEvent, seen: &mut Channels) {
        match event {
            MarketEvent::Trades(t) => {
                seen.trades = true;
                seen.traded.insert(t.channel.symbol.clone());
                if let Some(last) = t.tick.data.last() {
                    self.last_price.insert(t.channel.symbol.clone(), last.price);
                    self.prices
                        .push((t.ts.0, t.channel.symbol.clone(), last.price));
                }
            }
            MarketEvent::Depth(d) => {
                seen.depth_steps.insert(d.channel.step);
                if let (Some(a), Some(b)) = (d.tick.asks.first(), d.tick.buys.first()) {
                    if !seen.traded.contains(&d.channel.symbol) {
                        let mid = (a.price + b.price) / Decimal::TWO;
                        self.last_price.insert(d.channel.symbol.clone(), mid);
                        self.prices.push((d.ts.0, d.channel.symbol.clone(), mid));
                    }
                }
            }
            _ => {}
        }
    }

    /// A cancel as sent again: its order named by client order id.
    fn cancel(
        &mut self,
        body: &str,
        sent_us: i64,
        client_ids: &HashMap<i64, String>,
    ) -> Option<Cancel> {
        let mut v: Value = serde_json::from_str(body).ok()?;
        let named = v
            .get("clientOrderId")
            .and_then(Value::as_str)
            .map(str::to_owned)
            .or_else(|| {
                v.get("orderId")
                    .and_then(id_of)
                    .and_then(|id| client_ids.get(&id).cloned())
            });
        let Some(client_order_id) = named else {
            self.limits
                .push("a cancel of an order this client did not place is not sent again".into());
            return None;
        };
        let map = v.as_object_mut()?;
        map.remove("orderId");
        map.insert("clientOrderId".into(), Value::String(client_order_id));
        let request = serde_json::from_value(v).ok()?;
        Some(Cancel { sent_us, request })
    }
}

/// An id as a number or a numeric string.
fn id_of(v: &Value) -> Option<i64> {
    v.as_i64()
        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
}

/// Why the exchange refused an order: its error code and message, or what failed.
fn refusal(answer: Option<&Value>, sent: &Sent) -> String {
    match (answer, sent) {
        (Some(a), _) => {
            let code = a.get("code").map_or_else(String::new, ToString::to_string);
            let msg = a.get("msg").and_then(Value::as_str).unwrap_or("");
            format!("{code} {msg}").trim().to_owned()
        }
        (None, Sent::Failed(e)) => e.clone(),
        (None, Sent::Answer(a)) => format!("HTTP {}", a.status),
    }
}
