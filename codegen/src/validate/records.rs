//! `types`: each record's shape and fields (Rust names, aliases, encodings), and the records that
//! would hold themselves.

use super::names::rust_name;
use super::types::{Kind, Kinds, type_expr};
use crate::diag::Diagnostics;
use crate::ir::{self, Ty};
use crate::spec::{self, FieldDef, Spec, Str};
use std::collections::{HashMap, HashSet};

pub(super) fn record(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    key: &Str,
    def: &spec::TypeDef,
) -> ir::Record {
    let path = format!("types.{}", key.value);
    let array_shape = match def.shape.as_ref().map(|s| s.value.as_str()) {
        None | Some("object") => false,
        Some("array") => true,
        Some(other) => {
            let loc = def.shape.as_ref().map_or(key.referenced, |s| s.referenced);
            cx.err(
                loc,
                format!("{path}.shape"),
                format!("unknown shape `{other}`; expected `object` or `array`"),
            );
            false
        }
    };
    if def.fields.entries.is_empty() {
        cx.err(
            key.referenced,
            format!("{path}.fields"),
            "a type needs at least one field",
        );
    }
    let mut taken = Taken::default();
    let fields = def
        .fields
        .iter()
        .filter_map(|(wkey, f)| {
            let fpath = format!("{path}.fields.{}", wkey.value);
            field(cx, kinds, &mut taken, wkey, f, &fpath)
        })
        .collect();
    ir::Record {
        name: key.value.clone(),
        doc: def.doc.clone(),
        array_shape,
        fields,
    }
}

/// What the record's earlier fields took: Rust names (with the wire name that took each) and
/// wire names and aliases.
#[derive(Default)]
struct Taken {
    rust: HashMap<String, String>,
    wire: HashSet<String>,
}

/// One field; `None` when it cannot be generated (reported).
fn field(
    cx: &mut Diagnostics,
    kinds: &Kinds,
    taken: &mut Taken,
    wkey: &Str,
    f: &FieldDef,
    fpath: &str,
) -> Option<ir::Field> {
    let (ty_s, required, name, aliases, doc, encode) = match f {
        FieldDef::Short(t) => (t, false, None, &[][..], None, None),
        FieldDef::Full(f) => (
            &f.ty,
            f.required,
            f.name.as_ref(),
            &f.aliases[..],
            f.doc.clone(),
            f.encode.as_ref(),
        ),
    };
    let ty = type_expr(cx, kinds, ty_s, wkey.referenced, fpath, true).unwrap_or(Ty::Json);
    let rust = rust_name(cx, &wkey.value, name, wkey.referenced, fpath)?;
    if let Some(other) = taken.rust.get(&rust) {
        cx.err(wkey.referenced, fpath, format!("field `{}` and field `{other}` both become the Rust field `{rust}`; give one of them a distinct `name:`", wkey.value));
        return None;
    }
    taken.rust.insert(rust.clone(), wkey.value.clone());
    taken.wire.insert(wkey.value.clone());
    let mut kept_aliases = Vec::new();
    for a in aliases {
        if !taken.wire.insert(a.value.clone()) {
            cx.err(
                a.referenced,
                format!("{fpath}.aliases"),
                format!("alias `{}` duplicates another field or alias", a.value),
            );
            continue;
        }
        kept_aliases.push(a.value.clone());
    }
    let encode_string = super::params::encoding(cx, encode, wkey, &format!("{fpath}.encode"));
    Some(ir::Field {
        wire: wkey.value.clone(),
        rust,
        ty,
        required,
        aliases: kept_aliases,
        doc,
        encode_string,
    })
}

/// A record holding itself (not through a list) would have infinite size. Returns the records on
/// such cycles (reported once per cycle), which are then not generated.
pub(super) fn recursion(cx: &mut Diagnostics, spec: &Spec, kinds: &Kinds) -> HashSet<String> {
    let mut cyclic = HashSet::new();
    let direct = |def: &spec::TypeDef| -> Vec<String> {
        def.fields
            .iter()
            .filter_map(|(_, f)| {
                let t = match f {
                    FieldDef::Short(t) => &t.value,
                    FieldDef::Full(f) => &f.ty.value,
                };
                let t = t.trim();
                (kinds.get(t) == Some(&Kind::Record)).then(|| t.to_string())
            })
            .collect()
    };
    let edges: HashMap<&str, Vec<String>> = spec
        .types
        .iter()
        .map(|(k, d)| (k.value.as_str(), direct(d)))
        .collect();
    let on_cycle = cyclic_components(&edges);
    for (key, _) in spec.types.iter() {
        if cyclic.contains(&key.value) || !on_cycle.contains(key.value.as_str()) {
            continue;
        }
        // Depth-first search for a path back to `key`. Each record is entered once and the path
        // is rebuilt from parent links when found: copying the path at every step made this
        // cubic in the length of a chain of records.
        let mut parent: HashMap<&str, &str> = HashMap::new();
        let mut stack: Vec<&str> = vec![key.value.as_str()];
        'search: while let Some(at) = stack.pop() {
            for next in edges.get(at).into_iter().flatten() {
                if *next == key.value {
                    let mut cycle = vec![next.clone()];
                    let mut node = at;
                    while node != key.value {
                        cycle.push(node.to_string());
                        match parent.get(node) {
                            Some(p) => node = p,
                            None => break,
                        }
                    }
                    cycle.push(key.value.clone());
                    cycle.reverse();
                    cx.err(
                        key.referenced,
                        format!("types.{}", key.value),
                        format!(
                            "`{}` contains itself ({}), which no value can hold; make one of the fields a `list<...>`",
                            key.value,
                            cycle.join(" -> ")
                        ),
                    );
                    cyclic.extend(cycle);
                    break 'search;
                }
                if next.as_str() != key.value && !parent.contains_key(next.as_str()) {
                    parent.insert(next, at);
                    stack.push(next);
                }
            }
        }
    }
    cyclic
}

/// The records that lie on some cycle of `edges`: members of a strongly connected component of
/// more than one record, or holding themselves directly (Tarjan's algorithm, without recursion so
/// a long chain of records cannot exhaust the stack; linear in records and fields).
fn cyclic_components<'a>(edges: &'a HashMap<&'a str, Vec<String>>) -> HashSet<&'a str> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut low: HashMap<&str, usize> = HashMap::new();
    let mut on_stack: HashSet<&str> = HashSet::new();
    let mut stack: Vec<&str> = Vec::new();
    let mut out = HashSet::new();
    let mut next_index = 0;
    let succ = |n: &str| -> &'a [String] { edges.get(n).map_or(&[][..], Vec::as_slice) };
    let mut roots: Vec<&str> = edges.keys().copied().collect();
    roots.sort_unstable();
    for root in roots {
        if index.contains_key(root) {
            continue;
        }
        // (node, position in its successor list)
        let mut work: Vec<(&str, usize)> = vec![(root, 0)];
        index.insert(root, next_index);
        low.insert(root, next_index);
        next_index += 1;
        stack.push(root);
        on_stack.insert(root);
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if let Some(w) = succ(v).get(*i) {
                *i += 1;
                let w = w.as_str();
                let Some(w) = edges.get_key_value(w).map(|(k, _)| *k) else {
                    continue;
                };
                if let Some(&wi) = index.get(w) {
                    if on_stack.contains(w) {
                        let lv = low[v].min(wi);
                        low.insert(v, lv);
                    }
                } else {
                    index.insert(w, next_index);
                    low.insert(w, next_index);
                    next_index += 1;
                    stack.push(w);
                    on_stack.insert(w);
                    work.push((w, 0));
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                let lu = low[u].min(low[v]);
                low.insert(u, lu);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack.remove(w);
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                let self_loop = succ(v).iter().any(|s| s == v);
                if component.len() > 1 || self_loop {
                    out.extend(component);
                }
            }
        }
    }
    out
}
