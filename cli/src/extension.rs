//! Commands written by hand that a binary adds to its spec's command line: [`run_with`]
//! mounts them beside the generated endpoints and the commands every spec gets (`stream`,
//! `drift`, `completions`). The shipped `contango` adds `watch` this way (the watchers hold the
//! facade's own types, so the command belongs to the shipped spec, not to this library); a
//! crate generating its CLI from its own spec opts in the same way, or leaves it out.
//!
//! [`run_with`]: crate::run::run_with

use std::future::Future;
use std::pin::Pin;

use clap::ArgMatches;
use contango_sim::Sim;

use crate::failure::Failure;
use crate::output::Format;
use crate::stream::Stop;
use crate::target::Target;

/// A hand-written command. Its name must not be an endpoint's: the names of the shipped ones
/// are reserved in the macro, so a spec cannot take them.
pub trait Extension: Sync {
    /// Its clap command, named as it is typed (`watch`).
    fn command(&self) -> clap::Command;

    /// Whether it runs until stopped (a signal, or a replay played out), as the streams do:
    /// then SIGINT and SIGTERM are caught before it starts and end it through
    /// [`Context::stop`] instead of killing the process. Otherwise `stop` never completes.
    fn runs_until_stopped(&self) -> bool {
        false
    }

    /// Whether, with `--sim`, the simulator's market should move (a seeded random walk with
    /// trades) rather than stand still.
    fn moves_the_market(&self) -> bool {
        false
    }

    /// Runs it: `cx.args` are its own parsed arguments.
    fn run<'a>(
        &'a self,
        cx: Context<'a>,
    ) -> Pin<Box<dyn Future<Output = Result<(), Failure>> + 'a>>;
}

/// What an [`Extension`] runs with: the invocation's target and options, resolved as for every
/// other command.
pub struct Context<'a> {
    /// Where it goes, with which credentials (and recording, with `--record`).
    pub target: &'a Target,
    /// Its own arguments.
    pub args: &'a ArgMatches,
    /// `--output`, when given (otherwise the command picks by where stdout goes).
    pub format: Option<Format>,
    /// Completes on SIGINT or SIGTERM (see [`Extension::runs_until_stopped`]).
    pub stop: Stop,
    /// With `--replay`: completes once the recording is played out (its last frames
    /// delivered). A command printing lines ends then, as `stream` does; a view may stay.
    pub played_out: Option<Stop>,
    /// The embedded simulator, with `--sim`.
    pub sim: Option<&'a Sim>,
}

impl std::fmt::Debug for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("target", self.target)
            .field("args", self.args)
            .field("format", &self.format)
            .field("replay", &self.played_out.is_some())
            .field("sim", &self.sim.map(Sim::rest_url))
            .finish_non_exhaustive()
    }
}
