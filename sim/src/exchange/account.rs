//! Accounts: keys, wallet and contract-account balances, leverage settings, positions and the
//! orders that are live.
//!
//! The balance arithmetic is in the `positions` module documentation; this module keeps the
//! balances and answers "how much is available". What an account did (trades, transfers, forced
//! orders) leaves the core as records (`records`).

use std::collections::{BTreeMap, BTreeSet};

use contango::Credentials;
use rust_decimal::Decimal;

use super::book::Side;
use super::positions::{MarginMode, Position};
use crate::config::ContractConfig;

pub use crate::keys::ApiKey;

/// The contract-account balance of one margin coin.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct CoinBalance {
    /// Balance: transfers in, minus transfers out, plus realized PnL, minus fees.
    pub balance: Decimal,
    /// Margin locked by open OPEN orders.
    pub order_lock: Decimal,
    /// Cumulative realized PnL (without fees).
    pub realized: Decimal,
}

/// Position key: contract, direction, margin mode.
pub type PositionKey = (String, Side, MarginMode);

/// One simulated account.
#[derive(Debug)]
pub struct Account {
    /// User id.
    pub uid: i64,
    /// Key and secret.
    pub key: ApiKey,
    /// The same, ready to check signatures with the runtime's signing code.
    pub credentials: Credentials,
    /// Wallet balances per coin.
    pub wallet: BTreeMap<String, Decimal>,
    /// Contract-account balances per margin coin.
    pub coins: BTreeMap<String, CoinBalance>,
    /// Leverage per contract, once set.
    pub leverage: BTreeMap<String, u32>,
    /// Open positions.
    pub positions: BTreeMap<PositionKey, Position>,
    /// Ids of open orders.
    pub open_orders: BTreeSet<i64>,
    /// Ids of conditional orders waiting for their trigger (or their parent's fill).
    pub waiting: BTreeSet<i64>,
}

/// An account's encoding: everything but the signing state, which is rebuilt from its key.
#[cfg(feature = "journal")]
impl borsh::BorshSerialize for Account {
    fn serialize<W: borsh::io::Write>(&self, w: &mut W) -> borsh::io::Result<()> {
        self.uid.serialize(w)?;
        self.key.serialize(w)?;
        self.wallet.serialize(w)?;
        self.coins.serialize(w)?;
        self.leverage.serialize(w)?;
        self.positions.serialize(w)?;
        self.open_orders.serialize(w)?;
        self.waiting.serialize(w)
    }
}

#[cfg(feature = "journal")]
impl borsh::BorshDeserialize for Account {
    fn deserialize_reader<R: borsh::io::Read>(r: &mut R) -> borsh::io::Result<Self> {
        let uid = i64::deserialize_reader(r)?;
        let key = ApiKey::deserialize_reader(r)?;
        Ok(Account {
            uid,
            credentials: key.credentials(),
            key,
            wallet: borsh::BorshDeserialize::deserialize_reader(r)?,
            coins: borsh::BorshDeserialize::deserialize_reader(r)?,
            leverage: borsh::BorshDeserialize::deserialize_reader(r)?,
            positions: borsh::BorshDeserialize::deserialize_reader(r)?,
            open_orders: borsh::BorshDeserialize::deserialize_reader(r)?,
            waiting: borsh::BorshDeserialize::deserialize_reader(r)?,
        })
    }
}

impl Account {
    /// A new account with balances.
    pub fn new(
        uid: i64,
        key: ApiKey,
        contract: &[(String, Decimal)],
        wallet: &[(String, Decimal)],
    ) -> Self {
        Account {
            uid,
            credentials: key.credentials(),
            key,
            wallet: wallet.iter().cloned().collect(),
            coins: contract
                .iter()
                .map(|(c, b)| {
                    (
                        c.clone(),
                        CoinBalance {
                            balance: *b,
                            ..CoinBalance::default()
                        },
                    )
                })
                .collect(),
            leverage: BTreeMap::new(),
            positions: BTreeMap::new(),
            open_orders: BTreeSet::new(),
            waiting: BTreeSet::new(),
        }
    }

    /// The contract-account balance of `coin` (created empty on first use).
    pub fn coin(&mut self, coin: &str) -> &mut CoinBalance {
        self.coins.entry(coin.to_owned()).or_default()
    }

    /// Leverage of a contract: as set by `level_edit`, else `default`.
    pub fn leverage_of(&self, symbol: &str, default: u32) -> u32 {
        self.leverage.get(symbol).copied().unwrap_or(default)
    }

    /// Positions whose contract is margined in `coin` (`contracts` gives each contract's coin).
    pub fn positions_in<'a>(
        &'a self,
        coin: &'a str,
        contracts: &'a BTreeMap<String, ContractConfig>,
    ) -> impl Iterator<Item = &'a Position> + 'a {
        self.positions.values().filter(move |p| {
            contracts
                .get(&p.symbol)
                .is_some_and(|c| c.margin_coin == coin)
        })
    }

    /// Σ margins of the positions in `coin` of one mode.
    pub fn position_margin(
        &self,
        coin: &str,
        mode: MarginMode,
        contracts: &BTreeMap<String, ContractConfig>,
    ) -> Decimal {
        self.positions_in(coin, contracts)
            .filter(|p| p.mode == mode)
            .map(|p| p.margin)
            .sum()
    }

    /// `available = balance − order locks − Σ position margins` (`accountNormal`).
    pub fn available(&self, coin: &str, contracts: &BTreeMap<String, ContractConfig>) -> Decimal {
        let Some(b) = self.coins.get(coin) else {
            return Decimal::ZERO;
        };
        b.balance
            - b.order_lock
            - self.position_margin(coin, MarginMode::Cross, contracts)
            - self.position_margin(coin, MarginMode::Isolated, contracts)
    }
}
