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
//! One trade's size is a budget shared by every resting order it reaches, best price first, then
//! oldest. Liquidity our fills took from a level stays taken until the source changes that level
//! (a new snapshot with another size there), so one displayed lot never fills twice.

use rust_decimal::Decimal;

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
    /// A trade at a resting order's price came past the queue ahead of it.
    QueueCleared,
}

impl Rule {
    /// The rule's name in reports and admin answers.
    pub fn name(self) -> &'static str {
        match self {
            Rule::BookWalk => "book_walk",
            Rule::CrossedBook => "crossed_book",
            Rule::TradeThrough => "trade_through",
            Rule::QueueCleared => "queue_cleared",
        }
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
    /// source changed the level and its new size stands.
    pub fn replace(&mut self, mut asks: Vec<SourceLevel>, mut bids: Vec<SourceLevel>) {
        if !asks.is_sorted_by(|a, b| a.price <= b.price) {
            asks.sort_by_key(|l| l.price);
        }
        if !bids.is_sorted_by(|a, b| a.price >= b.price) {
            bids.sort_by_key(|l| std::cmp::Reverse(l.price));
        }
        self.asks = asks;
        self.bids = bids;
        if !self.taken.is_empty() {
            let (asks, bids) = (&self.asks, &self.bids);
            self.taken.retain(|t| {
                let levels = if t.side == Side::Buy { bids } else { asks };
                levels
                    .iter()
                    .any(|l| l.price == t.price && l.quantity == t.size)
            });
        }
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

    /// Caps each resting order's queue at the size the source now shows at its price.
    pub fn cap_queues(&self, resting: &mut [Resting]) {
        for r in resting {
            r.ahead = r.ahead.min(self.displayed(r.side, r.price));
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
/// it eats, sharing its size among them (module docs). `resting` is updated in place.
pub fn trade(
    resting: &mut [Resting],
    taker: Side,
    price: Decimal,
    size: Decimal,
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
            let eaten = r.ahead.min(budget);
            r.ahead -= eaten;
            budget -= eaten;
            Rule::QueueCleared
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

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64) -> Decimal {
        Decimal::from(n)
    }

    fn replace(b: &mut SourceBook, asks: Vec<Level>, bids: Vec<Level>) {
        let levels = |v: Vec<Level>| {
            v.into_iter()
                .map(|(price, quantity)| SourceLevel { price, quantity })
                .collect()
        };
        b.replace(levels(asks), levels(bids));
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
        assert!(trade(&mut r, Side::Sell, d(99), d(80)).is_empty());
        assert_eq!(r[0].ahead, d(20));
        let f = trade(&mut r, Side::Sell, d(99), d(30));
        assert_eq!(
            f.iter().map(|f| (f.volume, f.rule)).collect::<Vec<_>>(),
            vec![(d(10), Rule::QueueCleared)]
        );
        let f = trade(&mut r, Side::Sell, d(99), d(50));
        assert_eq!(f.iter().map(|f| f.volume).collect::<Vec<_>>(), vec![d(40)]);
        assert_eq!(r[0].remaining, Decimal::ZERO);
    }

    #[test]
    fn one_trade_is_a_budget_shared_by_the_orders_it_reaches() {
        // Two bids at 99 with nothing ahead, a trade of 30 through them: 30 in all, oldest first.
        let mut r = [bid(2, 99, 25, 0), bid(1, 99, 25, 0)];
        let f = trade(&mut r, Side::Sell, d(98), d(30));
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
        assert!(trade(&mut r, Side::Buy, d(99), d(10)).is_empty());
        assert!(trade(&mut r, Side::Sell, d(100), d(10)).is_empty());
    }

    #[test]
    fn a_book_that_reaches_a_resting_order_fills_it_at_its_price_and_queues_are_capped() {
        let mut b = book();
        // The source's asks come down to 99, through our bid at 100.
        replace(
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
        b.cap_queues(&mut q);
        assert_eq!(q[0].ahead, d(40));
        assert!(!b.is_crossed());
        replace(&mut b, vec![(d(97), d(1))], vec![(d(98), d(1))]);
        assert!(b.is_crossed());
        assert_eq!(b.mid(), None);
    }
}
