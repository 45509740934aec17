//! `--record` and `--replay`: commands recorded against the simulator print, replayed from their
//! recordings with no server, the same stdout byte for byte and end with the same exit code (an
//! error answer included); `drift --from` finds in a recording what the live probe found.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use contango::{Client, Credentials, OrderType, Side};
use rust_decimal_macros::dec;

use crate::support::{Harness, Run, finish, new_order, order, signal, start, wait};

fn file(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli-recordings");
    std::fs::create_dir_all(&dir).expect("a directory for recordings");
    dir.join(name)
}

/// Runs `args` through the binary with no server and no credentials, from the recording `path`.
fn replayed(h: &Harness, path: &std::path::Path, args: &[&str]) -> Run {
    let mut cmd = h.bare();
    cmd.arg("--replay").arg(path).args(args);
    finish(cmd)
}

#[test]
fn recorded_commands_replay_to_the_same_output_and_exit_code_with_no_server() {
    let h = Harness::new("record-replay");
    let placed = new_order("buy", "limit", "cross", "2", "29000", &[]);
    let commands: Vec<(&str, Vec<&str>, i32)> = vec![
        ("depth", vec!["depth", "E-BTC-USDT", "--limit", "5"], 0),
        ("account", vec!["account"], 0),
        ("new-order", placed, 0),
        ("open-orders", vec!["open-orders", "E-BTC-USDT"], 0),
        ("table", vec!["-o", "table", "open-orders", "E-BTC-USDT"], 0),
        // An error answer: no such order (exit 3).
        (
            "cancel",
            vec!["cancel-order", "E-BTC-USDT", "--order-id", "12345"],
            3,
        ),
    ];
    let mut recordings = Vec::new();
    for (name, args, code) in &commands {
        let path = file(&format!("{name}.jsonl"));
        let mut cmd = h.contango();
        cmd.arg("--record").arg(&path).args(args);
        let live = finish(cmd);
        assert_eq!(live.code, Some(*code), "{name}: {live:?}");
        recordings.push((path, live));
    }
    // The server is gone: every answer comes from the recordings.
    drop(h);
    let h = Harness::new("record-replay-offline");
    for ((name, args, _), (path, live)) in commands.iter().zip(&recordings) {
        let again = replayed(&h, path, args);
        assert_eq!(again.code, live.code, "{name}: {again:?}");
        assert_eq!(again.stdout, live.stdout, "{name}: stdout differs");
        assert!(!again.stderr.contains("not used"), "{name}: {again:?}");
        assert!(!live.stdout.is_empty() || live.code != Some(0), "{name}");
    }
    // The same command with another argument is not in the recording: named, exit 3.
    let other = replayed(
        &h,
        &recordings[0].0,
        &["depth", "E-ETH-USDT", "--limit", "5"],
    );
    assert_eq!(other.code, Some(3), "{other:?}");
    assert!(
        other
            .stderr
            .contains("GET /fapi/v1/depth?contractName=E-ETH-USDT&limit=5: no recorded answer")
            && other.stderr.contains("1 recorded exchange(s) not used"),
        "{other:?}"
    );
}

/// The market stream command both runs use.
const MARKET: &[&str] = &[
    "stream",
    "market",
    "--contract",
    "E-BTC-USDT",
    "--channel",
    "depth",
];

/// Lines of a stream's stdout until `enough` holds (at most 30 s), then SIGTERM; everything it
/// printed.
fn stream_until(
    h: &Harness,
    path: &std::path::Path,
    args: &[&str],
    act: impl FnOnce(),
    enough: impl Fn(&[String]) -> bool,
) -> Run {
    let mut cmd = h.contango();
    cmd.arg("--record").arg(path).args(args);
    let (child, out, err) = start(cmd);
    let subscribed = err
        .recv_timeout(Duration::from_secs(30))
        .expect("the stream subscribes");
    assert!(subscribed.contains("subscribed"), "{subscribed}");
    act();
    let mut seen = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !enough(&seen) {
        let left = deadline.saturating_duration_since(Instant::now());
        match out.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => panic!("the stream printed only {seen:#?}"),
        }
    }
    signal(&child, "TERM");
    let run = wait(child, Duration::from_secs(30));
    let rest: Vec<String> = out.try_iter().collect();
    seen.extend(rest);
    Run {
        code: run.code,
        stdout: seen.iter().map(|l| format!("{l}\n")).collect(),
        stderr: err.try_iter().collect::<Vec<_>>().join("\n"),
    }
}

#[test]
fn a_recorded_stream_replays_its_lines_and_ends_where_the_recording_does() {
    let h = Harness::new("record-streams");
    let sim = h.sim();
    let user = file("stream-user.jsonl");
    let live = stream_until(
        &h,
        &user,
        &["stream", "user"],
        || {
            // A resting order of the stream's account, then its cancel: two order events.
            let client = Client::builder()
                .base_url(sim.rest_url())
                .credentials(Credentials::new(sim.api_key(), sim.secret()))
                .build()
                .expect("a client");
            let placed =
                h.rt.block_on(
                    client
                        .new_order(order(Side::Buy, OrderType::Limit, dec!(29000)))
                        .send(),
                )
                .expect("an order");
            h.rt.block_on(
                client
                    .cancel_order("E-BTC-USDT")
                    .order_id(placed.order_id)
                    .send(),
            )
            .expect("the cancel");
        },
        // The cancel's account update too: the recording keeps every frame that came, so the
        // live output must not stop before the last one.
        |lines| {
            lines
                .iter()
                .position(|l| l.contains("\"X\":\"CANCELLED\""))
                .is_some_and(|i| lines[i..].iter().any(|l| l.contains("ACCOUNT_UPDATE")))
        },
    );
    assert_eq!(live.code, Some(0), "{live:?}");
    let market = file("stream-market.jsonl");
    let live_market = stream_until(&h, &market, MARKET, || {}, |lines| !lines.is_empty());
    assert_eq!(live_market.code, Some(0), "{live_market:?}");
    let text = std::fs::read_to_string(&market).expect("the recording");
    assert!(text.contains(r#""gzip":true"#), "{text}");
    drop(h);

    // Replayed with nothing listening but the replay: the same lines, and the command ends by
    // itself once the recording is played out (closing the listen key as recorded).
    let h = Harness::new("record-streams-offline");
    for (path, live, args) in [
        (&user, &live, vec!["stream", "user"]),
        (&market, &live_market, MARKET.to_vec()),
    ] {
        let again = replayed(&h, path, &args);
        assert_eq!(again.code, Some(0), "{again:?}");
        assert_eq!(again.stdout, live.stdout, "{args:?}: stdout differs");
        assert!(!again.stderr.contains("not used"), "{again:?}");
    }
}

#[test]
fn drift_from_a_recording_finds_what_the_live_probe_found_without_a_server() {
    let h = Harness::with(
        "record-drift",
        contango_sim::Sim::builder()
            .drift(true)
            .market_driver(contango_sim::MarketDriver::random_walk(5)),
    );
    let path = file("drift.jsonl");
    let mut cmd = h.contango();
    cmd.arg("--record").arg(&path);
    let live = crate::drift::drift_while_an_order_changes(&h, cmd, &["-o", "json"]);
    assert_eq!(live.code, Some(6), "{live:?}");
    drop(h);

    let h = Harness::new("record-drift-offline");
    let mut cmd = h.bare();
    cmd.arg("drift")
        .arg("--from")
        .arg(&path)
        .args(["-o", "json"]);
    let offline = finish(cmd);
    assert_eq!(offline.code, Some(6), "{offline:?}");
    let findings = crate::drift::findings;
    let (seen_live, seen_offline) = (findings(&live), findings(&offline));
    assert_eq!(seen_offline, seen_live);
    assert_eq!(
        seen_live.len(),
        contango_sim::server::changed_api::EXPECTED.len()
    );
}
