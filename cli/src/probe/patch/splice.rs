//! An edit of the spec's text: bytes replaced by new text (an insertion replaces nothing). The
//! patch is a set of these on the original text, which keeps every byte they do not touch.

use std::ops::Range;

/// `range` of the original text replaced by `text`, for finding number `finding`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splice {
    pub range: Range<usize>,
    pub text: String,
    pub finding: usize,
}

impl Splice {
    /// Whether the two edits touch the same bytes (two insertions at one place do not: they go
    /// in the order they were made).
    pub fn overlaps(&self, other: &Splice) -> bool {
        let (a, b) = (&self.range, &other.range);
        if a.is_empty() || b.is_empty() {
            let (point, span) = if a.is_empty() { (a, b) } else { (b, a) };
            return span.start < point.start && point.start < span.end;
        }
        a.start < b.end && b.start < a.end
    }
}

/// The splices in text order: by where they start, insertions before a replacement at the same
/// place, otherwise in the order they were made.
pub fn ordered(splices: &[Splice]) -> Vec<&Splice> {
    let mut sorted: Vec<&Splice> = splices.iter().collect();
    sorted.sort_by_key(|s| (s.range.start, !s.range.is_empty()));
    sorted
}

/// `text` with `splices` (which do not overlap) made.
pub fn apply(text: &str, splices: &[Splice]) -> String {
    let mut out =
        String::with_capacity(text.len() + splices.iter().map(|s| s.text.len()).sum::<usize>());
    let mut at = 0;
    for s in ordered(splices) {
        out.push_str(&text[at..s.range.start]);
        out.push_str(&s.text);
        at = s.range.end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn splice(range: Range<usize>, text: &str) -> Splice {
        Splice {
            range,
            text: text.into(),
            finding: 0,
        }
    }

    #[test]
    fn insertions_keep_their_order_and_go_before_a_replacement() {
        let text = "a: 1\nb: 2\n";
        let splices = [
            splice(5..5, "x: 0\n"),
            splice(8..9, "3"),
            splice(5..5, "y: 0\n"),
        ];
        assert_eq!(apply(text, &splices), "a: 1\nx: 0\ny: 0\nb: 3\n");
        assert!(!splices[0].overlaps(&splices[2]));
        assert!(splice(7..9, "").overlaps(&splice(8..8, "z")));
        assert!(!splice(7..9, "").overlaps(&splice(9..9, "z")));
        assert!(splice(7..9, "").overlaps(&splice(8..10, "")));
    }
}
