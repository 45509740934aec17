//! The shape of the spec format as data: every object, its keys, which are required, what each
//! holds, and its documentation. The reader (`read`) checks keys against it, so an unknown or
//! misspelled key is reported with the keys that were expected; the editor schema
//! `spec/futures.schema.json` is generated from it (see `tests::schema_file_is_generated`), so the
//! two cannot drift apart.

/// What a key holds.
#[derive(Debug, Clone, Copy)]
pub enum Shape {
    /// Any string.
    Str,
    /// A string, one of these (checked, with "did you mean", by `validate`).
    Choice(&'static [&'static str]),
    /// A type expression (`string`, `list<Order>`, a type name).
    TypeExpr,
    /// A type expression, or `none`.
    TypeExprOrNone,
    Bool,
    Int,
    /// A non-negative integer.
    UInt,
    /// A string, a number or a boolean.
    Scalar,
    List(&'static Shape),
    /// A map from names to values of one shape.
    Map(&'static Shape),
    Object(&'static Object),
    /// A type expression (shorthand) or the full object.
    TypeOrObject(&'static Object),
}

impl Shape {
    /// "expected ..." in messages.
    pub fn expected(&self) -> String {
        match self {
            Shape::Str => "a string".into(),
            Shape::TypeExpr => {
                "a type expression (a string like `decimal` or `list<Order>`)".into()
            }
            Shape::TypeExprOrNone => {
                "a type expression (a string like `Order` or `list<Order>`) or `none`".into()
            }
            Shape::Choice(vs) => format!("one of {}", vs.join(", ")),
            Shape::Bool => "`true` or `false`".into(),
            Shape::Int => "an integer".into(),
            Shape::UInt => "a non-negative integer".into(),
            Shape::Scalar => "a string, a number or a boolean".into(),
            Shape::List(_) => "a list".into(),
            Shape::Map(_) => "a map".into(),
            Shape::Object(o) => format!("a map with {}", o.required_keys()),
            Shape::TypeOrObject(o) => {
                format!("a type expression or a map with {}", o.required_keys())
            }
        }
    }
}

/// A map with fixed keys.
#[derive(Debug)]
pub struct Object {
    /// Name of the object in the editor schema (`Endpoint`).
    pub name: &'static str,
    #[cfg_attr(not(test), allow(dead_code))]
    pub doc: &'static str,
    pub keys: &'static [Key],
    /// Reads a node as this object (used by the agreement tests).
    #[cfg_attr(not(test), allow(dead_code))]
    pub check: fn(&mut crate::diag::Diagnostics, &crate::yaml::Node) -> bool,
}

impl Object {
    pub fn key(&self, name: &str) -> Option<&Key> {
        self.keys.iter().find(|k| k.name == name)
    }

    /// "`envelope` and `data`".
    fn required_keys(&self) -> String {
        let names: Vec<String> = self
            .keys
            .iter()
            .filter(|k| k.required)
            .map(|k| format!("`{}`", k.name))
            .collect();
        match names.split_last() {
            None => "any of its keys".into(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }
}

#[derive(Debug)]
pub struct Key {
    pub name: &'static str,
    pub required: bool,
    pub shape: Shape,
    pub doc: &'static str,
}

impl Key {
    pub const fn req(name: &'static str, shape: Shape, doc: &'static str) -> Key {
        Key {
            name,
            required: true,
            shape,
            doc,
        }
    }
    pub const fn opt(name: &'static str, shape: Shape, doc: &'static str) -> Key {
        Key {
            name,
            required: false,
            shape,
            doc,
        }
    }
}

/// The scalar type names of type expressions.
pub const SCALARS: &[&str] = &[
    "string",
    "bool",
    "i32",
    "i64",
    "decimal",
    "millis",
    "seconds",
    "duration_seconds",
    "duration_millis",
    "local_datetime",
    "json",
];

/// The editor schema (JSON Schema, draft-07) generated from the shapes.
#[cfg(test)]
pub mod json {
    use super::{Object, SCALARS, Shape};

    /// A JSON value with keys in insertion order (so the file reads in spec order).
    pub enum Json {
        Str(String),
        Int(i64),
        Bool(bool),
        Arr(Vec<Json>),
        Obj(Vec<(String, Json)>),
    }

    fn s(v: &str) -> Json {
        Json::Str(v.to_string())
    }

    fn obj(entries: Vec<(&str, Json)>) -> Json {
        Json::Obj(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    }

    /// The whole schema document, rooted at `root`.
    pub fn schema(root: &'static Object) -> Json {
        let mut defs: Vec<&'static Object> = Vec::new();
        collect(root, &mut defs);
        let mut entries: Vec<(String, Json)> = vec![
            (
                "$schema".into(),
                s("http://json-schema.org/draft-07/schema#"),
            ),
            (
                "$id".into(),
                s("https://example.invalid/contango/spec/futures.schema.json"),
            ),
            ("title".into(), s("contango spec")),
        ];
        if let Json::Obj(body) = object(root) {
            entries.extend(body);
        }
        let definitions = defs
            .iter()
            .filter(|o| !std::ptr::eq(**o, root))
            .map(|o| (o.name.to_string(), object(o)))
            .collect();
        entries.push(("definitions".into(), Json::Obj(definitions)));
        Json::Obj(entries)
    }

    /// Every object reachable from `o`, each once, in first-use order.
    pub fn collect(o: &'static Object, out: &mut Vec<&'static Object>) {
        if out.iter().any(|d| std::ptr::eq(*d, o)) {
            return;
        }
        out.push(o);
        for k in o.keys {
            collect_shape(&k.shape, out);
        }
    }

    fn collect_shape(sh: &Shape, out: &mut Vec<&'static Object>) {
        match sh {
            Shape::List(i) | Shape::Map(i) => collect_shape(i, out),
            Shape::Object(o) | Shape::TypeOrObject(o) => collect(o, out),
            _ => {}
        }
    }

    fn object(o: &Object) -> Json {
        let props = o
            .keys
            .iter()
            .map(|k| (k.name.to_string(), described(shape(&k.shape), k.doc)))
            .collect();
        let required = o
            .keys
            .iter()
            .filter(|k| k.required)
            .map(|k| s(k.name))
            .collect();
        obj(vec![
            ("type", s("object")),
            ("description", s(o.doc)),
            ("properties", Json::Obj(props)),
            ("required", Json::Arr(required)),
            ("additionalProperties", Json::Bool(false)),
        ])
    }

    /// Adds a description; a `$ref` is wrapped, since draft-07 ignores its siblings.
    fn described(j: Json, doc: &str) -> Json {
        match j {
            Json::Obj(mut entries) => {
                if entries.iter().any(|(k, _)| k == "$ref") {
                    obj(vec![
                        ("description", s(doc)),
                        ("allOf", Json::Arr(vec![Json::Obj(entries)])),
                    ])
                } else {
                    entries.insert(0, ("description".into(), s(doc)));
                    Json::Obj(entries)
                }
            }
            other => other,
        }
    }

    fn reference(o: &Object) -> Json {
        obj(vec![("$ref", s(&format!("#/definitions/{}", o.name)))])
    }

    fn type_expr(none: bool) -> Json {
        let mut examples: Vec<Json> = SCALARS.iter().map(|x| s(x)).collect();
        examples.push(s("list<string>"));
        examples.push(s("one_or_many<string>"));
        if none {
            examples.insert(0, s("none"));
        }
        obj(vec![
            ("type", s("string")),
            ("examples", Json::Arr(examples)),
        ])
    }

    fn shape(sh: &Shape) -> Json {
        match sh {
            Shape::Str => obj(vec![("type", s("string"))]),
            Shape::Choice(vs) => obj(vec![
                ("type", s("string")),
                ("enum", Json::Arr(vs.iter().map(|v| s(v)).collect())),
            ]),
            Shape::TypeExpr => type_expr(false),
            Shape::TypeExprOrNone => type_expr(true),
            Shape::Bool => obj(vec![("type", s("boolean"))]),
            Shape::Int => obj(vec![("type", s("integer"))]),
            Shape::UInt => obj(vec![("type", s("integer")), ("minimum", Json::Int(0))]),
            Shape::Scalar => obj(vec![(
                "type",
                Json::Arr(vec![s("string"), s("number"), s("boolean")]),
            )]),
            Shape::List(i) => obj(vec![("type", s("array")), ("items", shape(i))]),
            Shape::Map(i) => obj(vec![
                ("type", s("object")),
                ("additionalProperties", shape(i)),
            ]),
            Shape::Object(o) => reference(o),
            Shape::TypeOrObject(o) => obj(vec![(
                "anyOf",
                Json::Arr(vec![type_expr(false), reference(o)]),
            )]),
        }
    }

    /// Pretty JSON, two-space indent, short arrays of scalars on one line.
    pub fn render(j: &Json) -> String {
        let mut out = String::new();
        write(j, 0, &mut out);
        out.push('\n');
        out
    }

    fn write(j: &Json, indent: usize, out: &mut String) {
        let pad = |n: usize| " ".repeat(n);
        match j {
            Json::Str(v) => out.push_str(&quote(v)),
            Json::Int(i) => out.push_str(&i.to_string()),
            Json::Bool(b) => out.push_str(&b.to_string()),
            Json::Arr(items) if items.is_empty() => out.push_str("[]"),
            Json::Arr(items)
                if items
                    .iter()
                    .all(|i| !matches!(i, Json::Arr(_) | Json::Obj(_))) =>
            {
                out.push('[');
                for (n, i) in items.iter().enumerate() {
                    if n > 0 {
                        out.push_str(", ");
                    }
                    write(i, indent, out);
                }
                out.push(']');
            }
            Json::Arr(items) => {
                out.push_str("[\n");
                for (n, i) in items.iter().enumerate() {
                    out.push_str(&pad(indent + 2));
                    write(i, indent + 2, out);
                    out.push_str(if n + 1 < items.len() { ",\n" } else { "\n" });
                }
                out.push_str(&pad(indent));
                out.push(']');
            }
            Json::Obj(entries) if entries.is_empty() => out.push_str("{}"),
            Json::Obj(entries) => {
                out.push_str("{\n");
                for (n, (k, v)) in entries.iter().enumerate() {
                    out.push_str(&pad(indent + 2));
                    out.push_str(&quote(k));
                    out.push_str(": ");
                    write(v, indent + 2, out);
                    out.push_str(if n + 1 < entries.len() { ",\n" } else { "\n" });
                }
                out.push_str(&pad(indent));
                out.push('}');
            }
        }
    }

    fn quote(v: &str) -> String {
        let mut out = String::from('"');
        for c in v.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    }
}
