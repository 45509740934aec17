//! The one control door of a running simulator: what the embedding API (`Sim`'s methods) and the
//! admin routes (`/__sim/...`) do to it, each once, with typed answers. Inputs go through the
//! venue like any request's; the callers wait for their commit (`Sim` blocking, the admin
//! routes before they answer), so both doors answer only what a restart would bring back.

use std::time::Duration;

use rust_decimal::Decimal;

use super::shared::Server;
use crate::error::{SimError, SimResult};
use crate::exchange::account::ApiKey;
use crate::exchange::book::Side;
use crate::exchange::input::{Admin, Answer, Input};
use crate::exchange::liquidation::Liquidations;
use crate::venue::lock;

/// The controls of `server`'s venue and connections.
#[derive(Debug, Clone, Copy)]
pub struct Control<'a>(pub &'a Server);

/// A side as the wire names it, for the core.
pub fn side(s: &contango::Side) -> SimResult<Side> {
    Side::from_wire(s).ok_or_else(|| SimError::new(contango::ErrorCode::InvalidSide))
}

impl Control<'_> {
    /// An admin action at the exchange clock's now; its answer (not yet committed).
    fn admin(&self, action: Admin) -> SimResult<Answer> {
        let venue = &self.0.venue;
        venue.submit(Input::Admin {
            time: venue.clock.now(),
            action,
        })
    }

    /// Sets a contract's mark price; what it liquidated and deleveraged.
    pub fn set_mark_price(&self, symbol: &str, price: Decimal) -> SimResult<Liquidations> {
        self.admin(Admin::SetMark {
            symbol: symbol.to_owned(),
            price,
        })?
        .liquidations()
    }

    /// Prints a trade between two parties outside the simulator; its trade id.
    pub fn print_trade(
        &self,
        symbol: &str,
        taker: Side,
        price: Decimal,
        volume: Decimal,
    ) -> SimResult<i64> {
        self.admin(Admin::PrintTrade {
            symbol: symbol.to_owned(),
            side: taker,
            price,
            volume,
        })?
        .trade_id()
    }

    /// A LIMIT OPEN order of account `uid`, matched like any order; its id.
    pub fn add_liquidity(
        &self,
        uid: i64,
        symbol: &str,
        side: Side,
        price: Decimal,
        volume: Decimal,
    ) -> SimResult<i64> {
        self.admin(Admin::AddLiquidity {
            uid,
            symbol: symbol.to_owned(),
            side,
            price,
            volume,
        })?
        .order_id()
    }

    /// Opens an account with `key` and these balances; its uid.
    pub fn add_account(
        &self,
        key: ApiKey,
        contract: Vec<(String, Decimal)>,
        wallet: Vec<(String, Decimal)>,
    ) -> SimResult<i64> {
        self.admin(Admin::AddAccount {
            key,
            contract,
            wallet,
        })?
        .uid()
    }

    /// Moves the exchange clock forward by `ms` and lets what fell due happen (listen keys
    /// expire, funding settles).
    pub fn advance_clock(&self, ms: i64) -> SimResult<()> {
        let venue = &self.0.venue;
        venue.clock.advance(ms);
        venue
            .submit(Input::Tick {
                time: venue.clock.now(),
            })
            .map(|_| ())
    }

    /// Sets the server clock's offset from wall time (ms).
    pub fn set_clock_skew(&self, ms: i64) {
        self.0.venue.clock.set_skew(ms);
    }

    /// Closes every private-stream connection.
    pub fn close_streams(&self) {
        lock(&self.0.hubs.user).close_all("closed by the simulator");
    }

    /// Closes every market-stream connection.
    pub fn close_market_streams(&self) {
        lock(&self.0.hubs.market).close_all();
    }

    /// Private-stream connections send and read nothing for `d`.
    pub fn silence_streams(&self, d: Duration) {
        lock(&self.0.hubs.user).silence(d);
    }

    /// Market-stream connections send nothing for `d`.
    pub fn silence_market_streams(&self, d: Duration) {
        lock(&self.0.hubs.market).silence(d);
    }

    /// Forgets every injected fault.
    pub fn clear_faults(&self) {
        lock(&self.0.faults).clear();
    }

    /// The store's next commit fails as a full disk's would.
    pub fn fail_next_commit(&self) {
        self.0.venue.fail_next_commit();
    }
}
