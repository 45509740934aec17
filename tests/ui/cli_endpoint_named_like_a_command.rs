// An endpoint named like the command line's own `watch` command: the SDK is generated, the
// command line is not.
contango::generate!("tests/ui/specs/cli_endpoint_named_like_a_command.yaml");
contango_cli::generate_cli!("tests/ui/specs/cli_endpoint_named_like_a_command.yaml");

fn main() -> std::process::ExitCode {
    contango_cli::run::<Commands>()
}
