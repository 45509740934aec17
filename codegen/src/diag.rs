//! Spec mistakes: where (file, line, column, key path), what was found, what was expected; and
//! [`Diagnostics`], the one collector every step reports into.

use crate::location::Location;
use std::fmt;
use std::ops::Deref;

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
    pub(crate) fn new(loc: Location, path: impl Into<String>, message: impl Into<String>) -> Self {
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

/// Every mistake of a spec. The reader and the validator both push into one of these and go on
/// (nothing stops at the first mistake); [`generate`](crate::generate) hands it back, in file
/// order, when there is any. Read it as a slice of [`Diagnostic`]s.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    /// Reports a mistake at `loc`, under key path `path`.
    pub(crate) fn err(&mut self, loc: Location, path: impl Into<String>, msg: impl Into<String>) {
        self.0.push(Diagnostic::new(loc, path, msg));
    }

    /// Takes over the mistakes `other` collected.
    pub(crate) fn append(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    /// In file order (a stable sort: mistakes at one place keep the order they were found in).
    pub(crate) fn sort(&mut self) {
        self.0.sort_by_key(|d| (d.line, d.column));
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

impl Deref for Diagnostics {
    type Target = [Diagnostic];

    fn deref(&self) -> &[Diagnostic] {
        &self.0
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Picks the first known location, so shorthand values fall back to their key's.
pub fn best(locs: &[Location]) -> Location {
    locs.iter()
        .copied()
        .find(|l| l.line() > 0)
        .unwrap_or(Location::UNKNOWN)
}

/// ` (did you mean `x`?)` when a candidate is close enough, else nothing.
pub fn did_you_mean<'a>(found: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    closest(found, candidates)
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default()
}

/// The candidate closest to `found` (case-insensitive edit distance), if close enough.
pub fn closest<'a>(found: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    if found.len() > 64 {
        return None;
    }
    let lower = found.to_ascii_lowercase();
    let max = (found.len().max(3) / 3).max(1);
    let found_chars = found.chars().count();
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        // The edit distance is at least the difference in length: most names are skipped without
        // the quadratic comparison, so thousands of unknown names stay cheap.
        if c.len() > 64 || c == found || c.chars().count().abs_diff(found_chars) > max {
            continue;
        }
        let d = distance(&lower, &c.to_ascii_lowercase());
        if d <= max && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// Edit distance counting a swap of two neighbours as one edit (`mian` -> `main`).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}
