// A security type that does not exist.
contango::generate!("tests/ui/specs/unknown_security_type.yaml");

fn main() {}
