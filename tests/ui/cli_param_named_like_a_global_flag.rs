// A parameter named like the command line's global `--output` flag.
contango::generate!("tests/ui/specs/cli_param_named_like_a_global_flag.yaml");
contango_cli::generate_cli!("tests/ui/specs/cli_param_named_like_a_global_flag.yaml");

fn main() -> std::process::ExitCode {
    contango_cli::run::<Commands>()
}
