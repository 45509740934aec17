// A JSON body on a GET request.
contango::generate!("tests/ui/specs/body_on_get.yaml");

fn main() {}
