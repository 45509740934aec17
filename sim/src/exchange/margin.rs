//! Leverage (`level_edit`) and isolated position margin (`positionMargin`).

use contango::{ErrorCode, Product};
use rust_decimal::Decimal;

use super::Exchange;
use super::effects::Changes;
use super::positions::MarginMode;
use crate::error::{SimError, SimResult};

impl Exchange {
    /// Sets the leverage of a contract for `uid`: -1102 outside 1..=125, -1153 above the
    /// contract's maximum, -1163 while the account has open orders in it, -1152 when the margin the
    /// open positions would need at the new leverage is not available.
    pub(crate) fn level_edit(
        &mut self,
        uid: i64,
        product: Product,
        symbol: &str,
        leverage: i32,
        now: i64,
    ) -> SimResult<()> {
        let cfg = self.contract_for(symbol, product)?.clone();
        if !(1..=125).contains(&leverage) {
            return Err(SimError::param("leverage"));
        }
        let leverage = u32::try_from(leverage).map_err(|_| SimError::param("leverage"))?;
        if leverage > cfg.max_leverage() {
            return Err(SimError::with_arg(
                ErrorCode::LeverageTooHigh,
                cfg.max_leverage(),
            ));
        }
        if !self.open_order_ids(uid, symbol)?.is_empty() {
            return Err(SimError::new(ErrorCode::OpenOrdersPreventLeverageChange));
        }
        let mark = self.mark(symbol);
        let available = self
            .account(uid)?
            .available(&cfg.margin_coin, &self.contracts);
        let account = self.account_mut(uid)?;
        let extra: Decimal = account
            .positions
            .values()
            .filter(|p| p.symbol == symbol)
            .map(|p| p.margin_at(leverage) - p.margin)
            .sum();
        if extra > available {
            return Err(SimError::new(ErrorCode::LeverageAdjustmentFailed));
        }
        account.leverage.insert(symbol.to_owned(), leverage);
        let mut fx = Changes::new("ADJUSTMENT");
        for p in account
            .positions
            .values_mut()
            .filter(|p| p.symbol == symbol)
        {
            p.margin = p.margin_at(leverage);
            p.leverage = leverage;
            p.mtime = now;
            fx.position(uid, &cfg, p, mark)?;
            fx.touch(uid, &cfg.margin_coin);
        }
        self.flush(fx, now);
        Ok(())
    }

    /// Adds (positive) or removes (negative) margin of the isolated position in `symbol`: -1149
    /// without one (the long one when both exist), -2017 when adding more than is available or
    /// removing more than was added.
    pub(crate) fn position_margin(
        &mut self,
        uid: i64,
        product: Product,
        symbol: &str,
        amount: Decimal,
        now: i64,
    ) -> SimResult<()> {
        let cfg = self.contract_for(symbol, product)?.clone();
        if amount.is_zero() {
            return Err(SimError::param("amount"));
        }
        let mark = self.mark(symbol);
        let available = self
            .account(uid)?
            .available(&cfg.margin_coin, &self.contracts);
        let account = self.account_mut(uid)?;
        let position = account
            .positions
            .values_mut()
            .find(|p| p.symbol == symbol && p.mode == MarginMode::Isolated)
            .ok_or_else(|| SimError::new(ErrorCode::IsolatedPositionNotFound))?;
        if (amount > Decimal::ZERO && amount > available)
            || (amount < Decimal::ZERO && -amount > position.added_margin)
        {
            return Err(SimError::new(ErrorCode::InsufficientBalance));
        }
        position.margin += amount;
        position.added_margin += amount;
        position.mtime = now;
        let mut fx = Changes::new("MARGIN_TRANSFER");
        fx.position(uid, &cfg, position, mark)?;
        fx.touch(uid, &cfg.margin_coin);
        self.flush(fx, now);
        Ok(())
    }
}
