//! The one place a drift finding becomes spec YAML: the patch to `spec/futures.yaml` that makes
//! the spec describe what was seen (`contango drift --patch`), with the types the runtime's
//! drift check suggests for each sample (`contango_runtime::drift::suggest`).
//!
//! The patch is a unified diff of the spec text (`git apply` or `patch -p1` applies it): new
//! field lines under the right type, new enum values, new error codes, new events and channels
//! with their payload types, a required field made optional, a type changed; each edit with a
//! `# drift:` comment saying where it was seen. It edits the text line by line, relying on the
//! spec's layout (block style, two spaces per level, as `spec/futures.yaml` is written); an
//! item it cannot place is listed as a comment at the top of the patch instead.

use std::collections::BTreeSet;

use serde_json::Value;

use contango_runtime::drift::suggest::{suggest, type_name};
use contango_runtime::drift::{Finding, FindingKind};

/// The patch making `spec` (the text of the spec file, shown as `path` in the diff headers)
/// describe `findings`; empty when there is nothing to change.
pub fn patch(spec: &str, path: &str, findings: &[Finding]) -> String {
    let mut p = Patcher::new(spec);
    for f in findings {
        p.apply(f);
    }
    p.diff(path)
}

/// Lines of the spec and the edits found so far.
struct Patcher<'a> {
    lines: Vec<&'a str>,
    /// Lines to insert after line `i` (0-based; `usize::MAX` is before the first line).
    inserts: Vec<(usize, String)>,
    /// Replacements of whole lines.
    replaces: Vec<(usize, String)>,
    /// New types, appended to the `types:` section.
    new_types: Vec<String>,
    /// Names taken: the spec's types and enums, and the new types.
    taken: BTreeSet<String>,
    /// Error code names taken.
    code_names: BTreeSet<String>,
    /// What could not be placed.
    unplaced: Vec<String>,
}

impl<'a> Patcher<'a> {
    fn new(spec: &'a str) -> Self {
        let lines: Vec<&str> = spec.lines().collect();
        let mut taken = BTreeSet::new();
        for section in ["types", "enums"] {
            if let Some((start, end)) = section_range(&lines, 0, lines.len(), 0, section) {
                for l in &lines[start + 1..end] {
                    if let Some(name) = key_at(l, 2) {
                        taken.insert(name.to_owned());
                    }
                }
            }
        }
        let code_names = lines.iter().filter_map(|l| named(l)).collect();
        Self {
            lines,
            inserts: Vec::new(),
            replaces: Vec::new(),
            new_types: Vec::new(),
            taken,
            code_names,
            unplaced: Vec::new(),
        }
    }

    fn apply(&mut self, f: &Finding) {
        let seen = seen(f);
        let placed = match f.kind {
            FindingKind::UnknownField => self.new_field(f, &seen),
            FindingKind::UnknownEnumValue => self.new_enum_value(f, &seen),
            FindingKind::UnknownErrorCode => self.new_error_code(f, &seen),
            FindingKind::MissingField => self.edit_field(f, &seen, |line| {
                let l = line
                    .replace(", required: true", "")
                    .replace("required: true, ", "")
                    .replace("required: true", "");
                (l != line).then_some(l)
            }),
            FindingKind::TypeMismatch => {
                let ty = self.type_of(&f.wire, &sample_value(f), &seen);
                self.edit_field(f, &seen, |line| retype(line, &ty))
            }
            FindingKind::UnknownEvent => self.new_event(f, &seen),
            FindingKind::UnknownChannel => self.new_channel(f, &seen),
        };
        if !placed {
            self.unplaced.push(seen);
        }
    }

    /// The end (exclusive) of the list or map under line `at`, whose items are indented by
    /// `indent`: the last line at that indentation or deeper, blank lines and comments inside
    /// included, trailing ones not.
    fn block_end(&self, at: usize, indent: usize) -> usize {
        let mut last = at;
        for (i, l) in self.lines.iter().enumerate().skip(at + 1) {
            let t = l.trim_start();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            if l.len() - t.len() < indent {
                break;
            }
            last = i;
        }
        last + 1
    }

    /// The line of `section.name` (at indent 0 and 2), and the line of its `key` (indent 4).
    fn find(&self, section: &str, name: &str, key: &str) -> Option<usize> {
        let (s, e) = section_range(&self.lines, 0, self.lines.len(), 0, section)?;
        let (n, ne) = section_range(&self.lines, s + 1, e, 2, name)?;
        let (k, _) = section_range(&self.lines, n + 1, ne, 4, key)?;
        Some(k)
    }

    /// Appends the lines `make` gives (given the line of the block's key and its end) at the
    /// end of the list or map under line `at`, whose items are indented by `indent`, after a
    /// `# drift:` comment; false when there is no such block or `make` gives nothing.
    fn place(
        &mut self,
        at: Option<usize>,
        indent: usize,
        seen: &str,
        make: impl FnOnce(&mut Self, usize, usize) -> Option<Vec<String>>,
    ) -> bool {
        let Some(at) = at else {
            return false;
        };
        let end = self.block_end(at, indent);
        let Some(lines) = make(self, at, end) else {
            return false;
        };
        self.inserts
            .push((end - 1, format!("{}# drift: {seen}", " ".repeat(indent))));
        for l in lines {
            self.inserts.push((end - 1, l));
        }
        true
    }

    fn new_field(&mut self, f: &Finding, seen: &str) -> bool {
        let at = f
            .spec_type
            .as_deref()
            .and_then(|t| self.find("types", t, "fields"));
        self.place(at, 6, seen, |p, at, end| {
            // The names taken: each field's key and its `name:`.
            let existing: Vec<String> = p.lines[at + 1..end]
                .iter()
                .filter_map(|l| key_at(l, 6).map(|k| (k, *l)))
                .flat_map(|(k, l)| [Some(k.to_owned()), named(l)].into_iter().flatten())
                .collect();
            let ty = p.type_of(&f.wire, &sample_value(f), seen);
            Some(vec![field_line(6, &f.wire, &ty, &existing)])
        })
    }

    fn new_enum_value(&mut self, f: &Finding, seen: &str) -> bool {
        let at = f
            .spec_type
            .as_deref()
            .and_then(|n| self.find("enums", n, "values"));
        self.place(at, 6, seen, |p, at, _| {
            let integer = p.lines[at.saturating_sub(8)..at]
                .iter()
                .any(|l| l.trim() == "repr: integer");
            let wire = yaml_key(&f.wire);
            Some(vec![if integer {
                let name = format!("Value{}", f.wire.replace('-', "Minus"));
                format!("      - {{ wire: {wire}, name: {name}, doc: {DOC} }}")
            } else {
                format!("      - {{ wire: {wire}, doc: {DOC} }}")
            }])
        })
    }

    fn new_error_code(&mut self, f: &Finding, seen: &str) -> bool {
        let at = f
            .spec_type
            .as_deref()
            .and_then(|t| self.find("error_tables", t, "codes"));
        self.place(at, 6, seen, |p, _, _| {
            let message = f.message.as_deref().unwrap_or_default();
            let mut name = code_name(message, &f.wire);
            if p.code_names.contains(&name) {
                name = format!("{name}_{}", f.wire.trim_start_matches('-'));
            }
            p.code_names.insert(name.clone());
            let shown = if message.is_empty() {
                "not documented"
            } else {
                message
            };
            Some(vec![format!(
                "      - {{ code: {}, name: {name}, message: {}, retry: never }}",
                f.wire,
                quoted(shown)
            )])
        })
    }

    fn new_event(&mut self, f: &Finding, seen: &str) -> bool {
        let at = self.find_top("stream", "events");
        self.place(at, 4, seen, |p, _, _| {
            let ty = p.type_of(&f.wire, &sample_value(f), seen);
            Some(vec![format!(
                "    {}: {{ type: {ty}, doc: {DOC} }}",
                yaml_key(&f.wire)
            )])
        })
    }

    fn new_channel(&mut self, f: &Finding, seen: &str) -> bool {
        let at = self.find_top("market_stream", "channels");
        let sample = sample_value(f);
        let Some(template) = channel_template(&f.wire).filter(|_| sample.is_object()) else {
            return false;
        };
        let key = template
            .rsplit("{symbol}_")
            .next()
            .unwrap_or_default()
            .replace(|c: char| !c.is_ascii_alphanumeric(), "_");
        let seen = format!("{seen} (name template guessed from the channel name: check it)");
        self.place(at, 4, &seen, |p, _, _| {
            let ty = p.type_of(&format!("market_{key}"), &sample, &seen);
            Some(vec![
                format!("    {key}:"),
                format!("      doc: {DOC}"),
                format!("      name: {}", quoted(&template)),
                format!("      payload: {ty}"),
            ])
        })
    }

    /// `section.key` at indent 0 and 2.
    fn find_top(&self, section: &str, key: &str) -> Option<usize> {
        let (s, e) = section_range(&self.lines, 0, self.lines.len(), 0, section)?;
        section_range(&self.lines, s + 1, e, 2, key).map(|(k, _)| k)
    }

    /// Replaces the line of field `f.wire` of type `f.spec_type` with `edit`'s result.
    fn edit_field(
        &mut self,
        f: &Finding,
        seen: &str,
        edit: impl FnOnce(&str) -> Option<String>,
    ) -> bool {
        let Some(ty_name) = f.spec_type.as_deref() else {
            return false;
        };
        let Some(at) = self.find("types", ty_name, "fields") else {
            return false;
        };
        let end = self.block_end(at, 6);
        let Some(line) = (at + 1..end).find(|&i| key_at(self.lines[i], 6) == Some(&f.wire)) else {
            return false;
        };
        if self.replaces.iter().any(|(i, _)| *i == line) {
            return true;
        }
        let Some(new) = edit(self.lines[line]) else {
            return false;
        };
        self.inserts
            .push((line.wrapping_sub(1), format!("      # drift: {seen}")));
        self.replaces.push((line, new));
        true
    }

    /// The spec type of `v` seen under `key`; an object (or a list of them) becomes a new type.
    fn type_of(&mut self, key: &str, v: &Value, seen: &str) -> String {
        match v {
            Value::Object(map) => {
                let mut name = type_name(key);
                if self.taken.contains(&name) {
                    let base = name.clone();
                    let mut n = 2;
                    while self.taken.contains(&name) {
                        name = format!("{base}{n}");
                        n += 1;
                    }
                }
                self.taken.insert(name.clone());
                let mut block = vec![
                    format!("  # drift: {seen}"),
                    format!("  {name}:"),
                    format!("    doc: {DOC}"),
                    "    fields:".to_owned(),
                ];
                let mut existing = Vec::new();
                for (k, fv) in map {
                    let ty = self.type_of(k, fv, seen);
                    block.push(field_line(6, k, &ty, &existing));
                    existing.push(k.clone());
                }
                if map.is_empty() {
                    block.pop();
                    block.push("    fields: {}".to_owned());
                }
                self.new_types.push(block.join("\n"));
                name
            }
            Value::Array(items) => match items.iter().find(|i| !i.is_null()) {
                Some(first) => format!("list<{}>", self.type_of(key, first, seen)),
                None => "list<string>".into(),
            },
            other => suggest(key, other),
        }
    }

    fn diff(mut self, path: &str) -> String {
        if !self.new_types.is_empty() {
            if let Some((s, e)) = section_range(&self.lines, 0, self.lines.len(), 0, "types") {
                let end = self.block_end(s, 2).min(e);
                let text = std::mem::take(&mut self.new_types);
                self.inserts.push((end - 1, String::new()));
                for t in text {
                    self.inserts.push((end - 1, t));
                }
            } else {
                self.unplaced
                    .push("new types: the spec has no `types:` section".into());
            }
        }
        if self.inserts.is_empty() && self.replaces.is_empty() {
            return self
                .unplaced
                .iter()
                .map(|u| format!("# drift: not placed in the spec: {u}\n"))
                .collect();
        }
        // The new text, line by line, with each old line's position kept.
        let mut new: Vec<String> = Vec::new();
        let mut changed_old = vec![false; self.lines.len()];
        let inserted_before: Vec<String> = self
            .inserts
            .iter()
            .filter(|(i, _)| *i == usize::MAX)
            .flat_map(|(_, t)| t.lines().map(str::to_owned).collect::<Vec<_>>())
            .collect();
        for l in inserted_before {
            new.push(l);
        }
        let mut old_at_new = Vec::with_capacity(self.lines.len());
        for (i, old) in self.lines.iter().enumerate() {
            old_at_new.push(new.len());
            match self.replaces.iter().find(|(r, _)| *r == i) {
                Some((_, text)) => {
                    changed_old[i] = true;
                    new.push(text.clone());
                }
                None => {
                    new.push((*old).to_owned());
                }
            }
            for (_, t) in self.inserts.iter().filter(|(at, _)| *at == i) {
                for l in t.lines() {
                    new.push(l.to_owned());
                }
                if t.is_empty() {
                    new.push(String::new());
                }
            }
        }
        let mut out = String::new();
        for u in &self.unplaced {
            out.push_str(&format!("# drift: not placed in the spec: {u}\n"));
        }
        out.push_str(&format!("--- a/{path}\n+++ b/{path}\n"));
        out.push_str(&hunks(&self.lines, &new, &changed_old, &old_at_new));
        out
    }
}

const DOC: &str = "\"Seen on the wire (drift); not documented yet.\"";

/// Unified-diff hunks with three lines of context.
fn hunks(old: &[&str], new: &[String], changed_old: &[bool], old_at_new: &[usize]) -> String {
    const CONTEXT: usize = 3;
    // Walk old and new together: each old line is either kept (maps to a new line) or replaced.
    #[derive(Clone, Copy, PartialEq)]
    enum Op {
        Keep(usize, usize),
        Del(usize),
        Add(usize),
    }
    let mut ops = Vec::new();
    let mut n = 0;
    for (o, &changed) in changed_old.iter().enumerate() {
        let at = old_at_new[o];
        while n < at {
            ops.push(Op::Add(n));
            n += 1;
        }
        if changed {
            ops.push(Op::Del(o));
            ops.push(Op::Add(n));
        } else {
            ops.push(Op::Keep(o, n));
        }
        n += 1;
    }
    while n < new.len() {
        ops.push(Op::Add(n));
        n += 1;
    }
    let is_change = |op: &Op| !matches!(op, Op::Keep(..));
    let mut out = String::new();
    let mut i = 0;
    while i < ops.len() {
        if !is_change(&ops[i]) {
            i += 1;
            continue;
        }
        let start = i.saturating_sub(CONTEXT);
        let mut end = i;
        // Extend while another change is within 2 × CONTEXT.
        loop {
            while end < ops.len() && is_change(&ops[end]) {
                end += 1;
            }
            let next = (end..ops.len().min(end + 2 * CONTEXT + 1)).find(|&j| is_change(&ops[j]));
            match next {
                Some(j) => end = j,
                None => break,
            }
        }
        let stop = (end + CONTEXT).min(ops.len());
        let slice = &ops[start..stop];
        let old_start = slice
            .iter()
            .find_map(|op| match op {
                Op::Keep(o, _) | Op::Del(o) => Some(*o),
                Op::Add(_) => None,
            })
            .unwrap_or(0);
        let new_start = slice
            .iter()
            .find_map(|op| match op {
                Op::Keep(_, n) | Op::Add(n) => Some(*n),
                Op::Del(_) => None,
            })
            .unwrap_or(0);
        let old_len = slice.iter().filter(|op| !matches!(op, Op::Add(_))).count();
        let new_len = slice.iter().filter(|op| !matches!(op, Op::Del(_))).count();
        out.push_str(&format!(
            "@@ -{},{} +{},{} @@\n",
            old_start + 1,
            old_len,
            new_start + 1,
            new_len
        ));
        for op in slice {
            match *op {
                Op::Keep(o, _) => out.push_str(&format!(" {}\n", old[o])),
                Op::Del(o) => out.push_str(&format!("-{}\n", old[o])),
                Op::Add(n) => out.push_str(&format!("+{}\n", new[n])),
            }
        }
        i = stop;
    }
    out
}

/// A finding's sample as JSON (`null` without one).
fn sample_value(f: &Finding) -> Value {
    f.sample
        .as_deref()
        .and_then(|s| serde_json::from_str(s).ok())
        .unwrap_or(Value::Null)
}

/// The `name:` of a spec line, if it has one.
fn named(line: &str) -> Option<String> {
    let rest = line.split("name: ").nth(1)?;
    Some(
        rest.split([',', ' ', '}'])
            .next()
            .unwrap_or_default()
            .to_owned(),
    )
}

/// Where a finding was seen, for its `# drift:` comment.
fn seen(f: &Finding) -> String {
    let mut s = format!("{} `{}` seen in `{}`", f.kind, f.wire, f.endpoint);
    if !f.path.is_empty() {
        s.push_str(&format!(" at {}", f.path));
    }
    if let Some(sample) = &f.sample {
        let short: String = sample.chars().take(60).collect();
        let more = if short.len() < sample.len() {
            "…"
        } else {
            ""
        };
        s.push_str(&format!(", e.g. {short}{more}"));
    }
    s.replace('\n', " ")
}

/// The key of a mapping line indented by exactly `indent` spaces (`  Name:` -> `Name`).
fn key_at(line: &str, indent: usize) -> Option<&str> {
    let t = line.strip_prefix(&" ".repeat(indent))?;
    if t.starts_with([' ', '#', '-']) || t.is_empty() {
        return None;
    }
    let key = t.split(':').next()?.trim();
    let key = key.trim_matches('"').trim_matches('\'');
    (!key.is_empty()).then_some(key)
}

/// The line of key `name` at `indent` within `[from, to)` and the end of its block.
fn section_range(
    lines: &[&str],
    from: usize,
    to: usize,
    indent: usize,
    name: &str,
) -> Option<(usize, usize)> {
    let at = (from..to).find(|&i| key_at(lines[i], indent) == Some(name))?;
    let end = (at + 1..to)
        .find(|&i| {
            let t = lines[i].trim_start();
            !t.is_empty() && !t.starts_with('#') && lines[i].len() - t.len() <= indent
        })
        .unwrap_or(to);
    Some((at, end))
}

/// A field line: `key: { type: T, doc: ".." }`, with a `name:` when the key's Rust name would
/// clash with another field's or is no identifier.
fn field_line(indent: usize, key: &str, ty: &str, existing: &[String]) -> String {
    let squash = |s: &str| {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect::<String>()
    };
    let mine = squash(key);
    let clash = existing.iter().any(|e| squash(e) == mine);
    let plain = key.starts_with(|c: char| c.is_ascii_alphabetic())
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !RESERVED.contains(&key);
    let name = if clash || !plain {
        let base = if mine.is_empty() || mine.starts_with(|c: char| c.is_ascii_digit()) {
            format!("field_{mine}")
        } else {
            mine
        };
        format!(", name: drift_{base}")
    } else {
        String::new()
    };
    format!(
        "{}{}: {{ type: {ty}{name}, doc: {DOC} }}",
        " ".repeat(indent),
        yaml_key(key)
    )
}

/// Names that would not do as field names without `name:`.
const RESERVED: &[&str] = &[
    "type", "self", "Self", "crate", "super", "fn", "mod", "ref", "move", "match", "impl", "use",
    "where", "loop", "async", "await", "dyn",
];

/// A key or scalar as YAML: plain when safe, quoted otherwise.
fn yaml_key(key: &str) -> String {
    if key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !key.is_empty() {
        key.to_owned()
    } else {
        quoted(key)
    }
}

fn quoted(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

/// `SCREAMING_SNAKE` from an error message's first words; `CODE_1999` without one.
fn code_name(message: &str, code: &str) -> String {
    let words: Vec<String> = message
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(5)
        .map(str::to_ascii_uppercase)
        .collect();
    match words.first() {
        Some(w) if w.starts_with(|c: char| c.is_ascii_alphabetic()) => words.join("_"),
        _ => format!("CODE_{}", code.trim_start_matches('-')),
    }
}

/// `type: X` in a field line replaced by `type: ty`.
fn retype(line: &str, ty: &str) -> Option<String> {
    let at = line.find("type: ")? + "type: ".len();
    let rest = &line[at..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    Some(format!("{}{ty}{}", &line[..at], &rest[end..]))
}

/// `market_e_btcusdt_bbo` -> `market_{symbol}_bbo`: the symbol is the two words after the
/// prefix (`e_btcusdt`: contract type, then base and quote).
fn channel_template(wire: &str) -> Option<String> {
    let parts: Vec<&str> = wire.split('_').collect();
    if parts.len() < 4 {
        return None;
    }
    Some(format!("{}_{{symbol}}_{}", parts[0], parts[3..].join("_")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channel_templates_keep_the_symbol_out() {
        assert_eq!(
            channel_template("market_e_btcusdt_bbo").as_deref(),
            Some("market_{symbol}_bbo")
        );
        assert_eq!(channel_template("market_bbo"), None);
    }

    #[test]
    fn field_lines_name_clashing_keys() {
        assert_eq!(
            field_line(6, "E", "millis", &["e".into()]),
            format!("      E: {{ type: millis, name: drift_e, doc: {DOC} }}")
        );
        assert_eq!(
            field_line(6, "type", "string", &[]),
            format!("      type: {{ type: string, name: drift_type, doc: {DOC} }}")
        );
        assert_eq!(
            retype("      a: { type: decimal, doc: x }", "bool").as_deref(),
            Some("      a: { type: bool, doc: x }")
        );
    }
}

#[cfg(test)]
mod patch_tests {
    use super::*;

    const SPEC: &str = "error_tables:
  futures:
    codes:
      - { code: -1000, name: UNKNOWN_ERROR, message: \"unknown\", retry: never }

enums:
  Side:
    values:
      - { wire: BUY, doc: Buy. }
      - { wire: SELL, doc: Sell. }

types:
  Account:
    doc: An account.
    fields:
      account: { type: list<AccountBalance>, required: true, doc: x. }

  AccountBalance:
    fields:
      coin: { type: string, required: true, doc: c. }
      idx: { type: seconds, required: true, doc: i. }
      high: { type: decimal, doc: h. }

stream:
  events:
    ORDER: { type: Account, doc: x. }

market_stream:
  channels:
    ticker:
      name: \"market_{symbol}_ticker\"
      payload: Account
";

    fn finding(
        kind: FindingKind,
        endpoint: &str,
        path: &str,
        wire: &str,
        spec_type: Option<&str>,
        sample: Option<&str>,
        message: Option<&str>,
    ) -> Finding {
        Finding {
            kind,
            endpoint: endpoint.into(),
            path: path.into(),
            wire: wire.into(),
            sample: sample.map(str::to_owned),
            suggested_type: None,
            spec_type: spec_type.map(str::to_owned),
            message: message.map(str::to_owned),
            count: 1,
        }
    }

    #[test]
    fn every_kind_becomes_an_edit_of_the_spec() {
        use FindingKind::*;
        let findings = [
            finding(
                UnknownField,
                "account",
                "account[].tier",
                "tier",
                Some("AccountBalance"),
                Some("{\"level\":3}"),
                None,
            ),
            finding(
                UnknownField,
                "account",
                "bonus",
                "bonus",
                Some("Account"),
                Some("\"12.5\""),
                None,
            ),
            finding(
                UnknownEnumValue,
                "account",
                "account[].side",
                "HOLD",
                Some("Side"),
                None,
                None,
            ),
            finding(
                UnknownErrorCode,
                "commission_rate",
                "",
                "-1999",
                Some("futures"),
                None,
                Some("new risk rule"),
            ),
            finding(
                MissingField,
                "klines",
                "[].idx",
                "idx",
                Some("AccountBalance"),
                None,
                None,
            ),
            finding(
                TypeMismatch,
                "ticker",
                "high",
                "high",
                Some("AccountBalance"),
                Some("true"),
                Some("the spec says decimal"),
            ),
            finding(
                UnknownEvent,
                "stream",
                "",
                "MARGIN_CALL",
                None,
                Some("{\"e\":\"MARGIN_CALL\",\"E\":1790133532000}"),
                None,
            ),
            finding(
                UnknownChannel,
                "market_stream",
                "",
                "market_e_btcusdt_bbo",
                None,
                Some("{\"bid\":\"1\"}"),
                None,
            ),
        ];
        let p = patch(SPEC, "spec/futures.yaml", &findings);
        println!("{p}");
        assert!(
            p.starts_with("--- a/spec/futures.yaml\n+++ b/spec/futures.yaml\n"),
            "{p}"
        );
        for added in [
            "+      - { code: -1999, name: NEW_RISK_RULE, message: \"new risk rule\", retry: never }",
            "+      - { wire: HOLD, doc: \"Seen on the wire (drift); not documented yet.\" }",
            "+      tier: { type: Tier, doc: \"Seen on the wire (drift); not documented yet.\" }",
            "+      bonus: { type: decimal, doc: \"Seen on the wire (drift); not documented yet.\" }",
            "+      idx: { type: seconds, doc: i. }",
            "-      idx: { type: seconds, required: true, doc: i. }",
            "+      high: { type: bool, doc: h. }",
            "+    MARGIN_CALL: { type: MarginCall, doc: \"Seen on the wire (drift); not documented yet.\" }",
            "+  MarginCall:",
            "+      E: { type: millis, doc: \"Seen on the wire (drift); not documented yet.\" }",
            "+      e: { type: string, name: drift_e, doc: \"Seen on the wire (drift); not documented yet.\" }",
            "+      name: \"market_{symbol}_bbo\"",
            "+      payload: MarketBbo",
            "+  Tier:",
            "+      level: { type: decimal, doc: \"Seen on the wire (drift); not documented yet.\" }",
        ] {
            assert!(p.lines().any(|l| l == added), "missing {added:?} in\n{p}");
        }
        // Each hunk's counts match its lines.
        for hunk in p.split("\n@@ ").skip(1) {
            let (head, body) = hunk.split_once(" @@\n").expect("a hunk header");
            let (old, new) = head.split_once(' ').expect("two ranges");
            let count = |r: &str| {
                r.split(',')
                    .nth(1)
                    .and_then(|n| n.parse::<usize>().ok())
                    .expect("count")
            };
            let body: Vec<&str> = body.lines().take_while(|l| !l.starts_with("@@")).collect();
            let olds = body.iter().filter(|l| !l.starts_with('+')).count();
            let news = body.iter().filter(|l| !l.starts_with('-')).count();
            assert_eq!((count(old), count(new)), (olds, news), "{head}\n{p}");
        }
    }
}
