//! The simulator's budgets (docs/design.md, Performance budgets), each beside its reference:
//! - conditional orders, in process: a mark-price update that fires nothing with 10,000 pending
//!   triggers on the contract beside the same update with none (at most 1 µs); a trigger firing a
//!   MARKET order beside placing that order directly (the same cost);
//! - real prices: a market session (gzip depth snapshots and trades as the exchange sends them)
//!   applied to the simulator's book in process beside decoding the same frames (at most 1.25×);
//!   the same session recorded, read from its decoded cache and applied (1,000,000 frames a
//!   second or more) beside decoding and applying it;
//! - a lockstep backtest of 20,000 frames with a trivial strategy over real sockets (20,000
//!   frames a second or more);
//! - a driven backtest's steps over loopback, of one frame and of ten, beside a bare round trip
//!   (a figure: steps a second, and what the frames add).

use std::time::{Duration, Instant};

use contango::{Open, OrderType, PositionType, Product, Side};
use contango_sim::SimConfig;
use contango_sim::exchange::book::{Side as BookSide, WatchedPrice};
use contango_sim::exchange::input::{Admin, Command, Input};
use contango_sim::exchange::order::{
    ConditionSpec, OrderIntent, OrderKind, Origin, Placement, Places, TriggerKind, TriggerSpec,
};
use contango_sim::exchange::positions::MarginMode;
use contango_sim::exchange::{Exchange, MARKET_MAKER_UID, USER_UID};
use contango_sim::feeds::cache::MarketEvents;
use contango_sim::history::MemoryHistory;
use contango_sim::venue::Venue;
use contango_sim::venue::clock::Clock;
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use rust_decimal::Decimal;

const BTC: &str = "E-BTC-USDT";

/// A MARKET order of the funded account, OPEN or CLOSE, the way the server hands it to the
/// core.
fn order(side: BookSide, volume: i64, open: bool) -> Placement {
    Placement {
        intent: OrderIntent {
            uid: USER_UID,
            symbol: BTC.into(),
            side,
            kind: OrderKind::Market,
            mode: MarginMode::Cross,
            open,
            volume: Decimal::from(volume),
            price: Decimal::from(30_000),
            amount: Decimal::ZERO,
            leverage: None,
            client_order_id: None,
            origin: Origin::Wire,
        },
        condition: None,
        attached: Vec::new(),
    }
}

/// A conditional MARKET stop order of one contract that fires when `watch` reaches `trigger`.
fn conditional(side: BookSide, watch: WatchedPrice, trigger: i64) -> Placement {
    let mut p = order(side, 1, true);
    p.condition = Some(ConditionSpec {
        trigger: TriggerSpec {
            kind: TriggerKind::StopLoss,
            watched: watch,
            price: Decimal::from(trigger),
        },
        places: Places::Order,
        position_id: None,
    });
    p
}

fn place(ex: &mut Exchange, placement: Placement, time: i64) -> bool {
    let command = Command::PlaceOrder {
        product: Product::UsdtMargined,
        placement,
    };
    ex.apply(Input::Request {
        uid: USER_UID,
        time,
        command,
    })
    .0
    .is_ok()
}

fn admin(ex: &mut Exchange, action: Admin, time: i64) -> bool {
    ex.apply(Input::Admin { time, action }).0.is_ok()
}

fn set_mark(price: Decimal) -> Admin {
    Admin::SetMark {
        symbol: BTC.into(),
        price,
    }
}

/// The default exchange with `n` pending triggers on BTC: half above the price (BUY stops),
/// half below (SELL stops), alternately on the last and the mark price, 1 to 2,500 ticks away.
fn exchange_with(n: usize) -> Exchange {
    let (mut ex, _) = Exchange::new(&SimConfig::default(), 0).expect("exchange");
    for i in 0..n {
        let away = 1 + i64::try_from(i / 4).unwrap_or(0);
        let watch = if i % 2 == 0 {
            WatchedPrice::Last
        } else {
            WatchedPrice::Mark
        };
        let (side, trigger) = if (i / 2) % 2 == 0 {
            (BookSide::Buy, 30_200 + away)
        } else {
            (BookSide::Sell, 29_800 - away)
        };
        assert!(
            place(&mut ex, conditional(side, watch, trigger), 1),
            "conditional order"
        );
    }
    assert_eq!(ex.market(BTC).map(|m| m.triggers.len()), Some(n));
    ex
}

fn mark_update(c: &mut Criterion) {
    let quiet = [Decimal::from(30_050), Decimal::from(29_950)];
    let mut g = c.benchmark_group("sim_mark_update_firing_nothing");
    for (name, n) in [("no triggers", 0), ("10,000 pending triggers", 10_000)] {
        let mut ex = exchange_with(n);
        let mut i = 0usize;
        g.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                let (answer, effects) = ex.apply(Input::Admin {
                    time: 2,
                    action: set_mark(black_box(quiet[i % 2])),
                });
                black_box((answer.is_ok(), effects.events.len()))
            })
        });
        assert_eq!(
            ex.market(BTC).map(|m| m.triggers.len()),
            Some(n),
            "nothing fired"
        );
    }
    g.finish();
}

/// Times `run` on a fresh state each iteration after `prepare` (untimed).
fn timed(iters: u64, prepare: impl Fn(&mut Exchange), run: impl Fn(&mut Exchange)) -> Duration {
    let mut total = Duration::ZERO;
    let mut ex = exchange_with(0);
    for _ in 0..iters {
        prepare(&mut ex);
        let started = Instant::now();
        run(&mut ex);
        total += started.elapsed();
        // Close what was opened and put the mark back, outside the timing.
        admin(&mut ex, set_mark(Decimal::from(30_000)), 3);
        place(&mut ex, order(BookSide::Sell, 1, false), 3);
        for (side, price) in [(BookSide::Sell, 30_010), (BookSide::Buy, 29_990)] {
            let liquidity = Admin::AddLiquidity {
                uid: MARKET_MAKER_UID,
                symbol: BTC.into(),
                side,
                price: Decimal::from(price),
                volume: Decimal::ONE,
            };
            admin(&mut ex, liquidity, 3);
        }
        assert_eq!(
            ex.market(BTC).map(|m| m.triggers.len()),
            Some(0),
            "the trigger fired"
        );
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
                |ex| assert!(place(ex, order(BookSide::Buy, 1, true), 2), "placed"),
            )
        })
    });
    g.bench_function("mark update firing its trigger", |b| {
        b.iter_custom(|iters| {
            timed(
                iters,
                |ex| {
                    let stop = conditional(BookSide::Buy, WatchedPrice::Mark, 30_100);
                    assert!(place(ex, stop, 2), "conditional");
                },
                |ex| assert!(admin(ex, set_mark(Decimal::from(30_100)), 2), "fired"),
            )
        })
    });
    g.finish();
}

/// A market session as the exchange sends it, inflated: a depth snapshot of 30 levels a side,
/// then a trade, alternately, the book moving by a tick now and then.
fn session_text(frames: usize) -> Vec<String> {
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
                format!(
                    r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","data":null,"tick":{{"asks":[{}],"buys":[{}]}},"ts":{ts},"status":"ok"}}"#,
                    side(1),
                    side(-1)
                )
            } else {
                let p = mid - 1;
                format!(
                    r#"{{"event_rep":"","channel":"market_e_btcusdt_trade_ticker","data":[],"tick":{{"data":[{{"price":"{}.{}","vol":"15","side":"SELL","amount":"450000","ds":"2026-09-23 11:18:39","ts":{ts}}}],"ts":{ts}}},"ts":{ts},"status":"ok"}}"#,
                    p / 10,
                    p % 10
                )
            }
        })
        .collect()
}

/// The same session as the exchange sends it: gzip frames.
fn session(frames: usize) -> Vec<Vec<u8>> {
    use std::io::Write as _;
    let gzip = |text: String| {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text.as_bytes()).expect("gzip");
        gz.finish().expect("gzip")
    };
    session_text(frames).into_iter().map(gzip).collect()
}

/// The same session as a client records it (each frame 100 ms after the last), written to a
/// file in the temporary directory.
fn recorded(frames: usize) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!(
        "contango-bench-session-{}-{frames}.jsonl",
        std::process::id()
    ));
    let mut text = String::from(
        "{\"contango_recording\":2,\"started_us\":1790133525000000,\"client\":\"bench\"}\n\
         {\"at_us\":0,\"kind\":\"connect\",\"conn\":1,\"stream\":\"market\",\"url\":\"ws://x/kline-api/ws\"}\n",
    );
    for (i, frame) in session_text(frames).into_iter().enumerate() {
        let line = serde_json::json!({
            "at_us": 574_000 + i * 100_000,
            "kind": "frame",
            "conn": 1,
            "dir": "in",
            "binary": true,
            "gzip": true,
            "text": frame,
        });
        text.push_str(&line.to_string());
        text.push('\n');
    }
    std::fs::write(&path, text).expect("the recording");
    path
}

fn recorded_session(c: &mut Criterion) {
    let frames = session(1_000);
    let path = recorded(1_000);
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
    let venue = || {
        let clock = Clock::default();
        let (exchange, start) = Exchange::new(&config, clock.now()).expect("exchange");
        Venue::new(config.clone(), MemoryHistory::core(exchange, start), clock)
    };
    let live = |venue: &Venue| {
        venue
            .read()
            .exchange
            .market(BTC)
            .and_then(|m| m.source.as_ref())
            .is_some_and(|m| m.health.is_live())
    };
    // Each path once before timing, so that the checks hold when a filter skips the timed runs.
    let decoding = venue();
    for f in &frames {
        contango_sim::feeds::source::apply_frame(&decoding, f, true);
    }
    assert!(live(&decoding), "the session was applied");
    g.bench_function("decode and apply to the simulator's book", |b| {
        b.iter(|| {
            for f in &frames {
                contango_sim::feeds::source::apply_frame(&decoding, black_box(f), true);
            }
        })
    });
    // The cache is built once (here) and checked against the recording each time it is
    // opened, outside the timing: what is timed is reading its events and applying them.
    let cached = venue();
    let open = || MarketEvents::open(&path).expect("the cache");
    assert_eq!(open().len(), 1_000);
    for played in open() {
        let played = played.expect("an event");
        contango_sim::feeds::source::apply_event(&cached, played.event, true);
    }
    assert!(live(&cached), "the session was applied from the cache");
    g.bench_function("read from the cache and apply", |b| {
        b.iter_batched(
            open,
            |events| {
                for played in events {
                    let played = played.expect("an event");
                    contango_sim::feeds::source::apply_event(&cached, played.event, true);
                }
            },
            criterion::BatchSize::PerIteration,
        )
    });
    g.finish();
    let _ = std::fs::remove_file(contango_sim::feeds::cache::cache_path(&path));
    let _ = std::fs::remove_file(&path);
}

/// Does nothing with the events but send one order in 2,000, over the simulator's socket.
struct Trivial(u64);

impl contango::strategy::Strategy for Trivial {
    async fn on_event(&mut self, _event: &contango::MarketEvent, client: &contango::Client) {
        self.0 += 1;
        if self.0 % 2_000 == 0 {
            let order = contango::NewOrderRequest::new(contango::NewOrder {
                contract_name: BTC.into(),
                side: Side::Buy,
                order_type: OrderType::Market,
                position_type: PositionType::Cross,
                open: Open::Open,
                volume: Decimal::ONE,
                amount: Decimal::ZERO,
                price: Decimal::from(30_000),
            });
            let _ = client.send(&order).await;
        }
    }
}

/// The two worker threads the backtests over real sockets run on.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime")
}

fn lockstep(c: &mut Criterion) {
    let frames = session(20_000);
    let rt = runtime();
    // The same run with no latency model, a zero one (every request held and released at
    // once) and a constant one: what the model costs the harness (docs/performance.md).
    let constant = contango_sim::Latency {
        order_entry: contango_sim::Delay::Constant(std::time::Duration::from_millis(5)),
        response: contango_sim::Delay::Constant(std::time::Duration::from_millis(5)),
        market_data: contango_sim::Delay::Constant(std::time::Duration::from_millis(1)),
        ..contango_sim::Latency::zero()
    };
    let models = [
        ("no model", None),
        ("zero model", Some(contango_sim::Latency::zero())),
        ("constant model", Some(constant)),
    ];
    let mut g = c.benchmark_group("sim_lockstep_backtest_20000_frames");
    g.sample_size(10);
    g.throughput(criterion::Throughput::Elements(20_000));
    for (name, model) in models {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut backtest =
                    contango_research::Backtest::from_frames(frames.clone()).contracts([BTC]);
                if let Some(m) = &model {
                    backtest = backtest.latency(m.clone());
                }
                let report = rt
                    .block_on(backtest.run(&mut Trivial(0)))
                    .expect("backtest");
                let timing = report.timing.expect("a backtest is timed");
                assert_eq!(timing.frames, 20_000);
                black_box(timing.frames_per_second)
            })
        });
    }
    g.finish();
}

/// A sweep of four parameter sets (the trivial strategy, which ignores them) over 5,000 frames,
/// on one thread and on two: what the second core gives (budget: at least 1.8x).
fn sweep(c: &mut Criterion) {
    use contango_research::backtest::sweep::Grid;
    let frames = session(5_000);
    let mut g = c.benchmark_group("sim_sweep_4_sets_5000_frames");
    g.sample_size(10);
    g.throughput(criterion::Throughput::Elements(4 * 5_000));
    for threads in [1, 2] {
        g.bench_function(format!("{threads} thread(s)"), |b| {
            b.iter(|| {
                let table = contango_research::Backtest::from_frames(frames.clone())
                    .contracts([BTC])
                    .sweep(Grid::new().axis("set", [1, 2, 3, 4]))
                    .threads(threads)
                    .run(|_| Ok::<_, String>(Trivial(0)))
                    .expect("the sweep");
                assert_eq!(table.rows.len(), 4);
                black_box(table.rows.len())
            })
        });
    }
    g.finish();
}

/// A driven backtest's steps over loopback (`POST /__sim/step`), of one frame and of ten, beside
/// a bare round trip to the same server (`GET /fapi/v1/time`): what a step costs a client that
/// rehearses from outside, and how much of it is the market's frames. A venue whose frames run
/// out is replaced, outside the timing.
fn driven(c: &mut Criterion) {
    const FRAMES: u64 = 20_000;
    let frames = session(20_000);
    let rt = runtime();
    let start = || {
        rt.block_on(
            contango_research::Backtest::from_frames(frames.clone())
                .contracts([BTC])
                .drive(),
        )
        .expect("a driven venue")
    };
    let http = reqwest::Client::new();
    let mut g = c.benchmark_group("sim_driven_steps");
    g.throughput(criterion::Throughput::Elements(1));
    for per_step in [1_u64, 10] {
        g.bench_function(format!("step of {per_step} frame(s)"), |b| {
            let mut venue = Some(start());
            let mut left = FRAMES;
            b.iter_custom(|iters| {
                let mut took = Duration::ZERO;
                for _ in 0..iters {
                    if left < per_step {
                        if let Some(v) = venue.take() {
                            rt.block_on(v.shutdown());
                        }
                        venue = Some(start());
                        left = FRAMES;
                    }
                    let url = venue.as_ref().map(|v| v.rest_url().to_owned());
                    let url = format!("{}/__sim/step", url.unwrap_or_default());
                    let body = format!("{{\"frames\":{per_step}}}");
                    let t = Instant::now();
                    let answer = rt.block_on(async {
                        let r = http.post(&url).body(body).send().await?;
                        r.bytes().await
                    });
                    took += t.elapsed();
                    black_box(answer.expect("a step"));
                    left -= per_step;
                }
                took
            });
            if let Some(v) = venue.take() {
                rt.block_on(v.shutdown());
            }
        });
    }
    let venue = start();
    let time = format!("{}/fapi/v1/time", venue.rest_url());
    g.bench_function("round trip (GET /fapi/v1/time)", |b| {
        b.iter(|| {
            let answer = rt.block_on(async { http.get(&time).send().await?.bytes().await });
            black_box(answer.expect("the time"))
        })
    });
    rt.block_on(venue.shutdown());
    g.finish();
}

criterion_group!(
    benches,
    mark_update,
    firing,
    recorded_session,
    lockstep,
    sweep,
    driven
);
criterion_main!(benches);
