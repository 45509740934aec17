//! A driven venue: its market moves only when told, over the admin routes `POST /__sim/step`
//! (`{"until_ms":T}` or `{"frames":N}`) and `GET /__sim/report`. The server hands those to the
//! [`Driver`] that holds the market (the research crate's driven backtest); the exchange's own
//! API is served as always, each request moving the venue by its own latency.

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
}

impl StepTo {
    /// `{"until_ms": T}` or `{"frames": N}`, one of the two.
    pub fn parse(body: &[u8]) -> SimResult<StepTo> {
        let bad = |why: &str| SimError::param("until_ms|frames").detail(why).status(400);
        let v: Value = serde_json::from_slice(body).map_err(|_| bad("not a JSON object"))?;
        match (v.get("until_ms"), v.get("frames")) {
            (Some(t), None) => t
                .as_i64()
                .map(StepTo::Until)
                .ok_or_else(|| bad("`until_ms` is not an integer")),
            (None, Some(n)) => n
                .as_u64()
                .map(StepTo::Frames)
                .ok_or_else(|| bad("`frames` is not a whole number")),
            _ => Err(bad("give `until_ms` or `frames`, one of them")),
        }
    }
}

/// What answers a driven venue's steps and report.
pub trait Driver: Send + Sync + std::fmt::Debug {
    /// Moves the market; what the account and the book are after the step.
    fn step(&self, to: StepTo) -> Pin<Box<dyn Future<Output = SimResult<Value>> + Send + '_>>;
    /// The backtest's report (metrics and ledger), once the market has been played to its end.
    fn report(&self) -> Pin<Box<dyn Future<Output = SimResult<Value>> + Send + '_>>;
}
