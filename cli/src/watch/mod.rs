//! `contango watch account` and `contango watch book`: the SDK's account and book watchers, as a
//! live view on a terminal (`screen`) or as JSON lines when piped, until SIGINT or SIGTERM;
//! then the watcher is shut down (the account's user stream closes its listen key) and the
//! command exits 0.
//!
//! The watchers are the facade's (`contango::account`, `contango::book`), written for the
//! facade's own generated `Client`, while the rest of the command line is generic over the
//! [`Api`] of whatever spec it was generated from. A crate generating its CLI from its own spec
//! has a `Client` of its own, which the watchers cannot take. So the watch commands do not use
//! the generated client: they build a facade [`contango::Client`] from the same [`Target`]
//! (base URL, product, market stream URL, credentials) through the shipped spec's own
//! [`Commands`](crate::commands::Commands), and print its records with that expansion's shapes
//! (`commands::watched`). They thus compile and behave the same in every crate; what
//! they read is what the shipped spec describes.

mod account;
mod book;
mod screen;

use std::io::IsTerminal;

use clap::builder::NonEmptyStringValueParser;
use clap::{Arg, ArgAction, ArgMatches, Command};
use contango_sim::Sim;

use crate::api::Api;
use crate::failure::{ExitStatus, Failure};
use crate::options::Global;
use crate::output::Format;
use crate::stream::Stop;
use crate::target::Target;

/// The shipped spec's command line: its `client` builds the facade's `Client`.
type Shipped = crate::commands::Commands;

/// `contango watch` and its two subcommands.
pub fn command() -> Command {
    let account = Command::new("account")
        .about("Your open orders, positions and balances, kept from the private stream and reconciled over REST")
        .long_about(
            "Your open orders, positions and balances, kept from the private stream and \
             reconciled over REST after every gap and each minute. On a terminal (or with -o \
             table) a view redrawn in place: positions with entry price, mark and unrealised \
             PnL, open orders, balances, the time since the last event and whether the view is \
             reconciled. Piped (or with -o json), JSON lines: a `state` line after the first \
             snapshot and after every change ({\"type\":\"state\",\"open_orders\":[..],\
             \"positions\":[..],\"balances\":[..],\"time\":ms}, the items as `open-orders` and \
             `account` print them, each position with its `contractName`, balances without \
             `positionVos`), and `gap`, `reconciled`, `disconnected` and `error` lines. Ctrl-C \
             or SIGTERM closes the listen key and exits 0.",
        )
        .arg(
            Arg::new("contract")
                .long("contract")
                .value_name("CONTRACT")
                .action(ArgAction::Append)
                .value_parser(NonEmptyStringValueParser::new())
                .help("List the open orders of this contract from the start (repeatable); others show from their first event"),
        );
    let book = Command::new("book")
        .about("A live order book: a ladder on a terminal, JSON lines of the book when piped")
        .long_about(
            "A contract's order book from the market stream. On a terminal (or with -o table) \
             a ladder redrawn in place: asks above bids, sizes as bars scaled to the largest \
             level shown, spread and mid, STALE when the book stops changing or lags. Piped \
             (or with -o json), one `book` line per change ({\"type\":\"book\",\"contract\":..,\
             \"time\":ms,\"asks\":[[price,size],..],\"bids\":[..],\"mid\":..,\"spread\":..}, \
             best levels first, decimals as strings), a `stale` line when it turns stale, and \
             `gap`, `disconnected` and `error` lines. Ctrl-C or SIGTERM exits 0.",
        )
        .arg(
            Arg::new("contract")
                .value_name("CONTRACT")
                .required(true)
                .help("A contract name such as E-BTC-USDT"),
        )
        .arg(
            Arg::new("levels")
                .long("levels")
                .value_name("N")
                .default_value("10")
                .value_parser(clap::value_parser!(u32).range(1..))
                .help("Levels shown a side"),
        );
    Command::new("watch")
        .about("Watches your account or a book: a live view on a terminal, JSON lines when piped")
        .subcommand_required(true)
        .subcommands([account, book].map(|c| c.after_help(ExitStatus::HELP)))
}

/// Runs `watch account` or `watch book` against `target` until `stop`.
pub async fn run(
    target: &Target,
    args: &ArgMatches,
    global: &Global,
    stop: Stop,
    sim: Option<&Sim>,
) -> Result<(), Failure> {
    let format = global.format.unwrap_or(if std::io::stdout().is_terminal() {
        Format::Table
    } else {
        Format::Json
    });
    let mut header = vec![match sim {
        Some(sim) => format!("sim {} (it stops with this command)", sim.rest_url()),
        None => target.base_url().to_owned(),
    }];
    match args.subcommand() {
        Some(("account", args)) => {
            // Refused here rather than by the user stream, which would ask the server's time
            // first.
            if target.credentials().is_none() {
                return Err(Failure::Refused(
                    "watch account needs credentials: set CONTANGO_API_KEY and \
                     CONTANGO_SECRET_KEY, use --profile NAME, or --sim"
                        .to_owned(),
                ));
            }
            let contracts: Vec<String> = args
                .get_many::<String>("contract")
                .map(|c| c.cloned().collect())
                .unwrap_or_default();
            if let Some(sim) = sim {
                // The simulator's demo account (the `contango-sim` binary prints it too): how to
                // trade on it from another shell while this runs.
                header.extend([
                    "trade on its account from another shell (contango new-order ...) after".into(),
                    format!(
                        "  export CONTANGO_BASE_URL={} CONTANGO_API_KEY={}",
                        sim.rest_url(),
                        sim.api_key()
                    ),
                    format!("  export CONTANGO_SECRET_KEY={}", sim.secret()),
                ]);
                eprintln!("sim: {}", header[1..].join("\n"));
            }
            account::run(client(target)?, contracts, stop, format, header).await
        }
        Some(("book", args)) => {
            let contract = args
                .get_one::<String>("contract")
                .cloned()
                .unwrap_or_default();
            let levels = args.get_one::<u32>("levels").copied().unwrap_or(10);
            let levels = usize::try_from(levels).unwrap_or(usize::MAX);
            book::run(client(target)?, contract, levels, stop, format, header).await
        }
        _ => Err(Failure::Refused("watch what? account or book".to_owned())),
    }
}

/// The facade's client for `target`, built as the shipped spec's commands build theirs.
fn client(target: &Target) -> Result<contango::Client, Failure> {
    if let Some(key) = target.product() {
        if !Shipped::PRODUCTS.iter().any(|p| p.key == key) {
            let known: Vec<&str> = Shipped::PRODUCTS.iter().map(|p| p.key).collect();
            return Err(Failure::Refused(format!(
                "watch reads contango's own spec, whose products are {}; `{key}` is not one",
                known.join(", ")
            )));
        }
    }
    Shipped::client(target)
}
