// The market stream without its heartbeat.
contango::generate!("tests/ui/specs/market_missing_heartbeat.yaml");

fn main() {}
