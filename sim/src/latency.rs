//! The latency model (docs/design.md, Latency): how long an order takes to reach the matching
//! engine, how long a cancel takes, how long an answer takes to come back, and how long a
//! market-data frame takes to reach a client. One model for paper trading
//! ([`SimConfig::latency`](crate::SimConfig::latency), `contango-sim --latency`) and the
//! simulator's faults: an injected [`Fault::Latency`](crate::Fault::Latency) adds to the
//! order-entry wait the model draws, and the private stream's delay fault to its response wait.
//! A model may also be fitted from a recording of the user's own session
//! (`FitLatency::from_recording` in memory, `FitLatency::from_path` streamed from a file or a
//! directory, `contango-sim --latency-from`; `contango_research::fit`).
//!
//! ```
//! use std::time::Duration;
//! use contango_sim::{Delay, Latency};
//!
//! let every: Latency = "50ms".parse().unwrap();
//! assert_eq!(every.response, Delay::Constant(Duration::from_millis(50)));
//! let some: Latency = "order_entry=30ms,response=2ms".parse().unwrap();
//! assert_eq!(some.cancel, Delay::ZERO);
//! assert_eq!(some.to_string(), "order entry 30 ms, cancel 0 ms, response 2 ms, market data 0 ms");
//! ```

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::rng::SplitMix64;

/// One leg's delay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delay {
    /// Always this long.
    Constant(Duration),
    /// One of these samples, drawn uniformly by the model's seeded generator (a distribution
    /// measured elsewhere). Never empty: [`Delay::empirical`] refuses none.
    Empirical(Vec<Duration>),
}

impl Delay {
    /// No delay.
    pub const ZERO: Delay = Delay::Constant(Duration::ZERO);

    /// A delay drawn from `samples`; `None` when there is none.
    pub fn empirical(samples: Vec<Duration>) -> Option<Delay> {
        (!samples.is_empty()).then_some(Delay::Empirical(samples))
    }

    /// The middle delay: the constant, or the sample at half the sorted samples (the upper of
    /// the two middle ones for an even count).
    pub fn median(&self) -> Duration {
        match self {
            Delay::Constant(d) => *d,
            Delay::Empirical(samples) => {
                let mut sorted = samples.clone();
                sorted.sort_unstable();
                sorted.get(sorted.len() / 2).copied().unwrap_or_default()
            }
        }
    }

    /// Whether it never delays.
    pub fn is_zero(&self) -> bool {
        match self {
            Delay::Constant(d) => d.is_zero(),
            Delay::Empirical(s) => s.iter().all(Duration::is_zero),
        }
    }

    fn draw(&self, rng: &mut SplitMix64) -> Duration {
        match self {
            Delay::Constant(d) => *d,
            Delay::Empirical(samples) => {
                let n = u64::try_from(samples.len()).unwrap_or(u64::MAX);
                let i = usize::try_from(rng.below(n)).unwrap_or(0);
                samples.get(i).copied().unwrap_or_default()
            }
        }
    }
}

impl fmt::Display for Delay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Delay::Constant(d) => write!(f, "{}", millis(*d)),
            Delay::Empirical(samples) => {
                write!(
                    f,
                    "{} samples, median {}",
                    samples.len(),
                    millis(self.median())
                )
            }
        }
    }
}

/// `12 ms`, `0.25 ms`.
fn millis(d: Duration) -> String {
    let us = d.as_micros();
    if us % 1_000 == 0 {
        format!("{} ms", us / 1_000)
    } else {
        let fraction = format!("{:03}", us % 1_000);
        format!("{}.{} ms", us / 1_000, fraction.trim_end_matches('0'))
    }
}

/// Which way a message travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leg {
    /// A request (any but a cancel) to the engine.
    OrderEntry,
    /// A cancel to the engine.
    Cancel,
    /// The engine's answer, or its private-stream event, back to the client.
    Response,
    /// A market-data frame to the client.
    MarketData,
}

impl fmt::Display for Leg {
    /// `order entry`, `cancel`, `response`, `market data`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = LEGS
            .iter()
            .find(|(_, leg)| leg == self)
            .map_or("", |(n, _)| n);
        f.write_str(&name.replace('_', " "))
    }
}

/// The four delays, and the seed of the generator that draws the empirical ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Latency {
    /// A request reaching the engine (every request but a cancel).
    pub order_entry: Delay,
    /// A cancel reaching the engine.
    pub cancel: Delay,
    /// An answer, or a private-stream event, reaching the client.
    pub response: Delay,
    /// A market-data frame reaching the client.
    pub market_data: Delay,
    /// Seeds the draws of empirical delays.
    pub seed: u64,
}

impl Default for Latency {
    fn default() -> Self {
        Latency::zero()
    }
}

impl Latency {
    /// No delay anywhere.
    pub fn zero() -> Latency {
        Latency::constant(Duration::ZERO)
    }

    /// Every leg the same constant `d`.
    pub fn constant(d: Duration) -> Latency {
        Latency {
            order_entry: Delay::Constant(d),
            cancel: Delay::Constant(d),
            response: Delay::Constant(d),
            market_data: Delay::Constant(d),
            seed: 1,
        }
    }

    /// The delay of `leg`.
    pub fn leg(&self, leg: Leg) -> &Delay {
        match leg {
            Leg::OrderEntry => &self.order_entry,
            Leg::Cancel => &self.cancel,
            Leg::Response => &self.response,
            Leg::MarketData => &self.market_data,
        }
    }

    fn leg_mut(&mut self, leg: Leg) -> &mut Delay {
        match leg {
            Leg::OrderEntry => &mut self.order_entry,
            Leg::Cancel => &mut self.cancel,
            Leg::Response => &mut self.response,
            Leg::MarketData => &mut self.market_data,
        }
    }

    /// Whether no leg ever delays.
    pub fn is_zero(&self) -> bool {
        LEGS.iter().all(|(_, leg)| self.leg(*leg).is_zero())
    }

    /// Draws delays from this model.
    pub fn sampler(&self) -> Sampler {
        Sampler {
            rng: SplitMix64::new(self.seed),
            model: self.clone(),
        }
    }
}

/// The legs by the names `--latency` takes.
const LEGS: [(&str, Leg); 4] = [
    ("order_entry", Leg::OrderEntry),
    ("cancel", Leg::Cancel),
    ("response", Leg::Response),
    ("market_data", Leg::MarketData),
];

impl fmt::Display for Latency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        for (name, leg) in LEGS {
            write!(f, "{sep}{} {}", name.replace('_', " "), self.leg(leg))?;
            sep = ", ";
        }
        Ok(())
    }
}

/// A `--latency` value that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("latency `{text}`: {reason}")]
pub struct LatencyError {
    text: String,
    reason: String,
}

impl FromStr for Latency {
    type Err = LatencyError;

    /// `50ms` sets every leg; `order_entry=50ms,response=20ms` sets those named, the others
    /// none. Durations take `us`, `ms` or `s`.
    fn from_str(text: &str) -> Result<Latency, LatencyError> {
        let fail = |reason: String| LatencyError {
            text: text.to_owned(),
            reason,
        };
        if !text.contains('=') {
            return duration(text.trim()).map(Latency::constant).map_err(fail);
        }
        let mut latency = Latency::zero();
        let mut seen = Vec::new();
        for part in text.split(',') {
            let Some((name, value)) = part.split_once('=') else {
                return Err(fail(format!("`{part}` is not `leg=duration`")));
            };
            let name = name.trim();
            let Some((_, leg)) = LEGS.iter().find(|(n, _)| *n == name) else {
                let names: Vec<&str> = LEGS.iter().map(|(n, _)| *n).collect();
                return Err(fail(format!(
                    "no leg `{name}` (the legs: {})",
                    names.join(", ")
                )));
            };
            if seen.contains(leg) {
                return Err(fail(format!("`{name}` is given twice")));
            }
            seen.push(*leg);
            *latency.leg_mut(*leg) = Delay::Constant(duration(value.trim()).map_err(&fail)?);
        }
        Ok(latency)
    }
}

/// `250us`, `50ms`, `1.5s`.
fn duration(text: &str) -> Result<Duration, String> {
    let (number, scale) = if let Some(n) = text.strip_suffix("us") {
        (n, 1e-6)
    } else if let Some(n) = text.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else {
        return Err(format!("`{text}` has no unit (us, ms or s)"));
    };
    let value: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number and a unit"))?;
    if !value.is_finite() || value < 0.0 {
        return Err(format!("`{text}` is not a duration"));
    }
    Duration::try_from_secs_f64(value * scale).map_err(|_| format!("`{text}` is too long"))
}

/// Draws the delays of a model, in order, from its seed: the same model and the same sequence
/// of legs give the same delays.
#[derive(Debug, Clone)]
pub struct Sampler {
    model: Latency,
    rng: SplitMix64,
}

impl Sampler {
    /// The next delay of `leg`.
    pub fn draw(&mut self, leg: Leg) -> Duration {
        self.model.leg(leg).draw(&mut self.rng)
    }

    /// The model drawn from.
    pub fn model(&self) -> &Latency {
        &self.model
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_value_sets_every_leg_and_names_set_some() {
        let l: Latency = "1.5ms".parse().unwrap_or_default();
        assert_eq!(l, Latency::constant(Duration::from_micros(1_500)));
        let l: Latency = "cancel=2s, market_data=250us".parse().unwrap_or_default();
        assert_eq!(l.cancel, Delay::Constant(ms(2_000)));
        assert_eq!(l.market_data, Delay::Constant(Duration::from_micros(250)));
        assert!(l.order_entry.is_zero() && l.response.is_zero());
        assert_eq!(
            l.to_string(),
            "order entry 0 ms, cancel 2000 ms, response 0 ms, market data 0.25 ms"
        );
    }

    #[test]
    fn bad_values_are_refused_with_the_reason() {
        let reason = |t: &str| t.parse::<Latency>().err().map(|e| e.to_string());
        assert_eq!(
            reason("50"),
            Some("latency `50`: `50` has no unit (us, ms or s)".into())
        );
        assert_eq!(
            reason("entry=5ms"),
            Some(
                "latency `entry=5ms`: no leg `entry` (the legs: order_entry, cancel, response, \
                 market_data)"
                    .into()
            )
        );
        assert!(reason("cancel=1ms,cancel=2ms").is_some_and(|r| r.contains("twice")));
        assert!(reason("-3ms").is_some_and(|r| r.contains("not a duration")));
        assert!(reason("xms").is_some_and(|r| r.contains("not a number")));
        assert!(reason("order_entry").is_some_and(|r| r.contains("no unit")));
    }

    #[test]
    fn empirical_draws_follow_the_seed() {
        let samples: Vec<Duration> = (1..=50).map(ms).collect();
        let Some(delay) = Delay::empirical(samples.clone()) else {
            panic!("samples");
        };
        let model = Latency {
            order_entry: delay,
            ..Latency::zero()
        };
        let draws = |seed| {
            let mut s = Latency {
                seed,
                ..model.clone()
            }
            .sampler();
            (0..40).map(|_| s.draw(Leg::OrderEntry)).collect::<Vec<_>>()
        };
        assert_eq!(draws(7), draws(7));
        assert_ne!(draws(7), draws(8));
        assert!(draws(7).iter().all(|d| samples.contains(d)));
        assert_eq!(Delay::empirical(Vec::new()), None);
        assert!(
            model
                .to_string()
                .starts_with("order entry 50 samples, median 26 ms")
        );
    }
}
