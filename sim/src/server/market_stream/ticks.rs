//! The payloads of the market stream, as the generated `Market*` types, from a contract's state
//! (through [`crate::exchange::market`], which the REST endpoints read too).
//!
//! Records are built with their typed constructors (`new`: the required fields; the optional
//! ones `None`), so a field the spec adds is a compile error here, not a failure at run time.

use contango::{
    MarketDepth, MarketKline, MarketTicker, MarketTrade, MarketTrades, Millis, Seconds,
};

use crate::error::SimResult;
use crate::exchange::book::Side;
use crate::exchange::market::{self, Market};
use crate::exchange::tape::{Candle, Print};
use crate::time::local_datetime;

/// Levels per side in a depth push.
pub const DEPTH_LEVELS: usize = 30;

/// `YYYY-MM-DD HH:MM:SS` (UTC), the `ds` text of trades and candles.
pub fn ds(ms: i64) -> String {
    local_datetime(ms).replacen('T', " ", 1)
}

/// The depth snapshot of `step` (30 levels a side); `true` when the book is empty (its frame
/// carries `ts: 0`, as the real server's).
pub fn depth(m: &Market, step: u32) -> SimResult<(MarketDepth, bool)> {
    let d = MarketDepth::new(
        market::stepped_levels(m, Side::Sell, step, DEPTH_LEVELS),
        market::stepped_levels(m, Side::Buy, step, DEPTH_LEVELS),
    );
    let empty = d.asks.is_empty() && d.buys.is_empty();
    Ok((d, empty))
}

/// One trade.
pub fn trade(p: &Print) -> SimResult<MarketTrade> {
    let mut t = MarketTrade::new(p.price, p.volume, p.taker_side.wire());
    t.id = Some(p.trade_id);
    t.amount = Some(p.amount);
    t.ds = Some(ds(p.time));
    t.ts = Some(Millis(p.time));
    Ok(t)
}

/// A trade_ticker push: the trades of one match.
pub fn trades(prints: &[Print]) -> SimResult<MarketTrades> {
    let mut t = MarketTrades::new(prints.iter().map(trade).collect::<SimResult<_>>()?);
    t.ts = prints.last().map(|p| Millis(p.time));
    Ok(t)
}

/// The 24 h ticker.
pub fn ticker(m: &Market, now: i64) -> SimResult<MarketTicker> {
    let s = market::stats(m, now);
    let mut t = MarketTicker::new();
    t.open = Some(s.open);
    t.close = Some(s.last);
    t.high = Some(s.high);
    t.low = Some(s.low);
    t.vol = Some(s.vol);
    t.amount = Some(s.amount);
    t.rose = Some(s.rose);
    Ok(t)
}

/// One candle.
pub fn kline(c: &Candle) -> SimResult<MarketKline> {
    let mut k = MarketKline::new(Seconds(c.start.div_euclid(1000)));
    k.open = Some(c.open);
    k.high = Some(c.high);
    k.low = Some(c.low);
    k.close = Some(c.close);
    k.vol = Some(c.vol);
    k.amount = Some(c.amount);
    k.ds = Some(ds(c.start));
    Ok(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ds_is_space_separated() {
        assert_eq!(ds(1_721_743_391_398), "2024-07-23 14:03:11");
    }
}
