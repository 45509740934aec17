// A stream with no key naming the event type.
contango::generate!("tests/ui/specs/stream_without_tag.yaml");

fn main() {}
