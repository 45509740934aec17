//! `contango record market`: the market stream recorded for as long as it runs, weeks included,
//! to rotating files in a directory (the runtime's `Recorder::rotating`): a file per UTC hour
//! or day, named by it, the closed ones gzipped. It is `stream market` (the same flags, the same
//! generated subscriptions, the same reconnects) with the client's recorder writing the frames
//! and nothing printed per event; the stream's gaps are `gap` lines of the recording, and
//! disconnections, gaps and errors are also said on stderr as JSON lines.
//!
//! Memory stays bounded: the stream's buffer and the recorder's bound are the only queues. It
//! stops on SIGINT or SIGTERM, or when the recording cannot be written (a full disk): the
//! stream is closed, the open file closed and gzipped, and the command exits (0 when stopped
//! by a signal with everything written). The client it records through has no credentials:
//! the market stream is public, and a recording never holds a secret.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Arg, ArgMatches, Command};
use contango::recording::{Recorder, Rotation};
use contango_runtime::stream::{MarketApi, MarketStreamBuilder};
use serde_json::Value;

use crate::api::Api;
use crate::failure::{ExitStatus, Failure};
use crate::stream::{self, Sink, Stop};
use crate::target::Target;

/// The prefix of the files (`market-2026-11-27T13.jsonl`).
const PREFIX: &str = "market";

/// `stream market`'s flag naming the channels (`contango_codegen::cli_names::CHANNEL_FLAG`).
pub(crate) const CHANNEL: &str = "channel";

/// Hidden: a rotation period in seconds, so that tests need not wait an hour.
const ROTATE_EVERY: &str = "rotate-every";

/// Hidden: how long a silent connection is kept (default: three heartbeats), so that tests need
/// not wait for the spec's.
const SILENCE_TIMEOUT: &str = "silence-timeout";

/// `contango record market`, from the generated `stream market` command (`market`): its
/// channel and parameter flags, with `--channel` optional (`defaults`), and `--out` and
/// `--rotate`.
pub(crate) fn command(market: Command, defaults: &'static [&'static str]) -> Command {
    let about = "Records the market stream to rotating files in a directory, for as long as it \
                 runs: reconnects, a gap line where data is missing, a file per UTC hour or day, \
                 the closed ones gzipped";
    let market = market
        .about(about)
        .long_about(format!(
            "{about}. Every (contract, channel) pair is subscribed, as with `stream market`. \
             Files are named by the UTC start of their period ({PREFIX}-2026-11-27T13.jsonl by \
             the hour, {PREFIX}-2026-11-27.jsonl by the day; a name already taken gets _2, _3, \
             ...), so they sort by time; each starts with the session's header, so each reads \
             on its own, and the directory reads as one session (contango-sim --market-from \
             DIR, Backtest::from_dir). Nothing is printed per event; disconnections, gaps and \
             errors go to stderr as JSON lines. Ctrl-C or SIGTERM closes the stream and the \
             open file, gzips it and exits 0. One recorder per directory."
        ))
        .mut_arg(CHANNEL, |a| {
            let a = a.help("A channel to record (repeatable, or comma-separated)");
            match defaults {
                [] => a,
                some => a.required(false).default_values(some.iter().copied()),
            }
        })
        .arg(
            Arg::new("out")
                .long("out")
                .value_name("DIR")
                .required(true)
                .value_parser(clap::value_parser!(PathBuf))
                .help("The directory of the files (created if missing)"),
        )
        .arg(
            Arg::new("rotate")
                .long("rotate")
                .value_name("PERIOD")
                .value_parser(["hour", "day"])
                .default_value("hour")
                .help("A new file each UTC hour or day"),
        )
        .arg(
            Arg::new(ROTATE_EVERY)
                .long(ROTATE_EVERY)
                .value_name("SECONDS")
                .value_parser(clap::value_parser!(u64).range(1..))
                .conflicts_with("rotate")
                .hide(true),
        )
        .arg(
            Arg::new(SILENCE_TIMEOUT)
                .long(SILENCE_TIMEOUT)
                .value_name("MS")
                .value_parser(clap::value_parser!(u64).range(1..))
                .hide(true),
        )
        .after_help(ExitStatus::HELP);
    Command::new("record")
        .about("Records a stream to rotating files until interrupted")
        .subcommand_required(true)
        .subcommand(market)
}

/// The stream settings `record market`'s own flags ask for, on the builder the generated code
/// subscribes with (`stream market` has none of them: the builder as it is).
pub fn market_settings<A: MarketApi>(
    builder: MarketStreamBuilder<A>,
    args: &ArgMatches,
) -> MarketStreamBuilder<A> {
    match args.try_get_one::<u64>(SILENCE_TIMEOUT) {
        Ok(Some(ms)) => builder.silence_timeout(Duration::from_millis(*ms)),
        _ => builder,
    }
}

/// Runs `record market` against `target` until `stop`, or until the recording cannot be
/// written.
pub(crate) async fn run<A: Api>(
    target: &Target,
    args: &ArgMatches,
    stop: Stop,
) -> Result<(), Failure> {
    let Some(("market", args)) = args.subcommand() else {
        return Err(Failure::Refused(
            "record: what to record? (market)".to_owned(),
        ));
    };
    let dir = args
        .get_one::<PathBuf>("out")
        .cloned()
        .ok_or_else(|| Failure::Refused("record market needs --out DIR".to_owned()))?;
    let rotation = match (
        args.get_one::<u64>(ROTATE_EVERY),
        args.get_one::<String>("rotate").map(String::as_str),
    ) {
        (Some(s), _) => Rotation::Every(Duration::from_secs(*s)),
        (None, Some("day")) => Rotation::Day,
        _ => Rotation::Hour,
    };
    let recorder = Recorder::rotating(&dir, PREFIX, rotation)
        .map_err(|e| Failure::Refused(format!("record: {e}")))?;
    let client = A::client(&target.clone().public().recording(recorder.clone()))?;
    eprintln!(
        "record: recording the market stream into {} ({}); Ctrl-C or SIGTERM closes and gzips \
         the open file",
        dir.display(),
        match rotation {
            Rotation::Day => "a file each UTC day".to_owned(),
            Rotation::Every(d) => format!("a file each {} s", d.as_secs()),
            _ => "a file each UTC hour".to_owned(),
        }
    );
    let stopped = stream::either(stop, failed(recorder.clone()));
    let streamed = A::market_stream(&client, args, stopped, log_sink()).await;
    drop(client);
    let finished = recorder.finish().await.map_err(|e| {
        Failure::Other(format!(
            "record: the recording in {} is incomplete: {e}",
            dir.display()
        ))
    });
    if finished.is_ok() {
        eprintln!("record: closed; the recording is in {}", dir.display());
    }
    streamed.and(finished)
}

/// Completes once the recorder has stopped writing (its first error), checked each second.
fn failed(recorder: Recorder) -> Stop {
    Box::pin(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        while recorder.failure().is_none() {
            tick.tick().await;
        }
    })
}

/// The stream's lines but its events, to stderr: the recording holds the events.
fn log_sink() -> Sink {
    Box::new(|line: &Value| {
        if line["type"] != "event" {
            eprintln!("record: {line}");
        }
        Ok(())
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use crate::commands::Commands;
    use crate::options::command;

    #[test]
    fn record_market_takes_stream_markets_flags_its_channels_by_default_and_hides_test_flags() {
        assert_eq!(super::CHANNEL, contango_codegen::cli_names::CHANNEL_FLAG);
        let parse = |args: &[&str]| {
            let args = ["contango", "record", "market", "--contract", "E-BTC-USDT"]
                .iter()
                .chain(args);
            command::<Commands>(&[]).try_get_matches_from(args)
        };
        let m = parse(&["--out", "d"]).unwrap();
        let (_, record) = m.subcommand().unwrap();
        let (_, market) = record.subcommand().unwrap();
        let channels: Vec<&String> = market.get_many("channel").unwrap().collect();
        assert_eq!(channels, ["depth", "trades", "ticker"]);
        assert_eq!(market.get_one::<String>("rotate").unwrap(), "hour");
        assert!(parse(&[]).is_err(), "--out is required");
        assert!(parse(&["--out", "d", "--rotate", "week"]).is_err());
        assert!(parse(&["--out", "d", "--channel", "kline", "--interval", "1min"]).is_ok());
        let mut cmd = command::<Commands>(&[]);
        let help = cmd
            .find_subcommand_mut("record")
            .and_then(|r| r.find_subcommand_mut("market"))
            .unwrap()
            .render_long_help()
            .to_string();
        assert!(help.contains("--rotate <PERIOD>") && help.contains("--step <STEP>"));
        assert!(!help.contains("rotate-every") && !help.contains("silence-timeout"));
    }
}
