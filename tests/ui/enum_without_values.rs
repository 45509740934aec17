// An enum with no values.
contango::generate!("tests/ui/specs/enum_without_values.yaml");

fn main() {}
