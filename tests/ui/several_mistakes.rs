// Several mistakes at once: all are reported, each once.
contango::generate!("tests/ui/specs/several_mistakes.yaml");

fn main() {}
