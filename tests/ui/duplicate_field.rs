// The same field twice in a type.
contango::generate!("tests/ui/specs/duplicate_field.yaml");

fn main() {}
