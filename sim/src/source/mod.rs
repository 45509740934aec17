//! Real prices: a market source drives the simulator's market instead of the synthetic driver
//! (docs/design.md, Real prices).
//!
//! - **live** ([`MarketSource::live`]): the exchange's public market stream at a `ws://` or
//!   `wss://` URL, read through contango's own `MarketStream`: paper trading, real prices, local
//!   fills.
//! - **recorded** ([`MarketSource::recorded`]): a recording file (`ClientBuilder::record`,
//!   `contango --record`) holding a market stream, replayed at its recorded pace, N times it, or
//!   as fast as possible ([`Pace`]); the simulator's clock follows the recorded exchange time.
//! - **lockstep** (`crate::backtest::Backtest`): the harness applies each frame itself and waits
//!   for the strategy before the next.
//!
//! For each configured contract the source's depth snapshots become the book (every level as
//! the source shows it, less what our fills took), its trades print (the tape, the last price,
//! candles), and the mid of its book (the ticker's last price while the book is one-sided)
//! becomes the mark price, so liquidations and conditional orders run on real prices. Sizes are
//! taken as they come: the market stream's volumes are contracts, the unit of the REST depth and
//! of orders (docs/design.md, Real prices, on the unit). The synthetic market maker and its
//! seeded book are off for a mirrored contract, and our orders do not trade with each other:
//! they fill against the source by the rules of [`crate::engine::mirror`]. Our fills do not print
//! on the simulator's tape, which stays the source's.
//!
//! A source whose book is crossed, that has sent nothing for [`STALE_AFTER`] (live), or that
//! dropped its connection is **degraded**: matching pauses (a MARKET order is cancelled unfilled,
//! a LIMIT order rests, resting orders do not fill) until a good snapshot arrives.
//! [`crate::Sim::source_health`] and the admin route `GET /__sim/source` say which and why.

mod apply;
pub mod run;

use std::path::PathBuf;
use std::time::Duration;

use rust_decimal::Decimal;

pub use crate::pace::Pace;

pub use apply::FillRecord;
pub use run::{SourceTask, start};

use crate::engine::mirror::MirrorBook;

/// A live source that has sent nothing for this long is degraded.
pub const STALE_AFTER: Duration = Duration::from_secs(30);

/// Fills kept for the admin route and `Sim::fills` (the oldest go first).
pub const FILL_LOG: usize = 10_000;

/// Where the simulator's market comes from (`SimBuilder::market_source`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MarketSource {
    /// A live market stream.
    Live {
        /// Its `ws://` or `wss://` URL.
        url: String,
    },
    /// A recording holding a market stream.
    Recorded {
        /// The recording file.
        path: PathBuf,
        /// How fast it plays.
        pace: Pace,
    },
    /// Frames the embedding code applies itself (`Sim::apply_market_frame`), as the lockstep
    /// backtest does; the clock follows them as a recording's.
    Stepped,
}

impl MarketSource {
    /// A live market stream at `url`.
    pub fn live(url: impl Into<String>) -> Self {
        MarketSource::Live { url: url.into() }
    }

    /// A recording at `path`, played at `pace`.
    pub fn recorded(path: impl Into<PathBuf>, pace: Pace) -> Self {
        MarketSource::Recorded {
            path: path.into(),
            pace,
        }
    }

    /// A `ws://`/`wss://` URL is a live source, anything else a recording file.
    pub fn parse(from: &str, pace: Pace) -> Self {
        if from.starts_with("ws://") || from.starts_with("wss://") {
            MarketSource::live(from)
        } else {
            MarketSource::recorded(from, pace)
        }
    }

    /// Whether the simulator's clock follows the source's recorded time.
    pub fn follows_recorded_time(&self) -> bool {
        !matches!(self, MarketSource::Live { .. })
    }
}

/// The state of a contract's source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceHealth {
    /// No snapshot yet: nothing to match against.
    Waiting,
    /// Matching against the source's book.
    Live,
    /// Matching paused until a good snapshot arrives.
    Degraded {
        /// Why: the book is crossed, the source is stale or disconnected.
        reason: String,
    },
}

impl SourceHealth {
    /// Whether orders match against the source now.
    pub fn is_live(&self) -> bool {
        *self == SourceHealth::Live
    }
}

/// A contract's mirrored market.
#[derive(Debug, Clone)]
pub struct Mirror {
    /// The source's book and what our fills took from it.
    pub book: MirrorBook,
    /// The source's size queued ahead of each of our resting orders, by order id.
    pub ahead: std::collections::HashMap<i64, Decimal>,
    /// Matching state.
    pub health: SourceHealth,
    /// Exchange time of the last frame applied.
    pub last_ms: i64,
}

impl Mirror {
    /// A mirror with no snapshot yet.
    pub fn new() -> Self {
        Mirror {
            book: MirrorBook::default(),
            ahead: std::collections::HashMap::new(),
            health: SourceHealth::Waiting,
            last_ms: 0,
        }
    }
}

impl Default for Mirror {
    fn default() -> Self {
        Self::new()
    }
}
