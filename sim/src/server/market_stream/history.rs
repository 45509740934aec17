//! Answers to `req`: kline history pages and recent trades.
//!
//! - `market_<sym>_kline_<interval>` with `endIdx` (seconds; every candle when absent) and
//!   `pageSize` (default 100, at most 300; larger values are capped): the latest `pageSize`
//!   candles whose `id` ≤ `endIdx`, oldest first. Paging back: the next request's `endIdx` is the
//!   first answered `id` − 1.
//! - `market_<sym>_trade_ticker` with `top` (default 100, at most 300 as the exchange's current
//!   page allows; larger values are capped): the latest `top` trades, oldest first.
//!
//! A `pageSize` or `top` below 1, a value that is not an integer, or a `req` on another kind of
//! channel is refused with an error frame.

use super::channels::{Channel, Kind};
use super::frames::{self, Request};
use super::ticks;
use crate::error::SimResult;
use crate::exchange::market;
use crate::exchange::market::Market;

/// Default and largest kline page.
pub const PAGE_SIZE: (i64, i64) = (100, 300);
/// Default and largest number of recent trades.
pub const TOP: (i64, i64) = (100, 300);

/// The answer to `req` (`Err`: the refusal's message).
pub fn answer(r: &Request, channel: &Channel, m: &Market, now: i64) -> Result<String, String> {
    let built = match &channel.kind {
        Kind::Kline(interval) => {
            let end = r.end_idx.map_err(bad)?;
            let size = count(r.page_size.map_err(bad)?, PAGE_SIZE, "pageSize")?;
            klines(m, interval, end, size, now)
                .map(|data| frames::answer(&r.channel, r.cb_id.as_ref(), &data, now))
        }
        Kind::Trades => {
            let top = count(r.top.map_err(bad)?, TOP, "top")?;
            let prints = m.tape.prints();
            let start = prints.len().saturating_sub(top);
            prints
                .get(start..)
                .unwrap_or_default()
                .iter()
                .map(ticks::trade)
                .collect::<SimResult<Vec<_>>>()
                .map(|data| frames::answer(&r.channel, r.cb_id.as_ref(), &data, now))
        }
        Kind::Depth(_) | Kind::Ticker => {
            return Err("req answers kline and trade_ticker channels only".into());
        }
    };
    match built {
        Ok(Some(text)) => Ok(text),
        Ok(None) => Err("answer not serializable".into()),
        Err(e) => Err(e.message),
    }
}

fn bad(name: &str) -> String {
    format!("`{name}` must be an integer (a number or a string)")
}

/// A count in `1..=max` (capped), `default` when absent.
fn count(v: Option<i64>, (default, max): (i64, i64), name: &str) -> Result<usize, String> {
    let v = v.unwrap_or(default);
    if v < 1 {
        return Err(format!("`{name}` must be at least 1"));
    }
    Ok(usize::try_from(v.min(max)).unwrap_or(1))
}

fn klines(
    m: &Market,
    interval: &contango::StreamKlineInterval,
    end_idx: Option<i64>,
    size: usize,
    now: i64,
) -> SimResult<Vec<contango::MarketKline>> {
    let width = market::interval_ms(interval.as_str())?;
    let candles = market::candles(m, width, now);
    let end = end_idx.map_or(candles.len(), |e| {
        candles.partition_point(|c| c.start.div_euclid(1000) <= e)
    });
    let start = end.saturating_sub(size);
    candles
        .get(start..end)
        .unwrap_or_default()
        .iter()
        .map(ticks::kline)
        .collect()
}
