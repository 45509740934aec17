//! Which resting orders an incoming order trades with, in price-time priority.

use super::Side;
use rust_decimal::Decimal;

use super::orders::Book;

/// One planned trade between the incoming (taker) order and a resting (maker) order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fill {
    /// The resting order.
    pub maker_order: i64,
    /// Its owner.
    pub maker_account: i64,
    /// Trade price: always the maker's price.
    pub price: Decimal,
    /// Contracts traded.
    pub volume: Decimal,
}

/// The fills an order of `side` for `volume` contracts would get, best price first, without
/// changing the book. `limit` is the worst acceptable price (`None`: a market order, any price).
pub fn plan(book: &Book, side: &Side, limit: Option<Decimal>, volume: Decimal) -> Vec<Fill> {
    let opposite = if *side == Side::Buy {
        Side::Sell
    } else {
        Side::Buy
    };
    let crosses = |price: Decimal| match limit {
        None => true,
        Some(l) if *side == Side::Buy => price <= l,
        Some(l) => price >= l,
    };
    let mut left = volume;
    let mut fills = Vec::new();
    for (price, resting) in book.iter_side(&opposite) {
        if left <= Decimal::ZERO || !crosses(price) {
            break;
        }
        let take = left.min(resting.remaining);
        if take <= Decimal::ZERO {
            continue;
        }
        left -= take;
        fills.push(Fill {
            maker_order: resting.order_id,
            maker_account: resting.account,
            price,
            volume: take,
        });
    }
    fills
}

/// Whether an order at `price` on `side` would trade immediately (what POST_ONLY refuses).
pub fn would_cross(book: &Book, side: &Side, price: Decimal) -> bool {
    if *side == Side::Buy {
        book.best(&Side::Sell).is_some_and(|ask| ask <= price)
    } else {
        book.best(&Side::Buy).is_some_and(|bid| bid >= price)
    }
}

#[cfg(test)]
mod tests {
    use super::super::orders::Resting;
    use super::*;

    fn dec(v: i64) -> Decimal {
        Decimal::from(v)
    }

    fn book() -> Book {
        let mut b = Book::default();
        // Two asks at 101 (order 1 first), one at 102; bids at 99 and 98.
        for (id, side, price, vol) in [
            (1, Side::Sell, 101, 5),
            (2, Side::Sell, 101, 5),
            (3, Side::Sell, 102, 10),
            (4, Side::Buy, 99, 4),
            (5, Side::Buy, 98, 4),
        ] {
            b.insert(
                &side,
                dec(price),
                Resting {
                    order_id: id,
                    account: id * 10,
                    remaining: dec(vol),
                },
            );
        }
        b
    }

    fn ids(f: &[Fill]) -> Vec<(i64, i64, i64)> {
        f.iter()
            .map(|f| {
                (
                    f.maker_order,
                    i64::try_from(f.price.mantissa()).unwrap_or(0),
                    i64::try_from(f.volume.mantissa()).unwrap_or(0),
                )
            })
            .collect()
    }

    #[test]
    fn price_then_time_priority() {
        let b = book();
        // Buy 12 at market: order 1 (first at 101), then 2 (same price, later), then 3.
        let f = plan(&b, &Side::Buy, None, dec(12));
        assert_eq!(ids(&f), vec![(1, 101, 5), (2, 101, 5), (3, 102, 2)]);
        assert_eq!(f[0].maker_account, 10);
        // Sell 6 at market: best bid 99 first.
        let f = plan(&b, &Side::Sell, None, dec(6));
        assert_eq!(ids(&f), vec![(4, 99, 4), (5, 98, 2)]);
    }

    #[test]
    fn limit_price_stops_the_walk() {
        let b = book();
        let f = plan(&b, &Side::Buy, Some(dec(101)), dec(20));
        assert_eq!(ids(&f), vec![(1, 101, 5), (2, 101, 5)]);
        assert!(plan(&b, &Side::Buy, Some(dec(100)), dec(1)).is_empty());
        let f = plan(&b, &Side::Sell, Some(dec(99)), dec(20));
        assert_eq!(ids(&f), vec![(4, 99, 4)]);
    }

    #[test]
    fn plan_does_not_touch_the_book_and_fill_applies_it() {
        let mut b = book();
        let f = plan(&b, &Side::Buy, None, dec(7));
        assert_eq!(b.depth(&Side::Sell), dec(20));
        for fill in &f {
            b.fill(&Side::Sell, fill.price, fill.maker_order, fill.volume);
        }
        assert_eq!(b.depth(&Side::Sell), dec(13));
        // Order 1 is gone; order 2 keeps 3 and is now first.
        let f = plan(&b, &Side::Buy, None, dec(1));
        assert_eq!(ids(&f), vec![(2, 101, 1)]);
    }

    #[test]
    fn crossing_check() {
        let b = book();
        assert!(would_cross(&b, &Side::Buy, dec(101)));
        assert!(!would_cross(&b, &Side::Buy, dec(100)));
        assert!(would_cross(&b, &Side::Sell, dec(99)));
        assert!(!would_cross(&b, &Side::Sell, dec(100)));
        assert!(!would_cross(&Book::default(), &Side::Buy, dec(1_000_000)));
    }
}
