// The same enum value twice.
contango::generate!("tests/ui/specs/duplicate_enum_value.yaml");

fn main() {}
