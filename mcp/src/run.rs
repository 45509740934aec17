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
use contango_cli::Api;
use contango_cli::Failure;
use contango_cli::target::{Named, Target};
use contango_cli::tools::{Gate, Open};
use contango_sim::{MarketDriver, MarketSource, Pace, Sim};
use rmcp::ServiceExt;

use crate::composite::Composites;
use crate::server::{Mode, Server};

/// The options of `contango mcp`.
pub fn command() -> Command {
    Command::new("contango-mcp")
        .about("The exchange as MCP tools generated from the spec, for AI agents: paper by default, with risk limits in code")
        .long_about(
            "Serves the exchange as MCP tools, one per endpoint of the spec (all but the \
             listen-key ones) and a few a trader asks for in one call. Paper by default: the \
             embedded simulator's market, or real prices with --market-from, or a running paper \
             venue with --venue. --live trades on the real exchange, with every destructive call \
             confirmed by the person. stdio by default: stdout carries JSON-RPC only, logs go to \
             stderr.",
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
}

/// What makes the composite tools of a spec `A` from its clients (a client per product line).
pub type MakeComposites<A> = fn(&[(&'static str, <A as Api>::Client)]) -> Arc<dyn Composites>;

/// Runs the server until its input ends (stdio) or it is stopped.
pub fn main<A: Api + 'static>(composites: MakeComposites<A>) -> ExitCode
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
    match runtime.block_on(serve::<A>(&matches, composites)) {
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

async fn serve<A: Api + 'static>(
    m: &ArgMatches,
    composites: MakeComposites<A>,
) -> Result<(), Failure>
where
    A::Client: Send + Sync + 'static,
{
    let text = |id: &str| m.get_one::<String>(id).map(String::as_str);
    let named = Named {
        base_url: text("base-url"),
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
    let clients = A::PRODUCTS
        .iter()
        .map(|p| Ok((p.short(), A::client(&target.clone().product_line(p.key))?)))
        .collect::<Result<Vec<_>, Failure>>()?;
    let mode = Mode {
        read_only: m.get_flag("read-only"),
        live: matches!(venue, Venue::Live),
    };
    let gate: Arc<dyn Gate> = Arc::new(Open);
    let instructions = instructions(&venue, &target, mode);
    eprintln!("contango mcp: {instructions}");
    let extra = composites(&clients);
    let server = Server::<A>::new(clients, gate, extra, mode, instructions);
    let running = server
        .serve(rmcp::transport::stdio())
        .await
        .map_err(|e| Failure::Transport(format!("the MCP session did not start: {e}")))?;
    let end = running.waiting().await;
    if let Venue::Embedded(sim) = venue {
        sim.shutdown().await;
    }
    end.map(drop)
        .map_err(|e| Failure::Other(format!("the MCP session ended badly: {e}")))
}

/// What a client is told it is connected to.
fn instructions(venue: &Venue, target: &Target, mode: Mode) -> String {
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
    format!("{what}.{access}")
}
