//! How the queue ahead of a resting order moves (docs/design.md, Queue models): the model a
//! venue is configured with, as text and back. What it computes is the core's
//! (`exchange::book::source`).

use std::fmt;
use std::str::FromStr;

/// How the queue ahead of a resting order moves, hence when a trade at its own price fills it
/// (hftbacktest's queue models; docs/design.md, Queue models). Part of the core's rules: a
/// restarted venue keeps the model it started with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum QueueModel {
    /// The queue ahead is the size displayed at placement, eaten by trades at the price and
    /// capped when the level shrinks: no fill before every lot ahead traded (`queue_cleared`).
    #[default]
    Conservative,
    /// A trade at the order's price fills it as if nothing were ahead (`queue_optimistic`): the
    /// bound on what resting orders could have got.
    Optimistic,
    /// hftbacktest's `ProbQueueModel` with `PowerProbQueueFunc`, `f(x) = x^n` (`queue_power`):
    /// as conservative, and a level that shrinks by more than its trades gives the order a share
    /// of the decrease, the larger the more of the level is behind it ([`QueueModel::front_after`]).
    /// `power:N` parses `n` from 1 to 10; any `n` computes.
    Power(u8),
}

/// The largest `n` `power:N` accepts: beyond it the share is nearly all or nothing.
pub const MAX_POWER: u8 = 10;

/// Why a queue model's text is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid queue model `{0}`: conservative, optimistic or power:N (N from 1 to {MAX_POWER})")]
pub struct QueueModelError(String);

impl FromStr for QueueModel {
    type Err = QueueModelError;

    /// `conservative`, `optimistic` or `power:N` (`N` from 1 to [`MAX_POWER`]).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || QueueModelError(text.to_owned());
        match text.trim() {
            "conservative" => Ok(QueueModel::Conservative),
            "optimistic" => Ok(QueueModel::Optimistic),
            other => {
                let n = other.strip_prefix("power:").ok_or_else(bad)?;
                match n.parse::<u8>() {
                    Ok(n) if (1..=MAX_POWER).contains(&n) => Ok(QueueModel::Power(n)),
                    _ => Err(bad()),
                }
            }
        }
    }
}

impl fmt::Display for QueueModel {
    /// The text [`FromStr`] reads: `conservative`, `optimistic`, `power:3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueueModel::Conservative => f.write_str("conservative"),
            QueueModel::Optimistic => f.write_str("optimistic"),
            QueueModel::Power(n) => write!(f, "power:{n}"),
        }
    }
}
