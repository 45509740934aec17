//! Rehearsal on a recorded market: `backtest_open` starts `contango-sim --market-from REC
//! --driven` (a process of its own, so that this server links neither the backtest's store nor
//! its plotting), `backtest_step` moves its market over the admin route, in parts that report
//! progress and stop when the call is cancelled, and `backtest_report` reads its report. The
//! endpoint tools trade on it through the exchange's API, as they do on any venue
//! (docs/agents.md, Rehearsal).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use contango::recording::Recorder;
use contango::risk::{RiskGuard, RiskLimits};
use contango_cli::Api;
use contango_cli::target::Target;
use contango_cli::tools::ToolError;
use contango_sim::{Latency, QueueModel};
use rmcp::model::{Tool, ToolAnnotations};
use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::outcome::Late;
use crate::venue::{Extend, Venue, clients};

/// Opens a rehearsal.
pub const OPEN: &str = "backtest_open";
/// Moves its market.
pub const STEP: &str = "backtest_step";
/// Reads its report.
pub const REPORT: &str = "backtest_report";

/// The environment variable naming the simulator's binary (else `contango-sim` beside this
/// server's binary, else on the `PATH`).
pub const ENV_BINARY: &str = "CONTANGO_SIM";

/// The most frames one part of a step applies: a part takes some milliseconds, and progress is
/// reported, and cancellation seen, between parts.
pub const PART_FRAMES: u64 = 10_000;

/// How long the simulator may take to load the recording and listen.
const START_WITHIN: Duration = Duration::from_secs(120);

/// How long one admin request may take (a part of a step, a report).
const ADMIN_WITHIN: Duration = Duration::from_secs(120);

/// The rehearsal tools, as listed.
pub fn tools() -> Vec<Tool> {
    vec![
        tool(
            OPEN,
            "Opens a rehearsal: a recorded market (a recording file or directory, as `contango record` \
             writes) served as a paper venue that moves only when stepped, with a latency model and a \
             queue model. From then on the endpoint and account tools of this session trade on it \
             (their `venue` argument says otherwise); opening another replaces it.",
            json!({
                "recording": {"type": "string", "description": "The recording: a file (.jsonl or .jsonl.gz) or a directory of them, on this server's machine."},
                "latency": {"type": "string", "description": "The latency model: `50ms` for every leg, or legs named, e.g. `order_entry=30ms,response=20ms` (legs: order_entry, cancel, response, market_data; units us, ms, s). None by default."},
                "queueModel": {"type": "string", "description": "When a trade at a resting order's price fills it: conservative (the default: once the size shown ahead of it traded), optimistic (at once) or power:N (N from 1 to 10)."},
                "contracts": {"type": "array", "items": {"type": "string"}, "description": "The contracts whose books the recording drives; every recorded one by default."}
            }),
            &["recording"],
            false,
        ),
        tool(
            STEP,
            "Moves the rehearsal's market: to a time (`until_ms`, exchange milliseconds), by a number of recorded frames (`frames`), or both (to the time, at most the frames). Answers the frames applied, the time, whether the recording is played to its end (`done`), the account's fills during the step, the account and the books. Orders sent between steps reach the venue after their latency, the market moving by itself meanwhile. Long steps report progress and stop when cancelled.",
            json!({
                "until_ms": {"type": "integer", "description": "The exchange time to step to (ms since the epoch)."},
                "frames": {"type": "integer", "minimum": 0, "description": "How many recorded frames to apply."}
            }),
            &[],
            false,
        ),
        tool(
            REPORT,
            "The rehearsal's report once its market is played to the end (step with a large `frames` to finish): the run, the metrics (return, Sharpe, drawdown, trades), the money and the trade ledger. With `tearsheet`, also writes the report as one HTML page there.",
            json!({
                "tearsheet": {"type": "string", "description": "A new .html file to write the tearsheet to, on this server's machine (an existing file is never written over)."}
            }),
            &[],
            true,
        ),
    ]
}

fn tool(
    name: &'static str,
    description: &'static str,
    properties: Value,
    required: &[&str],
    read_only: bool,
) -> Tool {
    let Value::Object(properties) = properties else {
        unreachable!("an object")
    };
    // Nothing of the account changes: a rehearsal is paper, and its own.
    let hints = ToolAnnotations::new()
        .read_only(read_only)
        .destructive(false)
        .idempotent(read_only)
        .open_world(false);
    crate::composite::tool(name, description, properties, required, hints)
}

/// What `backtest_open` asks for.
#[derive(Debug, Clone)]
pub struct Options {
    recording: PathBuf,
    /// The latency as given (passed on as given) and as read.
    latency: Option<(String, Latency)>,
    queue_model: Option<QueueModel>,
    contracts: Vec<String>,
}

impl Options {
    /// The options of `args` (checked against the tool's schema), each refused by name before
    /// anything starts.
    pub fn parse(args: &Map<String, Value>) -> Result<Options, ToolError> {
        let text = |key: &str| args.get(key).and_then(Value::as_str);
        let bad = |field: &str, reason: String| ToolError::Argument {
            field: field.into(),
            reason,
        };
        let recording = PathBuf::from(text("recording").unwrap_or_default());
        if !recording.exists() {
            return Err(bad(
                "recording",
                format!("there is no file or directory {}", recording.display()),
            ));
        }
        let latency = text("latency")
            .map(|t| t.parse::<Latency>().map(|l| (t.to_owned(), l)))
            .transpose()
            .map_err(|e| bad("latency", e.to_string()))?;
        let queue_model = text("queueModel")
            .map(str::parse::<QueueModel>)
            .transpose()
            .map_err(|e| bad("queueModel", e.to_string()))?;
        let contracts = args
            .get("contracts")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect();
        Ok(Options {
            recording,
            latency,
            queue_model,
            contracts,
        })
    }

    /// `contango-sim`'s arguments, each value joined to its flag (`--flag=value`), so that no
    /// value is read as a flag. Its standard input is this server's: it stops when this server
    /// does, however this server ends.
    fn args(&self) -> Vec<std::ffi::OsString> {
        let joined = |flag: &str, value: &std::ffi::OsStr| {
            let mut arg = std::ffi::OsString::from(format!("--{flag}="));
            arg.push(value);
            arg
        };
        let mut args = vec![
            joined("market-from", self.recording.as_os_str()),
            "--driven".into(),
            "--until-stdin-closes".into(),
        ];
        if let Some((text, _)) = &self.latency {
            args.push(joined("latency", text.as_ref()));
        }
        if let Some(model) = &self.queue_model {
            args.push(joined("queue-model", model.to_string().as_ref()));
        }
        for contract in &self.contracts {
            args.push(joined("contract", contract.as_ref()));
        }
        args
    }
}

/// The driven venue's address and its funded account's key and secret (never shown).
pub struct Access {
    /// The REST address.
    pub rest_url: String,
    /// The funded account's key.
    pub api_key: String,
    /// Its secret.
    pub secret: String,
}

impl std::fmt::Debug for Access {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Access")
            .field("rest_url", &self.rest_url)
            .field("api_key", &self.api_key)
            .finish_non_exhaustive()
    }
}

/// How a server opens rehearsals: the simulator it starts, and how it makes the clients that
/// trade on the simulator's venue (a client per product line, gated as the server's own are).
pub struct Rehearsals<A: Api> {
    simulator: PathBuf,
    venue: VenueOf<A>,
}

/// Makes a rehearsal's venue from its address and funded account.
type VenueOf<A> = Box<dyn Fn(&Access) -> Result<Venue<A>, ToolError> + Send + Sync>;

impl<A: Api> std::fmt::Debug for Rehearsals<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rehearsals")
            .field("simulator", &self.simulator)
            .finish_non_exhaustive()
    }
}

impl<A: Api + 'static> Rehearsals<A> {
    /// Rehearsals on `simulator` (`contango-sim`), their clients made as the server's are:
    /// `extend`'s gates under `limits` (a guard of each rehearsal's own: its losses are not the
    /// account's), `late` for cancelled calls, their exchanges recorded to `recorder` when set.
    pub fn new(
        simulator: PathBuf,
        extend: Extend<A>,
        limits: RiskLimits,
        late: Arc<Late>,
        recorder: Option<Recorder>,
    ) -> Rehearsals<A> {
        let venue = move |access: &Access| {
            let mut target =
                Target::simulator(&access.rest_url, &access.api_key, &access.secret, None);
            if let Some(r) = &recorder {
                target = target.recording(r.clone());
            }
            let clients = clients::<A>(&target).map_err(|f| ToolError::Refused(f.to_string()))?;
            let guard = Arc::new(RiskGuard::new(limits.clone()));
            // The background work is not started: a driven venue moves with each of the
            // account's requests, and the private stream's would come at moments no call chose,
            // so the same calls would not give the same rehearsal. (Its guard does not hear the
            // day's fills: the daily loss limit is not applied there.)
            let parts = extend(&clients, &guard, &late);
            Ok(Venue::gated(clients, parts, false))
        };
        Rehearsals {
            simulator,
            venue: Box::new(venue),
        }
    }
}

/// `contango-sim` as the server finds it: [`ENV_BINARY`], else beside the server's binary, else
/// on the `PATH`.
pub fn simulator() -> PathBuf {
    contango_cli::companion::find(ENV_BINARY, "contango-sim")
}

impl<A: Api> Rehearsals<A> {
    /// Starts a rehearsal of `options` and its venue's clients.
    pub async fn open(&self, options: &Options) -> Result<(Rehearsal, Venue<A>), ToolError> {
        let (process, access) = Rehearsal::open(&self.simulator, options).await?;
        let venue = (self.venue)(&access)?;
        Ok((process, venue))
    }
}

/// A running rehearsal: the `contango-sim --driven` process, killed when this is dropped.
#[derive(Debug)]
pub struct Rehearsal {
    child: tokio::process::Child,
    rest_url: String,
    http: reqwest::Client,
    /// What it was opened with, as `backtest_open` answers it.
    opened: Value,
    /// The funded account's key, which no answer shows.
    api_key: String,
}

impl Drop for Rehearsal {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

impl Rehearsal {
    /// Starts the driven venue of `options` on `binary` (`contango-sim`) and waits until it
    /// listens.
    pub async fn open(binary: &Path, options: &Options) -> Result<(Rehearsal, Access), ToolError> {
        let mut child = tokio::process::Command::new(binary)
            .args(options.args())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| {
                ToolError::Refused(format!(
                    "cannot run the simulator `{}`: {e}; install it with `cargo install --path \
                     sim-cli` (or `cargo build -p contango-sim-cli`), or name it in {ENV_BINARY}",
                    binary.display()
                ))
            })?;
        let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
            return Err(ToolError::Refused(
                "the simulator's output is not piped".into(),
            ));
        };
        // Its log goes to this server's (stderr); the last lines explain a failed start.
        let said = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
        let log = said.clone();
        let logging = tokio::spawn(async move {
            let mut lines = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                eprintln!("{line}");
                let mut kept = log.lock().unwrap_or_else(|p| p.into_inner());
                if kept.len() == 20 {
                    kept.remove(0);
                }
                kept.push(line);
            }
        });
        let started = tokio::time::timeout(START_WITHIN, startup(stdout)).await;
        let access = match started {
            Ok(Some(access)) => access,
            failed => {
                let _ = child.start_kill();
                let _ = tokio::time::timeout(Duration::from_secs(5), child.wait()).await;
                // The log's reader ends at the end of the pipe, once the process is gone.
                let _ = tokio::time::timeout(Duration::from_secs(1), logging).await;
                let why = said.lock().unwrap_or_else(|p| p.into_inner()).join("\n");
                let when = if failed.is_err() {
                    format!("did not listen within {} s", START_WITHIN.as_secs())
                } else {
                    "stopped before it listened".to_owned()
                };
                return Err(ToolError::Refused(format!(
                    "the rehearsal's simulator {when}: {}",
                    if why.is_empty() {
                        "it said nothing"
                    } else {
                        &why
                    }
                )));
            }
        };
        let http = reqwest::Client::builder()
            .timeout(ADMIN_WITHIN)
            .build()
            .map_err(|e| ToolError::Refused(format!("no HTTP client: {e}")))?;
        let opened = json!({
            "recording": options.recording.display().to_string(),
            "venue": access.rest_url,
            "latency": options.latency.as_ref().map_or_else(|| "none".to_owned(), |(_, l)| l.to_string()),
            "queueModel": options.queue_model.unwrap_or_default().to_string(),
            "process": child.id(),
        });
        Ok((
            Rehearsal {
                child,
                rest_url: access.rest_url.clone(),
                http,
                opened,
                api_key: access.api_key.clone(),
            },
            access,
        ))
    }

    /// What it was opened with.
    pub fn opened(&self) -> &Value {
        &self.opened
    }

    /// One admin request: the answer's `data`, or the venue's refusal in its words.
    async fn admin(&self, route: &str, body: Option<Value>) -> Result<Value, ToolError> {
        let url = format!("{}/__sim/{route}", self.rest_url);
        let request = match body {
            Some(body) => self
                .http
                .post(url)
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(body.to_string()),
            None => self.http.get(url),
        };
        let failed = |e: String| ToolError::Refused(format!("the rehearsal's venue: {e}"));
        let response = request.send().await.map_err(|e| failed(e.to_string()))?;
        let status = response.status();
        let text = response.text().await.map_err(|e| failed(e.to_string()))?;
        if route == "tearsheet" && status.is_success() {
            return Ok(Value::String(text));
        }
        let answer: Value = serde_json::from_str(&text)
            .map_err(|e| failed(format!("an answer that is not JSON ({e})")))?;
        if !status.is_success() {
            let said = answer["msg"].as_str().unwrap_or(&text);
            return Err(failed(said.to_owned()));
        }
        Ok(answer["data"].clone())
    }

    /// Moves the market to `to` in parts of at most [`PART_FRAMES`] frames; `progress` hears
    /// of each part, and the step stops between parts once `cancelled` says so.
    pub async fn step<P: Future<Output = ()>>(
        &self,
        to: Step,
        cancelled: impl Fn() -> bool,
        progress: impl FnMut(Progress) -> P,
    ) -> Result<Value, ToolError> {
        step_in_parts(
            |body| self.admin("step", Some(body)),
            to,
            PART_FRAMES,
            cancelled,
            progress,
        )
        .await
    }

    /// The report; with `tearsheet`, the report's page written there too.
    pub async fn report(&self, tearsheet: Option<&Path>) -> Result<Value, ToolError> {
        let bad = |path: &Path, why: String| ToolError::Argument {
            field: "tearsheet".into(),
            reason: format!("{}: {why}", path.display()),
        };
        // Checked before anything is asked: a page goes to a new `.html` file, never over one.
        if let Some(path) = tearsheet {
            if !path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("html"))
            {
                return Err(bad(path, "a tearsheet is written to a `.html` file".into()));
            }
            if path.exists() {
                return Err(bad(path, "the file exists; nothing is written over".into()));
            }
        }
        let mut report = self.admin("report", None).await?;
        // The report names its account by key; a tool's answer shows no credential.
        mask(&mut report, &self.api_key, API_KEY_SHOWN);
        if let Some(path) = tearsheet {
            let page = self.admin("tearsheet", None).await?;
            write_new(path, page.as_str().unwrap_or_default())
                .map_err(|e| bad(path, format!("cannot write it: {e}")))?;
            if let Value::Object(m) = &mut report {
                m.insert("tearsheet".into(), path.display().to_string().into());
            }
        }
        Ok(report)
    }
}

/// What a tool's answer shows for the rehearsal account's key: the audit's placeholder.
pub const API_KEY_SHOWN: &str = "<api-key>";

/// Replaces every string of `v` equal to `key` with `shown`.
fn mask(v: &mut Value, key: &str, shown: &str) {
    match v {
        Value::String(s) if s == key => *s = shown.to_owned(),
        Value::Array(items) => items.iter_mut().for_each(|i| mask(i, key, shown)),
        Value::Object(m) => m.values_mut().for_each(|i| mask(i, key, shown)),
        _ => {}
    }
}

/// Writes `text` to `path`, a file it makes (an error if one is there).
fn write_new(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?
        .write_all(text.as_bytes())
}

/// Reads the simulator's start (`label : value` lines, up to `Ctrl-C or SIGTERM to stop.`):
/// its address and account, or `None` if it ended first. Its output is read to the end after.
async fn startup(stdout: tokio::process::ChildStdout) -> Option<Access> {
    let mut lines = BufReader::new(stdout).lines();
    let (mut rest_url, mut api_key, mut secret) = (None, None, None);
    while let Ok(Some(line)) = lines.next_line().await {
        if line.starts_with("Ctrl-C") {
            break;
        }
        let Some((label, value)) = line.split_once(" : ") else {
            continue;
        };
        let value = Some(value.trim().to_owned());
        match label.trim() {
            "REST base URL" => rest_url = value,
            "API key" => api_key = value,
            "secret" => secret = value,
            _ => {}
        }
    }
    // Read to the end, so that the simulator never writes to a closed pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Some(Access {
        rest_url: rest_url?,
        api_key: api_key?,
        secret: secret?,
    })
}

/// What `backtest_step` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// To this exchange time (ms), by at most this many frames when given.
    Until(i64, Option<u64>),
    /// By this many frames.
    Frames(u64),
}

impl Step {
    /// The step of `args` (checked against the tool's schema).
    pub fn parse(args: &Map<String, Value>) -> Result<Step, ToolError> {
        let until = args.get("until_ms").and_then(Value::as_i64);
        let frames = args.get("frames").and_then(Value::as_u64);
        match (until, frames) {
            (Some(t), most) => Ok(Step::Until(t, most)),
            (None, Some(n)) => Ok(Step::Frames(n)),
            (None, None) => Err(ToolError::Argument {
                field: "until_ms".into(),
                reason: "give `until_ms`, `frames`, or both".into(),
            }),
        }
    }
}

/// How far a step has gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The frames applied so far.
    pub frames: u64,
    /// The frames it applies at most, when known.
    pub total: Option<u64>,
    /// The market's time (ms).
    pub now_ms: i64,
}

/// A step as parts of at most `part` frames, each sent by `send` (the admin route's body in,
/// its answer out): one answer, as one step's (the frames and the fills of every part, the
/// rest the last part's). Between parts, `progress` hears how far it went, and a `cancelled`
/// step stops with an error saying where the market is.
pub async fn step_in_parts<S, P>(
    mut send: impl FnMut(Value) -> S,
    to: Step,
    part: u64,
    cancelled: impl Fn() -> bool,
    mut progress: impl FnMut(Progress) -> P,
) -> Result<Value, ToolError>
where
    S: Future<Output = Result<Value, ToolError>>,
    P: Future<Output = ()>,
{
    let part = part.max(1);
    let (most, until) = match to {
        Step::Until(t, most) => (most, Some(t)),
        Step::Frames(n) => (Some(n), None),
    };
    let mut applied: u64 = 0;
    let mut fills = Vec::new();
    loop {
        let frames = most.map_or(part, |n| part.min(n - applied));
        let body = match until {
            Some(t) => json!({"until_ms": t, "frames": frames}),
            None => json!({"frames": frames}),
        };
        let mut answer = send(body).await?;
        let moved = answer["frames"].as_u64().unwrap_or(0);
        applied += moved;
        if let Some(new) = answer.get_mut("fills").and_then(Value::as_array_mut) {
            fills.append(new);
        }
        let now_ms = answer["nowMs"].as_i64().unwrap_or_default();
        progress(Progress {
            frames: applied,
            total: most,
            now_ms,
        })
        .await;
        // Fewer frames than asked: the recording ended, or the time was reached.
        let finished = answer["done"] == true || moved < frames || most == Some(applied);
        if finished {
            answer["frames"] = applied.into();
            answer["fills"] = fills.into();
            return Ok(answer);
        }
        if cancelled() {
            return Err(ToolError::Refused(format!(
                "cancelled after {applied} frames, with the market at {now_ms} ms; step again to go on \
                 (the fills of the frames applied are in the account)"
            )));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A market of `total` frames, one a millisecond from 0: what the driven venue answers.
    struct Market {
        total: u64,
        at: u64,
        asked: Vec<Value>,
    }

    impl Market {
        fn step(&mut self, body: Value) -> Value {
            self.asked.push(body.clone());
            let most = body["frames"].as_u64().unwrap_or(u64::MAX);
            let until = body["until_ms"].as_u64().unwrap_or(u64::MAX);
            let mut moved = 0;
            while moved < most && self.at < self.total && self.at <= until {
                self.at += 1;
                moved += 1;
            }
            json!({
                "frames": moved, "nowMs": self.at, "done": self.at == self.total,
                "fills": [{"frame": self.at}]
            })
        }
    }

    async fn run(
        total: u64,
        to: Step,
        part: u64,
        cancel_after: usize,
    ) -> (Result<Value, ToolError>, Vec<Progress>, Vec<Value>) {
        let mut market = Market {
            total,
            at: 0,
            asked: Vec::new(),
        };
        let mut heard = Vec::new();
        let parts = std::cell::Cell::new(0);
        let outcome = step_in_parts(
            |body| {
                parts.set(parts.get() + 1);
                std::future::ready(Ok(market.step(body)))
            },
            to,
            part,
            || parts.get() >= cancel_after,
            |p| {
                heard.push(p);
                std::future::ready(())
            },
        )
        .await;
        (outcome, heard, market.asked)
    }

    #[tokio::test]
    async fn a_long_step_goes_in_parts_and_answers_as_one() {
        let (answer, heard, asked) = run(25, Step::Frames(23), 10, usize::MAX).await;
        let answer = answer.expect("stepped");
        assert_eq!(answer["frames"], 23);
        assert_eq!(answer["nowMs"], 23);
        assert_eq!(
            answer["fills"].as_array().map(Vec::len),
            Some(3),
            "every part's fills"
        );
        assert_eq!(
            asked,
            [
                json!({"frames": 10}),
                json!({"frames": 10}),
                json!({"frames": 3})
            ]
        );
        let frames: Vec<u64> = heard.iter().map(|p| p.frames).collect();
        assert_eq!(frames, [10, 20, 23]);
        assert!(heard.iter().all(|p| p.total == Some(23)));
    }

    #[tokio::test]
    async fn a_step_to_a_time_ends_there_or_at_the_recordings_end() {
        let (answer, heard, asked) = run(100, Step::Until(14, None), 5, usize::MAX).await;
        let answer = answer.expect("stepped");
        assert_eq!(answer["frames"], 15, "frames 0 to 14");
        assert_eq!(answer["done"], false);
        assert_eq!(asked.len(), 4, "three full parts and one short: {asked:?}");
        assert!(asked.iter().all(|b| b["until_ms"] == 14));
        assert_eq!(heard.last().map(|p| p.total), Some(None));
        let (answer, _, _) = run(8, Step::Until(1_000, None), 5, usize::MAX).await;
        let answer = answer.expect("stepped");
        assert_eq!(
            (answer["frames"].clone(), answer["done"].clone()),
            (json!(8), json!(true))
        );
        let (answer, _, asked) = run(100, Step::Until(1_000, Some(7)), 5, usize::MAX).await;
        assert_eq!(answer.expect("stepped")["frames"], 7);
        assert_eq!(asked[1], json!({"until_ms": 1_000, "frames": 2}));
    }

    #[tokio::test]
    async fn a_cancelled_step_stops_between_parts_and_says_where_the_market_is() {
        let (answer, heard, asked) = run(1_000, Step::Frames(1_000), 10, 2).await;
        let Err(ToolError::Refused(why)) = answer else {
            panic!("cancelled: {answer:?}")
        };
        assert_eq!(asked.len(), 2, "no part after the cancellation");
        assert_eq!(heard.len(), 2);
        assert!(
            why.contains("after 20 frames") && why.contains("at 20 ms"),
            "{why}"
        );
    }

    #[test]
    fn the_options_are_refused_by_name_before_anything_starts() {
        let dir = std::env::temp_dir();
        let args = |v: Value| match v {
            Value::Object(m) => m,
            _ => unreachable!(),
        };
        let field = |v: Value| match Options::parse(&args(v)) {
            Err(ToolError::Argument { field, .. }) => field,
            other => panic!("refused: {other:?}"),
        };
        assert_eq!(
            field(json!({"recording": "/no/such/recording.jsonl"})),
            "recording"
        );
        let at = dir.display().to_string();
        assert_eq!(
            field(json!({"recording": at, "latency": "fast"})),
            "latency"
        );
        assert_eq!(
            field(json!({"recording": at, "queueModel": "power:99"})),
            "queueModel"
        );
        let options = Options::parse(&args(json!({
            "recording": at, "latency": "order_entry=30ms,response=20ms", "queueModel": "power:3",
            "contracts": ["E-BTC-USDT"]
        })))
        .expect("options");
        let given: Vec<String> = options
            .args()
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let dir_arg = format!("--market-from={at}");
        assert_eq!(
            given,
            [
                dir_arg.as_str(),
                "--driven",
                "--until-stdin-closes",
                "--latency=order_entry=30ms,response=20ms",
                "--queue-model=power:3",
                "--contract=E-BTC-USDT",
            ],
            "each value joined to its flag"
        );
    }
}
