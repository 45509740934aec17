//! The summary of a fidelity check: the verdicts counted, both sides' PnL and the gap between
//! them split by cause, so that the parts sum to the whole.
//!
//! Each order's PnL is its fills marked at the session's last price of its contract, less its
//! fee: `d × (mark − price) × volume − fee`, `d` being 1 for a buy and −1 for a sell. That is
//! linear in each order, so the gap (simulated − live) is a sum over orders, and each order's
//! part splits exactly:
//!
//! - **fees**: `−(fee_sim − fee_live)`;
//! - **volume**: `d × (mark − price_live) × (volume_sim − volume_live)`, valued at the live price
//!   (the simulator's when the exchange filled nothing): *missed* when the exchange filled more,
//!   *extra* when the simulator did;
//! - **price**: `d × (price_live − price_sim) × volume_sim`.
//!
//! Volume and price together are the order's PnL difference before fees, to the last digit.

use std::collections::HashMap;

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive as _;
use serde::Serialize;

use super::OrderCheck;
use super::outcome::{Outcome, Verdict};

/// The gap between the simulated PnL and the live one, by cause; the parts sum to the gap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct GapParts {
    /// From volume the exchange filled and the simulator did not.
    pub missed: Decimal,
    /// From volume the simulator filled and the exchange did not.
    pub extra: Decimal,
    /// From the same volume at other prices.
    pub price: Decimal,
    /// From other fees.
    pub fees: Decimal,
}

impl GapParts {
    /// Their sum: the gap.
    pub fn total(&self) -> Decimal {
        self.missed + self.extra + self.price + self.fees
    }
}

/// The check summed up.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Orders compared.
    pub orders: usize,
    /// Orders that agree.
    pub agree: usize,
    /// Orders filled alike at other prices.
    pub price: usize,
    /// Orders the exchange filled more.
    pub missed: usize,
    /// Orders the simulator filled more.
    pub extra: usize,
    /// Orders rejected or cancelled on one side only.
    pub status: usize,
    /// The share of orders that agree (`null` without orders).
    pub agreement: Option<f64>,
    /// Mean difference of average prices, in bps of the live one, over orders filled on both
    /// sides (`null` without any).
    pub price_difference_bps_mean: Option<f64>,
    /// Its 95th percentile.
    pub price_difference_bps_p95: Option<f64>,
    /// The live PnL, fills marked at the session's last prices, fees paid.
    pub pnl_live: Decimal,
    /// The simulated PnL, the same way.
    pub pnl_sim: Decimal,
    /// `pnl_sim − pnl_live`.
    pub gap: Decimal,
    /// The gap by cause.
    pub gap_parts: GapParts,
    /// The live traded notional: what the gap is measured against.
    pub live_notional: Decimal,
    /// The gap in bps of the live traded notional (`null` when nothing traded live).
    pub gap_bps: Option<f64>,
    /// Fees live and simulated.
    pub fees_live: Decimal,
    /// Fees simulated.
    pub fees_sim: Decimal,
}

/// One order's PnL on one side, at `mark`.
fn pnl(o: &Outcome, buy: bool, mark: Decimal) -> Decimal {
    let d = if buy { Decimal::ONE } else { -Decimal::ONE };
    let p = o.average_price.unwrap_or(mark);
    d * (mark - p) * o.filled - o.fee
}

/// The summary of `checks`, each order's fills marked at `marks[contract]` (its own price when
/// the session shows none).
pub(crate) fn summarize(checks: &[OrderCheck], marks: &HashMap<String, Decimal>) -> Summary {
    let mut s = Summary {
        orders: checks.len(),
        ..Summary::default()
    };
    let mut price_bps = Vec::new();
    for c in checks {
        match c.verdict {
            Verdict::Agree => s.agree += 1,
            Verdict::Price => s.price += 1,
            Verdict::Missed => s.missed += 1,
            Verdict::Extra => s.extra += 1,
            Verdict::Status => s.status += 1,
        }
        let (live, sim) = (&c.live, &c.sim);
        let mark = marks
            .get(&c.contract)
            .copied()
            .or(live.average_price)
            .or(sim.average_price)
            .unwrap_or_default();
        s.pnl_live += pnl(live, c.buy, mark);
        s.pnl_sim += pnl(sim, c.buy, mark);
        s.fees_live += live.fee;
        s.fees_sim += sim.fee;
        let d = if c.buy { Decimal::ONE } else { -Decimal::ONE };
        let p_live = live.average_price.or(sim.average_price).unwrap_or(mark);
        let p_sim = sim.average_price.unwrap_or(p_live);
        s.gap_parts.fees -= sim.fee - live.fee;
        let volume = d * (mark - p_live) * (sim.filled - live.filled);
        if sim.filled > live.filled {
            s.gap_parts.extra += volume;
        } else {
            s.gap_parts.missed += volume;
        }
        s.gap_parts.price += d * (p_live - p_sim) * sim.filled;
        if let Some(p) = live.average_price {
            s.live_notional += p * live.filled;
            if let Some(q) = sim.average_price.filter(|_| p > Decimal::ZERO) {
                price_bps.push(((q - p) / p * Decimal::from(10_000)).abs().to_f64());
            }
        }
    }
    s.gap = s.pnl_sim - s.pnl_live;
    if s.orders > 0 {
        s.agreement = Some(s.agree as f64 / s.orders as f64);
    }
    if s.live_notional > Decimal::ZERO {
        s.gap_bps = (s.gap / s.live_notional * Decimal::from(10_000)).to_f64();
    }
    let mut bps: Vec<f64> = price_bps.into_iter().flatten().collect();
    if !bps.is_empty() {
        bps.sort_by(f64::total_cmp);
        s.price_difference_bps_mean = Some(bps.iter().sum::<f64>() / bps.len() as f64);
        let rank = ((bps.len() as f64) * 0.95).ceil() as usize;
        s.price_difference_bps_p95 = bps.get(rank.saturating_sub(1)).copied();
    }
    s
}
