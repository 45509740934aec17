// A reference to a type the spec does not define.
contango::generate!("tests/ui/specs/undefined_type.yaml");

fn main() {}
