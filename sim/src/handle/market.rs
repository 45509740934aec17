//! The market a test moves through [`Sim`]: mark prices, printed trades, the market maker's and
//! an account's liquidity, and a market source's frames, health and fills.

use rust_decimal::Decimal;

use crate::config::{AdminAccess, MarketSource, QueueModel};
use crate::error::SimError;
use crate::exchange::MARKET_MAKER_UID;
use crate::exchange::liquidation::Liquidations;
use crate::exchange::market::SourceHealth;
use crate::history::FillRecord;
use crate::server::control::side;
use crate::{Sim, exchange, feeds};

impl Sim {
    /// Sets a contract's mark price; liquidates (and deleverages) what falls below maintenance.
    pub fn set_mark_price(&self, symbol: &str, price: Decimal) -> Result<Liquidations, SimError> {
        self.control(|c| c.set_mark_price(symbol, price))
    }

    /// A contract's mark price.
    pub fn mark_price(&self, symbol: &str) -> Option<Decimal> {
        self.venue().read().exchange.market(symbol).map(|m| m.mark)
    }

    /// Prints a trade of `volume` contracts at `price` between two parties outside the
    /// simulator: the market stream shows it and it becomes the contract's last price (firing
    /// the conditional orders that watch it). No account, book or mark price changes. Returns
    /// its trade id.
    pub fn print_trade(
        &self,
        symbol: &str,
        taker_side: contango::Side,
        price: Decimal,
        volume: Decimal,
    ) -> Result<i64, SimError> {
        let taker = side(&taker_side)?;
        self.control(|c| c.print_trade(symbol, taker, price, volume))
    }

    /// A contract's last trade price (its mark price before any trade).
    pub fn last_price(&self, symbol: &str) -> Option<Decimal> {
        self.venue()
            .read()
            .exchange
            .market(symbol)
            .map(exchange::market::Market::last_price)
    }

    /// Who may use the admin routes.
    pub fn admin_access(&self) -> AdminAccess {
        self.venue().config.admin_access()
    }

    /// Where the market comes from, when a source drives it (URL or file).
    pub fn market_source(&self) -> Option<String> {
        self.venue().config.market_source.as_ref().map(|s| match s {
            MarketSource::Live { url } => url.clone(),
            MarketSource::Recorded { path, .. } => path.display().to_string(),
            MarketSource::Stepped => "frames applied in process".to_owned(),
        })
    }

    /// The queue model orders resting against a market source fill by: the configured one, or
    /// a restored venue's first start's.
    pub fn queue_model(&self) -> QueueModel {
        self.venue().read().exchange.rules().queue_model
    }

    /// What the market source's recording lacked, in words: a file cut short by a kill plays up
    /// to its last whole line, and each such file is named here (empty for a whole recording and
    /// for a live source).
    pub fn source_warnings(&self) -> &[String] {
        &self.source_warnings
    }

    /// The state of the market source of a source contract (`None`: no source drives it).
    pub fn source_health(&self, symbol: &str) -> Option<SourceHealth> {
        self.venue()
            .read()
            .exchange
            .market(symbol)
            .and_then(|m| m.source.as_ref())
            .map(|m| m.health.clone())
    }

    /// The latest fills of our orders against a market source, oldest first (at most
    /// [`history::FILL_LOG`]), each with the rule that made it.
    pub fn fills(&self) -> Vec<FillRecord> {
        self.venue().read().history.fills().unwrap_or_default()
    }

    /// Applies one market-stream frame (as the exchange sends it, gzip or text) to a simulator
    /// whose source is [`MarketSource::Stepped`]: the clock follows its time. The lockstep
    /// backtest drives a simulator this way.
    pub fn apply_market_frame(&self, frame: &[u8]) {
        feeds::source::apply_frame(self.venue(), frame, true);
    }

    /// Applies a decoded market event of a stepped source at its time (the clock follows it);
    /// returns that time.
    pub fn apply_market_event(&self, event: contango::MarketEvent) -> i64 {
        feeds::source::apply_event(self.venue(), event, true)
    }

    /// How many conditional orders wait for their trigger in a contract (armed ones).
    pub fn pending_triggers(&self, symbol: &str) -> usize {
        self.venue()
            .read()
            .exchange
            .market(symbol)
            .map_or(0, |m| m.triggers.len())
    }

    /// A LIMIT OPEN order of the market maker (matched like any order); returns its id.
    pub fn add_liquidity(
        &self,
        symbol: &str,
        side: contango::Side,
        price: Decimal,
        volume: Decimal,
    ) -> Result<i64, SimError> {
        self.add_liquidity_for(MARKET_MAKER_UID, symbol, side, price, volume)
    }

    /// A LIMIT OPEN order of the account with `api_key`; returns its id.
    pub fn add_liquidity_as(
        &self,
        api_key: &str,
        symbol: &str,
        side: contango::Side,
        price: Decimal,
        volume: Decimal,
    ) -> Result<i64, SimError> {
        let uid = self.uid_of(api_key)?;
        self.add_liquidity_for(uid, symbol, side, price, volume)
    }

    pub(crate) fn uid_of(&self, api_key: &str) -> Result<i64, SimError> {
        self.venue()
            .read()
            .exchange
            .uid_of(api_key)
            .ok_or_else(|| SimError::new(contango::ErrorCode::InvalidApiKeyIpOrPermission))
    }

    fn add_liquidity_for(
        &self,
        uid: i64,
        symbol: &str,
        side: contango::Side,
        price: Decimal,
        volume: Decimal,
    ) -> Result<i64, SimError> {
        let side = crate::server::control::side(&side)?;
        self.control(|c| c.add_liquidity(uid, symbol, side, price, volume))
    }
}
