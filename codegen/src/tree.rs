//! The located YAML tree of a spec, for tools that edit a spec's text in place rather than
//! re-emit it: the drift patcher (`contango drift --patch`) finds where each edit goes from the
//! nodes' spans and splices its text there, so comments and layout stay as written. It is the
//! tree the generator itself reads, so a tool sees the spec exactly as a build will.

pub use crate::location::Location;
pub use crate::yaml::{Node, Value};

use crate::diag::Diagnostic;

/// The located tree of a spec's text (one YAML document), or its YAML syntax mistake. Nothing
/// of the spec's own rules is checked here: that is [`check`](crate::check).
pub fn parse(text: &str) -> Result<Node, Diagnostic> {
    crate::yaml::parse(text)
}
