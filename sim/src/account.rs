//! Accounts: wallet and contract-account balances, leverage settings, positions and histories.
//!
//! The balance arithmetic is in the `positions` module documentation; this module keeps the
//! records and answers "how much is available".

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::time::{Duration, Instant};

use contango::Credentials;
use rust_decimal::Decimal;

use crate::config::ContractConfig;
use crate::engine::Side;
use crate::positions::{MarginMode, Position};

/// The contract-account balance of one margin coin.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CoinBalance {
    /// Balance: transfers in, minus transfers out, plus realized PnL, minus fees.
    pub balance: Decimal,
    /// Margin locked by open OPEN orders.
    pub order_lock: Decimal,
    /// Cumulative realized PnL (without fees).
    pub realized: Decimal,
}

/// One side's view of a trade (`myTrades`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TradeRecord {
    /// Trade id (shared by both sides).
    pub trade_id: i64,
    /// Contract name.
    pub symbol: String,
    /// Trade price.
    pub price: Decimal,
    /// Contracts traded.
    pub volume: Decimal,
    /// `value(volume, price)`.
    pub value: Decimal,
    /// This account's side.
    pub side: Side,
    /// Fee this account paid.
    pub fee: Decimal,
    /// Buy-side order id.
    pub bid_id: i64,
    /// Sell-side order id.
    pub ask_id: i64,
    /// Buyer uid.
    pub bid_uid: i64,
    /// Seller uid.
    pub ask_uid: i64,
    /// Whether this account was the maker.
    pub is_maker: bool,
    /// Exchange-clock time (ms).
    pub time: i64,
}

/// A transfer between the wallet and the contract account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferRecord {
    /// `true`: wallet to contract account.
    pub to_contract: bool,
    /// Coin moved.
    pub coin: String,
    /// Amount moved.
    pub amount: Decimal,
    /// Contract-account balance after the transfer.
    pub after: Decimal,
    /// Exchange-clock time (ms).
    pub time: i64,
}

/// Kind of a forced order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ForcedKind {
    /// The account's own position was liquidated.
    Liquidation,
    /// The account's position was reduced to absorb another account's liquidation.
    Adl,
}

/// A forced close (`forceOrdersHistory`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForcedRecord {
    /// Record id.
    pub id: i64,
    /// Liquidation or ADL.
    pub kind: ForcedKind,
    /// Contract name.
    pub symbol: String,
    /// Contract id.
    pub contract_id: i64,
    /// Margin mode of the closed position.
    pub mode: MarginMode,
    /// Side of the closing order (SELL closes a long).
    pub side: Side,
    /// Leverage of the position.
    pub leverage: u32,
    /// Mark price the position was closed at.
    pub price: Decimal,
    /// Contracts closed.
    pub volume: Decimal,
    /// Value closed at `price`.
    pub value: Decimal,
    /// Entry price of the position.
    pub entry_price: Decimal,
    /// PnL realized.
    pub realized: Decimal,
    /// Loss beyond the margin, absorbed by the exchange.
    pub deficit: Decimal,
    /// Exchange-clock time (ms).
    pub time: i64,
}

/// A request-rate limit of one API key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    /// Requests allowed per window.
    pub max_requests: u32,
    /// The window.
    pub per: Duration,
}

/// Position key: contract, direction, margin mode.
pub type PositionKey = (String, Side, MarginMode);

/// One simulated account.
#[derive(Debug)]
pub struct Account {
    /// User id.
    pub uid: i64,
    /// Key and secret; the signature is checked with the runtime's signing code.
    pub credentials: Credentials,
    /// Wallet balances per coin.
    pub wallet: BTreeMap<String, Decimal>,
    /// Contract-account balances per margin coin.
    pub coins: BTreeMap<String, CoinBalance>,
    /// Leverage per contract, once set.
    pub leverage: HashMap<String, u32>,
    /// Open positions.
    pub positions: BTreeMap<PositionKey, Position>,
    /// Ids of open orders.
    pub open_orders: BTreeSet<i64>,
    /// Ids of conditional orders waiting for their trigger (or their parent's fill).
    pub waiting: BTreeSet<i64>,
    /// Trades, oldest first.
    pub trades: Vec<TradeRecord>,
    /// Transfers, oldest first.
    pub transfers: Vec<TransferRecord>,
    /// Forced orders, oldest first.
    pub forced: Vec<ForcedRecord>,
    /// Request-rate limit (off when `None`).
    pub rate_limit: Option<RateLimit>,
    /// Arrival times of recent requests, for the rate limit.
    pub recent: VecDeque<Instant>,
}

impl Account {
    /// A new account with balances.
    pub fn new(
        uid: i64,
        credentials: Credentials,
        contract: &[(String, Decimal)],
        wallet: &[(String, Decimal)],
    ) -> Self {
        Account {
            uid,
            credentials,
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
            leverage: HashMap::new(),
            positions: BTreeMap::new(),
            open_orders: BTreeSet::new(),
            waiting: BTreeSet::new(),
            trades: Vec::new(),
            transfers: Vec::new(),
            forced: Vec::new(),
            rate_limit: None,
            recent: VecDeque::new(),
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
