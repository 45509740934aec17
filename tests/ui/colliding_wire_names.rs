// Two wire names that become the same Rust name.
contango::generate!("tests/ui/specs/colliding_wire_names.yaml");

fn main() {}
