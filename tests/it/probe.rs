//! A scratch crate built with cargo, sharing this build's target directory: how the rebuild
//! tests (`tests/it/rebuild.rs`, `cli/tests/cli/rebuild.rs`) prove that editing a spec recompiles.

// Each test binary that includes this module (the facade's and the CLI's) uses part of it.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The shipped spec, which the probes copy: whatever it names (a built-in precheck, say) must
/// work in any crate's expansion of it.
pub const SHIPPED_SPEC: &str = include_str!("../../spec/futures.yaml");

/// An endpoint the rebuild tests add (under `endpoints:`), with a documented, limited parameter.
pub const RECENT_TRADES: &str = r#"  recent_trades:
    doc: Recent trades of a contract, newest first.
    method: GET
    path: /v1/recentTrades
    security: NONE
    errors: futures
    query:
      contractName: { type: string, required: true, doc: Contract name. }
      limit: { type: i32, min: 1, max: 50, doc: How many trades. }
    response: { envelope: bare, data: list<Trade> }

"#;

/// A dependency line for a probe's `main`: tokio with features contango's own build already
/// enables.
pub const TOKIO: &str = r#"tokio = { version = "1", features = ["macros", "rt-multi-thread"] }"#;

/// `text` with each `(from, to)` replaced; each `from` must occur exactly once.
pub fn edit(text: &str, edits: &[(&str, &str)]) -> String {
    let mut out = text.to_owned();
    for (from, to) in edits {
        assert_eq!(
            out.matches(from).count(),
            1,
            "`{from}` must occur once in the spec"
        );
        out = out.replacen(from, to, 1);
    }
    out
}

/// One build of the probe crate.
pub struct Build {
    pub ok: bool,
    /// Whether cargo compiled the probe crate itself (not fresh).
    pub recompiled: bool,
    pub stderr: String,
}

pub struct Probe {
    pub dir: PathBuf,
    target: PathBuf,
    name: String,
}

impl Probe {
    /// A crate `name` in this build's temporary directory that depends on every package of the
    /// workspace at `workspace_root` and on everything those depend on, with the features the
    /// workspace's own test build gives them ([`workspace_dependencies`]): cargo then finds the
    /// test build's artifacts of every registry dependency fresh and compiles only contango's
    /// crates (once for all such probes) and the probe itself.
    pub fn new(name: &str, workspace_root: &str) -> Probe {
        Probe::with(name, workspace_dependencies(workspace_root), workspace_root)
    }

    /// A crate `name` depending on exactly the dependency lines `dependencies` (a feature set of
    /// its own: cargo builds what differs from the test build).
    pub fn with_dependencies(name: &str, dependencies: &[&str], workspace_root: &str) -> Probe {
        let lines: String = dependencies
            .iter()
            .map(|line| format!("{line}\n"))
            .collect();
        Probe::with(name, &format!("[dependencies]\n{lines}"), workspace_root)
    }

    /// The crate with the manifest sections `dependencies`, this workspace's `Cargo.lock` (the
    /// same versions: nothing resolved offline or built twice) and its profiles.
    fn with(name: &str, dependencies: &str, workspace_root: &str) -> Probe {
        let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let target = tmp
            .parent()
            .map_or_else(|| tmp.join("target"), Path::to_path_buf);
        let dir = tmp.join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).expect("create the probe crate");
        let root = Path::new(workspace_root);
        let workspace_manifest =
            std::fs::read_to_string(root.join("Cargo.toml")).expect("the workspace's Cargo.toml");
        let manifest = format!(
            "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             {dependencies}\n\
             # Its own workspace, not a member of contango's, with contango's profiles.\n\
             [workspace]\n\n{}",
            profiles(&workspace_manifest)
        );
        let probe = Probe {
            dir,
            target,
            name: name.to_owned(),
        };
        probe.write("Cargo.toml", &manifest);
        if dependencies.contains("[build-dependencies]") {
            probe.write("build.rs", "fn main() {}\n");
        }
        std::fs::copy(root.join("Cargo.lock"), probe.dir.join("Cargo.lock"))
            .expect("copy Cargo.lock");
        probe
    }

    pub fn write(&self, file: &str, text: &str) {
        std::fs::write(self.dir.join(file), text).expect("write a probe file");
    }

    /// Appends manifest sections (targets, say) to the probe's `Cargo.toml`.
    pub fn append_to_manifest(&self, sections: &str) {
        let path = self.dir.join("Cargo.toml");
        let manifest = std::fs::read_to_string(&path).expect("the probe's manifest");
        self.write("Cargo.toml", &(manifest + sections));
    }

    pub fn cargo(&self, args: &[&str]) -> (bool, String, String) {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut command = Command::new(cargo);
        // What cargo set for this test (CARGO_PKG_NAME, CARGO_MANIFEST_DIR, ...) is not the
        // probe's; build scripts that watch the environment would rebuild on the difference.
        for (key, _) in std::env::vars_os() {
            let key = key.to_string_lossy();
            if (key.starts_with("CARGO_") && key != "CARGO_HOME") || key == "RUSTFLAGS" {
                command.env_remove(&*key);
            }
        }
        let child = command
            .args(args)
            .arg("--offline")
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run cargo");
        // Bounded: a build that hangs (a held lock, say) fails the test instead of the suite.
        wait_bounded(child, Duration::from_secs(600))
    }

    pub fn build(&self) -> Build {
        let (ok, out, stderr) = self.cargo(&["build", "--message-format=json-render-diagnostics"]);
        let recompiled = out.lines().any(|line| {
            let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
                return false;
            };
            msg["reason"] == "compiler-artifact"
                && msg["target"]["name"] == self.name.as_str()
                && msg["fresh"] == false
        });
        Build {
            ok,
            recompiled,
            stderr,
        }
    }

    /// The probe's binary, once built.
    pub fn binary(&self) -> PathBuf {
        self.target.join("debug").join(&self.name)
    }
}

/// The manifest's `[profile.*]` sections, verbatim.
fn profiles(manifest: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for line in manifest.lines() {
        if line.starts_with('[') {
            inside = line.starts_with("[profile.");
        }
        if inside {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The `[dependencies]` and `[build-dependencies]` of a probe that builds against the same
/// artifacts as `cargo test --workspace`: every member of the workspace by path, and every
/// registry dependency any member declares (normal, dev or build), with the union of the
/// features asked for. The test build unifies all of those for the target, and for the host
/// (proc macros, build scripts) too since the macro crate's own unit tests put its dependencies
/// on the target side; listing the same set as build dependencies gives the probe's host side
/// the same features, so the host and target units are the test build's. Read once per test
/// binary from `cargo metadata`; a dependency added to any member is picked up by itself. (Only
/// the time is at stake: a feature set that differs makes cargo build another copy.)
fn workspace_dependencies(workspace_root: &str) -> &'static str {
    static SECTIONS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SECTIONS.get_or_init(|| {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let out = Command::new(cargo)
            .args([
                "metadata",
                "--format-version",
                "1",
                "--no-deps",
                "--offline",
            ])
            .current_dir(workspace_root)
            .output()
            .expect("run cargo metadata");
        assert!(
            out.status.success(),
            "cargo metadata: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let metadata: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON");
        let packages = metadata["packages"].as_array().expect("packages");
        let members: Vec<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
        let mut normal = String::from("[dependencies]\n");
        let mut registry: BTreeMap<&str, Wanted> = BTreeMap::new();
        for package in packages {
            let name = package["name"].as_str().unwrap_or_default();
            let manifest = package["manifest_path"].as_str().expect("manifest_path");
            let dir = Path::new(manifest).parent().expect("a package directory");
            normal.push_str(&format!("{name} = {{ path = {dir:?} }}\n"));
            for dep in package["dependencies"].as_array().into_iter().flatten() {
                let name = dep["name"].as_str().unwrap_or_default();
                // Members come by path above; optional and platform-specific dependencies come
                // with the members that enable them.
                if members.contains(&name) || dep["optional"] == true || !dep["target"].is_null() {
                    continue;
                }
                let wanted = registry.entry(name).or_insert_with(|| Wanted {
                    req: dep["req"].as_str().unwrap_or("*"),
                    features: BTreeSet::new(),
                    default: false,
                });
                let features = dep["features"].as_array().into_iter().flatten();
                wanted.features.extend(features.filter_map(|f| f.as_str()));
                wanted.default |= dep["uses_default_features"] == true;
            }
        }
        let lines: String = registry
            .iter()
            .map(|(name, w)| {
                let (req, default) = (w.req, w.default);
                let features: Vec<&str> = w.features.iter().copied().collect();
                format!(
                    "{name} = {{ version = {req:?}, features = {features:?}, \
                     default-features = {default} }}\n"
                )
            })
            .collect();
        format!("{normal}{lines}\n[build-dependencies]\n{lines}")
    })
}

/// What the workspace's members ask of one registry dependency, together.
struct Wanted<'a> {
    /// The first version requirement seen (the lock file decides the version).
    req: &'a str,
    features: BTreeSet<&'a str>,
    default: bool,
}

/// Runs `binary` with `args` for at most a minute: whether it succeeded, and its stdout and
/// stderr together.
pub fn run_bounded(binary: &Path, args: &[String]) -> (bool, String) {
    let child = Command::new(binary)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the probe");
    let (ok, out, err) = wait_bounded(child, Duration::from_secs(60));
    (ok, out + &err)
}

/// Waits for `child` at most `limit` (then kills it and fails the test): whether it succeeded,
/// its stdout and its stderr.
fn wait_bounded(mut child: Child, limit: Duration) -> (bool, String, String) {
    let started = Instant::now();
    let (out, err) = (child.stdout.take(), child.stderr.take());
    let out = std::thread::spawn(move || read_all(out));
    let err = std::thread::spawn(move || read_all(err));
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{child:?} ran longer than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = out.join().unwrap_or_default();
    let err = err.join().unwrap_or_default();
    (status.success(), out, err)
}

fn read_all(pipe: Option<impl std::io::Read>) -> String {
    let mut s = String::new();
    if let Some(mut p) = pipe {
        let _ = p.read_to_string(&mut s);
    }
    s
}
