//! The patch as a unified diff (`git apply`, `patch -p1`): the lines the splices touch taken out
//! and their new text put in, lines the splices only add between added, three lines of context.

use super::splice::{Splice, ordered};

/// What happens to the original's lines.
enum Op<'a> {
    Keep(&'a str),
    Del(&'a str),
    Add(String),
}

/// The unified diff of `old` against `old` with `splices` made, headed `a/path` and `b/path`.
pub fn unified(old: &str, splices: &[Splice], path: &str) -> String {
    let ops = ops(old, splices);
    let mut out = format!("--- a/{path}\n+++ b/{path}\n");
    out.push_str(&hunks(&ops));
    out
}

/// The original's lines (each with its line break, the last one perhaps without), kept or
/// replaced, and the new lines between them.
fn ops<'a>(old: &'a str, splices: &[Splice]) -> Vec<Op<'a>> {
    let lines: Vec<&str> = old.split_inclusive('\n').collect();
    let mut starts: Vec<usize> = lines
        .iter()
        .scan(0, |at, l| {
            let start = *at;
            *at += l.len();
            Some(start)
        })
        .collect();
    starts.push(old.len());
    // The line holding byte `pos`; past the last one only after a final line break.
    let past = if old.is_empty() || old.ends_with('\n') {
        lines.len()
    } else {
        lines.len() - 1
    };
    let line_of = |pos: usize| {
        starts
            .partition_point(|&s| s <= pos)
            .saturating_sub(1)
            .min(past)
    };
    let mut ops = Vec::new();
    let mut next = 0;
    let mut sorted = ordered(splices).into_iter().peekable();
    while let Some(s) = sorted.next() {
        let first = line_of(s.range.start);
        ops.extend(lines[next..first].iter().copied().map(Op::Keep));
        next = first;
        let whole_lines = first == lines.len()
            || (s.range.is_empty() && starts[first] == s.range.start && s.text.ends_with('\n'));
        if whole_lines {
            ops.extend(s.text.split_inclusive('\n').map(|l| Op::Add(l.to_owned())));
            continue;
        }
        // The lines this splice touches, and the next splices touching them, rewritten.
        let last_of = |s: &Splice| line_of(s.range.end.max(s.range.start + 1) - 1);
        let mut last = last_of(s);
        let mut group = vec![s];
        while let Some(n) = sorted.next_if(|n| n.range.start < starts[last + 1]) {
            last = last.max(last_of(n));
            group.push(n);
        }
        let mut text = String::new();
        let mut at = starts[first];
        for g in group {
            text.push_str(&old[at..g.range.start]);
            text.push_str(&g.text);
            at = g.range.end;
        }
        text.push_str(&old[at..starts[last + 1]]);
        ops.extend(lines[first..=last].iter().copied().map(Op::Del));
        ops.extend(text.split_inclusive('\n').map(|l| Op::Add(l.to_owned())));
        next = last + 1;
    }
    ops.extend(lines[next..].iter().copied().map(Op::Keep));
    ops
}

/// Hunks of changes with three lines of context, near ones merged.
fn hunks(ops: &[Op]) -> String {
    const CONTEXT: usize = 3;
    let changed = |op: &Op| !matches!(op, Op::Keep(_));
    // The old and new line numbers before each op.
    let mut before = Vec::with_capacity(ops.len());
    let (mut o, mut n) = (0, 0);
    for op in ops {
        before.push((o, n));
        match op {
            Op::Keep(_) => (o, n) = (o + 1, n + 1),
            Op::Del(_) => o += 1,
            Op::Add(_) => n += 1,
        }
    }
    let mut out = String::new();
    let mut i = 0;
    while i < ops.len() {
        if !changed(&ops[i]) {
            i += 1;
            continue;
        }
        let start = i.saturating_sub(CONTEXT);
        // The hunk goes on while another change is within two contexts of the last.
        let mut end = i;
        while let Some(j) = (end..ops.len().min(end + 2 * CONTEXT + 1)).find(|&j| changed(&ops[j]))
        {
            end = j + 1;
        }
        let stop = (end + CONTEXT).min(ops.len());
        let slice = &ops[start..stop];
        let old_len = slice.iter().filter(|op| !matches!(op, Op::Add(_))).count();
        let new_len = slice.iter().filter(|op| !matches!(op, Op::Del(_))).count();
        // A range of no lines names the line before it.
        let from = |at: usize, len: usize| at + usize::from(len > 0);
        let (o, n) = before[start];
        out.push_str(&format!(
            "@@ -{},{old_len} +{},{new_len} @@\n",
            from(o, old_len),
            from(n, new_len)
        ));
        for op in slice {
            let (mark, line) = match op {
                Op::Keep(l) => (' ', *l),
                Op::Del(l) => ('-', *l),
                Op::Add(l) => ('+', l.as_str()),
            };
            out.push(mark);
            out.push_str(line);
            if !line.ends_with('\n') {
                out.push_str("\n\\ No newline at end of file\n");
            }
        }
        i = stop;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn splice(range: std::ops::Range<usize>, text: &str) -> Splice {
        Splice {
            range,
            text: text.into(),
            finding: 0,
        }
    }

    #[test]
    fn added_lines_and_rewritten_lines() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n";
        let d = unified(
            old,
            &[splice(2..2, "x\n"), splice(4..5, "C"), splice(20..21, "K")],
            "f",
        );
        assert_eq!(
            d,
            "--- a/f\n+++ b/f\n@@ -1,6 +1,7 @@\n a\n+x\n b\n-c\n+C\n d\n e\n f\n\
             @@ -8,4 +9,4 @@\n h\n i\n j\n-k\n+K\n"
        );
    }

    #[test]
    fn a_text_without_a_final_break_says_so() {
        let d = unified("a\nb", &[splice(3..3, "\nc")], "f");
        assert_eq!(
            d,
            "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c\n\
             \\ No newline at end of file\n"
        );
    }
}
