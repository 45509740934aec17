//! What the core starts from: the venue's own accounts, the rules it takes from the
//! configuration, and the id sequences it carries on.

use rust_decimal::Decimal;

use super::book::source::QueueModel;
use crate::config::SimConfig;

/// uid of the market maker that seeds the books.
pub const MARKET_MAKER_UID: i64 = 1;
/// uid of the funded account the handle hands out.
pub const USER_UID: i64 = 10_001;

/// What the core keeps of the configuration: the rules every input is judged by. It is part of
/// the state (a restarted venue keeps the rules it started with).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Rules {
    /// Leverage of a contract until `level_edit` changes it.
    pub default_leverage: u32,
    /// Largest single transfer (-1151 above).
    pub max_transfer: Decimal,
    /// Validity of a listen key (ms), extended by creation and keep-alive.
    pub listen_key_validity_ms: i64,
    /// Funds of the accounts the driver and `POST /__sim/accounts` create without balances.
    pub market_maker_balances: Vec<(String, Decimal)>,
    /// How the queue ahead of an order resting against a market source moves.
    pub queue_model: QueueModel,
}

impl Rules {
    /// The rules `config` sets.
    pub fn of(config: &SimConfig) -> Rules {
        Rules {
            default_leverage: config.default_leverage,
            max_transfer: config.max_transfer,
            listen_key_validity_ms: i64::try_from(config.listen_key_validity.as_millis())
                .unwrap_or(i64::MAX),
            market_maker_balances: config.market_maker_balances.clone(),
            queue_model: config.queue_model,
        }
    }
}

/// The next ids of each kind. An id is never reused: a restarted venue carries on from here.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Sequences {
    /// The last order id given (above 2^53, like real ids).
    pub order: i64,
    /// The next trade id.
    pub trade: i64,
    /// The next position id.
    pub position: i64,
    /// The next account uid.
    pub uid: i64,
    /// The last forced-order record id given.
    pub record: i64,
    /// The next transfer id.
    pub transfer: i64,
}

impl Default for Sequences {
    fn default() -> Self {
        Sequences {
            order: 1_690_000_000_000_000_000,
            trade: 1,
            position: 100_001,
            uid: USER_UID + 1,
            record: 1_690_600_000_000_000_000,
            transfer: 1,
        }
    }
}
