//! `contango-sim`: the simulator as a paper venue (`contango-sim [options]`: serves until Ctrl-C
//! and prints where it listens and the funded credentials; `--check --state DIR` verifies a
//! state directory), and the research tools on it: `report --state DIR` (a paper session's
//! report), `fidelity SESSION.jsonl` (the simulator against a live session), `export --parquet
//! OUT_DIR RECORDING` (a recording's market as Parquet tables, the `parquet` feature).
//! `contango-sim --help` lists every option.

use std::process::ExitCode;

mod args;
mod export;
mod fidelity;
mod report;
mod venue;

/// jemalloc (the `jemalloc` feature) for a venue that runs for days: flat resident memory and
/// faster answers than the system allocator (docs/design.md, The journaled venue).
#[cfg(all(feature = "jemalloc", not(target_env = "msvc")))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    one_arena();
    // Help and bad arguments are clap's: its text, exit 0 or 2.
    let run = match args::parse(std::env::args_os().skip(1)) {
        Ok(run) => run,
        Err(e) => e.exit(),
    };
    if let args::Run::Venue(v) = &run {
        // What the venue reports of itself (a store that would not compact, say), to stderr:
        // stdout is the start's own text.
        let _ = tracing_subscriber::fmt()
            .with_writer(std::io::stderr)
            .with_max_level(v.log)
            .try_init();
    }
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(async {
            match run {
                args::Run::Venue(v) if v.check => venue::check(&v.config),
                args::Run::Venue(v) => venue::serve(&v).await,
                args::Run::Report(r) => report::run(&r),
                args::Run::Fidelity(f) => fidelity::run(f).await,
                args::Run::Export(e) => export::run(&e),
            }
        }),
        Err(e) => {
            eprintln!("contango-sim: cannot start the runtime: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Keeps glibc's allocator to one arena, before any thread starts. With an arena per thread (its
/// default), each arena fragmented on its own and a journaled venue's resident size crept for
/// minutes after its live heap had stopped growing; with one it crept less than half as much, at
/// the same throughput (docs/design.md, The journaled venue). Nothing to do with another
/// allocator (the `jemalloc` feature, or a system without glibc).
fn one_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu", not(feature = "jemalloc")))]
    // SAFETY: mallopt only sets an allocator parameter, before any other thread exists; a refusal
    // (0) leaves glibc's default in force.
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}
