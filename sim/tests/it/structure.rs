//! The simulator's structure, read from its source: no import circle between its files, and no
//! interface path written by hand (the routes come from the spec's table).
//!
//! A file depends on another when it names an item of it: in a `use` (a re-export counts) or in
//! a path in its code (`crate::a::b::Item`, `super::x`). A child module's use of its own parent,
//! and `mod` declarations, do not count. Test code (`#[cfg(test)] mod tests`, `tests.rs`,
//! `testing.rs`) and comments are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file (`exchange/orders/place.rs` → `["exchange","orders","place"]`,
/// `exchange/mod.rs` → `["exchange"]`, `lib.rs` → `[]`).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if let Some(last) = parts.pop() {
        let stem = last.trim_end_matches(".rs").to_owned();
        if stem != "mod" && stem != "lib" {
            parts.push(stem);
        }
    }
    parts
}

/// The code of a file without comments, string literals' contents, and its test module.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                out.push('"');
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                out.push('"');
                i += 1;
            }
            b'\'' if b.get(i + 2) == Some(&b'\'') => {
                out.push_str("' '");
                i += 3;
            }
            c => {
                out.push(c as char);
                i += 1;
            }
        }
    }
    out
}

/// The string literals of a file's code (comments and test module left out).
fn literals(text: &str) -> Vec<String> {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'\'' if b.get(i + 2) == Some(&b'\'') => i += 3,
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                out.push(String::from_utf8_lossy(&b[start..i.min(b.len())]).into_owned());
                i += 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// Every path a `use` names, braces expanded (`use a::{b, c::d}` → `a::b`, `a::c::d`).
fn use_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        let after = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            rest = after;
            continue;
        }
        let Some(end) = after.find(';') else { break };
        let tree = after[..end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let tree = ["::", "{", "}", ","].iter().fold(tree, |t, sep| {
            t.replace(&format!(" {sep}"), sep)
                .replace(&format!("{sep} "), sep)
        });
        expand("", &tree, &mut out);
        rest = &after[end..];
    }
    out
}

fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    match tree.find('{') {
        None => {
            for item in split_top(tree) {
                let item = item.split(" as ").next().unwrap_or(item);
                out.push(format!("{prefix}{item}"));
            }
        }
        Some(open) => {
            let head = &tree[..open];
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            for item in split_top(inner) {
                expand(&format!("{prefix}{head}"), item, out);
            }
        }
    }
}

/// `a, b::{c, d}, e` split at the commas outside braces.
fn split_top(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out.into_iter().filter(|s| !s.is_empty()).collect()
}

/// Paths written in code: `crate::a::b` and `super::a` sequences.
fn code_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        let mut rest = code;
        while let Some(at) = rest.find(start) {
            let before = rest[..at].chars().last();
            let tail = &rest[at..];
            let len = tail
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(tail.len());
            if !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                out.push(tail[..len].trim_end_matches(':').to_owned());
            }
            rest = &tail[len.max(1)..];
        }
    }
    out
}

/// The module a path leads to from module `from`: the deepest module of the crate it names.
fn resolve(
    from: &[String],
    path: &str,
    modules: &BTreeSet<Vec<String>>,
    is_mod_rs: bool,
) -> Option<Vec<String>> {
    let mut segs = path.split("::").filter(|s| !s.is_empty());
    let first = segs.next()?;
    // `super` in `a/b.rs` (module a::b) is a; in `a/mod.rs` (module a) it is the crate root.
    let _ = is_mod_rs;
    let mut at: Vec<String> = match first {
        "crate" => Vec::new(),
        "self" => from.to_vec(),
        "super" => {
            let mut m = from.to_vec();
            m.pop()?;
            m
        }
        _ => {
            // A path relative to the current module (`use child::Item`).
            let mut m = from.to_vec();
            m.push(first.to_owned());
            if !modules.contains(&m) {
                return None;
            }
            m
        }
    };
    for s in segs {
        if s == "super" {
            at.pop()?;
            continue;
        }
        let mut next = at.clone();
        next.push(s.to_owned());
        if modules.contains(&next) {
            at = next;
        } else {
            break;
        }
    }
    Some(at)
}

fn graph() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    files_and_graph().1
}

/// Each module's file (relative to `src/`), and the modules each module names.
#[allow(clippy::type_complexity)]
fn files_and_graph() -> (
    BTreeMap<Vec<String>, PathBuf>,
    BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
) {
    let root = src();
    let mut all = Vec::new();
    files(&root, &mut all);
    let rel: Vec<PathBuf> = all
        .iter()
        .filter_map(|p| p.strip_prefix(&root).ok().map(Path::to_path_buf))
        .filter(|p| {
            // Test-only files are not the simulator's structure.
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            !matches!(name.as_deref(), Some("tests.rs" | "testing.rs"))
        })
        .collect();
    let modules: BTreeSet<Vec<String>> = rel.iter().map(|p| module_of(p)).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for p in &rel {
        let text = std::fs::read_to_string(root.join(p)).unwrap_or_default();
        let from = module_of(p);
        let is_mod = p.file_name().is_some_and(|n| n == "mod.rs");
        let code = code(&text);
        let mut targets = BTreeSet::new();
        for path in use_paths(&code).into_iter().chain(code_paths(&code)) {
            if let Some(to) = resolve(&from, &path, &modules, is_mod) {
                let parent = &from[..from.len().saturating_sub(1)];
                let own_parent = !from.is_empty() && to == parent;
                if to != from && !own_parent {
                    targets.insert(to);
                }
            }
        }
        edges.insert(from, targets);
    }
    let files = rel.iter().map(|p| (module_of(p), p.clone())).collect();
    (files, edges)
}

/// A circle through `start`, if one exists.
fn circle(
    edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
    start: &Vec<String>,
) -> Option<Vec<Vec<String>>> {
    let mut stack = vec![(start.clone(), vec![start.clone()])];
    let mut seen = BTreeSet::new();
    while let Some((at, trail)) = stack.pop() {
        for next in edges.get(&at).into_iter().flatten() {
            if next == start {
                let mut c = trail.clone();
                c.push(next.clone());
                return Some(c);
            }
            if seen.insert(next.clone()) {
                let mut t = trail.clone();
                t.push(next.clone());
                stack.push((next.clone(), t));
            }
        }
    }
    None
}

fn show(m: &[String]) -> String {
    if m.is_empty() {
        "lib".to_owned()
    } else {
        m.join("::")
    }
}

#[test]
fn no_import_circle_between_the_simulators_files() {
    let edges = graph();
    assert!(
        edges.len() > 40,
        "read the simulator's files: {}",
        edges.len()
    );
    let mut circles = Vec::new();
    for m in edges.keys() {
        if let Some(c) = circle(&edges, m) {
            circles.push(c.iter().map(|m| show(m)).collect::<Vec<_>>().join(" → "));
        }
    }
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_checker_sees_a_circle() {
    let modules: BTreeSet<Vec<String>> = [vec![], vec!["a".into()], vec!["b".into()]]
        .into_iter()
        .collect();
    let a = code("use crate::b::Thing;\n// use crate::nothing;\nfn f() { let _ = \"crate::a\"; }");
    let b = code("fn g() { crate::a::h(); }");
    let to = |from: &str, c: &str| {
        use_paths(c)
            .into_iter()
            .chain(code_paths(c))
            .filter_map(|p| resolve(&[from.to_owned()], &p, &modules, false))
            .collect::<BTreeSet<_>>()
    };
    let mut edges = BTreeMap::new();
    edges.insert(vec!["a".to_owned()], to("a", &a));
    edges.insert(vec!["b".to_owned()], to("b", &b));
    assert_eq!(edges[&vec!["a".to_owned()]].len(), 1, "{edges:?}");
    assert!(circle(&edges, &vec!["a".to_owned()]).is_some());
    assert_eq!(
        use_paths("use super::{x::{Y, Z as W}, v};"),
        ["super::x::Y", "super::x::Z", "super::v"]
    );
}

#[test]
fn no_interface_path_is_written_by_hand() {
    let mut paths: BTreeSet<String> = BTreeSet::new();
    for p in contango::Product::ALL {
        paths.insert(p.prefix().to_owned());
    }
    for meta in contango::ENDPOINTS {
        paths.insert(meta.path.to_owned());
    }
    for template in [
        contango::Event::URL_TEMPLATE,
        <contango::MarketStreamApi as contango_runtime::stream::MarketApi>::URL_TEMPLATE,
    ] {
        let path = template
            .split_once("://")
            .and_then(|(_, r)| r.find('/').map(|i| &r[i..]))
            .unwrap_or(template);
        paths.insert(path.split('?').next().unwrap_or(path).to_owned());
    }
    let root = src();
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut found = Vec::new();
    for f in all {
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned());
        if matches!(name.as_deref(), Some("tests.rs" | "testing.rs")) {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for lit in literals(&text) {
            for p in &paths {
                let at_boundary = lit.match_indices(p.as_str()).any(|(i, _)| {
                    let end = lit[i + p.len()..].chars().next();
                    !end.is_some_and(|c| c.is_alphanumeric() || c == '_')
                });
                if at_boundary {
                    found.push(format!("{}: \"{lit}\" has {p}", f.display()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "interface paths written by hand:\n{}",
        found.join("\n")
    );
}

/// The simulator's layers, lowest first (docs/design.md, The venue's flow): an import may only
/// go down or stay in its layer. A module belongs to the layer of the longest path listed that
/// holds it (`""` is the crate's root, `lib.rs`). The research crate and the command sit above
/// them all, as packages that depend on this one: Cargo keeps their imports pointing down.
const LAYERS: &[(&str, &[&str])] = &[
    (
        "base",
        &["time", "rng", "error", "codec", "config", "keys", "latency"],
    ),
    ("core", &["exchange"]),
    ("venue", &["venue"]),
    (
        "feeds and durability",
        &["feeds", "journal", "store", "history"],
    ),
    ("servers", &["server", "replay"]),
    ("handle", &["", "handle"]),
];

/// The layer of module `m`: its index and name, `None` when no layer holds it.
fn layer_of(m: &[String]) -> Option<(usize, &'static str)> {
    let path = m.join("::");
    let mut best: Option<(usize, usize, &'static str)> = None;
    for (i, (name, prefixes)) in LAYERS.iter().enumerate() {
        for p in prefixes.iter() {
            let holds = if p.is_empty() {
                path.is_empty()
            } else {
                path == *p
                    || path
                        .strip_prefix(p)
                        .is_some_and(|rest| rest.starts_with("::"))
            };
            if holds && best.is_none_or(|(len, _, _)| p.len() > len) {
                best = Some((p.len(), i, name));
            }
        }
    }
    best.map(|(_, i, name)| (i, name))
}

/// Every import from a lower layer to a higher one, as `file (layer) → file (layer)`; and the
/// modules no layer holds.
fn upward(
    files: &BTreeMap<Vec<String>, PathBuf>,
    edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
) -> (Vec<String>, Vec<String>) {
    let file = |m: &Vec<String>| {
        files
            .get(m)
            .map_or_else(|| show(m), |p| p.display().to_string())
    };
    let (mut up, mut unplaced) = (Vec::new(), BTreeSet::new());
    for (from, targets) in edges {
        let Some((lf, nf)) = layer_of(from) else {
            unplaced.insert(file(from));
            continue;
        };
        for to in targets {
            match layer_of(to) {
                Some((lt, nt)) if lt > lf => {
                    up.push(format!("{} ({nf}) → {} ({nt})", file(from), file(to)));
                }
                Some(_) => {}
                None => {
                    unplaced.insert(file(to));
                }
            }
        }
    }
    (up, unplaced.into_iter().collect())
}

#[test]
fn no_import_goes_up_a_layer() {
    let (files, edges) = files_and_graph();
    assert!(
        edges.len() > 40,
        "read the simulator's files: {}",
        edges.len()
    );
    let (up, unplaced) = upward(&files, &edges);
    assert!(
        unplaced.is_empty(),
        "modules no layer holds (place them in LAYERS and docs/design.md):\n{}",
        unplaced.join("\n")
    );
    assert!(
        up.is_empty(),
        "{} imports go up a layer:\n{}",
        up.len(),
        up.join("\n")
    );
}

#[test]
fn the_layer_check_sees_an_upward_import() {
    let m = |s: &str| -> Vec<String> {
        s.split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let modules: BTreeSet<Vec<String>> = [
        m(""),
        m("exchange"),
        m("exchange::orders"),
        m("server"),
        m("venue"),
    ]
    .into_iter()
    .collect();
    // The core naming a server's item, in a `use` and in a path; a comment naming the venue.
    let core = code(
        "use crate::server::Hub;\n// crate::venue::Venue\nfn f() { super::super::venue::v(); }",
    );
    let targets = |from: &Vec<String>, c: &str| {
        use_paths(c)
            .into_iter()
            .chain(code_paths(c))
            .filter_map(|p| resolve(from, &p, &modules, false))
            .filter(|to| to != from)
            .collect::<BTreeSet<_>>()
    };
    let from = m("exchange::orders");
    let mut edges = BTreeMap::new();
    edges.insert(from.clone(), targets(&from, &core));
    // A server naming the core goes down: allowed.
    edges.insert(
        m("server"),
        targets(&m("server"), "use crate::exchange::orders::x;"),
    );
    let files = [
        (from.clone(), PathBuf::from("exchange/orders.rs")),
        (m("server"), PathBuf::from("server.rs")),
        (m("venue"), PathBuf::from("venue.rs")),
    ]
    .into_iter()
    .collect();
    let (up, unplaced) = upward(&files, &edges);
    assert!(unplaced.is_empty(), "{unplaced:?}");
    assert_eq!(
        up,
        [
            "exchange/orders.rs (core) → server.rs (servers)",
            "exchange/orders.rs (core) → venue.rs (venue)",
        ],
        "{edges:?}"
    );
    assert_eq!(layer_of(&m("server::hubs")).map(|l| l.1), Some("servers"));
    assert_eq!(layer_of(&m("latency")).map(|l| l.1), Some("base"));
    assert_eq!(layer_of(&m("")).map(|l| l.1), Some("handle"));
    assert_eq!(layer_of(&m("nowhere")), None);
}
