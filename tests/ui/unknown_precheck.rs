// A built-in precheck that does not exist.
contango::generate!("tests/ui/specs/unknown_precheck.yaml");

fn main() {}
