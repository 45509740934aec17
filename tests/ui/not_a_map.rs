// A spec that is a list, not a map.
contango::generate!("tests/ui/specs/not_a_map.yaml");

fn main() {}
