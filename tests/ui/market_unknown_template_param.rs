// A channel name names a parameter the channel does not have.
contango::generate!("tests/ui/specs/market_unknown_template_param.yaml");

fn main() {}
