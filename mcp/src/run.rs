//! `contango mcp` (the binary `contango-mcp`, which `contango mcp` runs with its arguments): the
//! options, the venue the tools trade on, and the transport.
//!
//! Paper by default: the embedded simulator with a moving market (a seeded random walk), or real
//! prices with `--market-from`; `--venue URL` trades on a running `contango-sim --state DIR`
//! instead. `--live` trades on the real exchange with the credentials of the environment or of
//! `--profile`. stdout carries JSON-RPC only; logs go to stderr.

use std::process::ExitCode;
use std::sync::Arc;

use clap::{Arg, ArgAction, ArgMatches, Command};
use contango::recording::Recorder;
use contango::risk::{RiskGuard, RiskLimits};
use contango_cli::Api;
use contango_cli::Failure;
use contango_cli::target::{Named, Target};
use contango_sim::{MarketDriver, MarketSource, Pace, Sim};
use rmcp::ServiceExt;

use crate::outcome::Late;
use crate::rehearsal::Rehearsals;
use crate::server::{Mode, Server};
use crate::venue::{Extend, Venue as Own};

/// The options of `contango mcp`.
pub fn command() -> Command {
    Command::new("contango-mcp")
        .about("The exchange as MCP tools generated from the spec, for AI agents: paper by default, with risk limits in code")
        .long_about(
            "Serves the exchange as MCP tools, one per endpoint of the spec (all but the \
             listen-key ones) and a few a trader asks for in one call. Paper by default: the \
             embedded simulator's market, or real prices with --market-from, or a running paper \
             venue with --venue. --live trades on the real exchange, with every destructive call \
             confirmed by the person. An agent rehearses on a recorded market with backtest_open, \
             backtest_step and backtest_report (they run contango-sim: CONTANGO_SIM, else beside \
             this binary, else on the PATH). stdio by default: stdout carries JSON-RPC only, logs \
             go to stderr.",
        )
        .arg(Arg::new("venue").long("venue").value_name("URL").conflicts_with_all(["live", "market-from"])
            .help("Trade on a running paper venue (contango-sim --state DIR) at URL, with the account of the environment or --profile"))
        .arg(Arg::new("market-from").long("market-from").value_name("URL|FILE|DIR").conflicts_with("live")
            .help("The embedded simulator's market follows a real one (a live market stream or a recording)"))
        .arg(Arg::new("live").long("live").action(ArgAction::SetTrue)
            .help("Trade on the real exchange, with the credentials of the environment (CONTANGO_API_KEY, CONTANGO_SECRET_KEY) or --profile"))
        .arg(Arg::new("live-unconfirmed").long("live-unconfirmed").action(ArgAction::SetTrue).requires("live")
            .help("With --live and a client that cannot ask the person: allow destructive calls unconfirmed"))
        .arg(Arg::new("read-only").long("read-only").action(ArgAction::SetTrue)
            .help("List and serve only the tools that read"))
        .arg(Arg::new("profile").long("profile").value_name("NAME")
            .help("Credentials, target and [risk] limits from this profile of the profile file"))
        .arg(Arg::new("base-url").long("base-url").value_name("URL").requires("live")
            .help("With --live: the exchange's REST address (or CONTANGO_BASE_URL, or the profile's)"))
        .arg(Arg::new("http").long("http").value_name("ADDR")
            .value_parser(clap::value_parser!(std::net::SocketAddr))
            .help("Serve streamable HTTP on ADDR (127.0.0.1:8765) instead of stdio: every request needs the bearer token of the token file"))
        .arg(Arg::new("allow-remote").long("allow-remote").action(ArgAction::SetTrue).requires("http")
            .help("Listen on an address other than loopback (needs --tls-cert and --tls-key)"))
        .arg(Arg::new("tls-cert").long("tls-cert").value_name("FILE").requires("tls-key").requires("http")
            .help("Serve HTTPS with this certificate chain (PEM)"))
        .arg(Arg::new("tls-key").long("tls-key").value_name("FILE").requires("tls-cert")
            .help("The certificate's private key (PEM)"))
        .arg(Arg::new("token-file").long("token-file").value_name("FILE").requires("http")
            .help("The bearer token's file (mode 600, made on first use); by default mcp-token beside the profile file"))
        .arg(Arg::new("record").long("record").value_name("FILE")
            .help("Audit: record the session to FILE (every exchange and every tool call, without secrets; docs/recordings.md). With --live it is on by default, to contango-mcp-<UTC time>.jsonl"))
}

/// Where a session is recorded: `--record FILE`, or with `--live` a file of its own in the
/// current directory (a live session is always audited), named by its UTC start.
fn record_path(m: &ArgMatches) -> Option<std::path::PathBuf> {
    m.get_one::<String>("record").map(Into::into).or_else(|| {
        m.get_flag("live").then(|| {
            let ms = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
            let now = contango_sim::time::local_datetime(ms);
            format!("contango-mcp-{}Z.jsonl", now.replace(':', "-")).into()
        })
    })
}

/// Runs the server until its input ends (stdio) or it is stopped.
pub fn main<A: Api + 'static>(extend: Extend<A>) -> ExitCode
where
    A::Client: Send + Sync + 'static,
{
    let matches = match command().try_get_matches() {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    // Logs to stderr: stdout is the protocol's.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_max_level(tracing::Level::WARN)
        .init();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("contango mcp: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(serve::<A>(&matches, extend)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("contango mcp: {failure}");
            ExitCode::from(failure.status() as u8)
        }
    }
}

/// Where the tools trade.
enum Venue {
    /// The embedded simulator, kept for as long as the server runs.
    Embedded(Box<Sim>),
    /// A running paper venue.
    Paper,
    /// The real exchange.
    Live,
}

async fn serve<A: Api + 'static>(m: &ArgMatches, extend: Extend<A>) -> Result<(), Failure>
where
    A::Client: Send + Sync + 'static,
{
    let text = |id: &str| m.get_one::<String>(id).map(String::as_str);
    let named = Named {
        // A paper venue is the target; live, the exchange is.
        base_url: text("venue").or(text("base-url")),
        market_url: None,
        product: None,
        profile: text("profile"),
    };
    let (venue, target) = if m.get_flag("live") {
        let target = Target::resolve(named, A::PRODUCTS)?;
        if target.credentials().is_none() {
            return Err(Failure::Refused(
                "--live needs credentials: CONTANGO_API_KEY and CONTANGO_SECRET_KEY, or --profile NAME"
                    .into(),
            ));
        }
        (Venue::Live, target)
    } else if let Some(url) = text("venue") {
        let target = Target::resolve(named, A::PRODUCTS)?.at(url);
        if target.credentials().is_none() {
            return Err(Failure::Refused(format!(
                "--venue {url} needs the account's key on that venue: CONTANGO_API_KEY and \
                 CONTANGO_SECRET_KEY, or --profile NAME (contango-sim prints a funded one)"
            )));
        }
        (Venue::Paper, target)
    } else {
        let mut builder = Sim::builder();
        builder = match text("market-from") {
            Some(from) => builder.market_source(MarketSource::parse(from, Pace::default())),
            None => builder.market_driver(MarketDriver::random_walk(1)),
        };
        let sim = builder
            .start()
            .await
            .map_err(|e| Failure::Other(format!("cannot start the simulator: {e}")))?;
        let target = Target::simulator(sim.rest_url(), sim.api_key(), sim.secret(), None);
        (Venue::Embedded(Box::new(sim)), target)
    };
    let recorder = match record_path(m) {
        Some(path) => {
            let recorder = Recorder::create(&path).map_err(|e| {
                Failure::Refused(format!(
                    "cannot record the session ({e}); a live session is always recorded, and \
                     --record FILE says where"
                ))
            })?;
            eprintln!("contango mcp: recording the session to {}", path.display());
            Some(recorder)
        }
        None => None,
    };
    let target = match &recorder {
        Some(r) => target.recording(r.clone()),
        None => target,
    };
    let clients = crate::venue::clients::<A>(&target)?;
    let mode = Mode {
        read_only: m.get_flag("read-only"),
        live: matches!(venue, Venue::Live),
        unconfirmed: m.get_flag("live-unconfirmed"),
    };
    let (limits, source) = limits(text("profile"))?;
    let guard = Arc::new(RiskGuard::new(limits.clone()));
    let instructions = instructions(&venue, &target, mode, &guard, &source);
    eprintln!("contango mcp: {instructions}");
    let late = Arc::new(Late::default());
    let own = Own::new(clients, extend, &guard, &late);
    let rehearsals = Rehearsals::new(
        crate::rehearsal::simulator(),
        extend,
        limits,
        late.clone(),
        recorder.clone(),
    );
    let server = Server::<A>::new(
        own,
        mode,
        instructions,
        late,
        recorder.clone(),
        Some(rehearsals),
    );
    let end = match m.get_one::<std::net::SocketAddr>("http") {
        Some(addr) => {
            let token_file = match text("token-file") {
                Some(f) => std::path::PathBuf::from(f),
                None => crate::http::default_token_file().ok_or_else(|| {
                    Failure::Refused("no config directory for the token file: set XDG_CONFIG_HOME or HOME, or --token-file".into())
                })?,
            };
            let options = crate::http::Options {
                addr: *addr,
                allow_remote: m.get_flag("allow-remote"),
                tls: text("tls-cert")
                    .zip(text("tls-key"))
                    .map(|(c, k)| (c.into(), k.into())),
                token_file,
            };
            crate::http::check(&options)?;
            let token = crate::http::token(&options.token_file)?;
            let listener = crate::http::bind(&options).await?;
            let stop = server.clone();
            let served = crate::http::serve(
                listener,
                &options,
                token,
                move || server.session(),
                stopped(),
            )
            .await;
            stop.stop();
            served
        }
        None => {
            let stop = server.clone();
            let running = server
                .serve(rmcp::transport::stdio())
                .await
                .map_err(|e| Failure::Transport(format!("the MCP session did not start: {e}")))?;
            let ended = running
                .waiting()
                .await
                .map(drop)
                .map_err(|e| Failure::Other(format!("the MCP session ended badly: {e}")));
            stop.stop();
            ended
        }
    };
    if let Venue::Embedded(sim) = venue {
        sim.shutdown().await;
    }
    if let Some(recorder) = recorder
        && let Err(e) = recorder.flush().await
    {
        eprintln!("contango mcp: the recording is incomplete: {e}");
    }
    end
}

/// Completes on SIGINT or SIGTERM.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// The risk limits: the profile's `[risk]` table (`--profile NAME`, else the `default` profile
/// when the file has one), else the agents' defaults; and where they came from.
fn limits(profile: Option<&str>) -> Result<(RiskLimits, String), Failure> {
    let path = contango_cli::profile::default_path();
    let name = profile.unwrap_or("default");
    let file = path.filter(|p| p.exists());
    let risk = match (&file, profile) {
        (Some(path), _) => match contango_cli::profile::load(path, name) {
            Ok(p) => p.risk,
            // Without --profile, a file without a `default` profile is no error.
            Err(_) if profile.is_none() => None,
            Err(e) => return Err(e),
        },
        (None, Some(name)) => {
            return Err(Failure::Refused(format!(
                "--profile {name}: there is no profile file"
            )));
        }
        (None, None) => None,
    };
    Ok(match risk {
        Some(limits) => (limits, format!("the [risk] table of profile {name}")),
        None => (
            RiskLimits::agent_defaults(),
            "the defaults (no [risk] table in a profile)".to_owned(),
        ),
    })
}

/// What a client is told it is connected to.
fn instructions(
    venue: &Venue,
    target: &Target,
    mode: Mode,
    guard: &RiskGuard,
    source: &str,
) -> String {
    let what = match venue {
        Venue::Embedded(_) => {
            "PAPER trading on contango's embedded exchange simulator (no real money)".to_owned()
        }
        Venue::Paper => format!("PAPER trading on the venue at {}", target.base_url()),
        Venue::Live => format!("LIVE trading on {} (real money)", target.base_url()),
    };
    let access = if mode.read_only {
        " Read-only: only the tools that read are served."
    } else {
        ""
    };
    let limits = guard.limits();
    let shown = |d: Option<rust_decimal::Decimal>| {
        d.map_or("none".to_owned(), |d| d.normalize().to_string())
    };
    let count = |n: Option<u32>| n.map_or("none".to_owned(), |n| n.to_string());
    let contracts = limits.contracts.as_ref().map_or("any".to_owned(), |c| {
        c.iter().cloned().collect::<Vec<_>>().join(", ")
    });
    let u = &limits.usdt;
    let mut coins = String::new();
    for (coin, l) in &limits.coins {
        coins.push_str(&format!(
            " {coin}: order notional {}, position {}, {} open orders, {} orders a minute, daily loss {}.",
            shown(l.max_order_notional),
            shown(l.max_position_notional),
            count(l.max_open_orders),
            count(l.max_orders_per_minute),
            shown(l.max_daily_loss)
        ));
    }
    let rehearse = if mode.read_only {
        ""
    } else {
        " Rehearsal: backtest_open serves a recorded market as this session's own paper venue, \
         which moves only with backtest_step; the tools then trade on it (venue: rehearsal) \
         under the same limits, and backtest_report reports it once played to the end."
    };
    format!(
        "{what}.{access}{rehearse} Risk limits, from {source}, checked before anything is sent and \
         changed by no tool: contracts {contracts}; in USDT (other margin coins at the mark \
         price): order notional {}, position {}, {} open orders a contract, {} new orders a \
         minute, daily loss {} (then reducing-only until 00:00 UTC).{coins}",
        shown(u.max_order_notional),
        shown(u.max_position_notional),
        count(u.max_open_orders),
        count(u.max_orders_per_minute),
        shown(u.max_daily_loss),
    )
}
