//! The slow path: a value walked against its spec type, each difference a [`Finding`].

use serde_json::Value;

use super::schema::{Record, Ty};
use super::suggest::suggest;
use super::{Finding, FindingKind, sample};

/// Walks `value` (the decoded value's root) as `ty`, calling `out` for each difference;
/// `source` names the endpoint, event or channel.
pub(crate) fn walk(source: &str, value: &Value, ty: Ty, out: &mut dyn FnMut(Finding)) {
    let mut w = Walker { source, out };
    w.value(value, ty, &mut String::new(), "", None);
}

struct Walker<'a> {
    source: &'a str,
    out: &'a mut dyn FnMut(Finding),
}

impl Walker<'_> {
    fn finding(
        &mut self,
        kind: FindingKind,
        path: &str,
        wire: &str,
        value: Option<(&Value, &str)>,
        spec_type: Option<&str>,
        message: Option<String>,
    ) {
        (self.out)(Finding {
            kind,
            endpoint: self.source.to_owned(),
            path: path.to_owned(),
            wire: wire.to_owned(),
            sample: value.map(|(v, _)| sample(v)),
            suggested_type: value.map(|(v, key)| suggest(key, v)),
            spec_type: spec_type.map(str::to_owned),
            message,
            count: 0,
        });
    }

    /// `key` is the field's wire name (empty at the root and for list items' parents);
    /// `holder` the record holding the field.
    fn value(&mut self, v: &Value, ty: Ty, path: &mut String, key: &str, holder: Option<&str>) {
        match ty {
            Ty::Any => {}
            Ty::Scalar { name, accepts } => {
                if !accepts(v) {
                    self.mismatch(v, path, key, holder, name);
                }
            }
            Ty::Enum { name, known } => match known(v) {
                Some(true) => {}
                Some(false) => {
                    let wire = match v {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    self.finding(
                        FindingKind::UnknownEnumValue,
                        path,
                        &wire,
                        None,
                        Some(name),
                        None,
                    );
                }
                None => self.mismatch(v, path, key, holder, name),
            },
            Ty::List { item, or_one } => match v {
                Value::Null => {}
                Value::Array(items) => {
                    let len = path.len();
                    path.push_str("[]");
                    for i in items {
                        // `{}` and `null` stand for nothing in a one-or-many list.
                        if or_one && is_nothing(i) {
                            continue;
                        }
                        self.value(i, item(), path, key, holder);
                    }
                    path.truncate(len);
                }
                Value::Object(_) if or_one => {
                    if !is_nothing(v) {
                        self.value(v, item(), path, key, holder);
                    }
                }
                _ => self.mismatch(v, path, key, holder, "list"),
            },
            Ty::Record(r) if r.array => self.array_record(v, r, path, key, holder),
            Ty::Record(r) => self.object_record(v, r, path, key, holder),
        }
    }

    fn object_record(
        &mut self,
        v: &Value,
        r: &'static Record,
        path: &mut String,
        key: &str,
        holder: Option<&str>,
    ) {
        let Value::Object(map) = v else {
            return self.mismatch(v, path, key, holder, r.name);
        };
        let len = path.len();
        for (k, fv) in map {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(k);
            match r.field(k) {
                None => self.finding(
                    FindingKind::UnknownField,
                    path,
                    k,
                    Some((fv, k)),
                    Some(r.name),
                    None,
                ),
                // An optional field may be `null`; a list's `null` is empty.
                Some(f) if fv.is_null() && !f.required => {}
                Some(f) => {
                    let ty = if f.or_one {
                        (f.ty)().or_one()
                    } else {
                        (f.ty)()
                    };
                    self.value(fv, ty, path, k, Some(r.name));
                }
            }
            path.truncate(len);
        }
        for f in r.fields.iter().filter(|f| f.required) {
            if !f.keys.iter().any(|k| {
                std::str::from_utf8(k)
                    .ok()
                    .is_some_and(|k| map.contains_key(k))
            }) {
                let wire = f.wire();
                let at = if path.is_empty() {
                    wire.to_owned()
                } else {
                    format!("{path}.{wire}")
                };
                self.finding(
                    FindingKind::MissingField,
                    &at,
                    wire,
                    None,
                    Some(r.name),
                    None,
                );
            }
        }
    }

    fn array_record(
        &mut self,
        v: &Value,
        r: &'static Record,
        path: &mut String,
        key: &str,
        holder: Option<&str>,
    ) {
        let Value::Array(items) = v else {
            return self.mismatch(v, path, key, holder, r.name);
        };
        // Elements by position; elements past the spec's are not named, so not reported.
        for (f, item) in r.fields.iter().zip(items) {
            let len = path.len();
            path.push('.');
            path.push_str(f.wire());
            self.value(item, (f.ty)(), path, f.wire(), Some(r.name));
            path.truncate(len);
        }
        for f in r.fields.iter().skip(items.len()).filter(|f| f.required) {
            let at = format!("{path}.{}", f.wire());
            self.finding(
                FindingKind::MissingField,
                &at,
                f.wire(),
                None,
                Some(r.name),
                None,
            );
        }
    }

    fn mismatch(&mut self, v: &Value, path: &str, key: &str, holder: Option<&str>, expected: &str) {
        self.finding(
            FindingKind::TypeMismatch,
            path,
            key,
            Some((v, key)),
            holder,
            Some(format!("the spec says {expected}")),
        );
    }
}

fn is_nothing(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Object(m) => m.is_empty(),
        _ => false,
    }
}
