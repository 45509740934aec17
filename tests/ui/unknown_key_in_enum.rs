// A key an enum does not have.
contango::generate!("tests/ui/specs/unknown_key_in_enum.yaml");

fn main() {}
