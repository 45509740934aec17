//! Editing the spec recompiles, proven end to end: a small crate that generates its API from its
//! own spec is built; its spec is edited (a field and an endpoint added) with its code untouched,
//! and cargo recompiles it; code using the new items then builds and runs; and with the old spec
//! restored, that code no longer compiles. The crate shares this build's target directory, so
//! the dependencies are built once.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const SPEC_V1: &str = r#"
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

/// V1 plus a field (`Ticker.volume`) and an endpoint (`trades`).
fn spec_v2() -> String {
    SPEC_V1.replace(
        "      symbol: { type: string, required: true }\n",
        "      symbol: { type: string, required: true }\n      volume: decimal\n",
    ) + r#"  trades:
    doc: Recent trades of a contract.
    method: GET
    path: /v1/trades
    security: NONE
    errors: main
    query:
      symbol: { type: string, required: true }
    response: { envelope: bare, data: list<Ticker> }
"#
}

const MAIN_V1: &str = r#"
contango::generate!("spec.yaml");

fn main() {
    let request = TickerRequest::new("E-BTC-USDT");
    println!("v1 {request:?}");
}
"#;

const MAIN_V2: &str = r#"
contango::generate!("spec.yaml");

fn main() {
    let ticker = Ticker { symbol: "E-BTC-USDT".into(), volume: None };
    let request = TradesRequest::new("E-BTC-USDT");
    println!("v2 {ticker:?} {request:?} {}", std::any::type_name::<TradesBuilder<'static>>());
}
"#;

/// One build of the probe crate.
struct Build {
    ok: bool,
    /// Whether cargo compiled the probe crate itself (not fresh).
    recompiled: bool,
    stderr: String,
}

struct Probe {
    dir: PathBuf,
    target: PathBuf,
}

impl Probe {
    fn new() -> Probe {
        let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let target = tmp
            .parent()
            .map_or_else(|| tmp.join("target"), Path::to_path_buf);
        let dir = tmp.join("rebuild-probe");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).expect("create the probe crate");
        let contango = env!("CARGO_MANIFEST_DIR");
        let manifest = format!(
            "[package]\nname = \"rebuild-probe\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
             [dependencies]\ncontango = {{ path = {contango:?} }}\n\n\
             # Its own workspace, not a member of contango's.\n[workspace]\n"
        );
        let probe = Probe { dir, target };
        probe.write("Cargo.toml", &manifest);
        // The same versions as this build, so nothing is resolved (offline) or built twice.
        let lock = Path::new(contango).join("Cargo.lock");
        std::fs::copy(lock, probe.dir.join("Cargo.lock")).expect("copy Cargo.lock");
        probe
    }

    fn write(&self, file: &str, text: &str) {
        std::fs::write(self.dir.join(file), text).expect("write a probe file");
    }

    fn cargo(&self, args: &[&str]) -> (bool, String, String) {
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

    fn build(&self) -> Build {
        let (ok, out, stderr) = self.cargo(&["build", "--message-format=json-render-diagnostics"]);
        let recompiled = out.lines().any(|line| {
            let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
                return false;
            };
            msg["reason"] == "compiler-artifact"
                && msg["target"]["name"] == "rebuild-probe"
                && msg["fresh"] == false
        });
        Build {
            ok,
            recompiled,
            stderr,
        }
    }

    fn run(&self) -> String {
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

#[test]
fn editing_the_spec_recompiles_and_brings_the_new_items() {
    let probe = Probe::new();
    probe.write("spec.yaml", SPEC_V1);
    probe.write("src/main.rs", MAIN_V1);

    let t = Instant::now();
    let first = probe.build();
    assert!(first.ok, "the probe does not build:\n{}", first.stderr);
    eprintln!("first build (dependencies included): {:?}", t.elapsed());

    // Nothing changed: nothing is recompiled. (A few tries: another build sharing the target
    // directory, or an edit of contango's own sources meanwhile, can invalidate it once.)
    let unchanged = (0..3)
        .map(|_| probe.build())
        .find(|b| b.ok && !b.recompiled);
    assert!(
        unchanged.is_some(),
        "nothing changed, yet the probe is recompiled on every build"
    );

    // Only the spec changes: cargo must notice and recompile.
    probe.write("spec.yaml", &spec_v2());
    let t = Instant::now();
    let edited = probe.build();
    assert!(edited.ok, "{}", edited.stderr);
    assert!(
        edited.recompiled,
        "the spec changed but the probe was not recompiled"
    );
    eprintln!("rebuild after the spec edit: {:?}", t.elapsed());

    // Code using the new field and endpoint builds and runs.
    probe.write("src/main.rs", MAIN_V2);
    let v2 = probe.build();
    assert!(v2.ok, "the new items are missing:\n{}", v2.stderr);
    let out = probe.run();
    assert!(
        out.contains("volume: None") && out.contains("TradesBuilder"),
        "{out}"
    );

    // They came from the edit: with the old spec back, the same code no longer compiles.
    probe.write("spec.yaml", SPEC_V1);
    let reverted = probe.build();
    assert!(!reverted.ok, "the probe built without the new items");
    assert!(
        reverted.stderr.contains("volume") && reverted.stderr.contains("TradesRequest"),
        "{}",
        reverted.stderr
    );
}
