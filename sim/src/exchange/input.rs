//! What goes into the core, and what an input answers.
//!
//! An input is anything that changes the state. Each carries the exchange time the server (or
//! the feed) stamped on it, so applying it again gives the same result: this is what a journal
//! records. Reads are not inputs: they are queries of the state.

use contango::Product;
use rust_decimal::Decimal;

use super::account::ApiKey;
use super::book::Side;
use super::book::source::SourceLevel;
use super::liquidation::Liquidations;
use super::order::Placement;
use crate::error::{SimError, SimResult};

/// One input of the core.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum Input {
    /// A request of account `uid` the server accepted (authenticated, decoded, checked).
    Request {
        /// The account it acts for.
        uid: i64,
        /// Exchange time the server stamped on it (ms).
        time: i64,
        /// What it asks.
        command: Command,
    },
    /// A market source's update of a source contract.
    Market {
        /// Exchange time (ms): the frame's own time for a recorded source.
        time: i64,
        /// What changed.
        update: SourceUpdate,
        /// For a recorded source, the frame's entry in its recording (a restarted venue resumes
        /// the recording after the last one applied).
        entry: Option<u64>,
    },
    /// A step of the synthetic market driver.
    DriverStep {
        /// Exchange time (ms).
        time: i64,
    },
    /// The clock moved: listen keys expire.
    Tick {
        /// Exchange time (ms).
        time: i64,
    },
    /// An action of the embedding code or the admin routes.
    Admin {
        /// Exchange time (ms).
        time: i64,
        /// What it does.
        action: Admin,
    },
}

impl Input {
    /// The exchange time the input carries.
    pub fn time(&self) -> i64 {
        match self {
            Input::Request { time, .. }
            | Input::Market { time, .. }
            | Input::DriverStep { time }
            | Input::Tick { time }
            | Input::Admin { time, .. } => *time,
        }
    }
}

/// A request's effect on the exchange, as the server read it from the wire.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum Command {
    /// `POST /v2/order`: an order, a conditional one, or one with orders attached.
    PlaceOrder {
        /// The product whose path it was sent to.
        #[cfg_attr(
            feature = "journal",
            borsh(
                serialize_with = "crate::codec::product::serialize",
                deserialize_with = "crate::codec::product::deserialize"
            )
        )]
        product: Product,
        /// The order read and checked.
        placement: Placement,
    },
    /// `POST /v2/cancel` of a live order the server found.
    CancelOrder {
        /// The product whose path it was sent to.
        #[cfg_attr(
            feature = "journal",
            borsh(
                serialize_with = "crate::codec::product::serialize",
                deserialize_with = "crate::codec::product::deserialize"
            )
        )]
        product: Product,
        /// Contract named in the request.
        symbol: String,
        /// The order.
        order_id: i64,
        /// `conditionOrder` as sent.
        conditional: bool,
    },
    /// `POST /v2/allOpenOrders`.
    CancelAll {
        /// The product whose path it was sent to.
        #[cfg_attr(
            feature = "journal",
            borsh(
                serialize_with = "crate::codec::product::serialize",
                deserialize_with = "crate::codec::product::deserialize"
            )
        )]
        product: Product,
        /// Contract.
        symbol: String,
    },
    /// `POST /v2/level_edit`.
    LevelEdit {
        /// The product whose path it was sent to.
        #[cfg_attr(
            feature = "journal",
            borsh(
                serialize_with = "crate::codec::product::serialize",
                deserialize_with = "crate::codec::product::deserialize"
            )
        )]
        product: Product,
        /// Contract.
        symbol: String,
        /// Leverage asked for.
        leverage: i32,
    },
    /// `POST /v2/positionMargin`.
    PositionMargin {
        /// The product whose path it was sent to.
        #[cfg_attr(
            feature = "journal",
            borsh(
                serialize_with = "crate::codec::product::serialize",
                deserialize_with = "crate::codec::product::deserialize"
            )
        )]
        product: Product,
        /// Contract.
        symbol: String,
        /// Margin added (positive) or removed.
        amount: Decimal,
    },
    /// `POST /v2/futures_transfer`.
    Transfer {
        /// Coin moved.
        coin: String,
        /// Amount moved.
        amount: Decimal,
        /// Wallet to contract account (`true`) or back.
        to_contract: bool,
    },
    /// `POST /listenKey`.
    CreateListenKey,
    /// `PUT /listenKey/{key}`.
    KeepAliveListenKey {
        /// The key.
        key: String,
    },
    /// `DELETE /listenKey/{key}`.
    CloseListenKey {
        /// The key.
        key: String,
    },
}

/// What a market source says of one source contract: the parts of its frames the simulator
/// uses, in contracts and the contract's prices.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum SourceUpdate {
    /// A depth snapshot, each side best first (as the source sends it: the levels are kept
    /// as they come).
    Depth {
        /// The contract.
        symbol: String,
        /// Asks.
        #[cfg_attr(
            feature = "journal",
            borsh(
                serialize_with = "crate::codec::levels::serialize",
                deserialize_with = "crate::codec::levels::deserialize"
            )
        )]
        asks: Vec<SourceLevel>,
        /// Bids.
        #[cfg_attr(
            feature = "journal",
            borsh(
                serialize_with = "crate::codec::levels::serialize",
                deserialize_with = "crate::codec::levels::deserialize"
            )
        )]
        bids: Vec<SourceLevel>,
    },
    /// Trades, oldest first.
    Trades {
        /// The contract.
        symbol: String,
        /// Each trade: the taker's side, price, size and its own time (ms) when it has one.
        trades: Vec<SourceTrade>,
    },
    /// The 24 h ticker's last price.
    Ticker {
        /// The contract.
        symbol: String,
        /// Last price.
        close: Decimal,
    },
    /// The source is down (disconnected, stale): matching pauses until a good snapshot.
    Degraded {
        /// Why.
        reason: String,
    },
}

/// One trade of a market source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct SourceTrade {
    /// The taker's side.
    pub side: Side,
    /// Price.
    #[cfg_attr(
        feature = "journal",
        borsh(
            serialize_with = "crate::codec::decimal::serialize",
            deserialize_with = "crate::codec::decimal::deserialize"
        )
    )]
    pub price: Decimal,
    /// Contracts.
    #[cfg_attr(
        feature = "journal",
        borsh(
            serialize_with = "crate::codec::decimal::serialize",
            deserialize_with = "crate::codec::decimal::deserialize"
        )
    )]
    pub volume: Decimal,
    /// Its own time (ms), when the frame says.
    pub time: Option<i64>,
}

/// An action of the embedding code or the admin routes.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum Admin {
    /// Sets a contract's mark price (liquidations follow).
    SetMark {
        /// Contract.
        symbol: String,
        /// The price.
        price: Decimal,
    },
    /// Prints a trade of two parties outside the simulator.
    PrintTrade {
        /// Contract.
        symbol: String,
        /// The taker's side.
        side: Side,
        /// Price.
        price: Decimal,
        /// Contracts.
        volume: Decimal,
    },
    /// A LIMIT OPEN order of `uid` through the normal path.
    AddLiquidity {
        /// Owner.
        uid: i64,
        /// Contract.
        symbol: String,
        /// Side.
        side: Side,
        /// Price.
        price: Decimal,
        /// Contracts.
        volume: Decimal,
    },
    /// Creates an account.
    AddAccount {
        /// Its key and secret.
        key: ApiKey,
        /// Contract-account balances.
        contract: Vec<(String, Decimal)>,
        /// Wallet balances.
        wallet: Vec<(String, Decimal)>,
    },
}

/// Where a market input came from when it came from a recording: the file and the entry's place
/// in it. A journal keeps this reference instead of the input (the recording holds the frame),
/// and reads the frame again when it replays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameRef {
    /// The recording file.
    pub file: std::path::PathBuf,
    /// The entry's place in the recording (its line, from 0).
    pub entry: u64,
}

/// What an applied input answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Done; nothing to say.
    Done,
    /// An order's id (placed, cancelled, added liquidity).
    OrderId(i64),
    /// How many orders were cancelled.
    Cancelled(usize),
    /// A listen key.
    ListenKey(String),
    /// What a mark price did.
    Liquidations(Liquidations),
    /// A printed trade's id.
    TradeId(i64),
    /// A new account's uid.
    Uid(i64),
}

impl Answer {
    /// The value an answer of one kind carries; any other kind is the simulator's own bug,
    /// answered as an internal error naming what was wanted.
    fn expect<T>(
        self,
        wanted: &str,
        take: impl FnOnce(Answer) -> Result<T, Answer>,
    ) -> SimResult<T> {
        take(self)
            .map_err(|other| SimError::internal(format!("{wanted} expected, {other:?} answered")))
    }

    /// An order's id.
    pub fn order_id(self) -> SimResult<i64> {
        self.expect("an order id", |a| match a {
            Answer::OrderId(id) => Ok(id),
            other => Err(other),
        })
    }

    /// A printed trade's id.
    pub fn trade_id(self) -> SimResult<i64> {
        self.expect("a trade id", |a| match a {
            Answer::TradeId(id) => Ok(id),
            other => Err(other),
        })
    }

    /// A new account's uid.
    pub fn uid(self) -> SimResult<i64> {
        self.expect("a uid", |a| match a {
            Answer::Uid(uid) => Ok(uid),
            other => Err(other),
        })
    }

    /// What a mark price did.
    pub fn liquidations(self) -> SimResult<Liquidations> {
        self.expect("liquidations", |a| match a {
            Answer::Liquidations(l) => Ok(l),
            other => Err(other),
        })
    }

    /// A listen key.
    pub fn listen_key(self) -> SimResult<String> {
        self.expect("a listen key", |a| match a {
            Answer::ListenKey(key) => Ok(key),
            other => Err(other),
        })
    }
}
