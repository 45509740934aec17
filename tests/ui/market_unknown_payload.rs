// A channel payload that is not a type of the spec.
contango::generate!("tests/ui/specs/market_unknown_payload.yaml");

fn main() {}
