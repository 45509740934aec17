// A value of the wrong kind (a word where a boolean goes).
contango::generate!("tests/ui/specs/wrong_value_kind.yaml");

fn main() {}
