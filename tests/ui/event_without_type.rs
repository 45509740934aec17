// A stream event with no type.
contango::generate!("tests/ui/specs/event_without_type.yaml");

fn main() {}
