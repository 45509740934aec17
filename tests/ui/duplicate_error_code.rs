// The same code twice in one error table.
contango::generate!("tests/ui/specs/duplicate_error_code.yaml");

fn main() {}
