//! `contango`: the command line of the futures interface, generated from `spec/futures.yaml`.

fn main() -> std::process::ExitCode {
    contango_cli::run::<contango_cli::commands::Commands>()
}
