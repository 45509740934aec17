//! One order's outcome on each side, and the verdict of comparing them.

use contango::{OrderStatus, OrderTradeUpdate};
use rust_decimal::Decimal;
use serde::Serialize;

/// What became of an order on one side (the exchange's, or the simulator's).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The order's id on that side (`None` when it was refused).
    pub order_id: Option<i64>,
    /// Its last status (`NEW`, `PARTIALLY_FILLED`, `FILLED`, `CANCELLED`, `REJECTED`).
    pub status: String,
    /// Volume filled, in the private stream's unit (contracts times face value).
    pub filled: Decimal,
    /// Average fill price, when anything filled.
    pub average_price: Option<Decimal>,
    /// Exchange time of its first fill (ms).
    pub first_fill_ms: Option<i64>,
    /// Fee paid, in the margin coin.
    pub fee: Decimal,
    /// Why it was refused, when the answer was an error.
    pub refused: Option<String>,
}

impl Outcome {
    /// The outcome the private stream's updates of one order show, in order.
    pub(crate) fn of_updates(updates: &[OrderTradeUpdate]) -> Outcome {
        let mut o = Outcome::default();
        for u in updates {
            let order = &u.order;
            o.order_id = Some(order.order_id);
            o.status = status_name(&order.status).to_owned();
            if let Some(z) = order.cumulative_filled_quantity {
                o.filled = o.filled.max(z);
            }
            if order
                .last_filled_quantity
                .is_some_and(|l| l > Decimal::ZERO)
            {
                o.first_fill_ms.get_or_insert(u.event_time.0);
            }
            if o.filled > Decimal::ZERO {
                o.average_price = order.average_price.filter(|p| *p > Decimal::ZERO);
            }
            if let Some(fee) = order.fee {
                o.fee = fee.abs();
            }
        }
        o
    }

    /// An order the exchange refused.
    pub(crate) fn refused(why: String) -> Outcome {
        Outcome {
            status: "REJECTED".into(),
            refused: Some(why),
            ..Outcome::default()
        }
    }

    fn rejected(&self) -> bool {
        self.status == "REJECTED"
    }

    fn cancelled(&self) -> bool {
        self.status == "CANCELLED"
    }
}

fn status_name(status: &OrderStatus) -> &'static str {
    match status {
        OrderStatus::New | OrderStatus::Init => "NEW",
        OrderStatus::PartiallyFilled => "PARTIALLY_FILLED",
        OrderStatus::Filled => "FILLED",
        OrderStatus::Cancelled | OrderStatus::PendingCancel => "CANCELLED",
        OrderStatus::Rejected => "REJECTED",
        _ => "OTHER",
    }
}

/// How one order compares, by precedence: the first that applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Rejected, or cancelled, on one side only.
    Status,
    /// The exchange filled more than the simulator.
    Missed,
    /// The simulator filled more than the exchange.
    Extra,
    /// The same volume, at average prices further apart than the contract's tick.
    Price,
    /// The same.
    Agree,
}

impl Verdict {
    /// The verdict's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Status => "status",
            Verdict::Missed => "missed",
            Verdict::Extra => "extra",
            Verdict::Price => "price",
            Verdict::Agree => "agree",
        }
    }

    /// The verdict of `live` against `sim`, prices compared to `tick`.
    pub(crate) fn of(live: &Outcome, sim: &Outcome, tick: Decimal) -> Verdict {
        if live.rejected() != sim.rejected() || live.cancelled() != sim.cancelled() {
            return Verdict::Status;
        }
        if live.filled > sim.filled {
            return Verdict::Missed;
        }
        if sim.filled > live.filled {
            return Verdict::Extra;
        }
        match (live.average_price, sim.average_price) {
            (Some(l), Some(s)) if (l - s).abs() > tick => Verdict::Price,
            _ => Verdict::Agree,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(volume: i64, price: i64) -> Outcome {
        Outcome {
            order_id: Some(1),
            status: "FILLED".into(),
            filled: Decimal::from(volume),
            average_price: Some(Decimal::from(price)),
            ..Outcome::default()
        }
    }

    #[test]
    fn verdicts_go_by_precedence() {
        let tick = Decimal::new(1, 1);
        let v = |l: &Outcome, s: &Outcome| Verdict::of(l, s, tick);
        let rejected = Outcome::refused("-1160".into());
        let cancelled = Outcome {
            status: "CANCELLED".into(),
            ..Outcome::default()
        };
        assert_eq!(v(&filled(2, 100), &rejected), Verdict::Status);
        assert_eq!(
            v(&cancelled, &filled(2, 100)),
            Verdict::Status,
            "before extra"
        );
        assert_eq!(v(&filled(2, 100), &filled(1, 100)), Verdict::Missed);
        assert_eq!(
            v(&filled(1, 100), &filled(2, 90)),
            Verdict::Extra,
            "before price"
        );
        assert_eq!(v(&filled(2, 100), &filled(2, 101)), Verdict::Price);
        let within = Outcome {
            average_price: Some(Decimal::new(1001, 1)),
            ..filled(2, 100)
        };
        assert_eq!(
            v(&filled(2, 100), &within),
            Verdict::Agree,
            "one tick apart"
        );
        assert_eq!(v(&cancelled, &cancelled), Verdict::Agree);
    }
}
