//! The bounds of a read of the store: a time range and a page.

/// A time window, both ends inclusive (ms since the epoch); `None` leaves that end open.
///
/// The REST views' defaults (a begin 30 days before the exchange clock) are the caller's to
/// apply: the store does not know the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimeRange {
    /// Earliest time included.
    pub start: Option<i64>,
    /// Latest time included.
    pub end: Option<i64>,
}

impl TimeRange {
    /// No bound.
    pub const ALL: TimeRange = TimeRange {
        start: None,
        end: None,
    };

    pub(super) fn bounds(self) -> (i64, i64) {
        (self.start.unwrap_or(i64::MIN), self.end.unwrap_or(i64::MAX))
    }
}

/// A page of a paged history: `limit` rows after skipping `(page - 1) × limit`; page 0 reads as
/// page 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    /// 1-based page number.
    pub page: usize,
    /// Rows per page.
    pub limit: usize,
}

impl Page {
    pub(super) fn limit_offset(self) -> (i64, i64) {
        let offset = self.page.saturating_sub(1).saturating_mul(self.limit);
        (int(self.limit), int(offset))
    }
}

/// A count as SQLite's integer (saturating: no count here comes near it).
pub(super) fn int(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
