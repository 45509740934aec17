// A key a field does not have.
contango::generate!("tests/ui/specs/unknown_key_in_field.yaml");

fn main() {}
