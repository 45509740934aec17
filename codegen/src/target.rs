//! What an expansion of a spec generates: the SDK or the command line.

/// What an expansion of a spec generates. Both targets are checked alike; the command line adds
/// its own checks (the names its hand-written commands and flags take, [`crate::cli_names`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The typed SDK (`contango::generate!`): records, enums, error codes, a request type and a
    /// client method per endpoint, and the streams.
    Sdk,
    /// The command line (`contango_cli::generate_cli!`): a clap subcommand per endpoint and its
    /// dispatch to the SDK's builder, and `stream market`. It names the SDK's items, so it is
    /// expanded where the same spec's SDK is in scope.
    Cli,
}
