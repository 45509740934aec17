//! A contract's live state ([`Market`]: its book, mark price, tape of trades, triggers, sourced
//! source), and the market data computed from it: depth, 24 h statistics, candlesticks. The REST
//! endpoints and the market stream both read them from here, so the two agree.
//!
//! The tape ([`super::tape`]) keeps the latest trades and their candles, capped.
//!
//! The ticker covers the trades of the last 24 hours of the exchange clock, at minute resolution
//! (`rose` = (last − first) / first, to 8 places as the real server writes it); without trades
//! every price is the mark price. Candles are built from the trades of each interval (a month counts 30 days); without any
//! trade one flat candle at the mark price covers the current interval.

use std::collections::BTreeMap;

use contango::{
    DurationSeconds, Kline, KlineInterval, MarkPrice, Millis, OrderBook, PriceLevel, Seconds,
    Ticker,
};
use rust_decimal::Decimal;

use super::book::source::SourceBook;
use super::book::{Book, Side, TriggerIndex};
use super::tape::{Candle, Tape};
use crate::config::{ContractConfig, Funding};
use crate::error::{SimError, SimResult};

/// A contract's live state.
#[derive(Debug, Clone)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Market {
    /// Its configuration.
    pub cfg: ContractConfig,
    /// Its order book.
    pub book: Book,
    /// Mark price (unrealized PnL, liquidation, the -1155 band).
    pub mark: Decimal,
    /// Trades.
    pub tape: Tape,
    /// Pending triggers of conditional orders.
    pub triggers: TriggerIndex,
    /// The market a source drives, when one does (its updates: [`super::source_updates`]).
    pub source: Option<SourceMarket>,
    /// The next funding time of a contract with funding (`super::funding`).
    pub next_funding: Option<i64>,
}

impl Market {
    /// A contract at its starting price at exchange time `now`: nothing in the book, no trade.
    pub fn new(cfg: &ContractConfig, source: Option<SourceMarket>, now: i64) -> Market {
        Market {
            cfg: cfg.clone(),
            book: Book::default(),
            mark: cfg.initial_price,
            tape: Tape::default(),
            triggers: TriggerIndex::default(),
            source,
            next_funding: cfg.funding.map(|f| f.next_after(now)),
        }
    }

    /// Up to `limit` aggregated levels `(price, volume)` of `side`, best first: the orders in the
    /// book, and on a source contract the source's levels (less what our fills took) with our
    /// resting orders added at their prices.
    pub fn levels(&self, side: Side, limit: usize) -> Vec<(Decimal, Decimal)> {
        let Some(source) = &self.source else {
            return self.book.levels(&side, limit);
        };
        let ours = self.book.levels(&side, usize::MAX);
        if ours.is_empty() {
            return source.book.levels(side, limit);
        }
        let mut merged: BTreeMap<Decimal, Decimal> = BTreeMap::new();
        for (p, v) in source.book.levels(side, usize::MAX).into_iter().chain(ours) {
            *merged.entry(p).or_default() += v;
        }
        let levels = merged.into_iter();
        match side {
            Side::Buy => levels.rev().take(limit).collect(),
            Side::Sell => levels.take(limit).collect(),
        }
    }

    /// The price of the last trade; the mark price before any.
    pub fn last_price(&self) -> Decimal {
        self.tape.last().map_or(self.mark, |p| p.price)
    }

    /// The index price, the spot reference the mark follows: the mid of the best bid and ask
    /// the contract shows (a source contract's source book with our orders in it, else the
    /// book the driver and the accounts quote), or the mark price while a side is empty.
    pub fn index_price(&self) -> Decimal {
        let best = |side| self.levels(side, 1).first().map(|(p, _)| *p);
        match (best(Side::Buy), best(Side::Sell)) {
            (Some(bid), Some(ask)) => ((bid + ask) / Decimal::TWO).normalize(),
            _ => self.mark,
        }
    }

    /// `GET /v1/index`: the mark and index prices and the funding at exchange time `now`. With
    /// funding off the rates are 0 and the countdown runs to the next 8-hour boundary, where
    /// the exchange funds.
    pub fn mark_price(&self, now: i64) -> MarkPrice {
        let funding = self.cfg.funding;
        let rate = funding.map_or(Decimal::ZERO, |f| f.rate);
        let schedule = funding.unwrap_or(Funding {
            rate,
            interval_ms: Funding::EIGHT_HOURS_MS,
        });
        // Whole seconds, rounded up: 0 only at the funding time itself, which is never "next".
        let left_ms = schedule.next_after(now).saturating_sub(now);
        let mut v = MarkPrice::new();
        v.mark_price = Some(self.mark);
        v.index_price = Some(self.index_price());
        v.current_fund_rate = Some(rate);
        // A configured rate is a schedule of one rate: the next period's is the same.
        v.next_fund_rate = Some(rate);
        v.until_funding = Some(DurationSeconds((left_ms + 999) / 1000));
        v
    }
}

/// The state of a contract's source.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum SourceHealth {
    /// No snapshot yet: nothing to match against.
    Waiting,
    /// Matching against the source's book.
    Live,
    /// Matching paused until a good snapshot arrives.
    Degraded {
        /// Why: the book is crossed, the source is stale or disconnected.
        reason: String,
    },
}

impl SourceHealth {
    /// Whether orders match against the source now.
    pub fn is_live(&self) -> bool {
        *self == SourceHealth::Live
    }
}

/// What a market source drives of a contract: the source's book as it shows it, the queue
/// ahead of each of our resting orders, the source's health.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct SourceMarket {
    /// The source's book and what our fills took from it.
    pub book: SourceBook,
    /// The source's size queued ahead of each of our resting orders, by order id.
    pub ahead: BTreeMap<i64, Decimal>,
    /// Matching state.
    pub health: SourceHealth,
    /// Exchange time of the last frame applied.
    pub last_ms: i64,
}

impl SourceMarket {
    /// A source market with no snapshot yet.
    pub fn new() -> Self {
        SourceMarket {
            book: SourceBook::default(),
            ahead: BTreeMap::new(),
            health: SourceHealth::Waiting,
            last_ms: 0,
        }
    }
}

/// The former name of [`SourceMarket`].
#[deprecated(note = "renamed `SourceMarket` (one name for a market source's contracts)")]
pub type MirroredMarket = SourceMarket;

impl Default for SourceMarket {
    fn default() -> Self {
        Self::new()
    }
}

/// The market-stream symbol of a contract name (`E-BTC-USDT` → `e_btcusdt`): its `<sym>` is the
/// contract name lower-cased, its first `-` (after the type letter) turned into `_` and the other
/// `-` removed.
pub fn channel_symbol(contract: &str) -> String {
    let lower = contract.to_ascii_lowercase();
    match lower.split_once('-') {
        Some((kind, rest)) => format!("{kind}_{}", rest.replace('-', "")),
        None => lower,
    }
}

/// Up to `limit` levels per side.
pub fn depth(m: &Market, limit: usize, now: i64) -> OrderBook {
    OrderBook {
        time: Some(Millis(now)),
        bids: stepped_levels(m, Side::Buy, 0, limit),
        asks: stepped_levels(m, Side::Sell, 0, limit),
    }
}

/// Up to `limit` levels of a side, best first, with prices aggregated to multiples of
/// `price tick × 10^step` (the price tick being `10^-pricePrecision`): asks rounded up, bids
/// down, volumes of levels that land on one price summed. Step 0 is the exact book.
pub fn stepped_levels(m: &Market, side: Side, step: u32, limit: usize) -> Vec<PriceLevel> {
    if step == 0 {
        return m
            .levels(side, limit)
            .into_iter()
            .map(|(price, quantity)| PriceLevel { price, quantity })
            .collect();
    }
    let bucket = bucket(m.cfg.price_precision, step);
    let mut out: Vec<PriceLevel> = Vec::new();
    for (price, quantity) in m.levels(side, usize::MAX) {
        let units = price / bucket;
        let rounded = if side == Side::Sell {
            units.ceil()
        } else {
            units.floor()
        };
        let price = (rounded * bucket).normalize();
        let full = out.len() == limit;
        match out.last_mut() {
            Some(last) if last.price == price => last.quantity += quantity,
            _ if full => break,
            _ => out.push(PriceLevel { price, quantity }),
        }
    }
    out
}

/// `10^(step − precision)`: the width of one aggregated price level.
fn bucket(precision: u32, step: u32) -> Decimal {
    let mut b = Decimal::new(1, precision.min(28));
    for _ in 0..step {
        b *= Decimal::TEN;
    }
    b
}

/// Statistics of the last 24 hours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// First price of the window (the latest price without trades).
    pub open: Decimal,
    /// Highest price.
    pub high: Decimal,
    /// Lowest price.
    pub low: Decimal,
    /// Latest price (the mark price before the first trade).
    pub last: Decimal,
    /// Contracts traded.
    pub vol: Decimal,
    /// Value traded.
    pub amount: Decimal,
    /// (last − open) / open.
    pub rose: Decimal,
}

/// The 24 h statistics at `now`, at minute resolution: the trades of the minutes that end after
/// `now` − 24 h.
pub fn stats(m: &Market, now: i64) -> Stats {
    let last = m.last_price();
    let window = m.tape.window(now - 24 * 3600 * 1000);
    let open = window.map_or(last, |w| w.open);
    Stats {
        open,
        high: window.map_or(last, |w| w.high),
        low: window.map_or(last, |w| w.low),
        last,
        vol: window.map_or(Decimal::ZERO, |w| w.vol),
        amount: window.map_or(Decimal::ZERO, |w| w.amount),
        rose: if open.is_zero() {
            Decimal::ZERO
        } else {
            ((last - open) / open).round_dp(8)
        },
    }
}

/// The 24 h ticker.
pub fn ticker(m: &Market, now: i64) -> SimResult<Ticker> {
    let s = stats(m, now);
    let mut t = Ticker::new();
    t.time = Some(Millis(now - 24 * 3600 * 1000));
    t.high = Some(s.high);
    t.low = Some(s.low);
    t.last = Some(s.last);
    t.vol = Some(s.vol);
    t.rose = Some(s.rose);
    Ok(t)
}

/// Length of an interval in milliseconds, from its wire name (the REST and the market stream's
/// intervals share their names).
pub fn interval_ms(wire: &str) -> SimResult<i64> {
    const MINUTE: i64 = 60_000;
    const DAY: i64 = 1_440 * MINUTE;
    Ok(match wire {
        "1min" => MINUTE,
        "5min" => 5 * MINUTE,
        "15min" => 15 * MINUTE,
        "30min" => 30 * MINUTE,
        "60min" | "1h" => 60 * MINUTE,
        "2h" => 120 * MINUTE,
        "4h" => 240 * MINUTE,
        "1day" => DAY,
        "1week" => 7 * DAY,
        "1month" => 30 * DAY,
        _ => return Err(SimError::param("interval")),
    })
}

/// Every candle of width `width` ms kept, oldest first: one per interval that has trades (or the
/// flat candle at the mark price when there is no trade at all).
pub fn candles(m: &Market, width: i64, now: i64) -> Vec<Candle> {
    let out = m.tape.candles(width);
    if out.is_empty() {
        return vec![Candle::flat(now.div_euclid(width) * width, m.mark)];
    }
    out
}

/// The newest candle (what the kline channel pushes): the one holding the newest trade, or
/// the flat candle at the mark price before any trade.
pub fn latest_candle(m: &Market, width: i64, now: i64) -> Candle {
    m.tape
        .latest_candle(width)
        .unwrap_or_else(|| Candle::flat(now.div_euclid(width) * width, m.mark))
}

/// The newest `limit` candles, oldest first.
pub fn klines(
    m: &Market,
    interval: &KlineInterval,
    limit: usize,
    now: i64,
) -> SimResult<Vec<Kline>> {
    let width = interval_ms(interval.as_str())?;
    let mut candles = candles(m, width, now);
    let skip = candles.len().saturating_sub(limit);
    candles
        .split_off(skip)
        .into_iter()
        .map(|c| {
            let mut k = Kline::new(Seconds(c.start / 1000));
            k.open = Some(c.open);
            k.high = Some(c.high);
            k.low = Some(c.low);
            k.close = Some(c.close);
            k.vol = Some(c.vol);
            Ok(k)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::default_contracts;
    use crate::exchange::book::Resting;
    use crate::exchange::tape::Print;
    use crate::exchange::tape::tests::print;

    fn dec(s: &str) -> Decimal {
        s.parse().unwrap_or_default()
    }

    /// The default ETH contract's market with an empty book and these prints.
    fn eth_market(prints: Vec<Print>) -> Market {
        let Some(cfg) = default_contracts()
            .into_iter()
            .find(|c| c.symbol == "E-ETH-USDT")
        else {
            panic!("the default ETH contract");
        };
        let mut m = Market::new(&cfg, None, 0);
        m.tape = Tape::from_prints(prints);
        m
    }

    #[test]
    fn rose_is_a_ratio_to_eight_places() {
        // As the real server writes it (`0.01198225`), not Decimal division's 28 digits.
        let m = eth_market(vec![print(1_000, 3), print(2_000, 4)]);
        assert_eq!(stats(&m, 3_000).rose, dec("0.33333333"));
    }

    #[test]
    fn stepped_levels_round_outwards_and_sum() {
        let mut m = eth_market(Vec::new());
        let mut id = 0;
        let mut add = |side: Side, price: &str, volume: i64| {
            id += 1;
            let r = Resting {
                order_id: id,
                account: 1,
                remaining: Decimal::from(volume),
            };
            m.book.insert(&side, dec(price), r);
        };
        for (p, v) in [("100.05", 1), ("100.15", 2), ("100.10", 4), ("101.01", 8)] {
            add(Side::Sell, p, v);
        }
        for (p, v) in [("99.95", 1), ("99.91", 2), ("99.89", 4)] {
            add(Side::Buy, p, v);
        }
        let levels = |side, step, limit| -> Vec<(Decimal, Decimal)> {
            stepped_levels(&m, side, step, limit)
                .into_iter()
                .map(|l| (l.price, l.quantity))
                .collect()
        };
        // Price precision 2: step 1 aggregates to 0.1 (asks up, bids down).
        assert_eq!(
            levels(Side::Sell, 1, 30),
            vec![
                (dec("100.1"), dec("5")),
                (dec("100.2"), dec("2")),
                (dec("101.1"), dec("8"))
            ]
        );
        assert_eq!(
            levels(Side::Buy, 1, 30),
            vec![(dec("99.9"), dec("3")), (dec("99.8"), dec("4"))]
        );
        // Step 3: to 10; the limit counts aggregated levels.
        assert_eq!(levels(Side::Sell, 3, 30), vec![(dec("110"), dec("15"))]);
        assert_eq!(levels(Side::Sell, 1, 2).len(), 2);
        // Step 0 is the book as it is.
        assert_eq!(levels(Side::Buy, 0, 1), vec![(dec("99.95"), dec("1"))]);
    }
}
