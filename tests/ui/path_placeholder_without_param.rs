// A path placeholder with no path parameter.
contango::generate!("tests/ui/specs/path_placeholder_without_param.yaml");

fn main() {}
