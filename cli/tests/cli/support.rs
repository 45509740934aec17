//! A simulator on 127.0.0.1:0 and the built binary run against it, bounded in time.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use contango::{Client, Credentials, NewOrder, Open, OrderType, PositionType, Side};
use contango_sim::Sim;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde_json::Value;

/// The simulator's credentials are given through the environment, as a user would.
pub struct Harness {
    pub rt: tokio::runtime::Runtime,
    pub sim: Option<Sim>,
    /// An empty config directory (`XDG_CONFIG_HOME`, `HOME`): no profile of the machine is read.
    pub config: PathBuf,
}

/// What a finished run printed, and its exit code.
#[derive(Debug)]
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// stdout as one JSON document.
    pub fn json(&self) -> Value {
        assert_eq!(self.code, Some(0), "{self:?}");
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("{e}: {self:?}"))
    }

    /// stdout as JSON lines.
    pub fn lines(&self) -> Vec<Value> {
        assert_eq!(self.code, Some(0), "{self:?}");
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect()
    }
}

impl Harness {
    pub fn new(name: &str) -> Harness {
        Harness::with(name, Sim::builder())
    }

    /// A harness whose simulator is started from `builder` (drift mode, a driven market).
    pub fn with(name: &str, builder: contango_sim::SimConfig) -> Harness {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let sim = rt.block_on(builder.start()).expect("start the simulator");
        let config = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-config-{name}"));
        let _ = std::fs::remove_dir_all(&config);
        std::fs::create_dir_all(&config).expect("a config directory");
        Harness {
            rt,
            sim: Some(sim),
            config,
        }
    }

    pub fn sim(&self) -> &Sim {
        self.sim
            .as_ref()
            .expect("the simulator runs until the harness drops")
    }

    /// The binary with a clean environment: no credentials, no profile, no target.
    pub fn bare(&self) -> Command {
        self.bare_of(Path::new(env!("CARGO_BIN_EXE_contango")))
    }

    /// `program` (a binary made by `contango_cli::run`) with a clean environment.
    pub fn bare_of(&self, program: &Path) -> Command {
        let mut cmd = Command::new(program);
        for var in [
            "CONTANGO_API_KEY",
            "CONTANGO_SECRET_KEY",
            "CONTANGO_BASE_URL",
            "CONTANGO_PRODUCT",
            "CONTANGO_MARKET_WS_URL",
        ] {
            cmd.env_remove(var);
        }
        cmd.env("XDG_CONFIG_HOME", &self.config)
            .env("HOME", &self.config);
        cmd
    }

    /// The binary aimed at the simulator with its account's credentials.
    pub fn contango(&self) -> Command {
        self.aimed(Path::new(env!("CARGO_BIN_EXE_contango")))
    }

    /// `program` (a binary made by `contango_cli::run`) aimed at the simulator with its
    /// account's credentials.
    pub fn aimed(&self, program: &Path) -> Command {
        let mut cmd = self.bare_of(program);
        cmd.env("CONTANGO_API_KEY", self.sim().api_key())
            .env("CONTANGO_SECRET_KEY", self.sim().secret())
            .args(["--base-url", self.sim().rest_url()]);
        cmd
    }

    /// Runs `args` against the simulator, stdout not a terminal (so JSON).
    pub fn run(&self, args: &[&str]) -> Run {
        let mut cmd = self.contango();
        cmd.args(args);
        finish(cmd)
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        if let Some(sim) = self.sim.take() {
            self.rt.block_on(sim.shutdown());
        }
    }
}

/// Runs a command to its end (at most a minute) and collects what it printed.
pub fn finish(mut cmd: Command) -> Run {
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run contango");
    wait(child, Duration::from_secs(60))
}

/// Waits for `child` at most `limit` (then kills it and fails the test).
pub fn wait(mut child: Child, limit: Duration) -> Run {
    let (out, err) = (child.stdout.take(), child.stderr.take());
    let out = std::thread::spawn(move || read_all(out));
    let err = std::thread::spawn(move || read_all(err));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for contango") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("contango ran longer than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code: status.code(),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

fn read_all(pipe: Option<impl Read>) -> String {
    let mut s = String::new();
    if let Some(mut p) = pipe {
        let _ = p.read_to_string(&mut s);
    }
    s
}

/// A JSON value that must be a decimal written as a string (exact, never a float).
pub fn decimal(v: &Value) -> rust_decimal::Decimal {
    let text = v
        .as_str()
        .unwrap_or_else(|| panic!("a decimal as a string, found {v}"));
    text.parse()
        .unwrap_or_else(|e| panic!("`{text}` is not a decimal: {e}"))
}

/// `new-order` on E-BTC-USDT, opening, with `amount` 0, these values and `extra` flags.
pub fn new_order<'a>(
    side: &'a str,
    kind: &'a str,
    margin: &'a str,
    volume: &'a str,
    price: &'a str,
    extra: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec![
        "new-order",
        "--contract-name",
        "E-BTC-USDT",
        "--side",
        side,
        "--order-type",
        kind,
        "--position-type",
        margin,
        "--open",
        "open",
        "--volume",
        volume,
        "--amount",
        "0",
        "--price",
        price,
    ];
    args.extend_from_slice(extra);
    args
}

/// Starts a long-running command (a stream): the child, its stdout and its stderr lines as they
/// come. Keep both receivers until the child ends (dropping one closes its pipe).
pub fn start(mut cmd: Command) -> (Child, mpsc::Receiver<String>, mpsc::Receiver<String>) {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run contango");
    let out = lines(child.stdout.take().expect("stdout"));
    let err = lines(child.stderr.take().expect("stderr"));
    (child, out, err)
}

/// A second funded account of `sim` (`taker`), to trade against the stream's account.
pub fn taker(sim: &Sim) -> Client {
    sim.add_account("taker", "taker-secret", &[("USDT", dec!(100000))], &[])
        .expect("a taker account");
    Client::builder()
        .base_url(sim.rest_url())
        .credentials(Credentials::new("taker", "taker-secret"))
        .build()
        .expect("a client")
}

/// An opening order of 3 contracts of E-BTC-USDT, cross margin.
pub fn order(side: Side, order_type: OrderType, price: Decimal) -> NewOrder {
    NewOrder {
        contract_name: "E-BTC-USDT".into(),
        side,
        order_type,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: dec!(3),
        amount: dec!(0),
        price,
    }
}

/// Lines of a pipe, sent as they come.
pub fn lines(pipe: impl std::io::Read + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// The first line matching `want` within 30 seconds.
pub fn expect_line(rx: &mpsc::Receiver<String>, what: &str, want: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut seen = Vec::new();
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match rx.recv_timeout(left) {
            Ok(line) if want(&line) => return line,
            Ok(line) => seen.push(line),
            Err(_) => break,
        }
    }
    panic!("no {what} within 30 s; saw {seen:#?}");
}

/// Sends `signal` (`INT`, `TERM`) to `child`, as Ctrl-C or a service manager would.
pub fn signal(child: &Child, signal: &str) {
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(sent.success(), "kill -{signal} failed");
}
