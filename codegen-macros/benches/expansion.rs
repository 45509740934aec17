//! The macro pipeline on the shipped spec (`spec/futures.yaml`, 65 KB), each figure beside its
//! reference in one criterion group (docs/design.md, Performance budgets: expanding the whole spec
//! takes under 50 ms):
//!
//! - `expansion_parse`: the YAML parser alone (serde-saphyr into `IgnoredAny`, the floor any
//!   YAML-reading macro pays, and into a generic `serde_json::Value`) beside contango's located
//!   tree (`yaml`) and the tree read into the strict model (`yaml` + `read`);
//! - `expansion_stages`: each later stage from the previous one's output: `validate` (checks and
//!   the IR), the SDK's and the CLI's `emit`, and the SDK's tokens rendered to a string (the
//!   macro's tokens handed over; inside rustc every token operation crosses the proc-macro bridge
//!   instead, which this process cannot reproduce);
//! - `expansion_whole`: `generate!` (parse, read, validate, emit the SDK) and `generate_cli!`
//!   beside the serde-saphyr `Value` parse.
//!
//! A proc-macro crate exports nothing but macros, so this bench mounts the crate's own modules
//! with `#[path]`, the same set `lib.rs` declares (all but `source`, the file access): the code
//! timed is the code the macro runs, `pipeline::generate_with` included. The macro runs inside
//! rustc as an unoptimised build (cargo builds proc macros with `opt-level = 0` in both dev and
//! release unless `build-override` says otherwise), so the figure users pay is this bench built
//! with the dev profile:
//!
//! ```sh
//! cargo bench -p contango-macros --bench expansion                 # optimised
//! cargo bench -p contango-macros --bench expansion --profile dev   # as rustc runs the macro
//! ```
//!
//! Nothing here is asserted but that the spec expands without mistakes: figures are read, not
//! tested.

// The modules' items that only the macro's root or the unit tests use.
#![allow(dead_code)]
// In test mode cargo builds this file with `--cfg test` but without the test harness: the
// modules' unit tests are compiled without their `#[test]` functions, which leaves imports unused.
#![cfg_attr(test, allow(unused_imports))]

#[path = "../src/diag.rs"]
mod diag;
#[path = "../src/emit/mod.rs"]
mod emit;
#[path = "../src/ir.rs"]
mod ir;
#[path = "../src/naming.rs"]
mod naming;
#[path = "../src/pipeline.rs"]
mod pipeline;
#[path = "../src/read.rs"]
mod read;
#[path = "../src/schema.rs"]
mod schema;
#[path = "../src/spec.rs"]
mod spec;
#[path = "../src/validate/mod.rs"]
mod validate;
#[path = "../src/yaml.rs"]
mod yaml;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};

const SPEC: &str = include_str!("../../spec/futures.yaml");

fn saphyr_value(text: &str) -> serde_json::Value {
    serde_saphyr::from_str(text).expect("the spec is YAML a JSON value can hold")
}

fn parse(c: &mut Criterion) {
    let mut g = c.benchmark_group("expansion_parse");
    g.throughput(Throughput::Bytes(SPEC.len() as u64));
    g.bench_function("serde-saphyr, IgnoredAny", |b| {
        b.iter(|| serde_saphyr::from_str::<serde::de::IgnoredAny>(black_box(SPEC)))
    });
    g.bench_function("serde-saphyr, serde_json::Value", |b| {
        b.iter(|| saphyr_value(black_box(SPEC)))
    });
    g.bench_function("contango yaml (located tree)", |b| {
        b.iter(|| yaml::parse(black_box(SPEC)))
    });
    g.bench_function("contango yaml + read (model)", |b| {
        b.iter(|| spec::parse(black_box(SPEC)))
    });
    g.finish();
}

fn stages(c: &mut Criterion) {
    let (spec, diags) = spec::parse(SPEC);
    assert!(diags.is_empty(), "{diags:#?}");
    let spec = spec.expect("the shipped spec reads");
    let (ir, diags) = validate::validate(&spec);
    assert!(diags.is_empty(), "{diags:#?}");
    let sdk = emit::emit(&ir);
    let cli = emit::cli::emit(&ir);

    let mut g = c.benchmark_group("expansion_stages");
    g.bench_function("validate", |b| {
        b.iter(|| validate::validate(black_box(&spec)))
    });
    g.bench_function("emit SDK", |b| b.iter(|| emit::emit(black_box(&ir))));
    g.bench_function("emit CLI", |b| b.iter(|| emit::cli::emit(black_box(&ir))));
    g.bench_function("SDK tokens to_string", |b| {
        b.iter(|| black_box(&sdk).to_string())
    });
    g.bench_function("CLI tokens to_string", |b| {
        b.iter(|| black_box(&cli).to_string())
    });
    g.finish();
}

fn whole(c: &mut Criterion) {
    let expand = |emit: pipeline::Emit| match pipeline::generate_with(black_box(SPEC), emit) {
        Ok(tokens) => tokens,
        Err((_, d)) => panic!("{d:#?}"),
    };
    let mut g = c.benchmark_group("expansion_whole");
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(10));
    g.bench_function("serde-saphyr, serde_json::Value", |b| {
        b.iter(|| saphyr_value(black_box(SPEC)))
    });
    g.bench_function("generate! (SDK)", |b| b.iter(|| expand(emit::emit)));
    g.bench_function("generate_cli! (CLI)", |b| {
        b.iter(|| expand(emit::cli::emit))
    });
    g.bench_function("generate! (SDK), to_string", |b| {
        b.iter(|| expand(emit::emit).to_string())
    });
    g.finish();
}

criterion_group!(benches, parse, stages, whole);
criterion_main!(benches);
