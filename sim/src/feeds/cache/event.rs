//! A market event's payload in the cache: every field of the spec's depth, trades, ticker and
//! candle payloads (and an unlisted channel's raw `tick`), so what a replay hands a strategy
//! is what decoding the frame gives. The channel is not here: the cache names it once and
//! events refer to it ([`Channel`]).
//!
//! Each payload is taken apart field by field with no `..`: a field the spec adds does not
//! compile here until it is written, and the cache's format version goes up with it.

use contango::{
    DepthChannel, KlineChannel, MarketData, MarketDepth, MarketEvent, MarketKline, MarketTicker,
    MarketTrade, MarketTrades, Millis, PriceLevel, Seconds, Side, TickerChannel, TradesChannel,
};
use rust_decimal::Decimal;

use super::bytes::{Bad, Cursor, put_decimal, put_i64, put_opt_decimal, put_str, put_u64};

/// A channel as the cache names it once: its kind and its typed name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Channel {
    Depth(DepthChannel),
    Trades(TradesChannel),
    Ticker(TickerChannel),
    Kline(KlineChannel),
    /// A channel the spec does not list.
    Other(String),
}

impl Channel {
    /// The channel of `event`.
    pub(super) fn of(event: &MarketEvent) -> Channel {
        match event {
            MarketEvent::Depth(d) => Channel::Depth(d.channel.clone()),
            MarketEvent::Trades(d) => Channel::Trades(d.channel.clone()),
            MarketEvent::Ticker(d) => Channel::Ticker(d.channel.clone()),
            MarketEvent::Kline(d) => Channel::Kline(d.channel.clone()),
            MarketEvent::Other { channel, .. } => Channel::Other(channel.clone()),
        }
    }

    /// Appends its definition: its kind, then its name.
    pub(super) fn put(&self, out: &mut Vec<u8>) {
        let (kind, name) = match self {
            Channel::Depth(c) => (0, c.name()),
            Channel::Trades(c) => (1, c.name()),
            Channel::Ticker(c) => (2, c.name()),
            Channel::Kline(c) => (3, c.name()),
            Channel::Other(name) => (4, name.clone()),
        };
        out.push(kind);
        put_str(out, &name);
    }

    /// Reads a definition back.
    pub(super) fn read(c: &mut Cursor<'_>) -> Result<Channel, Bad> {
        let kind = c.u8()?;
        let name = c.str()?;
        let bad = || format!("`{name}` is not a channel of kind {kind}");
        Ok(match kind {
            0 => Channel::Depth(DepthChannel::parse(name).ok_or_else(bad)?),
            1 => Channel::Trades(TradesChannel::parse(name).ok_or_else(bad)?),
            2 => Channel::Ticker(TickerChannel::parse(name).ok_or_else(bad)?),
            3 => Channel::Kline(KlineChannel::parse(name).ok_or_else(bad)?),
            4 => Channel::Other(name.to_owned()),
            _ => return Err(format!("a channel of unknown kind {kind}")),
        })
    }
}

/// Appends `event`'s payload; `ts` is its frame time, which trade times are written against.
pub(super) fn put(out: &mut Vec<u8>, event: &MarketEvent, ts: i64) {
    match event {
        MarketEvent::Depth(MarketData { tick, .. }) => {
            let MarketDepth { asks, buys } = tick;
            put_levels(out, asks);
            put_levels(out, buys);
        }
        MarketEvent::Trades(MarketData { tick, .. }) => {
            let MarketTrades { data, ts: latest } = tick;
            put_u64(out, data.len() as u64);
            for t in data {
                put_trade(out, t, ts);
            }
            put_opt_ts(out, latest.as_ref(), ts);
        }
        MarketEvent::Ticker(MarketData { tick, .. }) => {
            let MarketTicker {
                open,
                close,
                high,
                low,
                vol,
                amount,
                rose,
            } = tick;
            for d in [open, close, high, low, vol, amount, rose] {
                put_opt_decimal(out, d.as_ref());
            }
        }
        MarketEvent::Kline(MarketData { tick, .. }) => {
            let MarketKline {
                id,
                open,
                high,
                low,
                close,
                vol,
                amount,
                ds,
            } = tick;
            put_i64(out, id.0);
            for d in [open, high, low, close, vol, amount] {
                put_opt_decimal(out, d.as_ref());
            }
            put_opt_str(out, ds.as_deref());
        }
        MarketEvent::Other { raw, .. } => put_str(out, raw),
    }
}

/// Reads the payload of an event of `channel` at frame time `ts`.
pub(super) fn read(c: &mut Cursor<'_>, channel: &Channel, ts: i64) -> Result<MarketEvent, Bad> {
    let at = Millis(ts);
    Ok(match channel {
        Channel::Depth(ch) => {
            let asks = read_levels(c)?;
            let buys = read_levels(c)?;
            MarketEvent::Depth(MarketData {
                channel: ch.clone(),
                ts: at,
                tick: MarketDepth { asks, buys },
            })
        }
        Channel::Trades(ch) => {
            let n = c.count()?;
            let mut data = Vec::with_capacity(n);
            for _ in 0..n {
                data.push(read_trade(c, ts)?);
            }
            let latest = read_opt_ts(c, ts)?;
            MarketEvent::Trades(MarketData {
                channel: ch.clone(),
                ts: at,
                tick: MarketTrades { data, ts: latest },
            })
        }
        Channel::Ticker(ch) => MarketEvent::Ticker(MarketData {
            channel: ch.clone(),
            ts: at,
            tick: MarketTicker {
                open: c.opt_decimal()?,
                close: c.opt_decimal()?,
                high: c.opt_decimal()?,
                low: c.opt_decimal()?,
                vol: c.opt_decimal()?,
                amount: c.opt_decimal()?,
                rose: c.opt_decimal()?,
            },
        }),
        Channel::Kline(ch) => MarketEvent::Kline(MarketData {
            channel: ch.clone(),
            ts: at,
            tick: MarketKline {
                id: Seconds(c.i64()?),
                open: c.opt_decimal()?,
                high: c.opt_decimal()?,
                low: c.opt_decimal()?,
                close: c.opt_decimal()?,
                vol: c.opt_decimal()?,
                amount: c.opt_decimal()?,
                ds: read_opt_str(c)?,
            },
        }),
        Channel::Other(name) => MarketEvent::Other {
            channel: name.clone(),
            raw: c.str()?.to_owned(),
        },
    })
}

/// A side's levels, each its price and quantity: most books write every price at one scale and
/// every quantity at another, a tick or so apart, so those are written as two scales, then
/// each level as the difference of its price's mantissa from the last one's and its
/// quantity's mantissa (two or three bytes a level); any other book as decimals one by one.
const LEVELS_EACH: u8 = 0;
const LEVELS_SCALED: u8 = 1;

fn put_levels(out: &mut Vec<u8>, levels: &[PriceLevel]) {
    put_u64(out, levels.len() as u64);
    let Some(first) = levels.first() else {
        return;
    };
    let (ps, qs) = (first.price.scale(), first.quantity.scale());
    let plain = |d: &Decimal, scale: u32| {
        d.scale() == scale
            && !(d.is_zero() && d.is_sign_negative())
            && i64::try_from(d.mantissa()).is_ok()
    };
    if !levels
        .iter()
        .all(|l| plain(&l.price, ps) && plain(&l.quantity, qs))
    {
        out.push(LEVELS_EACH);
        for PriceLevel { price, quantity } in levels {
            put_decimal(out, price);
            put_decimal(out, quantity);
        }
        return;
    }
    out.push(LEVELS_SCALED);
    // Scales are at most 28.
    out.push(ps as u8);
    out.push(qs as u8);
    let mut last = 0_i64;
    for PriceLevel { price, quantity } in levels {
        // Each fits 64 bits: checked above.
        let p = price.mantissa() as i64;
        put_i64(out, p.wrapping_sub(last));
        put_i64(out, quantity.mantissa() as i64);
        last = p;
    }
}

fn read_levels(c: &mut Cursor<'_>) -> Result<Vec<PriceLevel>, Bad> {
    let n = c.count()?;
    let mut levels = Vec::with_capacity(n);
    if n == 0 {
        return Ok(levels);
    }
    match c.u8()? {
        LEVELS_EACH => {
            for _ in 0..n {
                levels.push(PriceLevel {
                    price: c.decimal()?,
                    quantity: c.decimal()?,
                });
            }
        }
        LEVELS_SCALED => {
            let (ps, qs) = (u32::from(c.u8()?), u32::from(c.u8()?));
            let bad = |e: rust_decimal::Error| format!("not a decimal: {e}");
            let mut last = 0_i64;
            for _ in 0..n {
                last = last.wrapping_add(c.i64()?);
                let price = Decimal::try_new(last, ps).map_err(bad)?;
                let quantity = Decimal::try_new(c.i64()?, qs).map_err(bad)?;
                levels.push(PriceLevel { price, quantity });
            }
        }
        b => return Err(format!("levels written as {b}")),
    }
    Ok(levels)
}

/// Which of a trade's optional fields follow.
const ID: u8 = 1;
const AMOUNT: u8 = 2;
const DS: u8 = 4;
const TS: u8 = 8;

fn put_trade(out: &mut Vec<u8>, t: &MarketTrade, frame_ts: i64) {
    let MarketTrade {
        id,
        price,
        vol,
        side,
        amount,
        ds,
        ts,
    } = t;
    let flag = |on: bool, bit: u8| if on { bit } else { 0 };
    out.push(
        flag(id.is_some(), ID)
            | flag(amount.is_some(), AMOUNT)
            | flag(ds.is_some(), DS)
            | flag(ts.is_some(), TS),
    );
    put_decimal(out, price);
    put_decimal(out, vol);
    match side {
        Side::Buy => out.push(0),
        Side::Sell => out.push(1),
        Side::Other(s) => {
            out.push(2);
            put_str(out, s);
        }
    }
    if let Some(id) = id {
        put_i64(out, *id);
    }
    if let Some(a) = amount {
        put_decimal(out, a);
    }
    if let Some(ds) = ds {
        put_str(out, ds);
    }
    if let Some(ts) = ts {
        put_i64(out, ts.0.wrapping_sub(frame_ts));
    }
}

fn read_trade(c: &mut Cursor<'_>, frame_ts: i64) -> Result<MarketTrade, Bad> {
    let flags = c.u8()?;
    if flags & !(ID | AMOUNT | DS | TS) != 0 {
        return Err(format!("a trade's flags {flags:#x}"));
    }
    let price = c.decimal()?;
    let vol = c.decimal()?;
    let side = match c.u8()? {
        0 => Side::Buy,
        1 => Side::Sell,
        2 => Side::Other(c.str()?.to_owned()),
        b => return Err(format!("a trade side of {b}")),
    };
    let has = |bit: u8| flags & bit != 0;
    Ok(MarketTrade {
        id: if has(ID) { Some(c.i64()?) } else { None },
        price,
        vol,
        side,
        amount: if has(AMOUNT) {
            Some(c.decimal()?)
        } else {
            None
        },
        ds: if has(DS) {
            Some(c.str()?.to_owned())
        } else {
            None
        },
        ts: if has(TS) {
            Some(Millis(c.i64()?.wrapping_add(frame_ts)))
        } else {
            None
        },
    })
}

fn put_opt_ts(out: &mut Vec<u8>, ts: Option<&Millis>, frame_ts: i64) {
    match ts {
        Some(t) => {
            out.push(1);
            put_i64(out, t.0.wrapping_sub(frame_ts));
        }
        None => out.push(0),
    }
}

fn read_opt_ts(c: &mut Cursor<'_>, frame_ts: i64) -> Result<Option<Millis>, Bad> {
    match c.u8()? {
        0 => Ok(None),
        1 => Ok(Some(Millis(c.i64()?.wrapping_add(frame_ts)))),
        b => Err(format!("a presence byte of {b}")),
    }
}

fn put_opt_str(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        Some(s) => {
            out.push(1);
            put_str(out, s);
        }
        None => out.push(0),
    }
}

fn read_opt_str(c: &mut Cursor<'_>) -> Result<Option<String>, Bad> {
    match c.u8()? {
        0 => Ok(None),
        1 => Ok(Some(c.str()?.to_owned())),
        b => Err(format!("a presence byte of {b}")),
    }
}
