//! `contango watch`: the facade's account and book watchers as views a person watches (on
//! ratatui: `view`) or, piped, as JSON lines, until `q` (in a view), SIGINT or SIGTERM;
//! then the watchers are shut down (the account's user stream closes its listen key) and the
//! command exits 0. `watch book CONTRACT` is the ladder, `watch account` positions, open orders
//! and balances, and `watch CONTRACT` the trading screen: both together, with conditional
//! orders, the latest fills and the mid's sparkline.
//!
//! The watchers are the facade's (`contango::account`, `contango::book`), written for the
//! facade's own generated `Client`. So `watch` is an [`Extension`] of the shipped spec, not part
//! of the library every spec shares: the `contango` binary adds it ([`Watch`]), and so may a
//! crate generating its CLI from its own spec, whose `Client` the watchers could not take. The
//! watch commands therefore build a facade [`contango::Client`] from the same [`Target`] (base
//! URL, product, market stream URL, credentials) through the shipped spec's own
//! [`Commands`](crate::commands::Commands), and print its records with that expansion's shapes
//! (`commands::watched`). They compile and behave the same in every crate; what they read is
//! what the shipped spec describes.

mod account;
mod book;
mod funding;
mod text;
mod view;

use std::future::Future;
use std::io::IsTerminal;
use std::pin::Pin;

use clap::builder::NonEmptyStringValueParser;
use clap::{Arg, ArgAction, ArgMatches, Command};
use contango_sim::Sim;

use self::view::Both;
use self::view::state::{AccountPanel, BookPanel, Screen, ViewState};
use crate::api::Api;
use crate::extension::{Context, Extension};
use crate::failure::{ExitStatus, Failure};
use crate::output::Format;
use crate::stream::Stop;
use crate::target::Target;

/// The shipped spec's command line: its `client` builds the facade's `Client`.
type Shipped = crate::commands::Commands;

/// `contango watch`, as an [`Extension`]: `contango_cli::run_with::<Commands>(&[&Watch])`.
#[derive(Debug, Clone, Copy)]
pub struct Watch;

impl Extension for Watch {
    fn command(&self) -> Command {
        command()
    }

    fn runs_until_stopped(&self) -> bool {
        true
    }

    fn moves_the_market(&self) -> bool {
        true
    }

    fn run<'a>(
        &'a self,
        cx: Context<'a>,
    ) -> Pin<Box<dyn Future<Output = Result<(), Failure>> + 'a>> {
        Box::pin(run(cx))
    }
}

/// `contango watch CONTRACT` and its two subcommands.
fn command() -> Command {
    let account = Command::new("account")
        .about("Your open orders, positions and balances, kept from the private stream and reconciled over REST")
        .long_about(
            "Your open orders, positions and balances, kept from the private stream and \
             reconciled over REST after every gap and each minute. On a terminal (or with -o \
             table) a view that fits the terminal: positions with entry price, mark and \
             unrealised PnL, open orders, balances, the time since the last event and whether \
             the view is reconciled (q or Esc quits, Tab moves between the lists, the arrows, \
             PgUp and PgDn scroll them). Piped (or with -o json), JSON lines: a `state` line after the first \
             snapshot and after every change ({\"type\":\"state\",\"open_orders\":[..],\
             \"positions\":[..],\"balances\":[..],\"time\":ms}, the items as `open-orders` and \
             `account` print them, each position with its `contractName`, balances without \
             `positionVos`), and `gap`, `reconciled`, `disconnected` and `error` lines. q, \
             Ctrl-C or SIGTERM closes the listen key and exits 0.",
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
             a ladder that fits the terminal: asks above bids, sizes as bars scaled to the \
             largest level shown (+ or - where a size changed), spread and mid with the way it \
             last moved, STALE when the book stops changing or lags; the levels that do not fit \
             scroll with the arrows, PgUp and PgDn; q or Esc quits. Piped \
             (or with -o json), one `book` line per change ({\"type\":\"book\",\"contract\":..,\
             \"time\":ms,\"asks\":[[price,size],..],\"bids\":[..],\"mid\":..,\"spread\":..}, \
             best levels first, decimals as strings), a `stale` line when it turns stale, and \
             `gap`, `disconnected` and `error` lines. q, Ctrl-C or SIGTERM exits 0.",
        )
        .arg(contract_arg())
        .arg(levels_arg());
    Command::new("watch")
        .about("Watches a contract and your account: a trading screen, a ladder or your account on a terminal; JSON lines when piped")
        .long_about(
            "`watch CONTRACT` is the trading screen, for a terminal: the contract's ladder (your \
             working orders marked on it), your positions with entry, mark and unrealised PnL, \
             working orders, conditional orders (stop loss, take profit: trigger price and the \
             price watched), the mark and index prices with the funding rates and the time to \
             the next funding (polled every 5 s), the latest fills (a new one starred), the mid's sparkline over the \
             last minutes, the time since the last event and whether the account is \
             reconciled. Side by side on a wide terminal, one panel at a time on a narrow one. \
             Keys: q or Esc quits, Tab and Shift-Tab move between the panels, the arrows, PgUp, \
             PgDn, Home and End scroll the one in focus. It needs credentials (or --sim). \
             `watch book` and `watch account` are each half of it, and print JSON lines when \
             piped.",
        )
        .arg(contract_arg().required(false))
        .arg(levels_arg())
        .arg_required_else_help(true)
        .args_conflicts_with_subcommands(true)
        .subcommands([account, book].map(|c| c.after_help(ExitStatus::HELP)))
        .after_help(ExitStatus::HELP)
}

fn contract_arg() -> Arg {
    Arg::new("contract")
        .value_name("CONTRACT")
        .required(true)
        .help("A contract name such as E-BTC-USDT")
}

fn levels_arg() -> Arg {
    Arg::new("levels")
        .long("levels")
        .value_name("N")
        .default_value("10")
        .value_parser(clap::value_parser!(u32).range(1..))
        .help("Levels shown a side")
}

/// Runs `watch CONTRACT`, `watch account` or `watch book` until stopped.
async fn run(cx: Context<'_>) -> Result<(), Failure> {
    let format = cx.format.unwrap_or(if std::io::stdout().is_terminal() {
        Format::Table
    } else {
        Format::Json
    });
    let header = match (cx.sim, &cx.played_out) {
        (Some(sim), _) => format!("sim {} (it stops with this command)", sim.rest_url()),
        (None, Some(_)) => format!("replay {}", cx.target.base_url()),
        (None, None) => cx.target.base_url().to_owned(),
    };
    let levels = |args: &ArgMatches| {
        let levels = args.get_one::<u32>("levels").copied().unwrap_or(10);
        usize::try_from(levels).unwrap_or(usize::MAX)
    };
    let contract = |args: &ArgMatches| {
        args.get_one::<String>("contract")
            .cloned()
            .unwrap_or_default()
    };
    match cx.args.subcommand() {
        Some(("account", args)) => {
            needs_credentials(cx.target, "watch account")?;
            let contracts: Vec<String> = args
                .get_many::<String>("contract")
                .map(|c| c.cloned().collect())
                .unwrap_or_default();
            if let Some(sim) = cx.sim {
                how_to_trade(sim);
            }
            let client = client(cx.target)?;
            account::run(client, contracts, cx.stop, cx.played_out, format, header).await
        }
        Some(("book", args)) => {
            let client = client(cx.target)?;
            let (contract, levels) = (contract(args), levels(args));
            book::run(
                client,
                contract,
                levels,
                cx.stop,
                cx.played_out,
                format,
                header,
            )
            .await
        }
        _ => {
            if format == Format::Json {
                return Err(Failure::Refused(
                    "watch CONTRACT is a screen for a terminal; for JSON lines use watch book \
                     CONTRACT and watch account"
                        .to_owned(),
                ));
            }
            view::check_terminal()?;
            needs_credentials(cx.target, "watch CONTRACT")?;
            if let Some(sim) = cx.sim {
                how_to_trade(sim);
            }
            let (contract, levels) = (contract(cx.args), levels(cx.args));
            trade(
                client(cx.target)?,
                contract,
                levels,
                cx.stop,
                cx.played_out,
                header,
            )
            .await
        }
    }
}

/// The trading screen: the book of `contract` and the account, one view.
async fn trade(
    client: contango::Client,
    contract: String,
    levels: usize,
    mut stop: Stop,
    played_out: Option<Stop>,
    header: String,
) -> Result<(), Failure> {
    let Some(mut books) = book::connect(&client, &contract, &mut stop).await? else {
        return Ok(());
    };
    let clock_of = client.clone();
    let funding = funding::FundingFeed::start(client.clone(), &contract);
    let watcher = match account::start(client, vec![contract.clone()], &mut stop).await {
        Ok(Some(w)) => w,
        other => {
            books.shutdown().await;
            return other.map(drop);
        }
    };
    let mut watcher = watcher;
    let mut state = ViewState::new(Screen::Trade, format!("contango watch {contract}"), header);
    state.book = Some(BookPanel::new(contract.clone(), levels));
    state.account = Some(AccountPanel::default());
    let mut feed = Both(
        Both(
            book::BookFeed::new(&mut books, contract),
            account::AccountFeed::new(&mut watcher),
        ),
        funding,
    );
    let clock = || book::exchange_now(&clock_of);
    let outcome = view::run(&mut feed, state, &mut stop, played_out, &clock).await;
    books.shutdown().await;
    let closed = watcher.shutdown().await.map_err(Failure::from);
    outcome.and(closed)
}

/// Refused here rather than by the user stream, which would ask the server's time first.
fn needs_credentials(target: &Target, what: &str) -> Result<(), Failure> {
    match target.credentials() {
        Some(_) => Ok(()),
        None => Err(Failure::Refused(format!(
            "{what} needs credentials: set CONTANGO_API_KEY and CONTANGO_SECRET_KEY, use \
             --profile NAME, or --sim"
        ))),
    }
}

/// The simulator's demo account (the `contango-sim` binary prints it too), on stderr before
/// the view: how to trade on it from another shell while this runs.
fn how_to_trade(sim: &Sim) {
    eprintln!(
        "sim: trade on its account from another shell (contango new-order ...) after\n  \
         export CONTANGO_BASE_URL={} CONTANGO_API_KEY={}\n  export CONTANGO_SECRET_KEY={}",
        sim.rest_url(),
        sim.api_key(),
        sim.secret()
    );
}

/// The facade's client for `target`, built as the shipped spec's commands build theirs.
fn client(target: &Target) -> Result<contango::Client, Failure> {
    if let Some(key) = target.product()
        && !Shipped::PRODUCTS.iter().any(|p| p.key == key)
    {
        let known: Vec<&str> = Shipped::PRODUCTS.iter().map(|p| p.key).collect();
        return Err(Failure::Refused(format!(
            "watch reads contango's own spec, whose products are {}; `{key}` is not one",
            known.join(", ")
        )));
    }
    Shipped::client(target)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use crate::api::Api;
    use crate::commands::Commands;
    use crate::options::command;
    use contango_codegen::cli_names::{CLAP, COMMANDS, GLOBAL_FLAGS};

    /// The shipped binary's command tree: the shipped spec's commands and `watch`.
    fn shipped() -> clap::Command {
        command::<Commands>(&[&super::Watch])
    }

    /// clap's own consistency checks (unique names and flags, positional order) over the
    /// command line of the shipped spec, with the shipped binary's `watch`.
    #[test]
    fn the_command_line_of_the_shipped_spec_with_watch_is_consistent() {
        shipped().debug_assert();
    }

    /// The names the generator keeps free for this crate (`contango_codegen::cli_names`) are
    /// exactly the commands and global flags the shipped binary's command tree has beside the
    /// generated ones, both ways: a command or flag added here alone would let a spec take its
    /// name, one left in the list alone would refuse a spec for nothing.
    #[test]
    fn the_generator_keeps_free_exactly_the_hand_written_commands_and_global_flags() {
        let mut root = shipped();
        // What clap adds itself (`help`, `--help`) is there once the tree is built.
        root.build();
        let generated: BTreeSet<String> = Commands::commands()
            .iter()
            .map(|c| c.get_name().to_owned())
            .collect();
        let commands: BTreeSet<&str> = root
            .get_subcommands()
            .map(|c| c.get_name())
            .filter(|name| !generated.contains(*name))
            .collect();
        let listed: BTreeSet<&str> = COMMANDS.iter().chain(CLAP).copied().collect();
        assert_eq!(
            commands, listed,
            "commands beside the endpoints' (left: the tree)"
        );

        let globals: BTreeSet<&str> = root
            .get_arguments()
            .filter(|a| a.is_global_set())
            .filter_map(|a| a.get_long())
            .filter(|long| !CLAP.contains(long))
            .collect();
        let listed: BTreeSet<&str> = GLOBAL_FLAGS.iter().copied().collect();
        assert_eq!(globals, listed, "global flags (left: the tree)");
        for name in CLAP {
            let flag = root.get_arguments().any(|a| a.get_long() == Some(*name));
            assert!(flag, "clap's `--{name}` is on the root command");
        }
    }
}
