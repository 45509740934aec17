//! Transfers between the wallet and the contract account, and their history.

use contango::{ErrorCode, TransferType};
use rust_decimal::Decimal;

use crate::account::TransferRecord;
use crate::error::{SimError, SimResult};
use crate::events::Effects;
use crate::state::State;

/// Default window of the history endpoints: the recent 30 days.
pub const THIRTY_DAYS_MS: i64 = 30 * 24 * 3600 * 1000;

impl State {
    /// Moves `amount` of `coin` (`POST /v2/futures_transfer`): -2017 when the source holds less
    /// (for the contract account: less than is available), -1151 above the configured maximum.
    pub fn transfer(
        &mut self,
        uid: i64,
        coin: &str,
        amount: Decimal,
        kind: &TransferType,
        now: i64,
    ) -> SimResult<()> {
        if amount <= Decimal::ZERO {
            return Err(SimError::param("amount"));
        }
        if amount > self.config.max_transfer {
            return Err(SimError::new(ErrorCode::TransferAmountExceedsLimit));
        }
        let to_contract = match kind {
            TransferType::WalletToContract => true,
            TransferType::ContractToWallet => false,
            _ => return Err(SimError::param("transferType")),
        };
        let available = self.account(uid)?.available(coin, &self.contracts);
        let account = self.account_mut(uid)?;
        let wallet = account.wallet.get(coin).copied().unwrap_or_default();
        if to_contract {
            if wallet < amount {
                return Err(SimError::new(ErrorCode::InsufficientBalance));
            }
            account.wallet.insert(coin.to_owned(), wallet - amount);
            account.coin(coin).balance += amount;
        } else {
            if available < amount {
                return Err(SimError::new(ErrorCode::InsufficientBalance));
            }
            account.wallet.insert(coin.to_owned(), wallet + amount);
            account.coin(coin).balance -= amount;
        }
        let after = account.coin(coin).balance;
        account.transfers.push(TransferRecord {
            to_contract,
            coin: coin.to_owned(),
            amount,
            after,
            time: now,
        });
        let mut fx = Effects::new(if to_contract { "DEPOSIT" } else { "WITHDRAW" });
        fx.balance_change(uid, coin, if to_contract { amount } else { -amount });
        self.publish(fx, now);
        Ok(())
    }

    /// Transfers of one direction, optionally of one coin, in `[begin, end]` (begin defaults to
    /// 30 days before `now`, end to `now`), oldest first, paged.
    #[allow(clippy::too_many_arguments)]
    pub fn transfer_history(
        &self,
        uid: i64,
        kind: &TransferType,
        coin: Option<&str>,
        begin: Option<i64>,
        end: Option<i64>,
        page: usize,
        limit: usize,
        now: i64,
    ) -> SimResult<Vec<TransferRecord>> {
        let to_contract = match kind {
            TransferType::WalletToContract => true,
            TransferType::ContractToWallet => false,
            _ => return Err(SimError::param("transferType")),
        };
        let begin = begin.unwrap_or(now - THIRTY_DAYS_MS);
        let end = end.unwrap_or(i64::MAX);
        Ok(self
            .account(uid)?
            .transfers
            .iter()
            .filter(|t| t.to_contract == to_contract)
            .filter(|t| coin.is_none_or(|c| c.eq_ignore_ascii_case(&t.coin)))
            .filter(|t| t.time >= begin && t.time <= end)
            .skip(page.saturating_sub(1).saturating_mul(limit))
            .take(limit)
            .cloned()
            .collect())
    }
}
