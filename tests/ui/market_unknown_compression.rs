// A compression the stream does not know.
contango::generate!("tests/ui/specs/market_unknown_compression.yaml");

fn main() {}
