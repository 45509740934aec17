//! The pending triggers of one contract, kept sorted by price per watched price and direction, so
//! that a price update that fires nothing costs four look-ups at the ends of ordered sets.
//!
//! Invariant kept by the callers: after every evaluation no pending trigger is crossed, so every
//! rising trigger sits above its watched price and every falling one below it. The trigger
//! nearest to the price is then the first of its set, and a price update fires something exactly
//! when one of the four heads is crossed.

use std::collections::BTreeSet;

use rust_decimal::Decimal;

/// The price a trigger watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum WatchedPrice {
    /// The contract's last trade price.
    Last,
    /// The contract's mark price.
    Mark,
}

/// Which way the watched price must move for a trigger to fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Crossing {
    /// Fires when the price rises to or above the trigger.
    Rising,
    /// Fires when the price falls to or below the trigger.
    Falling,
}

impl Crossing {
    /// Whether `price` has reached `trigger` in this direction.
    pub fn crossed(self, trigger: Decimal, price: Decimal) -> bool {
        match self {
            Crossing::Rising => price >= trigger,
            Crossing::Falling => price <= trigger,
        }
    }
}

/// Where one trigger sits in the index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The price watched.
    pub watched: WatchedPrice,
    /// The direction it fires in.
    pub direction: Crossing,
    /// The trigger price.
    pub price: Decimal,
}

/// The pending triggers of one contract, by `(price, order id)` in four ordered sets.
#[derive(Debug, Clone, Default)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct TriggerIndex {
    /// `[last, mark]`: fire when the price rises to them; nearest (lowest) first.
    rising: [BTreeSet<(Decimal, i64)>; 2],
    /// `[last, mark]`: fire when the price falls to them; nearest (highest) last.
    falling: [BTreeSet<(Decimal, i64)>; 2],
}

fn at(watched: WatchedPrice) -> usize {
    match watched {
        WatchedPrice::Last => 0,
        WatchedPrice::Mark => 1,
    }
}

impl TriggerIndex {
    fn set(&mut self, slot: &Slot) -> &mut BTreeSet<(Decimal, i64)> {
        match slot.direction {
            Crossing::Rising => &mut self.rising[at(slot.watched)],
            Crossing::Falling => &mut self.falling[at(slot.watched)],
        }
    }

    /// Adds the trigger of order `id`.
    pub fn insert(&mut self, slot: &Slot, id: i64) {
        self.set(slot).insert((slot.price, id));
    }

    /// Removes the trigger of order `id`; whether it was there.
    pub fn remove(&mut self, slot: &Slot, id: i64) -> bool {
        self.set(slot).remove(&(slot.price, id))
    }

    /// Number of pending triggers.
    pub fn len(&self) -> usize {
        self.rising
            .iter()
            .chain(&self.falling)
            .map(BTreeSet::len)
            .sum()
    }

    /// Whether no trigger is pending.
    pub fn is_empty(&self) -> bool {
        self.rising
            .iter()
            .chain(&self.falling)
            .all(BTreeSet::is_empty)
    }

    /// The order whose trigger the prices have crossed, `None` when none has. Of several, the
    /// oldest order (lowest id) of the crossed heads, so that evaluation is deterministic.
    pub fn crossed(&self, last: Decimal, mark: Decimal) -> Option<i64> {
        let mut found: Option<i64> = None;
        for (watched, price) in [(WatchedPrice::Last, last), (WatchedPrice::Mark, mark)] {
            let i = at(watched);
            let heads = [
                self.rising[i]
                    .first()
                    .filter(|(t, _)| Crossing::Rising.crossed(*t, price)),
                self.falling[i]
                    .last()
                    .filter(|(t, _)| Crossing::Falling.crossed(*t, price)),
            ];
            for (_, id) in heads.into_iter().flatten() {
                found = Some(found.map_or(*id, |f| f.min(*id)));
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64) -> Decimal {
        Decimal::from(n)
    }

    fn slot(watched: WatchedPrice, direction: Crossing, price: i64) -> Slot {
        Slot {
            watched,
            direction,
            price: d(price),
        }
    }

    #[test]
    fn the_nearest_trigger_fires_first_and_only_when_reached() {
        let mut ix = TriggerIndex::default();
        ix.insert(&slot(WatchedPrice::Last, Crossing::Falling, 90), 1);
        ix.insert(&slot(WatchedPrice::Last, Crossing::Falling, 95), 2);
        ix.insert(&slot(WatchedPrice::Mark, Crossing::Rising, 110), 3);
        assert_eq!(ix.len(), 3);
        assert_eq!(ix.crossed(d(100), d(100)), None);
        assert_eq!(ix.crossed(d(96), d(109)), None);
        // At the trigger price counts as reached.
        assert_eq!(ix.crossed(d(95), d(100)), Some(2));
        assert_eq!(ix.crossed(d(100), d(110)), Some(3));
        // A mark trigger ignores the last price and the other way round.
        assert_eq!(ix.crossed(d(200), d(100)), None);
        assert_eq!(ix.crossed(d(100), d(50)), None);
        // Crossed on both prices: the nearest of each set (95, not 90), then the older order.
        assert_eq!(ix.crossed(d(80), d(120)), Some(2));
        assert_eq!(ix.crossed(d(100), d(120)), Some(3));
        assert!(ix.remove(&slot(WatchedPrice::Last, Crossing::Falling, 90), 1));
        assert!(!ix.remove(&slot(WatchedPrice::Last, Crossing::Falling, 90), 1));
        assert_eq!(ix.crossed(d(80), d(100)), Some(2));
        assert!(ix.remove(&slot(WatchedPrice::Last, Crossing::Falling, 95), 2));
        assert!(ix.remove(&slot(WatchedPrice::Mark, Crossing::Rising, 110), 3));
        assert!(ix.is_empty());
    }
}
