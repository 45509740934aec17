// A path parameter the path does not mention.
contango::generate!("tests/ui/specs/path_param_not_in_path.yaml");

fn main() {}
