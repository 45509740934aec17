//! Market data computed from the books and the trades: depth, 24 h ticker, candlesticks.
//!
//! The ticker covers the trades of the last 24 hours of the exchange clock (`rose` =
//! (last − first) / first); without trades every price is the mark price. Candles are built from
//! the trades of each interval (a month counts 30 days); without any trade one flat candle at the
//! mark price covers the current interval.

use contango::{Kline, KlineInterval, Millis, OrderBook, PriceLevel, Seconds, Ticker};
use rust_decimal::Decimal;

use crate::engine::Side;
use crate::error::{SimError, SimResult};
use crate::events::blank;
use crate::state::Market;

/// Up to `limit` levels per side.
pub fn depth(m: &Market, limit: usize, now: i64) -> OrderBook {
    let levels = |side| {
        m.book
            .levels(&side, limit)
            .into_iter()
            .map(|(price, quantity)| PriceLevel { price, quantity })
            .collect()
    };
    OrderBook {
        time: Some(Millis(now)),
        bids: levels(Side::Buy),
        asks: levels(Side::Sell),
    }
}

/// The 24 h ticker.
pub fn ticker(m: &Market, now: i64) -> SimResult<Ticker> {
    let since = now - 24 * 3600 * 1000;
    let recent: Vec<_> = m.prints.iter().filter(|p| p.time >= since).collect();
    let mut t: Ticker = blank("{}")?;
    let last = m.prints.last().map_or(m.mark, |p| p.price);
    let first = recent.first().map_or(last, |p| p.price);
    t.time = Some(Millis(since));
    t.high = Some(recent.iter().map(|p| p.price).max().unwrap_or(last));
    t.low = Some(recent.iter().map(|p| p.price).min().unwrap_or(last));
    t.last = Some(last);
    t.vol = Some(recent.iter().map(|p| p.volume).sum());
    t.rose = Some(if first.is_zero() {
        Decimal::ZERO
    } else {
        (last - first) / first
    });
    Ok(t)
}

/// Length of an interval in milliseconds.
pub fn interval_ms(i: &KlineInterval) -> SimResult<i64> {
    Ok(match i {
        KlineInterval::OneMinute => 60_000,
        KlineInterval::FiveMinutes => 300_000,
        KlineInterval::FifteenMinutes => 900_000,
        KlineInterval::ThirtyMinutes => 1_800_000,
        KlineInterval::OneHour => 3_600_000,
        KlineInterval::OneDay => 86_400_000,
        KlineInterval::OneWeek => 7 * 86_400_000,
        KlineInterval::OneMonth => 30 * 86_400_000,
        _ => return Err(SimError::param("interval")),
    })
}

/// The newest `limit` candles, oldest first.
pub fn klines(
    m: &Market,
    interval: &KlineInterval,
    limit: usize,
    now: i64,
) -> SimResult<Vec<Kline>> {
    let width = interval_ms(interval)?;
    let mut candles: Vec<Kline> = Vec::new();
    let mut current: Option<i64> = None;
    for p in &m.prints {
        let start = p.time.div_euclid(width) * width;
        if current != Some(start) {
            let mut k: Kline = blank(r#"{"idx":0}"#)?;
            k.idx = Seconds(start / 1000);
            k.open = Some(p.price);
            k.high = Some(p.price);
            k.low = Some(p.price);
            k.vol = Some(Decimal::ZERO);
            candles.push(k);
            current = Some(start);
        }
        if let Some(k) = candles.last_mut() {
            k.high = k.high.map(|h| h.max(p.price));
            k.low = k.low.map(|l| l.min(p.price));
            k.close = Some(p.price);
            k.vol = Some(k.vol.unwrap_or_default() + p.volume);
        }
    }
    if candles.is_empty() {
        let mut k: Kline = blank(r#"{"idx":0}"#)?;
        k.idx = Seconds(now.div_euclid(width) * width / 1000);
        k.open = Some(m.mark);
        k.high = Some(m.mark);
        k.low = Some(m.mark);
        k.close = Some(m.mark);
        k.vol = Some(Decimal::ZERO);
        candles.push(k);
    }
    let skip = candles.len().saturating_sub(limit);
    Ok(candles.split_off(skip))
}
