//! Spec mistakes are compile errors that say where (file:line:column and key path) and what:
//! one trybuild case per mistake under `tests/ui/`, each calling
//! `contango::generate!("tests/ui/specs/<case>.yaml")`, with the reviewed compiler output next to
//! it (`<case>.stderr`). Specs that must generate working code are tested in
//! `tests/it/generated/`, as ordinary tests: with no pass case here, trybuild checks every case
//! in one `cargo check` instead of building the dependencies and then each case on its own.
//!
//! After a deliberate change of a message: `TRYBUILD=overwrite cargo test --test ui`, then review
//! the `.stderr` diff.

use std::path::{Path, PathBuf};

/// trybuild builds the cases in its own crate under the target directory, so a spec path in a
/// case resolves against that crate's directory: the specs are copied there first, to the same
/// relative paths as in this repository.
fn stage_specs() {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("target"));
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/specs");
    let to = target.join("tests/trybuild/contango/tests/ui/specs");
    let _ = std::fs::remove_dir_all(&to);
    std::fs::create_dir_all(&to).expect("create the trybuild spec directory");
    for entry in std::fs::read_dir(&from).expect("tests/ui/specs") {
        let path = entry.expect("directory entry").path();
        if let Some(name) = path.file_name() {
            std::fs::copy(&path, to.join(name)).expect("copy a spec");
        }
    }
}

#[test]
fn ui() {
    stage_specs();
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    // Empty on purpose (see the module doc); a case added here still runs, slowly.
    t.pass("tests/ui/pass/*.rs");
}
