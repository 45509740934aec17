//! A scratch crate built with cargo, sharing this build's target directory: how the rebuild
//! tests (`tests/it/rebuild.rs`, `cli/tests/cli/rebuild.rs`) prove that editing a spec recompiles.

// Each test binary that includes this module (the facade's and the CLI's) uses part of it.
#![allow(dead_code)]

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
/// enables, so it is not built again.
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
    /// A crate `name` in this build's temporary directory, depending on the packages in `deps`
    /// (`(package, path)`) and the dependency lines `more`, with this workspace's `Cargo.lock`
    /// (`workspace_root`) and its profile.
    pub fn new(name: &str, deps: &[(&str, &str)], more: &[&str], workspace_root: &str) -> Probe {
        let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let target = tmp
            .parent()
            .map_or_else(|| tmp.join("target"), Path::to_path_buf);
        let dir = tmp.join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).expect("create the probe crate");
        let deps: String = deps
            .iter()
            .map(|(package, path)| format!("{package} = {{ path = {path:?} }}\n"))
            .chain(more.iter().map(|line| format!("{line}\n")))
            .collect();
        let manifest = format!(
            "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             [dependencies]\n{deps}\n\
             # Its own workspace, not a member of contango's; dependencies without debug\n\
             # information, as contango builds them.\n[workspace]\n\n\
             [profile.dev.package.\"*\"]\ndebug = false\n"
        );
        let probe = Probe {
            dir,
            target,
            name: name.to_owned(),
        };
        probe.write("Cargo.toml", &manifest);
        // The same versions as this build, so nothing is resolved (offline) or built twice.
        let lock = Path::new(workspace_root).join("Cargo.lock");
        std::fs::copy(lock, probe.dir.join("Cargo.lock")).expect("copy Cargo.lock");
        probe
    }

    pub fn write(&self, file: &str, text: &str) {
        std::fs::write(self.dir.join(file), text).expect("write a probe file");
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
