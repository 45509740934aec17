//! Reading the located YAML tree into the spec model, strictly but without stopping at the first
//! mistake: every unknown key, missing key, wrong kind of value and duplicate is reported with its
//! location and key path, and reading goes on.
//!
//! A broken object is left out (`None`) and its container is broken in turn, up to the named maps
//! of the top level (`types`, `enums`, `endpoints`, ...), which drop the broken entry and remember
//! its name, so `validate` neither complains about references to it nor about what is missing
//! because of it: one mistake, one message.
//!
//! What the model is read into besides its own structs is here too: [`Map`] (the named maps, in
//! spec order, with what was dropped) and [`Scalar`] (a YAML scalar kept as text).

use crate::diag::{Diagnostics, closest};
use crate::schema::{Object, Shape};
use crate::yaml::{Location, Spanned};
use crate::yaml::{Node, Value};
use std::borrow::Cow;

/// A YAML scalar kept as text, with what kind of scalar it was.
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar {
    Str(String),
    Int(i64),
    Float(String),
    Bool(bool),
}

impl Scalar {
    /// The scalar as written (numbers in their decimal text).
    pub fn text(&self) -> String {
        match self {
            Scalar::Str(s) | Scalar::Float(s) => s.clone(),
            Scalar::Int(i) => i.to_string(),
            Scalar::Bool(b) => b.to_string(),
        }
    }
}

/// An order-preserving map from located keys. Keeping every entry (rather than a `HashMap`)
/// keeps the generated code in spec order and lets validation point at each key.
#[derive(Debug)]
pub struct Map<V> {
    pub entries: Vec<(Spanned<String>, V)>,
    /// Names of entries left out because of a reported mistake (references to them are not
    /// reported again).
    pub dropped: Vec<String>,
    /// The map itself could not be read (missing, or not a map); it is empty.
    pub unreadable: bool,
}

impl<V> Default for Map<V> {
    fn default() -> Self {
        Map {
            entries: Vec::new(),
            dropped: Vec::new(),
            unreadable: false,
        }
    }
}

impl<V> Map<V> {
    pub fn iter(&self) -> impl Iterator<Item = &(Spanned<String>, V)> {
        self.entries.iter()
    }

    /// Whether the map is empty although nothing in it was broken.
    pub fn truly_empty(&self) -> bool {
        self.entries.is_empty() && self.dropped.is_empty() && !self.unreadable
    }
}

impl Diagnostics {
    /// "expected X, found Y".
    pub fn mismatch(&mut self, n: &Node, path: &str, expected: &str) {
        let hint = match (&n.value, expected.contains("a string")) {
            (Value::Int(_) | Value::Float(_) | Value::Bool(_), true) => {
                let text = n.key_text().unwrap_or_default();
                format!(" (quote it: `\"{text}\"`)")
            }
            _ => String::new(),
        };
        self.err(
            n.loc,
            path,
            format!("expected {expected}, found {}{hint}", n.describe()),
        );
    }
}

/// `a.b` / `a[3]` key paths.
pub fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// A model value read from a node. `shape` is what the key was declared to hold (it describes
/// the elements of lists and maps, and what to say when the value is of the wrong kind).
pub trait Read: Sized {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, shape: &Shape) -> Option<Self>;
}

/// What a map's entries are, for "duplicate endpoint `x`".
pub trait Named {
    const NOUN: &'static str;
}

/// Reads `n` as `T`, for [`Object::check`].
pub fn check<T: Read>(cx: &mut Diagnostics, n: &Node) -> bool {
    T::read(cx, n, "", &Shape::Str).is_some()
}

impl Read for String {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, shape: &Shape) -> Option<Self> {
        match &n.value {
            Value::Str(s) => Some(s.clone()),
            _ => {
                cx.mismatch(n, path, &shape.expected());
                None
            }
        }
    }
}

impl Read for bool {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, _: &Shape) -> Option<Self> {
        match &n.value {
            Value::Bool(b) => Some(*b),
            _ => {
                cx.mismatch(n, path, &Shape::Bool.expected());
                None
            }
        }
    }
}

impl Read for i64 {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, _: &Shape) -> Option<Self> {
        match &n.value {
            Value::Int(i) => Some(*i),
            _ => {
                cx.mismatch(n, path, &Shape::Int.expected());
                None
            }
        }
    }
}

impl Read for u64 {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, _: &Shape) -> Option<Self> {
        match &n.value {
            Value::Int(i) if *i >= 0 => u64::try_from(*i).ok(),
            _ => {
                cx.mismatch(n, path, &Shape::UInt.expected());
                None
            }
        }
    }
}

impl Read for Scalar {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, _: &Shape) -> Option<Self> {
        match &n.value {
            Value::Str(s) => Some(Scalar::Str(s.clone())),
            Value::Int(i) => Some(Scalar::Int(*i)),
            Value::Float(f) => Some(Scalar::Float(f.clone())),
            Value::Bool(b) => Some(Scalar::Bool(*b)),
            _ => {
                cx.mismatch(n, path, &Shape::Scalar.expected());
                None
            }
        }
    }
}

impl<T: Read> Read for Spanned<T> {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, shape: &Shape) -> Option<Self> {
        T::read(cx, n, path, shape).map(|v| Spanned::new(v, n.loc, n.loc))
    }
}

impl<T: Read> Read for Vec<T> {
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, shape: &Shape) -> Option<Self> {
        let Value::Seq(items) = &n.value else {
            cx.mismatch(n, path, &shape.expected());
            return None;
        };
        let inner = match shape {
            Shape::List(i) => *i,
            other => other,
        };
        let mut out = Some(Vec::with_capacity(items.len()));
        for (i, item) in items.iter().enumerate() {
            let v = T::read(cx, item, &format!("{path}[{i}]"), inner);
            match (v, &mut out) {
                (Some(v), Some(o)) => o.push(v),
                _ => out = None,
            }
        }
        out
    }
}

impl<V: Read + Named> Map<V> {
    /// Reads every entry; a broken entry is left out and its name remembered.
    pub fn read_lenient(cx: &mut Diagnostics, n: &Node, path: &str, shape: &Shape) -> Self {
        let Value::Map(entries) = &n.value else {
            cx.mismatch(n, path, &shape.expected());
            return Map::unreadable();
        };
        let inner = match shape {
            Shape::Map(i) => *i,
            other => other,
        };
        let mut map = Map::default();
        let mut seen: Vec<(String, Location)> = Vec::new();
        for (k, v) in entries {
            let Some(name) = k.key_text() else {
                cx.err(
                    k.loc,
                    path,
                    format!(
                        "a {} name must be a plain name, not a list or a map",
                        V::NOUN
                    ),
                );
                map.unreadable = true;
                continue;
            };
            let kpath = join(path, &name);
            if let Some((_, first)) = seen.iter().find(|(s, _)| *s == name) {
                cx.err(
                    k.loc,
                    &kpath,
                    format!(
                        "duplicate {} `{name}`; the first is at line {}",
                        V::NOUN,
                        first.line()
                    ),
                );
                continue;
            }
            seen.push((name.clone(), k.loc));
            match V::read(cx, v, &kpath, inner) {
                Some(value) => map.entries.push((Spanned::new(name, k.loc, k.loc), value)),
                None => map.dropped.push(name),
            }
        }
        map
    }
}

impl<V: Read + Named> Read for Map<V> {
    /// Strict: any broken entry breaks the whole map (so nothing half-read reaches `validate`).
    fn read(cx: &mut Diagnostics, n: &Node, path: &str, shape: &Shape) -> Option<Self> {
        let map = Map::read_lenient(cx, n, path, shape);
        (map.dropped.is_empty() && !map.unreadable).then_some(map)
    }
}

/// Reading one object: each key asked for once, then [`Obj::finish`] reports what was left over
/// (unknown keys, with "did you mean") and what was missing.
pub struct Obj<'a> {
    cx: &'a mut Diagnostics,
    shape: &'static Object,
    path: String,
    loc: Location,
    entries: Vec<(Cow<'a, str>, &'a Node, &'a Node, bool)>,
    missing: Vec<&'static str>,
    ok: bool,
    top_level: bool,
}

impl<'a> Obj<'a> {
    pub fn new(
        cx: &'a mut Diagnostics,
        n: &'a Node,
        path: &str,
        shape: &'static Object,
    ) -> Option<Self> {
        let Value::Map(m) = &n.value else {
            cx.mismatch(n, path, "a map");
            return None;
        };
        let mut entries: Vec<(Cow<'a, str>, &'a Node, &'a Node, bool)> =
            Vec::with_capacity(m.len());
        let mut ok = true;
        for (k, v) in m {
            let Some(name) = k.key_str() else {
                cx.err(
                    k.loc,
                    path,
                    "a key must be a plain name, not a list or a map",
                );
                ok = false;
                continue;
            };
            if let Some((_, first, _, _)) = entries.iter().find(|(s, ..)| *s == name) {
                cx.err(
                    k.loc,
                    join(path, &name),
                    format!(
                        "duplicate key `{name}`; the first is at line {}",
                        first.loc.line()
                    ),
                );
                continue;
            }
            entries.push((name, k, v, false));
        }
        Some(Obj {
            cx,
            shape,
            path: path.to_string(),
            loc: n.loc,
            entries,
            missing: Vec::new(),
            ok,
            top_level: path.is_empty(),
        })
    }

    fn take(&mut self, key: &'static str) -> Option<(&'a Node, &'static Shape)> {
        let decl = self.shape.key(key);
        debug_assert!(
            decl.is_some(),
            "the reader of `{}` asks for `{key}`, which its shape does not declare",
            self.shape.name
        );
        let shape = decl.map_or(&Shape::Str, |k| &k.shape);
        let entry = self.entries.iter_mut().find(|(s, ..)| s == key)?;
        entry.3 = true;
        Some((entry.2, shape))
    }

    /// A required key; `None` when missing or broken (both reported).
    pub fn req<T: Read>(&mut self, key: &'static str) -> Option<T> {
        debug_assert!(
            self.shape.key(key).is_none_or(|k| k.required),
            "`{}.{key}` is read as required but declared optional",
            self.shape.name
        );
        match self.take(key) {
            Some((n, shape)) => {
                let v = T::read(self.cx, n, &join(&self.path, key), shape);
                self.ok &= v.is_some();
                v
            }
            None => {
                self.missing.push(key);
                self.ok = false;
                None
            }
        }
    }

    /// An optional key; `None` when absent or broken (reported).
    pub fn opt<T: Read>(&mut self, key: &'static str) -> Option<T> {
        debug_assert!(
            self.shape.key(key).is_none_or(|k| !k.required),
            "`{}.{key}` is read as optional but declared required",
            self.shape.name
        );
        let (n, shape) = self.take(key)?;
        let v = T::read(self.cx, n, &join(&self.path, key), shape);
        self.ok &= v.is_some();
        v
    }

    /// A top-level named map: broken entries are dropped, the rest kept.
    pub fn map_lenient<V: Read + Named>(&mut self, key: &'static str) -> Map<V> {
        let required = self.shape.key(key).is_some_and(|k| k.required);
        match self.take(key) {
            Some((n, shape)) => {
                let map = Map::read_lenient(self.cx, n, &join(&self.path, key), shape);
                self.ok &= !map.unreadable;
                map
            }
            None => {
                if required {
                    self.missing.push(key);
                    Map::unreadable()
                } else {
                    Map::default()
                }
            }
        }
    }

    /// Reports unknown and missing keys; `true` when the whole object was read without a mistake.
    pub fn finish(self) -> bool {
        let Obj {
            cx,
            shape,
            path,
            loc,
            entries,
            mut missing,
            ok,
            top_level,
        } = self;
        let mut clean = ok;
        // What an unknown key is compared with, worked out only when there is one: most objects
        // have none, and this runs for every object of the spec.
        let mut unknown = entries.iter().filter(|(.., used)| !*used).peekable();
        let (absent, expected): (Vec<&str>, String) = if unknown.peek().is_some() {
            let absent = shape
                .keys
                .iter()
                .map(|k| k.name)
                .filter(|k| !entries.iter().any(|(s, ..)| s == k))
                .collect();
            let expected = shape
                .keys
                .iter()
                .map(|k| k.name)
                .collect::<Vec<_>>()
                .join(", ");
            (absent, expected)
        } else {
            (Vec::new(), String::new())
        };
        for (name, k, v, _) in unknown {
            debug_assert!(
                shape.key(name).is_none(),
                "the reader of `{}` ignores its declared key `{name}`",
                shape.name
            );
            clean = false;
            let suggestion = closest(name, absent.iter().copied());
            if let Some(s) = suggestion {
                missing.retain(|m| *m != s);
            }
            let what = if top_level { "top-level key" } else { "key" };
            let mut hint = suggestion
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            if matches!(v.value, Value::Null) && name.contains(' ') {
                // `{ doc: Mark price, used for liquidation. }`: the comma ended the value.
                hint = " (the rest of a value cut at a comma? in `{ ... }`, quote values that contain `,`)".into();
            }
            cx.err(
                k.loc,
                join(&path, name),
                format!("unknown {what} `{name}`{hint}; expected one of: {expected}"),
            );
        }
        for m in missing {
            clean = false;
            let what = shape.key(m).map(describe_key).unwrap_or_default();
            cx.err(loc, &path, format!("missing required key `{m}`{what}"));
        }
        clean
    }
}

/// ": the product lines and their path prefixes" — a key's documentation, as a hint.
fn describe_key(k: &crate::schema::Key) -> String {
    let doc = k.doc.trim().trim_end_matches('.');
    let mut chars = doc.chars();
    match chars.next() {
        Some(first) => format!(": {}{}", first.to_lowercase(), chars.as_str()),
        None => format!("; expected {}", k.shape.expected()),
    }
}

impl<V> Map<V> {
    /// A map that could not be read at all (missing, or not a map).
    pub fn unreadable() -> Self {
        Map {
            entries: Vec::new(),
            dropped: Vec::new(),
            unreadable: true,
        }
    }
}
