// A channel parameter that cannot be part of a name.
contango::generate!("tests/ui/specs/market_list_param.yaml");

fn main() {}
