//! `contango record market` against a market server the test scripts, over real sockets: it
//! rides out a dropped connection and a silent server with `gap` lines, rotates (a hidden
//! one-second period here), gzips each closed file and, on SIGTERM, the open one, and its
//! directory reads as one recording holding the same market events as a single `--record` file
//! of the same frames.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use contango::recording::{Direction, Recorded, Recording};
use contango::{MarketEvent, MarketMessage, MarketStreamApi};
use contango_sim::feeds::source::{event_ts, recorded_frames};

use crate::market_server::{Levels, MarketServer};
use crate::support::{Harness, expect_line, signal, start, wait};

const C: &str = "E-BTC-USDT";

fn fresh_dir(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("record-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `record market` of `C`'s depth and trades from `market` into `dir`, with `extra` flags.
fn recorder(
    h: &Harness,
    market: &MarketServer,
    dir: &Path,
    extra: &[&str],
) -> std::process::Command {
    let mut cmd = h.bare();
    cmd.args([
        "--base-url",
        "http://127.0.0.1:9",
        "--market-url",
        &market.url(),
    ])
    .args([
        "record",
        "market",
        "--contract",
        C,
        "--channel",
        "depth,trades",
        "--out",
    ])
    .arg(dir)
    .args(extra);
    cmd
}

/// The names of `dir`'s files, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Polls `cond` every 20 ms for up to 20 s.
fn until(what: &str, mut cond: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !cond() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The market events of a recording's market-stream frames from the server, in order.
fn events(recording: &Recording) -> Vec<MarketEvent> {
    recorded_frames(recording)
        .into_iter()
        .filter_map(|(_, bytes)| match MarketStreamApi::decode_frame(&bytes) {
            Ok(MarketMessage::Event(e)) => Some(e),
            _ => None,
        })
        .collect()
}

/// The exchange times of the events of one kind (`depth` or `trades`).
fn times(events: &[MarketEvent], depth: bool) -> Vec<i64> {
    events
        .iter()
        .filter(|e| matches!(e, MarketEvent::Depth(_)) == depth)
        .map(event_ts)
        .collect()
}

/// Whether `dir` holds a file with a trade at exchange time `ts` yet.
fn written(dir: &Path, ts: i64) -> bool {
    let needle = format!("\\\"ts\\\":{ts}");
    names(dir)
        .iter()
        .any(|n| std::fs::read_to_string(dir.join(n)).is_ok_and(|t| t.contains(&needle)))
}

fn levels(price: u32) -> (Levels, Levels) {
    let p = |n: u32| -> &'static str { Box::leak(n.to_string().into_boxed_str()) };
    (vec![(p(price + 10), "5")], vec![(p(price - 10), "7")])
}

#[test]
fn record_market_rides_out_a_dropped_connection_and_a_silent_server_with_gap_lines() {
    let h = Harness::new("record-gaps");
    let market = h.rt.block_on(MarketServer::start());
    let dir = fresh_dir("gaps");
    let (child, _out, err) = start(recorder(&h, &market, &dir, &["--silence-timeout", "600"]));
    expect_line(&err, "subscription", |l| l.contains("subscribed"));
    // Subscriptions are not acknowledged: let the server take them before the first book.
    std::thread::sleep(Duration::from_millis(300));
    let (asks, bids) = levels(30_000);
    market.depth(asks, bids, 1_000);
    market.trade("BUY", "30010", "2", 1_001);
    until("the first trade is written", || written(&dir, 1_001));

    // Dropped: the stream reconnects and the recording marks the gap.
    market.drop_connections();
    expect_line(&err, "the gap after the dropped connection", |l| {
        l.starts_with("record: ") && l.contains(r#""type":"gap""#)
    });
    market.trade("SELL", "29990", "1", 1_002);
    until("the trade after the reconnect is written", || {
        written(&dir, 1_002)
    });
    // Silent: no frame and no ping; after the silence timeout the stream reconnects.
    market.silence();
    let silent = expect_line(&err, "the gap after the silence", |l| {
        l.contains(r#""type":"gap""#) && l.contains("silent for 600ms")
    });
    assert!(silent.contains("market_e_btcusdt_depth_step0"), "{silent}");
    market.trade("BUY", "30010", "3", 1_003);
    until("the last trade is written", || written(&dir, 1_003));

    signal(&child, "TERM");
    let run = wait(child, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{run:?}");
    expect_line(&err, "the end", |l| l.starts_with("record: closed"));
    let recording = Recording::from_dir(&dir).expect("the directory reads");
    assert!(recording.warnings.is_empty(), "{:?}", recording.warnings);
    let gaps: Vec<&str> = recording
        .entries
        .iter()
        .filter_map(|e| match &e.recorded {
            Recorded::Gap {
                stream,
                reason,
                channels,
                from_us,
                to_us,
            } => {
                assert_eq!(stream, "market");
                assert!(from_us <= to_us && to_us <= &e.at_us, "{e:?}");
                assert_eq!(channels.len(), 2, "{e:?}");
                Some(reason.as_str())
            }
            _ => None,
        })
        .collect();
    assert_eq!(gaps.len(), 2, "{gaps:?}");
    assert_eq!(gaps[1], "silent for 600ms");
    // Every scripted trade is in it, in order, across three connections, and the book the
    // server sends each new depth subscription.
    let events = events(&recording);
    assert_eq!(times(&events, false), [1_001, 1_002, 1_003], "{events:?}");
    assert_eq!(times(&events, true), [1_000, 1_001, 1_002], "{events:?}");
    let conns = recording
        .entries
        .iter()
        .filter(|e| matches!(e.recorded, Recorded::Connect { .. }))
        .count();
    assert_eq!(conns, 3);
    assert_eq!(names(&dir).len(), 1, "one hour's file: {:?}", names(&dir));
    assert!(names(&dir)[0].ends_with(".jsonl.gz"), "{:?}", names(&dir));
}

#[test]
fn record_market_rotates_gzips_closed_files_stops_on_sigterm_and_reads_as_one_recording() {
    let h = Harness::new("record-rotate");
    let market = h.rt.block_on(MarketServer::start());
    let dir = fresh_dir("rotate");
    std::fs::create_dir_all(&dir).expect("a directory");
    let (child, _out, err) = start(recorder(&h, &market, &dir, &["--rotate-every", "1"]));
    // The same frames, recorded whole by another client into one file.
    let single = dir.with_extension("jsonl");
    let mut stream = h.bare();
    stream
        .args([
            "--base-url",
            "http://127.0.0.1:9",
            "--market-url",
            &market.url(),
            "--record",
        ])
        .arg(&single)
        .args([
            "stream",
            "market",
            "--contract",
            C,
            "--channel",
            "depth,trades",
        ]);
    let (streaming, _stream_out, stream_err) = start(stream);
    expect_line(&err, "the recorder's subscription", |l| {
        l.contains("subscribed")
    });
    expect_line(&stream_err, "the stream's subscription", |l| {
        l.contains("subscribed")
    });
    // Subscriptions are not acknowledged: let the server take them before the first book (it
    // sends a new depth subscriber the book it has).
    std::thread::sleep(Duration::from_millis(300));

    // Three and a half seconds of books and trades: four files or more.
    let started = Instant::now();
    let mut n = 0;
    while started.elapsed() < Duration::from_millis(3_500) {
        n += 1;
        let (asks, bids) = levels(30_000 + n % 7);
        market.depth(asks, bids, 2_000 + i64::from(n) * 2);
        market.trade("BUY", "30010", "1", 2_001 + i64::from(n) * 2);
        std::thread::sleep(Duration::from_millis(50));
    }
    // While it runs: the open file plain, the closed ones gzipped. A file closed a moment ago
    // may still be compressing: plain, beside its `.gz.part`.
    let running = names(&dir);
    let compressing = |n: &String| running.contains(&format!("{n}.gz.part"));
    let plain = running
        .iter()
        .filter(|n| n.ends_with(".jsonl") && !compressing(n))
        .count();
    assert_eq!(plain, 1, "{running:?}");
    let running: Vec<_> = running
        .iter()
        .filter(|n| !n.ends_with(".part"))
        .cloned()
        .collect();
    assert!(running.len() >= 4, "{running:?}");
    assert!(
        running.iter().all(
            |n| n.starts_with("market-") && (n.ends_with(".jsonl") || n.ends_with(".jsonl.gz"))
        ),
        "{running:?}"
    );
    std::thread::sleep(Duration::from_millis(300));

    signal(&child, "TERM");
    signal(&streaming, "TERM");
    let run = wait(child, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(wait(streaming, Duration::from_secs(30)).code, Some(0));
    // Stopped: every file gzipped, the last one too.
    let files = names(&dir);
    assert!(files.iter().all(|n| n.ends_with(".jsonl.gz")), "{files:?}");
    assert!(files.len() >= running.len(), "{files:?}");

    let joined = Recording::from_dir(&dir).expect("the directory reads");
    let whole = Recording::from_file(&single).expect("the single file reads");
    assert!(joined.warnings.is_empty(), "{:?}", joined.warnings);
    let (a, b) = (events(&joined), events(&whole));
    assert_eq!(a.len(), 2 * n as usize, "every frame scripted");
    let text = |events: &[MarketEvent]| events.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>();
    assert_eq!(
        text(&a),
        text(&b),
        "the same market events, in the same order"
    );
    // Each file reads on its own too: it names the connection its frames came on.
    let last = Recording::from_file(dir.join(&files[files.len() - 2])).expect("one file");
    assert!(matches!(
        last.entries[0].recorded,
        Recorded::Connect { conn: 1, .. }
    ));
    let frames = last
        .entries
        .iter()
        .filter(|e| matches!(&e.recorded, Recorded::Frame(f) if f.dir == Direction::In))
        .count();
    assert!(frames > 0, "{last:?}");
}
