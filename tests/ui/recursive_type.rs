// A type that contains itself.
contango::generate!("tests/ui/specs/recursive_type.yaml");

fn main() {}
