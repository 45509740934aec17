//! The journaled venue's budgets (docs/design.md, Performance budgets), each beside its
//! reference in one group:
//! - an order's round trip with a state directory (`--state`, `synchronous=NORMAL`) beside the
//!   same against an in-memory simulator (at most 1.25×): a signed LIMIT `new_order` that rests,
//!   through the SDK client over real sockets to an in-process simulator with no market source;
//!   its cancel follows, outside the timing. A plain loop alternating the two simulators call by
//!   call prints p50, p99 and the ratio's median with its interval (`p99 ...` lines), as
//!   `round_trip` does;
//! - the first answer after a start on a store of 1,000,000 journaled inputs (within 1 s) beside
//!   the same start and request on a fresh in-memory simulator: the store is built once, outside
//!   the timing, by feeding a journaled venue its inputs in process; each timed start gets its own
//!   copy of it, left as a killed venue leaves it (9,999 inputs after the latest snapshot: the
//!   most a start replays with snapshots every 10,000). Its size is printed (`store ...` lines).
//!
//! A third group takes an order's time apart in process, without sockets: applied in memory,
//! applied and committed by a journaled venue, and the store's commit of the input alone and
//! with its read-table rows (docs/performance.md, The journaled venue).
//!
//! In test mode (`cargo test --bench venue`, no `--bench` argument) the store holds 19,999
//! inputs, so that CI runs it in seconds. `cargo bench --bench venue`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use contango::{Client, NewOrder, Open, OrderType, PositionType, Product, Rate, Side};
use contango_sim::exchange::book::Side as BookSide;
use contango_sim::exchange::input::{Admin, Answer, Command, Input};
use contango_sim::exchange::order::{OrderIntent, OrderKind, Origin, Placement};
use contango_sim::exchange::positions::MarginMode;
use contango_sim::exchange::{MARKET_MAKER_UID, USER_UID};
use contango_sim::history::MemoryHistory;
use contango_sim::store::LOG_DIR;
use contango_sim::venue::Venue;
use contango_sim::venue::clock::Clock;
use contango_sim::{Sim, SimConfig, StateConfig};
use criterion::{Criterion, SamplingMode, black_box, criterion_group, criterion_main};
use rust_decimal::Decimal;

#[path = "support/pairs.rs"]
mod pairs;
use pairs::{print_latencies, print_ratio};

const BTC: &str = "E-BTC-USDT";
/// Pacing off: the spec's assumed rates (20/s, 10/s) would measure the pacing, not the venue.
const UNPACED: Rate = Rate {
    requests: 1_000_000,
    per: Duration::from_secs(1),
    burst: 1_000_000,
};

/// Whether criterion measures (`cargo bench`) rather than runs each benchmark once
/// (`cargo test --bench`).
fn benching() -> bool {
    std::env::args().any(|a| a == "--bench")
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime")
}

/// A directory of this run's own under the system's temporary directory, removed by
/// [`Scratch::drop`].
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "contango-bench-venue-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch directory");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The funded account's client of `sim` (what `sim.client()` builds), unpaced.
fn client(sim: &Sim) -> Client {
    Client::builder()
        .base_url(sim.rest_url())
        .product(Product::UsdtMargined)
        .credentials(sim.credentials())
        .rate_limit("default", UNPACED)
        .rate_limit("orders", UNPACED)
        .rate_limit("account", UNPACED)
        .build()
        .expect("client")
}

/// A LIMIT BUY of one contract under the best bid (29,990): it rests.
fn resting() -> NewOrder {
    NewOrder {
        contract_name: BTC.into(),
        side: Side::Buy,
        order_type: OrderType::Limit,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: Decimal::ONE,
        amount: Decimal::new(295, 1),
        price: Decimal::from(29_500),
    }
}

/// Places the resting order, then cancels it; the time of each round trip.
async fn place_and_cancel(c: &Client) -> (Duration, Duration) {
    let t = Instant::now();
    let ack = c.new_order(resting()).send().await.expect("order placed");
    let placed = t.elapsed();
    let t = Instant::now();
    c.cancel_order(BTC)
        .order_id(black_box(ack.order_id))
        .send()
        .await
        .expect("order cancelled");
    (placed, t.elapsed())
}

fn order_round_trip(c: &mut Criterion) {
    let rt = runtime();
    let state = Scratch::new("round-trip");
    let (memory, journaled) = rt.block_on(async {
        let memory = Sim::builder().start().await.expect("in-memory simulator");
        let journaled = Sim::builder()
            .state_dir(&state.0)
            .start()
            .await
            .expect("journaled simulator");
        (memory, journaled)
    });
    assert!(memory.state().is_none() && journaled.state().is_some());
    let subjects = [
        ("in memory", client(&memory)),
        ("journaled (--state)", client(&journaled)),
    ];
    // Warms both pools, the clock samples and the contract caches of the prechecks.
    rt.block_on(async {
        for (_, c) in &subjects {
            for _ in 0..10 {
                place_and_cancel(c).await;
            }
        }
    });

    let mut g = c.benchmark_group("venue order round trip");
    // Whether criterion ran the group (a filter may leave it out, and the loop below with it).
    let mut ran = false;
    for (name, client) in &subjects {
        g.bench_function(*name, |b| {
            ran = true;
            b.iter_custom(|iters| {
                rt.block_on(async {
                    let mut placing = Duration::ZERO;
                    for _ in 0..iters {
                        placing += place_and_cancel(client).await.0;
                    }
                    placing
                })
            })
        });
    }
    g.finish();

    // p99 beside p50: the two simulators alternate call by call, so a neighbour's burst on this
    // shared machine hits both alike; each pair gives a cost ratio (journaled over in memory).
    let n = match (ran, benching()) {
        (false, _) => 0,
        (true, true) => 5_000,
        (true, false) => 1,
    };
    let mut placed = [Vec::with_capacity(n), Vec::with_capacity(n)];
    let mut cancelled = [Vec::with_capacity(n), Vec::with_capacity(n)];
    let (mut place_ratio, mut cancel_ratio) = (Vec::with_capacity(n), Vec::with_capacity(n));
    rt.block_on(async {
        for _ in 0..n {
            let mut pair = [(Duration::ZERO, Duration::ZERO); 2];
            for (i, (_, c)) in subjects.iter().enumerate() {
                pair[i] = place_and_cancel(c).await;
                placed[i].push(pair[i].0);
                cancelled[i].push(pair[i].1);
            }
            place_ratio.push(pair[1].0.as_secs_f64() / pair[0].0.as_secs_f64());
            cancel_ratio.push(pair[1].1.as_secs_f64() / pair[0].1.as_secs_f64());
        }
    });
    if n > 0 {
        print_ratio("new_order journaled/in-memory", &mut place_ratio);
        print_ratio("cancel journaled/in-memory", &mut cancel_ratio);
        for (i, (name, _)) in subjects.iter().enumerate() {
            print_latencies(&format!("new_order {name}"), &mut placed[i]);
            print_latencies(&format!("cancel {name}"), &mut cancelled[i]);
        }
    }
    rt.block_on(async {
        journaled.shutdown().await;
        memory.shutdown().await;
    });
}

/// An order of one contract of the funded account, as the server hands it to the core.
fn placement(time: i64, side: BookSide, kind: OrderKind, open: bool, price: i64) -> Input {
    let price = Decimal::from(price);
    Input::Request {
        uid: USER_UID,
        time,
        command: Command::PlaceOrder {
            product: Product::UsdtMargined,
            placement: Placement {
                intent: OrderIntent {
                    uid: USER_UID,
                    symbol: BTC.into(),
                    side,
                    kind,
                    mode: MarginMode::Cross,
                    open,
                    volume: Decimal::ONE,
                    price,
                    amount: price / Decimal::from(1_000),
                    leverage: None,
                    client_order_id: None,
                    origin: Origin::Wire,
                },
                condition: None,
                attached: Vec::new(),
            },
        },
    }
}

/// Input `i` of the store's mix, a cycle of eight that leaves the book as it was: a LIMIT order
/// that rests and its cancel, a MARKET buy and a MARKET close (each a trade with the market
/// maker, whose liquidity is put back), a mark move and a clock tick. `last` is the id of the
/// order to cancel.
fn mix(i: u64, last: i64, time: i64) -> Input {
    let liquidity = |side, price| Input::Admin {
        time,
        action: Admin::AddLiquidity {
            uid: MARKET_MAKER_UID,
            symbol: BTC.into(),
            side,
            price: Decimal::from(price),
            volume: Decimal::ONE,
        },
    };
    match i % 8 {
        0 => placement(time, BookSide::Buy, OrderKind::Limit, true, 29_500),
        1 => Input::Request {
            uid: USER_UID,
            time,
            command: Command::CancelOrder {
                product: Product::UsdtMargined,
                symbol: BTC.into(),
                order_id: last,
                conditional: false,
            },
        },
        2 => placement(time, BookSide::Buy, OrderKind::Market, true, 30_000),
        3 => liquidity(BookSide::Sell, 30_010),
        4 => Input::Admin {
            time,
            action: Admin::SetMark {
                symbol: BTC.into(),
                price: Decimal::from(if i % 16 < 8 { 30_003 } else { 29_997 }),
            },
        },
        5 => placement(time, BookSide::Sell, OrderKind::Market, false, 30_000),
        6 => liquidity(BookSide::Buy, 29_990),
        _ => Input::Tick { time },
    }
}

/// Bytes of the store: `venue.sqlite`, its write-ahead log, and the journal's log.
fn store_size(dir: &Path) -> (u64, u64, u64) {
    let size = |path: &Path| std::fs::metadata(path).map_or(0, |m| m.len());
    let journal = std::fs::read_dir(dir.join(LOG_DIR))
        .map(|entries| entries.flatten().map(|e| size(&e.path())).sum())
        .unwrap_or(0);
    (
        size(&dir.join("venue.sqlite")),
        size(&dir.join("venue.sqlite-wal")),
        journal,
    )
}

/// A journaled venue on a new store in `dir`, as a first start makes it (without the servers).
fn journaled_venue(dir: &Path, config: SimConfig) -> Arc<Venue> {
    let clock = Clock::default();
    let opened = contango_sim::journal::start::open(&config, &StateConfig::new(dir), &clock)
        .expect("a new store");
    assert!(opened.fresh, "a new store");
    opened.into_venue(config, clock).0
}

/// Feeds a new journaled venue in `dir` `inputs` inputs of [`mix`] as fast as it takes them
/// (each committed as it is submitted; every 10,000 the feed waits for them to be committed),
/// then drops it without the last snapshot a shutdown takes, as a killed venue would be left
/// (the read tables' last rows unwritten too); waits until the store is closed. The time it
/// took.
fn build_store(dir: &Path, inputs: u64) -> Duration {
    let started = Instant::now();
    let venue = journaled_venue(dir, SimConfig::default());
    let mut last = 0;
    for i in 0..inputs {
        let input = mix(i, last, venue.clock.now());
        match venue.submit(input) {
            Ok(Answer::OrderId(id)) => last = id,
            Ok(_) => {}
            Err(e) => panic!("input {} of the mix refused: {e}", i + 1),
        }
        if (i + 1) % 10_000 == 0 {
            venue.settled_blocking().expect("committed");
        }
    }
    venue.settled_blocking().expect("committed");
    assert_eq!(venue.read().seq, inputs);
    drop(venue);
    // The store closes once the venue and its housekeeping thread are gone: the last connection
    // to close checkpoints the write-ahead log into the file and removes it.
    let wal = dir.join("venue.sqlite-wal");
    let deadline = Instant::now() + Duration::from_secs(120);
    while wal.exists() {
        assert!(Instant::now() < deadline, "the store was not closed");
        std::thread::sleep(Duration::from_millis(10));
    }
    started.elapsed()
}

/// Copies the store in `from` to a new directory `to` and syncs it to the disk (outside the
/// timing: its writeback would otherwise run under the start).
fn copy_store(from: &Path, to: &Path) {
    let _ = std::fs::remove_dir_all(to);
    std::fs::create_dir_all(to).expect("state directory");
    for entry in std::fs::read_dir(from).expect("the store's directory") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("its type").is_dir() {
            // The journal's log.
            copy_store(&entry.path(), &target);
            continue;
        }
        std::fs::copy(entry.path(), &target).expect("copy");
        std::fs::File::open(&target)
            .and_then(|f| f.sync_all())
            .expect("sync");
    }
}

/// Starts `config` and asks for the account: the time until its answer, and the simulator (to
/// shut down outside the timing).
async fn start_and_ask(config: SimConfig) -> (Duration, Sim) {
    let t = Instant::now();
    let sim = config.start().await.expect("started");
    let account = client(&sim).account().send().await.expect("answered");
    let elapsed = t.elapsed();
    black_box(account);
    (elapsed, sim)
}

fn first_answer(c: &mut Criterion) {
    let rt = runtime();
    // 9,999 after the latest snapshot (at 990,000; at 10,000 in test mode).
    let inputs: u64 = if benching() { 999_999 } else { 19_999 };
    let scratch = Scratch::new("start");
    let (pristine, run) = (scratch.0.join("store"), scratch.0.join("run"));
    let mut g = c.benchmark_group("venue first answer after a start");
    g.sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(2));
    g.bench_function("fresh, in memory", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let (t, sim) = rt.block_on(start_and_ask(Sim::builder()));
                total += t;
                rt.block_on(sim.shutdown());
            }
            total
        })
    });
    // Built when this benchmark runs (not when a filter leaves it out).
    let mut built = false;
    let mut replayed = None;
    g.bench_function(format!("{inputs} journaled inputs"), |b| {
        if !std::mem::replace(&mut built, true) {
            let took = build_store(&pristine, inputs);
            let (file, wal, journal) = store_size(&pristine);
            println!(
                "store {inputs} journaled inputs, {} bytes (venue.sqlite {file} + wal {wal} + \
                 journal {journal}, {:.1} MiB), built in {:.1} s ({:.0} inputs/s)",
                file + wal + journal,
                (file + wal + journal) as f64 / 1_048_576.0,
                took.as_secs_f64(),
                inputs as f64 / took.as_secs_f64()
            );
        }
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                copy_store(&pristine, &run);
                let (t, sim) = rt.block_on(start_and_ask(Sim::builder().state_dir(&run)));
                total += t;
                replayed = sim.state().map(|s| s.replayed);
                rt.block_on(sim.shutdown());
            }
            total
        })
    });
    g.finish();
    if let Some(replayed) = replayed {
        // What follows the latest snapshot; the start's own first input (the clock's tick)
        // comes after.
        assert_eq!(replayed, 9_999, "inputs replayed");
        println!(
            "store a start replayed {replayed} inputs after the snapshot at seq {}",
            inputs - 9_999
        );
        // Its first parts, once each on a fresh copy: the store opened (its checks, the latest
        // snapshot and the journal after it read), then the core brought back (the snapshot
        // decoded, the inputs replayed).
        copy_store(&pristine, &run);
        let t = Instant::now();
        let opened = contango_sim::store::Store::open(&run, contango_sim::store::SyncMode::Normal)
            .expect("the store");
        let store_open = t.elapsed();
        drop(opened);
        copy_store(&pristine, &run);
        let t = Instant::now();
        let opened = contango_sim::journal::start::open(
            &SimConfig::default(),
            &StateConfig::new(&run),
            &Clock::default(),
        )
        .expect("the store");
        let core_back = t.elapsed();
        assert_eq!(opened.replayed, 9_999);
        println!(
            "store of a start: the store opened and read in {:.1} ms; with the core brought back \
             (snapshot decoded, {replayed} inputs replayed) {:.1} ms",
            store_open.as_secs_f64() * 1e3,
            core_back.as_secs_f64() * 1e3
        );
    }
}

/// The journal's parts of an order's time, in process: the same LIMIT order placed (and then
/// cancelled, outside the timing) on each.
struct Parts {
    memory: Arc<Venue>,
    journaled: Arc<Venue>,
    store: contango_sim::store::Store,
    core: contango_sim::exchange::Exchange,
    seq: u64,
    last: i64,
}

impl Parts {
    const NAMES: [&'static str; 4] = [
        "in memory: applied",
        "journaled: applied and committed",
        "store commit: the input",
        "store commit: the input and its rows",
    ];

    fn new(dir: &Path) -> Parts {
        let config = SimConfig::default();
        let clock = Clock::default();
        let (exchange, start) =
            contango_sim::exchange::Exchange::new(&config, clock.now()).expect("exchange");
        let memory = Venue::new(config.clone(), MemoryHistory::core(exchange, start), clock);
        let journaled = journaled_venue(&dir.join("venue"), config.clone());
        let (store, _) = contango_sim::store::Store::open(
            &dir.join("store"),
            contango_sim::store::SyncMode::Normal,
        )
        .expect("a new store");
        let (core, _) = contango_sim::exchange::Exchange::new(&config, 0).expect("exchange");
        let core = core.with_order_changes();
        Parts {
            memory,
            journaled,
            store,
            core,
            seq: 0,
            last: 0,
        }
    }

    /// One placement on part `i`, timed as its name says; its cancel follows.
    fn time(&mut self, i: usize) -> Duration {
        let place = |venue: &Venue| match venue.submit(mix(0, 0, venue.clock.now())) {
            Ok(Answer::OrderId(id)) => id,
            other => panic!("placed: {other:?}"),
        };
        let cancel = |venue: &Venue, id| {
            venue
                .submit(mix(1, id, venue.clock.now()))
                .expect("cancelled");
            venue.settled_blocking().expect("committed");
        };
        match i {
            0 => {
                let t = Instant::now();
                let id = place(&self.memory);
                let e = t.elapsed();
                cancel(&self.memory, id);
                e
            }
            1 => {
                let t = Instant::now();
                let id = place(&self.journaled);
                self.journaled.settled_blocking().expect("committed");
                let committed = t.elapsed();
                cancel(&self.journaled, id);
                committed
            }
            _ => {
                let rows = i == 3;
                let placed = self.commit(rows);
                self.commit(rows);
                placed
            }
        }
    }

    /// The next input of the place-and-cancel pair applied to a core here (outside the timing),
    /// then committed alone, as the venue commits it (`rows`: with the rows its records make in
    /// the same transaction, as the venue did before its read tables followed the journal): the
    /// commit's time.
    fn commit(&mut self, rows: bool) -> Duration {
        let input = mix(self.seq % 2, self.last, 0);
        let bytes = contango_sim::journal::encoding::encode_input(&input);
        let kind = contango_sim::journal::encoding::kind(&input);
        let (answer, effects) = self.core.apply(input);
        if let Ok(Answer::OrderId(id)) = answer {
            self.last = id;
        }
        self.seq += 1;
        let batch = contango_sim::store::Batch {
            inputs: vec![contango_sim::store::JournalEntry {
                seq: self.seq,
                time_ms: 0,
                kind,
                input: &bytes,
            }],
            rows: if rows {
                contango_sim::store::rows(self.seq, &effects.records)
            } else {
                Vec::new()
            },
        };
        let t = Instant::now();
        self.store.commit(&batch).expect("committed");
        t.elapsed()
    }
}

/// Where an order's time goes in process, without sockets: the core applying it in memory (the
/// reference); a journaled venue applying it until its commit has returned (what the server
/// waits for before it answers: applied, encoded, queued and committed on the calling thread);
/// the store's commit of that input alone, on this thread, and the same with its read-table
/// rows in the transaction. The plain store checkpoints in its commits, as SQLite does by
/// itself, so criterion's means carry the checkpoints' fsyncs; a loop alternating the four
/// prints p50 and p99 (`p99 ...` lines).
fn order_in_process(c: &mut Criterion) {
    let scratch = Scratch::new("in-process");
    let mut parts = Parts::new(&scratch.0);
    let mut g = c.benchmark_group("venue order in process");
    let mut ran = false;
    for (i, name) in Parts::NAMES.iter().enumerate() {
        g.bench_function(*name, |b| {
            ran = true;
            b.iter_custom(|iters| (0..iters).map(|_| parts.time(i)).sum())
        });
    }
    g.finish();
    let n = match (ran, benching()) {
        (false, _) => 0,
        (true, true) => 5_000,
        (true, false) => 1,
    };
    let mut lat: Vec<Vec<Duration>> = vec![Vec::with_capacity(n); Parts::NAMES.len()];
    for _ in 0..n {
        for (i, l) in lat.iter_mut().enumerate() {
            l.push(parts.time(i));
        }
    }
    for (name, l) in Parts::NAMES.iter().zip(&mut lat).filter(|_| n > 0) {
        print_latencies(name, l);
    }
    parts.journaled.close();
    let _ = parts.store.close();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .sample_size(50)
}

criterion_group! {
    name = venue;
    config = config();
    targets = order_round_trip, order_in_process, first_answer
}
criterion_main!(venue);
