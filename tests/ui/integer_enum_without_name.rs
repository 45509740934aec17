// An integer enum value without a Rust name.
contango::generate!("tests/ui/specs/integer_enum_without_name.yaml");

fn main() {}
