//! The command's arguments, on clap: one parser for the venue's options and each subcommand's,
//! generated help, clap's errors. What clap cannot say (a pace for a live market) is checked
//! after it, in [`venue`].

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgGroup, ArgMatches, Command, value_parser};
use contango_research::FitLatency as _;
use contango_sim::time::parse_duration;
use contango_sim::{
    AdminAccess, Durability, JournalKept, Latency, MarketDriver, MarketSource, Pace, QueueModel,
    SimConfig, StateConfig,
};
use rust_decimal::Decimal;
use tracing_subscriber::filter::LevelFilter;

/// What to do.
#[derive(Debug)]
pub enum Run {
    /// Serve the venue `config` describes (or, with `--check`, verify its state directory).
    Venue(Box<Venue>),
    /// `report`.
    Report(ReportArgs),
    /// `fidelity`.
    Fidelity(crate::fidelity::Args),
    /// `export`.
    Export(ExportArgs),
}

/// The venue the options describe.
#[derive(Debug)]
pub struct Venue {
    /// The simulator to run.
    pub config: SimConfig,
    /// `--check`: verify the state directory instead of serving.
    pub check: bool,
    /// The options given that shape a new venue (its contracts, accounts, driver, funding): a
    /// restart keeps what its first start made, and says so.
    pub first_start: Vec<String>,
    /// The latency model as the start prints it, when one is set.
    pub latency: Option<String>,
    /// What the venue logs to stderr (`--log`).
    pub log: LevelFilter,
    /// `--driven`: the recording served as a backtest stepped from outside.
    pub driven: Option<Driven>,
    /// `--until-stdin-closes`: the venue stops when its standard input ends too.
    pub until_stdin_closes: bool,
}

/// A driven venue's backtest (`--market-from FILE --driven`).
#[derive(Debug, Clone, PartialEq)]
pub struct Driven {
    /// The recording (a file, or a directory of them).
    pub recording: PathBuf,
    /// The latency model its requests move it by (`None`: none).
    pub latency: Option<Latency>,
    /// `--queue-model`.
    pub queue_model: Option<QueueModel>,
    /// `--contract`: its source contracts (empty: every tradable one).
    pub contracts: Vec<String>,
}

/// What `contango-sim report` asks for.
#[derive(Debug, PartialEq, Eq)]
pub struct ReportArgs {
    /// The state directory.
    pub state: PathBuf,
    /// `--account KEY`, as given.
    pub account: Option<String>,
    /// `--json`.
    pub json: bool,
    /// `--plot FILE.svg`.
    pub plot: Option<PathBuf>,
    /// `--tearsheet FILE.html`.
    pub tearsheet: Option<PathBuf>,
    /// `--trades FILE.csv`.
    pub trades: Option<PathBuf>,
}

/// `export --parquet OUT_DIR RECORDING`.
#[derive(Debug, PartialEq, Eq)]
pub struct ExportArgs {
    /// Where the tables go.
    pub out_dir: PathBuf,
    /// The recording: a file or a directory.
    pub recording: PathBuf,
}

/// Options that shape a new venue only: a restored one is what its store says.
const FIRST_START: &[&str] = &[
    "accounts",
    "funding",
    "contract",
    "market-driver",
    "price-path",
    "loop",
    "driver-step",
    "volatility",
    "backfill",
    "queue-model",
];

const REAL_PRICES: &str =
    "Real prices (the contracts follow a real market; no synthetic market maker)";
const STATE: &str = "A paper venue that survives restarts";
const DRIVER: &str = "A moving market";

/// The whole command.
pub fn command() -> Command {
    let market = contango_sim::server::routes::market_stream_path();
    Command::new("contango-sim")
        .about("The contango exchange simulator: a paper venue over real HTTP and WebSocket")
        .after_help(format!(
            "The market stream is served at ws://HOST:PORT{market}.\n\
             DURATION: a number with ms, s, m or h (seconds without a unit)."
        ))
        .args_conflicts_with_subcommands(true)
        .args(venue_args())
        .group(ArgGroup::new("driver").args(["market-driver", "price-path"]))
        .subcommand(report_command())
        .subcommand(crate::fidelity::command())
        .subcommand(export_command())
}

/// An option taking a value.
fn opt(name: &'static str, value: &'static str, help: &'static str) -> Arg {
    Arg::new(name).long(name).value_name(value).help(help)
}

/// A switch.
fn flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .action(ArgAction::SetTrue)
        .help(help)
}

/// `--latency SPEC` and `--latency-from FILE`, one of them (the venue's and `fidelity`'s).
pub fn latency_args(entry: &'static str, from: &'static str) -> [Arg; 2] {
    [
        opt("latency", "SPEC", entry)
            .value_parser(|s: &str| s.parse::<Latency>().map_err(|e| e.to_string()))
            .conflicts_with("latency-from"),
        opt("latency-from", "SESSION.jsonl", from),
    ]
}

/// `--queue-model MODEL`.
pub fn queue_model_arg(help: &'static str) -> Arg {
    opt("queue-model", "MODEL", help)
        .value_parser(|s: &str| s.parse::<QueueModel>().map_err(|e| e.to_string()))
}

fn venue_args() -> Vec<Arg> {
    let duration = |s: &str| parse_duration(s);
    let mut args = vec![
        opt("host", "IP", "Address to bind (default 127.0.0.1)")
            .value_parser(value_parser!(IpAddr)),
        opt("port", "N", "Port to bind (default 0: any free port)")
            .short('p')
            .value_parser(value_parser!(u16)),
        flag(
            "admin",
            "Keep the admin routes (/__sim/...) on a non-loopback address, for requests signed \
             with a key printed at start (off otherwise; on loopback they are open)",
        ),
        flag(
            "until-stdin-closes",
            "Stop when standard input closes: a venue another program starts with a pipe stops \
             when that program ends, even killed",
        ),
        flag(
            "drift",
            "Serve the API changed under the spec, to test drift detection (the changes: docs \
             of contango_sim::server::changed_api)",
        ),
        opt(
            "clock",
            "MS",
            "An injected exchange clock: starts at MS (ms since the epoch) and moves only when \
             advanced (POST /__sim/advance_clock)",
        )
        .value_parser(value_parser!(i64)),
        opt(
            "funding",
            "RATE[/DURATION]",
            "Fund every tradable contract at RATE every DURATION (8h)",
        )
        .value_parser(contango_sim::config::Funding::parse),
    ];
    args.extend(latency_args(
        "Delay as a venue far away would: `50ms` every leg, or some of order_entry=, cancel=, \
         response=, market_data= (e.g. `order_entry=30ms,response=20ms`; units us, ms, s)",
        "Delay as the exchange did in a recorded session of yours (a file, or a directory of \
         rotated ones, read a line at a time; format version 2, both streams recorded): each \
         leg drawn from what the session measured",
    ));
    let state = [
        opt(
            "state",
            "DIR",
            "Keep the venue in DIR/venue.sqlite: every input journaled before it is answered, \
             snapshots, read tables (a restart comes back exactly; a store it cannot read is \
             refused, never replaced)",
        )
        .value_parser(value_parser!(PathBuf)),
        opt(
            "sync",
            "normal|full",
            "normal (default) loses nothing to a killed process; full also survives a power cut",
        )
        .value_parser(["normal", "full"])
        .requires("state"),
        opt(
            "snapshot-every",
            "N",
            "Inputs between snapshots (default 10000): a start replays fewer",
        )
        .value_parser(value_parser!(u64).range(1..))
        .requires("state"),
        flag(
            "keep-journal",
            "Keep every input (default: the journal is compacted behind the older of the two \
             snapshots kept)",
        )
        .requires("state"),
        flag(
            "prune-journal",
            "The default now (the journal is compacted)",
        )
        .hide(true)
        .requires("state"),
        opt(
            "keep",
            "DURATION",
            "How long the read tables keep a row, in exchange time (default: for ever); live \
             orders, accounts and starts stay",
        )
        .value_parser(duration)
        .requires("state"),
        opt(
            "log",
            "LEVEL",
            "What the venue logs to stderr: error, warn (the default), info, debug or trace",
        )
        .value_parser(["error", "warn", "info", "debug", "trace"]),
        opt(
            "accounts",
            "N",
            "Create N funded accounts at the first start; their keys and secrets go to \
             DIR/accounts.json (owner-only), never printed",
        )
        .value_parser(value_parser!(usize))
        .requires("state"),
        flag(
            "check",
            "Verify DIR's store and bring its state back, without serving",
        )
        .requires("state"),
    ];
    args.extend(state.map(|a| a.help_heading(STATE)));
    let real = [
        opt(
            "market-from",
            "URL|FILE|DIR",
            "A live market stream (ws:// or wss://) or a recording of one: a file, plain or \
             gzip, or a directory of them (contango record market's rotating files) played as \
             one session",
        )
        .conflicts_with("driver"),
        opt(
            "pace",
            "recorded|N|fast",
            "How a recording plays: as recorded, N times faster, or at once",
        )
        .value_parser(|s: &str| s.parse::<Pace>())
        .requires("market-from"),
        opt(
            "contract",
            "NAME",
            "A source contract: one whose book the market source drives (repeatable; default every tradable one)",
        )
        .action(ArgAction::Append)
        .requires("market-from"),
        queue_model_arg(
            "When a trade at a resting order's price fills it: conservative (default: once the \
             size shown ahead of it traded), optimistic (at once) or power:N (N from 1 to 10: \
             the size ahead also shrinks by an estimated share of the level's other decreases)",
        )
        .requires("market-from"),
        flag(
            "driven",
            "Serve the recording as a backtest that moves only when told: POST /__sim/step \
             ({\"until_ms\":T}, {\"frames\":N} or both), GET /__sim/report and \
             /__sim/tearsheet; each of the account's requests moves it by its own latency \
             (--latency)",
        )
        .requires("market-from")
        .conflicts_with_all(["pace", "state"]),
    ];
    args.extend(real.map(|a| a.help_heading(REAL_PRICES)));
    let moving = [
        opt(
            "market-driver",
            "random[:SEED]",
            "Move the market: a seeded random walk (seed 1 by default)",
        )
        .value_parser(random_walk),
        opt(
            "price-path",
            "FILE",
            "Move the market along a CSV of `time_ms,price` lines",
        ),
        flag("loop", "Restart the price path after its last point").requires("driver"),
        opt(
            "driver-step",
            "DURATION",
            "Time between driver steps (default 200ms)",
        )
        .value_parser(duration)
        .requires("driver"),
        opt(
            "volatility",
            "X",
            "Relative size of a random-walk step (default 0.0005)",
        )
        .value_parser(|s: &str| {
            s.parse::<Decimal>()
                .map_err(|_| format!("invalid volatility `{s}`"))
        })
        .requires("driver"),
        opt(
            "backfill",
            "DURATION",
            "Generate that much trade history first (e.g. 6h)",
        )
        .value_parser(duration)
        .requires("driver"),
        opt(
            "market-ping-interval",
            "DURATION",
            "Server ping interval (default 10s)",
        )
        .value_parser(duration),
        flag("market-text", "Send text frames instead of gzip binary"),
    ];
    args.extend(moving.map(|a| a.help_heading(DRIVER)));
    args
}

/// `random` or `random:SEED`.
fn random_walk(v: &str) -> Result<MarketDriver, String> {
    let seed = match v.split_once(':') {
        None if v == "random" => 1,
        Some(("random", seed)) => seed
            .parse::<u64>()
            .map_err(|_| format!("invalid seed `{seed}`"))?,
        _ => return Err(format!("unknown driver `{v}` (random[:SEED])")),
    };
    Ok(MarketDriver::random_walk(seed))
}

fn report_command() -> Command {
    Command::new("report")
        .about(
            "A paper session's report, read from a journaled venue's store (read-only, also \
             while the venue runs)",
        )
        .args([
            opt("state", "DIR", "The venue's state directory")
                .required(true)
                .value_parser(value_parser!(PathBuf)),
            opt(
                "account",
                "KEY",
                "The account: a uid or an API key (default the funded account, uid 10001)",
            ),
            flag(
                "json",
                "The whole report as JSON (run, results, metrics, equity, fills, funding, \
                 trades) instead of the summary",
            ),
            opt(
                "plot",
                "FILE.svg",
                "Also draw the chart: equity, drawdown, position, price and fills",
            )
            .value_parser(value_parser!(PathBuf)),
            opt(
                "tearsheet",
                "FILE.html",
                "Also write the tearsheet: one HTML page, the metrics, the chart, the trade \
                 ledger",
            )
            .value_parser(value_parser!(PathBuf)),
            opt(
                "trades",
                "FILE.csv",
                "Also write the trade ledger (round trips) as CSV",
            )
            .value_parser(value_parser!(PathBuf)),
        ])
}

fn export_command() -> Command {
    Command::new("export")
        .about("A recording's market as Parquet tables (the `parquet` feature)")
        .args([
            opt(
                "parquet",
                "OUT_DIR",
                "Write book_levels.parquet, trades.parquet and tickers.parquet to OUT_DIR; \
                 prices and sizes as exact decimals (docs/recordings.md)",
            )
            .required(true)
            .value_parser(value_parser!(PathBuf)),
            Arg::new("recording")
                .value_name("RECORDING")
                .help("A recording: a file, plain or gzip, or a directory of them")
                .required(true)
                .value_parser(value_parser!(PathBuf)),
        ])
}

/// The arguments (without the program's name) read into what to do; clap's error (or the help
/// asked for) otherwise.
pub fn parse<I, T>(args: I) -> Result<Run, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let mut cmd = command();
    let m = cmd.try_get_matches_from_mut(
        std::iter::once("contango-sim".into()).chain(args.into_iter().map(Into::into)),
    )?;
    let refuse =
        |cmd: &mut Command, e: String| cmd.error(clap::error::ErrorKind::ValueValidation, e);
    match m.subcommand() {
        Some(("report", r)) => Ok(Run::Report(ReportArgs {
            state: r.get_one::<PathBuf>("state").cloned().unwrap_or_default(),
            account: r.get_one::<String>("account").cloned(),
            json: r.get_flag("json"),
            plot: r.get_one::<PathBuf>("plot").cloned(),
            tearsheet: r.get_one::<PathBuf>("tearsheet").cloned(),
            trades: r.get_one::<PathBuf>("trades").cloned(),
        })),
        Some(("export", e)) => Ok(Run::Export(ExportArgs {
            out_dir: e.get_one::<PathBuf>("parquet").cloned().unwrap_or_default(),
            recording: e
                .get_one::<PathBuf>("recording")
                .cloned()
                .unwrap_or_default(),
        })),
        Some(("fidelity", f)) => crate::fidelity::args(f)
            .map(Run::Fidelity)
            .map_err(|e| refuse(&mut cmd, e)),
        _ => venue(&m)
            .map(|v| Run::Venue(Box::new(v)))
            .map_err(|e| refuse(&mut cmd, e)),
    }
}

/// The latency model `--latency` or `--latency-from` sets, and how the start shows it.
pub fn latency(m: &ArgMatches) -> Result<Option<(Latency, String)>, String> {
    if let Some(model) = m.get_one::<Latency>("latency") {
        return Ok(Some((model.clone(), model.to_string())));
    }
    let Some(file) = m.get_one::<String>("latency-from") else {
        return Ok(None);
    };
    let fitted =
        Latency::fitted_from_path(file).map_err(|e| format!("--latency-from {file}: {e}"))?;
    let shown = format!("{fitted}, fitted from {file}");
    Ok(Some((fitted.latency, shown)))
}

/// The venue the options describe; what clap cannot check, refused here.
fn venue(m: &ArgMatches) -> Result<Venue, String> {
    let mut builder = SimConfig::default();
    if let Some(host) = m.get_one::<IpAddr>("host") {
        builder = builder.host(*host);
    }
    if let Some(port) = m.get_one::<u16>("port") {
        builder = builder.port(*port);
    }
    if m.get_flag("drift") {
        builder = builder.drift(true);
    }
    if let Some(ms) = m.get_one::<i64>("clock") {
        builder = builder.clock_at(*ms);
    }
    if let Some((rate, every)) = m.get_one::<(Decimal, Duration)>("funding") {
        builder = builder.funding(*rate, *every);
    }
    let latency = latency(m)?;
    let driven = m.get_flag("driven");
    // A driven venue's latency is its backtest's, in event time.
    if let Some((model, _)) = latency.as_ref().filter(|_| !driven) {
        builder = builder.latency(model.clone());
    }
    if let Some(d) = m.get_one::<Duration>("market-ping-interval") {
        builder = builder.market_ping_interval(*d);
    }
    if m.get_flag("market-text") {
        builder = builder.market_gzip_frames(false);
    }
    if let Some(d) = driver(m) {
        builder = builder.market_driver(d);
    }
    let mut drive = None;
    if let Some(from) = m.get_one::<String>("market-from") {
        let pace = m.get_one::<Pace>("pace").copied();
        let source = MarketSource::parse(from, pace.unwrap_or_default());
        let contracts: Vec<String> = m
            .get_many::<String>("contract")
            .map(|c| c.cloned().collect())
            .unwrap_or_default();
        let queue_model = m.get_one::<QueueModel>("queue-model").copied();
        if driven {
            if !source.follows_recorded_time() {
                return Err(
                    "--driven plays a recording (a file or a directory of them), not a live market"
                        .into(),
                );
            }
            drive = Some(Driven {
                recording: from.into(),
                latency: latency.as_ref().map(|(model, _)| model.clone()),
                queue_model,
                contracts,
            });
        } else {
            if pace.is_some() && !source.follows_recorded_time() {
                return Err("--pace is for a recording, not a live market".into());
            }
            builder = builder.market_source(source);
            if !contracts.is_empty() {
                builder = builder.source_contracts(contracts);
            }
            if let Some(model) = queue_model {
                builder = builder.queue_model(model);
            }
        }
    }
    if let Some(dir) = m.get_one::<PathBuf>("state") {
        let mut s = StateConfig::new(dir);
        s.durability = match m.get_one::<String>("sync").map(String::as_str) {
            Some("full") => Durability::PowerLoss,
            _ => Durability::Process,
        };
        if let Some(n) = m.get_one::<u64>("snapshot-every") {
            s.snapshot_every = *n;
        }
        if m.get_flag("keep-journal") {
            s.journal = JournalKept::Everything;
        }
        s.keep = m.get_one::<Duration>("keep").copied();
        s.accounts = m.get_one::<usize>("accounts").copied().unwrap_or(0);
        builder = builder.state(s);
    }
    if m.get_flag("admin") {
        let key = contango_sim::keys::fresh("sim-admin");
        let (api_key, secret) = (key.key.clone(), key.secret().to_owned());
        builder = builder.admin(AdminAccess::Signed { api_key, secret });
    }
    let first_start = FIRST_START
        .iter()
        .filter(|id| m.value_source(id) == Some(ValueSource::CommandLine))
        .map(|id| format!("--{id}"))
        .collect();
    Ok(Venue {
        config: builder,
        check: m.get_flag("check"),
        first_start,
        latency: latency.map(|(_, shown)| shown),
        log: m
            .get_one::<String>("log")
            .and_then(|l| l.parse().ok())
            .unwrap_or(LevelFilter::WARN),
        driven: drive,
        until_stdin_closes: m.get_flag("until-stdin-closes"),
    })
}

/// The market driver the options describe, if any (clap has checked that its options come
/// with one).
fn driver(m: &ArgMatches) -> Option<MarketDriver> {
    let mut d = match (
        m.get_one::<MarketDriver>("market-driver"),
        m.get_one::<String>("price-path"),
    ) {
        (Some(d), _) => d.clone(),
        (None, Some(path)) => MarketDriver::price_path_csv(path),
        (None, None) => return None,
    };
    d = d.looping(m.get_flag("loop"));
    if let Some(s) = m.get_one::<Duration>("driver-step") {
        d = d.step(*s);
    }
    if let Some(v) = m.get_one::<Decimal>("volatility") {
        d = d.volatility(*v);
    }
    if let Some(b) = m.get_one::<Duration>("backfill") {
        d = d.backfill(*b);
    }
    Some(d)
}

#[cfg(test)]
mod tests;
