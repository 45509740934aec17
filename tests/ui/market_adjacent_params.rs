// Two parameters with no text between them cannot be read back.
contango::generate!("tests/ui/specs/market_adjacent_params.yaml");

fn main() {}
