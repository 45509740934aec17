// An enum where a response object is required.
contango::generate!("tests/ui/specs/enum_as_response.yaml");

fn main() {}
