//! Tokens from the IR. Cannot fail and never sees YAML. Generated code names runtime items through
//! `::contango::__private`, so it compiles wherever it is expanded.

pub mod cli;
mod client;
mod endpoints;
mod enums;
mod errors;
mod market;
mod records;
mod stream;
mod tools;

use crate::ir::{Ir, Ty};
use crate::naming::type_ident;
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::BTreeSet;

/// Everything the spec describes, as items. Each item's tokens are moved into the output, not
/// copied as `quote!` interpolation would.
pub fn emit(ir: &Ir) -> TokenStream {
    let mut out = TokenStream::new();
    let direct = carried_types(ir, true);
    let paths = records::Paths::new();
    out.extend(
        ir.records
            .iter()
            .map(|r| records::record(r, direct.contains(r.name.as_str()), &paths)),
    );
    out.extend(
        ir.enums
            .iter()
            .map(|e| enums::enumeration(e, direct.contains(e.name.as_str()))),
    );
    out.extend([errors::error_codes(ir)]);
    out.extend(
        ir.endpoints
            .iter()
            .map(|ep| endpoints::endpoint(ep, &paths)),
    );
    out.extend([endpoints::table(&ir.endpoints)]);
    out.extend([client::client(ir)]);
    // The streams' code exists only with the facade's `user-stream` / `market-stream` features:
    // the facade's macros expand it or drop it, so the choice is the features contango was built
    // with, in any crate that generates.
    out.extend(ir.stream.as_ref().map(|s| {
        let items = stream::stream(s);
        quote!(::contango::__private::if_user_stream! { #items })
    }));
    out.extend(ir.market.as_ref().map(|m| {
        let items = market::market(m);
        quote!(::contango::__private::if_market_stream! { #items })
    }));
    out
}

/// The records and enums that answers, stream events (with `events`) and market channels'
/// payloads carry, and everything those hold. The SDK gives them a `Direct` impl (the one-pass
/// reader of the hot paths; records only requests use are left out), the CLI a `Shape`.
pub fn carried_types(ir: &Ir, events: bool) -> BTreeSet<&str> {
    /// The record or enum a type expression names, through its lists.
    fn named(mut t: &Ty) -> Option<&str> {
        while let Ty::List(inner) | Ty::OneOrMany(inner) = t {
            t = inner;
        }
        match t {
            Ty::Record(n) | Ty::Enum(n, _) => Some(n),
            _ => None,
        }
    }
    let mut todo: Vec<&str> = ir
        .endpoints
        .iter()
        .filter_map(|ep| named(ep.data.as_ref()?))
        .collect();
    if let Some(s) = ir.stream.as_ref().filter(|_| events) {
        todo.extend(s.events.iter().map(|e| e.record.as_str()));
    }
    if let Some(m) = &ir.market {
        todo.extend(m.channels.iter().map(|c| c.payload.as_str()));
    }
    let mut seen = BTreeSet::new();
    while let Some(name) = todo.pop() {
        if !seen.insert(name) {
            continue;
        }
        if let Some(r) = ir.records.iter().find(|r| r.name == name) {
            todo.extend(r.fields.iter().filter_map(|f| named(&f.ty)));
        }
    }
    seen
}

/// The Rust type of a type expression (without the `Option` of an optional field).
pub fn rust_ty(t: &Ty) -> TokenStream {
    match t {
        Ty::String => quote!(::std::string::String),
        Ty::Bool => quote!(bool),
        Ty::I32 => quote!(i32),
        Ty::I64 => quote!(i64),
        Ty::Decimal => quote!(::contango::__private::rust_decimal::Decimal),
        Ty::Millis => quote!(::contango::Millis),
        Ty::Seconds => quote!(::contango::Seconds),
        Ty::DurationSeconds => quote!(::contango::DurationSeconds),
        Ty::DurationMillis => quote!(::contango::DurationMillis),
        Ty::LocalDateTime => quote!(::contango::LocalDateTime),
        Ty::Json => quote!(::contango::__private::serde_json::Value),
        Ty::Record(n) | Ty::Enum(n, _) => {
            let i = type_ident(n);
            quote!(#i)
        }
        Ty::List(inner) | Ty::OneOrMany(inner) => {
            let i = rust_ty(inner);
            quote!(::std::vec::Vec<#i>)
        }
    }
}

/// A `#[doc = ...]` attribute per line of `text`.
pub fn doc(text: &str) -> TokenStream {
    let lines = text.trim().lines().map(|l| format!(" {}", l.trim_end()));
    quote!(#(#[doc = #lines])*)
}

/// The doc text of an item, or a fallback that still says something useful.
pub fn doc_or(text: Option<&str>, fallback: impl FnOnce() -> String) -> TokenStream {
    match text {
        Some(t) if !t.trim().is_empty() => doc(t),
        _ => doc(&fallback()),
    }
}
