//! `contango-sim fidelity SESSION.jsonl`: a recorded session of the user's own replayed through
//! the simulator, each order's outcome compared (`contango_research::Fidelity`).
//!
//! Exit codes: 0 checked, 1 the session could not be checked (what it lacks, or what failed),
//! 2 a bad argument, 7 the PnL gap is over `--max-gap-bps`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgMatches, Command, value_parser};
use contango_sim::{Latency, QueueModel};

/// `fidelity`'s arguments.
pub fn command() -> Command {
    Command::new("fidelity")
        .about(
            "Would the simulator have filled what the exchange filled? A session recorded with \
             `.record_session(..)` or `contango --record` (format version 2, with the market and \
             private streams) replayed through the simulator, each order's outcome compared. \
             Exit codes: 0 checked, 1 the session could not be checked, 2 a bad argument, 7 the \
             PnL gap is over --max-gap-bps",
        )
        .arg(
            Arg::new("session")
                .value_name("SESSION.jsonl")
                .help("The recorded session: a file, or a directory of rotated ones")
                .required(true)
                .value_parser(value_parser!(PathBuf)),
        )
        .arg(
            Arg::new("json")
                .long("json")
                .action(ArgAction::SetTrue)
                .help("One JSON object per order, then the summary, instead of the table"),
        )
        .arg(
            Arg::new("plot")
                .long("plot")
                .value_name("FILE.svg")
                .help("Also draw both PnL curves, live and simulated")
                .value_parser(value_parser!(PathBuf)),
        )
        .arg(
            Arg::new("max-gap-bps")
                .long("max-gap-bps")
                .value_name("X")
                .help("Exit 7 when the PnL gap is more than X bps of the live notional")
                .value_parser(|s: &str| {
                    s.parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite() && *x >= 0.0)
                        .ok_or_else(|| {
                            format!("invalid --max-gap-bps `{s}`: a number of bps, 0 or more")
                        })
                }),
        )
        .args(crate::args::latency_args(
            "The orders' latency (default: fitted from the session itself)",
            "The latency fitted from another recorded session (a file or a directory of rotated \
             ones, read a line at a time)",
        ))
        .arg(crate::args::queue_model_arg(
            "The simulator's queue model (default conservative)",
        ))
}

/// What `fidelity` asks for.
#[derive(Debug, Default)]
pub struct Args {
    session: PathBuf,
    json: bool,
    plot: Option<PathBuf>,
    max_gap_bps: Option<f64>,
    latency: Option<Latency>,
    queue_model: QueueModel,
}

/// The arguments clap read; the latency model fitted when one is asked for.
pub fn args(m: &ArgMatches) -> Result<Args, String> {
    Ok(Args {
        session: m.get_one::<PathBuf>("session").cloned().unwrap_or_default(),
        json: m.get_flag("json"),
        plot: m.get_one::<PathBuf>("plot").cloned(),
        max_gap_bps: m.get_one::<f64>("max-gap-bps").copied(),
        latency: crate::args::latency(m)?.map(|(model, _)| model),
        queue_model: m
            .get_one::<QueueModel>("queue-model")
            .copied()
            .unwrap_or_default(),
    })
}

/// Runs the check and prints it.
pub async fn run(args: Args) -> ExitCode {
    let check = match contango_research::Fidelity::from_file(&args.session) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("contango-sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut check = check.queue_model(args.queue_model);
    if let Some(l) = args.latency {
        check = check.latency(l);
    }
    let report = match check.run().await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("contango-sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    if args.json {
        print!("{}", report.to_json_lines());
    } else {
        print!("{report}");
    }
    if let Some(path) = &args.plot {
        if let Err(e) = report.plot(path) {
            eprintln!("contango-sim: {e}");
            return ExitCode::FAILURE;
        }
        if !args.json {
            println!("chart: {}", path.display());
        }
    }
    if let Some(max) = args.max_gap_bps {
        let s = &report.summary;
        let over = match s.gap_bps {
            Some(bps) => bps.abs() > max,
            None => !s.gap.is_zero(),
        };
        if over {
            eprintln!(
                "contango-sim: the PnL gap {} is over {max} bps of the live notional",
                s.gap_bps
                    .map_or_else(|| s.gap.to_string(), |b| format!("{b:.2} bps"))
            );
            return ExitCode::from(7);
        }
    }
    ExitCode::SUCCESS
}
