//! One contract's order book: price levels, each a FIFO queue of resting orders.

use std::collections::{BTreeMap, VecDeque};

use super::Side;
use rust_decimal::Decimal;

/// A resting order as the book sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Resting {
    /// Order id.
    pub order_id: i64,
    /// Owner account (uid).
    pub account: i64,
    /// Contracts still open.
    pub remaining: Decimal,
}

/// Bids and asks of one contract, each level in arrival order (time priority).
#[derive(Debug, Clone, Default)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Book {
    bids: BTreeMap<Decimal, VecDeque<Resting>>,
    asks: BTreeMap<Decimal, VecDeque<Resting>>,
}

impl Book {
    fn side(&self, side: &Side) -> &BTreeMap<Decimal, VecDeque<Resting>> {
        if *side == Side::Buy {
            &self.bids
        } else {
            &self.asks
        }
    }

    fn side_mut(&mut self, side: &Side) -> &mut BTreeMap<Decimal, VecDeque<Resting>> {
        if *side == Side::Buy {
            &mut self.bids
        } else {
            &mut self.asks
        }
    }

    /// Adds an order at the back of its price level (`Buy` rests among the bids).
    pub fn insert(&mut self, side: &Side, price: Decimal, order: Resting) {
        self.side_mut(side)
            .entry(price)
            .or_default()
            .push_back(order);
    }

    /// Removes an order; `None` when it is not resting there.
    pub fn remove(&mut self, side: &Side, price: Decimal, order_id: i64) -> Option<Resting> {
        let levels = self.side_mut(side);
        let level = levels.get_mut(&price)?;
        let pos = level.iter().position(|r| r.order_id == order_id)?;
        let removed = level.remove(pos);
        if level.is_empty() {
            levels.remove(&price);
        }
        removed
    }

    /// Takes `volume` from a resting order (a fill); removes it when nothing is left.
    pub fn fill(&mut self, side: &Side, price: Decimal, order_id: i64, volume: Decimal) {
        let levels = self.side_mut(side);
        let Some(level) = levels.get_mut(&price) else {
            return;
        };
        if let Some(pos) = level.iter().position(|r| r.order_id == order_id) {
            if let Some(r) = level.get_mut(pos) {
                r.remaining -= volume;
                if r.remaining <= Decimal::ZERO {
                    level.remove(pos);
                }
            }
        }
        if level.is_empty() {
            levels.remove(&price);
        }
    }

    /// Best price of a side: highest bid, lowest ask.
    pub fn best(&self, side: &Side) -> Option<Decimal> {
        if *side == Side::Buy {
            self.bids.keys().next_back().copied()
        } else {
            self.asks.keys().next().copied()
        }
    }

    /// Whether no order rests on either side.
    pub fn is_empty(&self) -> bool {
        self.bids.is_empty() && self.asks.is_empty()
    }

    /// Resting orders of a side, best price first, in time priority within a level.
    pub fn iter_side<'a>(
        &'a self,
        side: &Side,
    ) -> Box<dyn Iterator<Item = (Decimal, &'a Resting)> + 'a> {
        let flatten = |(p, q): (&'a Decimal, &'a VecDeque<Resting>)| q.iter().map(move |r| (*p, r));
        if *side == Side::Buy {
            Box::new(self.bids.iter().rev().flat_map(flatten))
        } else {
            Box::new(self.asks.iter().flat_map(flatten))
        }
    }

    /// Up to `limit` aggregated levels `(price, total volume)` of a side, best first.
    pub fn levels(&self, side: &Side, limit: usize) -> Vec<(Decimal, Decimal)> {
        let sum = |(p, q): (&Decimal, &VecDeque<Resting>)| {
            (*p, q.iter().map(|r| r.remaining).sum::<Decimal>())
        };
        let levels = self.side(side);
        if *side == Side::Buy {
            levels.iter().rev().take(limit).map(sum).collect()
        } else {
            levels.iter().take(limit).map(sum).collect()
        }
    }

    /// Total resting volume of a side.
    pub fn depth(&self, side: &Side) -> Decimal {
        self.iter_side(side).map(|(_, r)| r.remaining).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(id: i64, v: i64) -> Resting {
        Resting {
            order_id: id,
            account: 1,
            remaining: Decimal::from(v),
        }
    }

    #[test]
    fn levels_are_best_first_and_aggregated() {
        let mut b = Book::default();
        b.insert(&Side::Buy, Decimal::from(99), r(1, 5));
        b.insert(&Side::Buy, Decimal::from(100), r(2, 3));
        b.insert(&Side::Buy, Decimal::from(100), r(3, 4));
        b.insert(&Side::Sell, Decimal::from(102), r(4, 1));
        b.insert(&Side::Sell, Decimal::from(101), r(5, 2));
        assert_eq!(b.best(&Side::Buy), Some(Decimal::from(100)));
        assert_eq!(b.best(&Side::Sell), Some(Decimal::from(101)));
        assert_eq!(
            b.levels(&Side::Buy, 10),
            vec![
                (Decimal::from(100), Decimal::from(7)),
                (Decimal::from(99), Decimal::from(5))
            ]
        );
        assert_eq!(
            b.levels(&Side::Sell, 1),
            vec![(Decimal::from(101), Decimal::from(2))]
        );
        let order: Vec<i64> = b.iter_side(&Side::Buy).map(|(_, r)| r.order_id).collect();
        assert_eq!(order, vec![2, 3, 1]);
        assert_eq!(b.depth(&Side::Buy), Decimal::from(12));
    }

    #[test]
    fn fill_and_remove() {
        let mut b = Book::default();
        b.insert(&Side::Sell, Decimal::from(10), r(1, 5));
        b.fill(&Side::Sell, Decimal::from(10), 1, Decimal::from(2));
        assert_eq!(
            b.levels(&Side::Sell, 5),
            vec![(Decimal::from(10), Decimal::from(3))]
        );
        b.fill(&Side::Sell, Decimal::from(10), 1, Decimal::from(3));
        assert_eq!(b.best(&Side::Sell), None);
        b.insert(&Side::Sell, Decimal::from(10), r(2, 5));
        assert_eq!(b.remove(&Side::Sell, Decimal::from(10), 9), None);
        assert!(b.remove(&Side::Sell, Decimal::from(10), 2).is_some());
        assert_eq!(b.best(&Side::Sell), None);
        // Unknown levels and ids are ignored.
        b.fill(&Side::Buy, Decimal::from(1), 1, Decimal::ONE);
    }
}
