//! `contango drift`: a probe of a server against the spec (docs/design.md, Drift).
//!
//! Every read-only endpoint it can call goes through the same dispatch as its own subcommand
//! (public ones always, signed ones with credentials), its required parameters filled from
//! `--contract` and from values earlier answers held under the same name (an `orderId` from the
//! open orders, say), or an enum's first value. An endpoint the probe cannot fill, or that fails,
//! is listed in `checked` with why, and the probe goes on; a second pass retries the ones that
//! missed a value a later answer held. Then both streams are read for `--seconds`, their lines
//! discarded. What the SDK noticed on the way (its drift log) is the result: the findings as
//! JSON or a table grouped by endpoint, or with `--patch` the spec edit that describes them.
//!
//! With `--from FILE` nothing is sent: the answers and server frames of a recording
//! (`contango --record`) go through the same drift checks, each by the endpoint or stream that
//! received it.

use std::collections::{BTreeMap, HashMap};
use std::io::IsTerminal;
use std::time::Duration;

use clap::ArgMatches;
use contango::recording::{Direction, Outcome, Recorded, Recording};
use contango_runtime::drift::{DriftReport, Finding};
use serde_json::{Value, json};

use crate::api::{Api, EndpointInfo};
use crate::failure::Failure;
use crate::options::Global;
use crate::output::Format;
use crate::stream::{Sink, Stop};
use crate::target::Target;

mod patch;

/// The contract probed when neither `--contract` nor `CONTANGO_CONTRACT` names one.
const DEFAULT_CONTRACT: &str = "E-BTC-USDT";

/// One probed endpoint or stream and how it ended.
#[derive(Debug)]
struct Checked {
    what: String,
    outcome: &'static str,
    detail: Option<String>,
}

impl Checked {
    fn json(&self) -> Value {
        json!({ "endpoint": self.what, "outcome": self.outcome, "detail": self.detail })
    }
}

/// Runs the probe and prints its result; `Failure::Drift` when something drifted.
pub async fn run<A: Api>(
    client: &A::Client,
    target: &Target,
    args: &ArgMatches,
    global: &Global,
) -> Result<(), Failure> {
    let contract = args
        .get_one::<String>("contract")
        .cloned()
        .or_else(|| std::env::var("CONTANGO_CONTRACT").ok())
        .unwrap_or_else(|| DEFAULT_CONTRACT.to_owned());
    let seconds = args.get_one::<u64>("seconds").copied().unwrap_or(5);
    let credentials = target.credentials().is_some();
    let mut checked = probe_endpoints::<A>(client, &contract, credentials).await;
    if seconds > 0 {
        checked.extend(probe_streams::<A>(client, &contract, credentials, seconds).await);
    }
    report::<A>(client, args, global, &checked)
}

/// `contango drift --from FILE`: the recording's answers and server frames through `client`'s
/// drift checks (nothing is sent), then the same report as a probe's.
pub fn from_recording<A: Api>(
    client: &A::Client,
    path: &std::path::Path,
    args: &ArgMatches,
    global: &Global,
) -> Result<(), Failure> {
    let recording = Recording::from_file(path).map_err(|e| Failure::Refused(e.to_string()))?;
    // Per endpoint or stream: answers (or frames) checked, and what could not be.
    let mut seen: BTreeMap<String, (u64, Option<String>)> = BTreeMap::new();
    let mut streams: HashMap<u64, String> = HashMap::new();
    for entry in &recording.entries {
        match &entry.recorded {
            Recorded::Http(x) => {
                let slot = seen.entry(x.endpoint.clone()).or_default();
                match &x.outcome {
                    Outcome::Answer(a)
                        if A::drift_answer(client, &x.endpoint, a.status, a.body.as_bytes()) =>
                    {
                        slot.0 += 1;
                    }
                    Outcome::Answer(_) => slot.1 = Some("not an endpoint of the spec".into()),
                    Outcome::Failed(e) => {
                        slot.1 = Some(format!("line {}: no answer ({e})", entry.line));
                    }
                }
            }
            Recorded::Connect { conn, stream, .. } => {
                streams.insert(*conn, stream.clone());
            }
            Recorded::Frame(f) if f.dir == Direction::In => {
                if let Some(stream) = streams.get(&f.conn) {
                    A::drift_frame(client, stream, f.payload.as_bytes());
                    seen.entry(format!("stream {stream}")).or_default().0 += 1;
                }
            }
            Recorded::Frame(_)
            | Recorded::Close { .. }
            | Recorded::Lost { .. }
            | Recorded::Clock { .. }
            | Recorded::Gap { .. }
            | Recorded::Tool(_) => {}
        }
    }
    let checked: Vec<Checked> = seen
        .into_iter()
        .map(|(what, (n, problem))| {
            let unit = if what.starts_with("stream ") {
                "frame"
            } else {
                "answer"
            };
            let counted = format!("{n} {unit}(s) from {}", path.display());
            Checked {
                what,
                outcome: if problem.is_some() && n == 0 {
                    "failed"
                } else {
                    "ok"
                },
                detail: Some(match problem {
                    Some(p) => format!("{counted}; {p}"),
                    None => counted,
                }),
            }
        })
        .collect();
    report::<A>(client, args, global, &checked)
}

/// Prints what `client` noticed (the findings, or the patch) and ends with the drift status.
fn report<A: Api>(
    client: &A::Client,
    args: &ArgMatches,
    global: &Global,
    checked: &[Checked],
) -> Result<(), Failure> {
    let report = A::drift(client);
    if args.get_flag("patch") {
        let file = A::SPEC_FILE
            .trim_start_matches("./")
            .trim_start_matches("../");
        print!("{}", patch::patch(A::SPEC_YAML, file, &report.findings));
    } else {
        print_report(global, &report, checked)?;
    }
    if report.is_empty() {
        Ok(())
    } else {
        Err(Failure::Drift(format!(
            "{} finding(s){}",
            report.findings.len(),
            match report.dropped {
                0 => String::new(),
                n => format!(" and {n} more not kept"),
            }
        )))
    }
}

/// Values by normalised name (`orderid`), learnt from answers and given by the user.
type Learnt = HashMap<String, String>;

fn norm(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

async fn probe_endpoints<A: Api>(
    client: &A::Client,
    contract: &str,
    credentials: bool,
) -> Vec<Checked> {
    let mut learnt: Learnt = HashMap::new();
    for key in ["contractName", "symbol", "contract"] {
        learnt.insert(norm(key), contract.to_owned());
    }
    let commands = A::commands();
    let probed: Vec<&EndpointInfo> = A::ENDPOINTS.iter().filter(|e| e.read_only).collect();
    let mut outcome: Vec<Option<Checked>> = probed.iter().map(|_| None).collect();
    // A second pass for the endpoints a later answer may have given a value to.
    for pass in 0..2 {
        for (i, e) in probed.iter().enumerate() {
            if outcome[i].as_ref().is_some_and(|c| c.outcome != "skipped") {
                continue;
            }
            if e.needs_key && !credentials {
                outcome[i] = Some(skipped(e, "needs credentials"));
                continue;
            }
            let Some(cmd) = commands.iter().find(|c| c.get_name() == e.command) else {
                outcome[i] = Some(skipped(e, "no such subcommand"));
                continue;
            };
            let argv = match arguments(cmd, &learnt, pass > 0) {
                Ok(argv) => argv,
                Err(missing) => {
                    outcome[i] = Some(skipped(e, &format!("no value for --{missing}")));
                    continue;
                }
            };
            let matches = match cmd.clone().try_get_matches_from(argv) {
                Ok(m) => m,
                Err(err) => {
                    outcome[i] = Some(skipped(e, err.to_string().lines().next().unwrap_or("")));
                    continue;
                }
            };
            outcome[i] = Some(match A::call(client, e.command, &matches).await {
                Ok(answer) => {
                    learn(&answer, &mut learnt);
                    Checked {
                        what: e.key.to_owned(),
                        outcome: "ok",
                        detail: None,
                    }
                }
                // A local refusal (a value the probe does not have, such as an order to look
                // up): nothing was sent; tried again with what later answers held.
                Err(Failure::Refused(m)) => skipped(e, &m),
                Err(f) => Checked {
                    what: e.key.to_owned(),
                    outcome: "failed",
                    detail: Some(f.to_string()),
                },
            });
        }
    }
    outcome.into_iter().flatten().collect()
}

fn skipped(e: &EndpointInfo, why: &str) -> Checked {
    Checked {
        what: e.key.to_owned(),
        outcome: "skipped",
        detail: Some(why.to_owned()),
    }
}

/// The argument list of one endpoint's subcommand: each required flag from what was learnt
/// (or an enum's first value); with `all`, the optional ones learnt too. `Err` names a required
/// flag with no value.
fn arguments(cmd: &clap::Command, learnt: &Learnt, all: bool) -> Result<Vec<String>, String> {
    let mut argv = vec![cmd.get_name().to_owned()];
    for arg in cmd.get_arguments() {
        let id = arg.get_id().as_str();
        let key = norm(id);
        let wanted = arg.is_required_set() || (all && learnt.contains_key(&key));
        if !wanted {
            continue;
        }
        let value = learnt.get(&key).cloned().or_else(|| {
            arg.get_possible_values()
                .first()
                .map(|v| v.get_name().to_owned())
        });
        match (value, arg.get_long()) {
            (Some(v), Some(flag)) => argv.extend([format!("--{flag}"), v]),
            // A positional argument, in order.
            (Some(v), None) => argv.push(v),
            (None, flag) => return Err(flag.unwrap_or(id).to_owned()),
        }
    }
    Ok(argv)
}

/// Remembers the first scalar an answer holds under each key, for later parameters.
fn learn(v: &Value, learnt: &mut Learnt) {
    match v {
        Value::Object(map) => {
            for (k, v) in map {
                match v {
                    Value::String(s) if !s.is_empty() => {
                        learnt.entry(norm(k)).or_insert_with(|| s.clone());
                    }
                    Value::Number(n) => {
                        learnt.entry(norm(k)).or_insert_with(|| n.to_string());
                    }
                    other => learn(other, learnt),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| learn(i, learnt)),
        _ => {}
    }
}

/// Reads the market stream (every channel of `contract`, parameters at their first value) and,
/// with credentials, the private stream for `seconds`, discarding their lines.
async fn probe_streams<A: Api>(
    client: &A::Client,
    contract: &str,
    credentials: bool,
    seconds: u64,
) -> Vec<Checked> {
    let mut out = Vec::new();
    let wait = Duration::from_secs(seconds);
    let market = async {
        let cmd = A::market_command()?;
        let mut argv = vec![
            "market".to_owned(),
            "--contract".to_owned(),
            contract.to_owned(),
        ];
        for arg in cmd.get_arguments() {
            let (Some(flag), values) = (arg.get_long(), arg.get_possible_values()) else {
                continue;
            };
            match flag {
                "channel" => {
                    for v in &values {
                        argv.extend(["--channel".to_owned(), v.get_name().to_owned()]);
                    }
                }
                "contract" => {}
                _ => {
                    let first = values
                        .first()
                        .map_or_else(|| "1".to_owned(), |v| v.get_name().to_owned());
                    argv.extend([format!("--{flag}"), first]);
                }
            }
        }
        let result = match cmd.try_get_matches_from(argv) {
            Ok(m) => {
                let (sink, lines) = counting_sink();
                A::market_stream(client, &m, stop_after(wait), sink)
                    .await
                    .map(|()| lines())
            }
            Err(e) => Err(Failure::Refused(e.to_string())),
        };
        Some(stream_checked("stream market", result))
    };
    let user = async {
        if !(A::HAS_USER_STREAM && credentials) {
            return None;
        }
        let (sink, lines) = counting_sink();
        let result = A::user_stream(client, stop_after(wait), sink)
            .await
            .map(|()| lines());
        Some(stream_checked("stream user", result))
    };
    let (m, u) = tokio::join!(market, user);
    out.extend(m);
    out.extend(u);
    out
}

fn stream_checked(what: &str, result: Result<u64, Failure>) -> Checked {
    match result {
        Ok(n) => Checked {
            what: what.to_owned(),
            outcome: "ok",
            detail: Some(format!("{n} line(s)")),
        },
        Err(f) => Checked {
            what: what.to_owned(),
            outcome: "failed",
            detail: Some(f.to_string()),
        },
    }
}

fn stop_after(wait: Duration) -> Stop {
    Box::pin(tokio::time::sleep(wait))
}

/// A sink that only counts, and a way to read the count.
fn counting_sink() -> (Sink, impl Fn() -> u64) {
    let count = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let seen = count.clone();
    let sink: Sink = Box::new(move |_| {
        count.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    });
    (sink, move || {
        seen.load(std::sync::atomic::Ordering::Relaxed)
    })
}

fn print_report(global: &Global, report: &DriftReport, checked: &[Checked]) -> Result<(), Failure> {
    let format = global.format.unwrap_or(if std::io::stdout().is_terminal() {
        Format::Table
    } else {
        Format::Json
    });
    let text = match format {
        Format::Json => {
            let doc = json!({
                "findings": report.findings,
                "dropped": report.dropped,
                "checked": checked.iter().map(Checked::json).collect::<Vec<_>>(),
            });
            format!("{doc}\n")
        }
        Format::Table => table(report, checked),
    };
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Other(format!("cannot write the report: {e}")))
}

/// The findings grouped by endpoint, in columns (kind, path, wire value, what it suggests), then
/// what was probed.
fn table(report: &DriftReport, checked: &[Checked]) -> String {
    let mut out = String::new();
    if report.findings.is_empty() {
        out.push_str("No drift: everything the server sent is in the spec.\n");
    }
    let rows: Vec<[String; 4]> = report.findings.iter().map(row).collect();
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let (wk, wp, ww) = (width(0), width(1), width(2));
    let mut groups: Vec<&str> = report
        .findings
        .iter()
        .map(|f| f.endpoint.as_str())
        .collect();
    groups.sort_unstable();
    groups.dedup();
    for g in groups {
        out.push_str(&format!("{g}\n"));
        for (f, [kind, path, wire, detail]) in report.findings.iter().zip(&rows) {
            if f.endpoint == g {
                let line = format!("  {kind:wk$}  {path:wp$}  {wire:ww$}  {detail}");
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
    }
    if report.dropped > 0 {
        out.push_str(&format!("({} more findings not kept)\n", report.dropped));
    }
    out.push_str("\nChecked:\n");
    let w = checked.iter().map(|c| c.what.len()).max().unwrap_or(0);
    for c in checked {
        let detail = c
            .detail
            .as_deref()
            .map(|d| format!("  {d}"))
            .unwrap_or_default();
        out.push_str(&format!("  {:w$}  {}{detail}\n", c.what, c.outcome));
    }
    out
}

/// A finding's columns: kind, path (`-` at the top level of an event or channel), the wire value,
/// and the details (the suggested type, the message, a sample, the count).
fn row(f: &Finding) -> [String; 4] {
    let mut detail = Vec::new();
    if let Some(t) = &f.suggested_type {
        detail.push(format!("suggests {t}"));
    }
    if let Some(m) = &f.message {
        detail.push(format!("({m})"));
    }
    if let Some(s) = &f.sample {
        let short: String = s.chars().take(40).collect();
        let more = if short.len() < s.len() { "…" } else { "" };
        detail.push(format!("e.g. {short}{more}"));
    }
    if f.count > 1 {
        detail.push(format!("×{}", f.count));
    }
    let path = if f.path.is_empty() { "-" } else { &f.path };
    [
        f.kind.to_string(),
        path.to_owned(),
        f.wire.clone(),
        detail.join("  "),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use contango_runtime::drift::FindingKind;

    fn finding(kind: FindingKind, endpoint: &str, path: &str, wire: &str) -> Finding {
        Finding {
            kind,
            endpoint: endpoint.into(),
            path: path.into(),
            wire: wire.into(),
            sample: Some("\"0\"".into()),
            suggested_type: Some("decimal".into()),
            spec_type: None,
            message: None,
            count: 3,
        }
    }

    #[test]
    fn the_table_groups_by_endpoint_in_aligned_columns() {
        let report = DriftReport {
            findings: vec![
                finding(
                    FindingKind::UnknownField,
                    "ticker",
                    "openInterest",
                    "openInterest",
                ),
                finding(
                    FindingKind::UnknownField,
                    "account",
                    "account[].bonus",
                    "bonus",
                ),
                finding(FindingKind::UnknownEvent, "stream", "", "MARGIN_CALL"),
            ],
            dropped: 0,
        };
        let text = table(&report, &[]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "account", "{text}");
        assert_eq!(lines[2], "stream", "{text}");
        assert_eq!(lines[4], "ticker", "{text}");
        let column = |line: &str, needle: &str| line.find(needle).expect(needle);
        let at = column(lines[1], "suggests");
        assert_eq!(column(lines[3], "suggests"), at, "{text}");
        assert_eq!(column(lines[5], "suggests"), at, "{text}");
        assert!(lines[3].contains(" - "), "an empty path shows as -: {text}");
        assert!(lines[5].ends_with("×3"), "{text}");
    }
}
