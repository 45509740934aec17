//! Pipeline tests on the shipped spec and on small broken specs.

use super::*;

const SHIPPED: &str = include_str!("../../spec/futures.yaml");

fn diags(text: &str) -> Vec<String> {
    match generate_from(text) {
        Ok(_) => Vec::new(),
        Err((_, d)) => d.iter().map(|d| d.render("spec.yaml")).collect(),
    }
}

#[test]
fn shipped_spec_generates_without_mistakes() {
    let d = diags(SHIPPED);
    assert!(d.is_empty(), "{d:#?}");
}

/// The expansion parses as a Rust file and matches the reviewed snapshot.
/// `UPDATE_SNAPSHOTS=1 cargo test -p contango-macros` rewrites it after a reviewed change.
#[test]
fn expansion_snapshot() {
    let tokens = generate_from(SHIPPED).unwrap_or_else(|(t, _)| t);
    let file: syn::File = match syn::parse2(tokens) {
        Ok(f) => f,
        Err(e) => panic!("expansion is not valid Rust: {e}"),
    };
    let pretty = prettyplease::unparse(&file);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots/futures.expanded.rs");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(path, &pretty).expect("write snapshot");
        return;
    }
    let old = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        old == pretty,
        "generated code changed; review the diff and rerun with UPDATE_SNAPSHOTS=1 ({path})"
    );
}

const MINIMAL: &str = r#"
info: { title: T, version: "1", doc: D }
auth: { api_key_header: K, signature_header: S, timestamp_header: TS, recv_window_param: recvWindow }
products: { usdt_margined: { prefix: /fapi, doc: P } }
error_tables: { futures: { success: [0], codes: [ { code: -1, name: BAD, message: bad, retry: never } ] } }
types:
  Thing:
    doc: A thing.
    fields:
      id: { type: i64, required: true }
endpoints:
  thing:
    doc: Gets a thing.
    method: GET
    path: /v1/thing
    security: NONE
    errors: futures
    query:
      limit: { type: i32, min: 1, max: 10 }
    response: { envelope: bare, data: Thing }
"#;

#[test]
fn minimal_spec_is_fine() {
    assert!(diags(MINIMAL).is_empty(), "{:?}", diags(MINIMAL));
}

#[test]
fn several_mistakes_are_all_reported_with_locations() {
    let broken = MINIMAL
        .replace("type: i64", "type: i65")
        .replace("method: GET", "method: GOT")
        .replace("min: 1, max: 10", "min: 11, max: 10")
        .replace("errors: futures", "errors: futurs");
    let d = diags(&broken);
    assert_eq!(d.len(), 4, "{d:#?}");
    assert!(
        d.iter().any(|m| m.contains("types.Thing.fields.id")
            && m.contains("unknown type `i65`")
            && m.contains("did you mean `i64`")),
        "{d:#?}"
    );
    assert!(
        d.iter()
            .any(|m| m.contains("endpoints.thing.method") && m.contains("`GOT`")),
        "{d:#?}"
    );
    assert!(
        d.iter()
            .any(|m| m.contains("minimum 11 exceeds maximum 10")),
        "{d:#?}"
    );
    assert!(
        d.iter().any(|m| m.contains("did you mean `futures`")),
        "{d:#?}"
    );
    assert!(d.iter().all(|m| m.starts_with("spec.yaml:")), "{d:#?}");
    let line_of = |needle: &str| {
        broken
            .lines()
            .position(|l| l.contains(needle))
            .map(|i| i + 1)
    };
    let method_line = line_of("method: GOT").unwrap_or_default();
    assert!(
        d.iter()
            .any(|m| m.starts_with(&format!("spec.yaml:{method_line}:"))),
        "{d:#?}"
    );
}

#[test]
fn unknown_key_points_at_its_line() {
    let broken = MINIMAL.replace("    method: GET", "    methd: GET");
    let line = broken
        .lines()
        .position(|l| l.contains("methd"))
        .map_or(0, |i| i + 1);
    let d = diags(&broken);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert!(d[0].contains("unknown field `methd`"), "{d:#?}");
    assert!(d[0].starts_with(&format!("spec.yaml:{line}:5: ")), "{d:#?}");
}

#[test]
fn empty_file_is_a_clear_error() {
    let d = diags("  \n");
    assert!(d[0].contains("empty"), "{d:#?}");
}
