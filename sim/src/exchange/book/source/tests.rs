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
    let after = |n, front, prev, new, dp| QueueModel::Power(n).front_after(front, prev, new, dp);
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
