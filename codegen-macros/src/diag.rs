//! Spec mistakes: where (file, line, column, key path), what was found, what was expected.

use serde_saphyr::Location;
use std::fmt;

/// One spec mistake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line, 0 when unknown.
    pub line: u64,
    /// 1-based column, 0 when unknown.
    pub column: u64,
    /// Dotted key path (`endpoints.new_order.body.leverage`), empty for the whole file.
    pub path: String,
    /// What is wrong and what was expected.
    pub message: String,
}

impl Diagnostic {
    pub fn new(loc: Location, path: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            line: loc.line(),
            column: loc.column(),
            path: path.into(),
            message: message.into(),
        }
    }

    /// `file:line:col: path: message` — the form editors and terminals make clickable.
    pub fn render(&self, file: &str) -> String {
        let mut out = String::from(file);
        if self.line > 0 {
            out.push_str(&format!(":{}:{}", self.line, self.column));
        }
        out.push_str(": ");
        if !self.path.is_empty() {
            out.push_str(&self.path);
            out.push_str(": ");
        }
        out.push_str(&self.message);
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render("spec"))
    }
}

/// Picks the first known location, so shorthand values fall back to their key's.
pub fn best(locs: &[Location]) -> Location {
    locs.iter()
        .copied()
        .find(|l| l.line() > 0)
        .unwrap_or(Location::UNKNOWN)
}
