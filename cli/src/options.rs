//! The global options and the commands every spec gets (`stream`, `record`, `drift`,
//! `completions`), with
//! the hand-written ones a binary adds ([`Extension`]s: the shipped `contango` adds `watch`).
//! The generator keeps their names free (`contango_codegen::cli_names`, which a test of the
//! shipped binary's command tree holds equal to it): an endpoint or parameter with one of them is
//! a compile error at its place in the spec rather than an ambiguous command line.

use clap::builder::PossibleValue;
use clap::{Arg, ArgAction, ArgMatches, Command};

use crate::api::Api;
use crate::extension::Extension;
use crate::failure::ExitStatus;
use crate::output::Format;
use crate::product::ProductInfo;
use crate::target::Named;

/// The global options of one invocation.
#[derive(Debug, Clone, Default)]
pub struct Global {
    /// `--base-url`.
    pub base_url: Option<String>,
    /// `--market-url`.
    pub market_url: Option<String>,
    /// `--product`.
    pub product: Option<String>,
    /// `--profile`.
    pub profile: Option<String>,
    /// `--sim`.
    pub sim: bool,
    /// `--market-from URL|FILE|DIR` (with `--sim`): the simulator's market follows a real one.
    pub market_from: Option<String>,
    /// `--pace recorded|N|fast` (with a recording as `--market-from`).
    pub pace: Option<String>,
    /// `--funding RATE[/INTERVAL]` (with `--sim`): the simulator funds its contracts.
    pub funding: Option<String>,
    /// `--output`, or the default for where stdout goes.
    pub format: Option<Format>,
    /// `--jsonl`.
    pub jsonl: bool,
    /// `--verbose`.
    pub verbose: bool,
    /// `--record FILE`.
    pub record: Option<std::path::PathBuf>,
    /// `--replay FILE`.
    pub replay: Option<std::path::PathBuf>,
}

impl Global {
    /// The global options of parsed arguments.
    pub fn from_matches(m: &ArgMatches) -> Global {
        let text = |id: &str| m.get_one::<String>(id).cloned();
        Global {
            base_url: text("base-url"),
            market_url: text("market-url"),
            product: text("product"),
            profile: text("profile"),
            sim: m.get_flag("sim"),
            market_from: text("market-from"),
            pace: text("pace"),
            funding: text("funding"),
            format: text("output").and_then(|f| Format::from_name(&f)),
            jsonl: m.get_flag("jsonl"),
            verbose: m.get_flag("verbose"),
            record: text("record").map(Into::into),
            replay: text("replay").map(Into::into),
        }
    }

    /// What the options name of the target.
    pub fn named(&self) -> Named<'_> {
        Named {
            base_url: self.base_url.as_deref(),
            market_url: self.market_url.as_deref(),
            product: self.product.as_deref(),
            profile: self.profile.as_deref(),
        }
    }

    /// Two flags that both choose the target (`--sim` or `--replay` beside another), if
    /// given. clap checks the conflict only among the flags written before the subcommand;
    /// global flags may also come after it.
    pub fn target_conflict(&self) -> Option<(&'static str, &'static str)> {
        let chosen = [("--sim", self.sim), ("--replay", self.replay.is_some())];
        let (first, _) = chosen.into_iter().find(|(_, given)| *given)?;
        let others = [
            ("--replay", self.replay.is_some() && first == "--sim"),
            ("--base-url", self.base_url.is_some()),
            ("--market-url", self.market_url.is_some()),
            ("--profile", self.profile.is_some()),
        ];
        others
            .into_iter()
            .find_map(|(flag, given)| given.then_some((first, flag)))
    }
}

/// The whole command line of spec `A`, with the hand-written `extensions`.
pub fn command<A: Api>(extensions: &[&dyn Extension]) -> Command {
    let products = A::PRODUCTS
        .iter()
        .map(|p: &ProductInfo| PossibleValue::new(p.short()).alias(p.key).help(p.doc));
    let mut root = Command::new("contango")
        .version(env!("CARGO_PKG_VERSION"))
        .about(A::ABOUT.lines().next().unwrap_or_default().to_owned())
        .long_about(A::ABOUT)
        .after_help(format!(
            "Credentials: CONTANGO_API_KEY and CONTANGO_SECRET_KEY, or --profile NAME \
             (a TOML file at $XDG_CONFIG_HOME/contango/profiles.toml, mode 600).\n\n{}",
            ExitStatus::HELP
        ))
        .subcommand_required(true)
        .arg_required_else_help(true)
        .arg(global(Arg::new("base-url").long("base-url").value_name("URL"))
            .help("Base URL of the REST interface (or CONTANGO_BASE_URL, or the profile's base_url)"))
        .arg(global(Arg::new("market-url").long("market-url").value_name("URL"))
            .help("Address of the market stream (or CONTANGO_MARKET_WS_URL, or the profile's market_url); by default the spec's path on the base URL's host"))
        .arg(global(Arg::new("product").long("product").value_name("PRODUCT"))
            .value_parser(clap::builder::PossibleValuesParser::new(products))
            .ignore_case(true)
            .help("Product line (or CONTANGO_PRODUCT); defaults to the spec's first"))
        .arg(global(Arg::new("profile").long("profile").value_name("NAME"))
            .help("Credentials and target from this profile of the profile file"))
        .arg(global(Arg::new("sim").long("sim").action(ArgAction::SetTrue))
            .conflicts_with_all(["base-url", "market-url", "profile"])
            .help("Start the embedded exchange simulator for this command and use it (its address goes to stderr)"))
        .arg(global(Arg::new("market-from").long("market-from").value_name("URL|FILE|DIR"))
            .requires("sim")
            .help("With --sim: the simulator's market follows a real one, a live market stream (ws:// or wss://) or a recording of one (a file, or a directory of them as `record market` writes); its book, trades and mark price, local fills"))
        .arg(global(Arg::new("pace").long("pace").value_name("PACE"))
            .requires("market-from")
            .help("How a recording given to --market-from plays: recorded (default), N times faster, or fast"))
        .arg(global(Arg::new("funding").long("funding").value_name("RATE[/INTERVAL]"))
            .requires("sim")
            .help("With --sim: fund every tradable contract at RATE (a fraction: 0.0001 is 0.01 %, paid by longs when positive) every INTERVAL (default 8h; 90s, 15m, 1h, ...). Without it the simulator's funding rates are 0"))
        .arg(global(Arg::new("record").long("record").value_name("FILE"))
            .help("Record every request, answer and stream frame of this command to FILE (JSON lines, no secrets)"))
        .arg(global(Arg::new("replay").long("replay").value_name("FILE"))
            .conflicts_with_all(["sim", "base-url", "market-url", "profile"])
            .help("Run against a recording instead of a server: answers and frames come from FILE, nothing goes to the network"))
        .arg(global(Arg::new("output").long("output").short('o').value_name("FORMAT"))
            .value_parser(["json", "table"])
            .help("json, or table; by default json when stdout is not a terminal, table when it is"))
        .arg(global(Arg::new("jsonl").long("jsonl").action(ArgAction::SetTrue))
            .help("Lists as one JSON object per line"))
        .arg(global(Arg::new("verbose").long("verbose").short('v').action(ArgAction::SetTrue))
            .help("Say where requests go and log them to stderr (never secrets)"));
    for c in A::commands() {
        root = root.subcommand(c.after_help(ExitStatus::HELP));
    }
    let mut streams = Vec::new();
    if A::HAS_USER_STREAM {
        streams.push(Command::new("user").about(
            "The private stream of order and account updates, one JSON object per line \
             (`type` is event, gap, disconnected or error); Ctrl-C or SIGTERM closes the \
             listen key and exits 0",
        ));
    }
    let market = A::market_command();
    streams.extend(market.clone());
    if !streams.is_empty() {
        root = root.subcommand(
            Command::new("stream")
                .about("Prints a stream as JSON lines until interrupted")
                .subcommand_required(true)
                .subcommands(streams.into_iter().map(|c| c.after_help(ExitStatus::HELP))),
        );
    }
    if let Some(market) = market {
        root = root.subcommand(crate::record::command(market, A::MARKET_DEFAULT_CHANNELS));
    }
    for extension in extensions {
        root = root.subcommand(extension.command());
    }
    root.subcommand(drift_command())
        .subcommand(crate::mcp::command())
        .subcommand(
            Command::new("completions")
                .about("Prints a shell completion script")
                .arg(
                    Arg::new("shell")
                        .required(true)
                        .value_parser(clap::value_parser!(clap_complete::Shell)),
                ),
        )
}

/// `contango drift`: the probe of a server against the spec.
fn drift_command() -> Command {
    Command::new("drift")
        .about("Probes the server against the spec: calls every read-only endpoint it can, listens to the streams, and prints what the spec does not describe")
        .long_about(
            "Probes the server against the spec. Calls every read-only endpoint it can (public \
             ones always, signed ones when credentials are set), filling required parameters \
             from --contract and from earlier answers; listens to the market stream (and the \
             private stream, with credentials) for --seconds; then prints every finding: \
             unknown fields, enum values, error codes, events and channels, missing fields, \
             mismatched types. A failing endpoint is reported and the others still run. \
             Exit status 0 when nothing drifted, 6 when something did.",
        )
        .arg(
            Arg::new("contract")
                .long("contract")
                .value_name("CONTRACT")
                .help("Contract to probe with (or CONTANGO_CONTRACT; default E-BTC-USDT)"),
        )
        .arg(
            Arg::new("seconds")
                .long("seconds")
                .value_name("N")
                .default_value("5")
                .value_parser(clap::value_parser!(u64))
                .help("How long to listen to the streams; 0 skips them"),
        )
        .arg(
            Arg::new("from")
                .long("from")
                .value_name("FILE")
                .help("Check a recording (contango --record) instead of a server: nothing is sent"),
        )
        .arg(
            Arg::new("patch")
                .long("patch")
                .action(ArgAction::SetTrue)
                .help("Print the patch to the spec file that describes what was seen (a unified diff: git apply)"),
        )
        .after_help(ExitStatus::HELP)
}

/// An option of every command, listed apart from the command's own parameters.
fn global(arg: Arg) -> Arg {
    arg.global(true).help_heading("Global options")
}
