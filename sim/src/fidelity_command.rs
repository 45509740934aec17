//! `contango-sim fidelity SESSION.jsonl`: a recorded session of the user's own replayed through
//! the simulator, each order's outcome compared (`contango_sim::Fidelity`).
//!
//! Exit codes: 0 checked, 1 the session could not be checked (what it lacks, or what failed),
//! 2 a bad argument, 7 the PnL gap is over `--max-gap-bps`.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::Flags;

/// The usage lines of `fidelity`.
pub const USAGE: &str = "\
would the simulator have filled what the exchange filled? (`fidelity`; a session recorded with
`.record_session(..)` or `contango --record`, format version 2, with the market and private streams):
  contango-sim fidelity SESSION.jsonl [--json] [--plot FILE.svg] [--max-gap-bps X]
                        [--latency SPEC | --latency-from FILE] [--queue-model MODEL]
  --json                        one JSON object per order, then the summary, instead of the table
  --plot FILE.svg               also draw both PnL curves, live and simulated
  --max-gap-bps X               exit 7 when the PnL gap is more than X bps of the live notional
  --latency SPEC                the orders' latency (default: fitted from the session itself)
  --latency-from FILE           the latency fitted from another recorded session (a file or a
                                directory of rotated ones, read a line at a time)
  --queue-model MODEL           the simulator's queue model (default conservative)";

/// What `fidelity` asks for.
#[derive(Debug, Default)]
pub struct Args {
    session: PathBuf,
    json: bool,
    plot: Option<PathBuf>,
    max_gap_bps: Option<f64>,
    latency: Option<contango_sim::Latency>,
    queue_model: contango_sim::QueueModel,
}

/// The arguments after `fidelity`; `Err("")` for help.
pub fn parse(args: &[String]) -> Result<Args, String> {
    let mut a = Args::default();
    let mut session = None;
    let mut flags = Flags(args.iter());
    while let Some((name, inline)) = flags.next_flag() {
        let mut value = || flags.value(name, inline);
        match name {
            "--json" => a.json = true,
            "--plot" => a.plot = Some(PathBuf::from(value()?)),
            "--max-gap-bps" => {
                let v = value()?;
                let x: f64 = v
                    .parse()
                    .ok()
                    .filter(|x: &f64| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| {
                        format!("invalid --max-gap-bps `{v}`: a number of bps, 0 or more")
                    })?;
                a.max_gap_bps = Some(x);
            }
            "--latency" | "--latency-from" if a.latency.is_some() => {
                return Err(
                    "--latency and --latency-from both set the latency model: give one".into(),
                );
            }
            "--latency" => {
                let v = value()?;
                a.latency = Some(v.parse().map_err(|e| format!("--latency: {e}"))?);
            }
            "--latency-from" => {
                let v = value()?;
                a.latency = Some(
                    contango_sim::Latency::from_path(&v)
                        .map_err(|e| format!("--latency-from {v}: {e}"))?,
                );
            }
            "--queue-model" => {
                let v = value()?;
                a.queue_model = v.parse().map_err(|e| format!("{e}"))?;
            }
            "--help" | "-h" => return Err(String::new()),
            other if !other.starts_with('-') && session.is_none() => {
                session = Some(PathBuf::from(other));
            }
            other => return Err(format!("fidelity: unknown argument `{other}`")),
        }
    }
    a.session = session.ok_or("fidelity needs a recorded session: fidelity SESSION.jsonl")?;
    Ok(a)
}

/// Runs the check and prints it.
pub async fn run(args: Args) -> ExitCode {
    let check = match contango_sim::Fidelity::from_file(&args.session) {
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
