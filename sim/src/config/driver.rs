//! The market driver's configuration (`SimConfig::market_driver`): where its prices come from,
//! what it drives and how often. Its rules: [`crate::exchange::driver`].

use std::path::PathBuf;
use std::time::Duration;

use rust_decimal::Decimal;

/// Where prices come from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub(crate) enum Prices {
    Walk {
        seed: u64,
        volatility: Decimal,
    },
    File(
        #[cfg_attr(
            feature = "journal",
            borsh(
                serialize_with = "crate::codec::path::serialize",
                deserialize_with = "crate::codec::path::deserialize"
            )
        )]
        PathBuf,
    ),
    Points(Vec<(u64, Decimal)>),
}

/// Configuration of the market driver (`SimBuilder::market_driver`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct MarketDriver {
    pub(crate) prices: Prices,
    pub(crate) contracts: Option<Vec<String>>,
    #[cfg_attr(
        feature = "journal",
        borsh(
            serialize_with = "crate::codec::duration::serialize",
            deserialize_with = "crate::codec::duration::deserialize"
        )
    )]
    pub(crate) step: Duration,
    pub(crate) trade_every: u32,
    pub(crate) max_trade_volume: u32,
    pub(crate) looping: bool,
    #[cfg_attr(
        feature = "journal",
        borsh(
            serialize_with = "crate::codec::opt_duration::serialize",
            deserialize_with = "crate::codec::opt_duration::deserialize"
        )
    )]
    pub(crate) backfill: Option<Duration>,
}

impl MarketDriver {
    fn with(prices: Prices) -> Self {
        MarketDriver {
            prices,
            contracts: None,
            step: Duration::from_millis(200),
            trade_every: 2,
            max_trade_volume: 3,
            looping: false,
            backfill: None,
        }
    }

    /// A seeded random walk of every tradable contract that has a seed book.
    pub fn random_walk(seed: u64) -> Self {
        Self::with(Prices::Walk {
            seed,
            volatility: Decimal::new(5, 4),
        })
    }

    /// A price path read from a CSV file of `time,price` lines (format in the module docs),
    /// driving the first tradable contract unless `contracts` says otherwise. The file is read
    /// when the simulator starts; a malformed file makes `start` fail with the line number.
    pub fn price_path_csv(path: impl Into<PathBuf>) -> Self {
        Self::with(Prices::File(path.into()))
    }

    /// A price path given as `(milliseconds since the start, price)` points.
    pub fn price_path(points: Vec<(Duration, Decimal)>) -> Self {
        Self::with(Prices::Points(
            points
                .into_iter()
                .map(|(t, p)| (u64::try_from(t.as_millis()).unwrap_or(u64::MAX), p))
                .collect(),
        ))
    }

    /// The contracts to drive.
    pub fn contracts<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.contracts = Some(names.into_iter().map(Into::into).collect());
        self
    }

    /// Time between steps (200 ms).
    pub fn step(mut self, d: Duration) -> Self {
        self.step = d.max(Duration::from_millis(1));
        self
    }

    /// Relative size of a random-walk step (0.0005); ignored by price paths.
    pub fn volatility(mut self, v: Decimal) -> Self {
        if let Prices::Walk { volatility, .. } = &mut self.prices {
            *volatility = v.abs();
        }
        self
    }

    /// One step in `n` prints a trade (2; 1 = every step; 0 = never).
    pub fn trade_every(mut self, n: u32) -> Self {
        self.trade_every = n;
        self
    }

    /// Largest volume of a driver trade (3 contracts).
    pub fn max_trade_volume(mut self, n: u32) -> Self {
        self.max_trade_volume = n.max(1);
        self
    }

    /// Whether a price path starts again after its last point (default: holds the last price).
    pub fn looping(mut self, on: bool) -> Self {
        self.looping = on;
        self
    }

    /// Generates `d` of past trades before the simulator serves (module docs).
    pub fn backfill(mut self, d: Duration) -> Self {
        self.backfill = Some(d);
        self
    }

    /// Time between steps.
    pub fn step_interval(&self) -> Duration {
        self.step
    }

    /// The path file to read before the simulator starts, if the prices come from one.
    pub(crate) fn path_file(&self) -> Option<&std::path::Path> {
        match &self.prices {
            Prices::File(f) => Some(f),
            _ => None,
        }
    }

    /// The same driver with its path given as points (read from its file).
    pub(crate) fn with_points(mut self, points: Vec<(u64, Decimal)>) -> Self {
        self.prices = Prices::Points(points);
        self
    }
}
