//! The editor schema (`spec/futures.schema.json`) and the macro's model agree: the file is
//! generated from the model's shapes, every declared key is read by the model and every key the
//! model reads is declared (both ways, per object), and the shipped spec validates against the
//! file with a small checker of the JSON Schema subset the file uses.

use crate::diag::Diagnostics;
use crate::schema::{Object, Shape, json};
use crate::spec::SPEC;
use crate::yaml::Location;
use crate::yaml::{self, Node, Value};

const SCHEMA_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/futures.schema.json");
const SHIPPED: &str = include_str!("../../spec/futures.yaml");

fn node(value: Value) -> Node {
    Node {
        value,
        loc: Location::UNKNOWN,
    }
}

fn map(entries: Vec<(&str, Node)>) -> Node {
    node(Value::Map(
        entries
            .into_iter()
            .map(|(k, v)| (node(Value::Str(k.to_string())), v))
            .collect(),
    ))
}

/// A valid value of a shape; objects with every key.
fn sample(shape: &Shape) -> Node {
    match shape {
        Shape::Str => node(Value::Str("text".into())),
        Shape::Choice(vs) => node(Value::Str(vs[0].to_string())),
        Shape::TypeExpr | Shape::TypeExprOrNone => node(Value::Str("string".into())),
        Shape::Bool => node(Value::Bool(true)),
        Shape::Int | Shape::UInt => node(Value::Int(1)),
        Shape::Scalar => node(Value::Int(5)),
        Shape::List(i) => node(Value::Seq(vec![sample(i)])),
        Shape::Map(i) => map(vec![("entry", sample(i))]),
        Shape::Object(o) | Shape::TypeOrObject(o) => full(o),
    }
}

fn full(o: &Object) -> Node {
    map(o.keys.iter().map(|k| (k.name, sample(&k.shape))).collect())
}

/// A value of the wrong kind for a shape.
fn wrong(shape: &Shape) -> Node {
    match shape {
        Shape::Str
        | Shape::Choice(_)
        | Shape::TypeExpr
        | Shape::TypeExprOrNone
        | Shape::Int
        | Shape::UInt
        | Shape::Bool
        | Shape::Scalar
        | Shape::TypeOrObject(_) => node(Value::Seq(Vec::new())),
        Shape::List(_) | Shape::Map(_) | Shape::Object(_) => node(Value::Str("text".into())),
    }
}

fn without(n: &Node, key: &str) -> Node {
    let Value::Map(entries) = &n.value else {
        unreachable!("samples of objects are maps")
    };
    node(Value::Map(
        entries
            .iter()
            .filter(|(k, _)| k.key_text().as_deref() != Some(key))
            .cloned()
            .collect(),
    ))
}

fn with(n: &Node, key: &str, value: Node) -> Node {
    let mut out = without(n, key);
    if let Value::Map(entries) = &mut out.value {
        entries.push((node(Value::Str(key.to_string())), value));
    }
    out
}

fn model_reads(o: &Object, n: &Node) -> Vec<String> {
    let mut cx = Diagnostics::default();
    let ok = (o.check)(&mut cx, n);
    let msgs: Vec<String> = cx.iter().map(|d| d.render("t")).collect();
    assert_eq!(ok, msgs.is_empty(), "{}: {msgs:#?}", o.name);
    msgs
}

fn objects() -> Vec<&'static Object> {
    let mut out = Vec::new();
    json::collect(&SPEC, &mut out);
    out
}

fn editor_schema() -> Node {
    let text = std::fs::read_to_string(SCHEMA_PATH).unwrap_or_default();
    yaml::parse(&text).unwrap_or_else(|d| panic!("{SCHEMA_PATH} is not JSON: {d:?}"))
}

/// `UPDATE_SNAPSHOTS=1 cargo test -p contango-codegen` rewrites the file after a model change.
#[test]
fn schema_file_is_generated_from_the_model() {
    let generated = json::render(&json::schema(&SPEC));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(SCHEMA_PATH, &generated).expect("write the editor schema");
        return;
    }
    let on_disk = std::fs::read_to_string(SCHEMA_PATH).unwrap_or_default();
    assert!(
        on_disk == generated,
        "spec/futures.schema.json is out of date with the model; rerun with UPDATE_SNAPSHOTS=1"
    );
}

#[test]
fn model_and_schema_agree_on_every_key_both_ways() {
    let schema = editor_schema();
    for o in objects() {
        let sample = full(o);
        // Every declared key is accepted (and read: the reader asserts it reads each declared key
        // and declares each key it reads), by the model and by the editor schema.
        assert!(model_reads(o, &sample).is_empty());
        assert_eq!(
            editor_check(&schema, o, &sample),
            Vec::<String>::new(),
            "{}",
            o.name
        );
        // An unknown key is rejected by both.
        let extra = with(&sample, "zz_unknown", node(Value::Int(1)));
        let msgs = model_reads(o, &extra);
        assert!(
            msgs.len() == 1 && msgs[0].contains("unknown") && msgs[0].contains("`zz_unknown`"),
            "{}: {msgs:#?}",
            o.name
        );
        assert!(!editor_check(&schema, o, &extra).is_empty(), "{}", o.name);
        for k in o.keys {
            // Each required key is required by both; each optional one by neither.
            let missing = without(&sample, k.name);
            let msgs = model_reads(o, &missing);
            let editor = editor_check(&schema, o, &missing);
            if k.required {
                assert!(
                    msgs.len() == 1
                        && msgs[0].contains(&format!("missing required key `{}`", k.name)),
                    "{}.{}: {msgs:#?}",
                    o.name,
                    k.name
                );
                assert!(!editor.is_empty(), "{}.{}", o.name, k.name);
            } else {
                assert!(msgs.is_empty(), "{}.{}: {msgs:#?}", o.name, k.name);
                assert!(editor.is_empty(), "{}.{}: {editor:#?}", o.name, k.name);
            }
            // A value of the wrong kind is rejected by both, at the key's path.
            let bad = with(&sample, k.name, wrong(&k.shape));
            let msgs = model_reads(o, &bad);
            assert!(
                !msgs.is_empty()
                    && msgs
                        .iter()
                        .all(|m| m.contains(k.name) && m.contains("expected")),
                "{}.{}: {msgs:#?}",
                o.name,
                k.name
            );
            assert!(
                !editor_check(&schema, o, &bad).is_empty(),
                "{}.{}",
                o.name,
                k.name
            );
        }
    }
}

#[test]
fn shipped_spec_validates_against_the_editor_schema() {
    let schema = editor_schema();
    let spec = yaml::parse(SHIPPED).unwrap_or_else(|d| panic!("{d:?}"));
    let mut errors = Vec::new();
    check(&schema, &schema, &spec, "", &mut errors);
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn editor_schema_rejects_what_the_macro_rejects() {
    let schema = editor_schema();
    for (from, to) in [
        ("    method: GET", "    method: GOT"),
        ("    method: GET", "    methd: GET"),
        ("retry: back_off", "retry: backoff"),
        ("security: NONE", "security: OPEN"),
        ("envelope: bare", "envelope: naked"),
        ("version: \"2.0\"", "version: 2.0"),
        ("success: [0]", "success: [ok]"),
    ] {
        assert!(SHIPPED.contains(from), "{from}");
        let broken = SHIPPED.replacen(from, to, 1);
        let spec = yaml::parse(&broken).unwrap_or_else(|d| panic!("{d:?}"));
        let mut errors = Vec::new();
        check(&schema, &schema, &spec, "", &mut errors);
        assert!(!errors.is_empty(), "the editor schema accepts `{to}`");
        assert!(
            crate::generate(&broken, crate::Target::Sdk).is_err(),
            "the macro accepts `{to}`"
        );
    }
}

/// Checks `n` against the schema of object `o` in the editor schema.
fn editor_check(schema: &Node, o: &Object, n: &Node) -> Vec<String> {
    let mut errors = Vec::new();
    let sub = if std::ptr::eq(o, &SPEC) {
        schema.clone()
    } else {
        get(
            &get(schema, "definitions").unwrap_or_else(|| node(Value::Null)),
            o.name,
        )
        .unwrap_or_else(|| panic!("the editor schema has no definition of `{}`", o.name))
    };
    check(&sub, schema, n, o.name, &mut errors);
    errors
}

fn get(n: &Node, key: &str) -> Option<Node> {
    match &n.value {
        Value::Map(entries) => entries
            .iter()
            .find(|(k, _)| k.key_text().as_deref() == Some(key))
            .map(|(_, v)| v.clone()),
        _ => None,
    }
}

fn texts(n: &Node) -> Vec<String> {
    match &n.value {
        Value::Seq(items) => items.iter().filter_map(Node::key_text).collect(),
        other => node(other.clone()).key_text().into_iter().collect(),
    }
}

fn is_type(n: &Node, ty: &str) -> bool {
    matches!(
        (ty, &n.value),
        ("string", Value::Str(_))
            | ("integer", Value::Int(_))
            | ("number", Value::Int(_) | Value::Float(_))
            | ("boolean", Value::Bool(_))
            | ("object", Value::Map(_))
            | ("array", Value::Seq(_))
            | ("null", Value::Null)
    )
}

/// A checker for the JSON Schema subset the file uses; an unknown keyword fails the test, so
/// the file cannot grow beyond what is checked here.
fn check(schema: &Node, root: &Node, n: &Node, path: &str, errors: &mut Vec<String>) {
    let Value::Map(keywords) = &schema.value else {
        panic!("a schema must be an object at {path}")
    };
    for (k, v) in keywords {
        let k = k.key_text().unwrap_or_default();
        match k.as_str() {
            "$schema" | "$id" | "title" | "description" | "examples" | "definitions" => {}
            "$ref" => {
                let target = v.key_text().unwrap_or_default();
                let name = target
                    .strip_prefix("#/definitions/")
                    .unwrap_or_else(|| panic!("unsupported $ref {target}"));
                let def = get(root, "definitions")
                    .and_then(|d| get(&d, name))
                    .unwrap_or_else(|| panic!("dangling $ref {target}"));
                check(&def, root, n, path, errors);
            }
            "type" => {
                let types = texts(v);
                if !types.iter().any(|t| is_type(n, t)) {
                    errors.push(format!("{path}: not of type {types:?}"));
                }
            }
            "enum" => {
                if !matches!(n.value, Value::Str(_))
                    || !texts(v).contains(&n.key_text().unwrap_or_default())
                {
                    errors.push(format!("{path}: not one of {:?}", texts(v)));
                }
            }
            "minimum" => {
                let min = v
                    .key_text()
                    .and_then(|t| t.parse::<i64>().ok())
                    .unwrap_or(0);
                if matches!(n.value, Value::Int(i) if i < min) {
                    errors.push(format!("{path}: below {min}"));
                }
            }
            "properties" => {
                if let (Value::Map(props), Value::Map(entries)) = (&v.value, &n.value) {
                    for (key, value) in entries {
                        let key = key.key_text().unwrap_or_default();
                        if let Some((_, sub)) = props
                            .iter()
                            .find(|(p, _)| p.key_text().as_deref() == Some(&key))
                        {
                            check(sub, root, value, &format!("{path}.{key}"), errors);
                        }
                    }
                }
            }
            "required" => {
                if let Value::Map(entries) = &n.value {
                    for r in texts(v) {
                        if !entries
                            .iter()
                            .any(|(k, _)| k.key_text().as_deref() == Some(&r))
                        {
                            errors.push(format!("{path}: missing {r}"));
                        }
                    }
                }
            }
            "additionalProperties" => {
                let Value::Map(entries) = &n.value else {
                    continue;
                };
                let props = get(schema, "properties");
                for (key, value) in entries {
                    let key = key.key_text().unwrap_or_default();
                    if props.as_ref().and_then(|p| get(p, &key)).is_some() {
                        continue;
                    }
                    match &v.value {
                        Value::Bool(false) => errors.push(format!("{path}: unknown key {key}")),
                        Value::Map(_) => check(v, root, value, &format!("{path}.{key}"), errors),
                        _ => panic!("unsupported additionalProperties at {path}"),
                    }
                }
            }
            "items" => {
                if let Value::Seq(items) = &n.value {
                    for (i, item) in items.iter().enumerate() {
                        check(v, root, item, &format!("{path}[{i}]"), errors);
                    }
                }
            }
            "anyOf" | "allOf" => {
                let Value::Seq(subs) = &v.value else {
                    panic!("{k} must be a list")
                };
                let results: Vec<Vec<String>> = subs
                    .iter()
                    .map(|s| {
                        let mut e = Vec::new();
                        check(s, root, n, path, &mut e);
                        e
                    })
                    .collect();
                if k == "anyOf" {
                    if !results.iter().any(Vec::is_empty) {
                        errors.push(format!("{path}: matches none of anyOf ({results:?})"));
                    }
                } else {
                    errors.extend(results.into_iter().flatten());
                }
            }
            other => panic!("the checker does not support the keyword `{other}` (at {path})"),
        }
    }
}
