// The built-in precheck `contract_limits` on a spec without what it reads.
contango::generate!("tests/ui/specs/precheck_lacks_what_it_reads.yaml");

fn main() {}
