//! The spec's endpoints as tools for agents (`contango mcp`), emitted with the command line: a
//! `ToolInfo` per endpoint (all but the listen-key ones: a listen key is a secret), its input and
//! output JSON Schemas written out as text here, at expansion, and a dispatcher that decodes a
//! call's arguments into the endpoint's request type, passes the server's gate and sends it
//! through the SDK.
//!
//! The schemas say what the spec says, so a model need not guess: decimals as strings or numbers,
//! 64-bit integers as integers or strings of digits (a JavaScript client rounds past 2^53),
//! ranges and lengths, enums with their wire values and docs, required parameters, no unknown
//! argument. An either-or rule is written in the description, not as a top-level `anyOf`, which
//! some clients refuse. Answers are objects: a list is `{"items": [..]}`, nothing is `{}`;
//! decimals and 64-bit integers are strings, and an enum's answer is not limited to its listed
//! values (a server may send one the spec does not list yet).

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;

use super::endpoints::method_str;
use crate::cli_names::PRODUCT_ARG;
use crate::ir::{Endpoint, Field, Ir, Param, Record, Ty};
use crate::naming::type_ident;

/// A JSON value, written as text at expansion.
enum J {
    Obj(Vec<(String, J)>),
    Arr(Vec<J>),
    Str(String),
    /// A number, as its literal text.
    Num(String),
    Bool(bool),
}

impl J {
    fn obj(pairs: Vec<(&str, J)>) -> J {
        J::Obj(pairs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
    }

    fn str(s: &str) -> J {
        J::Str(s.to_owned())
    }

    fn write(&self, out: &mut String) {
        match self {
            J::Obj(pairs) => {
                out.push('{');
                for (i, (k, v)) in pairs.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    string(k, out);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
            J::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            J::Str(s) => string(s, out),
            J::Num(n) => out.push_str(n),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        }
    }

    fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }
}

/// `s` as a JSON string literal.
fn string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// The pattern of an integer given as text.
pub const INTEGER_TEXT: &str = "^-?[0-9]+$";
/// The pattern of a decimal given as text.
pub const DECIMAL_TEXT: &str = "^-?[0-9]+(\\.[0-9]+)?$";

/// The endpoints offered as tools, in spec order: all but those a listen key travels through.
pub fn tool_endpoints(ir: &Ir) -> Vec<&Endpoint> {
    let secret: BTreeSet<&str> = ir
        .stream
        .as_ref()
        .and_then(|s| s.listen_key.as_ref())
        .map(|lk| {
            [&lk.create_camel, &lk.keep_alive_camel, &lk.close_camel]
                .map(String::as_str)
                .into()
        })
        .unwrap_or_default();
    ir.endpoints
        .iter()
        .filter(|ep| !secret.contains(ep.camel.as_str()))
        .collect()
}

/// The tool table and the dispatcher, inside `impl Api for Commands`.
pub fn emit(ir: &Ir) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    let endpoints = tool_endpoints(ir);
    let infos = endpoints.iter().map(|ep| info(ir, ep));
    let arms = endpoints.iter().map(|ep| dispatch(ep));
    quote! {
        const TOOLS: &'static [#p::ToolInfo] = &[#(#infos),*];

        #[allow(deprecated)]
        async fn call_tool(
            client: &Client,
            tool: &str,
            args: #p::serde_json::Map<::std::string::String, #p::serde_json::Value>,
            gate: &dyn #p::Gate,
        ) -> ::std::result::Result<#p::serde_json::Value, #p::ToolError> {
            match tool {
                #(#arms)*
                other => ::std::result::Result::Err(#p::ToolError::Refused(::std::format!("no tool named `{other}`"))),
            }
        }
    }
}

fn info(ir: &Ir, ep: &Endpoint) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    let name = &ep.name;
    let description = description(ep);
    let input = input_schema(ir, ep).text();
    let output = output_schema(ir, ep).text();
    let read_only = ep.method == crate::ir::Method::Get;
    let destructive = !read_only;
    let idempotent = ep.idempotent;
    let list = matches!(ep.data, Some(Ty::List(_) | Ty::OneOrMany(_)));
    quote! {
        #p::ToolInfo {
            name: #name,
            description: #description,
            input_schema: #input,
            output_schema: #output,
            read_only: #read_only,
            destructive: #destructive,
            idempotent: #idempotent,
            list: #list,
        }
    }
}

/// The endpoint's doc, its deprecation, its either-or rules, its method and path.
fn description(ep: &Endpoint) -> String {
    let mut d = ep.doc.trim().to_owned();
    if let Some(why) = &ep.deprecated {
        d.push_str(&format!(
            "\n\nDeprecated: {}.",
            why.trim().trim_end_matches('.')
        ));
    }
    for group in &ep.at_least_one_of {
        let names: Vec<&str> = group
            .iter()
            .filter_map(|i| ep.params.get(*i).map(|p| p.wire.as_str()))
            .collect();
        d.push_str(&format!("\n\nGive at least one of: {}.", names.join(", ")));
    }
    d.push_str(&format!("\n\n{} {}", method_str(ep.method), ep.path));
    d
}

fn input_schema(ir: &Ir, ep: &Endpoint) -> J {
    let mut props = Vec::new();
    if ir.products.len() > 1 {
        let shorts: Vec<J> = ir
            .products
            .iter()
            .map(|pr| J::str(short(&pr.key)))
            .collect();
        let docs: Vec<String> = ir
            .products
            .iter()
            .map(|pr| format!("{}: {}", short(&pr.key), pr.doc.trim()))
            .collect();
        props.push((
            PRODUCT_ARG.to_owned(),
            J::obj(vec![
                ("type", J::str("string")),
                ("enum", J::Arr(shorts)),
                (
                    "description",
                    J::Str(format!(
                        "The product line; {} when left out. {}",
                        short(&ir.products[0].key),
                        docs.join(" ")
                    )),
                ),
            ]),
        ));
    }
    let mut required = Vec::new();
    for param in &ep.params {
        props.push((param.wire.clone(), param_schema(ir, param)));
        if param.required {
            required.push(J::Str(param.wire.clone()));
        }
    }
    J::obj(vec![
        ("type", J::str("object")),
        ("properties", J::Obj(props)),
        ("required", J::Arr(required)),
        ("additionalProperties", J::Bool(false)),
    ])
}

/// The short name of a product (`usdt` for `usdt_margined`), as the command line offers it.
fn short(key: &str) -> &str {
    key.split('_').next().unwrap_or(key)
}

fn param_schema(ir: &Ir, param: &Param) -> J {
    let mut schema = input_type(ir, &param.ty);
    let J::Obj(pairs) = &mut schema else {
        return schema;
    };
    let number = |t: &str| {
        if param.ty == Ty::Decimal {
            J::Num(t.to_owned())
        } else {
            J::Num(t.parse::<i64>().map_or(t.to_owned(), |n| n.to_string()))
        }
    };
    if let Some(min) = &param.min {
        pairs.push(("minimum".into(), number(min)));
    }
    if let Some(max) = &param.max {
        pairs.push(("maximum".into(), number(max)));
    }
    if let Some(n) = param.max_len {
        pairs.push(("maxLength".into(), J::Num(n.to_string())));
    }
    let mut doc = param.doc.clone().unwrap_or_default().trim().to_owned();
    if let Some(default) = &param.default {
        doc.push_str(&format!(" The server's default: {default}."));
    }
    if let Some(values) = enum_docs(ir, &param.ty) {
        doc.push_str(&format!(" Values: {values}."));
    }
    described(schema, &doc)
}

/// The schema of a value an agent sends.
fn input_type(ir: &Ir, ty: &Ty) -> J {
    let t = |name: &str| J::obj(vec![("type", J::str(name))]);
    let text_or = |other: &str, pattern: &str| {
        J::obj(vec![
            ("type", J::Arr(vec![J::str(other), J::str("string")])),
            ("pattern", J::str(pattern)),
        ])
    };
    match ty {
        Ty::String => t("string"),
        Ty::Bool => t("boolean"),
        Ty::I32 | Ty::Millis | Ty::Seconds | Ty::DurationSeconds | Ty::DurationMillis => {
            t("integer")
        }
        Ty::I64 => text_or("integer", INTEGER_TEXT),
        Ty::Decimal => text_or("number", DECIMAL_TEXT),
        Ty::LocalDateTime => t("string"),
        Ty::Json => J::Obj(Vec::new()),
        Ty::Enum(name, integer) => {
            let values = ir
                .enums
                .iter()
                .find(|e| &e.name == name)
                .map(|e| e.values.as_slice())
                .unwrap_or_default();
            let wire: Vec<J> = values
                .iter()
                .map(|v| {
                    if *integer {
                        J::Num(v.wire.clone())
                    } else {
                        J::Str(v.wire.clone())
                    }
                })
                .collect();
            J::obj(vec![
                ("type", J::str(if *integer { "integer" } else { "string" })),
                ("enum", J::Arr(wire)),
            ])
        }
        Ty::Record(name) => match ir.records.iter().find(|r| &r.name == name) {
            Some(r) => input_record(ir, r),
            None => J::Obj(Vec::new()),
        },
        Ty::List(item) | Ty::OneOrMany(item) => J::obj(vec![
            ("type", J::str("array")),
            ("items", input_type(ir, item)),
        ]),
    }
}

fn input_record(ir: &Ir, r: &Record) -> J {
    object_of(r, true, |f| {
        let mut doc = f.doc.clone().unwrap_or_default().trim().to_owned();
        if let Some(values) = enum_docs(ir, &f.ty) {
            doc.push_str(&format!(" Values: {values}."));
        }
        described(input_type(ir, &f.ty), &doc)
    })
}

/// A record's object schema: a property per field (`field` makes its schema), the required
/// ones listed, and with `closed` no other.
fn object_of(r: &Record, closed: bool, mut field: impl FnMut(&Field) -> J) -> J {
    let mut props = Vec::new();
    let mut required = Vec::new();
    for f in &r.fields {
        props.push((f.wire.clone(), field(f)));
        if f.required {
            required.push(J::Str(f.wire.clone()));
        }
    }
    let mut pairs = vec![
        ("type", J::str("object")),
        ("description", J::Str(r.doc.trim().to_owned())),
        ("properties", J::Obj(props)),
        ("required", J::Arr(required)),
    ];
    if closed {
        pairs.push(("additionalProperties", J::Bool(false)));
    }
    J::obj(pairs)
}

/// `schema` with `doc` as its description (none when `doc` is blank).
fn described(mut schema: J, doc: &str) -> J {
    if let (J::Obj(pairs), false) = (&mut schema, doc.trim().is_empty()) {
        pairs.push(("description".into(), J::Str(doc.trim().to_owned())));
    }
    schema
}

/// `BUY (Buy (long).), SELL (..)`: an enum's values with their docs, for a description.
fn enum_docs(ir: &Ir, ty: &Ty) -> Option<String> {
    let mut t = ty;
    while let Ty::List(inner) | Ty::OneOrMany(inner) = t {
        t = inner;
    }
    let Ty::Enum(name, _) = t else {
        return None;
    };
    let e = ir.enums.iter().find(|e| &e.name == name)?;
    let values: Vec<String> = e
        .values
        .iter()
        .map(|v| match &v.doc {
            Some(doc) => format!("{} ({})", v.wire, doc.trim().trim_end_matches('.')),
            None => v.wire.clone(),
        })
        .collect();
    Some(values.join("; "))
}

fn output_schema(ir: &Ir, ep: &Endpoint) -> J {
    let mut defs = Vec::new();
    let mut seen = BTreeSet::new();
    let root = match &ep.data {
        None => J::obj(vec![("type", J::str("object"))]),
        // The root record is inlined; the records it holds are `$defs`.
        Some(Ty::Record(name)) => match ir.records.iter().find(|r| &r.name == name) {
            Some(r) => output_record(ir, r, &mut defs, &mut seen),
            None => J::obj(vec![("type", J::str("object"))]),
        },
        Some(other) => J::obj(vec![
            ("type", J::str("object")),
            (
                "properties",
                J::Obj(vec![(
                    "items".into(),
                    output_type(ir, other, false, &mut defs, &mut seen),
                )]),
            ),
            ("required", J::Arr(vec![J::str("items")])),
        ]),
    };
    let J::Obj(mut pairs) = root else {
        return root;
    };
    if !defs.is_empty() {
        pairs.push(("$defs".into(), J::Obj(defs)));
    }
    J::Obj(pairs)
}

/// A record of an answer: its fields; required ones listed, optional ones may be null.
fn output_record(
    ir: &Ir,
    r: &Record,
    defs: &mut Vec<(String, J)>,
    seen: &mut BTreeSet<String>,
) -> J {
    if r.array_shape {
        let items: Vec<J> = r
            .fields
            .iter()
            .map(|f| output_type(ir, &f.ty, !f.required, defs, seen))
            .collect();
        return J::obj(vec![
            ("type", J::str("array")),
            ("description", J::Str(r.doc.trim().to_owned())),
            ("prefixItems", J::Arr(items)),
        ]);
    }
    object_of(r, false, |f| {
        let schema = output_type(ir, &f.ty, !f.required, defs, seen);
        described(schema, f.doc.as_deref().unwrap_or_default())
    })
}

/// The schema of a value in an answer; `nullable` for an optional field.
fn output_type(
    ir: &Ir,
    ty: &Ty,
    nullable: bool,
    defs: &mut Vec<(String, J)>,
    seen: &mut BTreeSet<String>,
) -> J {
    let t = |name: &str| {
        if nullable {
            J::obj(vec![("type", J::Arr(vec![J::str(name), J::str("null")]))])
        } else {
            J::obj(vec![("type", J::str(name))])
        }
    };
    match ty {
        // Decimals and 64-bit integers as text: exact, and safe from a JavaScript float.
        Ty::String | Ty::Decimal | Ty::I64 | Ty::LocalDateTime => t("string"),
        Ty::Bool => t("boolean"),
        Ty::I32 | Ty::Millis | Ty::Seconds | Ty::DurationSeconds | Ty::DurationMillis => {
            t("integer")
        }
        Ty::Json => J::Obj(Vec::new()),
        // Not limited to the listed values: a server may send one the spec does not list yet.
        Ty::Enum(_, integer) => t(if *integer { "integer" } else { "string" }),
        Ty::Record(name) => {
            if seen.insert(name.clone()) {
                if let Some(r) = ir.records.iter().find(|r| &r.name == name) {
                    let schema = output_record(ir, r, defs, seen);
                    defs.push((name.clone(), schema));
                }
            }
            let reference = J::obj(vec![("$ref", J::Str(format!("#/$defs/{name}")))]);
            if nullable {
                J::obj(vec![("anyOf", J::Arr(vec![reference, t("null")]))])
            } else {
                reference
            }
        }
        Ty::List(item) | Ty::OneOrMany(item) => {
            let items = output_type(ir, item, false, defs, seen);
            let mut schema = t("array");
            if let J::Obj(pairs) = &mut schema {
                pairs.push(("items".into(), items));
            }
            schema
        }
    }
}

/// One endpoint's arm of the dispatcher: decode, gate, send, answer.
fn dispatch(ep: &Endpoint) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    let name = &ep.name;
    let req = type_ident(&format!("{}Request", ep.camel));
    let list = matches!(ep.data, Some(Ty::List(_) | Ty::OneOrMany(_)));
    let answer = match &ep.data {
        Some(ty) => {
            let shape = super::cli::shape_ref(ty);
            quote!(#p::tool_answer(&client.send(&request).await?, #shape, #list))
        }
        None => quote!({ client.send(&request).await?; #p::nothing() }),
    };
    quote! {
        #name => {
            let request: #req = #p::decode_args(args)?;
            // The SDK's own checks first: a bad argument is the agent's, before any rule.
            ::contango::Endpoint::validate(&request).map_err(#p::invalid)?;
            gate.admit(<#req as ::contango::Endpoint>::META, &request).await?;
            #answer
        }
    }
}
