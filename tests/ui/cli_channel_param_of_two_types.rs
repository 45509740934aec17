// Two channels with a parameter of one name and two types: `stream market` has one flag per
// parameter name.
contango::generate!("tests/ui/specs/cli_channel_param_of_two_types.yaml");
contango_cli::generate_cli!("tests/ui/specs/cli_channel_param_of_two_types.yaml");

fn main() -> std::process::ExitCode {
    contango_cli::run::<Commands>()
}
