//! Pipeline tests on the shipped spec and on small broken specs.

use crate::diag::Diagnostics;
use crate::pipeline::{Rejected, generate};
use crate::target::Target;
use proc_macro2::TokenStream;

/// The pipeline with the SDK as the target: the tokens, or what could be generated together with
/// every mistake.
fn generate_from(text: &str) -> Result<TokenStream, (TokenStream, Diagnostics)> {
    generate(text, Target::Sdk).map_err(
        |Rejected {
             partial,
             diagnostics,
         }| (partial, diagnostics),
    )
}

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
/// `UPDATE_SNAPSHOTS=1 cargo test -p contango-codegen` rewrites it after a reviewed change.
#[test]
fn expansion_snapshot() {
    let tokens = generate_from(SHIPPED).unwrap_or_else(|(t, _)| t);
    let file: syn::File = match syn::parse2(tokens) {
        Ok(f) => f,
        Err(e) => panic!("expansion is not valid Rust: {e}"),
    };
    let pretty = crate::snapshot::layout(&file);
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

/// The request types `ENDPOINTS` lists, in its order, those `each_endpoint` visits, in its, and
/// those the `endpoint!` invocations define, in theirs.
fn table_and_requests(tokens: TokenStream) -> (Vec<String>, Vec<String>, Vec<String>) {
    let file: syn::File = syn::parse2(tokens).expect("expansion is valid Rust");
    let mut table = Vec::new();
    let mut each = Vec::new();
    let mut requests = Vec::new();
    let is_endpoint = |p: &syn::Path| p.segments.last().is_some_and(|s| s.ident == "endpoint");
    for item in &file.items {
        match item {
            syn::Item::Const(c) if c.ident == "ENDPOINTS" => {
                let syn::Expr::Reference(r) = &*c.expr else {
                    panic!("ENDPOINTS is not a reference to an array");
                };
                let syn::Expr::Array(a) = &*r.expr else {
                    panic!("ENDPOINTS is not a reference to an array");
                };
                for e in &a.elems {
                    let syn::Expr::Path(p) = e else {
                        panic!("an entry of ENDPOINTS is not a path");
                    };
                    let q = p.qself.as_ref().expect("`<Request as Endpoint>::META`");
                    let ty = &q.ty;
                    table.push(quote::quote!(#ty).to_string());
                }
            }
            syn::Item::Fn(f) if f.sig.ident == "each_endpoint" => {
                for stmt in &f.block.stmts {
                    let syn::Stmt::Expr(syn::Expr::MethodCall(call), Some(_)) = stmt else {
                        panic!("a statement of each_endpoint is not `v.endpoint::<R>();`");
                    };
                    assert_eq!(call.method, "endpoint");
                    let t = call.turbofish.as_ref().expect("`endpoint::<Request>`");
                    assert_eq!(t.args.len(), 1);
                    let ty = &t.args[0];
                    each.push(quote::quote!(#ty).to_string());
                }
            }
            syn::Item::Macro(m) if is_endpoint(&m.mac.path) => {
                let mut tokens = m.mac.tokens.clone().into_iter();
                while let Some(t) = tokens.next() {
                    if matches!(&t, proc_macro2::TokenTree::Ident(i) if i == "request") {
                        requests.push(tokens.next().expect("a request name").to_string());
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    (table, each, requests)
}

/// `ENDPOINTS` and `each_endpoint` name every endpoint the expansion defines, once each, in spec
/// order, also when a broken endpoint is left out.
#[test]
fn endpoints_table_lists_every_endpoint_once() {
    let (table, each, requests) =
        table_and_requests(generate_from(SHIPPED).unwrap_or_else(|(t, _)| t));
    let (spec, _) = crate::spec::parse(SHIPPED);
    let in_spec: Vec<String> = spec
        .expect("the shipped spec reads")
        .endpoints
        .iter()
        .map(|(name, _)| format!("{}Request", crate::naming::camel(&name.value)))
        .collect();
    assert_eq!(table, in_spec);
    assert_eq!(table, requests);
    assert_eq!(each, table);
    let mut distinct = table.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), table.len(), "{table:?}");

    // A second endpoint, and a third with an unknown key: left out, and out of the table.
    let spec = MINIMAL.replace(
        "endpoints:\n",
        "endpoints:\n  other:\n    doc: x\n    method: GET\n    path: /v1/other/{id}\n    security: NONE\n    errors: futures\n    path_params: { id: i64 }\n    response: { envelope: bare, data: none }\n  broken:\n    doc: x\n    colour: red\n    method: GET\n    path: /y\n    security: NONE\n    errors: futures\n    response: { envelope: bare, data: none }\n",
    );
    let (tokens, d) = generate_from(&spec).expect_err("an unknown key");
    assert_eq!(d.len(), 1, "{d:?}");
    let text = tokens.to_string();
    assert!(text.contains(r#"path : "/v1/other/{id}""#), "{text}");
    let (table, each, requests) = table_and_requests(tokens);
    assert_eq!(table, ["OtherRequest", "ThingRequest"]);
    assert_eq!(table, requests);
    assert_eq!(each, table);
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

/// `check` reports what `generate` would, generating nothing; the public tree spans the text.
#[test]
fn check_reports_what_generate_would() {
    assert!(crate::check(MINIMAL, Target::Sdk).is_empty());
    let broken = MINIMAL.replace("method: GET", "method: GOT");
    assert_eq!(crate::check(&broken, Target::Sdk), diag_list(&broken));
    let root = crate::tree::parse(MINIMAL).expect("a tree");
    let crate::tree::Value::Map(entries) = &root.value else {
        panic!("not a map")
    };
    let (key, _) = &entries[0];
    let span = key.loc.span().expect("a span");
    assert_eq!(Some(&MINIMAL[span]), key.key_str().as_deref());
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
    assert!(
        d[0].contains("unknown key `methd` (did you mean `method`?)"),
        "{d:#?}"
    );
    assert!(d[0].starts_with(&format!("spec.yaml:{line}:5: ")), "{d:#?}");
}

#[test]
fn empty_file_is_a_clear_error() {
    let d = diags("  \n");
    assert!(d[0].contains("empty"), "{d:#?}");
}

fn diag_list(text: &str) -> Diagnostics {
    match generate_from(text) {
        Ok(_) => Diagnostics::default(),
        Err((_, d)) => d,
    }
}

#[test]
fn shape_mistakes_are_all_reported_in_one_pass() {
    let broken = MINIMAL
        .replace("info: {", "infos: {")
        .replace("    method: GET", "    method: GET\n    summary: extra")
        .replace(
            "{ type: i64, required: true }",
            "{ type: i64, required: yes }",
        )
        .replace("min: 1, max: 10", "min: [1], max: 10");
    let d = diags(&broken);
    assert_eq!(d.len(), 4, "{d:#?}");
    assert!(
        d[0].contains(": infos: unknown top-level key `infos` (did you mean `info`?)"),
        "{d:#?}"
    );
    assert!(
        d.iter().any(|m| m.contains(
            "types.Thing.fields.id.required: expected `true` or `false`, found the string `yes`"
        )),
        "{d:#?}"
    );
    assert!(
        d.iter().any(|m| m.contains(
            "endpoints.thing.summary: unknown key `summary`; expected one of: doc, method"
        )),
        "{d:#?}"
    );
    assert!(d.iter().any(|m| m.contains("endpoints.thing.query.limit.min: expected a string, a number or a boolean, found a list")), "{d:#?}");
    // In file order, each with its line.
    let lines: Vec<u64> = diag_list(&broken).iter().map(|d| d.line).collect();
    assert!(
        lines.windows(2).all(|w| w[0] <= w[1]) && lines[0] > 0,
        "{lines:?}"
    );
}

#[test]
fn a_broken_item_does_not_cascade() {
    // `Thing` is left out (unknown key), but `thing` still refers to it: one message only.
    let broken = MINIMAL.replace("    doc: A thing.", "    doc: A thing.\n    colour: red");
    let d = diags(&broken);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert!(
        d[0].contains("types.Thing.colour: unknown key `colour`"),
        "{d:#?}"
    );
    // A bad type in a query parameter: no follow-on "cannot travel in a query string".
    let broken = MINIMAL.replace("type: i32, min: 1", "type: i33, min: 1");
    let d = diags(&broken);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert!(
        d[0].contains("unknown type `i33` (did you mean `i32`?)"),
        "{d:#?}"
    );
    // A misspelled required key: one message, not "unknown" plus "missing".
    let broken = MINIMAL.replace("    security: NONE", "    securty: NONE");
    let d = diags(&broken);
    assert_eq!(d.len(), 1, "{d:#?}");
    // What could be generated is: the endpoint survives a mistake in a type it does not use.
    let broken = MINIMAL.replace(
        "types:\n",
        "types:\n  Other:\n    doc: x\n    fields: { a: i99 }\n",
    );
    match generate_from(&broken) {
        Err((tokens, d)) => {
            assert_eq!(d.len(), 1, "{d:#?}");
            let text = tokens.to_string();
            assert!(
                // The endpoint's `endpoint!` and the record's `record!` are still there.
                text.contains("request ThingRequest") && text.contains("Thing direct {"),
                "{text}"
            );
        }
        Ok(_) => panic!("accepted a broken spec"),
    }
}

#[test]
fn duplicates_are_named_in_context() {
    let broken = MINIMAL.replace(
        "endpoints:\n",
        "endpoints:\n  thing:\n    doc: x\n    method: GET\n    path: /y\n    security: NONE\n    errors: futures\n    response: { envelope: bare, data: none }\n",
    );
    let d = diags(&broken);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert!(
        d[0].contains("endpoints.thing: duplicate endpoint `thing`; the first is at line"),
        "{d:#?}"
    );
    let broken = MINIMAL.replace(
        "      id: { type: i64, required: true }",
        "      id: { type: i64, required: true }\n      id: string",
    );
    let d = diags(&broken);
    assert!(
        d.len() == 1 && d[0].contains("duplicate field `id`"),
        "{d:#?}"
    );
}

#[test]
fn yaml_one_point_two_scalars_reach_enums_intact() {
    let spec = MINIMAL.replace(
        "types:\n",
        "enums:\n  YesNo:\n    doc: Y or N.\n    values: [ { wire: Y }, { wire: N }, { wire: ON } ]\ntypes:\n",
    );
    let tokens = generate_from(&spec).unwrap_or_else(|(_, d)| panic!("{d:#?}"));
    let text = tokens.to_string();
    assert!(text.contains("\"N\"") && text.contains("\"ON\""), "{text}");
}

#[test]
fn a_record_holding_itself_is_reported_once() {
    let spec = MINIMAL.replace(
        "types:\n",
        "types:\n  A:\n    doc: a\n    fields: { b: B }\n  B:\n    doc: b\n    fields: { a: A, many: list<B> }\n",
    );
    let d = diags(&spec);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert!(d[0].contains("`A` contains itself (A -> B -> A)"), "{d:#?}");
}

/// xorshift64*: a fixed-seed generator, so every run tries the same mutations.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let x = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        usize::try_from(x % (n.max(1) as u64)).unwrap_or_default()
    }
}

/// Runs the pipeline; it must not panic, must explain every failure, and what it emits must be
/// valid Rust syntax.
fn survives(text: &str, what: &str) {
    let result = std::panic::catch_unwind(|| generate_from(text));
    let tokens = match result {
        Err(_) => panic!("the pipeline panicked on {what}:\n{text}"),
        Ok(Ok(tokens)) => tokens,
        Ok(Err((tokens, d))) => {
            assert!(!d.is_empty(), "failed without a diagnostic on {what}");
            assert!(d.iter().all(|d| !d.message.is_empty()), "{d:?}");
            tokens
        }
    };
    if let Err(e) = syn::parse2::<syn::File>(tokens) {
        panic!("the expansion is not valid Rust ({e}) on {what}:\n{text}");
    }
}

const YAML_BYTES: &[u8] = b":-{}[]\"'\t\n #&*!|>,?%@`0aZ_<";

fn mutate(rng: &mut Rng, text: &str) -> (String, String) {
    let mut bytes = text.as_bytes().to_vec();
    let at = rng.below(bytes.len());
    let what = match rng.below(5) {
        0 => {
            bytes[at] = YAML_BYTES[rng.below(YAML_BYTES.len())];
            format!("byte {at} replaced")
        }
        1 => {
            bytes.insert(at, YAML_BYTES[rng.below(YAML_BYTES.len())]);
            format!("byte inserted at {at}")
        }
        2 => {
            bytes.remove(at);
            format!("byte {at} removed")
        }
        3 => {
            bytes[at] ^= 1 << rng.below(8);
            format!("bit flipped in byte {at}")
        }
        _ => {
            let end = (at + 1 + rng.below(40)).min(bytes.len());
            bytes.drain(at..end);
            format!("bytes {at}..{end} removed")
        }
    };
    (String::from_utf8_lossy(&bytes).into_owned(), what)
}

#[test]
fn never_panics_on_truncated_or_mutated_minimal_specs() {
    for (i, _) in MINIMAL.char_indices() {
        survives(&MINIMAL[..i], &format!("the first {i} bytes"));
    }
    let lines: Vec<&str> = MINIMAL.lines().collect();
    for skip in 0..lines.len() {
        let text: Vec<&str> = lines
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, l)| *l)
            .collect();
        survives(&text.join("\n"), &format!("line {skip} removed"));
    }
    let mut rng = Rng(0x5eed_c0de);
    for _ in 0..1500 {
        let (mut text, mut what) = mutate(&mut rng, MINIMAL);
        for _ in 0..rng.below(3) {
            let (t, w) = mutate(&mut rng, &text);
            text = t;
            what = format!("{what}, {w}");
        }
        survives(&text, &what);
    }
}

#[test]
fn never_panics_on_truncated_or_mutated_shipped_spec() {
    // Every prefix at a line boundary would take minutes in a debug build; every 20th line, and
    // the lines around each top-level section, cover the shapes.
    let starts: Vec<usize> = std::iter::once(0)
        .chain(SHIPPED.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    for (n, &at) in starts.iter().enumerate() {
        let near_section = SHIPPED[at..].starts_with(|c: char| c.is_ascii_alphabetic());
        if n % 20 == 0 || near_section {
            survives(&SHIPPED[..at], &format!("the first {n} lines"));
        }
    }
    let mut rng = Rng(42);
    for i in 0..25 {
        let (text, what) = mutate(&mut rng, SHIPPED);
        survives(&text, &format!("mutation {i}: {what}"));
    }
}

#[test]
fn never_panics_on_odd_documents() {
    for text in [
        "",
        "~",
        "---\n...\n",
        "[1, 2]",
        "just text",
        "info: 5",
        "endpoints: []",
        "endpoints: { a: { } }",
        "? [a]\n: b\n",
        "a: &x [*x]",
        "a: !!binary aGVsbG8=",
        "a: .inf",
        "a: 99999999999999999999999",
        "types: { A: { doc: a, fields: { x: 'list<list<list<list<list<list<A>>>>>>' } } }",
        "\u{feff}info: {}",
        "{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{",
        &"- ".repeat(200),
        &format!("a: {}", "x".repeat(100_000)),
    ] {
        survives(text, &format!("{:?}", &text[..text.len().min(40)]));
    }
}

/// Every prefix of the shipped spec at a line boundary (about a minute in a debug build):
/// `cargo test -p contango-codegen -- --ignored`.
#[test]
#[ignore = "slow; the sampled version runs by default"]
fn never_panics_on_any_line_prefix_of_the_shipped_spec() {
    let starts = std::iter::once(0).chain(SHIPPED.match_indices('\n').map(|(i, _)| i + 1));
    for (n, at) in starts.enumerate() {
        survives(&SHIPPED[..at], &format!("the first {n} lines"));
    }
}

/// Long chains and cycles of records are checked in time linear in their length. Found by the
/// `spec` fuzz target: the self-containment check copied the search path at every step and ran a
/// search from every record, cubic in a chain's length (2,000 records took minutes).
#[test]
fn long_chains_of_records_are_checked_quickly() {
    let n = 1500;
    let link = |i: usize, to: String, required: bool| {
        format!(
            "  C{i}:\n    doc: x\n    fields:\n      a: {{ type: {to}, required: {required} }}\n"
        )
    };
    let chain: String = (0..n)
        .map(|i| link(i, format!("C{}", i + 1), false))
        .collect();
    let text = MINIMAL.replace(
        "types:\n",
        &format!("types:\n{chain}{}", link(n, "i64".into(), true)),
    );
    let d = diags(&text);
    assert!(d.is_empty(), "{d:#?}");

    let cycle: String = (0..n)
        .map(|i| link(i, format!("C{}", (i + 1) % n), true))
        .collect();
    let d = diags(&MINIMAL.replace("types:\n", &format!("types:\n{cycle}")));
    assert_eq!(d.len(), 1, "one cycle, reported once: {:?}", d.first());
    let expected: Vec<String> = (0..=n).map(|i| format!("C{}", i % n)).collect();
    assert!(
        d[0].contains(&format!("`C0` contains itself ({})", expected.join(" -> "))),
        "{:?}",
        d[0].get(..200)
    );
}
