// The same endpoint twice.
contango::generate!("tests/ui/specs/duplicate_endpoint.yaml");

fn main() {}
