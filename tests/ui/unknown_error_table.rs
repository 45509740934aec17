// An error table that does not exist.
contango::generate!("tests/ui/specs/unknown_error_table.yaml");

fn main() {}
