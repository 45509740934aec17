//! `contango-mcp`, which `contango mcp` runs: the shipped spec's tools (`contango_cli::commands`).

fn main() -> std::process::ExitCode {
    contango_mcp::run::main::<contango_cli::commands::Commands>(|_| {
        std::sync::Arc::new(contango_mcp::composite::None)
    })
}
