//! Channel names of the market stream: `market_<sym>_depth_step<N>`, `market_<sym>_trade_ticker`,
//! `market_<sym>_ticker`, `market_<sym>_kline_<interval>`.
//!
//! `<sym>` is the contract name lower-cased, its first `-` (after the type letter) turned into
//! `_` and the other `-` removed: `E-BTC-USDT` → `e_btcusdt`.

use contango::StreamKlineInterval;

/// Largest depth step (`depth_step9`).
pub const MAX_DEPTH_STEP: u32 = 9;

/// What a channel carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// Book snapshots, prices aggregated to `price tick × 10^step` (0: exact).
    Depth(u32),
    /// Trades as they print.
    Trades,
    /// 24 h statistics.
    Ticker,
    /// The current candle of an interval.
    Kline(StreamKlineInterval),
}

impl Kind {
    /// The channel's key in the spec's `market_stream.channels`.
    pub fn key(&self) -> &'static str {
        match self {
            Kind::Depth(_) => "depth",
            Kind::Trades => "trades",
            Kind::Ticker => "ticker",
            Kind::Kline(_) => "kline",
        }
    }
}

/// A parsed channel: the contract it belongs to and what it carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Channel {
    /// Contract name (`E-BTC-USDT`).
    pub contract: String,
    /// What it carries.
    pub kind: Kind,
}

/// The channel symbol of a contract name (`E-BTC-USDT` → `e_btcusdt`).
pub use crate::exchange::market::channel_symbol as symbol;

/// Why a channel name is refused (the `msg` of the error frame).
pub type Refusal = String;

/// Parses `name` against the known contract names.
pub fn parse<'a>(
    name: &str,
    contracts: impl IntoIterator<Item = &'a String>,
) -> Result<Channel, Refusal> {
    let unknown = || format!("unknown channel `{}`", truncate(name));
    let rest = name.strip_prefix("market_").ok_or_else(unknown)?;
    let (sym, kind) = if let Some(sym) = rest.strip_suffix("_trade_ticker") {
        (sym, Kind::Trades)
    } else if let Some(sym) = rest.strip_suffix("_ticker") {
        (sym, Kind::Ticker)
    } else if let Some((sym, step)) = rest.rsplit_once("_depth_step") {
        let step = step
            .parse::<u32>()
            .ok()
            .filter(|s| *s <= MAX_DEPTH_STEP && step.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| format!("unknown depth step `{}` (0 to 9)", truncate(step)))?;
        (sym, Kind::Depth(step))
    } else if let Some((sym, interval)) = rest.rsplit_once("_kline_") {
        let i = StreamKlineInterval::from_wire_str(interval);
        if matches!(i, StreamKlineInterval::Other(_)) {
            return Err(format!("unknown kline interval `{}`", truncate(interval)));
        }
        (sym, Kind::Kline(i))
    } else {
        return Err(unknown());
    };
    let contract = contracts
        .into_iter()
        .find(|c| symbol(c) == sym)
        .ok_or_else(|| format!("unknown symbol `{}`", truncate(sym)))?;
    Ok(Channel {
        contract: contract.clone(),
        kind,
    })
}

/// At most 64 characters of client text in an error message.
fn truncate(s: &str) -> &str {
    match s.char_indices().nth(64) {
        Some((i, _)) => s.get(..i).unwrap_or(s),
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec![
            "E-BTC-USDT".into(),
            "E-BTC-USD".into(),
            "S-TEST-USDT".into(),
        ]
    }

    #[test]
    fn symbol_rule() {
        assert_eq!(symbol("E-BTC-USDT"), "e_btcusdt");
        assert_eq!(symbol("S-TEST-USDT"), "s_testusdt");
        assert_eq!(symbol("E-BTC-USD"), "e_btcusd");
        assert_eq!(symbol("PLAIN"), "plain");
    }

    #[test]
    fn every_kind_parses() {
        let c = |n: &str| parse(n, &names());
        assert_eq!(
            c("market_e_btcusdt_depth_step0"),
            Ok(Channel {
                contract: "E-BTC-USDT".into(),
                kind: Kind::Depth(0)
            })
        );
        assert_eq!(
            c("market_e_btcusd_depth_step9").map(|c| c.kind),
            Ok(Kind::Depth(9))
        );
        assert_eq!(
            c("market_e_btcusdt_trade_ticker").map(|c| c.kind),
            Ok(Kind::Trades)
        );
        assert_eq!(
            c("market_s_testusdt_ticker").map(|c| c.kind),
            Ok(Kind::Ticker)
        );
        assert_eq!(
            c("market_e_btcusdt_kline_1min").map(|c| c.kind),
            Ok(Kind::Kline(StreamKlineInterval::OneMinute))
        );
        assert_eq!(
            c("market_e_btcusdt_kline_4h").map(|c| c.kind),
            Ok(Kind::Kline(StreamKlineInterval::FourHours))
        );
        assert_eq!(
            c("market_e_btcusdt_kline_1month").map(|c| c.kind),
            Err("unknown kline interval `1month`".into())
        );
    }

    #[test]
    fn mistakes_are_refused_with_a_reason() {
        let c = |n: &str| parse(n, &names());
        assert_eq!(
            c("market_e_ethusdt_ticker"),
            Err("unknown symbol `e_ethusdt`".into())
        );
        assert_eq!(
            c("e_btcusdt_ticker"),
            Err("unknown channel `e_btcusdt_ticker`".into())
        );
        assert_eq!(
            c("market_e_btcusdt_depth"),
            Err("unknown channel `market_e_btcusdt_depth`".into())
        );
        assert!(c("market_e_btcusdt_depth_step10").is_err());
        assert!(c("market_e_btcusdt_depth_step+1").is_err());
        assert!(c("market_e_btcusdt_depth_step").is_err());
        assert!(c("market_e_btcusdt_kline_2min").is_err());
        assert!(c("").is_err());
        let long = format!("market_{}_ticker", "é".repeat(200));
        assert!(c(&long).is_err_and(|e| e.chars().count() < 100));
    }
}
