// A number where a string goes.
contango::generate!("tests/ui/specs/unquoted_version.yaml");

fn main() {}
