//! A driven venue: its market moves only when told, over the admin routes `POST /__sim/step`
//! (`{"until_ms":T}`, `{"frames":N}`, or both: to T, at most N frames) and `GET /__sim/report`
//! (and `GET /__sim/tearsheet`). The server hands those to the [`Driver`] that holds the market
//! (the research crate's driven backtest); the exchange's own API is served as always, each
//! request moving the venue by its own latency.

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

use crate::error::{SimError, SimResult};

/// How far a step moves the market.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepTo {
    /// To this exchange time (ms): every frame up to it applied, the clock at it.
    Until(i64),
    /// By this many frames.
    Frames(u64),
    /// To this exchange time (ms), by at most this many frames: the clock at the time only when
    /// every frame up to it was applied. A long step taken in parts, each with its progress.
    Bounded {
        /// The time to reach.
        until_ms: i64,
        /// The most frames applied.
        frames: u64,
    },
}

impl StepTo {
    /// `{"until_ms": T}`, `{"frames": N}`, or both (a bounded step).
    pub fn parse(body: &[u8]) -> SimResult<StepTo> {
        let bad = |why: &str| SimError::param("until_ms|frames").detail(why).status(400);
        let v: Value = serde_json::from_slice(body).map_err(|_| bad("not a JSON object"))?;
        let until = v
            .get("until_ms")
            .map(|t| {
                t.as_i64()
                    .ok_or_else(|| bad("`until_ms` is not an integer"))
            })
            .transpose()?;
        let frames = v
            .get("frames")
            .map(|n| {
                n.as_u64()
                    .ok_or_else(|| bad("`frames` is not a whole number"))
            })
            .transpose()?;
        match (until, frames) {
            (Some(until_ms), None) => Ok(StepTo::Until(until_ms)),
            (None, Some(n)) => Ok(StepTo::Frames(n)),
            (Some(until_ms), Some(frames)) => Ok(StepTo::Bounded { until_ms, frames }),
            (None, None) => Err(bad("give `until_ms`, `frames`, or both")),
        }
    }
}

/// What answers a driven venue's steps and report.
pub trait Driver: Send + Sync + std::fmt::Debug {
    /// Moves the market; what the account and the book are after the step.
    fn step(&self, to: StepTo) -> Pin<Box<dyn Future<Output = SimResult<Value>> + Send + '_>>;
    /// The backtest's report (metrics and ledger), once the market has been played to its end.
    fn report(&self) -> Pin<Box<dyn Future<Output = SimResult<Value>> + Send + '_>>;
    /// The report's tearsheet, one HTML page, once the market has been played to its end.
    fn tearsheet(&self) -> Pin<Box<dyn Future<Output = SimResult<String>> + Send + '_>>;
}

#[cfg(test)]
mod tests {
    use super::StepTo;

    #[test]
    fn a_step_is_a_time_a_count_or_both() {
        let parse = |s: &str| StepTo::parse(s.as_bytes());
        assert_eq!(parse(r#"{"until_ms":5}"#).ok(), Some(StepTo::Until(5)));
        assert_eq!(parse(r#"{"frames":3}"#).ok(), Some(StepTo::Frames(3)));
        assert_eq!(
            parse(r#"{"until_ms":5,"frames":3}"#).ok(),
            Some(StepTo::Bounded {
                until_ms: 5,
                frames: 3
            })
        );
        for bad in [
            "{}",
            "[]",
            "not json",
            r#"{"frames":-1}"#,
            r#"{"until_ms":"5"}"#,
        ] {
            let e = parse(bad).expect_err(bad);
            assert_eq!(e.status, 400, "{bad}");
        }
    }
}
