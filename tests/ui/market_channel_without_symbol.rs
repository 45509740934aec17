// A channel name without the contract symbol.
contango::generate!("tests/ui/specs/market_channel_without_symbol.yaml");

fn main() {}
