//! Semantic checks of the parsed spec, collecting every mistake (not first-fail), and lowering to
//! the IR. Broken items are replaced by harmless placeholders so one typo does not cascade.
//!
//! One module per section of the spec, as `spec` and `emit` are split: `types` (the namespace of
//! records and enums, and type expressions), `client` (`auth`, `products`), `errors`, `enums`,
//! `records`, `endpoints` and the `params` they share with market channels, `stream`, `market`,
//! and `resilience` (with `precheck` and `helpers`), which resolves what ties endpoints together
//! once they all exist. `names` checks the Rust names fields and parameters get. `cli` checks what only the
//! command line needs (its own commands' and flags' names), for [`Target::Cli`] alone.

use crate::diag::Diagnostics;
use crate::ir;
use crate::spec::Spec;
use crate::target::Target;

mod cli;
mod client;
mod endpoints;
mod enums;
mod errors;
mod helpers;
mod market;
mod names;
mod params;
mod precheck;
mod records;
mod resilience;
mod stream;
mod types;

/// Checks `spec` for `target` and lowers it. Always returns an IR (possibly partial) plus every
/// mistake found.
pub fn validate(spec: &Spec, target: Target) -> (ir::Ir, Diagnostics) {
    let mut cx = Diagnostics::default();
    let mut declared = types::declare_all(&mut cx, spec);
    // Records on a cycle (reported once) resolve but are not generated.
    for name in records::recursion(&mut cx, spec, &declared.kinds) {
        declared.kinds.insert(name, types::Kind::Broken);
    }
    let auth = client::auth(&mut cx, &spec.auth);
    let products = client::products(&mut cx, &spec.products);
    let tables = errors::tables(&mut cx, &spec.error_tables);
    let enums = spec
        .enums
        .iter()
        .zip(&declared.enums)
        .filter(|(_, ok)| **ok)
        .map(|((k, d), _)| enums::enum_def(&mut cx, k, d))
        .collect();
    let records = spec
        .types
        .iter()
        .zip(&declared.types)
        .filter(|((k, _), ok)| **ok && declared.kinds.get(&k.value) == Some(&types::Kind::Record))
        .map(|((k, d), _)| records::record(&mut cx, &declared.kinds, k, d))
        .collect();
    let mut endpoints = endpoints::endpoints(&mut cx, &declared.kinds, spec, &tables);
    for ep in &mut endpoints {
        ep.signed = auth.signs(ep.security);
    }
    let stream = spec
        .stream
        .as_ref()
        .and_then(|s| stream::stream(&mut cx, &declared.kinds, s));

    let mut ir = ir::Ir {
        title: spec.info.title.clone(),
        version: spec.info.version.clone(),
        doc: spec.info.doc.clone(),
        auth,
        products,
        tables,
        enums,
        records,
        endpoints,
        stream,
        market: None,
        clock: None,
        rates: Vec::new(),
    };
    ir.market = spec
        .market_stream
        .as_ref()
        .and_then(|m| market::market(&mut cx, &declared.kinds, m));
    resilience::resolve(&mut cx, spec, &mut ir);
    if target == Target::Cli {
        cli::names(&mut cx, spec, &ir);
    }
    (ir, cx)
}

#[cfg(test)]
mod tests;
