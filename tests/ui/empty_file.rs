// A spec file with nothing in it.
contango::generate!("tests/ui/specs/empty_file.yaml");

fn main() {}
