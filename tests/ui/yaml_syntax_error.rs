// A flow map that is never closed.
contango::generate!("tests/ui/specs/yaml_syntax_error.yaml");

fn main() {}
