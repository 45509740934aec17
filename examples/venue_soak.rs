//! Venue soak: does the simulator age well? A venue meant to run for days must not slow down or
//! grow. This starts `contango-sim` as a child process (so its memory is its own), keeps it busy
//! with order traffic for a while and watches its throughput and resident memory.
//!
//! ```sh
//! cargo build --release -p contango-sim-cli [--features jemalloc]   # a venue for days: jemalloc
//! cargo run --release --example venue_soak -- [--minutes 10] [--workers 4] [--against-fresh 6]
//!     [--json FILE] [--sim PATH] [-- SIMULATOR ARGS]
//! ```
//!
//! - `--sim PATH`: the simulator binary (default: `contango-sim` of the same cargo profile, next to
//!   this example's own executable);
//! - `--workers N` (default 4): concurrent clients of the funded account;
//! - `--minutes M` (default 10): how long to run;
//! - `--json FILE`: write the per-second samples there;
//! - after `--`: more arguments for the simulator (e.g. `-- --state DIR`). It always gets
//!   `--port 0` and `--market-driver random:1` unless those arguments name a port or a market.
//!
//! Each worker places one-contract LIMIT orders on `E-BTC-USDT`, alternately a buy 20 % under and a
//! sell 20 % over the last price (refreshed now and then: the driver moves it), so they rest. The
//! account may keep 20 open orders per contract (`maxValidOrder`), shared by the workers: each
//! keeps at most its share and cancels its oldest, by client order id, before placing one more;
//! every eighth round it also looks one up by client order id (an answer without that order counts
//! as an error). The clients are unpaced and never retry, so every request counts once and every
//! failure is counted (a -1015, too many orders, would mean the bookkeeping here is wrong). Orders
//! still open at the end are cancelled, and a start cancels those an earlier run of a venue that
//! keeps its state left.
//!
//! Every second it samples the requests answered, the child's `VmRSS` and its CPU time; it prints
//! one line per minute (requests answered per second over that minute, errors included; RSS at its
//! end, in MiB; errors; the simulator's CPU time per request) and at the end the first and last
//! minute's figures with their ratios. A venue that ages well keeps the ratios near 1: throughput
//! falling, CPU per request rising or RSS climbing minute after minute means some state grows with
//! the orders ever accepted. The workers fill the in-memory history
//! window (10,000 done orders) within seconds; with a store, SQLite's page caches fill within
//! minutes. RSS creeping by a tenth of a MiB a minute after that is worth a longer run
//! (`--minutes 45`): a leak keeps climbing. The rate
//! is the simulator's and this client's together on one machine, so other work lowers it: run a
//! release build on an idle machine (the load average is printed at the start and the end). The
//! simulator's CPU time per request moves less with other work (a busy machine still raises it by a
//! fifth or so). Ctrl-C stops early, with the summary so far; the child is killed and waited for in
//! every case.
//!
//! A shared machine's speed drifts: on a 2-core virtual machine a fresh simulator measured a
//! quarter slower ten minutes after another was measured at its best, so the minute ratios alone
//! cannot tell ageing from the machine. So the soak ends (`--against-fresh PAIRS`, 6 by default,
//! 0 for none) with the aged simulator beside a fresh one started then with the same arguments
//! (a state directory of its own): pairs of 10-second slices alternating the two, each pair's
//! order alternating too; the medians of the pairs' ratios, aged over fresh, near 1 mean the
//! venue ages well.

use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use contango::{
    Client, Credentials, ErrorCode, NewOrder, Open, OrderType, PositionType, Product, Rate,
    RetryPolicy, Side,
};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

const CONTRACT: &str = "E-BTC-USDT";
/// Pacing off: the spec's assumed rates (20/s, 10/s per client) would measure the pacing.
const UNPACED: Rate = Rate {
    requests: 1_000_000,
    per: Duration::from_secs(1),
    burst: 1_000_000,
};
/// How far from the last price orders rest: buys at 80 %, sells at 120 % (the simulator refuses
/// prices more than 50 % from the mark).
const AWAY: Decimal = dec!(0.2);
/// Rounds between two looks at the last price, and between two look-ups by client order id.
const PRICE_EVERY: u64 = 64;
const QUERY_EVERY: u64 = 8;
/// The simulator has this long to print its URLs and credentials.
const START_TIMEOUT: Duration = Duration::from_secs(60);

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

/// A slice of the comparison with a fresh simulator.
const SLICE: Duration = Duration::from_secs(10);

/// The command line.
#[derive(Debug)]
struct Options {
    sim: Option<PathBuf>,
    workers: usize,
    minutes: u64,
    json: Option<PathBuf>,
    sim_args: Vec<String>,
    /// Pairs of slices alternating the aged simulator with a fresh one, after the soak.
    against_fresh: u32,
}

/// The options, parsed by clap (its help and errors; exit code 2 for a bad argument).
fn parse_options() -> Options {
    use clap::{Arg, ArgAction, Command, value_parser};
    let m = Command::new("venue_soak")
        .about("Keeps a contango-sim child busy with orders and watches it age")
        .arg(
            Arg::new("minutes")
                .long("minutes")
                .value_name("M")
                .help("How long to run")
                .value_parser(value_parser!(u64).range(1..))
                .default_value("10"),
        )
        .arg(
            Arg::new("workers")
                .long("workers")
                .value_name("N")
                .help("Concurrent clients of the funded account")
                .value_parser(value_parser!(u64).range(1..))
                .default_value("4"),
        )
        .arg(
            Arg::new("against-fresh")
                .long("against-fresh")
                .value_name("PAIRS")
                .help("Pairs of slices against a fresh simulator at the end (0: none)")
                .value_parser(value_parser!(u32))
                .default_value("6"),
        )
        .arg(
            Arg::new("json")
                .long("json")
                .value_name("FILE")
                .help("Write the per-second samples there")
                .value_parser(value_parser!(PathBuf)),
        )
        .arg(
            Arg::new("sim")
                .long("sim")
                .value_name("PATH")
                .help("The simulator binary (default: contango-sim beside this example)")
                .value_parser(value_parser!(PathBuf)),
        )
        .arg(
            Arg::new("sim-args")
                .value_name("SIMULATOR ARGS")
                .help("More arguments for the simulator, after `--`")
                .last(true)
                .num_args(0..)
                .action(ArgAction::Append),
        )
        .get_matches();
    Options {
        sim: m.get_one::<PathBuf>("sim").cloned(),
        workers: m
            .get_one::<u64>("workers")
            .map_or(4, |n| usize::try_from(*n).unwrap_or(4)),
        minutes: m.get_one::<u64>("minutes").copied().unwrap_or(10),
        json: m.get_one::<PathBuf>("json").cloned(),
        sim_args: m
            .get_many::<String>("sim-args")
            .map(|v| v.cloned().collect())
            .unwrap_or_default(),
        against_fresh: m.get_one::<u32>("against-fresh").copied().unwrap_or(6),
    }
}

/// The simulator's arguments: a free port and the random-walk driver unless `extra` names its
/// own port or market, then `extra`.
fn simulator_args(extra: &[String]) -> Vec<String> {
    let names = |flags: &[&str]| {
        extra
            .iter()
            .any(|a| flags.contains(&a.split('=').next().unwrap_or_default()))
    };
    let mut args = Vec::new();
    if !names(&["--port", "-p"]) {
        args.extend(["--port".to_owned(), "0".to_owned()]);
    }
    if !names(&["--market-driver", "--price-path", "--market-from"]) {
        args.extend(["--market-driver".to_owned(), "random:1".to_owned()]);
    }
    args.extend(extra.iter().cloned());
    args
}

/// `target/<profile>/contango-sim` beside `target/<profile>/examples/venue_soak`, or why not.
fn default_simulator() -> std::result::Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this executable: {e}"))?;
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .ok_or_else(|| format!("{} is not in target/<profile>/examples", exe.display()))?;
    let sim = profile_dir.join(format!("contango-sim{}", std::env::consts::EXE_SUFFIX));
    if sim.is_file() {
        return Ok(sim);
    }
    let flag = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") | None => String::new(),
        Some("release") => " --release".into(),
        Some(other) => format!(" --profile {other}"),
    };
    Err(format!(
        "no simulator at {}: build it first with `cargo build{flag} -p contango-sim-cli` \
         (the same profile as this example), or pass --sim PATH",
        sim.display()
    ))
}

/// The simulator as a child process; killed and waited for when dropped.
struct SimProcess {
    child: Child,
    rest_url: String,
    api_key: String,
    secret: String,
}

impl SimProcess {
    /// Starts `binary args` and reads its URL and credentials from its standard output (the rest
    /// of which is drained by a thread); its standard error passes through.
    fn start(binary: &Path, args: &[String]) -> std::result::Result<SimProcess, String> {
        let mut command = Command::new(binary);
        command
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        // Its own process group: a Ctrl-C in the terminal reaches this tool only, which cancels
        // its orders and then kills the simulator. (Should this tool be killed outright, the
        // simulator keeps running: its pid is printed at the start.)
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let stdout = child.stdout.take().ok_or("the child has no stdout")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some((label, value)) = banner_line(&line) {
                    let _ = tx.send((label, value));
                }
            }
        });
        let mut sim = SimProcess {
            child,
            rest_url: String::new(),
            api_key: String::new(),
            secret: String::new(),
        };
        let deadline = Instant::now() + START_TIMEOUT;
        while sim.rest_url.is_empty() || sim.api_key.is_empty() || sim.secret.is_empty() {
            let wait = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(wait) {
                Ok((label, value)) => match label.as_str() {
                    "REST base URL" => sim.rest_url = value,
                    "API key" => sim.api_key = value,
                    "secret" => sim.secret = value,
                    _ => {}
                },
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!(
                        "the simulator printed no URL and credentials within {} s",
                        START_TIMEOUT.as_secs()
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = sim.child.wait().map_err(|e| e.to_string())?;
                    return Err(format!("the simulator stopped before serving ({status})"));
                }
            }
        }
        Ok(sim)
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for SimProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        match self.child.wait() {
            Ok(status) => println!("simulator stopped ({status})"),
            Err(e) => eprintln!("waiting for the simulator: {e}"),
        }
    }
}

/// `  REST base URL : http://127.0.0.1:PORT` → `("REST base URL", "http://127.0.0.1:PORT")`.
fn banner_line(line: &str) -> Option<(String, String)> {
    let (label, value) = line.split_once(" : ")?;
    Some((label.trim().to_owned(), value.trim().to_owned()))
}

/// The resident set of process `pid` in KiB (`VmRSS`); `None` once it has exited.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time process `pid` has used so far, all threads, in microseconds (`utime` + `stime`
/// of `/proc/PID/stat`, in ticks of `USER_HZ`, which Linux fixes at 100 for user space).
fn cpu_us(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which may hold spaces, start at the third (`state`).
    let (_, after) = stat.rsplit_once(')')?;
    let mut fields = after.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) * 10_000)
}

/// What the workers have done so far, shared with the sampler.
#[derive(Debug, Default)]
struct Counters {
    requests: AtomicU64,
    errors: AtomicU64,
    /// Errors by kind, with the first message of each.
    kinds: Mutex<BTreeMap<String, (u64, String)>>,
}

impl Counters {
    /// Counts one answered request (or failed one) and returns its error, if any.
    fn count<'a, T>(
        &self,
        r: &'a std::result::Result<T, contango::Error>,
    ) -> Option<&'a contango::Error> {
        self.requests.fetch_add(1, Ordering::Relaxed);
        let e = r.as_ref().err()?;
        let kind = match (e.code(), e.status()) {
            (Some(code), _) => format!("{code:?}"),
            (None, Some(status)) => format!("HTTP {status}"),
            (None, None) => "no answer".into(),
        };
        self.error(kind, || e.to_string());
        Some(e)
    }

    /// Counts an error of `kind` (a failed request, or a wrong answer).
    fn error(&self, kind: String, detail: impl FnOnce() -> String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut kinds) = self.kinds.lock() {
            kinds.entry(kind).or_insert_with(|| (0, detail())).0 += 1;
        }
    }
}

/// One second's sample: totals since the start.
#[derive(Debug, Clone, Copy)]
struct Sample {
    /// Seconds since the workers started.
    at: f64,
    requests: u64,
    errors: u64,
    rss_kib: u64,
    /// The simulator's CPU time so far.
    cpu_us: u64,
}

/// One minute (or the last part of one) of samples.
#[derive(Debug, Clone, Copy)]
struct Minute {
    number: usize,
    seconds: f64,
    per_second: f64,
    rss_mib: f64,
    errors: u64,
    /// The simulator's CPU time per request answered: unlike the rate, not lowered by other
    /// work on the machine.
    cpu_us_per_request: f64,
}

/// The minutes of `samples` (taken once a second from the start): the last one may be partial.
fn minutes(samples: &[Sample]) -> Vec<Minute> {
    let mut out = Vec::new();
    let mut start = Sample {
        at: 0.0,
        requests: 0,
        errors: 0,
        rss_kib: 0,
        cpu_us: 0,
    };
    for (i, chunk) in samples.chunks(60).enumerate() {
        let Some(&end) = chunk.last() else { continue };
        let seconds = end.at - start.at;
        out.push(Minute {
            number: i + 1,
            seconds,
            per_second: (end.requests - start.requests) as f64 / seconds.max(f64::EPSILON),
            rss_mib: end.rss_kib as f64 / 1024.0,
            errors: end.errors - start.errors,
            cpu_us_per_request: (end.cpu_us - start.cpu_us) as f64
                / (end.requests - start.requests).max(1) as f64,
        });
        start = end;
    }
    out
}

/// A worker's facts of the contract.
#[derive(Debug, Clone, Copy)]
struct Contract {
    volume: Decimal,
    precision: u32,
    /// Open orders this worker may keep.
    share: usize,
}

/// Places, cancels and looks up orders until `deadline` or `stop`, then cancels what it left.
async fn worker(
    id: usize,
    client: Client,
    contract: Contract,
    tag: Arc<str>,
    counters: Arc<Counters>,
    deadline: tokio::time::Instant,
    stop: Arc<AtomicBool>,
) {
    let mut open: VecDeque<String> = VecDeque::new();
    let mut price = Decimal::ZERO;
    let mut round: u64 = 0;
    while tokio::time::Instant::now() < deadline && !stop.load(Ordering::Relaxed) {
        if round % PRICE_EVERY == 0 || price.is_zero() {
            let r = client.ticker(CONTRACT).send().await;
            if counters.count(&r).is_none() {
                price = r.ok().and_then(|t| t.last).unwrap_or(price);
            }
            if price.is_zero() {
                continue;
            }
        }
        if open.len() >= contract.share {
            cancel_oldest(&client, &mut open, &counters).await;
        }
        let (side, factor) = if round % 2 == 0 {
            (Side::Buy, Decimal::ONE - AWAY)
        } else {
            (Side::Sell, Decimal::ONE + AWAY)
        };
        // Fixed length, as a bot's ids (a UUID, a counter in fixed width) are: ids that grow a
        // digit move the venue's copies of them to a larger allocation class all at once, and
        // the resident size steps up by the freed small blocks, once, which looks like growth.
        let coid = format!("{tag}-{id}-{round:010}");
        let r = client
            .new_order(NewOrder {
                contract_name: CONTRACT.into(),
                side,
                order_type: OrderType::Limit,
                position_type: PositionType::Cross,
                open: Open::Open,
                volume: contract.volume,
                amount: Decimal::ZERO,
                price: (price * factor).round_dp(contract.precision),
            })
            .client_order_id(&coid)
            .send()
            .await;
        match counters.count(&r) {
            None => open.push_back(coid),
            // It may rest all the same: keep it, its cancel will tell.
            Some(e) if e.is_ambiguous() => open.push_back(coid),
            Some(_) => {}
        }
        if round % QUERY_EVERY == 0 {
            if let Some(coid) = open.back() {
                let r = client
                    .query_order(CONTRACT)
                    .client_order_id(coid)
                    .send()
                    .await;
                let found = |o: &contango::Order| o.client_order_id.as_deref() == Some(coid);
                if counters.count(&r).is_none()
                    && !r.as_ref().is_ok_and(|list| list.iter().any(found))
                {
                    counters.error("lookup found another order or none".into(), || {
                        format!("{coid}: {r:?}")
                    });
                }
            }
        }
        round += 1;
    }
    while !open.is_empty() {
        cancel_oldest(&client, &mut open, &counters).await;
    }
}

/// Cancels the oldest of `open` by client order id; one whose cancel had no clear answer goes
/// back to be cancelled again later.
async fn cancel_oldest(client: &Client, open: &mut VecDeque<String>, counters: &Counters) {
    let Some(coid) = open.pop_front() else { return };
    let r = client
        .cancel_order(CONTRACT)
        .client_order_id(&coid)
        .send()
        .await;
    if counters
        .count(&r)
        .is_some_and(contango::Error::is_ambiguous)
    {
        open.push_back(coid);
    }
}

fn client(sim: &SimProcess) -> std::result::Result<Client, contango::ConfigError> {
    Client::builder()
        .base_url(&sim.rest_url)
        .product(Product::UsdtMargined)
        .credentials(Credentials::new(&sim.api_key, &sim.secret))
        .rate_limit("default", UNPACED)
        .rate_limit("orders", UNPACED)
        .rate_limit("account", UNPACED)
        .retry_policy(RetryPolicy::NONE)
        .build()
}

/// Cancels the account's open orders in the contract (left by an earlier run of a venue that
/// keeps its state); returns how many.
async fn cancel_leftovers(client: &Client) -> Result<usize> {
    let open = client.open_orders(CONTRACT).send().await?;
    for o in &open {
        let mut cancel = client.cancel_order(CONTRACT).order_id(o.order_id);
        if o.condition_order == Some(true) {
            cancel = cancel.condition_order(true);
        }
        cancel.send().await?;
    }
    Ok(open.len())
}

/// The contract's facts for `workers` workers on `sim`'s funded account, once the orders an
/// earlier run of a venue that keeps its state left are cancelled.
async fn prepare(sim: &SimProcess, workers: usize) -> Result<Contract> {
    let first = client(sim)?;
    let left = cancel_leftovers(&first).await?;
    if left > 0 {
        println!("cancelled {left} open orders left by an earlier run");
    }
    let facts = first.contracts().contract_name(CONTRACT).send().await?;
    let facts = facts.first().ok_or("the simulator lists no E-BTC-USDT")?;
    let max_open = facts
        .max_valid_order
        .map_or(20, |n| usize::try_from(n).unwrap_or(0));
    let share = max_open / workers;
    if share == 0 {
        return Err(format!(
            "at most {max_open} workers: the account keeps {max_open} open orders"
        )
        .into());
    }
    Ok(Contract {
        volume: facts
            .min_order_volume
            .unwrap_or(Decimal::ONE)
            .max(Decimal::ONE),
        precision: facts
            .price_precision
            .map_or(1, |p| u32::try_from(p).unwrap_or(0)),
        share,
    })
}

/// Fresh client order ids on every run (a venue that keeps its state remembers old ones).
fn tag(name: &str) -> Arc<str> {
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    format!("{name}{ms:x}").into()
}

/// Runs the soak against `sim`; returns the samples and whether it ran its full time.
async fn soak(sim: &SimProcess, o: &Options) -> Result<(Vec<Sample>, bool)> {
    let contract = prepare(sim, o.workers).await?;
    let share = contract.share;
    let tag = tag("soak");
    println!(
        "{} workers on {CONTRACT} for {} min, at most {share} open orders each; simulator pid {}",
        o.workers,
        o.minutes,
        sim.pid()
    );
    println!("minute  requests/s  RSS MiB  errors  sim CPU us/request");

    let counters = Arc::new(Counters::default());
    let stop = Arc::new(AtomicBool::new(false));
    let start = tokio::time::Instant::now();
    let deadline = start + Duration::from_secs(o.minutes * 60);
    let mut workers = Vec::new();
    for id in 0..o.workers {
        let c = client(sim)?;
        workers.push(tokio::spawn(worker(
            id,
            c,
            contract,
            tag.clone(),
            counters.clone(),
            deadline,
            stop.clone(),
        )));
    }

    let mut samples = Vec::new();
    let mut tick = tokio::time::interval_at(start + Duration::from_secs(1), Duration::from_secs(1));
    let mut full = true;
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = &mut ctrl_c => {
                println!("Ctrl-C: stopping");
                full = false;
                break;
            }
        }
        let (Some(rss), Some(cpu)) = (rss_kib(sim.pid()), cpu_us(sim.pid())) else {
            eprintln!("the simulator has exited");
            full = false;
            break;
        };
        samples.push(Sample {
            at: start.elapsed().as_secs_f64(),
            requests: counters.requests.load(Ordering::Relaxed),
            errors: counters.errors.load(Ordering::Relaxed),
            rss_kib: rss,
            cpu_us: cpu,
        });
        if samples.len() % 60 == 0 {
            if let Some(m) = minutes(&samples).last() {
                print_minute(m);
            }
        }
        if tokio::time::Instant::now() >= deadline {
            break;
        }
    }
    stop.store(true, Ordering::Relaxed);
    if samples.len() % 60 != 0 {
        if let Some(m) = minutes(&samples).last() {
            print_minute(m);
        }
    }
    // The workers cancel what they left open (a venue that keeps its state starts clean next
    // time); a dead simulator would make them wait for nothing.
    if rss_kib(sim.pid()).is_some() {
        let all = async {
            for w in workers {
                let _ = w.await;
            }
        };
        let _ = tokio::time::timeout(Duration::from_secs(30), all).await;
    }
    if let Ok(kinds) = counters.kinds.lock() {
        for (kind, (n, first)) in kinds.iter() {
            println!("errors {kind}: {n} (first: {first})");
        }
        if kinds.contains_key(&format!("{:?}", ErrorCode::TooManyOrders)) {
            println!("-1015 too many orders: this tool's bookkeeping of open orders is wrong");
        }
    }
    Ok((samples, full))
}

/// `workers` workers on `sim` for one [`SLICE`]: the requests answered in it and the
/// simulator's CPU time meanwhile (what the workers cancel after it is not counted).
async fn slice(sim: &SimProcess, workers: usize, contract: Contract) -> Result<(u64, u64)> {
    let counters = Arc::new(Counters::default());
    let stop = Arc::new(AtomicBool::new(false));
    let tag = tag("slice");
    let cpu_before = cpu_us(sim.pid()).ok_or("the simulator has exited")?;
    let deadline = tokio::time::Instant::now() + SLICE;
    let mut handles = Vec::new();
    for id in 0..workers {
        let w = worker(
            id,
            client(sim)?,
            contract,
            tag.clone(),
            counters.clone(),
            deadline,
            stop.clone(),
        );
        handles.push(tokio::spawn(w));
    }
    tokio::time::sleep_until(deadline).await;
    let requests = counters.requests.load(Ordering::Relaxed);
    let cpu = cpu_us(sim.pid()).ok_or("the simulator has exited")? - cpu_before;
    let all = async {
        for h in handles {
            let _ = h.await;
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(30), all).await;
    Ok((requests, cpu))
}

/// The aged simulator beside a fresh one started now with the same arguments (a state
/// directory of its own): `pairs` pairs of [`SLICE`]s, alternating which goes first, so that
/// what else the machine does weighs on both alike. Prints each pair and the medians of the
/// ratios, aged over fresh.
async fn against_fresh(aged: &SimProcess, fresh: &SimProcess, o: &Options) -> Result {
    let contracts = (
        prepare(aged, o.workers).await?,
        prepare(fresh, o.workers).await?,
    );
    println!(
        "against a fresh simulator (pid {}), slices of {} s:",
        fresh.pid(),
        SLICE.as_secs()
    );
    println!("pair  aged req/s  fresh req/s  aged CPU us/req  fresh CPU us/req");
    let (mut rates, mut cpus) = (Vec::new(), Vec::new());
    for pair in 0..o.against_fresh {
        let (a, f) = if pair % 2 == 0 {
            let a = slice(aged, o.workers, contracts.0).await?;
            (a, slice(fresh, o.workers, contracts.1).await?)
        } else {
            let f = slice(fresh, o.workers, contracts.1).await?;
            (slice(aged, o.workers, contracts.0).await?, f)
        };
        let secs = SLICE.as_secs_f64();
        let per_req = |(n, cpu): (u64, u64)| cpu as f64 / n.max(1) as f64;
        println!(
            "{:>4}  {:>10.1}  {:>11.1}  {:>15.1}  {:>16.1}",
            pair + 1,
            a.0 as f64 / secs,
            f.0 as f64 / secs,
            per_req(a),
            per_req(f)
        );
        rates.push(a.0 as f64 / f.0.max(1) as f64);
        cpus.push(per_req(a) / per_req(f).max(f64::EPSILON));
    }
    println!(
        "aged/fresh: throughput {:.3}, CPU per request {:.3} (medians of {} pairs)",
        median(&mut rates),
        median(&mut cpus),
        rates.len()
    );
    Ok(())
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// The fresh simulator's arguments: the aged one's, with a state directory of its own.
fn fresh_args(args: &[String], dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--state" {
            it.next();
            out.extend(["--state".to_owned(), dir.display().to_string()]);
        } else if a.starts_with("--state=") {
            out.push(format!("--state={}", dir.display()));
        } else {
            out.push(a.clone());
        }
    }
    out
}

fn print_minute(m: &Minute) {
    let partial = if m.seconds < 59.5 {
        format!("  (partial: {:.0} s)", m.seconds)
    } else {
        String::new()
    };
    println!(
        "{:>6}  {:>10.1}  {:>7.1}  {:>6}  {:>18.1}{partial}",
        m.number, m.per_second, m.rss_mib, m.errors, m.cpu_us_per_request
    );
}

fn print_summary(samples: &[Sample]) {
    let all = minutes(samples);
    let whole: Vec<&Minute> = all.iter().filter(|m| m.seconds >= 59.5).collect();
    let (Some(first), Some(last)) = (whole.first(), whole.last()) else {
        println!("summary: no whole minute measured");
        return;
    };
    let end_rss = samples.last().map_or(0.0, |s| s.rss_kib as f64 / 1024.0);
    println!(
        "throughput: minute 1 {:.1}/s, minute {} {:.1}/s, last/first {:.2}",
        first.per_second,
        last.number,
        last.per_second,
        last.per_second / first.per_second.max(f64::EPSILON)
    );
    println!(
        "RSS: after minute 1 {:.1} MiB, at the end {end_rss:.1} MiB, end/first {:.2}",
        first.rss_mib,
        end_rss / first.rss_mib.max(f64::EPSILON)
    );
    println!(
        "simulator CPU per request: minute 1 {:.1} us, minute {} {:.1} us, last/first {:.2}",
        first.cpu_us_per_request,
        last.number,
        last.cpu_us_per_request,
        last.cpu_us_per_request / first.cpu_us_per_request.max(f64::EPSILON)
    );
    let errors = samples.last().map_or(0, |s| s.errors);
    let requests = samples.last().map_or(0, |s| s.requests);
    println!("requests: {requests}, errors: {errors}");
}

fn write_json(path: &Path, o: &Options, sim_args: &[String], samples: &[Sample]) -> Result {
    let rows: Vec<serde_json::Value> = samples
        .iter()
        .map(|s| {
            serde_json::json!({
                "at_s": (s.at * 1000.0).round() / 1000.0,
                "requests": s.requests,
                "errors": s.errors,
                "rss_kib": s.rss_kib,
                "sim_cpu_us": s.cpu_us,
            })
        })
        .collect();
    let doc = serde_json::json!({
        "workers": o.workers,
        "minutes": o.minutes,
        "contract": CONTRACT,
        "simulator_args": sim_args,
        "samples": rows,
    });
    std::fs::write(path, serde_json::to_string_pretty(&doc)?)?;
    Ok(())
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn main() -> ExitCode {
    let o = parse_options();
    let binary = match o.sim.clone().map_or_else(default_simulator, Ok) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("venue_soak: {e}");
            return ExitCode::from(2);
        }
    };
    let sim_args = simulator_args(&o.sim_args);
    println!(
        "load average at the start: {}; starting {} {}",
        load_average(),
        binary.display(),
        sim_args.join(" ")
    );
    let sim = match SimProcess::start(&binary, &sim_args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("venue_soak: {e}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("venue_soak: {e}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(soak(&sim, &o));
    if outcome.as_ref().is_ok_and(|(_, full)| *full) && o.against_fresh > 0 {
        let dir = std::env::temp_dir().join(format!("venue-soak-fresh-{}", std::process::id()));
        let compared = SimProcess::start(&binary, &fresh_args(&sim_args, &dir))
            .map_err(Into::into)
            .and_then(|fresh| runtime.block_on(against_fresh(&sim, &fresh, &o)));
        let _ = std::fs::remove_dir_all(&dir);
        if let Err(e) = compared {
            eprintln!("venue_soak: against a fresh simulator: {e}");
        }
    }
    println!("load average at the end: {}", load_average());
    drop(sim);
    let (samples, full) = match outcome {
        Ok(r) => r,
        Err(e) => {
            eprintln!("venue_soak: {e}");
            return ExitCode::FAILURE;
        }
    };
    print_summary(&samples);
    if let Some(path) = &o.json {
        if let Err(e) = write_json(path, &o, &sim_args, &samples) {
            eprintln!("venue_soak: {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
        println!("samples: {}", path.display());
    }
    if full {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
