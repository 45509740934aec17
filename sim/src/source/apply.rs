//! A source's frames applied to the simulator's state: depth snapshots to the mirrored book,
//! trades to the tape, the mid or the ticker to the mark price, and the fills of our resting
//! orders they cause (module docs of [`crate::source`]). Each frame is one operation: its effects
//! are published, then the triggers it reached fire.

use contango::{MarketDepth, MarketEvent, MarketTicker, MarketTrades};
use rust_decimal::Decimal;

use super::{FILL_LOG, SourceHealth};
use crate::engine::mirror::{self, MirrorFill, Resting, Rule};
use crate::engine::{PriceSource, Side};
use crate::error::{SimError, SimResult};
use crate::events::Effects;
use crate::state::{Print, State};

/// One fill of our orders against a market source, for the admin route and reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FillRecord {
    /// Exchange time.
    pub time: i64,
    /// Contract.
    pub symbol: String,
    /// Our order.
    pub order_id: i64,
    /// Its owner.
    pub uid: i64,
    /// Its side.
    pub side: Side,
    /// Price.
    pub price: Decimal,
    /// Contracts.
    pub volume: Decimal,
    /// The rule that made it.
    pub rule: Rule,
    /// The fee charged.
    pub fee: Decimal,
}

impl State {
    /// The mirrored contract whose market-stream symbol is `symbol` (`e_btcusdt`).
    pub fn mirrored_contract(&self, symbol: &str) -> Option<String> {
        self.source_symbols.get(symbol).cloned()
    }

    /// Applies one decoded market-stream event of the source at exchange time `now`; events of
    /// contracts the simulator does not mirror, and channels it does not use, change nothing.
    pub fn apply_market_event(&mut self, event: MarketEvent, now: i64) -> SimResult<()> {
        match event {
            MarketEvent::Depth(d) => match self.mirrored_contract(&d.channel.symbol) {
                Some(c) if d.channel.step == 0 => self.apply_depth(&c, d.tick, now),
                _ => Ok(()),
            },
            MarketEvent::Trades(t) => match self.mirrored_contract(&t.channel.symbol) {
                Some(c) => self.apply_trades(&c, t.tick, now),
                None => Ok(()),
            },
            MarketEvent::Ticker(t) => match self.mirrored_contract(&t.channel.symbol) {
                Some(c) => self.apply_ticker(&c, &t.tick, now),
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// A depth snapshot: the book, its health, the resting orders it reaches, the queues it
    /// shrinks and the mark price (the mid).
    pub fn apply_depth(&mut self, symbol: &str, depth: MarketDepth, now: i64) -> SimResult<()> {
        self.contract(symbol)?;
        self.operate("ORDER", now, |st, fx| {
            let mid = {
                let m = st.mirror_mut(symbol)?;
                m.book.replace(depth.asks, depth.buys);
                m.last_ms = now;
                m.health = if m.book.is_crossed() {
                    SourceHealth::Degraded {
                        reason: "the source's book is crossed".into(),
                    }
                } else {
                    SourceHealth::Live
                };
                m.book.mid()
            };
            fx.price_moved(symbol);
            let mut resting = st.resting_mirror_orders(symbol);
            let m = st.mirror_mut(symbol)?;
            let fills = if m.health.is_live() {
                m.book.crossing(&mut resting)
            } else {
                Vec::new()
            };
            st.book_mirror_fills(symbol, fills, now, fx)?;
            let m = st.mirror_mut(symbol)?;
            m.book.cap_queues(&mut resting);
            for r in &resting {
                if let Some(a) = m.ahead.get_mut(&r.id) {
                    *a = r.ahead;
                }
            }
            if let Some(mid) = mid {
                if let Some(m) = st.markets.get_mut(symbol) {
                    m.mark = mid;
                }
                st.price_moved(symbol, PriceSource::Mark, now, fx)?;
            }
            Ok(())
        })
    }

    /// Trades: each prints (the tape and the last price) and fills the resting orders it
    /// reaches, its size shared among them.
    pub fn apply_trades(&mut self, symbol: &str, trades: MarketTrades, now: i64) -> SimResult<()> {
        self.contract(symbol)?;
        self.operate("ORDER", now, |st, fx| {
            for t in trades.data {
                let Some(side) = crate::orders::intent::side(&t.side).ok() else {
                    continue;
                };
                let time = t.ts.map_or(now, |ts| ts.0);
                let trade_id = st.next_trade_id();
                let m = st
                    .markets
                    .get_mut(symbol)
                    .ok_or_else(|| SimError::internal("mirrored market vanished"))?;
                m.prints.push(Print {
                    trade_id,
                    taker_order: -trade_id,
                    taker_side: side,
                    time,
                    price: t.price,
                    volume: t.vol,
                    amount: t.price * t.vol,
                });
                st.price_moved(symbol, PriceSource::Last, now, fx)?;
                let live = st
                    .markets
                    .get(symbol)
                    .and_then(|m| m.mirror.as_ref())
                    .is_some_and(|m| m.health.is_live());
                if !live {
                    continue;
                }
                let mut resting = st.resting_mirror_orders(symbol);
                let fills = mirror::trade(&mut resting, side, t.price, t.vol);
                if let Some(m) = st.markets.get_mut(symbol).and_then(|m| m.mirror.as_mut()) {
                    for r in &resting {
                        if let Some(a) = m.ahead.get_mut(&r.id) {
                            *a = r.ahead;
                        }
                    }
                }
                st.book_mirror_fills(symbol, fills, now, fx)?;
            }
            Ok(())
        })
    }

    /// The 24 h ticker: the mark price from its last price while the book gives no mid.
    pub fn apply_ticker(&mut self, symbol: &str, ticker: &MarketTicker, now: i64) -> SimResult<()> {
        let has_mid = self
            .markets
            .get(symbol)
            .and_then(|m| m.mirror.as_ref())
            .and_then(|m| m.book.mid())
            .is_some();
        match ticker.close {
            Some(close) if !has_mid && close > Decimal::ZERO => {
                self.set_mark_price(symbol, close, now).map(|_| ())
            }
            _ => Ok(()),
        }
    }

    /// Marks every mirrored contract's source degraded (`reason`: disconnected, stale): matching
    /// pauses until its next good snapshot.
    pub fn degrade_sources(&mut self, reason: &str) {
        for m in self.markets.values_mut() {
            if let Some(mirror) = m.mirror.as_mut() {
                mirror.health = SourceHealth::Degraded {
                    reason: reason.to_owned(),
                };
            }
        }
    }

    fn mirror_mut(&mut self, symbol: &str) -> SimResult<&mut super::Mirror> {
        self.markets
            .get_mut(symbol)
            .and_then(|m| m.mirror.as_mut())
            .ok_or_else(|| SimError::internal(format!("{symbol} is not mirrored")))
    }

    /// Our resting orders in `symbol`, with the queue ahead of each.
    fn resting_mirror_orders(&self, symbol: &str) -> Vec<Resting> {
        let Some(m) = self.markets.get(symbol) else {
            return Vec::new();
        };
        let ahead = |id: i64| {
            m.mirror
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
    fn book_mirror_fills(
        &mut self,
        symbol: &str,
        fills: Vec<MirrorFill>,
        now: i64,
        fx: &mut Effects,
    ) -> SimResult<()> {
        if fills.is_empty() {
            return Ok(());
        }
        let cfg = self.contract(symbol)?.clone();
        for f in fills {
            self.execute_mirror_fill(&cfg, f.order, f.price, f.volume, f.rule, now, fx)?;
        }
        Ok(())
    }

    /// Records a fill in the log the admin route and reports read.
    pub(crate) fn log_fill(&mut self, record: FillRecord) {
        self.fill_counts
            .entry(record.rule)
            .and_modify(|n| *n += 1)
            .or_insert(1);
        if self.fills.len() == FILL_LOG {
            self.fills.pop_front();
        }
        self.fills.push_back(record);
    }
}
