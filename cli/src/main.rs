//! `contango`: the command line of the futures interface, generated from `spec/futures.yaml`,
//! with `watch` (the facade's watchers as views) beside the generated commands.

fn main() -> std::process::ExitCode {
    contango_cli::main()
}
