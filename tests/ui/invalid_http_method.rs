// An HTTP method that does not exist.
contango::generate!("tests/ui/specs/invalid_http_method.yaml");

fn main() {}
