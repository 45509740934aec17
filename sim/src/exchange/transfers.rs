//! Transfers between the wallet and the contract account. Each leaves the core as a record.

use contango::ErrorCode;
use rust_decimal::Decimal;

use super::Exchange;
use super::effects::Changes;
use super::records::{Record, Transfer};
use crate::error::{SimError, SimResult};

impl Exchange {
    /// Moves `amount` of `coin` (`POST /v2/futures_transfer`): -2017 when the source holds less
    /// (for the contract account: less than is available), -1151 above the configured maximum.
    pub(crate) fn transfer(
        &mut self,
        uid: i64,
        coin: &str,
        amount: Decimal,
        to_contract: bool,
        now: i64,
    ) -> SimResult<()> {
        if amount <= Decimal::ZERO {
            return Err(SimError::param("amount"));
        }
        if amount > self.rules.max_transfer {
            return Err(SimError::new(ErrorCode::TransferAmountExceedsLimit));
        }
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
        let id = self.next_transfer_id();
        self.out.records.push(Record::Transfer(Transfer {
            id,
            uid,
            to_contract,
            coin: coin.to_owned(),
            amount,
            after,
            time: now,
        }));
        let mut fx = Changes::new(if to_contract { "DEPOSIT" } else { "WITHDRAW" });
        fx.balance_change(uid, coin, if to_contract { amount } else { -amount });
        self.flush(fx, now);
        Ok(())
    }
}
