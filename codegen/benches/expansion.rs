//! The macro pipeline on the shipped spec (`spec/futures.yaml`, 65 KB), each figure beside its
//! reference in one criterion group (docs/design.md, Performance budgets: expanding the whole spec
//! takes under 50 ms):
//!
//! - `expansion_parse`: a serde YAML reader alone (serde-saphyr, on the parser the generator reads
//!   events from, into `IgnoredAny`, the floor any serde-reading macro pays, and into a generic
//!   `serde_json::Value`) beside contango's located tree (`yaml`) and the tree read into the
//!   strict model (`yaml` + `read`);
//! - `expansion_stages`: each later stage from the previous one's output: `validate` (checks and
//!   the IR), the SDK's and the CLI's `emit`, and the SDK's tokens rendered to a string (the
//!   macro's tokens handed over; inside rustc every token operation crosses the proc-macro bridge
//!   instead, which this process cannot reproduce);
//! - `expansion_whole`: `generate!` (parse, read, validate, emit the SDK) and `generate_cli!`
//!   beside the serde-saphyr `Value` parse.
//!
//! The steps are the library's own (`contango_codegen::stages`), the very functions
//! `generate` runs: the code timed is the code the macro runs. The macro runs inside rustc as an
//! unoptimised build (cargo builds proc macros and their dependencies with `opt-level = 0` in
//! both dev and release unless `build-override` says otherwise), so the figure users pay is this
//! bench built with the dev profile:
//!
//! ```sh
//! cargo bench -p contango-codegen --bench expansion                 # optimised
//! cargo bench -p contango-codegen --bench expansion --profile dev   # as rustc runs the macro
//! ```
//!
//! Nothing here is asserted but that the spec expands without mistakes: figures are read, not
//! tested.

use std::hint::black_box;
use std::time::Duration;

use contango_codegen::{Target, generate, stages};
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
        b.iter(|| stages::tree(black_box(SPEC)))
    });
    g.bench_function("contango yaml + read (model)", |b| {
        b.iter(|| stages::read(black_box(SPEC)))
    });
    g.finish();
}

fn stages(c: &mut Criterion) {
    let (model, diags) = stages::read(SPEC);
    assert!(diags.is_empty(), "{diags:#?}");
    let model = model.expect("the shipped spec reads");
    let (sdk_ir, diags) = stages::validate(&model, Target::Sdk);
    assert!(diags.is_empty(), "{diags:#?}");
    let (cli_ir, diags) = stages::validate(&model, Target::Cli);
    assert!(diags.is_empty(), "{diags:#?}");
    let sdk = stages::emit(&sdk_ir, Target::Sdk);
    let cli = stages::emit(&cli_ir, Target::Cli);

    let mut g = c.benchmark_group("expansion_stages");
    g.bench_function("validate", |b| {
        b.iter(|| stages::validate(black_box(&model), Target::Sdk))
    });
    g.bench_function("emit SDK", |b| {
        b.iter(|| stages::emit(black_box(&sdk_ir), Target::Sdk))
    });
    g.bench_function("emit CLI", |b| {
        b.iter(|| stages::emit(black_box(&cli_ir), Target::Cli))
    });
    g.bench_function("SDK tokens to_string", |b| {
        b.iter(|| black_box(&sdk).to_string())
    });
    g.bench_function("CLI tokens to_string", |b| {
        b.iter(|| black_box(&cli).to_string())
    });
    g.finish();
}

fn whole(c: &mut Criterion) {
    let expand = |target: Target| match generate(black_box(SPEC), target) {
        Ok(tokens) => tokens,
        Err(rejected) => panic!("{:#?}", rejected.diagnostics),
    };
    let mut g = c.benchmark_group("expansion_whole");
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(10));
    g.bench_function("serde-saphyr, serde_json::Value", |b| {
        b.iter(|| saphyr_value(black_box(SPEC)))
    });
    g.bench_function("generate! (SDK)", |b| b.iter(|| expand(Target::Sdk)));
    g.bench_function("generate_cli! (CLI)", |b| b.iter(|| expand(Target::Cli)));
    g.bench_function("generate! (SDK), to_string", |b| {
        b.iter(|| expand(Target::Sdk).to_string())
    });
    g.finish();
}

criterion_group!(benches, parse, stages, whole);
criterion_main!(benches);
