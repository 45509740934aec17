//! `contango-sim [--host IP] [--port N] [--drift] [market options]`: runs the simulator until
//! Ctrl-C and prints where it listens and the funded credentials. `contango-sim report --state
//! DIR`: a paper session's report, read from a journaled venue's store. `contango-sim export
//! --parquet OUT_DIR RECORDING`: a recording's market as Parquet tables (`parquet` feature).

use std::net::IpAddr;
use std::process::ExitCode;
use std::time::Duration;

use contango_sim::MarketDriver;
use contango_sim::time::parse_duration;

/// jemalloc (the `jemalloc` feature) for a venue that runs for days: flat resident memory and
/// faster answers than the system allocator (docs/design.md, The journaled venue).
#[cfg(all(feature = "jemalloc", not(target_env = "msvc")))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[cfg(feature = "backtest")]
mod fidelity_command;

/// The usage text; the market stream's path is the spec's. Lines are literal (no `\`
/// continuations, which would eat the indentation).
fn usage() -> String {
    const USAGE: &str =
        "usage: contango-sim [--host IP] [--port N] [--admin] [--drift] [state options] [market options]
       contango-sim --check --state DIR
       contango-sim report --state DIR [--account KEY] [--json] [--plot FILE.svg]
                          [--tearsheet FILE.html] [--trades FILE.csv]
       contango-sim fidelity SESSION.jsonl [options below]
       contango-sim export --parquet OUT_DIR RECORDING
  --host IP                     address to bind (default 127.0.0.1)
  --port N                      port to bind (default 0: any free port)
  --admin                       keep the admin routes (/__sim/...) on a non-loopback address,
                                for requests signed with a key printed at start (off otherwise;
                                on loopback they are open)
  --drift                       serve the API changed under the spec, to test drift detection
                                (the changes: docs of contango_sim::server::changed_api)
  --clock MS                    an injected exchange clock: starts at MS (ms since the epoch)
                                and moves only when advanced (POST /__sim/advance_clock)
  --funding RATE[/DURATION]     fund every tradable contract at RATE every DURATION (8h)
  --latency SPEC                delay as a venue far away would: `50ms` every leg, or some of
                                order_entry=, cancel=, response=, market_data= (e.g.
                                `order_entry=30ms,response=20ms`; units us, ms, s)
  --latency-from SESSION.jsonl  delay as the exchange did in a recorded session of yours
                                (a file, or a directory of rotated ones, read a line at a time;
                                format version 2, both streams recorded): each leg drawn
                                from what the session measured (not with --latency)
a paper venue that survives restarts:
  --state DIR                   keep the venue in DIR/venue.sqlite: every input journaled before
                                it is answered, snapshots, read tables (a restart comes back
                                exactly; a store it cannot read is refused, never replaced)
  --sync normal|full            normal (default) loses nothing to a killed process; full also
                                survives a power cut
  --snapshot-every N            inputs between snapshots (default 10000): a start replays fewer
  --prune-journal               drop the journal before each new snapshot
  --accounts N                  create N funded accounts at the first start; their keys and
                                secrets go to DIR/accounts.json (owner-only), never printed
  --check                       verify DIR's store and bring its state back, without serving
a paper session's report (`report`; reads DIR's store read-only, also while the venue runs):
  --account KEY                 the account: a uid or an API key (default the funded account,
                                uid 10001)
  --json                        the whole report as JSON (run, results, metrics, equity, fills,
                                funding, trades) instead of the summary
  --plot FILE.svg               also draw the chart: equity, drawdown, position, price and fills
  --tearsheet FILE.html         also write the tearsheet: one HTML page, the metrics, the chart,
                                the trade ledger
  --trades FILE.csv             also write the trade ledger (round trips) as CSV
a recording's market as Parquet tables (`export`; the `parquet` feature):
  --parquet OUT_DIR             write book_levels.parquet, trades.parquet and tickers.parquet to
                                OUT_DIR from RECORDING (a file, plain or gzip, or a directory of
                                them); prices and sizes as exact decimals (docs/recordings.md)
real prices (the contracts follow a real market; no synthetic market maker):
  --market-from URL|FILE|DIR    a live market stream (ws:// or wss://) or a recording of one:
                                a file, plain or gzip, or a directory of them (contango record
                                market's rotating files) played as one session
  --pace recorded|N|fast        how a recording plays: as recorded, N times faster, or at once
  --contract NAME               a contract to mirror (repeatable; default every tradable one)
  --queue-model MODEL           when a trade at a resting order's price fills it: conservative
                                (default: once the size shown ahead of it traded), optimistic
                                (at once) or power:N (N from 1 to 10: the size ahead also
                                shrinks by an estimated share of the level's other decreases)
market stream (ws://HOST:PORT{market}):
  --market-driver random[:SEED] move the market: a seeded random walk (seed 1 by default)
  --price-path FILE             move the market along a CSV of `time_ms,price` lines
  --loop                        restart the price path after its last point
  --driver-step DURATION        time between driver steps (default 200ms)
  --volatility X                relative size of a random-walk step (default 0.0005)
  --backfill DURATION           generate that much trade history first (e.g. 6h)
  --market-ping-interval DURATION  server ping interval (default 10s)
  --market-text                 send text frames instead of gzip binary
DURATION: a number with ms, s, m or h (seconds without a unit)";
    #[cfg(feature = "backtest")]
    let usage = format!("{USAGE}\n{}", fidelity_command::USAGE);
    #[cfg(not(feature = "backtest"))]
    let usage = USAGE.to_owned();
    usage.replace(
        "{market}",
        contango_sim::server::routes::market_stream_path(),
    )
}

/// What the market options add up to.
#[derive(Default)]
struct DriverFlags {
    kind: Option<MarketDriver>,
    looping: bool,
    step: Option<Duration>,
    volatility: Option<rust_decimal::Decimal>,
    backfill: Option<Duration>,
}

impl DriverFlags {
    fn build(self) -> Result<Option<MarketDriver>, String> {
        let Some(mut d) = self.kind else {
            if self.looping
                || self.step.is_some()
                || self.volatility.is_some()
                || self.backfill.is_some()
            {
                return Err("driver options need --market-driver or --price-path".into());
            }
            return Ok(None);
        };
        d = d.looping(self.looping);
        if let Some(s) = self.step {
            d = d.step(s);
        }
        if let Some(v) = self.volatility {
            d = d.volatility(v);
        }
        if let Some(b) = self.backfill {
            d = d.backfill(b);
        }
        Ok(Some(d))
    }
}

/// A fresh admin key and secret: bits from the standard library's OS-seeded hasher keys.
fn admin_credentials() -> (String, String) {
    let key = contango_sim::keys::fresh("sim-admin");
    (key.key.clone(), key.secret().to_owned())
}

/// Arguments as `--name value`, `--name=value` or a bare `--flag`.
struct Flags<'a>(std::slice::Iter<'a, String>);

impl<'a> Flags<'a> {
    /// The next argument's name, and the value written with it (`--name=value`).
    fn next_flag(&mut self) -> Option<(&'a str, Option<&'a str>)> {
        let arg = self.0.next()?;
        Some(match arg.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (arg.as_str(), None),
        })
    }

    /// `name`'s value: the one written with it, else the next argument.
    fn value(&mut self, name: &str, inline: Option<&str>) -> Result<String, String> {
        inline
            .or_else(|| self.0.next().map(String::as_str))
            .map(str::to_owned)
            .ok_or_else(|| format!("{name} needs a value"))
    }
}

/// What the arguments ask for.
struct Parsed {
    /// The simulator to run.
    config: contango_sim::SimConfig,
    /// `--check`: verify the state directory instead of serving.
    check: bool,
    /// The options given that shape a new venue (its contracts, accounts, driver, funding): a
    /// restart keeps what its first start made, and says so.
    first_start: Vec<String>,
    /// The latency model as the start prints it, when one is set.
    latency: Option<String>,
}

/// Options that shape a new venue only: a restored one is what its store says.
const FIRST_START: &[&str] = &[
    "--accounts",
    "--funding",
    "--contract",
    "--market-driver",
    "--price-path",
    "--loop",
    "--driver-step",
    "--volatility",
    "--backfill",
    "--queue-model",
];

fn parse(args: &[String]) -> Result<Parsed, String> {
    let mut builder = contango_sim::Sim::builder();
    let mut driver = DriverFlags::default();
    let (mut from, mut pace, mut contracts, mut admin) = (None, None, Vec::new(), false);
    let mut queue_model = false;
    let mut state: Option<contango_sim::StateConfig> = None;
    let mut check = false;
    let (mut sync, mut every, mut prune, mut accounts) = (None, None, false, None);
    let mut first_start = Vec::new();
    let mut latency: Option<(&str, String)> = None;
    let mut flags = Flags(args.iter());
    while let Some((name, inline)) = flags.next_flag() {
        if FIRST_START.contains(&name) && !first_start.iter().any(|f| f == name) {
            first_start.push(name.to_owned());
        }
        let mut value = || flags.value(name, inline);
        match name {
            "--port" | "-p" => {
                let v = value()?;
                let port = v
                    .parse::<u16>()
                    .map_err(|_| format!("invalid port `{v}`"))?;
                builder = builder.port(port);
            }
            "--host" => {
                let v = value()?;
                let host = v
                    .parse::<IpAddr>()
                    .map_err(|_| format!("invalid address `{v}`"))?;
                builder = builder.host(host);
            }
            "--market-driver" => {
                let v = value()?;
                let seed = match v.split_once(':') {
                    None if v == "random" => 1,
                    Some(("random", seed)) => seed
                        .parse::<u64>()
                        .map_err(|_| format!("invalid seed `{seed}`"))?,
                    _ => return Err(format!("unknown driver `{v}` (random[:SEED])")),
                };
                driver.kind = Some(MarketDriver::random_walk(seed));
            }
            "--price-path" => driver.kind = Some(MarketDriver::price_path_csv(value()?)),
            "--loop" => driver.looping = true,
            "--driver-step" => driver.step = Some(parse_duration(&value()?)?),
            "--volatility" => {
                let v = value()?;
                driver.volatility =
                    Some(v.parse().map_err(|_| format!("invalid volatility `{v}`"))?);
            }
            "--backfill" => driver.backfill = Some(parse_duration(&value()?)?),
            "--market-ping-interval" => {
                builder = builder.market_ping_interval(parse_duration(&value()?)?);
            }
            "--market-text" => builder = builder.market_gzip_frames(false),
            "--drift" => builder = builder.drift(true),
            "--latency" | "--latency-from" => {
                if let Some((given, _)) = latency {
                    return Err(format!(
                        "{given} and {name} both set the latency model: give one of them"
                    ));
                }
                let (model, shown) = if name == "--latency" {
                    let model: contango_sim::Latency = value()?
                        .parse()
                        .map_err(|e: contango_sim::LatencyError| e.to_string())?;
                    let shown = model.to_string();
                    (model, shown)
                } else {
                    let file = value()?;
                    let refused = |e: &dyn std::fmt::Display| format!("--latency-from {file}: {e}");
                    let fitted =
                        contango_sim::Latency::fitted_from_path(&file).map_err(|e| refused(&e))?;
                    (
                        fitted.latency.clone(),
                        format!("{fitted}, fitted from {file}"),
                    )
                };
                builder = builder.latency(model);
                latency = Some((name, shown));
            }
            "--admin" => admin = true,
            "--market-from" => from = Some(value()?),
            "--pace" => pace = Some(value()?.parse::<contango_sim::Pace>()?),
            "--contract" => contracts.push(value()?),
            "--queue-model" => {
                let model: contango_sim::QueueModel = value()?
                    .parse()
                    .map_err(|e: contango_sim::QueueModelError| e.to_string())?;
                builder = builder.queue_model(model);
                queue_model = true;
            }
            "--state" => state = Some(contango_sim::StateConfig::new(value()?)),
            "--sync" => {
                sync = Some(match value()?.as_str() {
                    "normal" => contango_sim::Durability::Process,
                    "full" => contango_sim::Durability::PowerLoss,
                    v => return Err(format!("unknown --sync `{v}` (normal or full)")),
                });
            }
            "--snapshot-every" => {
                let v = value()?;
                every = Some(
                    v.parse::<u64>()
                        .ok()
                        .filter(|n| *n > 0)
                        .ok_or_else(|| format!("invalid --snapshot-every `{v}`"))?,
                );
            }
            "--prune-journal" => prune = true,
            "--check" => check = true,
            "--accounts" => {
                let v = value()?;
                accounts = Some(
                    v.parse::<usize>()
                        .map_err(|_| format!("invalid --accounts `{v}`"))?,
                );
            }
            "--clock" => {
                let v = value()?;
                let ms = v
                    .parse::<i64>()
                    .map_err(|_| format!("invalid --clock `{v}` (ms since the epoch)"))?;
                builder = builder.clock_at(ms);
            }
            "--funding" => {
                let (rate, every) = contango_sim::config::Funding::parse(&value()?)?;
                builder = builder.funding(rate, every);
            }
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    if let Some(d) = driver.build()? {
        if from.is_some() {
            return Err("--market-from replaces the market driver: give one of them".into());
        }
        builder = builder.market_driver(d);
    }
    match from {
        Some(from) => {
            let source = contango_sim::MarketSource::parse(&from, pace.unwrap_or_default());
            if pace.is_some() && !source.follows_recorded_time() {
                return Err("--pace is for a recording, not a live market".into());
            }
            builder = builder.market_source(source);
            if !contracts.is_empty() {
                builder = builder.source_contracts(contracts);
            }
        }
        None if pace.is_some() || !contracts.is_empty() => {
            return Err("--pace and --contract need --market-from".into());
        }
        None if queue_model => {
            return Err(
                "--queue-model needs --market-from (it is how orders fill against a real market)"
                    .into(),
            );
        }
        None => {}
    }
    match state {
        Some(mut s) => {
            s.durability = sync.unwrap_or_default();
            s.snapshot_every = every.unwrap_or(s.snapshot_every);
            s.prune = prune;
            s.accounts = accounts.unwrap_or(0);
            builder = builder.state(s);
        }
        None if sync.is_some() || every.is_some() || prune || accounts.is_some() || check => {
            return Err(
                "--sync, --snapshot-every, --prune-journal, --accounts and --check need --state"
                    .into(),
            );
        }
        None => {}
    }
    if admin {
        let (api_key, secret) = admin_credentials();
        builder = builder.admin(contango_sim::AdminAccess::Signed { api_key, secret });
    }
    Ok(Parsed {
        config: builder,
        check,
        first_start,
        latency: latency.map(|(_, shown)| shown),
    })
}

/// `--check --state DIR`: the store verified and the state brought back, without serving.
fn check(config: &contango_sim::SimConfig) -> ExitCode {
    let Some(state) = &config.state else {
        return ExitCode::from(2);
    };
    #[cfg(not(feature = "journal"))]
    {
        let _ = state;
        eprintln!("contango-sim: --check needs the `journal` feature");
        ExitCode::FAILURE
    }
    #[cfg(feature = "journal")]
    match contango_sim::journal::start::check(&state.dir) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(text) => {
            eprint!("contango-sim: check failed: {text}");
            if !text.ends_with('\n') {
                eprintln!();
            }
            ExitCode::FAILURE
        }
    }
}

/// What `contango-sim report` asks for.
#[derive(Debug, PartialEq, Eq)]
struct ReportArgs {
    /// The state directory.
    state: std::path::PathBuf,
    /// `--account KEY`, as given.
    account: Option<String>,
    /// `--json`.
    json: bool,
    /// `--plot FILE.svg`.
    plot: Option<std::path::PathBuf>,
    /// `--tearsheet FILE.html`.
    tearsheet: Option<std::path::PathBuf>,
    /// `--trades FILE.csv`.
    trades: Option<std::path::PathBuf>,
}

fn parse_report(args: &[String]) -> Result<ReportArgs, String> {
    let (mut state, mut account, mut json, mut plot) = (None, None, false, None);
    let (mut tearsheet, mut trades) = (None, None);
    let mut flags = Flags(args.iter());
    while let Some((name, inline)) = flags.next_flag() {
        let mut value = || flags.value(name, inline);
        match name {
            "--state" => state = Some(std::path::PathBuf::from(value()?)),
            "--account" => account = Some(value()?),
            "--json" => json = true,
            "--plot" => plot = Some(std::path::PathBuf::from(value()?)),
            "--tearsheet" => tearsheet = Some(std::path::PathBuf::from(value()?)),
            "--trades" => trades = Some(std::path::PathBuf::from(value()?)),
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("report: unknown argument `{other}`")),
        }
    }
    let state = state.ok_or("report needs --state DIR")?;
    Ok(ReportArgs {
        state,
        account,
        json,
        plot,
        tearsheet,
        trades,
    })
}

/// `report`: the store opened read-only, the account's report printed (summary or JSON), the
/// chart drawn if asked. A store that cannot be read, an unknown account or a chart that cannot
/// be written: a message, exit code 1.
fn report(args: &ReportArgs) -> ExitCode {
    #[cfg(not(feature = "journal"))]
    {
        let _ = args;
        eprintln!("contango-sim: report needs the `journal` feature");
        ExitCode::FAILURE
    }
    #[cfg(feature = "journal")]
    {
        use contango_sim::report::Account;
        #[cfg(not(feature = "backtest"))]
        if args.plot.is_some() || args.tearsheet.is_some() {
            eprintln!(
                "contango-sim: report --plot and --tearsheet need the `backtest` feature \
                 (plotters)"
            );
            return ExitCode::FAILURE;
        }
        let reader = match contango_sim::store::Reader::open(&args.state) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("contango-sim: report: cannot read the store: {e}");
                return ExitCode::FAILURE;
            }
        };
        let account = args
            .account
            .as_deref()
            .map_or(Account::Funded, Account::parse);
        let report = match contango_sim::Report::from_store(&reader, &account) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("contango-sim: report: {e}");
                return ExitCode::FAILURE;
            }
        };
        if args.json {
            println!("{}", report.to_json());
        } else {
            print!("{report}");
        }
        #[cfg(feature = "backtest")]
        if let Some(path) = &args.plot {
            if let Err(e) = report.plot(path) {
                eprintln!("contango-sim: report: {e}");
                return ExitCode::FAILURE;
            }
            if !args.json {
                println!("  chart           {}", path.display());
            }
        }
        #[cfg(feature = "backtest")]
        if let Some(path) = &args.tearsheet {
            if let Err(e) = report.tearsheet(path) {
                eprintln!("contango-sim: report: {e}");
                return ExitCode::FAILURE;
            }
            if !args.json {
                println!("  tearsheet       {}", path.display());
            }
        }
        if let Some(path) = &args.trades {
            if let Err(e) = std::fs::write(path, report.trades_csv()) {
                eprintln!(
                    "contango-sim: report: the trade ledger {}: {e}",
                    path.display()
                );
                return ExitCode::FAILURE;
            }
            if !args.json {
                println!("  trade ledger    {}", path.display());
            }
        }
        ExitCode::SUCCESS
    }
}

/// `export --parquet OUT_DIR RECORDING`.
#[derive(Debug, PartialEq)]
struct ExportArgs {
    out_dir: std::path::PathBuf,
    recording: std::path::PathBuf,
}

/// Reads `export`'s arguments; an empty error asks for the usage.
fn parse_export(args: &[String]) -> Result<ExportArgs, String> {
    let mut out_dir = None;
    let mut recording = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Err(String::new()),
            "--parquet" => {
                let dir = args
                    .next()
                    .ok_or("export: --parquet needs an output directory")?;
                out_dir = Some(dir.into());
            }
            a if a.starts_with('-') => return Err(format!("export: unknown option `{a}`")),
            a if recording.is_none() => recording = Some(a.into()),
            a => return Err(format!("export: one recording only (`{a}`)")),
        }
    }
    Ok(ExportArgs {
        out_dir: out_dir.ok_or("export: --parquet OUT_DIR is the only format")?,
        recording: recording.ok_or("export: which recording (a file or a directory)?")?,
    })
}

/// Writes the recording's market as Parquet tables, or says which feature that needs.
fn export(args: &ExportArgs) -> ExitCode {
    #[cfg(not(feature = "parquet"))]
    {
        let _ = args;
        eprintln!(
            "contango-sim: export --parquet needs the `parquet` feature \
             (cargo run -p contango-sim --features parquet -- export ...)"
        );
        ExitCode::FAILURE
    }
    #[cfg(feature = "parquet")]
    match contango_sim::export::parquet_file(&args.recording, &args.out_dir) {
        Ok(n) => {
            println!(
                "{}: {} book levels, {} trades, {} tickers",
                args.out_dir.display(),
                n.book_levels,
                n.trades,
                n.tickers
            );
            ExitCode::SUCCESS
        }
        // A recording's own error already names its file.
        Err(e @ contango_sim::export::ExportError::Recording(_)) => {
            eprintln!("contango-sim: export: {e}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("contango-sim: export: {}: {e}", args.recording.display());
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    one_arena();
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(run()),
        Err(e) => {
            eprintln!("contango-sim: cannot start the runtime: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Keeps glibc's allocator to one arena, before any thread starts. With an arena per thread (its
/// default), each arena fragmented on its own and a journaled venue's resident size crept for
/// minutes after its live heap had stopped growing; with one it crept less than half as much, at
/// the same throughput (docs/design.md, The journaled venue). Nothing to do with another
/// allocator (the `jemalloc` feature, or a system without glibc).
fn one_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu", not(feature = "jemalloc")))]
    // SAFETY: mallopt only sets an allocator parameter, before any other thread exists; a refusal
    // (0) leaves glibc's default in force.
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

async fn run() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "fidelity") {
        #[cfg(feature = "backtest")]
        return match fidelity_command::parse(&args[1..]) {
            Ok(a) => fidelity_command::run(a).await,
            Err(e) if e.is_empty() => {
                println!("{}", usage());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("contango-sim: {e}\n{}", usage());
                ExitCode::from(2)
            }
        };
        #[cfg(not(feature = "backtest"))]
        {
            eprintln!("contango-sim: fidelity needs the `backtest` feature");
            return ExitCode::FAILURE;
        }
    }
    if args.first().is_some_and(|a| a == "export") {
        return match parse_export(&args[1..]) {
            Ok(e) => export(&e),
            Err(e) if e.is_empty() => {
                println!("{}", usage());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("contango-sim: {e}\n{}", usage());
                ExitCode::from(2)
            }
        };
    }
    if args.first().is_some_and(|a| a == "report") {
        return match parse_report(&args[1..]) {
            Ok(r) => report(&r),
            Err(e) if e.is_empty() => {
                println!("{}", usage());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("contango-sim: {e}\n{}", usage());
                ExitCode::from(2)
            }
        };
    }
    let parsed = match parse(&args) {
        Ok(p) if p.check => return check(&p.config),
        Ok(p) => p,
        Err(e) if e.is_empty() => {
            println!("{}", usage());
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("contango-sim: {e}\n{}", usage());
            return ExitCode::from(2);
        }
    };
    let sim = match parsed.config.clone().start().await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("contango-sim: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("contango-sim listening");
    println!("  REST base URL : {}", sim.rest_url());
    println!("  WebSocket URL : {}?listenKey=<key>", sim.ws_url());
    println!("  market stream : {}", sim.market_ws_url());
    println!("  API key       : {}", sim.api_key());
    println!("  secret        : {}", sim.secret());
    if sim.drift_mode() {
        println!("  drift         : on (answers differ from the spec; see contango_sim::drift)");
    }
    match sim.admin_access() {
        contango_sim::AdminAccess::Off => {
            println!("  admin         : off (not a loopback address; --admin keeps it, signed)");
        }
        access => {
            println!(
                "  admin         : POST {}/__sim/{{mark_price,trade,advance_clock,clock_skew,liquidity,close_streams,close_market_streams,clear_faults,fail_next_commit,accounts}}, GET {}/__sim/{{fills,source,state}}",
                sim.rest_url(),
                sim.rest_url()
            );
            if let contango_sim::AdminAccess::Signed { api_key, secret } = access {
                println!("  admin key     : {api_key} (requests signed as the interface's)");
                println!("  admin secret  : {secret}");
            }
        }
    }
    if let Some(source) = sim.market_source() {
        println!("  market from   : {source}");
        println!("  queue model   : {}", sim.queue_model());
        for warning in sim.source_warnings() {
            eprintln!("contango-sim: warning: {warning}");
        }
    }
    if let Some(latency) = &parsed.latency {
        println!("  latency       : {latency}");
    }
    if let Some(state) = sim.state() {
        let how = if state.fresh {
            "first start".to_owned()
        } else {
            format!(
                "restored: {} inputs replayed after the latest snapshot",
                state.replayed
            )
        };
        println!("  state         : {} ({how})", state.file.display());
        if !state.fresh && !parsed.first_start.is_empty() {
            println!(
                "  note          : {} shape a new venue only; this one is as its first start made it",
                parsed.first_start.join(", ")
            );
        }
        if let Some(file) = &state.accounts_file {
            println!(
                "  accounts      : {} (their keys and secrets, owner-only)",
                file.display()
            );
        }
    }
    println!("Ctrl-C or SIGTERM to stop.");
    stopped().await;
    sim.shutdown().await;
    ExitCode::SUCCESS
}

/// Ctrl-C, or SIGTERM where there is one.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn market_flags() {
        assert!(
            parse(&args(&[
                "--market-driver",
                "random:42",
                "--backfill=1h",
                "--driver-step",
                "50ms"
            ]))
            .is_ok()
        );
        assert!(
            parse(&args(&[
                "--market-driver=random",
                "--volatility",
                "0.001",
                "--market-text"
            ]))
            .is_ok()
        );
        assert!(
            parse(&args(&[
                "--price-path",
                "p.csv",
                "--loop",
                "--market-ping-interval",
                "2s"
            ]))
            .is_ok()
        );
        let err = |a: &[&str]| parse(&args(a)).err().unwrap_or_default();
        assert_eq!(
            err(&["--market-driver", "walk"]),
            "unknown driver `walk` (random[:SEED])"
        );
        assert_eq!(err(&["--market-driver", "random:x"]), "invalid seed `x`");
        assert_eq!(
            err(&["--backfill", "1h"]),
            "driver options need --market-driver or --price-path"
        );
        assert_eq!(err(&["--volatility"]), "--volatility needs a value");
        assert!(
            parse(&args(&[
                "--market-from",
                "day.jsonl",
                "--pace",
                "10",
                "--contract",
                "E-BTC-USDT"
            ]))
            .is_ok()
        );
        assert!(parse(&args(&["--market-from=wss://market.example/kline-api/ws"])).is_ok());
        assert_eq!(
            err(&["--market-from", "wss://x/ws", "--pace", "fast"]),
            "--pace is for a recording, not a live market"
        );
        assert_eq!(
            err(&["--pace", "fast"]),
            "--pace and --contract need --market-from"
        );
        assert_eq!(
            err(&["--market-from", "day.jsonl", "--market-driver", "random"]),
            "--market-from replaces the market driver: give one of them"
        );
        assert!(err(&["--market-from", "d.jsonl", "--pace", "sometimes"]).contains("not a pace"));
    }

    #[test]
    fn the_queue_model_flag() {
        let model = |a: &[&str]| parse(&args(a)).map(|p| p.config.queue_model);
        assert_eq!(
            model(&["--market-from", "d.jsonl"]),
            Ok(contango_sim::QueueModel::Conservative)
        );
        assert_eq!(
            model(&["--market-from", "d.jsonl", "--queue-model", "optimistic"]),
            Ok(contango_sim::QueueModel::Optimistic)
        );
        assert_eq!(
            model(&["--market-from=d.jsonl", "--queue-model=power:3"]),
            Ok(contango_sim::QueueModel::Power(3))
        );
        let err = |a: &[&str]| parse(&args(a)).err().unwrap_or_default();
        assert_eq!(
            err(&["--market-from", "d.jsonl", "--queue-model", "power:0"]),
            "invalid queue model `power:0`: conservative, optimistic or power:N (N from 1 to 10)"
        );
        assert_eq!(
            err(&["--queue-model", "optimistic"]),
            "--queue-model needs --market-from (it is how orders fill against a real market)"
        );
        assert!(usage().contains("--queue-model MODEL"));
    }

    #[test]
    fn latency_flags() {
        let err = |a: &[&str]| parse(&args(a)).err().unwrap_or_default();
        let parsed = parse(&args(&["--latency", "order_entry=5ms"])).ok();
        assert_eq!(
            parsed.and_then(|p| p.latency).as_deref(),
            Some("order entry 5 ms, cancel 0 ms, response 0 ms, market data 0 ms")
        );
        assert_eq!(
            err(&["--latency", "5ms", "--latency-from", "s.jsonl"]),
            "--latency and --latency-from both set the latency model: give one of them"
        );
        assert!(
            err(&["--latency-from", "/nonexistent/s.jsonl"]).starts_with(
                "--latency-from /nonexistent/s.jsonl: /nonexistent/s.jsonl: cannot read"
            ),
            "{}",
            err(&["--latency-from", "/nonexistent/s.jsonl"])
        );
        let v1 = std::env::temp_dir().join(format!("contango-sim-v1-{}.jsonl", std::process::id()));
        let written = std::fs::write(
            &v1,
            "{\"contango_recording\":1,\"started_ms\":1,\"client\":\"x\"}\n",
        );
        assert!(written.is_ok(), "{written:?}");
        let file = v1.display().to_string();
        let refused = err(&["--latency-from", &file]);
        let _ = std::fs::remove_file(&v1);
        assert_eq!(
            refused,
            format!(
                "--latency-from {file}: {}",
                contango_sim::FitError::Version1
            )
        );
    }

    #[test]
    fn report_flags() {
        assert_eq!(
            parse_report(&args(&[
                "--state",
                "st",
                "--account=10002",
                "--json",
                "--plot",
                "p.svg",
                "--tearsheet",
                "t.html",
                "--trades=t.csv"
            ])),
            Ok(ReportArgs {
                state: "st".into(),
                account: Some("10002".into()),
                json: true,
                plot: Some("p.svg".into()),
                tearsheet: Some("t.html".into()),
                trades: Some("t.csv".into()),
            })
        );
        let err = |a: &[&str]| parse_report(&args(a)).err().unwrap_or_default();
        assert_eq!(err(&["--json"]), "report needs --state DIR");
        assert_eq!(err(&["--state"]), "--state needs a value");
        assert_eq!(
            err(&["--state", "st", "--port", "1"]),
            "report: unknown argument `--port`"
        );
        assert!(usage().contains("contango-sim report --state DIR"));
    }

    #[test]
    fn the_drift_flag_turns_drift_mode_on() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        rt.block_on(async {
            for (flags, on) in [(&["--drift"][..], true), (&[][..], false)] {
                let sim = parse(&args(flags))
                    .expect("flags")
                    .config
                    .start()
                    .await
                    .expect("sim");
                assert_eq!(sim.drift_mode(), on, "{flags:?}");
                sim.shutdown().await;
            }
        });
        assert!(usage().contains("--drift"));
    }

    #[test]
    fn export_takes_an_output_directory_and_one_recording() {
        assert_eq!(
            parse_export(&args(&["--parquet", "out", "market/"])),
            Ok(ExportArgs {
                out_dir: "out".into(),
                recording: "market/".into(),
            })
        );
        let err = |a: &[&str]| parse_export(&args(a)).err().unwrap_or_default();
        assert_eq!(
            err(&["m.jsonl"]),
            "export: --parquet OUT_DIR is the only format"
        );
        assert_eq!(
            err(&["--parquet"]),
            "export: --parquet needs an output directory"
        );
        assert_eq!(
            err(&["--parquet", "o"]),
            "export: which recording (a file or a directory)?"
        );
        assert_eq!(err(&["--csv", "o"]), "export: unknown option `--csv`");
        assert_eq!(err(&["--help"]), "");
    }
}
