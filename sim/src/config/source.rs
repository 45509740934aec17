//! Where a market source comes from (`SimConfig::market_source`): a live market stream, a
//! recording, or frames a caller applies. The feed that reads it: [`crate::feeds::source`].

use std::path::PathBuf;

use super::pace::Pace;

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
