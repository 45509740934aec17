//! Risk limits in code: a guard that refuses an order before anything is signed or sent, whatever
//! asked for it (a strategy, the command line, an agent's tool call). Nothing a model says can
//! lift a limit: the limits are the person's (a profile's `[risk]` table, or the builder), and no
//! tool changes them.
//!
//! The checks, in order, each refusal a typed [`Refusal`] naming the limit, the value and the
//! maximum:
//!
//! 1. the contract is allowed;
//! 2. the account is not reducing-only (after the day's loss limit: opening orders are refused;
//!    cancels, closing orders, reads and transfers to the wallet pass, until the next UTC day);
//! 3. the order's notional, valued by the contract's own rule (`volume × multiplier × price`
//!    linear, `volume × multiplier / price` inverse, as [`crate::checks`] values it): a market order
//!    at the worst level the book shows for its volume, or 5% worse than the mark price when
//!    the book is unknown;
//! 4. the position the contract, side and margin mode would reach if the order filled whole,
//!    valued at the same price;
//! 5. the open orders of the contract, counted as the exchange counts them toward its own limit
//!    (`maxValidOrder`: the working orders of the account in that contract, conditional orders
//!    waiting for their trigger not among them), against the maximum;
//! 6. the new orders of the last 60 seconds (cancels not counted).
//!
//! Checks 3 to 5 apply to orders that open or add to a position; a closing order only reduces
//! risk. Limits are per margin coin: [`RiskLimits::coins`] in the coin's own unit, and
//! [`RiskLimits::usdt`] for every other coin, in USDT, converted at the contract's mark price
//! (1,000 USDT of notional is 1,000 / mark BTC on a BTC-margined contract).
//!
//! The day's realised result, net of fees and funding, is what the guard is told
//! ([`RiskGuard::record`]) as fills and funding come (the account watcher's events, a venue's
//! records), since 00:00 UTC of the exchange's day (a backtest's venue time); the tally can be
//! saved and read back ([`Tally`]), so a restart cannot lift the limit.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;
use std::sync::Mutex;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// The limits of one margin coin; `None` is no limit.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// The most notional one order may carry.
    pub max_order_notional: Option<Decimal>,
    /// The largest notional a position (contract, side, margin mode) may reach.
    pub max_position_notional: Option<Decimal>,
    /// The most working orders in one contract.
    pub max_open_orders: Option<u32>,
    /// The most new orders in the last 60 seconds (cancels not counted).
    pub max_orders_per_minute: Option<u32>,
    /// The largest realised loss of the UTC day, net of fees and funding, before the account
    /// turns reducing-only.
    pub max_daily_loss: Option<Decimal>,
}

/// Every limit, by margin coin.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RiskLimits {
    /// The contracts orders may be placed in; `None`: any.
    #[serde(default)]
    pub contracts: Option<BTreeSet<String>>,
    /// Limits valued in USDT, for every margin coin [`Self::coins`] does not name (a coin's
    /// values converted at the contract's mark price).
    #[serde(default)]
    pub usdt: Limits,
    /// Limits of a margin coin, in that coin.
    #[serde(default)]
    pub coins: BTreeMap<String, Limits>,
}

impl RiskLimits {
    /// The defaults of an agent's server when the person set none: orders of at most 1,000
    /// USDT of notional, positions of at most 5,000, 10 working orders a contract, 30 new
    /// orders a minute, and a daily loss of 200 (each valued in USDT for every coin).
    pub fn agent_defaults() -> RiskLimits {
        RiskLimits {
            contracts: None,
            usdt: Limits {
                max_order_notional: Some(Decimal::from(1_000)),
                max_position_notional: Some(Decimal::from(5_000)),
                max_open_orders: Some(10),
                max_orders_per_minute: Some(30),
                max_daily_loss: Some(Decimal::from(200)),
            },
            coins: BTreeMap::new(),
        }
    }

    /// The limits of `coin` and the price that turns a value in `coin` into the limits' unit
    /// (1 for the coin's own limits or USDT; the mark for another coin under the USDT limits).
    fn of(&self, coin: &str, mark: Option<Decimal>) -> (&Limits, Option<Decimal>) {
        match self.coins.get(coin) {
            Some(l) => (l, Some(Decimal::ONE)),
            None if coin.eq_ignore_ascii_case("USDT") => (&self.usdt, Some(Decimal::ONE)),
            None => (&self.usdt, mark),
        }
    }
}

/// Which limit refused an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    /// The contract is not among those allowed.
    Contract,
    /// The day's loss limit was reached: only orders that reduce pass.
    ReducingOnly,
    /// The order's notional.
    OrderNotional,
    /// The position it would reach.
    PositionNotional,
    /// The working orders of the contract.
    OpenOrders,
    /// New orders in the last minute.
    OrdersPerMinute,
}

impl Limit {
    /// The limit's name, as the profile's `[risk]` table and the refusals write it.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Contract => "contracts",
            Limit::ReducingOnly => "max_daily_loss",
            Limit::OrderNotional => "max_order_notional",
            Limit::PositionNotional => "max_position_notional",
            Limit::OpenOrders => "max_open_orders",
            Limit::OrdersPerMinute => "max_orders_per_minute",
        }
    }
}

/// A refused order: the limit, the value it would have had and the maximum, before anything
/// was signed or sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// The limit.
    pub limit: Limit,
    /// The value the order would have had (a notional, a count, the day's loss).
    pub value: Decimal,
    /// The limit's maximum (in the same unit).
    pub maximum: Decimal,
    /// The unit of both (`USDT`, the margin coin, `orders`).
    pub unit: String,
    /// What was refused, in words.
    pub detail: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "refused by the risk limit {}: {} ({} {} against a maximum of {} {}); nothing was sent",
            self.limit.name(),
            self.detail,
            self.value.normalize(),
            self.unit,
            self.maximum.normalize(),
            self.unit
        )
    }
}

impl std::error::Error for Refusal {}

/// An order as the guard reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ticket {
    /// The contract.
    pub contract: String,
    /// `true` for a buy.
    pub buy: bool,
    /// Isolated margin (else cross): part of the position's identity.
    pub isolated: bool,
    /// `true` when it opens or adds to a position (`open: OPEN`), `false` when it closes.
    pub opens: bool,
    /// A market order (valued at the book or the mark, not at its price).
    pub market: bool,
    /// Contracts.
    pub volume: Decimal,
    /// The limit price (not read for a market order).
    pub price: Decimal,
}

/// What the guard knows of the contract and the account when it checks an order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Exposure {
    /// The contract's margin coin (`USDT`, `BTC`).
    pub margin_coin: String,
    /// Valued inversely (coin-margined).
    pub inverse: bool,
    /// Face value of one contract.
    pub multiplier: Decimal,
    /// The mark price, if known.
    pub mark: Option<Decimal>,
    /// The levels a market order of this side takes (asks for a buy), best first, if known.
    pub book: Option<Vec<(Decimal, Decimal)>>,
    /// Contracts already in the position this order adds to (contract, side, margin mode).
    pub position: Decimal,
    /// Working orders of the account in the contract.
    pub open_orders: u32,
}

impl Exposure {
    /// The notional of `volume` contracts at `price`, in the margin coin.
    fn notional(&self, volume: Decimal, price: Decimal) -> Option<Decimal> {
        let base = volume.checked_mul(self.multiplier)?;
        if self.inverse {
            (!price.is_zero())
                .then(|| base.checked_div(price))
                .flatten()
        } else {
            base.checked_mul(price)
        }
    }

    /// The price a ticket is valued at: its limit price; for a market order the worst level
    /// the book shows for its volume, or 5% worse than the mark (in notional terms: higher
    /// for a linear contract, lower for an inverse one) when the book cannot fill it.
    fn price(&self, t: &Ticket) -> Option<Decimal> {
        if !t.market {
            return Some(t.price);
        }
        if let Some(levels) = &self.book {
            let mut left = t.volume;
            for (price, size) in levels {
                left -= *size;
                if left <= Decimal::ZERO {
                    return Some(*price);
                }
            }
        }
        let worse = Decimal::new(105, 2);
        let mark = self.mark?;
        if self.inverse {
            mark.checked_div(worse)
        } else {
            mark.checked_mul(worse)
        }
    }
}

/// The day's realised result of each margin coin, and the UTC day it is of.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Days since the Unix epoch (UTC).
    pub day: i64,
    /// Realised profit (negative: loss) since the day began, net of fees and funding, by coin.
    pub realised: BTreeMap<String, Decimal>,
}

const DAY_MS: i64 = 86_400_000;
const MINUTE_MS: i64 = 60_000;

#[derive(Debug, Default)]
struct State {
    tally: Tally,
    /// Times (ms) of the new orders admitted in the last minute.
    sent: VecDeque<i64>,
    /// The last mark price seen of each margin coin's contracts (a coin's loss in USDT).
    marks: BTreeMap<String, Decimal>,
    /// The fee each order had paid at its last update (the stream's `n` is the order's total).
    #[cfg(feature = "user-stream")]
    fees: BTreeMap<i64, Decimal>,
}

impl State {
    /// Moves the tally to the day of `now_ms`.
    fn roll(&mut self, now_ms: i64) {
        let day = now_ms.div_euclid(DAY_MS);
        if day != self.tally.day {
            self.tally = Tally {
                day,
                realised: BTreeMap::new(),
            };
        }
    }
}

/// The guard: limits and what it has seen.
#[derive(Debug)]
pub struct RiskGuard {
    limits: RiskLimits,
    state: Mutex<State>,
}

/// A margin coin's standing against its limits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CoinStatus {
    /// The coin.
    pub coin: String,
    /// The day's realised result (negative: a loss), net of fees and funding.
    pub realised_today: Decimal,
    /// Its loss limit, in the unit of its limits (`None`: no limit).
    pub max_daily_loss: Option<Decimal>,
    /// Reducing-only: the loss limit was reached today.
    pub reducing_only: bool,
}

/// The guard's standing: its limits, the orders of the last minute, each coin's day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RiskStatus {
    /// The limits.
    pub limits: RiskLimits,
    /// New orders admitted in the last 60 s.
    pub orders_last_minute: u32,
    /// Each coin seen today.
    pub coins: Vec<CoinStatus>,
}

impl RiskGuard {
    /// A guard of `limits`, with nothing seen yet.
    pub fn new(limits: RiskLimits) -> RiskGuard {
        RiskGuard {
            limits,
            state: Mutex::new(State::default()),
        }
    }

    /// A guard that carries on from `tally` (read back after a restart) when it is of today.
    pub fn resume(limits: RiskLimits, tally: Tally) -> RiskGuard {
        RiskGuard {
            limits,
            state: Mutex::new(State {
                tally,
                ..State::default()
            }),
        }
    }

    /// The limits.
    pub fn limits(&self) -> &RiskLimits {
        &self.limits
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Checks `ticket` against the limits with what `exposure` says, at exchange time `now_ms`,
    /// and counts it as sent when it passes. Refused: nothing is counted, nothing may be sent.
    pub fn admit(&self, ticket: &Ticket, exposure: &Exposure, now_ms: i64) -> Result<(), Refusal> {
        self.check(ticket, exposure, now_ms)?;
        self.state().sent.push_back(now_ms);
        Ok(())
    }

    /// [`Self::admit`] without counting the order: a dry run.
    pub fn check(&self, t: &Ticket, x: &Exposure, now_ms: i64) -> Result<(), Refusal> {
        let refuse = |limit, value: Decimal, maximum: Decimal, unit: &str, detail: String| {
            Err(Refusal {
                limit,
                value,
                maximum,
                unit: unit.to_owned(),
                detail,
            })
        };
        if let Some(allowed) = &self.limits.contracts
            && !allowed.contains(&t.contract)
        {
            return refuse(
                Limit::Contract,
                Decimal::ZERO,
                Decimal::ZERO,
                "",
                format!(
                    "{} is not among the contracts allowed ({})",
                    t.contract,
                    allowed.iter().cloned().collect::<Vec<_>>().join(", ")
                ),
            );
        }
        let (limits, to_unit) = self.limits.of(&x.margin_coin, x.mark);
        let unit = if self.limits.coins.contains_key(&x.margin_coin) {
            x.margin_coin.clone()
        } else {
            "USDT".to_owned()
        };
        let mut state = self.state();
        state.roll(now_ms);
        if let Some(mark) = x.mark {
            state.marks.insert(x.margin_coin.clone(), mark);
        }
        if t.opens
            && let Some((loss, max)) = self.day_loss(&state, &x.margin_coin, to_unit)
            && loss >= max
        {
            return refuse(
                Limit::ReducingOnly,
                loss,
                max,
                &unit,
                format!(
                    "the day's realised loss in {} reached its limit: the account is reducing-only \
                     until 00:00 UTC (cancels, closing orders and transfers to the wallet pass)",
                    x.margin_coin
                ),
            );
        }
        if t.opens {
            // Valued in the limits' unit; without a price to convert at, a limit in USDT
            // cannot judge a coin-margined order, and refuses it rather than guess.
            let price = x.price(t);
            let value = |volume: Decimal| {
                let native = x.notional(volume, price?)?;
                native.checked_mul(to_unit?)
            };
            if let Some(max) = limits.max_order_notional {
                match value(t.volume) {
                    Some(v) if v <= max => {}
                    Some(v) => {
                        return refuse(
                            Limit::OrderNotional,
                            v.round_dp(8),
                            max,
                            &unit,
                            format!("{} {} of {}", t.volume, "contracts", t.contract),
                        );
                    }
                    None => {
                        return refuse(
                            Limit::OrderNotional,
                            Decimal::ZERO,
                            max,
                            &unit,
                            format!(
                                "no price to value the order at ({} has no book or mark known)",
                                t.contract
                            ),
                        );
                    }
                }
            }
            if let Some(max) = limits.max_position_notional {
                let reach = x.position + t.volume;
                match value(reach) {
                    Some(v) if v <= max => {}
                    other => {
                        return refuse(
                            Limit::PositionNotional,
                            other.unwrap_or_default().round_dp(8),
                            max,
                            &unit,
                            format!(
                                "the {} position in {} would reach {reach} contracts",
                                if t.buy { "long" } else { "short" },
                                t.contract
                            ),
                        );
                    }
                }
            }
        }
        if let Some(max) = limits.max_open_orders
            && !t.market
            && x.open_orders >= max
        {
            return refuse(
                Limit::OpenOrders,
                Decimal::from(x.open_orders + 1),
                Decimal::from(max),
                "orders",
                format!("a working order more in {}", t.contract),
            );
        }
        if let Some(max) = limits.max_orders_per_minute {
            while state
                .sent
                .front()
                .is_some_and(|at| *at <= now_ms - MINUTE_MS)
            {
                state.sent.pop_front();
            }
            let n = u32::try_from(state.sent.len()).unwrap_or(u32::MAX);
            if n >= max {
                return refuse(
                    Limit::OrdersPerMinute,
                    Decimal::from(n + 1),
                    Decimal::from(max),
                    "orders",
                    "new orders in the last 60 seconds".to_owned(),
                );
            }
        }
        Ok(())
    }

    /// The day's loss of `coin` and its limit, both in the limits' unit (`None`: no limit, or
    /// no price to convert at).
    fn day_loss(
        &self,
        state: &State,
        coin: &str,
        to_unit: Option<Decimal>,
    ) -> Option<(Decimal, Decimal)> {
        let (limits, _) = self.limits.of(coin, None);
        let max = limits.max_daily_loss?;
        let realised = state.tally.realised.get(coin).copied().unwrap_or_default();
        let loss = (-realised).max(Decimal::ZERO).checked_mul(to_unit?)?;
        Some((loss, max))
    }

    /// Whether the account is reducing-only in `coin` now (`mark` converts a coin's loss for
    /// limits in USDT; the last mark seen when `None`).
    pub fn reducing_only(&self, coin: &str, mark: Option<Decimal>, now_ms: i64) -> bool {
        let mut state = self.state();
        state.roll(now_ms);
        let mark = mark.or_else(|| state.marks.get(coin).copied());
        let (_, to_unit) = self.limits.of(coin, mark);
        self.day_loss(&state, coin, to_unit)
            .is_some_and(|(loss, max)| loss >= max)
    }

    /// Adds a realised result of `coin` at exchange time `at_ms`: a fill's realised profit
    /// (negative: a loss) less its fee, or a funding payment (negative: paid). One of another
    /// day than the tally's starts a new tally when it is later, and is ignored when earlier.
    pub fn record(&self, coin: &str, amount: Decimal, at_ms: i64) {
        let mut state = self.state();
        let day = at_ms.div_euclid(DAY_MS);
        if day < state.tally.day {
            return;
        }
        state.roll(at_ms);
        *state.tally.realised.entry(coin.to_owned()).or_default() += amount;
    }

    /// Takes a private-stream event into the day's tally: a fill's realised profit less the fee
    /// it paid, and a funding payment (an account update of reason `FUNDING_FEE`).
    #[cfg(feature = "user-stream")]
    pub fn observe(&self, event: &crate::Event) {
        match event {
            crate::Event::OrderTradeUpdate(u) => {
                let o = &u.order;
                let fee = {
                    let mut state = self.state();
                    let total = o.fee.unwrap_or_default();
                    let before = state.fees.insert(o.order_id, total).unwrap_or_default();
                    if matches!(
                        o.status,
                        crate::OrderStatus::Filled
                            | crate::OrderStatus::Cancelled
                            | crate::OrderStatus::Rejected
                    ) {
                        state.fees.remove(&o.order_id);
                    }
                    total - before
                };
                let realised = o.realized_profit.unwrap_or_default() - fee;
                if !realised.is_zero() {
                    let coin = o
                        .fee_asset
                        .clone()
                        .unwrap_or_else(|| margin_coin(&o.symbol, false));
                    let at = o.trade_time.unwrap_or(u.event_time).0;
                    self.record(&coin, realised, at);
                }
            }
            crate::Event::AccountUpdate(a)
                if a.update
                    .reason
                    .as_ref()
                    .is_some_and(|r| r.as_str() == "FUNDING_FEE") =>
            {
                for b in a.update.balances.iter().flatten() {
                    if let Some(change) = b.balance_change {
                        self.record(&b.asset, change, a.event_time.0);
                    }
                }
            }
            _ => {}
        }
    }

    /// The day's tally, to save (read back with [`Self::resume`]).
    pub fn tally(&self) -> Tally {
        self.state().tally.clone()
    }

    /// The guard's standing at `now_ms` (`marks` convert coins for limits in USDT).
    pub fn status(&self, now_ms: i64, marks: &BTreeMap<String, Decimal>) -> RiskStatus {
        let mut state = self.state();
        state.roll(now_ms);
        let orders_last_minute = u32::try_from(
            state
                .sent
                .iter()
                .filter(|at| **at > now_ms - MINUTE_MS)
                .count(),
        )
        .unwrap_or(u32::MAX);
        let coins = state
            .tally
            .realised
            .iter()
            .map(|(coin, realised)| {
                let (limits, to_unit) = self.limits.of(coin, marks.get(coin).copied());
                CoinStatus {
                    coin: coin.clone(),
                    realised_today: *realised,
                    max_daily_loss: limits.max_daily_loss,
                    reducing_only: self
                        .day_loss(&state, coin, to_unit)
                        .is_some_and(|(loss, max)| loss >= max),
                }
            })
            .collect();
        RiskStatus {
            limits: self.limits.clone(),
            orders_last_minute,
            coins,
        }
    }
}

impl Ticket {
    /// A new order of the shipped spec as the guard reads it.
    pub fn of(req: &crate::NewOrderRequest) -> Ticket {
        Ticket {
            contract: req.contract_name.clone(),
            buy: req.side == crate::Side::Buy,
            isolated: req.position_type == crate::PositionType::Isolated,
            opens: req.open != crate::Open::Close,
            market: req.order_type == crate::OrderType::Market,
            volume: req.volume,
            price: req.price,
        }
    }
}

/// The margin coin of `contract` on `client`'s product: a USDT-margined contract settles in its
/// last part (`E-BTC-USDT`: USDT), a coin-margined one in its base (`E-BTC-USD`: BTC).
pub fn margin_coin(contract: &str, inverse: bool) -> String {
    let mut parts = contract.split('-');
    let coin = if inverse {
        parts.nth(1)
    } else {
        parts.next_back()
    };
    coin.unwrap_or(contract).to_owned()
}

/// What a guard needs to judge `ticket`, read over REST through `client`: the contract's face
/// value (from the contract list the precheck keeps), the mark price (`index`), for a market
/// order the levels it would take (`depth`), the position it adds to (`account`) and the working
/// orders of its contract (`open_orders`, conditional orders waiting for their trigger not
/// counted, as the exchange counts them toward `maxValidOrder`). Reads only: nothing is sent
/// that could trade.
pub async fn exposure(client: &crate::Client, ticket: &Ticket) -> Result<Exposure, crate::Error> {
    use crate::{OrderStatus, PositionType, Product, Side};
    let inverse = client.product() == Product::CoinMargined;
    let limits = crate::checks::facade_limits(client, &ticket.contract).await?;
    let multiplier = limits.and_then(|l| l.multiplier).unwrap_or(Decimal::ONE);
    let mark = client
        .index(ticket.contract.clone())
        .send()
        .await
        .ok()
        .and_then(|i| i.mark_price);
    let book = if ticket.market {
        let depth = client
            .depth(ticket.contract.clone())
            .limit(100)
            .send()
            .await?;
        let side = if ticket.buy { depth.asks } else { depth.bids };
        Some(side.iter().map(|l| (l.price, l.quantity)).collect())
    } else {
        None
    };
    let (side, margin) = (
        if ticket.buy { Side::Buy } else { Side::Sell },
        if ticket.isolated {
            PositionType::Isolated
        } else {
            PositionType::Cross
        },
    );
    let account = client.account().send().await?;
    let position = account
        .account
        .iter()
        .flat_map(|b| &b.position_vos)
        .filter(|g| g.contract_name == ticket.contract)
        .flat_map(|g| &g.positions)
        .filter(|p| {
            p.side.as_ref() == Some(&side)
                && p.position_type.as_ref().unwrap_or(&PositionType::Cross) == &margin
        })
        .filter_map(|p| p.volume)
        .sum();
    let open = client.open_orders(ticket.contract.clone()).send().await?;
    let working = open
        .iter()
        .filter(|o| o.status.as_ref() != Some(&OrderStatus::Init))
        .count();
    Ok(Exposure {
        margin_coin: margin_coin(&ticket.contract, inverse),
        inverse,
        multiplier,
        mark,
        book,
        position,
        open_orders: u32::try_from(working).unwrap_or(u32::MAX),
    })
}

/// The guard a client's orders pass (one per client and its clones).
#[derive(Default)]
struct Installed(Mutex<Option<std::sync::Arc<RiskGuard>>>);

/// Puts `guard` in front of every new order `client` (and each of its clones) sends, whatever
/// sends it (a strategy, the command line, a program of one's own): the order's exposure is read
/// over REST and the guard judges it after the contract-limits precheck, before anything is
/// signed; a refusal is `Error::InvalidArgument` naming the limit, and nothing is sent.
/// `strategy::run_live_with_orders` feeds the guard the day's fills and funding.
pub fn install(client: &crate::Client, guard: std::sync::Arc<RiskGuard>) {
    *client
        .core()
        .extension::<Installed>()
        .0
        .lock()
        .unwrap_or_else(|p| p.into_inner()) = Some(guard);
}

/// The guard installed on `client`, if any.
pub fn installed(client: &crate::Client) -> Option<std::sync::Arc<RiskGuard>> {
    client
        .core()
        .extension::<Installed>()
        .0
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
}

/// Whether a guard is installed on a client of any spec's expansion (only this crate's own
/// `Client` takes one).
#[doc(hidden)]
pub fn installed_any<C: std::any::Any>(client: &C) -> bool {
    (client as &dyn std::any::Any)
        .downcast_ref::<crate::Client>()
        .is_some_and(|c| installed(c).is_some())
}

/// [`install`] for the client of any spec's expansion: only this crate's own `Client` takes a
/// guard (the guard reads this spec's orders); `false` for another.
pub fn install_on<C: std::any::Any>(client: &C, guard: std::sync::Arc<RiskGuard>) -> bool {
    match (client as &dyn std::any::Any).downcast_ref::<crate::Client>() {
        Some(c) => {
            install(c, guard);
            true
        }
        None => false,
    }
}

/// The installed guard's judgement of a new order, for the send path of any spec's expansion
/// (the `contract_limits` precheck): this crate's own orders with a guard installed are judged;
/// anything else passes.
#[doc(hidden)]
pub async fn guarded<C, R, Code>(
    client: &C,
    request: &R,
) -> Result<(), contango_runtime::Error<Code>>
where
    C: std::any::Any + Sync,
    R: std::any::Any + Sync,
    Code: contango_runtime::ApiCode,
{
    let (Some(client), Some(request)) = (
        (client as &dyn std::any::Any).downcast_ref::<crate::Client>(),
        (request as &dyn std::any::Any).downcast_ref::<crate::NewOrderRequest>(),
    ) else {
        return Ok(());
    };
    let Some(guard) = installed(client) else {
        return Ok(());
    };
    let ticket = Ticket::of(request);
    let refuse = |param: &'static str, reason: String| {
        contango_runtime::Error::InvalidArgument(contango_runtime::InvalidArgument::new(
            param, reason,
        ))
    };
    let x = exposure(client, &ticket).await.map_err(|e| {
        refuse(
            "risk",
            format!("the risk limits cannot be checked, so nothing was sent: {e}"),
        )
    })?;
    guard
        .admit(&ticket, &x, client.core().timestamp_ms())
        .map_err(|r| refuse(r.limit.name(), r.to_string()))
}

#[cfg(test)]
#[path = "risk_tests.rs"]
mod tests;
