// A history parameter whose Rust name is the request's own `channel` field.
contango::generate!("tests/ui/specs/market_history_param_named_channel.yaml");

fn main() {}
