// Two YAML documents in one file.
contango::generate!("tests/ui/specs/multiple_documents.yaml");

fn main() {}
