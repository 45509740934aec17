//! A contract's two prices, and the one place a change of either fans out from.
//!
//! - The **last price** is the price of the contract's last trade: a fill between two orders
//!   (`orders::settle`) or a trade printed without an account (`Exchange::print`).
//!   Before any trade it is the mark price.
//! - The **mark price** values positions: unrealized PnL, liquidation, the -1155 band. It moves
//!   only when set (`Exchange::set_mark_price`: the embedding API, the admin route, the market
//!   driver, a market source).
//!
//! `Exchange::price_moved` is where a new price goes: a mark price first liquidates what falls
//! below maintenance, in the same operation; either price then has the contract's triggers
//! tested in the operation's follow-up ([`super::operation`]), once its changes are flushed.

use contango::ErrorCode;
use rust_decimal::Decimal;

use super::Exchange;
use super::book::{Side, WatchedPrice};
use super::effects::Changes;
use super::liquidation::Liquidations;
use super::tape::Print;
use crate::error::{SimError, SimResult};

impl Exchange {
    /// The price of the last trade of `symbol`; its mark price before any trade.
    pub fn last_price(&self, symbol: &str) -> Decimal {
        self.markets
            .get(symbol)
            .map_or(Decimal::ZERO, super::market::Market::last_price)
    }

    /// A new `watched` price of `symbol` (already recorded): liquidation on a mark price, then
    /// the triggers in the follow-up.
    pub(crate) fn price_moved(
        &mut self,
        symbol: &str,
        watched: WatchedPrice,
        now: i64,
        fx: &mut Changes,
    ) -> SimResult<Liquidations> {
        fx.price_moved(symbol);
        match watched {
            WatchedPrice::Mark => self.liquidate_below_maintenance(symbol, now, fx),
            WatchedPrice::Last => Ok(Liquidations::default()),
        }
    }

    /// Sets the mark price of `symbol`: liquidates what falls below maintenance, then fires the
    /// conditional orders the new price reaches.
    pub(crate) fn set_mark_price(
        &mut self,
        symbol: &str,
        price: Decimal,
        now: i64,
    ) -> SimResult<Liquidations> {
        // Bounded so that no value computed from it can overflow.
        if price <= Decimal::ZERO || price > Decimal::from(1_000_000_000_000_i64) {
            return Err(SimError::param("price"));
        }
        self.contract(symbol)?;
        self.operate("ORDER", now, |st, fx| {
            if let Some(m) = st.markets.get_mut(symbol) {
                m.mark = price;
            }
            st.price_moved(symbol, WatchedPrice::Mark, now, fx)
        })
    }

    /// Prints a trade of `volume` contracts at `price` between two parties outside the
    /// simulator (no account, no book): the market stream shows it and it becomes the last
    /// price, so it fires the conditional orders that watch the last price. Returns its trade id.
    pub(crate) fn print(
        &mut self,
        symbol: &str,
        taker_side: Side,
        price: Decimal,
        volume: Decimal,
        now: i64,
    ) -> SimResult<i64> {
        self.contract(symbol)?;
        if price <= Decimal::ZERO || volume <= Decimal::ZERO {
            return Err(SimError::param("price/volume"));
        }
        let trade_id = self.next_trade_id();
        self.operate("ORDER", now, |st, fx| {
            let m = st
                .markets
                .get_mut(symbol)
                .ok_or_else(|| SimError::new(ErrorCode::OrderBookMissing))?;
            m.tape.push(Print {
                trade_id,
                taker_order: -trade_id,
                taker_side,
                time: now,
                price,
                volume,
                amount: price * volume,
            });
            st.price_moved(symbol, WatchedPrice::Last, now, fx)?;
            Ok(trade_id)
        })
    }
}
