//! `contango mcp`: the agents' server, which is a binary of its own, `contango-mcp` (crate
//! `contango-mcp`), so that the command line builds without the MCP SDK. This command runs it
//! with its arguments and the global options it shares (`--profile`, `--base-url`, `--record`,
//! `--market-from`): found beside this binary, else on the `PATH`; `CONTANGO_MCP` names another.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command};

use crate::failure::{ExitStatus, Failure};
use crate::options::Global;

/// The environment variable naming the server's binary.
pub const ENV_BINARY: &str = "CONTANGO_MCP";

/// The command; its arguments are the server's own (`contango mcp --help` shows them).
pub fn command() -> Command {
    Command::new("mcp")
        .about("Serves the exchange as MCP tools for AI agents (paper by default; see contango mcp --help)")
        .disable_help_flag(true)
        .arg(
            Arg::new("args")
                .num_args(0..)
                .trailing_var_arg(true)
                .allow_hyphen_values(true)
                .value_parser(clap::value_parser!(OsString)),
        )
}

/// Runs the server with `args` and the shared global options; its exit status is this one's.
pub fn run(global: &Global, args: &ArgMatches) -> ExitCode {
    let mut forwarded: Vec<OsString> = Vec::new();
    for (flag, value) in [
        ("--profile", &global.profile),
        ("--base-url", &global.base_url),
        ("--market-from", &global.market_from),
    ] {
        if let Some(v) = value {
            forwarded.push(flag.into());
            forwarded.push(v.into());
        }
    }
    if let Some(file) = &global.record {
        forwarded.push("--record".into());
        forwarded.push(file.into());
    }
    forwarded.extend(
        args.get_many::<OsString>("args")
            .into_iter()
            .flatten()
            .cloned(),
    );
    let binary = crate::companion::find(ENV_BINARY, "contango-mcp");
    let mut command = std::process::Command::new(&binary);
    command.args(forwarded);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // Replaces this process: the server owns stdin and stdout, and signals reach it.
        let e = command.exec();
        not_found(&binary, &e)
    }
    #[cfg(not(unix))]
    match command.status() {
        Ok(status) => ExitCode::from(u8::try_from(status.code().unwrap_or(1)).unwrap_or(1)),
        Err(e) => not_found(&binary, &e),
    }
}

fn not_found(binary: &std::path::Path, e: &std::io::Error) -> ExitCode {
    let f = Failure::Refused(format!(
        "cannot run the agents' server `{}`: {e}; install it with `cargo install --path mcp` \
         (or `cargo build -p contango-mcp`), or name it in {ENV_BINARY}",
        binary.display()
    ));
    eprintln!("contango: {f}");
    ExitStatus::Refused.into()
}
