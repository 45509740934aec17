//! A scratch crate built with cargo, sharing this build's target directory: how the rebuild
//! tests (`tests/it/rebuild.rs`, `cli/tests/cli/rebuild.rs`) prove that editing a spec recompiles.

// Each test binary that includes this module (the facade's and the CLI's) uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A small spec with one endpoint, which the rebuild tests edit.
pub const SPEC_V1: &str = r#"
info: { title: Probe, version: "1", doc: A spec that gets edited. }
auth: { api_key_header: X-KEY, signature_header: X-SIGN, timestamp_header: X-TS, recv_window_param: recvWindow }
products:
  main: { prefix: /api, doc: The only product. }
error_tables:
  main:
    success: [0]
    codes:
      - { code: -1, name: BAD_REQUEST, message: bad request, retry: never }
types:
  Ticker:
    doc: Latest price of a contract.
    fields:
      symbol: { type: string, required: true }
endpoints:
  ticker:
    doc: Gets a ticker.
    method: GET
    path: /v1/ticker
    security: NONE
    errors: main
    query:
      symbol: { type: string, required: true }
    response: { envelope: bare, data: Ticker }
"#;

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
    /// (`(package, path)`), with this workspace's `Cargo.lock` (`workspace_root`).
    pub fn new(name: &str, deps: &[(&str, &str)], workspace_root: &str) -> Probe {
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
            .collect();
        let manifest = format!(
            "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             [dependencies]\n{deps}\n\
             # Its own workspace, not a member of contango's.\n[workspace]\n"
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
        let mut child = command
            .args(args)
            .arg("--offline")
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run cargo");
        // Bounded: a build that hangs (a held lock, say) fails the test instead of the suite.
        let started = Instant::now();
        let (out, err) = (child.stdout.take(), child.stderr.take());
        let out = std::thread::spawn(move || read_all(out));
        let err = std::thread::spawn(move || read_all(err));
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait for cargo") {
                break status;
            }
            if started.elapsed() > Duration::from_secs(600) {
                let _ = child.kill();
                panic!("cargo {args:?} took more than 10 minutes");
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let out = out.join().unwrap_or_default();
        let err = err.join().unwrap_or_default();
        (status.success(), out, err)
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

    pub fn run(&self) -> String {
        let (ok, out, err) = self.cargo(&["run", "--quiet"]);
        assert!(ok, "the probe does not run:\n{err}");
        out
    }
}

fn read_all(pipe: Option<impl std::io::Read>) -> String {
    let mut s = String::new();
    if let Some(mut p) = pipe {
        let _ = p.read_to_string(&mut s);
    }
    s
}
