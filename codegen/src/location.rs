//! Where something is in the spec's text: what the YAML tree records for every node and every
//! diagnostic points at. Its own module so that both can use it without using each other.

/// Where a node is: 1-based line and column (0 when unknown), and the bytes of the text it spans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    pub(crate) line: u64,
    pub(crate) column: u64,
    /// Start and length in bytes, when known.
    pub(crate) bytes: Option<(u64, u64)>,
}

impl Location {
    pub const UNKNOWN: Location = Location {
        line: 0,
        column: 0,
        bytes: None,
    };

    pub fn line(&self) -> u64 {
        self.line
    }

    pub fn column(&self) -> u64 {
        self.column
    }
}
