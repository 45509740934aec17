//! The simulator's budgets (docs/design.md, Performance budgets), each beside its reference:
//! - conditional orders, in process: a mark-price update that fires nothing with 10,000 pending
//!   triggers on the contract beside the same update with none (at most 1 µs); a trigger firing a
//!   MARKET order beside placing that order directly (the same cost);
//! - real prices: a market session (gzip depth snapshots and trades as the exchange sends them)
//!   applied to the simulator's book in process beside decoding the same frames (at most 1.25×);
//! - a lockstep backtest of 20,000 frames with a trivial strategy over real sockets (20,000
//!   frames a second or more).

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

/// A market session as the exchange sends it: gzip frames, a depth snapshot of 30 levels a
/// side, then a trade, alternately, the book moving by a tick now and then.
fn session(frames: usize) -> Vec<Vec<u8>> {
    use std::io::Write as _;
    let gzip = |text: String| {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text.as_bytes()).expect("gzip");
        gz.finish().expect("gzip")
    };
    (0..frames)
        .map(|i| {
            let ts = 1_790_133_525_574 + i64::try_from(i).unwrap_or(0) * 100;
            let mid = 300_000 + i64::try_from(i / 20 % 7).unwrap_or(0); // in tenths
            if i % 2 == 0 {
                let side = |dir: i64| {
                    (1..=30)
                        .map(|k| {
                            let p = mid + dir * k;
                            format!("[\"{}.{}\",\"{}\"]", p / 10, p % 10, 1000 + k * 37)
                        })
                        .collect::<Vec<_>>()
                        .join(",")
                };
                gzip(format!(
                    r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","data":null,"tick":{{"asks":[{}],"buys":[{}]}},"ts":{ts},"status":"ok"}}"#,
                    side(1),
                    side(-1)
                ))
            } else {
                let p = mid - 1;
                gzip(format!(
                    r#"{{"event_rep":"","channel":"market_e_btcusdt_trade_ticker","data":[],"tick":{{"data":[{{"price":"{}.{}","vol":"15","side":"SELL","amount":"450000","ds":"2026-09-23 11:18:39","ts":{ts}}}],"ts":{ts}}},"ts":{ts},"status":"ok"}}"#,
                    p / 10,
                    p % 10
                ))
            }
        })
        .collect()
}

fn recorded_session(c: &mut Criterion) {
    let frames = session(1_000);
    let mut g = c.benchmark_group("sim_recorded_session_1000_frames");
    g.throughput(criterion::Throughput::Elements(1_000));
    g.bench_function("decode only", |b| {
        b.iter(|| {
            for f in &frames {
                black_box(contango::MarketStreamApi::decode_frame(black_box(f)).ok());
            }
        })
    });
    let config = SimConfig {
        market_source: Some(contango_sim::MarketSource::Stepped),
        source_contracts: Some(vec![BTC.into()]),
        ..SimConfig::default()
    };
    let shared = Shared::new(config).expect("state");
    g.bench_function("decode and apply to the simulator's book", |b| {
        b.iter(|| {
            for f in &frames {
                contango_sim::source::run::apply_frame(&shared, black_box(f), true);
            }
        })
    });
    assert!(
        shared.lock().markets[BTC]
            .mirror
            .as_ref()
            .is_some_and(|m| m.health.is_live()),
        "the session was applied"
    );
    g.finish();
}

/// Does nothing with the events but send one order in 2,000, over the simulator's socket.
struct Trivial(u64);

impl contango::strategy::Strategy for Trivial {
    async fn on_event(&mut self, _event: &contango::MarketEvent, client: &contango::Client) {
        self.0 += 1;
        if self.0 % 2_000 == 0 {
            let _ = client.send(&order(Side::Buy, 1)).await;
        }
    }
}

fn lockstep(c: &mut Criterion) {
    let frames = session(20_000);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let mut g = c.benchmark_group("sim_lockstep_backtest_20000_frames");
    g.sample_size(10);
    g.throughput(criterion::Throughput::Elements(20_000));
    g.bench_function("trivial strategy", |b| {
        b.iter(|| {
            let report = rt
                .block_on(
                    contango_sim::Backtest::from_frames(frames.clone())
                        .contracts([BTC])
                        .run(&mut Trivial(0)),
                )
                .expect("backtest");
            assert_eq!(report.frames, 20_000);
            black_box(report.frames_per_second)
        })
    });
    g.finish();
}

criterion_group!(benches, mark_update, firing, recorded_session, lockstep);
criterion_main!(benches);
