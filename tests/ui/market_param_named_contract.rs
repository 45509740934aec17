// A channel parameter whose Rust name is the channel constructor's first argument, `contract`.
contango::generate!("tests/ui/specs/market_param_named_contract.yaml");

fn main() {}
