//! One connection's subscriptions and what it last pushed on each, so that it pushes only what
//! changed: a depth, ticker or kline push is sent when its `tick` differs from the previous one;
//! trade_ticker pushes the trades printed since the last push, one frame per match.

use std::collections::BTreeMap;

use serde::Serialize;

use super::channels::{Channel, Kind};
use super::{frames, ticks};
use crate::error::SimResult;
use crate::exchange::Exchange;
use crate::exchange::market;
use crate::exchange::market::Market;

#[derive(Debug)]
struct Sub {
    channel: Channel,
    /// The `tick` last pushed (depth, ticker, kline), serialized.
    last: Option<String>,
    /// The tape's position after the trades already pushed or older than the subscription.
    seen_trades: u64,
}

/// The subscriptions of one connection, by channel name.
#[derive(Debug, Default)]
pub struct Subscriptions {
    subs: BTreeMap<String, Sub>,
}

impl Subscriptions {
    /// Number of subscriptions.
    pub fn len(&self) -> usize {
        self.subs.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.subs.is_empty()
    }

    /// Whether `name` is subscribed.
    pub fn contains(&self, name: &str) -> bool {
        self.subs.contains_key(name)
    }

    /// Subscribes (again: the snapshot is pushed again) and returns the pushes due at once: the
    /// current snapshot of depth, ticker and kline channels; nothing for trade_ticker, whose
    /// first push is the next trade.
    pub fn subscribe(
        &mut self,
        name: &str,
        channel: Channel,
        st: &Exchange,
        now: i64,
    ) -> Vec<String> {
        let seen_trades = st.market(&channel.contract).map_or(0, |m| m.tape.end());
        self.subs.insert(
            name.to_owned(),
            Sub {
                channel,
                last: None,
                seen_trades,
            },
        );
        self.pushes(st, now, Some(name))
    }

    /// Unsubscribes; `false` when `name` was not subscribed.
    pub fn unsubscribe(&mut self, name: &str) -> bool {
        self.subs.remove(name).is_some()
    }

    /// The pushes due on every channel (or only on `only`), oldest trades first.
    pub fn pushes(&mut self, st: &Exchange, now: i64, only: Option<&str>) -> Vec<String> {
        let mut out = Vec::new();
        for (name, sub) in &mut self.subs {
            if only.is_some_and(|o| o != name) {
                continue;
            }
            let Some(m) = st.market(&sub.channel.contract) else {
                continue;
            };
            match push(name, sub, m, now, &mut out) {
                Ok(()) => {}
                Err(e) => {
                    tracing::debug!(channel = %name, error = %e.message, "market push not built")
                }
            }
        }
        out
    }
}

/// Appends the pushes due on one channel.
fn push(name: &str, sub: &mut Sub, m: &Market, now: i64, out: &mut Vec<String>) -> SimResult<()> {
    match &sub.channel.kind {
        Kind::Depth(step) => {
            let (tick, empty) = ticks::depth(m, *step)?;
            changed(name, sub, &tick, if empty { 0 } else { now }, out);
        }
        Kind::Ticker => changed(name, sub, &ticks::ticker(m, now)?, now, out),
        Kind::Kline(interval) => {
            let width = market::interval_ms(interval.as_str())?;
            let tick = ticks::kline(&market::latest_candle(m, width, now))?;
            changed(name, sub, &tick, now, out);
        }
        Kind::Trades => {
            let fresh = m.tape.since(sub.seen_trades);
            for batch in fresh.chunk_by(|a, b| a.taker_order == b.taker_order) {
                if let Some(text) = frames::push(name, &ticks::trades(batch)?, now) {
                    out.push(text);
                }
            }
            sub.seen_trades = m.tape.end();
        }
    }
    Ok(())
}

/// Appends a push of `tick` when it differs from the last one pushed on the channel.
fn changed<T: Serialize>(name: &str, sub: &mut Sub, tick: &T, ts: i64, out: &mut Vec<String>) {
    let Ok(text) = serde_json::to_string(tick) else {
        return;
    };
    if sub.last.as_deref() == Some(text.as_str()) {
        return;
    }
    if let Some(frame) = frames::push(name, tick, ts) {
        out.push(frame);
    }
    sub.last = Some(text);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::USER_UID;
    use crate::exchange::book::Side;
    use crate::exchange::testing::Bed;
    use crate::server::market_stream::channels;

    fn channel(st: &Exchange, name: &str) -> Channel {
        channels::parse(name, st.contracts().keys()).expect("known channel")
    }

    #[test]
    fn pushes_only_what_changed_and_trades_once() {
        let mut bed = Bed::default_exchange();
        let mut subs = Subscriptions::default();
        let depth = "market_e_btcusdt_depth_step0";
        let trades = "market_e_btcusdt_trade_ticker";
        let (d, t) = (channel(&bed.ex, depth), channel(&bed.ex, trades));
        assert_eq!(subs.subscribe(depth, d, &bed.ex, 1).len(), 1);
        assert!(subs.subscribe(trades, t, &bed.ex, 1).is_empty());
        assert!(subs.pushes(&bed.ex, 2, None).is_empty(), "nothing changed");
        // A taker buys through two levels: one depth push, one trade push with both trades.
        bed.liquidity(
            USER_UID,
            "E-BTC-USDT",
            Side::Buy,
            "30020".parse().expect("price"),
            150.into(),
            3,
        )
        .expect("order");
        let out = subs.pushes(&bed.ex, 4, None);
        assert_eq!(out.len(), 2, "{out:?}");
        assert!(out[1].contains(trades) && out[1].matches(r#""side":"BUY""#).count() == 2);
        assert!(
            subs.pushes(&bed.ex, 5, None).is_empty(),
            "each trade is pushed once"
        );
        assert!(subs.unsubscribe(depth));
        assert!(!subs.unsubscribe(depth));
        assert_eq!(subs.len(), 1);
    }
}
