// A spec path that does not exist (the file is `tiny.yaml`).
contango::generate!("tests/ui/specs/tiny.yml");

fn main() {}
