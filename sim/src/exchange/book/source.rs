//! The book a market source shows for a contract, and the rules our own orders fill by against
//! it (docs/design.md, Real prices). Pure data, no accounts: the simulator asks what fills, then
//! books them.
//!
//! The rules, each fill tagged with the one that made it ([`Rule`]):
//! - **book walk**: an incoming order takes the opposite levels best first, as much as each has
//!   left, up to its limit price (a market order, any price);
//! - **crossed book**: a resting order whose price the source's opposite best has reached fills
//!   at its own price, from what those levels have left;
//! - **trade through**: a trade printing strictly through a resting order's price fills it at its
//!   own price;
//! - **queue cleared**: a trade at a resting order's own price first eats the queue ahead of it
//!   (the size displayed at its price when it was placed, capped when the level shrinks), then
//!   fills it.
//!
//! How the queue ahead moves is the [`QueueModel`] (docs/design.md, Queue models), and the
//! at-price fills are named for it: `queue_cleared` (conservative, the default, the rule
//! above), `queue_optimistic` (the trade fills the order, the queue ignored) and `queue_power`
//! (as conservative, but a level that shrinks by more than its trades moves the order forward
//! by an estimate of how much left from ahead of it).
//!
//! One trade's size is a budget shared by every resting order it reaches, best price first, then
//! oldest. Liquidity our fills took from a level stays taken until the source changes that level
//! (a new snapshot with another size there), so one displayed lot never fills twice.

use rust_decimal::{Decimal, RoundingStrategy};

use super::Side;

/// The rule a fill against the source's book was made by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum Rule {
    /// An incoming order took the opposite levels.
    BookWalk,
    /// The source's opposite best reached a resting order's price.
    CrossedBook,
    /// A trade printed strictly through a resting order's price.
    TradeThrough,
    /// A trade at a resting order's price came past the queue ahead of it (conservative).
    QueueCleared,
    /// A trade at a resting order's price filled it, the queue ahead ignored (optimistic).
    QueueOptimistic,
    /// A trade at a resting order's price came past the queue ahead of it as the power model
    /// estimated it.
    QueuePower,
}

impl Rule {
    /// The rule's name in reports and admin answers.
    pub fn name(self) -> &'static str {
        match self {
            Rule::BookWalk => "book_walk",
            Rule::CrossedBook => "crossed_book",
            Rule::TradeThrough => "trade_through",
            Rule::QueueCleared => "queue_cleared",
            Rule::QueueOptimistic => "queue_optimistic",
            Rule::QueuePower => "queue_power",
        }
    }
}

pub use crate::config::queue_model::{MAX_POWER, QueueModel, QueueModelError};

impl QueueModel {
    /// The rule a trade at a resting order's own price fills it by.
    pub fn rule(self) -> Rule {
        match self {
            QueueModel::Conservative => Rule::QueueCleared,
            QueueModel::Optimistic => Rule::QueueOptimistic,
            QueueModel::Power(_) => Rule::QueuePower,
        }
    }

    /// The queue ahead of an order (`front`) once the size at its price went from `prev` to
    /// `new` by something other than trades; an estimate is rounded half up to `dp` decimal
    /// places (the contract's volume step: fills stay whole lots). Never above `new` nor below
    /// zero.
    ///
    /// Conservative and optimistic cap it at `new`. The power model splits a decrease
    /// `chg = prev - new` between the size ahead and the size behind (`back = prev - front`):
    /// `p = f(back) / (f(back) + f(front))` is the share that left from behind, and the front
    /// becomes `front - (1 - p) * chg + min(back - p * chg, 0)`. Growth leaves the front as it
    /// was; an empty level has nothing to split.
    pub fn front_after(self, front: Decimal, prev: Decimal, new: Decimal, dp: u32) -> Decimal {
        let zero = Decimal::ZERO;
        let estimate = match self {
            QueueModel::Power(n) if new < prev => {
                let chg = prev - new;
                let back = (prev - front).max(zero);
                if front + back <= zero {
                    front
                } else {
                    let p = share_behind(n, front, back);
                    (front - (Decimal::ONE - p) * chg + (back - p * chg).min(zero))
                        .round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero)
                }
            }
            _ => front,
        };
        estimate.min(new).max(zero)
    }
}

/// `f(back) / (f(back) + f(front))` with `f(x) = x^n`, through the ratio of the smaller to the
/// larger (at most 1, so its power never overflows a decimal, whatever the sizes): Decimal's 28
/// significant digits, the same on every machine. `front + back` is above zero.
fn share_behind(n: u8, front: Decimal, back: Decimal) -> Decimal {
    let pow = |x: Decimal| (0..n).fold(Decimal::ONE, |acc, _| acc * x);
    if front <= back {
        Decimal::ONE / (Decimal::ONE + pow(front / back))
    } else {
        let r = pow(back / front);
        r / (r + Decimal::ONE)
    }
}

/// One price level: price and size (contracts).
pub type Level = (Decimal, Decimal);

/// A snapshot's level as decoded (the market stream's own type: kept as it comes, no copy).
pub type SourceLevel = contango::PriceLevel;

/// What our fills took from one level of the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
struct Taken {
    side: Side,
    price: Decimal,
    /// The level's size when we took from it: a snapshot with another size is a change.
    size: Decimal,
    taken: Decimal,
}

/// What trades printed against one of the source's levels since its last snapshot: the next
/// snapshot shows that much less there without anyone ahead of us leaving the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
struct Printed {
    /// The side of the level (a selling taker trades against the bids).
    side: Side,
    price: Decimal,
    volume: Decimal,
}

/// A resting order of ours, as the rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resting {
    /// Order id (older orders have lower ids).
    pub id: i64,
    /// Its side.
    pub side: Side,
    /// Its limit price.
    pub price: Decimal,
    /// Contracts still open.
    pub remaining: Decimal,
    /// The source's size queued ahead of it at its price.
    pub ahead: Decimal,
}

/// The former name of [`SourceFill`].
#[deprecated(note = "renamed `SourceFill` (one name for a market source's contracts)")]
pub type MirrorFill = SourceFill;

/// A fill of one of our orders against the source's book or tape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceFill {
    /// Our order.
    pub order: i64,
    /// Price: a resting order's own price, or the level's.
    pub price: Decimal,
    /// Contracts.
    pub volume: Decimal,
    /// The rule that made it.
    pub rule: Rule,
}

/// The book a market source shows for one contract, with what we took from it.
#[derive(Debug, Clone, Default, PartialEq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct SourceBook {
    /// Best first: lowest ask first.
    #[cfg_attr(
        feature = "journal",
        borsh(
            serialize_with = "crate::codec::levels::serialize",
            deserialize_with = "crate::codec::levels::deserialize"
        )
    )]
    asks: Vec<SourceLevel>,
    /// Best first: highest bid first.
    #[cfg_attr(
        feature = "journal",
        borsh(
            serialize_with = "crate::codec::levels::serialize",
            deserialize_with = "crate::codec::levels::deserialize"
        )
    )]
    bids: Vec<SourceLevel>,
    taken: Vec<Taken>,
    /// Trades at each level since the last snapshot (kept for the power model only).
    printed: Vec<Printed>,
}

fn better(side: Side, a: Decimal, b: Decimal) -> bool {
    match side {
        Side::Buy => a > b,
        Side::Sell => a < b,
    }
}

impl SourceBook {
    /// The levels of `side` (best first), as the source shows them.
    pub fn side(&self, side: Side) -> &[SourceLevel] {
        match side {
            Side::Buy => &self.bids,
            Side::Sell => &self.asks,
        }
    }

    /// Replaces the book with a snapshot (each side best first; put in order when it is not).
    /// What we took stays taken on levels the source shows at the same size; elsewhere the
    /// source changed the level and its new size stands. Returns the book it replaced (its
    /// levels and what printed at them since), for [`SourceBook::requeue`].
    pub fn replace(
        &mut self,
        mut asks: Vec<SourceLevel>,
        mut bids: Vec<SourceLevel>,
    ) -> SourceBook {
        if !asks.is_sorted_by(|a, b| at_most(&a.price, &b.price)) {
            asks.sort_by_key(|l| l.price);
        }
        if !bids.is_sorted_by(|a, b| at_most(&b.price, &a.price)) {
            bids.sort_by_key(|l| std::cmp::Reverse(l.price));
        }
        let before = SourceBook {
            asks: std::mem::replace(&mut self.asks, asks),
            bids: std::mem::replace(&mut self.bids, bids),
            taken: Vec::new(),
            printed: std::mem::take(&mut self.printed),
        };
        if !self.taken.is_empty() {
            let (asks, bids) = (&self.asks, &self.bids);
            self.taken.retain(|t| {
                let levels = if t.side == Side::Buy { bids } else { asks };
                levels
                    .iter()
                    .any(|l| l.price == t.price && l.quantity == t.size)
            });
        }
        before
    }

    /// Records a trade of `volume` the source printed at `price` against its `side` levels (a
    /// selling taker's trade against the bids).
    pub fn print(&mut self, side: Side, price: Decimal, volume: Decimal) {
        match self
            .printed
            .iter_mut()
            .find(|p| p.side == side && p.price == price)
        {
            Some(p) => p.volume += volume,
            None => self.printed.push(Printed {
                side,
                price,
                volume,
            }),
        }
    }

    fn printed_at(&self, side: Side, price: Decimal) -> Decimal {
        self.printed
            .iter()
            .find(|p| p.side == side && p.price == price)
            .map_or(Decimal::ZERO, |p| p.volume)
    }

    /// The best price of `side`.
    pub fn best(&self, side: Side) -> Option<Decimal> {
        self.side(side).first().map(|l| l.price)
    }

    /// Whether the best bid reaches the best ask (the source's book is not usable).
    pub fn is_crossed(&self) -> bool {
        matches!((self.best(Side::Buy), self.best(Side::Sell)), (Some(b), Some(a)) if b >= a)
    }

    /// The middle of the best bid and ask, when both exist and do not cross.
    pub fn mid(&self) -> Option<Decimal> {
        match (self.best(Side::Buy), self.best(Side::Sell)) {
            (Some(b), Some(a)) if b < a => Some((a + b) / Decimal::TWO),
            _ => None,
        }
    }

    /// The size the source shows at `price` on `side` (zero without a level there).
    pub fn displayed(&self, side: Side, price: Decimal) -> Decimal {
        self.side(side)
            .iter()
            .find(|l| l.price == price)
            .map_or(Decimal::ZERO, |l| l.quantity)
    }

    fn taken_at(&self, side: Side, price: Decimal) -> Decimal {
        self.taken
            .iter()
            .find(|t| t.side == side && t.price == price)
            .map_or(Decimal::ZERO, |t| t.taken)
    }

    /// What is left at a level: its size less what we took.
    fn left(&self, side: Side, price: Decimal, size: Decimal) -> Decimal {
        (size - self.taken_at(side, price)).max(Decimal::ZERO)
    }

    /// Up to `limit` levels of `side`, best first, with what we took taken off (empty ones left
    /// out): the book as the simulator serves it.
    pub fn levels(&self, side: Side, limit: usize) -> Vec<Level> {
        self.side(side)
            .iter()
            .map(|l| (l.price, self.left(side, l.price, l.quantity)))
            .filter(|(_, s)| *s > Decimal::ZERO)
            .take(limit)
            .collect()
    }

    /// Records that our fills took `volume` at `price` on `side`.
    pub fn take(&mut self, side: Side, price: Decimal, volume: Decimal) {
        let size = self.displayed(side, price);
        match self
            .taken
            .iter_mut()
            .find(|t| t.side == side && t.price == price)
        {
            Some(t) => t.taken += volume,
            None => self.taken.push(Taken {
                side,
                price,
                size,
                taken: volume,
            }),
        }
    }

    /// The fills an incoming order of `side` for `volume` would get by walking the opposite
    /// levels, best first, up to `limit` (`None`: any price); nothing changes.
    pub fn walk(&self, side: Side, limit: Option<Decimal>, volume: Decimal) -> Vec<Level> {
        let opposite = side.opposite();
        let mut left = volume;
        let mut out = Vec::new();
        for level in self.side(opposite) {
            if left <= Decimal::ZERO || limit.is_some_and(|l| better(side, level.price, l)) {
                break;
            }
            let take = self.left(opposite, level.price, level.quantity).min(left);
            if take > Decimal::ZERO {
                left -= take;
                out.push((level.price, take));
            }
        }
        out
    }

    /// The fills of resting orders the source's opposite best has reached: each at its own
    /// price, from what the crossing levels have left, best order first; the levels are taken.
    pub fn crossing(&mut self, resting: &mut [Resting]) -> Vec<SourceFill> {
        prioritize(resting);
        let mut fills = Vec::new();
        for r in resting.iter_mut() {
            let opposite = r.side.opposite();
            let reached: Vec<Level> = self
                .side(opposite)
                .iter()
                .take_while(|l| !better(r.side, l.price, r.price))
                .map(|l| (l.price, self.left(opposite, l.price, l.quantity)))
                .collect();
            for (price, left) in reached {
                let take = left.min(r.remaining);
                if take <= Decimal::ZERO {
                    continue;
                }
                self.take(opposite, price, take);
                r.remaining -= take;
                fills.push(SourceFill {
                    order: r.id,
                    price: r.price,
                    volume: take,
                    rule: Rule::CrossedBook,
                });
            }
        }
        fills
    }

    /// Moves each resting order's queue ahead as `model` says for this snapshot, which replaced
    /// `before` ([`QueueModel::front_after`]): the size at its price went from what `before`
    /// showed, less what printed there since (those trades already ate the queue), to what this
    /// one shows. Estimates are rounded to `dp` decimal places.
    pub fn requeue(
        &self,
        model: QueueModel,
        before: &SourceBook,
        resting: &mut [Resting],
        dp: u32,
    ) {
        for r in resting {
            let prev = (before.displayed(r.side, r.price) - before.printed_at(r.side, r.price))
                .max(Decimal::ZERO);
            let new = self.displayed(r.side, r.price);
            r.ahead = model.front_after(r.ahead, prev, new, dp);
        }
    }
}

/// Best price first, then oldest.
fn prioritize(resting: &mut [Resting]) {
    resting.sort_by(|a, b| {
        let price = match a.side {
            Side::Buy => b.price.cmp(&a.price),
            Side::Sell => a.price.cmp(&b.price),
        };
        price.then(a.id.cmp(&b.id))
    });
}

/// The fills a trade of `size` at `price` by a `taker` gives our resting orders, and the queues
/// it eats, sharing its size among them (module docs); at an order's own price, as `model`
/// says. `resting` is updated in place.
pub fn trade(
    resting: &mut [Resting],
    taker: Side,
    price: Decimal,
    size: Decimal,
    model: QueueModel,
) -> Vec<SourceFill> {
    prioritize(resting);
    let mut budget = size;
    let mut fills = Vec::new();
    for r in resting.iter_mut() {
        if budget <= Decimal::ZERO {
            break;
        }
        let through = better(r.side.opposite(), price, r.price);
        let at = price == r.price && taker == r.side.opposite();
        if !through && !at {
            continue;
        }
        let rule = if through {
            Rule::TradeThrough
        } else {
            if model != QueueModel::Optimistic {
                let eaten = r.ahead.min(budget);
                r.ahead -= eaten;
                budget -= eaten;
            }
            model.rule()
        };
        let fill = budget.min(r.remaining);
        if fill <= Decimal::ZERO {
            continue;
        }
        budget -= fill;
        r.remaining -= fill;
        fills.push(SourceFill {
            order: r.id,
            price: r.price,
            volume: fill,
            rule,
        });
    }
    fills
}

/// `a <= b`, by their mantissas when they share a scale (a book's prices do): a twentieth of
/// the cost of applying a snapshot went to general decimal comparisons here.
fn at_most(a: &Decimal, b: &Decimal) -> bool {
    if a.scale() == b.scale() {
        a.mantissa() <= b.mantissa()
    } else {
        a <= b
    }
}

#[cfg(test)]
mod tests;
