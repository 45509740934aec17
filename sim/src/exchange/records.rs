//! What leaves the core as history: done orders, each side of every trade, transfers, forced
//! orders and new accounts. The venue keeps them in a bounded window for the REST views, and a
//! journaled venue writes them to its store's read tables.

use rust_decimal::Decimal;

use super::book::Side;
use super::book::source::Rule;
use super::order::OrderRecord;
use super::positions::MarginMode;

/// One side's view of a trade (`myTrades`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TradeRecord {
    /// Trade id (shared by both sides).
    pub trade_id: i64,
    /// This side's order.
    pub order_id: i64,
    /// This side's account.
    pub uid: i64,
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
    /// PnL this fill realized (without fees).
    pub realized: Decimal,
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
    /// The rule of a fill against a market source (`None`: two orders of the simulator met).
    pub rule: Option<Rule>,
    /// Exchange-clock time (ms).
    pub time: i64,
}

/// A transfer between the wallet and the contract account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transfer {
    /// Transfer id.
    pub id: i64,
    /// The account.
    pub uid: i64,
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    /// The account.
    pub uid: i64,
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

/// A funding payment of one position (`amount` negative: paid).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FundingRecord {
    /// The account.
    pub uid: i64,
    /// Contract name.
    pub symbol: String,
    /// The position's side (`Buy`: long).
    pub side: Side,
    /// The position's margin mode.
    pub mode: MarginMode,
    /// The rate applied.
    pub rate: Decimal,
    /// Amount credited to the account (negative: paid).
    pub amount: Decimal,
    /// The funding time (ms).
    pub time: i64,
}

/// One record leaving the core.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// An account was opened.
    Account {
        /// Its uid.
        uid: i64,
        /// Its API key (never its secret).
        api_key: String,
        /// When (ms).
        time: i64,
    },
    /// An order is done and left the core, with the orders attached to it as they ended.
    Order {
        /// The order.
        order: OrderRecord,
        /// Its attached orders, each as it ended.
        children: Vec<OrderRecord>,
    },
    /// A live order changed (only when the venue asks for them: a store keeps every order's
    /// latest state).
    OrderChanged(OrderRecord),
    /// One side of a trade.
    Trade(TradeRecord),
    /// A transfer.
    Transfer(Transfer),
    /// A forced close.
    Forced(ForcedRecord),
    /// A funding payment.
    Funding(FundingRecord),
}
