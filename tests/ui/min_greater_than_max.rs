// A limit whose minimum exceeds its maximum.
contango::generate!("tests/ui/specs/min_greater_than_max.yaml");

fn main() {}
