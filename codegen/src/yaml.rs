//! The spec text as a located YAML tree: every node knows its line and column. A YAML syntax
//! mistake (bad indentation, a tab, an unclosed bracket) is reported here, with the key path
//! around it. Reading the tree into the spec model is `spec`'s job.
//!
//! Scalars follow the YAML 1.2 core schema (what editors' YAML language servers use): `yes`, `N`
//! and `ON` are strings, not booleans, so an enum value `N` stays `N`.
//!
//! Two ways to the same tree. Plain documents (no anchors, aliases, tags, merge keys, one
//! document, within the parser's budgets: every spec we know) are built straight from the
//! parser's events ([`from_events`]), which costs about a third of going through serde. Anything
//! else, and every syntax error, takes serde-saphyr's deserializer ([`from_serde`]), which
//! resolves and reports it. `tests::both_ways_build_the_same_tree` holds the two equal.

use crate::diag::Diagnostic;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::granit_parser::{self, Event, ScalarStyle};
use std::borrow::Cow;
use std::fmt;

pub use crate::location::Location;

impl Location {
    fn from_saphyr(l: serde_saphyr::Location) -> Location {
        let span = l.span();
        Location {
            line: l.line(),
            column: l.column(),
            bytes: span.byte_offset().zip(span.byte_len()),
        }
    }

    /// What serde-saphyr makes of a parser span (its `location_from_span`), so both ways to the
    /// tree agree to the byte.
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

/// How deeply lists and maps may nest.
const MAX_DEPTH: usize = 24;

/// Parses one YAML document into a located tree.
pub fn parse(text: &str) -> Result<Node, Diagnostic> {
    match from_events(text) {
        Some(node) => Ok(node),
        None => from_serde(text),
    }
}

/// The tree through serde-saphyr's deserializer: any YAML, every syntax error reported.
fn from_serde(text: &str) -> Result<Node, Diagnostic> {
    // The spec nests about eight levels deep; a low limit keeps deep input from exhausting the
    // stack of the compiler thread running the macro.
    let mut budget = serde_saphyr::Budget::default();
    budget.max_depth = MAX_DEPTH;
    let opts = serde_saphyr::options! {
        duplicate_keys: serde_saphyr::DuplicateKeyPolicy::PassThrough,
        budget: Some(budget),
    };
    match serde_saphyr::from_str_with_options::<serde_saphyr::Spanned<Raw>>(text, opts) {
        Ok(raw) => Ok(convert(raw, text)),
        Err(e) => Err(syntax_diag(&e, text)),
    }
}

/// Containers nested deeper than this, documents with more nodes or more text, take
/// [`from_serde`]: well inside its budget (depth [`MAX_DEPTH`], 250,000 nodes, 64 MiB of
/// scalars), so that it reports what breaks it. The parser's own limits (nesting, key length)
/// are its defaults on both ways.
const EVENTS_MAX_DEPTH: usize = MAX_DEPTH - 4;
const EVENTS_MAX_NODES: usize = 100_000;
const EVENTS_MAX_BYTES: usize = 16 << 20;

/// The tree straight from the parser's events, for a plain document: `None` (and
/// [`from_serde`] decides) at anything else, including every syntax error. What is accepted is
/// built exactly as [`from_serde`] builds it: scalars typed as [`convert`] types them, nodes
/// located where serde-saphyr locates them.
fn from_events(text: &str) -> Option<Node> {
    if text.len() > EVENTS_MAX_BYTES {
        return None;
    }
    let mut parser = granit_parser::Parser::new_from_str(text);
    // A stack of open containers: the node, and for a map the key waiting for its value.
    let mut open: Vec<(Node, Option<Node>)> = Vec::new();
    let mut root = None;
    let mut nodes = 0usize;
    let mut documents = 0;
    loop {
        let (event, span) = parser.next_event()?.ok()?;
        let loc = Location::from_span(&span);
        let node = match event {
            Event::StreamStart => continue,
            Event::StreamEnd => break,
            Event::DocumentStart(_, version) => {
                documents += 1;
                if documents > 1 || version.is_some() {
                    return None;
                }
                continue;
            }
            Event::DocumentEnd => continue,
            Event::Scalar(value, style, anchor, tag) => {
                if anchor != 0 || tag.is_some() {
                    return None;
                }
                Node {
                    value: scalar(text, &value, style, loc)?,
                    loc,
                }
            }
            Event::SequenceStart(_, anchor, ref tag) | Event::MappingStart(_, anchor, ref tag) => {
                if anchor != 0 || tag.is_some() || open.len() >= EVENTS_MAX_DEPTH {
                    return None;
                }
                let value = match event {
                    Event::SequenceStart(..) => Value::Seq(Vec::new()),
                    _ => Value::Map(Vec::new()),
                };
                open.push((Node { value, loc }, None));
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let (node, pending) = open.pop()?;
                if pending.is_some() {
                    return None;
                }
                node
            }
            // Aliases, anchors of their own, comments: serde-saphyr's business.
            _ => return None,
        };
        nodes += 1;
        if nodes > EVENTS_MAX_NODES {
            return None;
        }
        match open.last_mut() {
            None if root.is_none() => root = Some(node),
            None => return None,
            Some((
                Node {
                    value: Value::Seq(items),
                    ..
                },
                _,
            )) => items.push(node),
            Some((
                Node {
                    value: Value::Map(entries),
                    ..
                },
                pending,
            )) => match pending.take() {
                Some(key) => entries.push((key, node)),
                // A merge key (`<<`) or a key that is a list or map: serde-saphyr's business.
                None if matches!(&node.value, Value::Str(k) if k == "<<") => return None,
                None if matches!(node.value, Value::Seq(_) | Value::Map(_)) => return None,
                None => *pending = Some(node),
            },
            Some(_) => return None,
        }
    }
    if documents != 1 || !open.is_empty() {
        return None;
    }
    root
}

/// An untagged scalar event as [`convert`] types it after serde-saphyr, or `None` where only
/// serde-saphyr's own typing can say (a plain scalar that reads as a number or a boolean in a
/// spelling the two might take differently).
fn scalar(text: &str, value: &str, style: ScalarStyle, loc: Location) -> Option<Value> {
    if !matches!(style, ScalarStyle::Plain) {
        return Some(Value::Str(value.to_string()));
    }
    if source_text(text, loc) != Some(value) {
        // Folded over lines: a string, as long as something separates words (no spelling of a
        // number or boolean has a space or a line break inside).
        let folded = value.trim().contains(char::is_whitespace);
        return folded.then(|| Value::Str(value.to_string()));
    }
    match resolve_plain(value) {
        Value::Str(s) => Some(Value::Str(s)),
        // Spellings serde-saphyr types the same way (`tests::both_ways_build_the_same_tree`).
        typed if plainly_typed(value) => Some(typed),
        _ => None,
    }
}

/// `null`, `true`, `-12`, `2.50`: null and boolean words and decimal numbers without a leading
/// zero or an exponent, which serde-saphyr types as [`resolve_plain`] does.
fn plainly_typed(w: &str) -> bool {
    if matches!(
        w,
        "" | "~"
            | "null"
            | "Null"
            | "NULL"
            | "true"
            | "True"
            | "TRUE"
            | "false"
            | "False"
            | "FALSE"
    ) {
        return true;
    }
    let unsigned = w.strip_prefix('-').unwrap_or(w);
    let (int, frac) = unsigned.split_once('.').unwrap_or((unsigned, "1"));
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    digits(int)
        && digits(frac)
        && (int == "0" || !int.starts_with('0'))
        && (unsigned.contains('.') || w.parse::<i64>().is_ok())
}

/// What serde-saphyr hands over: typed scalars and located children.
enum Raw {
    Null,
    Bool(bool),
    Int(i64),
    BigInt(u64),
    Float(f64),
    Str(String),
    Seq(Vec<serde_saphyr::Spanned<Raw>>),
    Map(Vec<(serde_saphyr::Spanned<Raw>, serde_saphyr::Spanned<Raw>)>),
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Raw;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("any YAML value")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Raw, E> {
                Ok(Raw::Null)
            }
            fn visit_none<E: de::Error>(self) -> Result<Raw, E> {
                Ok(Raw::Null)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Raw, D::Error> {
                Raw::deserialize(d)
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Raw, E> {
                Ok(Raw::Bool(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Raw, E> {
                Ok(Raw::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Raw, E> {
                Ok(i64::try_from(v).map_or(Raw::BigInt(v), Raw::Int))
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<Raw, E> {
                Ok(Raw::Str(v.to_string()))
            }
            fn visit_u128<E: de::Error>(self, v: u128) -> Result<Raw, E> {
                Ok(Raw::Str(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Raw, E> {
                Ok(Raw::Float(v))
            }
            fn visit_char<E: de::Error>(self, v: char) -> Result<Raw, E> {
                Ok(Raw::Str(v.to_string()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Raw, E> {
                Ok(Raw::Str(v.to_string()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Raw, E> {
                Ok(Raw::Str(v))
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Raw, E> {
                Ok(Raw::Str(String::from_utf8_lossy(v).into_owned()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Raw, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = a.next_element()? {
                    v.push(x);
                }
                Ok(Raw::Seq(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Raw, A::Error> {
                let mut v = Vec::new();
                while let Some(k) = a.next_key()? {
                    v.push((k, a.next_value()?));
                }
                Ok(Raw::Map(v))
            }
        }
        d.deserialize_any(V)
    }
}

fn convert(raw: serde_saphyr::Spanned<Raw>, text: &str) -> Node {
    let loc = Location::from_saphyr(raw.referenced);
    let value = match raw.value {
        Raw::Str(s) => Value::Str(s),
        Raw::Seq(items) => Value::Seq(items.into_iter().map(|i| convert(i, text)).collect()),
        Raw::Map(entries) => Value::Map(
            entries
                .into_iter()
                .map(|(k, v)| (convert(k, text), convert(v, text)))
                .collect(),
        ),
        typed => {
            // Re-read what was written by the YAML 1.2 core schema; fall back to the parser's typing
            // for aliases and tagged values.
            let written = source_text(text, loc)
                .filter(|w| !w.starts_with(['*', '&', '!']) && !w.contains(['\n', '"', '\'']));
            match written {
                Some(w) => resolve_plain(w),
                None => match typed {
                    Raw::Null => Value::Null,
                    Raw::Bool(b) => Value::Bool(b),
                    Raw::Int(i) => Value::Int(i),
                    Raw::BigInt(u) => Value::Float(u.to_string()),
                    Raw::Float(f) => Value::Float(f.to_string()),
                    Raw::Str(s) => Value::Str(s),
                    Raw::Seq(_) | Raw::Map(_) => Value::Null,
                },
            }
        }
    };
    Node { value, loc }
}

/// The source text a location spans, when known.
fn source_text(text: &str, loc: Location) -> Option<&str> {
    text.get(loc.span()?)
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
fn syntax_diag(e: &serde_saphyr::Error, text: &str) -> Diagnostic {
    let loc = e
        .location()
        .map_or(Location::UNKNOWN, Location::from_saphyr);
    let full = e.without_snippet().to_string();
    let first = full.lines().next().unwrap_or_default();
    let mut msg = first.strip_prefix("error: ").unwrap_or(first);
    if let Some((head, rest)) = msg.split_once(": ") {
        if head.starts_with("line ") {
            msg = rest;
        }
    }
    let msg = strip_position(msg);
    let message = if msg.contains("multiple YAML documents") {
        "the spec must be a single YAML document, but a second one starts here (`---`)".to_string()
    } else if msg.contains("tab") {
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

    /// Asserts that [`from_events`], where it builds a tree, builds exactly [`from_serde`]'s.
    fn same_tree(text: &str) -> bool {
        let Some(fast) = from_events(text) else {
            return false;
        };
        match from_serde(text) {
            Ok(slow) => assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{text}"),
            Err(d) => panic!("only the events accept {text:?}: {d:?}"),
        }
        true
    }

    #[test]
    fn both_ways_build_the_same_tree() {
        let shipped = include_str!("../../spec/futures.yaml");
        assert!(same_tree(shipped), "the shipped spec takes the fast way");
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        for dir in ["tests/ui/specs", "cli/tests/cli"] {
            for entry in std::fs::read_dir(format!("{root}/{dir}"))
                .into_iter()
                .flatten()
            {
                let path = entry.expect("entry").path();
                if path.extension().is_some_and(|e| e == "yaml") {
                    same_tree(&std::fs::read_to_string(&path).unwrap_or_default());
                }
            }
        }
        // Every spelling of a scalar, in block and flow style, as key and as value.
        let scalars = [
            "",
            "~",
            "null",
            "Null",
            "NULL",
            "nULL",
            "true",
            "True",
            "TRUE",
            "tRUE",
            "false",
            "yes",
            "No",
            "ON",
            "off",
            "y",
            "N",
            "0",
            "-0",
            "+0",
            "007",
            "-007",
            "12",
            "-12",
            "+12",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "99999999999999999999",
            "0x1F",
            "0X1f",
            "0o17",
            "0o8",
            "0b101",
            "1_000",
            "1__0",
            "2.50",
            "-2.50",
            "0.5",
            "00.5",
            "-0.0",
            ".5",
            "-.5",
            "5.",
            "1e3",
            "1E-3",
            "1.5e+3",
            ".inf",
            "-.Inf",
            ".NaN",
            "nan",
            "inf",
            "1:2",
            "12:30:00",
            "2001-12-14",
            "1,000",
            "$1",
            "a b",
            "it's",
            "say \"hi\"",
            "'quoted'",
            "\"12\"",
            "'007'",
            "\"true\"",
            "- x",
            "? x",
            "a #c",
            "a#b",
            "@x",
            "%x",
            "`x`",
            "é",
            "1 000",
            "1\n  000",
            "yes\n  no",
            "word\n\n  next",
            "|\n  lit\n  text\n",
            ">\n  folded\n  text\n",
            "|-\n  12\n",
            "&a 5",
            "*a",
            "!!str 5",
            "!!int \"5\"",
            "!x y",
            "<<",
            "[1, 2]",
            "{a: 1}",
            "[]",
            "{}",
        ];
        let mut fast = 0;
        for v in scalars {
            for doc in [
                format!("a: {v}\n"),
                format!("a:\n  - {v}\n  - z\n"),
                format!("m: {{k: {v}, j: 1}}\n"),
                format!("l: [{v}, 1]\n"),
                format!("{v}: 1\nb: 2\n"),
                format!("x:\n  {v}: 1\n  {v}: 2\n"),
                format!("---\na: {v}\n...\n"),
                format!("a: &x {v}\nb: *x\n"),
                format!("<<: {{a: {v}}}\nb: 1\n"),
                format!("a: {v}\n---\nb: 1\n"),
                format!("a:\n\tb: {v}\n"),
                format!("? [{v}]\n: 1\n"),
                v.to_string(),
            ] {
                fast += usize::from(same_tree(&doc));
            }
        }
        assert!(
            fast > 400,
            "the fast way is taken for plain documents ({fast})"
        );
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
