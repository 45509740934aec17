// A required parameter with a default.
contango::generate!("tests/ui/specs/required_param_with_default.yaml");

fn main() {}
