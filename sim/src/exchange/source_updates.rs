//! A market source's updates of a source contract (docs/design.md, Real prices), applied:
//! depth snapshots to the source's book, trades to the tape, the mid or the ticker to the mark
//! price, and the fills of our resting orders they cause. Each update is one operation: its
//! changes become events, then the triggers it reached fire.
//!
//! A source whose book is crossed, or that the feed reports down (stale, disconnected), is
//! degraded: matching pauses (a MARKET order is cancelled unfilled, a LIMIT order rests,
//! resting orders do not fill) until a good snapshot arrives.

use contango::MarketEvent;
use rust_decimal::Decimal;

use super::Exchange;
use super::book::source::{self, QueueModel, Resting, SourceFill, SourceLevel};
use super::book::{Side, WatchedPrice};
use super::effects::Changes;
use super::input::{SourceTrade, SourceUpdate};
use super::market::{SourceHealth, SourceMarket};
use super::tape::Print;
use crate::error::{SimError, SimResult};

impl Exchange {
    /// The source contract whose market-stream symbol is `symbol` (`e_btcusdt`).
    pub fn source_contract(&self, symbol: &str) -> Option<&str> {
        self.source_symbols.get(symbol).map(String::as_str)
    }

    /// What a decoded market-stream event of the source says of a source contract; `None` for
    /// contracts no source drives and channels it does not use.
    pub fn source_update(&self, event: MarketEvent) -> Option<SourceUpdate> {
        match event {
            MarketEvent::Depth(d) if d.channel.step == 0 => Some(SourceUpdate::Depth {
                symbol: self.source_contract(&d.channel.symbol)?.to_owned(),
                asks: d.tick.asks,
                bids: d.tick.buys,
            }),
            MarketEvent::Trades(t) => Some(SourceUpdate::Trades {
                symbol: self.source_contract(&t.channel.symbol)?.to_owned(),
                trades: t
                    .tick
                    .data
                    .iter()
                    .filter_map(|t| {
                        Some(SourceTrade {
                            side: Side::from_wire(&t.side)?,
                            price: t.price,
                            volume: t.vol,
                            time: t.ts.map(|ts| ts.0),
                        })
                    })
                    .collect(),
            }),
            MarketEvent::Ticker(t) => Some(SourceUpdate::Ticker {
                symbol: self.source_contract(&t.channel.symbol)?.to_owned(),
                close: t.tick.close.filter(|c| *c > Decimal::ZERO)?,
            }),
            _ => None,
        }
    }

    /// Applies what a market source says at exchange time `now`.
    pub(crate) fn apply_source(&mut self, update: SourceUpdate, now: i64) -> SimResult<()> {
        match update {
            SourceUpdate::Depth { symbol, asks, bids } => {
                self.apply_depth(&symbol, asks, bids, now)
            }
            SourceUpdate::Trades { symbol, trades } => self.apply_trades(&symbol, &trades, now),
            SourceUpdate::Ticker { symbol, close } => self.apply_ticker(&symbol, close, now),
            SourceUpdate::Degraded { reason } => {
                self.degrade_sources(&reason);
                Ok(())
            }
        }
    }

    /// A depth snapshot: the book, its health, the resting orders it reaches, the queues it
    /// moves (the queue model) and the mark price (the mid).
    fn apply_depth(
        &mut self,
        symbol: &str,
        asks: Vec<SourceLevel>,
        bids: Vec<SourceLevel>,
        now: i64,
    ) -> SimResult<()> {
        let dp = self.contract(symbol)?.volume_precision;
        self.operate("ORDER", now, |st, fx| {
            let model = st.rules.queue_model;
            let (mid, before) = {
                let m = st.source_mut(symbol)?;
                let before = m.book.replace(asks, bids);
                m.last_ms = now;
                m.health = if m.book.is_crossed() {
                    SourceHealth::Degraded {
                        reason: "the source's book is crossed".into(),
                    }
                } else {
                    SourceHealth::Live
                };
                (m.book.mid(), before)
            };
            fx.price_moved(symbol);
            let mut resting = st.resting_source_orders(symbol);
            let m = st.source_mut(symbol)?;
            let fills = if m.health.is_live() {
                m.book.crossing(&mut resting)
            } else {
                Vec::new()
            };
            st.book_source_fills(symbol, fills, now, fx)?;
            let m = st.source_mut(symbol)?;
            m.book.requeue(model, &before, &mut resting, dp);
            for r in &resting {
                if let Some(a) = m.ahead.get_mut(&r.id) {
                    *a = r.ahead;
                }
            }
            if let Some(mid) = mid {
                if let Some(m) = st.markets.get_mut(symbol) {
                    m.mark = mid;
                }
                st.price_moved(symbol, WatchedPrice::Mark, now, fx)?;
            }
            Ok(())
        })
    }

    /// Trades: each prints (the tape and the last price) and fills the resting orders it
    /// reaches, its size shared among them.
    fn apply_trades(&mut self, symbol: &str, trades: &[SourceTrade], now: i64) -> SimResult<()> {
        self.contract(symbol)?;
        self.operate("ORDER", now, |st, fx| {
            let model = st.rules.queue_model;
            for t in trades {
                let side = t.side;
                let time = t.time.unwrap_or(now);
                let trade_id = st.next_trade_id();
                let m = st
                    .markets
                    .get_mut(symbol)
                    .ok_or_else(|| SimError::internal("a source market vanished"))?;
                m.tape.push(Print {
                    trade_id,
                    taker_order: -trade_id,
                    taker_side: side,
                    time,
                    price: t.price,
                    volume: t.volume,
                    amount: t.price * t.volume,
                });
                st.price_moved(symbol, WatchedPrice::Last, now, fx)?;
                let live = st
                    .markets
                    .get(symbol)
                    .and_then(|m| m.source.as_ref())
                    .is_some_and(|m| m.health.is_live());
                if !live {
                    continue;
                }
                let mut resting = st.resting_source_orders(symbol);
                let fills = source::trade(&mut resting, side, t.price, t.volume, model);
                if let Some(m) = st.markets.get_mut(symbol).and_then(|m| m.source.as_mut()) {
                    if matches!(model, QueueModel::Power(_)) {
                        // The next snapshot's decrease at that level is partly this trade's.
                        m.book.print(side.opposite(), t.price, t.volume);
                    }
                    for r in &resting {
                        if let Some(a) = m.ahead.get_mut(&r.id) {
                            *a = r.ahead;
                        }
                    }
                }
                st.book_source_fills(symbol, fills, now, fx)?;
            }
            Ok(())
        })
    }

    /// The 24 h ticker: the mark price from its last price while the book gives no mid.
    fn apply_ticker(&mut self, symbol: &str, close: Decimal, now: i64) -> SimResult<()> {
        let has_mid = self
            .markets
            .get(symbol)
            .and_then(|m| m.source.as_ref())
            .and_then(|m| m.book.mid())
            .is_some();
        if has_mid {
            return Ok(());
        }
        self.set_mark_price(symbol, close, now).map(|_| ())
    }

    /// Marks every source contract's source degraded (`reason`: disconnected, stale): matching
    /// pauses until its next good snapshot.
    fn degrade_sources(&mut self, reason: &str) {
        for m in self.markets.values_mut() {
            if let Some(source) = m.source.as_mut() {
                source.health = SourceHealth::Degraded {
                    reason: reason.to_owned(),
                };
            }
        }
    }

    fn source_mut(&mut self, symbol: &str) -> SimResult<&mut SourceMarket> {
        self.markets
            .get_mut(symbol)
            .and_then(|m| m.source.as_mut())
            .ok_or_else(|| SimError::internal(format!("{symbol} has no market source")))
    }

    /// Our resting orders in `symbol`, with the queue ahead of each.
    fn resting_source_orders(&self, symbol: &str) -> Vec<Resting> {
        let Some(m) = self.markets.get(symbol) else {
            return Vec::new();
        };
        // Most snapshots and trades find none of ours: no boxed iterators for an empty book.
        if m.book.is_empty() {
            return Vec::new();
        }
        let ahead = |id: i64| {
            m.source
                .as_ref()
                .and_then(|x| x.ahead.get(&id))
                .copied()
                .unwrap_or_default()
        };
        [Side::Buy, Side::Sell]
            .into_iter()
            .flat_map(|side| {
                m.book.iter_side(&side).map(move |(price, r)| Resting {
                    id: r.order_id,
                    side,
                    price,
                    remaining: r.remaining,
                    ahead: ahead(r.order_id),
                })
            })
            .collect()
    }

    /// Books fills of our resting orders (makers at their own price).
    fn book_source_fills(
        &mut self,
        symbol: &str,
        fills: Vec<SourceFill>,
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<()> {
        if fills.is_empty() {
            return Ok(());
        }
        let cfg = self.contract(symbol)?.clone();
        for f in fills {
            self.execute_source_fill(&cfg, f.order, f.price, f.volume, f.rule, now, fx)?;
        }
        Ok(())
    }
}
