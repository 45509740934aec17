//! `contango-mcp`, which `contango mcp` runs: the shipped spec's tools
//! (`contango_cli::commands`), its risk gate and its composite tools.

fn main() -> std::process::ExitCode {
    contango_mcp::run::main::<contango_cli::commands::Commands>(contango_mcp::shipped::extend)
}
