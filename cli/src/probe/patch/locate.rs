//! Where an edit goes, read from the generator's located YAML tree (`contango_codegen::tree`):
//! the node at a key path, the byte where a list or map ends, the column its entries are written
//! at. Nothing here assumes a layout: the extents and columns are the tree's, so a spec indented
//! by four spaces, or with comments between its entries, is edited where it should be.

use std::ops::Range;

use contango_codegen::tree::{self, Node, Value};

/// The spec's text and its located tree.
pub struct Spec<'a> {
    pub text: &'a str,
    pub root: Node,
    /// The text's line break (`\r\n` when it uses them), for the lines an edit adds.
    pub newline: &'static str,
}

/// Where new entries of a list or map go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spot {
    /// A block list or map: new lines at `at` (the start of the line after its last entry), each
    /// entry at column `indent`; a list item's text `gap` spaces after its `-`.
    Lines {
        at: usize,
        indent: usize,
        gap: usize,
    },
    /// A flow list or map (`{ .. }`, `[ .. ]`): the entry written at `at`, after the last entry
    /// (`empty`: just inside the opening bracket); its comment goes on a line of its own at
    /// `comment_at` (the start of the collection's line), indented as that line.
    Inline {
        at: usize,
        empty: bool,
        comment_at: usize,
        comment_indent: usize,
    },
}

impl<'a> Spec<'a> {
    /// The tree of `text`, or why it has none (a YAML syntax mistake, rendered).
    pub fn parse(text: &'a str, file: &str) -> Result<Self, String> {
        let root = tree::parse(text).map_err(|d| d.render(file))?;
        let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
        Ok(Spec {
            text,
            root,
            newline,
        })
    }

    /// The node at `path`, a key of a map at each step from the root.
    pub fn at(&self, path: &[&str]) -> Option<&Node> {
        path.iter().try_fold(&self.root, |node, key| get(node, key))
    }

    /// Where `node` ends: just past its last byte (a flow collection's closing bracket, a block
    /// scalar's last character before the blank lines the tree counts as its own).
    pub fn end(&self, node: &Node) -> Option<usize> {
        let span = node.loc.span()?;
        match &node.value {
            Value::Map(entries) if self.is_flow(node) => {
                let last = entries.last().map(|(k, v)| self.entry_end(k, v));
                self.closing(last.unwrap_or(Some(span.end))?)
            }
            Value::Seq(items) if self.is_flow(node) => {
                let last = items.last().map(|i| self.end(i));
                self.closing(last.unwrap_or(Some(span.end))?)
            }
            Value::Map(entries) => entries.last().and_then(|(k, v)| self.entry_end(k, v)),
            Value::Seq(items) => items.last().and_then(|i| self.end(i)),
            _ => Some(span.start + self.text.get(span)?.trim_end().len()),
        }
    }

    /// Where a map entry ends: its value's end, or its key's when the value is empty.
    pub fn entry_end(&self, key: &Node, value: &Node) -> Option<usize> {
        Some(self.end(key)?.max(self.end(value)?))
    }

    /// Just past the closing bracket that follows `from`, over spaces, commas and comments.
    fn closing(&self, from: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let mut i = from;
        while let Some(&b) = bytes.get(i) {
            match b {
                b'}' | b']' => return Some(i + 1),
                b' ' | b'\t' | b'\r' | b'\n' | b',' => i += 1,
                b'#' => i = self.line_after(i),
                _ => return None,
            }
        }
        None
    }

    /// Whether a list or map is written in flow style (in brackets).
    pub fn is_flow(&self, node: &Node) -> bool {
        let start = node.loc.span().map(|s| s.start);
        matches!(
            start.and_then(|s| self.text.as_bytes().get(s)),
            Some(b'{' | b'[')
        )
    }

    /// Where new entries of `collection` (a list or map) go; `None` for anything else.
    pub fn spot(&self, collection: &Node) -> Option<Spot> {
        let start = collection.loc.span()?.start;
        if self.is_flow(collection) {
            let (last, empty) = match &collection.value {
                Value::Map(entries) => match entries.last() {
                    Some((k, v)) => (self.entry_end(k, v)?, false),
                    None => (start + 1, true),
                },
                Value::Seq(items) => match items.last() {
                    Some(i) => (self.end(i)?, false),
                    None => (start + 1, true),
                },
                _ => return None,
            };
            let comment_at = self.line_start(start);
            return Some(Spot::Inline {
                at: last,
                empty,
                comment_at,
                comment_indent: self.indent_at(comment_at),
            });
        }
        let (indent, gap) = match &collection.value {
            Value::Map(entries) => (column(&entries.first()?.0)?, 0),
            Value::Seq(items) => {
                let dash = column(collection)?;
                let item = items.first().and_then(column).unwrap_or(dash + 2);
                (dash, item.saturating_sub(dash + 1).max(1))
            }
            _ => return None,
        };
        Some(Spot::Lines {
            at: self.line_after(self.end(collection)?),
            indent,
            gap,
        })
    }

    /// How far this spec indents a block map's children under its keys (`types:` to a type's
    /// `doc:`), from the first entry of `map` whose value is a block map.
    pub fn child_step(&self, map: &Node) -> Option<usize> {
        entries(map).iter().find_map(|(k, v)| {
            let is_block_map = matches!(v.value, Value::Map(_)) && !self.is_flow(v);
            is_block_map
                .then(|| column(v)?.checked_sub(column(k)?))
                .flatten()
                .filter(|&s| s > 0)
        })
    }

    /// The start of the line holding byte `pos`.
    pub fn line_start(&self, pos: usize) -> usize {
        self.text[..pos].rfind('\n').map_or(0, |i| i + 1)
    }

    /// The start of the line after the one holding byte `pos` (the text's end on the last line).
    pub fn line_after(&self, pos: usize) -> usize {
        self.text[pos..]
            .find('\n')
            .map_or(self.text.len(), |i| pos + i + 1)
    }

    /// The spaces a line starts with (`at` is its start).
    pub fn indent_at(&self, at: usize) -> usize {
        self.text[at..].len() - self.text[at..].trim_start_matches(' ').len()
    }

    /// The bytes of `node`'s own text (a scalar as written).
    pub fn span(&self, node: &Node) -> Option<Range<usize>> {
        let span = node.loc.span()?;
        Some(span.start..self.end(node)?)
    }
}

/// The 0-based column of a node.
pub fn column(node: &Node) -> Option<usize> {
    usize::try_from(node.loc.column().checked_sub(1)?).ok()
}

/// The entries of a map (none for anything else).
pub fn entries(node: &Node) -> &[(Node, Node)] {
    match &node.value {
        Value::Map(entries) => entries,
        _ => &[],
    }
}

/// The items of a list (none for anything else).
pub fn items(node: &Node) -> &[Node] {
    match &node.value {
        Value::Seq(items) => items,
        _ => &[],
    }
}

/// The entry of map `node` under `key`.
pub fn entry<'n>(node: &'n Node, key: &str) -> Option<&'n (Node, Node)> {
    entries(node)
        .iter()
        .find(|(k, _)| k.key_str().as_deref() == Some(key))
}

/// The value of map `node` under `key`.
pub fn get<'n>(node: &'n Node, key: &str) -> Option<&'n Node> {
    entry(node, key).map(|(_, v)| v)
}
