// A misspelled top-level key.
contango::generate!("tests/ui/specs/unknown_top_level_key.yaml");

fn main() {}
