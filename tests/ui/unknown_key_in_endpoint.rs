// A key an endpoint does not have.
contango::generate!("tests/ui/specs/unknown_key_in_endpoint.yaml");

fn main() {}
