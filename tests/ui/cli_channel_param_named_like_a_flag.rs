// A channel parameter named like `stream market`'s own `--channel` flag.
contango::generate!("tests/ui/specs/cli_channel_param_named_like_a_flag.yaml");
contango_cli::generate_cli!("tests/ui/specs/cli_channel_param_named_like_a_flag.yaml");

fn main() -> std::process::ExitCode {
    contango_cli::run::<Commands>()
}
