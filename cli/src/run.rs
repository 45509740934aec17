//! One invocation, start to end: parse → (completions) → target (a server, the simulator, or a
//! replay of a recording) → client (recording, with `--record`) → call or stream → output →
//! exit code. Each step is named for what it does; every failure ends as a [`Failure`] whose exit
//! code tells local refusal, server error and transport failure apart.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

use clap::ArgMatches;
use contango::recording::Recorder;
use contango_sim::{MarketDriver, MarketSource, Pace, Replay, Sim};

use crate::api::Api;
use crate::extension::{Context, Extension};
use crate::failure::{ExitStatus, Failure};
use crate::options::{self, Global};
use crate::output::{self, Format};
use crate::probe;
use crate::stream;
use crate::target::{Target, product_key};

/// Runs the command line of spec `A` on the process arguments and returns its exit code.
pub fn run<A: Api>() -> ExitCode {
    run_with::<A>(&[])
}

/// [`run`] with hand-written commands beside the spec's (the shipped `contango` adds `watch`).
pub fn run_with<A: Api>(extensions: &[&dyn Extension]) -> ExitCode {
    run_from::<A>(extensions, std::env::args_os())
}

/// [`run_with`] on given arguments (the first is the program name).
pub fn run_from<A: Api>(
    extensions: &[&dyn Extension],
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> ExitCode {
    let mut cmd = options::command::<A>(extensions);
    let matches = match cmd.try_get_matches_from_mut(args) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            // --help and --version are not refusals.
            return if e.use_stderr() {
                ExitStatus::Refused.into()
            } else {
                ExitStatus::Success.into()
            };
        }
    };
    if let Some(("completions", m)) = matches.subcommand() {
        if let Some(shell) = m.get_one::<clap_complete::Shell>("shell") {
            clap_complete::generate(*shell, &mut cmd, "contango", &mut std::io::stdout());
        }
        return ExitStatus::Success.into();
    }
    let global = Global::from_matches(&matches);
    if let Some(("mcp", args)) = matches.subcommand() {
        return crate::mcp::run(&global, args);
    }
    if let Some((chosen, flag)) = global.target_conflict() {
        let what = if chosen == "--sim" {
            "the simulator"
        } else {
            "the recording"
        };
        return fail(&Failure::Refused(format!(
            "{chosen} cannot be used with {flag}: {what} is the target"
        )));
    }
    if global.verbose {
        // The SDK's spans and events (endpoint, status, code, latency); they never hold secrets.
        // Held while a view owns the terminal (`verbose`).
        let _ = tracing_subscriber::fmt()
            .with_writer(crate::verbose::Stderr::default)
            .with_max_level(tracing_subscriber::filter::LevelFilter::DEBUG)
            .try_init();
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            return fail(&Failure::Other(format!(
                "cannot start the async runtime: {e}"
            )));
        }
    };
    match runtime.block_on(execute::<A>(extensions, &global, &matches)) {
        Ok(()) => ExitStatus::Success.into(),
        Err(f) => fail(&f),
    }
}

fn fail(f: &Failure) -> ExitCode {
    eprintln!("contango: {f}");
    f.status().into()
}

/// Runs the parsed subcommand against the target (the simulator with `--sim`).
async fn execute<A: Api>(
    extensions: &[&dyn Extension],
    global: &Global,
    matches: &ArgMatches,
) -> Result<(), Failure> {
    let Some((name, args)) = matches.subcommand() else {
        return Err(Failure::Refused("no command given".to_owned()));
    };
    let extension = extensions
        .iter()
        .copied()
        .find(|e| e.command().get_name() == name);
    // Installed before anything starts, so an early Ctrl-C is handled too.
    let until_stopped =
        name == "stream" || name == "record" || extension.is_some_and(|e| e.runs_until_stopped());
    if name == "record" && global.record.is_some() {
        return Err(Failure::Refused(
            "record market writes its own files (--out DIR): --record is not for it".to_owned(),
        ));
    }
    let stop = until_stopped.then(stream::on_signal);
    // `drift --from FILE` reads a recording: no server, nothing sent.
    if let Some(path) = (name == "drift")
        .then(|| args.get_one::<String>("from"))
        .flatten()
    {
        let client = A::client(&Target::offline())?;
        return probe::from_recording::<A>(&client, path.as_ref(), args, global);
    }
    // The simulator's market stands still unless driven: `stream market`, `record market`,
    // `drift` and the extensions that ask (`watch`: a watched account's orders fill as it moves)
    // get a moving one.
    let driven = (matches!(name, "stream" | "record")
        && matches!(args.subcommand(), Some(("market", _))))
        || name == "drift"
        || extension.is_some_and(|e| e.moves_the_market());
    let sim = match global.sim {
        true => Some(start_sim(driven, global).await?),
        false => None,
    };
    let replay = match &global.replay {
        Some(path) => Some(start_replay(path).await?),
        None => None,
    };
    // A replayed stream ends where its recording does; an extension is told when, and decides.
    let played_out = replay.as_ref().map(played_out);
    let (stop, played_out) = match (stop, played_out, extension) {
        (Some(signal), Some(played), None) => (Some(stream::either(signal, played)), None),
        (stop, played, _) => (stop, played),
    };
    let recorder = match &global.record {
        Some(path) => Some(Recorder::create(path).map_err(|e| Failure::Refused(e.to_string()))?),
        None => None,
    };
    let target = target::<A>(global, sim.as_ref(), replay.as_ref()).map(|t| match &recorder {
        Some(r) => t.recording(r.clone()),
        None => t,
    });
    let mut result = match target {
        Ok(target) => {
            if global.verbose {
                describe(&target);
            }
            match (extension, stop) {
                // A hand-written command builds what it needs from the target.
                (Some(extension), stop) => {
                    let cx = Context {
                        target: &target,
                        args,
                        format: global.format,
                        stop: stop.unwrap_or_else(|| Box::pin(std::future::pending())),
                        played_out,
                        sim: sim.as_ref(),
                    };
                    extension.run(cx).await
                }
                (None, Some(stop)) if name == "record" => {
                    crate::record::run::<A>(&target, args, stop).await
                }
                (None, stop) => match (guarded::<A>(&target), stop) {
                    (Err(e), _) => Err(e),
                    (Ok(client), Some(stop)) => match args.subcommand() {
                        Some(("market", market)) => {
                            A::market_stream(&client, market, stop, stream::stdout_sink()).await
                        }
                        _ => A::user_stream(&client, stop, stream::stdout_sink()).await,
                    },
                    (Ok(client), None) if name == "drift" => {
                        probe::run::<A>(&client, &target, args, global).await
                    }
                    (Ok(client), None) => match A::call(&client, name, args).await {
                        Ok(answer) => print(global, &answer),
                        Err(e) => Err(e),
                    },
                },
            }
        }
        Err(e) => Err(e),
    };
    if let Some(recorder) = recorder
        && let Err(e) = recorder.flush().await
    {
        let path = global.record.as_deref().unwrap_or(std::path::Path::new(""));
        result = result.and(Err(Failure::Other(format!(
            "the recording {} is incomplete: {e}",
            path.display()
        ))));
    }
    if let Some(replay) = replay {
        // What the recording lacked is in the command's error; what it had and went unused is
        // said here, on stderr (stdout stays the command's own).
        let unused = replay.unused();
        if !unused.is_empty() {
            eprintln!(
                "replay: {} recorded exchange(s) not used, the first at line {}: {}",
                unused.len(),
                unused[0].line,
                unused[0].what
            );
        }
        replay.shutdown().await;
    }
    if let Some(sim) = sim {
        sim.shutdown().await;
    }
    result
}

/// The client of `target`, the profile's risk limits in front of its orders when it has any.
fn guarded<A: Api>(target: &Target) -> Result<A::Client, Failure> {
    let client = A::client(target)?;
    if let Some(limits) = target.risk()
        && !A::guard(&client, limits.clone())
    {
        return Err(Failure::Refused(
            "the profile has a [risk] table, and this command line's spec has no risk guard for \
             its orders; take the table out to send them unguarded"
                .to_owned(),
        ));
    }
    Ok(client)
}

/// The replay of `--replay FILE`, its streams as fast as they can go (what they say does not
/// depend on when).
async fn start_replay(path: &std::path::Path) -> Result<Replay, Failure> {
    let replay = Replay::from_file(path).map_err(|e| Failure::Refused(e.to_string()))?;
    replay
        .pace(Pace::Fast)
        .start()
        .await
        .map_err(|e| Failure::Other(format!("cannot start the replay: {e}")))
}

/// How long a replayed stream's last frames have to reach the printing loop once the replay
/// has sent them (they cross loopback in well under a millisecond).
const REPLAY_SETTLE: Duration = Duration::from_millis(500);

/// Completes once the replay has played every recorded connection and its last frames have
/// settled: a replayed stream ends by itself, as its recording did.
fn played_out(replay: &Replay) -> stream::Stop {
    let played = replay.played_out();
    Box::pin(async move {
        played.await;
        tokio::time::sleep(REPLAY_SETTLE).await;
    })
}

/// The embedded simulator, its address on stderr (stdout stays parseable). With
/// `--market-from`, its market follows a real one; else with `driven`, it moves (a seeded random
/// walk with trades), for `stream market` to show.
async fn start_sim(driven: bool, global: &Global) -> Result<Sim, Failure> {
    let mut builder = Sim::builder();
    let real = match &global.market_from {
        Some(from) => {
            let pace = match &global.pace {
                Some(p) => p.parse::<Pace>().map_err(Failure::Refused)?,
                None => Pace::default(),
            };
            builder = builder.market_source(MarketSource::parse(from, pace));
            true
        }
        None => false,
    };
    if driven && !real {
        builder = builder.market_driver(MarketDriver::random_walk(1));
    }
    if let Some(funding) = &global.funding {
        let (rate, every) =
            contango_sim::config::Funding::parse(funding).map_err(Failure::Refused)?;
        builder = builder.funding(rate, every);
    }
    let sim = builder
        .start()
        .await
        .map_err(|e| Failure::Other(format!("cannot start the simulator: {e}")))?;
    let market = match (sim.market_source(), driven) {
        (Some(from), _) => format!(", market stream {} following {from}", sim.market_ws_url()),
        (None, true) => format!(
            ", market stream {} moved by a seeded random walk",
            sim.market_ws_url()
        ),
        (None, false) => String::new(),
    };
    eprintln!(
        "sim: listening on {} (stream {}{market}); it stops when this command ends",
        sim.rest_url(),
        sim.ws_url()
    );
    for warning in sim.source_warnings() {
        eprintln!("sim: warning: {warning}");
    }
    Ok(sim)
}

fn target<A: Api>(
    global: &Global,
    sim: Option<&Sim>,
    replay: Option<&Replay>,
) -> Result<Target, Failure> {
    let product = || match &global.product {
        Some(p) => product_key(p, A::PRODUCTS).map(Some),
        None => Ok(None),
    };
    match (sim, replay) {
        (Some(sim), _) => Ok(Target::simulator(
            sim.rest_url(),
            sim.api_key(),
            sim.secret(),
            product()?,
        )),
        (None, Some(replay)) => Ok(Target::replay(
            replay.rest_url(),
            replay.market_ws_url(),
            product()?,
        )),
        (None, None) => Target::resolve(global.named(), A::PRODUCTS),
    }
}

/// `--verbose`: where requests go and whose credentials they carry (the key redacted, the
/// secret never).
fn describe(target: &Target) {
    eprintln!(
        "target: {}{} product {} credentials {}{}",
        target.base_url(),
        target
            .market_url()
            .map(|u| format!(" market stream {u}"))
            .unwrap_or_default(),
        target.product().unwrap_or("(spec default)"),
        target.source(),
        target
            .api_key_redacted()
            .map(|k| format!(" api key {k}"))
            .unwrap_or_default()
    );
}

fn print(global: &Global, answer: &serde_json::Value) -> Result<(), Failure> {
    let format = global.format.unwrap_or(if std::io::stdout().is_terminal() {
        Format::Table
    } else {
        Format::Json
    });
    output::write(&mut std::io::stdout().lock(), answer, format, global.jsonl)
        .map_err(|e| Failure::Other(format!("cannot write the answer: {e}")))
}
