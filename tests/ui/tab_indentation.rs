// A tab where YAML needs spaces.
contango::generate!("tests/ui/specs/tab_indentation.yaml");

fn main() {}
