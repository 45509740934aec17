//! From findings to splices: each finding's edit of the spec, at the list or map the located
//! tree finds for it (a type's `fields`, an enum's `values`, an error table's `codes`,
//! `stream.events`, `market_stream.channels`), and the new types its samples need, appended to
//! `types`. A finding that cannot be placed leaves no splice behind.

use std::collections::BTreeSet;
use std::ops::Range;

use contango_codegen::tree::{Node, Value};
use contango_runtime::drift::suggest::{suggest, type_name};
use contango_runtime::drift::{Finding, FindingKind};
use serde_json::Value as Json;

use super::locate::{Spec, Spot, entries, entry, get, items};
use super::splice::Splice;
use super::yaml_text::{
    DOC, Yaml, channel_template, code_name, field_entry, quoted, sample_value, seen, yaml_key,
};

/// The splices placing the findings, and the findings left out.
pub struct Plan<'s> {
    spec: &'s Spec<'s>,
    pub splices: Vec<Splice>,
    /// The findings (by number) that could not be placed.
    pub unplaced: Vec<usize>,
    /// New types, appended to `types` once every finding is placed.
    new_types: Vec<NewType>,
    /// Names taken: the spec's types and enums, and the new types.
    taken: BTreeSet<String>,
    /// Error code names taken, in every table (the generator wants them unique across tables).
    code_names: BTreeSet<String>,
    /// Entries added, by where their list or map starts and their key (a field name, an enum
    /// value, a code): a finding seen again (another endpoint sharing the type) adds nothing.
    added: BTreeSet<(usize, String)>,
    /// The finding being placed.
    finding: usize,
}

/// A new type, and the finding that needs it.
struct NewType {
    finding: usize,
    entry: Entry,
}

/// An entry to add to a list or map, after a `# drift:` comment saying where it was seen.
struct Entry {
    /// Its key in a map (`None`: an item of a list).
    key: Option<String>,
    /// What names it among the entries added ([`Plan::known`]).
    id: String,
    value: Yaml,
    seen: String,
    /// How far each level of a block value is indented ([`Yaml::lines`]).
    steps: Vec<usize>,
    /// A blank line before the comment.
    blank_before: bool,
}

impl Entry {
    fn new(key: Option<&str>, id: &str, value: Yaml, seen: &str) -> Self {
        Entry {
            key: key.map(str::to_owned),
            id: id.to_owned(),
            value,
            seen: seen.to_owned(),
            steps: Vec::new(),
            blank_before: false,
        }
    }
}

impl<'s> Plan<'s> {
    /// The plan placing every finding `skip` does not name.
    pub fn make(spec: &'s Spec<'s>, findings: &[Finding], skip: impl Fn(usize) -> bool) -> Self {
        let names = |section: &str| {
            let keys = spec.at(&[section]).map_or(&[][..], entries);
            keys.iter().filter_map(|(k, _)| k.key_text())
        };
        let taken = names("types").chain(names("enums")).collect();
        let code_names = spec
            .at(&["error_tables"])
            .map_or(&[][..], entries)
            .iter()
            .filter_map(|(_, table)| get(table, "codes"))
            .flat_map(items)
            .filter_map(|c| get(c, "name")?.key_text())
            .collect();
        let mut plan = Plan {
            spec,
            splices: Vec::new(),
            unplaced: Vec::new(),
            new_types: Vec::new(),
            taken,
            code_names,
            added: BTreeSet::new(),
            finding: 0,
        };
        for (i, f) in findings.iter().enumerate().filter(|(i, _)| !skip(*i)) {
            plan.finding = i;
            if !plan.place(f) {
                plan.drop_finding(i);
            }
        }
        plan.place_new_types();
        plan
    }

    fn drop_finding(&mut self, i: usize) {
        self.splices.retain(|s| s.finding != i);
        self.new_types.retain(|t| t.finding != i);
        self.unplaced.push(i);
    }

    fn place(&mut self, f: &Finding) -> bool {
        let seen = seen(f);
        match f.kind {
            FindingKind::UnknownField => self.new_field(f, &seen),
            FindingKind::UnknownEnumValue => self.new_enum_value(f, &seen),
            FindingKind::UnknownErrorCode => self.new_error_code(f, &seen),
            FindingKind::MissingField => self.edit_field(f, &seen, Edit::Optional),
            FindingKind::TypeMismatch => self.edit_field(f, &seen, Edit::Retype),
            FindingKind::UnknownEvent => self.new_event(f, &seen),
            FindingKind::UnknownChannel => self.new_channel(f, &seen),
        }
    }

    /// The list or map at `path`, if it is one.
    fn collection(&self, path: &[&str]) -> Option<&'s Node> {
        let spec: &'s Spec<'s> = self.spec;
        spec.at(path)
            .filter(|n| matches!(n.value, Value::Map(_) | Value::Seq(_)))
    }

    /// The list or map `key` of the finding's spec item in `section` (`types.Account.fields`).
    fn of_spec_type(&self, f: &Finding, section: &str, key: &str) -> Option<&'s Node> {
        let item = f.spec_type.as_deref()?;
        self.collection(&[section, item, key])
    }

    fn new_field(&mut self, f: &Finding, seen: &str) -> bool {
        let Some(fields) = self.of_spec_type(f, "types", "fields") else {
            return false;
        };
        if let Some(placed) = self.known(fields, &f.wire, "") {
            return placed;
        }
        // The Rust names taken: each field's key and `name:`, and the fields added before.
        let start = start(fields);
        let existing: Vec<String> = entries(fields)
            .iter()
            .flat_map(|(k, v)| [k.key_text(), get(v, "name").and_then(Node::key_text)])
            .flatten()
            .chain(
                self.added
                    .iter()
                    .filter(|(at, _)| *at == start)
                    .map(|(_, k)| k.clone()),
            )
            .collect();
        let Some(ty) = self.type_of(&f.wire, &sample_value(f), seen) else {
            return false;
        };
        let (key, value) = field_entry(&f.wire, &ty, &existing);
        self.add(fields, Entry::new(Some(&key), &f.wire, value, seen))
    }

    fn new_enum_value(&mut self, f: &Finding, seen: &str) -> bool {
        let Some(e) = f
            .spec_type
            .as_deref()
            .and_then(|n| self.spec.at(&["enums", n]))
        else {
            return false;
        };
        let Some(values) = get(e, "values").filter(|v| matches!(v.value, Value::Seq(_))) else {
            return false;
        };
        if let Some(placed) = self.known(values, &f.wire, "wire") {
            return placed;
        }
        let wire = yaml_key(&f.wire);
        let integer = get(e, "repr").and_then(Node::key_text).as_deref() == Some("integer");
        let text = if integer {
            let name = format!("Value{}", f.wire.replace('-', "Minus"));
            format!("{{ wire: {wire}, name: {name}, doc: {DOC} }}")
        } else {
            format!("{{ wire: {wire}, doc: {DOC} }}")
        };
        self.add(values, Entry::new(None, &f.wire, Yaml::Inline(text), seen))
    }

    fn new_error_code(&mut self, f: &Finding, seen: &str) -> bool {
        let Some(codes) = self.of_spec_type(f, "error_tables", "codes") else {
            return false;
        };
        if let Some(placed) = self.known(codes, &f.wire, "code") {
            return placed;
        }
        let message = f.message.as_deref().unwrap_or_default();
        let mut name = code_name(message, &f.wire);
        if self.code_names.contains(&name) {
            name = format!("{name}_{}", f.wire.trim_start_matches('-'));
        }
        let shown = if message.is_empty() {
            "not documented"
        } else {
            message
        };
        let text = format!(
            "{{ code: {}, name: {name}, message: {}, retry: never }}",
            f.wire,
            quoted(shown)
        );
        let placed = self.add(codes, Entry::new(None, &f.wire, Yaml::Inline(text), seen));
        if placed {
            self.code_names.insert(name);
        }
        placed
    }

    fn new_event(&mut self, f: &Finding, seen: &str) -> bool {
        let Some(events) = self.collection(&["stream", "events"]) else {
            return false;
        };
        if let Some(placed) = self.known(events, &f.wire, "") {
            return placed;
        }
        let Some(ty) = self.type_of(&f.wire, &sample_value(f), seen) else {
            return false;
        };
        let value = Yaml::Inline(format!("{{ type: {ty}, doc: {DOC} }}"));
        self.add(
            events,
            Entry::new(Some(&yaml_key(&f.wire)), &f.wire, value, seen),
        )
    }

    fn new_channel(&mut self, f: &Finding, seen: &str) -> bool {
        let Some(channels) = self.collection(&["market_stream", "channels"]) else {
            return false;
        };
        let sample = sample_value(f);
        let Some(template) = channel_template(&f.wire).filter(|_| sample.is_object()) else {
            return false;
        };
        let key = template
            .rsplit("{symbol}_")
            .next()
            .unwrap_or_default()
            .replace(|c: char| !c.is_ascii_alphanumeric(), "_");
        if let Some(placed) = self.known(channels, &key, "") {
            return placed;
        }
        let seen = format!("{seen} (name template guessed from the channel name: check it)");
        let Some(ty) = self.type_of(&format!("market_{key}"), &sample, &seen) else {
            return false;
        };
        let value = Yaml::Block(vec![
            ("doc".into(), Yaml::Inline(DOC.into())),
            ("name".into(), Yaml::Inline(quoted(&template))),
            ("payload".into(), Yaml::Inline(ty)),
        ]);
        let market = self.spec.at(&["market_stream"]);
        let step = (self.spec.child_step(channels))
            .or_else(|| market.and_then(|m| self.spec.child_step(m)))
            .unwrap_or(2);
        let entry = Entry::new(Some(&key), &key, value, &seen);
        self.add(
            channels,
            Entry {
                steps: vec![step],
                ..entry
            },
        )
    }

    /// Makes field `f.wire` of type `f.spec_type` optional, or gives it the type its sample
    /// suggests, with a `# drift:` comment above its line.
    fn edit_field(&mut self, f: &Finding, seen: &str, edit: Edit) -> bool {
        let field = self
            .of_spec_type(f, "types", "fields")
            .and_then(|fields| entry(fields, &f.wire));
        let Some((key, value)) = field else {
            return false;
        };
        let change = match edit {
            Edit::Optional => self.unrequire(value).map(|r| (r, String::new())),
            Edit::Retype => {
                let typed = match value.value {
                    Value::Map(_) => get(value, "type"),
                    Value::Seq(_) => None,
                    _ => Some(value),
                };
                let span = typed.and_then(|t| self.spec.span(t));
                let ty = span
                    .is_some()
                    .then(|| self.type_of(&f.wire, &sample_value(f), seen))
                    .flatten();
                span.zip(ty)
            }
        };
        let Some((range, text)) = change else {
            return false;
        };
        if self
            .splices
            .iter()
            .any(|s| s.range == range && s.text == text)
        {
            return true;
        }
        let line = self.spec.line_start(start(key));
        let comment = format!(
            "{}# drift: {seen}{}",
            " ".repeat(self.spec.indent_at(line)),
            self.spec.newline
        );
        self.splice(line..line, comment) && self.splice(range, text)
    }

    /// The bytes to remove so that field `value` is no longer `required: true`: the entry and
    /// a comma beside it in braces, its lines in a block map.
    fn unrequire(&self, value: &Node) -> Option<Range<usize>> {
        let es = entries(value);
        let i = es.iter().position(|(k, v)| {
            k.key_str().as_deref() == Some("required") && matches!(v.value, Value::Bool(true))
        })?;
        let (k, v) = &es[i];
        let spec = self.spec;
        if !spec.is_flow(value) {
            return Some(spec.line_start(start(k))..spec.line_after(spec.end(v)?));
        }
        Some(match (i.checked_sub(1).map(|p| &es[p]), es.get(i + 1)) {
            (_, Some((next, _))) => start(k)..start(next),
            (Some((pk, pv)), None) => spec.entry_end(pk, pv)?..spec.end(v)?,
            (None, None) => start(k)..spec.end(v)?,
        })
    }

    /// The spec type of `v` seen under `key`; an object (or a list of them) becomes a new type,
    /// `None` when the spec has no `types` to put it in. An empty object is `json`: a type
    /// needs a field.
    fn type_of(&mut self, key: &str, v: &Json, seen: &str) -> Option<String> {
        match v {
            Json::Object(map) if map.is_empty() => Some("json".into()),
            Json::Object(map) => {
                self.collection(&["types"])
                    .and_then(|t| self.spec.spot(t))?;
                let base = type_name(key);
                let mut name = base.clone();
                let mut n = 2;
                while self.taken.contains(&name) {
                    name = format!("{base}{n}");
                    n += 1;
                }
                self.taken.insert(name.clone());
                let mut fields = Vec::new();
                let mut existing = Vec::new();
                for (k, fv) in map {
                    let ty = self.type_of(k, fv, seen)?;
                    fields.push(field_entry(k, &ty, &existing));
                    existing.push(k.clone());
                }
                let value = Yaml::Block(vec![
                    ("doc".into(), Yaml::Inline(DOC.into())),
                    ("fields".into(), Yaml::Block(fields)),
                ]);
                self.new_types.push(NewType {
                    finding: self.finding,
                    entry: Entry::new(Some(&name), &name, value, seen),
                });
                Some(name)
            }
            Json::Array(items) => Some(match items.iter().find(|i| !i.is_null()) {
                Some(first) => format!("list<{}>", self.type_of(key, first, seen)?),
                None => "list<string>".into(),
            }),
            other => Some(suggest(key, other)),
        }
    }

    /// Appends the new types to `types`, each after a blank line, indented as the spec's types
    /// are (their keys, and their fields under `fields:`).
    fn place_new_types(&mut self) {
        let Some(types) = self.collection(&["types"]) else {
            return;
        };
        let outer = self.spec.child_step(types).unwrap_or(2);
        let inner = entries(types)
            .iter()
            .find_map(|(_, t)| self.spec.child_step(t))
            .unwrap_or(outer);
        for NewType { finding, entry } in std::mem::take(&mut self.new_types) {
            self.finding = finding;
            let entry = Entry {
                steps: vec![outer, inner],
                blank_before: true,
                ..entry
            };
            if !self.add(types, entry) {
                self.drop_finding(finding);
            }
        }
    }

    /// `Some(placed)` when entry `id` of `collection` is not to be added: added already for a
    /// finding seen elsewhere (placed), or in the spec already (not placed: the finding says it
    /// is not). A list's items are told apart by their `field` (`wire`, `code`).
    fn known(&self, collection: &Node, id: &str, field: &str) -> Option<bool> {
        if self.added.contains(&(start(collection), id.to_owned())) {
            return Some(true);
        }
        let in_spec = match collection.value {
            Value::Seq(_) => items(collection)
                .iter()
                .any(|i| get(i, field).and_then(Node::key_text).as_deref() == Some(id)),
            _ => entry(collection, id).is_some(),
        };
        in_spec.then_some(false)
    }

    /// Adds `entry` after the last entry of `collection`, with its comment: as lines at the
    /// entries' column in a block collection, inline in a flow one (the comment on a line of its
    /// own above).
    fn add(&mut self, collection: &Node, entry: Entry) -> bool {
        let Entry {
            key,
            id,
            value,
            seen,
            steps,
            blank_before,
        } = entry;
        let nl = self.spec.newline;
        let placed = match self.spec.spot(collection) {
            None => false,
            Some(Spot::Lines { at, indent, gap }) => {
                let pad = " ".repeat(indent);
                let mut lines = Vec::new();
                if blank_before {
                    lines.push(String::new());
                }
                lines.push(format!("{pad}# drift: {seen}"));
                match key {
                    Some(k) => value.lines(&k, indent, &steps, &mut lines),
                    None => lines.push(format!("{pad}-{}{}", " ".repeat(gap), value.inline())),
                }
                let mut text = lines.join(nl) + nl;
                let spec = self.spec.text;
                if at == spec.len() && !spec.is_empty() && !spec.ends_with('\n') {
                    text.insert_str(0, nl);
                }
                self.splice(at..at, text)
            }
            Some(Spot::Inline {
                at,
                empty,
                comment_at,
                comment_indent,
            }) => {
                let comment = format!("{}# drift: {seen}{nl}", " ".repeat(comment_indent));
                let entry = match key {
                    Some(k) => format!("{k}: {}", value.inline()),
                    None => value.inline(),
                };
                let entry = if empty {
                    format!(" {entry} ")
                } else {
                    format!(", {entry}")
                };
                self.splice(comment_at..comment_at, comment) && self.splice(at..at, entry)
            }
        };
        if placed {
            self.added.insert((start(collection), id));
        }
        placed
    }

    /// Records a splice of the finding being placed; false when it would touch bytes another
    /// splice changes.
    fn splice(&mut self, range: Range<usize>, text: String) -> bool {
        let s = Splice {
            range,
            text,
            finding: self.finding,
        };
        if self.splices.iter().any(|o| o.overlaps(&s)) {
            return false;
        }
        self.splices.push(s);
        true
    }
}

/// How a field found on the wire differs from the spec's.
#[derive(Clone, Copy)]
enum Edit {
    /// Sometimes absent: no longer `required`.
    Optional,
    /// Of another type than the spec's.
    Retype,
}

/// Where a node starts (0 when the tree does not know).
fn start(node: &Node) -> usize {
    node.loc.span().map_or(0, |s| s.start)
}
