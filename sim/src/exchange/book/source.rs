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

/// The rule a fill against the mirrored book was made by.
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

/// A fill of one of our orders against the mirrored book or tape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MirrorFill {
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
    pub fn crossing(&mut self, resting: &mut [Resting]) -> Vec<MirrorFill> {
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
                fills.push(MirrorFill {
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
) -> Vec<MirrorFill> {
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
        fills.push(MirrorFill {
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
mod tests {
    use super::*;

    const CONSERVATIVE: QueueModel = QueueModel::Conservative;

    fn d(n: i64) -> Decimal {
        Decimal::from(n)
    }

    fn dec(s: &str) -> Decimal {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    fn replace(b: &mut SourceBook, asks: Vec<Level>, bids: Vec<Level>) -> SourceBook {
        let levels = |v: Vec<Level>| {
            v.into_iter()
                .map(|(price, quantity)| SourceLevel { price, quantity })
                .collect()
        };
        b.replace(levels(asks), levels(bids))
    }

    fn book() -> SourceBook {
        let mut b = SourceBook::default();
        replace(
            &mut b,
            vec![(d(101), d(100)), (d(102), d(50))],
            vec![(d(99), d(100)), (d(98), d(40))],
        );
        b
    }

    fn bid(id: i64, price: i64, size: i64, ahead: i64) -> Resting {
        Resting {
            id,
            side: Side::Buy,
            price: d(price),
            remaining: d(size),
            ahead: d(ahead),
        }
    }

    #[test]
    fn a_walk_takes_the_levels_best_first_and_what_it_took_stays_taken() {
        let mut b = book();
        assert_eq!(
            b.walk(Side::Buy, None, d(120)),
            vec![(d(101), d(100)), (d(102), d(20))]
        );
        assert_eq!(
            b.walk(Side::Buy, Some(d(101)), d(120)),
            vec![(d(101), d(100))]
        );
        // Taking 30 of the 100 at 101 leaves 70, served until the source changes that level.
        b.take(Side::Sell, d(101), d(30));
        assert_eq!(
            b.levels(Side::Sell, 5),
            vec![(d(101), d(70)), (d(102), d(50))]
        );
        replace(
            &mut b,
            vec![(d(101), d(100)), (d(102), d(60))],
            vec![(d(99), d(100))],
        );
        assert_eq!(
            b.levels(Side::Sell, 1),
            vec![(d(101), d(70))],
            "unchanged level"
        );
        replace(&mut b, vec![(d(101), d(90))], vec![(d(99), d(100))]);
        assert_eq!(
            b.levels(Side::Sell, 1),
            vec![(d(101), d(90))],
            "the source changed it"
        );
    }

    #[test]
    fn nautilus_queue_example() {
        // 100 ahead of our bid of 50 at 99: trades of 80, then 30, fill 10; then 50 fill 40.
        let mut r = [bid(1, 99, 50, 100)];
        assert!(trade(&mut r, Side::Sell, d(99), d(80), CONSERVATIVE).is_empty());
        assert_eq!(r[0].ahead, d(20));
        let f = trade(&mut r, Side::Sell, d(99), d(30), CONSERVATIVE);
        assert_eq!(
            f.iter().map(|f| (f.volume, f.rule)).collect::<Vec<_>>(),
            vec![(d(10), Rule::QueueCleared)]
        );
        let f = trade(&mut r, Side::Sell, d(99), d(50), CONSERVATIVE);
        assert_eq!(f.iter().map(|f| f.volume).collect::<Vec<_>>(), vec![d(40)]);
        assert_eq!(r[0].remaining, Decimal::ZERO);
    }

    #[test]
    fn one_trade_is_a_budget_shared_by_the_orders_it_reaches() {
        // Two bids at 99 with nothing ahead, a trade of 30 through them: 30 in all, oldest first.
        let mut r = [bid(2, 99, 25, 0), bid(1, 99, 25, 0)];
        let f = trade(&mut r, Side::Sell, d(98), d(30), CONSERVATIVE);
        assert_eq!(
            f.iter()
                .map(|f| (f.order, f.volume, f.price, f.rule))
                .collect::<Vec<_>>(),
            vec![
                (1, d(25), d(99), Rule::TradeThrough),
                (2, d(5), d(99), Rule::TradeThrough)
            ]
        );
        // A buyer's trade at our bid's price does not reach it; one above it neither.
        let mut r = [bid(3, 99, 5, 0)];
        assert!(trade(&mut r, Side::Buy, d(99), d(10), CONSERVATIVE).is_empty());
        assert!(trade(&mut r, Side::Sell, d(100), d(10), CONSERVATIVE).is_empty());
    }

    #[test]
    fn a_book_that_reaches_a_resting_order_fills_it_at_its_price_and_queues_are_capped() {
        let mut b = book();
        // The source's asks come down to 99, through our bid at 100.
        let before = replace(
            &mut b,
            vec![(d(99), d(10)), (d(100), d(5)), (d(101), d(100))],
            vec![(d(98), d(40))],
        );
        let mut r = [bid(1, 100, 12, 0)];
        let f = b.crossing(&mut r);
        assert_eq!(
            f.iter()
                .map(|f| (f.price, f.volume, f.rule))
                .collect::<Vec<_>>(),
            vec![
                (d(100), d(10), Rule::CrossedBook),
                (d(100), d(2), Rule::CrossedBook)
            ]
        );
        assert_eq!(
            b.levels(Side::Sell, 2),
            vec![(d(100), d(3)), (d(101), d(100))]
        );
        let mut q = [bid(2, 98, 5, 100)];
        b.requeue(CONSERVATIVE, &before, &mut q, 0);
        assert_eq!(q[0].ahead, d(40));
        assert!(!b.is_crossed());
        replace(&mut b, vec![(d(97), d(1))], vec![(d(98), d(1))]);
        assert!(b.is_crossed());
        assert_eq!(b.mid(), None);
    }

    #[test]
    fn queue_models_read_and_write_their_names() {
        for (text, model) in [
            ("conservative", QueueModel::Conservative),
            ("optimistic", QueueModel::Optimistic),
            ("power:1", QueueModel::Power(1)),
            ("power:10", QueueModel::Power(10)),
        ] {
            assert_eq!(text.parse::<QueueModel>(), Ok(model));
            assert_eq!(model.to_string(), text);
        }
        assert_eq!(QueueModel::default(), CONSERVATIVE);
        for bad in ["", "power", "power:0", "power:11", "power:x", "pessimistic"] {
            let e = bad.parse::<QueueModel>().err();
            assert_eq!(
                e.map(|e| e.to_string()),
                Some(format!(
                    "invalid queue model `{bad}`: conservative, optimistic or power:N (N from 1 to 10)"
                )),
            );
        }
    }

    #[test]
    fn an_optimistic_queue_lets_the_first_trade_at_the_price_fill() {
        // 100 ahead of our bid of 50 at 99: a trade of 30 fills 30 at once, the queue untouched.
        let mut r = [bid(1, 99, 50, 100)];
        let f = trade(&mut r, Side::Sell, d(99), d(30), QueueModel::Optimistic);
        assert_eq!(
            f.iter().map(|f| (f.volume, f.rule)).collect::<Vec<_>>(),
            vec![(d(30), Rule::QueueOptimistic)]
        );
        assert_eq!((r[0].remaining, r[0].ahead), (d(20), d(100)));
        // The same trade under the other models only eats the queue.
        for model in [CONSERVATIVE, QueueModel::Power(2)] {
            let mut r = [bid(1, 99, 50, 100)];
            assert!(trade(&mut r, Side::Sell, d(99), d(30), model).is_empty());
            assert_eq!(r[0].ahead, d(70), "{model}");
        }
        // Through the price, every model fills by trade through.
        let mut r = [bid(1, 99, 50, 100)];
        let f = trade(&mut r, Side::Sell, d(98), d(30), QueueModel::Optimistic);
        assert_eq!(f[0].rule, Rule::TradeThrough);
    }

    #[test]
    fn conservative_and_optimistic_queues_are_capped_when_the_level_shrinks() {
        for model in [CONSERVATIVE, QueueModel::Optimistic] {
            assert_eq!(model.front_after(d(30), d(100), d(90), 0), d(30));
            assert_eq!(model.front_after(d(30), d(100), d(20), 0), d(20));
            assert_eq!(model.front_after(d(30), d(100), d(150), 0), d(30));
        }
    }

    #[test]
    fn the_power_model_splits_a_decrease_between_ahead_and_behind() {
        // f(x) = x^n, p = f(back) / (f(back) + f(front)) left from behind;
        // front' = front - (1 - p) chg + min(back - p chg, 0), capped at the new size.
        let after =
            |n, front, prev, new, dp| QueueModel::Power(n).front_after(front, prev, new, dp);
        // n = 1, 30 ahead and 70 behind, 100 -> 90: p = 0.7, 30 - 0.3 * 10 = 27.
        assert_eq!(after(1, d(30), d(100), d(90), 0), d(27));
        // n = 2, 10 ahead and 30 behind: p = 900 / 1000 = 0.9.
        // 40 -> 20: 10 - 0.1 * 20 = 8 (conservative keeps 10).
        assert_eq!(after(2, d(10), d(40), d(20), 0), d(8));
        assert_eq!(CONSERVATIVE.front_after(d(10), d(40), d(20), 0), d(10));
        // 40 -> 8: 10 - 0.1 * 32 = 6.8 (back - p chg = 1.2, not below zero).
        assert_eq!(after(2, d(10), d(40), d(8), 1), dec("6.8"));
        // 40 -> 2: 10 - 3.8 + (30 - 34.2) = 2: more left than behind could give, the rest came
        // from ahead.
        assert_eq!(after(2, d(10), d(40), d(2), 2), d(2));
        // n = 2, 30 ahead and 10 behind: p = 100 / 1000 = 0.1; 40 -> 20: 30 - 0.9 * 20 = 12.
        assert_eq!(after(2, d(30), d(40), d(20), 4), d(12));
        // n = 3, 10 ahead and 20 behind: p = 8000 / 9000 = 8 / 9; 30 -> 21: 10 - 1/9 * 9 = 9.
        assert_eq!(after(3, d(10), d(30), d(21), 4), d(9));
        // n = 1, 10 ahead and 30 behind: p = 0.75; 40 -> 33: 10 - 0.25 * 7 = 8.25, rounded half
        // up to the volume step.
        assert_eq!(after(1, d(10), d(40), d(33), 2), dec("8.25"));
        assert_eq!(after(1, d(10), d(40), d(33), 1), dec("8.3"));
        assert_eq!(after(1, d(10), d(40), d(33), 0), d(8));
        // Nothing ahead: p = 1, the front stays 0; nothing behind: p = 0, all from ahead.
        assert_eq!(after(2, d(0), d(10), d(5), 0), d(0));
        assert_eq!(after(2, d(10), d(10), d(4), 0), d(4));
        // Growth leaves the front; an empty level has nothing to split.
        assert_eq!(after(2, d(10), d(40), d(60), 0), d(10));
        assert_eq!(after(2, d(0), d(0), d(0), 0), d(0));
        // Sizes whose powers overflow a decimal still compute (through their ratio).
        let big = dec("1000000000000");
        // n = 10, 1e12 ahead and 3e12 behind: p = 3^10 / (3^10 + 1) = 59049 / 59050;
        // 4e12 -> 3e12: 1e12 - 1e12 / 59050 = 999983065198.98...
        assert_eq!(
            after(10, big, big * d(4), big * d(3), 0),
            dec("999983065199")
        );
    }

    #[test]
    fn the_power_model_counts_only_the_decrease_trades_did_not_explain() {
        // A bid of 5 at 99 joins the 20 displayed there; the level grows to 50 (30 behind us).
        let mut b = SourceBook::default();
        replace(&mut b, vec![(d(101), d(10))], vec![(d(99), d(20))]);
        let run = |model: QueueModel| {
            let mut b = b.clone();
            let mut r = [bid(1, 99, 5, 20)];
            let before = replace(&mut b, vec![(d(101), d(10))], vec![(d(99), d(50))]);
            b.requeue(model, &before, &mut r, 2);
            assert_eq!(r[0].ahead, d(20), "growth leaves the front ({model})");
            // A trade of 10 at 99 eats 10 of the queue: 10 ahead, 30 behind, 40 shown.
            assert!(trade(&mut r, Side::Sell, d(99), d(10), model).is_empty());
            b.print(Side::Buy, d(99), d(10));
            // The next snapshot shows 20: 10 of the 30 fewer are the trade's, 20 left otherwise.
            let before = replace(&mut b, vec![(d(101), d(10))], vec![(d(99), d(20))]);
            b.requeue(model, &before, &mut r, 2);
            let ahead = r[0].ahead;
            // A second trade of 10 at 99: what is left of it past the queue fills.
            let f = trade(&mut r, Side::Sell, d(99), d(10), model);
            (
                ahead,
                f.iter().map(|f| (f.volume, f.rule)).collect::<Vec<_>>(),
            )
        };
        // n = 2: p = 900 / 1000, 10 - 0.1 * 20 = 8 ahead (counting the trade's 10 again would
        // give 10 - 30 / 17 = 8.24); the trade eats 8 and fills 2.
        assert_eq!(
            run(QueueModel::Power(2)),
            (d(8), vec![(d(2), Rule::QueuePower)])
        );
        // Conservative: 10 ahead, capped at 20 only; the trade eats them all.
        assert_eq!(run(CONSERVATIVE), (d(10), vec![]));
    }
}
