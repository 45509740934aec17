//! Where something is in the spec's text: what the YAML tree records for every node and every
//! diagnostic points at. Its own module so that both can use it without using each other.

use std::ops::Range;

/// Where a node is: 1-based line and column (0 when unknown), and the bytes of the text it spans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    pub(crate) line: u64,
    pub(crate) column: u64,
    /// Start and length in bytes, when known.
    pub(crate) bytes: Option<(u64, u64)>,
}

impl Location {
    /// Nowhere in particular: line and column 0, no bytes.
    pub const UNKNOWN: Location = Location {
        line: 0,
        column: 0,
        bytes: None,
    };

    /// The 1-based line, 0 when unknown.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The 1-based column (in characters), 0 when unknown.
    pub fn column(&self) -> u64 {
        self.column
    }

    /// The bytes of the text the node spans, when known: a scalar's text as written (quotes
    /// included; a block scalar's runs on over the blank lines after it), the opening bracket
    /// of a flow list or map, and only the start (an empty range) of a block one, whose end is
    /// its last entry's.
    pub fn span(&self) -> Option<Range<usize>> {
        let (start, len) = self.bytes?;
        let start = usize::try_from(start).ok()?;
        Some(start..start.checked_add(usize::try_from(len).ok()?)?)
    }
}
