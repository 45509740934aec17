//! Spec mistakes are compile errors that say where (file:line:column and key path) and what: one
//! case per mistake under `tests/ui/`, each calling
//! `contango::generate!("tests/ui/specs/<case>.yaml")`, with the reviewed compiler output next to
//! it (`<case>.stderr`). Specs that must generate working code are tested in `generated`.
//!
//! Each case is a binary of one probe crate ([`Probe`]) that cargo builds with `--keep-going`:
//! every case is its own rustc run, as a user's crate would be, and what rustc prints for it is
//! compared with its `.stderr`. These were trybuild cases; trybuild builds its cases in a target
//! directory of its own, so every run of the suite also checked the facade's whole dependency
//! tree there (70 of its 75 seconds). The probe shares this build's artifacts.
//!
//! After a deliberate change of a message: `CONTANGO_BLESS=1 cargo test --test it spec_errors`
//! writes the new outputs, then review the `.stderr` diff.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::probe::Probe;

/// The cases (`tests/ui/*.rs`), by name.
fn cases(root: &Path) -> BTreeMap<String, PathBuf> {
    std::fs::read_dir(root.join("tests/ui"))
        .expect("tests/ui")
        .filter_map(|entry| {
            let path = entry.expect("a directory entry").path();
            let name = path.file_stem()?.to_str()?.to_owned();
            (path.extension()? == "rs").then_some((name, path))
        })
        .collect()
}

/// What rustc printed for each binary of a `cargo build --message-format=json` run: its errors
/// and warnings as rendered, a blank line between them (the summary lines left out, as
/// trybuild did).
fn outputs(stdout: &str) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in stdout.lines() {
        let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if msg["reason"] != "compiler-message" {
            continue;
        }
        let diagnostic = &msg["message"];
        let level = diagnostic["level"].as_str().unwrap_or_default();
        let text = diagnostic["message"].as_str().unwrap_or_default();
        if !matches!(level, "error" | "warning") || text.starts_with("aborting due to") {
            continue;
        }
        if let (Some(target), Some(rendered)) = (
            msg["target"]["name"].as_str(),
            diagnostic["rendered"].as_str(),
        ) {
            out.entry(target.to_owned())
                .or_default()
                .push(rendered.trim_end().to_owned());
        }
    }
    out.into_iter()
        .map(|(name, texts)| (name, texts.join("\n\n") + "\n"))
        .collect()
}

#[test]
fn every_spec_mistake_is_a_compile_error_saying_where_and_what() {
    let root = env!("CARGO_MANIFEST_DIR");
    let cases = cases(Path::new(root));
    assert!(cases.len() > 40, "the cases: {cases:?}");

    let probe = Probe::new("spec-errors-probe", root);
    let mut bins = String::new();
    for name in cases.keys() {
        bins.push_str(&format!(
            "\n[[bin]]\nname = \"{name}\"\npath = \"tests/ui/{name}.rs\"\n"
        ));
    }
    probe.append_to_manifest(&bins);
    // The cases name their specs relative to the crate's directory, as in this repository.
    let specs = Path::new(root).join("tests/ui/specs");
    std::fs::create_dir_all(probe.dir.join("tests/ui/specs")).expect("the probe's tests/ui");
    for entry in std::fs::read_dir(&specs).expect("tests/ui/specs") {
        let path = entry.expect("a directory entry").path();
        let name = path.file_name().expect("a file name");
        std::fs::copy(&path, probe.dir.join("tests/ui/specs").join(name)).expect("copy a spec");
    }
    for (name, path) in &cases {
        std::fs::copy(path, probe.dir.join(format!("tests/ui/{name}.rs"))).expect("copy a case");
    }

    let (ok, stdout, stderr) =
        probe.cargo(&["build", "--bins", "--keep-going", "--message-format=json"]);
    assert!(!ok, "every case must fail to compile:\n{stderr}");
    let actual = outputs(&stdout);
    let bless = std::env::var_os("CONTANGO_BLESS").is_some();
    let mut failures = Vec::new();
    for (name, path) in &cases {
        let expected_file = path.with_extension("stderr");
        let Some(got) = actual.get(name) else {
            failures.push(format!("{name}: compiled without an error"));
            continue;
        };
        let expected = std::fs::read_to_string(&expected_file).unwrap_or_default();
        if *got == expected {
            continue;
        }
        if bless {
            std::fs::write(&expected_file, got).expect("write a .stderr");
        } else {
            failures.push(format!(
                "{name}: EXPECTED ({}):\n{expected}\nACTUAL:\n{got}",
                expected_file.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ (CONTANGO_BLESS=1 writes the actual outputs):\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
