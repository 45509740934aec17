// The built-in helpers `conditional_orders` on a spec without the parameters they set.
contango::generate!("tests/ui/specs/helpers_lack_what_they_set.yaml");

fn main() {}
