//! The spec text as a located YAML tree: every node knows its line and column. A YAML syntax
//! mistake (bad indentation, a tab, an unclosed bracket) is reported here, with the key path
//! around it. Reading the tree into the spec model is `spec`'s job.
//!
//! Scalars follow the YAML 1.2 core schema (what editors' YAML language servers use): `yes`, `N`
//! and `ON` are strings, not booleans, so an enum value `N` stays `N`.
//!
//! The tree is built straight from the events of granit-parser (the YAML 1.2 parser behind
//! serde-saphyr, without its deserializer): anchors and aliases are resolved here, merge keys
//! (`<<`) merged, and the document held to budgets of depth, nodes and text.

use crate::diag::Diagnostic;
use granit_parser::{Event, ScalarStyle, Tag};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

pub use crate::location::Location;

impl Location {
    /// Where a parser span starts, with its bytes when they fit.
    fn from_span(span: &granit_parser::Span) -> Location {
        let clamp = |n: usize| {
            u64::try_from(n)
                .unwrap_or(u64::MAX)
                .min(u64::from(u32::MAX))
        };
        let bytes = match (span.start.byte_offset(), span.end.byte_offset()) {
            (Some(start), Some(end)) => {
                let len = end.saturating_sub(start);
                let fits = |n: usize| u32::try_from(n).is_ok();
                (fits(start) && fits(len)).then(|| (clamp(start), clamp(len)))
            }
            _ => None,
        };
        Location {
            line: clamp(span.start.line()),
            column: clamp(span.start.col().saturating_add(1)),
            bytes,
        }
    }
}

/// A value of the model and where it was written (`referenced`, `defined`: the same place, as
/// the tree has no aliases left).
#[derive(Debug, Clone, PartialEq)]
pub struct Spanned<T> {
    pub value: T,
    pub referenced: Location,
    pub defined: Location,
}

impl<T> Spanned<T> {
    pub fn new(value: T, referenced: Location, defined: Location) -> Self {
        Spanned {
            value,
            referenced,
            defined,
        }
    }
}

/// A YAML node and where it is.
#[derive(Debug, Clone)]
pub struct Node {
    /// What the node holds.
    pub value: Value,
    /// Where it is written.
    pub loc: Location,
}

/// A node's value, scalars typed by the YAML 1.2 core schema.
#[derive(Debug, Clone)]
pub enum Value {
    /// `~`, `null` or nothing at all.
    Null,
    /// `true` or `false` (in any of the core schema's three spellings).
    Bool(bool),
    /// An integer that fits an `i64` (decimal, `0x` or `0o`).
    Int(i64),
    /// A number that is not an `i64` (a fraction, an exponent, or too large), as written.
    Float(String),
    /// Any other scalar, quoted or not.
    Str(String),
    /// A list, items in file order.
    Seq(Vec<Node>),
    /// Entries in file order; duplicate keys are kept (the reader reports them in context).
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// A scalar's text as a map key (`1min`, `200`), or `None` for a list or map used as a key.
    pub fn key_text(&self) -> Option<String> {
        self.key_str().map(Cow::into_owned)
    }

    /// [`Node::key_text`], borrowed when the key is text (nearly always).
    pub fn key_str(&self) -> Option<Cow<'_, str>> {
        Some(match &self.value {
            Value::Null => Cow::Borrowed(""),
            Value::Bool(b) => Cow::Owned(b.to_string()),
            Value::Int(i) => Cow::Owned(i.to_string()),
            Value::Float(s) | Value::Str(s) => Cow::Borrowed(s),
            Value::Seq(_) | Value::Map(_) => return None,
        })
    }

    /// What the node is, for "found ..." in messages.
    pub fn describe(&self) -> String {
        match &self.value {
            Value::Null => "nothing (an empty value)".into(),
            Value::Bool(b) => format!("the boolean `{b}`"),
            Value::Int(i) => format!("the number `{i}`"),
            Value::Float(s) => format!("the number `{s}`"),
            Value::Str(s) => format!("the string `{}`", shorten(s)),
            Value::Seq(_) => "a list".into(),
            Value::Map(_) => "a map".into(),
        }
    }
}

/// Long or multi-line text cut for a message.
pub fn shorten(s: &str) -> String {
    let line = s.lines().next().unwrap_or_default();
    let cut: String = line.chars().take(40).collect();
    if cut.len() < s.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

/// How deeply lists and maps may nest. The spec nests about eight levels deep; a low limit keeps
/// deep input from exhausting the stack of what walks the tree afterwards (the compiler thread
/// running the macro).
const MAX_DEPTH: usize = 24;
/// How many nodes a document may hold, an alias counting every node it repeats: a few anchors
/// that alias each other cannot grow the tree past this ("a billion laughs").
const MAX_NODES: usize = 250_000;
/// How much text a document may be.
const MAX_BYTES: usize = 64 << 20;

/// Parses one YAML document into a located tree.
pub fn parse(text: &str) -> Result<Node, Diagnostic> {
    if text.len() > MAX_BYTES {
        let msg = format!("more than {} MiB of text", MAX_BYTES >> 20);
        return Err(too_large(Location::UNKNOWN, text, &msg));
    }
    let mut build = Build {
        text,
        open: Vec::new(),
        anchors: HashMap::new(),
        nodes: 0,
        root: None,
    };
    let mut parser = granit_parser::Parser::new_from_str(text);
    let mut documents = 0;
    while let Some(next) = parser.next_event() {
        let (event, span) = next.map_err(|e| syntax_diag(&e, text))?;
        let loc = Location::from_span(&span);
        match event {
            Event::DocumentStart(..) => {
                documents += 1;
                if documents > 1 {
                    let message = "the spec must be a single YAML document, but a second one \
                                   starts here (`---`)";
                    return Err(Diagnostic::new(loc, String::new(), message));
                }
            }
            Event::Scalar(value, style, anchor, tag) => {
                let merge_key = style == ScalarStyle::Plain && tag.is_none() && value == "<<";
                let value = scalar(value.into_owned(), style, tag.as_deref());
                build.count(1, loc)?;
                build.add(Node { value, loc }, anchor, merge_key);
            }
            Event::SequenceStart(_, anchor, _) => {
                build.open(Value::Seq(Vec::new()), anchor, loc)?
            }
            Event::MappingStart(_, anchor, _) => build.open(Value::Map(Vec::new()), anchor, loc)?,
            Event::SequenceEnd | Event::MappingEnd => build.close()?,
            Event::Alias(id) => {
                // The parser refuses an alias to an unknown anchor; one whose node is still open
                // (an alias inside its own anchor) has nothing complete to repeat.
                let Some(size) = build.anchors.get(&id).map(count_nodes) else {
                    let message = "an alias to a list or map that contains it; \
                                   YAML anchors cannot refer to themselves";
                    return Err(Diagnostic::new(loc, path_at(text, loc.line()), message));
                };
                // Counted before it is copied: a bomb is refused without being built.
                build.count(size, loc)?;
                if let Some(node) = build.anchors.get(&id).cloned() {
                    build.add(Node { loc, ..node }, 0, false);
                }
            }
            // Stream and document ends, and what only the parser's options turn on (comments,
            // anchors' names).
            _ => {}
        }
    }
    Ok(build.root.unwrap_or(Node {
        value: Value::Null,
        loc: Location::UNKNOWN,
    }))
}

/// The tree as the parser's events build it.
struct Build<'t> {
    text: &'t str,
    /// The lists and maps not closed yet, innermost last.
    open: Vec<Open>,
    /// Anchored nodes, complete, by the parser's anchor id (the latest definition of a name).
    anchors: HashMap<usize, Node>,
    nodes: usize,
    root: Option<Node>,
}

/// A list or map being read.
struct Open {
    node: Node,
    anchor: usize,
    /// A map's key, waiting for its value, and whether it is the merge key.
    key: Option<(Node, bool)>,
    /// A map's merge keys (`<<: *defaults`): where each was written, and its value.
    merges: Vec<(usize, Node)>,
}

impl Build<'_> {
    fn count(&mut self, n: usize, loc: Location) -> Result<(), Diagnostic> {
        self.nodes = self.nodes.saturating_add(n);
        if self.nodes > MAX_NODES {
            let msg = format!("more than {MAX_NODES} nodes, aliases counted in full");
            return Err(too_large(loc, self.text, &msg));
        }
        Ok(())
    }

    fn open(&mut self, value: Value, anchor: usize, loc: Location) -> Result<(), Diagnostic> {
        if self.open.len() >= MAX_DEPTH {
            let msg = format!("lists and maps nested more than {MAX_DEPTH} deep");
            return Err(too_large(loc, self.text, &msg));
        }
        self.count(1, loc)?;
        self.open.push(Open {
            node: Node { value, loc },
            anchor,
            key: None,
            merges: Vec::new(),
        });
        Ok(())
    }

    fn close(&mut self) -> Result<(), Diagnostic> {
        let Some(mut open) = self.open.pop() else {
            return Ok(());
        };
        if let Value::Map(entries) = &mut open.node.value {
            merge(entries, std::mem::take(&mut open.merges), self.text)?;
        }
        self.add(open.node, open.anchor, false);
        Ok(())
    }

    /// Puts a complete node where it belongs: the root, a list's next item, a map's key or the
    /// value of the key before it. `merge_key`: the node is a plain `<<`.
    fn add(&mut self, node: Node, anchor: usize, merge_key: bool) {
        if anchor != 0 {
            self.anchors.insert(anchor, node.clone());
        }
        let Some(parent) = self.open.last_mut() else {
            self.root = Some(node);
            return;
        };
        match &mut parent.node.value {
            Value::Seq(items) => items.push(node),
            Value::Map(entries) => match parent.key.take() {
                None => parent.key = Some((node, merge_key)),
                Some((_, true)) => parent.merges.push((entries.len(), node)),
                Some((key, false)) => entries.push((key, node)),
            },
            _ => {}
        }
    }
}

/// A map's merge keys resolved: each merged map's entries take the place of its `<<`, except
/// keys the map sets itself (anywhere in it) or an earlier merged map set; in a list of maps
/// (`<<: [*a, *b]`) the earlier map wins.
fn merge(
    entries: &mut Vec<(Node, Node)>,
    merges: Vec<(usize, Node)>,
    text: &str,
) -> Result<(), Diagnostic> {
    if merges.is_empty() {
        return Ok(());
    }
    let mut taken: HashSet<String> = entries.iter().filter_map(|(k, _)| k.key_text()).collect();
    let mut own = std::mem::take(entries).into_iter();
    let mut at = 0;
    for (index, value) in merges {
        entries.extend(own.by_ref().take(index - at));
        at = index;
        let loc = value.loc;
        let maps = match value.value {
            Value::Map(m) => vec![m],
            Value::Seq(items) => items
                .into_iter()
                .map(|item| match item.value {
                    Value::Map(m) => Ok(m),
                    _ => Err(item.loc),
                })
                .collect::<Result<_, _>>()
                .map_err(|at| not_mergeable(at, text))?,
            _ => return Err(not_mergeable(loc, text)),
        };
        for (key, value) in maps.into_iter().flatten() {
            if key.key_text().is_none_or(|k| taken.insert(k)) {
                entries.push((key, value));
            }
        }
    }
    entries.extend(own);
    Ok(())
}

fn not_mergeable(loc: Location, text: &str) -> Diagnostic {
    let message = "a merge key (`<<`) takes a map or a list of maps";
    Diagnostic::new(loc, path_at(text, loc.line()), message)
}

fn too_large(loc: Location, text: &str, what: &str) -> Diagnostic {
    let message = format!("the YAML is too large or too deeply nested: {what}");
    Diagnostic::new(loc, path_at(text, loc.line()), message)
}

/// How many nodes a tree holds.
fn count_nodes(node: &Node) -> usize {
    match &node.value {
        Value::Seq(items) => 1 + items.iter().map(count_nodes).sum::<usize>(),
        Value::Map(entries) => {
            1 + entries
                .iter()
                .map(|(k, v)| count_nodes(k) + count_nodes(v))
                .sum::<usize>()
        }
        _ => 1,
    }
}

/// A scalar typed: a plain one by the YAML 1.2 core schema, a quoted or block one as a string. A
/// core-schema tag (`!!str 5`, `!!int "5"`) says the type; any other tag changes nothing.
fn scalar(value: String, style: ScalarStyle, tag: Option<&Tag>) -> Value {
    match tag.and_then(Tag::core_suffix) {
        Some("str" | "binary" | "timestamp") => return Value::Str(value),
        Some("int" | "float" | "bool" | "null") => return resolve_plain(&value),
        _ if tag.is_some_and(|t| t.handle().is_empty() && t.suffix() == "!") => {
            // The non-specific tag `!`: a string, whatever it spells.
            return Value::Str(value);
        }
        _ => {}
    }
    match style {
        ScalarStyle::Plain => resolve_plain(&value),
        _ => Value::Str(value),
    }
}

/// Types a plain scalar as the YAML 1.2 core schema does.
fn resolve_plain(w: &str) -> Value {
    match w {
        "" | "~" | "null" | "Null" | "NULL" => return Value::Null,
        "true" | "True" | "TRUE" => return Value::Bool(true),
        "false" | "False" | "FALSE" => return Value::Bool(false),
        _ => {}
    }
    // Every number starts with a digit, a sign or a dot; keys and words are strings at once.
    if !matches!(w.as_bytes().first(), Some(b'0'..=b'9' | b'-' | b'+' | b'.')) {
        return Value::Str(w.to_string());
    }
    let digits = |s: &str, radix: u32| !s.is_empty() && s.chars().all(|c| c.is_digit(radix));
    let unsigned = w.strip_prefix(['-', '+']).unwrap_or(w);
    if digits(unsigned, 10) {
        return w
            .parse::<i64>()
            .map_or_else(|_| Value::Float(w.to_string()), Value::Int);
    }
    for (prefix, radix) in [("0x", 16), ("0o", 8)] {
        if let Some(d) = w.strip_prefix(prefix) {
            if digits(d, radix) {
                return i64::from_str_radix(d, radix)
                    .map_or_else(|_| Value::Float(w.to_string()), Value::Int);
            }
        }
    }
    if is_float(unsigned) {
        return Value::Float(w.to_string());
    }
    Value::Str(w.to_string())
}

/// `[0-9]+(\.[0-9]*)?` or `\.[0-9]+`, then an optional exponent; or `.inf`/`.nan`.
fn is_float(s: &str) -> bool {
    if matches!(s, ".inf" | ".Inf" | ".INF" | ".nan" | ".NaN" | ".NAN") {
        return true;
    }
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |t: &str| t.chars().all(|c| c.is_ascii_digit());
    let mantissa_ok = all_digits(int)
        && all_digits(frac)
        && (!int.is_empty() || !frac.is_empty())
        && (mantissa.contains('.') || exponent.is_some());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && all_digits(e)
    });
    mantissa_ok && exponent_ok
}

/// A parser error as a diagnostic: its location, the key path around it, and a readable message.
fn syntax_diag(e: &granit_parser::ScanError, text: &str) -> Diagnostic {
    let mark = e.marker();
    let to_u64 = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    let loc = Location {
        line: to_u64(mark.line()),
        column: to_u64(mark.col().saturating_add(1)),
        bytes: None,
    };
    let info = e.info();
    let msg = strip_position(info.lines().next().unwrap_or_default());
    let message = if msg.contains("tab") {
        format!("invalid YAML: a tab in indentation ({msg}); indent with spaces")
    } else if msg.contains("flow mapping") {
        format!("invalid YAML: {msg}; is a `{{` above left unclosed?")
    } else if msg.contains("flow sequence") {
        format!("invalid YAML: {msg}; is a `[` above left unclosed?")
    } else if msg.contains("budget") || msg.contains("depth") || msg.contains("limit") {
        format!("the YAML is too large or too deeply nested: {msg}")
    } else {
        format!("invalid YAML: {msg}")
    };
    let mut d = Diagnostic::new(loc, path_at(text, loc.line()), message);
    if msg.contains("tab") {
        // The parser notices the tab late; point at the tab itself.
        if let Some((line, column)) = first_indenting_tab(text, d.line) {
            d.line = line;
            d.column = column;
            d.path = path_before(text, line);
        }
    }
    if d.line == 0 {
        d.column = 0;
    }
    d
}

/// The key path a line is most likely meant to be in, from the line before it (for a line whose
/// own indentation cannot be trusted): a sibling of that line, or its child after `key:`.
fn path_before(text: &str, line: u64) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let Some(prev) = (1..line).rev().find(|&l| {
        usize::try_from(l - 1)
            .ok()
            .and_then(|i| lines.get(i))
            .is_some_and(|t| !t.trim().is_empty() && !t.trim_start().starts_with('#'))
    }) else {
        return String::new();
    };
    let base = path_at(text, prev);
    let content = usize::try_from(prev - 1)
        .ok()
        .and_then(|i| lines.get(i))
        .map_or("", |t| t.trim());
    match content.strip_suffix(':').and_then(|_| key_of(content)) {
        Some(k) if base.is_empty() => k,
        Some(k) => format!("{base}.{k}"),
        None => base,
    }
}

/// The first tab in the indentation of a line at or after `from` (1-based line and column).
fn first_indenting_tab(text: &str, from: u64) -> Option<(u64, u64)> {
    text.lines()
        .enumerate()
        .skip(usize::try_from(from.saturating_sub(1)).ok()?)
        .find_map(|(i, l)| {
            let indent = &l[..l.len() - l.trim_start_matches([' ', '\t']).len()];
            let col = indent.find('\t')?;
            Some((u64::try_from(i).ok()? + 1, u64::try_from(col).ok()? + 1))
        })
}

/// Drops a repeated " at line 3, column 13" from a parser message (the location is shown already).
fn strip_position(msg: &str) -> String {
    let Some(i) = msg.find(" at line ") else {
        return msg.to_string();
    };
    let rest = &msg[i + " at line ".len()..];
    let digits = |s: &str| s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let n = digits(rest);
    let Some(after) = rest[n..].strip_prefix(", column ") else {
        return msg.to_string();
    };
    let m = digits(after);
    if n == 0 || m == 0 {
        return msg.to_string();
    }
    format!("{}{}", &msg[..i], &after[m..])
}

/// The key path enclosing a 1-based line, read from indentation (block style): the best guess of
/// where a syntax error is when there is no tree to ask.
pub fn path_at(text: &str, line: u64) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let Ok(line) = usize::try_from(line) else {
        return String::new();
    };
    if line == 0 || line > lines.len() + 1 {
        return String::new();
    }
    let indent = |l: &str| l.len() - l.trim_start_matches(' ').len();
    let blank = |l: &str| {
        let t = l.trim();
        t.is_empty() || t.starts_with('#') || t == "---"
    };
    let mut limit = lines
        .get(line - 1)
        .map_or(0, |l| if blank(l) { usize::MAX } else { indent(l) });
    let mut segments: Vec<String> = Vec::new();
    let mut i = line - 1;
    while i > 0 && limit > 0 {
        i -= 1;
        let l = lines[i];
        if blank(l) || indent(l) >= limit {
            continue;
        }
        let ind = indent(l);
        let content = l[ind..].trim_end();
        if content.starts_with("- ") || content == "-" {
            // A list item: count its earlier siblings for the index.
            let mut index = 0;
            let mut j = i;
            while j > 0 {
                j -= 1;
                let s = lines[j];
                if blank(s) || indent(s) > ind {
                    continue;
                }
                if indent(s) == ind && s[ind..].starts_with('-') {
                    index += 1;
                    continue;
                }
                break;
            }
            segments.push(format!("[{index}]"));
        } else if let Some(key) = key_of(content) {
            segments.push(key);
        }
        limit = ind;
    }
    let mut out = String::new();
    for s in segments.iter().rev() {
        if !out.is_empty() && !s.starts_with('[') {
            out.push('.');
        }
        out.push_str(s);
    }
    out
}

/// `key:` or `key: value` at the start of a line, the key unquoted.
fn key_of(content: &str) -> Option<String> {
    let end = content
        .find(": ")
        .or_else(|| content.strip_suffix(':').map(str::len))?;
    let key = content[..end].trim();
    let key = key
        .strip_prefix('"')
        .and_then(|k| k.strip_suffix('"'))
        .or_else(|| key.strip_prefix('\'').and_then(|k| k.strip_suffix('\'')))
        .unwrap_or(key);
    (!key.is_empty() && !key.starts_with(['{', '[', '#'])).then(|| key.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Value {
        match parse(text) {
            Ok(Node {
                value: Value::Map(m),
                ..
            }) => m.into_iter().next().map_or(Value::Null, |(_, v)| v.value),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn scalars_follow_the_core_schema() {
        assert!(matches!(value("a: N"), Value::Str(s) if s == "N"));
        assert!(matches!(value("a: yes"), Value::Str(s) if s == "yes"));
        assert!(matches!(value("a: ON"), Value::Str(s) if s == "ON"));
        assert!(matches!(value("a: true"), Value::Bool(true)));
        assert!(matches!(value("a: -12"), Value::Int(-12)));
        assert!(matches!(value("a: 0x1F"), Value::Int(31)));
        assert!(matches!(value("a: 2.50"), Value::Float(s) if s == "2.50"));
        assert!(matches!(value("a: 1e3"), Value::Float(s) if s == "1e3"));
        assert!(matches!(value("a: 1_000"), Value::Str(s) if s == "1_000"));
        assert!(matches!(value("a: \"12\""), Value::Str(s) if s == "12"));
        assert!(matches!(value("a: 99999999999999999999"), Value::Float(_)));
        assert!(matches!(value("a:"), Value::Null));
        assert!(matches!(value("a: &x 5\nb: *x"), Value::Int(5)));
    }

    /// The tree as `key: value` text, locations left out, for comparing shapes.
    fn shape(node: &Node) -> String {
        match &node.value {
            Value::Null => "~".into(),
            Value::Bool(b) => b.to_string(),
            Value::Int(i) => i.to_string(),
            Value::Float(s) => format!("f{s}"),
            Value::Str(s) => format!("{s:?}"),
            Value::Seq(items) => {
                let items: Vec<String> = items.iter().map(shape).collect();
                format!("[{}]", items.join(", "))
            }
            Value::Map(entries) => {
                let entries: Vec<String> = entries
                    .iter()
                    .map(|(k, v)| format!("{}: {}", shape(k), shape(v)))
                    .collect();
                format!("{{{}}}", entries.join(", "))
            }
        }
    }

    fn parsed(text: &str) -> String {
        shape(&parse(text).unwrap_or_else(|d| panic!("{text:?}: {d:?}")))
    }

    fn refused(text: &str) -> Diagnostic {
        match parse(text) {
            Ok(node) => panic!("{text:?} was taken: {}", shape(&node)),
            Err(d) => d,
        }
    }

    #[test]
    fn tags_say_the_type_and_quotes_and_blocks_are_strings() {
        assert_eq!(parsed("a: !!str 5"), r#"{"a": "5"}"#);
        assert_eq!(parsed("a: !!int \"5\""), r#"{"a": 5}"#);
        assert_eq!(parsed("a: ! 12"), r#"{"a": "12"}"#);
        assert_eq!(parsed("a: !x 12"), r#"{"a": 12}"#);
        assert_eq!(
            parsed("a: '007'\nb: |-\n  12\n"),
            r#"{"a": "007", "b": "12"}"#
        );
        assert_eq!(parsed("a: 1\n  000"), r#"{"a": "1 000"}"#);
        assert_eq!(parsed("? [1]\n: 2"), "{[1]: 2}");
        assert_eq!(parsed(""), "~");
        assert_eq!(parsed("---\na: 1\n...\n"), "{\"a\": 1}");
    }

    #[test]
    fn aliases_repeat_their_anchor_and_merge_keys_merge() {
        let text = "base: &b {x: 1, y: 2}\nm:\n  k: 0\n  <<: *b\n  y: 3\nl: [*b, &s s, *s]\n";
        assert_eq!(
            parsed(text),
            r#"{"base": {"x": 1, "y": 2}, "m": {"k": 0, "x": 1, "y": 3}, "l": [{"x": 1, "y": 2}, "s", "s"]}"#
        );
        // In a list of maps the earlier one wins; a quoted `<<` is an ordinary key.
        let text = "a: &a {x: 1}\nb: &b {x: 2, z: 2}\nm: {<<: [*a, *b], \"<<\": q}\n";
        assert_eq!(
            parsed(text),
            r#"{"a": {"x": 1}, "b": {"x": 2, "z": 2}, "m": {"x": 1, "z": 2, "<<": "q"}}"#
        );
        // An alias is where it is written; what it repeats keeps its own places.
        let Value::Map(m) = parse("a: &x [1]\nb: *x\n").expect("parses").value else {
            panic!("not a map")
        };
        assert_eq!((m[1].1.loc.line(), m[1].1.loc.column()), (2, 4));
        let d = refused("a: &x 1\nm:\n  <<: *x\n");
        assert!(d.message.contains("takes a map or a list of maps"), "{d:?}");
        assert_eq!((d.line, d.path.as_str()), (3, "m"), "{d:?}");
    }

    #[test]
    fn budgets_refuse_deep_nesting_and_alias_bombs() {
        let deep = format!(
            "{}1{}",
            "[".repeat(MAX_DEPTH + 1),
            "]".repeat(MAX_DEPTH + 1)
        );
        let d = refused(&deep);
        assert!(
            d.message.contains("too large or too deeply nested"),
            "{d:?}"
        );
        assert!(
            parse(&format!(
                "{}1{}",
                "[".repeat(MAX_DEPTH),
                "]".repeat(MAX_DEPTH)
            ))
            .is_ok()
        );
        // Nine levels of ten aliases each: a billion nodes from a few lines.
        let mut bomb = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..9 {
            let j = i - 1;
            bomb.push_str(&format!("a{i}: &a{i} [*a{j}, *a{j}, *a{j}, *a{j}, *a{j}, *a{j}, *a{j}, *a{j}, *a{j}, *a{j}]\n"));
        }
        let d = refused(&bomb);
        assert!(
            d.message.contains("nodes, aliases counted in full"),
            "{d:?}"
        );
        let d = refused("a: &x [1, *x]\n");
        assert!(d.message.contains("cannot refer to themselves"), "{d:?}");
        let d = refused("a: *nowhere\n");
        assert!(d.message.contains("unknown anchor"), "{d:?}");
    }

    #[test]
    fn a_second_document_is_refused_where_it_starts() {
        let d = refused("a: 1\n---\nb: 2\n");
        assert_eq!(d.line, 2, "{d:?}");
        assert!(d.message.contains("single YAML document"), "{d:?}");
    }

    #[test]
    fn every_spec_of_the_suite_parses_or_is_refused_with_a_place() {
        let shipped = include_str!("../../spec/futures.yaml");
        assert!(matches!(
            parse(shipped),
            Ok(Node {
                value: Value::Map(_),
                ..
            })
        ));
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let mut seen = 0;
        for dir in ["tests/ui/specs", "cli/tests/cli"] {
            for entry in std::fs::read_dir(format!("{root}/{dir}"))
                .into_iter()
                .flatten()
            {
                let path = entry.expect("entry").path();
                if path.extension().is_some_and(|e| e == "yaml") {
                    let text = std::fs::read_to_string(&path).unwrap_or_default();
                    if let Err(d) = parse(&text) {
                        assert!(d.line > 0, "{}: {d:?}", path.display());
                    }
                    seen += 1;
                }
            }
        }
        assert!(seen > 20, "{seen} specs");
    }

    #[test]
    fn nodes_know_where_they_are() {
        let Ok(Node {
            value: Value::Map(m),
            ..
        }) = parse("a:\n  b: [1, 2]\n")
        else {
            panic!("not a map")
        };
        let (k, v) = &m[0];
        assert_eq!((k.loc.line(), k.loc.column()), (1, 1));
        let Value::Map(inner) = &v.value else {
            panic!("not a map")
        };
        assert_eq!((inner[0].1.loc.line(), inner[0].1.loc.column()), (2, 6));
    }

    #[test]
    fn syntax_errors_carry_the_path_around_them() {
        let text = "endpoints:\n  depth:\n    method: GET\n\tpath: /x\n";
        let d = parse(text).expect_err("tab");
        assert!(d.line == 3 || d.line == 4, "{d:?}");
        assert_eq!(d.path, "endpoints.depth", "{d:?}");
        assert!(d.message.contains("indent with spaces"), "{d:?}");
        assert!(!d.message.contains("at line"), "{d:?}");
        let text = "a:\n  codes:\n    - { code: 1 }\n    - { code: 2\n  b: 1\n";
        assert_eq!(path_at(text, 5), "a");
        assert_eq!(path_at(text, 4), "a.codes");
        assert_eq!(
            path_at("a:\n  codes:\n    - x\n    - y: 1\n      z\n", 5),
            "a.codes[1]"
        );
    }
}
