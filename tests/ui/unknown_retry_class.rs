// A retry class that does not exist.
contango::generate!("tests/ui/specs/unknown_retry_class.yaml");

fn main() {}
