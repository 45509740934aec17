//! The simulator's conditional orders, in process (no sockets): a mark-price update that fires
//! nothing, with 10,000 pending triggers on the contract beside the same update with none; and
//! a trigger that fires a MARKET order beside placing that order directly.
//! Budget (docs/design.md, Performance budgets): with 10,000 pending triggers, an update that
//! fires nothing costs at most 1 µs; firing one costs what placing its order costs.

use std::sync::Arc;
use std::time::{Duration, Instant};

use contango::{
    NewOrder, NewOrderRequest, Open, OrderType, PositionType, Product, Side, TriggerPriceType,
    TriggerType,
};
use contango_sim::SimConfig;
use contango_sim::state::{MARKET_MAKER_UID, Shared, USER_UID};
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use rust_decimal::Decimal;

const BTC: &str = "E-BTC-USDT";

fn order(side: Side, volume: i64) -> NewOrderRequest {
    NewOrderRequest::new(NewOrder {
        contract_name: BTC.into(),
        side,
        order_type: OrderType::Market,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: Decimal::from(volume),
        amount: Decimal::ZERO,
        price: Decimal::from(30_000),
    })
}

/// A conditional MARKET order of one contract that fires when `watch` reaches `trigger`.
fn conditional(
    side: Side,
    kind: TriggerType,
    watch: TriggerPriceType,
    trigger: i64,
) -> NewOrderRequest {
    let mut r = order(side, 1);
    r.condition_order = Some(true);
    r.trigger_type = Some(kind);
    r.trigger_price_type = Some(watch);
    r.trigger_price = Some(Decimal::from(trigger));
    r
}

/// A simulator state with `n` pending triggers on BTC: half above the price (BUY stops), half
/// below (SELL stops), alternately on the last and the mark price, 1 to 2,500 ticks away.
fn state_with(n: usize) -> Arc<Shared> {
    let shared = Shared::new(SimConfig::default()).expect("state");
    let mut st = shared.lock();
    for i in 0..n {
        let away = 1 + i64::try_from(i / 4).unwrap_or(0);
        let watch = if i % 2 == 0 {
            TriggerPriceType::LastPrice
        } else {
            TriggerPriceType::MarkPrice
        };
        let (side, trigger) = if (i / 2) % 2 == 0 {
            (Side::Buy, 30_200 + away)
        } else {
            (Side::Sell, 29_800 - away)
        };
        st.place_order(
            USER_UID,
            Product::UsdtMargined,
            &conditional(side, TriggerType::StopLoss, watch, trigger),
            1,
        )
        .expect("conditional order");
    }
    assert_eq!(st.markets[BTC].triggers.len(), n);
    drop(st);
    shared
}

fn mark_update(c: &mut Criterion) {
    let quiet = [Decimal::from(30_050), Decimal::from(29_950)];
    let mut g = c.benchmark_group("sim_mark_update_firing_nothing");
    for (name, n) in [("no triggers", 0), ("10,000 pending triggers", 10_000)] {
        let shared = state_with(n);
        let mut i = 0usize;
        g.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                let mut st = shared.lock();
                let r = st.set_mark_price(BTC, black_box(quiet[i % 2]), 2);
                black_box(r.map(|l| l.liquidated.len()))
            })
        });
        assert_eq!(
            shared.lock().markets[BTC].triggers.len(),
            n,
            "nothing fired"
        );
    }
    g.finish();
}

/// Times `run` on a fresh state each iteration after `prepare` (untimed).
fn timed(iters: u64, prepare: impl Fn(&Shared), run: impl Fn(&Shared)) -> Duration {
    let mut total = Duration::ZERO;
    let shared = state_with(0);
    for _ in 0..iters {
        prepare(&shared);
        let started = Instant::now();
        run(&shared);
        total += started.elapsed();
        // Close what was opened and put the mark back, outside the timing.
        let mut st = shared.lock();
        let _ = st.set_mark_price(BTC, Decimal::from(30_000), 3);
        let mut close = order(Side::Sell, 1);
        close.open = Open::Close;
        let _ = st.place_order(USER_UID, Product::UsdtMargined, &close, 3);
        for (side, price) in [
            (contango_sim::engine::Side::Sell, 30_010),
            (contango_sim::engine::Side::Buy, 29_990),
        ] {
            let _ = st.add_liquidity(
                MARKET_MAKER_UID,
                BTC,
                side,
                Decimal::from(price),
                Decimal::ONE,
                3,
            );
        }
        assert!(st.markets[BTC].triggers.is_empty(), "the trigger fired");
    }
    total
}

fn firing(c: &mut Criterion) {
    let mut g = c.benchmark_group("sim_fire_one_trigger");
    g.bench_function("place the MARKET order", |b| {
        b.iter_custom(|iters| {
            timed(
                iters,
                |_| {},
                |s| {
                    s.lock()
                        .place_order(USER_UID, Product::UsdtMargined, &order(Side::Buy, 1), 2)
                        .expect("placed");
                },
            )
        })
    });
    g.bench_function("mark update firing its trigger", |b| {
        b.iter_custom(|iters| {
            timed(
                iters,
                |s| {
                    s.lock()
                        .place_order(
                            USER_UID,
                            Product::UsdtMargined,
                            &conditional(
                                Side::Buy,
                                TriggerType::StopLoss,
                                TriggerPriceType::MarkPrice,
                                30_100,
                            ),
                            2,
                        )
                        .expect("conditional");
                },
                |s| {
                    s.lock()
                        .set_mark_price(BTC, Decimal::from(30_100), 2)
                        .expect("fired");
                },
            )
        })
    });
    g.finish();
}

criterion_group!(benches, mark_update, firing);
criterion_main!(benches);
