//! The decoded market cache beside a recording: it holds every event the recording's frames
//! decode to, a backtest from it is the backtest from the recording, it is rebuilt whenever it
//! does not match the recording (never trusted), and the builder refuses a damaged recording at
//! its line.

use std::path::{Path, PathBuf};

use contango::MarketEvent;
use contango::recording::Recording;
use contango_research::{Backtest, BacktestError, Report};
use contango_sim::Pace;
use contango_sim::feeds::cache::{self, CacheError, MarketEvents, Played, market_frames};

use crate::backtest::{Busy, recorded};

const BTC: &str = "E-BTC-USDT";

/// A directory of its own for `name`, empty.
fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "contango-market-cache-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("a temp dir");
    d
}

/// A frame line of connection `conn`, `text` escaped as the recorder writes it.
fn frame(at_us: u64, conn: u64, dir: &str, text: &str) -> String {
    let text = serde_json::to_string(text).expect("text");
    format!(r#"{{"at_us":{at_us},"kind":"frame","conn":{conn},"dir":"{dir}","text":{text}}}"#)
}

/// A recording whose market frames hold every kind of event and field the cache writes: depth
/// levels with trailing zeros and a negative zero, an empty book without a time, trades with
/// every optional field or none and a side the spec does not list, a ticker, a candle, a
/// channel the spec does not list; and frames that hold no event (an answer, a ping, bytes that
/// do not decode, the client's own, the private stream's).
fn every_kind() -> String {
    let depth = |ts: i64, ask: &str| {
        format!(
            r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","tick":{{"asks":[["{ask}","10.50"],["30001","-0.0"]],"buys":[["29999.90","7"]]}},"ts":{ts},"status":"ok"}}"#
        )
    };
    let lines = [
        r#"{"contango_recording":2,"started_us":1790000000000000,"client":"contango/0.1.0"}"#
            .to_owned(),
        r#"{"at_us":10,"kind":"connect","conn":1,"stream":"market","url":"ws://x/kline-api/ws"}"#
            .to_owned(),
        r#"{"at_us":11,"kind":"connect","conn":2,"stream":"user","url":"ws://x/ws"}"#.to_owned(),
        frame(
            20,
            1,
            "out",
            r#"{"event":"sub","params":{"channel":"market_e_btcusdt_depth_step0","cb_id":"1"}}"#,
        ),
        frame(
            30,
            1,
            "in",
            r#"{"event_rep":"subed","channel":"market_e_btcusdt_depth_step0","cb_id":"1","ts":1790000000001,"status":"ok"}"#,
        ),
        frame(1_000, 1, "in", &depth(1_790_000_000_010, "30000.5")),
        frame(1_500, 2, "in", r#"{"e":"ORDER_TRADE_UPDATE"}"#),
        frame(2_000, 1, "in", r#"{"ping":1790000000020}"#),
        frame(
            2_500,
            1,
            "in",
            r#"{"event_rep":"","channel":"market_e_btcusdt_depth_step0","tick":{"asks":[],"buys":[]},"status":"ok"}"#,
        ),
        frame(
            3_000,
            1,
            "in",
            r#"{"event_rep":"","channel":"market_e_btcusdt_trade_ticker","tick":{"data":[{"id":77,"price":"30000.5","vol":"3","side":"buy","amount":"90001.5","ds":"2026-09-23 11:18:39","ts":1790000000029},{"price":"29999","vol":"1.000","side":"HOLD"}],"ts":1790000000030},"ts":1790000000030,"status":"ok"}"#,
        ),
        frame(3_500, 1, "in", "not a frame at all"),
        frame(
            4_000,
            1,
            "in",
            r#"{"event_rep":"","channel":"market_e_btcusdt_ticker","tick":{"close":"30000.5","vol":"120","rose":"-0.0123"},"ts":1790000000040,"status":"ok"}"#,
        ),
        frame(
            5_000,
            1,
            "in",
            r#"{"event_rep":"","channel":"market_e_btcusdt_kline_1min","tick":{"id":1790000000,"open":"30000","high":"30010.0","low":"29990","close":"30005","vol":"12","amount":"360060","ds":"2026-09-23 11:18:00"},"ts":1790000000050,"status":"ok"}"#,
        ),
        frame(
            6_000,
            1,
            "in",
            r#"{"event_rep":"","channel":"market_e_btcusdt_funding","tick":{"rate":"0.0001"},"ts":1790000000060,"status":"ok"}"#,
        ),
        frame(7_000, 1, "in", &depth(1_790_000_000_070, "30000.0")),
    ];
    lines.join("\n") + "\n"
}

/// The names of the files in `d`.
fn names(d: &Path) -> Vec<std::ffi::OsString> {
    std::fs::read_dir(d)
        .expect("the dir")
        .flatten()
        .map(|e| e.file_name())
        .collect()
}

/// The events of `recording` as decoding its frames gives them.
fn decoded(recording: &Path) -> Vec<Played> {
    let recording = Recording::from_file(recording).expect("a recording");
    MarketEvents::from_frames(market_frames(&recording))
        .map(|p| {
            let mut p = p.expect("in memory");
            p.frame = None;
            p
        })
        .collect()
}

/// The events from the cache of `recording`.
fn cached(recording: &Path) -> Vec<Played> {
    MarketEvents::open(recording)
        .expect("the cache")
        .collect::<Result<_, _>>()
        .expect("every event")
}

/// Events as text: decimals with their scale and sign, which `==` on decimals does not see.
fn text(events: &[Played]) -> Vec<String> {
    events.iter().map(|p| format!("{p:?}")).collect()
}

#[test]
fn the_cache_holds_every_event_the_frames_decode_to() {
    let d = dir("every-kind");
    let path = d.join("day.jsonl");
    std::fs::write(&path, every_kind()).expect("written");
    let want = decoded(&path);
    let kinds: Vec<&str> = want
        .iter()
        .map(|p| match &p.event {
            MarketEvent::Depth(_) => "depth",
            MarketEvent::Trades(_) => "trades",
            MarketEvent::Ticker(_) => "ticker",
            MarketEvent::Kline(_) => "kline",
            MarketEvent::Other { .. } => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "depth", "depth", "trades", "ticker", "kline", "other", "depth"
        ]
    );
    let built = cached(&path);
    assert!(cache::cache_path(&path).is_file(), "built beside it");
    assert_eq!(
        cache::cache_path(&path).file_name(),
        Some("day.jsonl.contango-cache".as_ref())
    );
    assert_eq!(text(&built), text(&want), "built");
    assert_eq!(built, want);
    assert_eq!(text(&cached(&path)), text(&want), "read back");
    // Frames that do not decode (an answer the decoder does not know, bytes that are not a
    // frame) are kept apart, the first one where it was: replays skip them.
    let mut events = MarketEvents::open(&path).expect("the cache");
    assert_eq!(events.undecodable(), None, "none read yet");
    assert_eq!(events.by_ref().count(), want.len());
    let undecodable = events.undecodable().cloned().expect("one");
    assert_eq!(undecodable.entry, 3, "{undecodable:?}");
    assert!(
        undecodable.message.contains("missing field `tick`"),
        "{undecodable:?}"
    );
    let recording = Recording::from_file(&path).expect("a recording");
    let in_memory = MarketEvents::from_frames(market_frames(&recording));
    assert_eq!(in_memory.undecodable(), Some(&undecodable));
    // Each event keeps its entry (line from 0 after the header) and arrival time.
    assert_eq!(
        want.iter().map(|p| (p.entry, p.at_us)).collect::<Vec<_>>(),
        [
            (4, 1_000),
            (7, 2_500),
            (8, 3_000),
            (10, 4_000),
            (11, 5_000),
            (12, 6_000),
            (13, 7_000)
        ]
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// The untimed report as JSON, and the fill log.
fn untimed(r: &Report) -> (String, String) {
    let json = Report {
        timing: None,
        ..r.clone()
    }
    .to_json();
    (json, r.fill_log())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backtest_from_the_cache_equals_one_from_the_recording() {
    let path = recorded(1500).await;
    let run = |backtest: Backtest| async move {
        backtest
            .contracts([BTC])
            .pace(Pace::Fast)
            .run(&mut Busy::default())
            .await
            .expect("backtest")
    };
    let recording = Recording::from_file(&path).expect("the recording");
    let decoding = run(Backtest::from_recording(&recording)).await;
    assert!(!cache::cache_path(&path).exists());
    let building = run(Backtest::from_file(&path).expect("built")).await;
    assert!(cache::cache_path(&path).is_file());
    let reading = run(Backtest::from_file(&path).expect("read")).await;
    assert!(decoding.fills.len() >= 3, "{decoding:?}");
    assert_eq!(
        decoding.timing.map(|t| t.frames),
        reading.timing.map(|t| t.frames)
    );
    assert_eq!(untimed(&building), untimed(&decoding), "built, then played");
    assert_eq!(
        untimed(&reading),
        untimed(&decoding),
        "played from the cache"
    );

    // A recorded session still holds each market frame's bytes as the recording has them.
    let session = path.with_extension("session.jsonl");
    let recording_session = run(Backtest::from_file(&path)
        .expect("read")
        .record_session(&session))
    .await;
    assert_eq!(
        untimed(&recording_session),
        untimed(&decoding),
        "recording its session"
    );
    let written = Recording::from_file(&session).expect("the session");
    let frames = |r: &Recording| -> Vec<Vec<u8>> {
        let events = MarketEvents::from_frames(market_frames(r));
        events.filter_map(|p| p.ok()?.frame).collect()
    };
    let played = frames(&recording);
    assert_eq!(played.len() as u64, reading.timing.map_or(0, |t| t.frames));
    assert_eq!(frames(&written), played);
    for p in [cache::cache_path(&path), session, path] {
        let _ = std::fs::remove_file(p);
    }
}

/// A change made to a cache's bytes.
type Damage = Box<dyn Fn(&mut Vec<u8>)>;

#[test]
fn a_cache_that_does_not_match_its_recording_is_rebuilt_never_trusted() {
    let d = dir("stale");
    let path = d.join("day.jsonl");
    let cache = cache::cache_path(&path);
    std::fs::write(&path, every_kind()).expect("written");
    let want = text(&decoded(&path));
    assert_eq!(text(&cached(&path)), want);
    let good = std::fs::read(&cache).expect("the cache");

    // The cache's first bytes, the version, the records and the trailer: each changed, the
    // cache is built again, byte for byte what it was, and the events are the recording's.
    let records = good.len() / 2;
    let damages: [(&str, Damage); 7] = [
        ("cut short", Box::new(|c| c.truncate(c.len() - 40))),
        ("cut to its header", Box::new(|c| c.truncate(52))),
        ("another version", Box::new(|c| c[8] = c[8].wrapping_add(1))),
        (
            "the first version, before frames that do not decode were kept",
            Box::new(|c| c[8..12].copy_from_slice(&1_u32.to_le_bytes())),
        ),
        ("not a cache", Box::new(|c| c[0] = b'{')),
        ("another recording's hash", Box::new(|c| c[30] ^= 1)),
        (
            "a byte of its records",
            Box::new(move |c| c[records] = c[records].wrapping_add(1)),
        ),
    ];
    for (what, damage) in damages {
        let mut bad = good.clone();
        damage(&mut bad);
        std::fs::write(&cache, &bad).expect("damaged");
        assert_eq!(text(&cached(&path)), want, "{what}");
        assert_eq!(std::fs::read(&cache).ok(), Some(good.clone()), "{what}");
    }
    // A damaged price the hash did not catch would show here: the decimal itself changed.
    let mut price = good.clone();
    let at = price
        .windows(4)
        .position(|w| w == [0x01, 0xca, 0xcf, 0x24])
        .expect("30000.5 in the cache: scale 1, then 300005 zigzag-encoded");
    // 30000.6: a decimal as good as the first.
    price[at + 1] = 0xcc;
    std::fs::write(&cache, &price).expect("damaged");
    assert_eq!(text(&cached(&path)), want, "a changed price");

    // The recording edited: its events are the new ones.
    let edited = every_kind().replace("30000.0", "30002.0");
    std::fs::write(&path, &edited).expect("edited");
    let now = text(&decoded(&path));
    assert_ne!(now, want);
    assert_eq!(text(&cached(&path)), now, "edited");
    // And cut: the last frame gone.
    let cut = &edited[..edited.trim_end().rfind('\n').expect("lines")];
    std::fs::write(&path, cut).expect("cut");
    let now = text(&decoded(&path));
    assert_eq!(now.len(), 6);
    assert_eq!(text(&cached(&path)), now, "cut");
    let left = names(&d);
    assert_eq!(left.len(), 2, "no temporary file left: {left:?}");
    let _ = std::fs::remove_dir_all(&d);
}

/// The cache builder and a backtest refuse `recording` at line `line` of `file`.
fn refused_at(recording: &Path, file: &Path, line: usize) {
    let e = MarketEvents::open(recording).expect_err("refused");
    match &e {
        CacheError::Recording(r) => assert_eq!(r.line, line, "{e}"),
        other => panic!("not the recording's line: {other}"),
    }
    let place = format!("{}: line {line}: ", file.display());
    assert!(e.to_string().starts_with(&place), "{e}");
    let e = Backtest::from_file(recording).expect_err("refused");
    assert!(
        matches!(&e, BacktestError::Recording(r) if r.line == line),
        "{e}"
    );
}

#[test]
fn a_damaged_recording_is_refused_at_its_line_by_the_cache_builder() {
    let d = dir("damaged");
    let path = d.join("day.jsonl");
    let mut lines: Vec<String> = every_kind().lines().map(str::to_owned).collect();
    lines[9] = lines[9].replace(r#""kind":"frame","#, r#""kind":"frame"#);
    std::fs::write(&path, lines.join("\n")).expect("written");
    refused_at(&path, &path, 10);
    let left = names(&d);
    assert_eq!(left.len(), 1, "no cache, no temporary file: {left:?}");
    let _ = std::fs::remove_dir_all(&d);
}

/// Keeps every event it is given, as text.
#[derive(Default)]
struct Seen(Vec<String>);

impl contango::strategy::Strategy for Seen {
    async fn on_event(&mut self, event: &MarketEvent, _: &contango::Client) {
        self.0.push(format!("{event:?}"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backtest_checks_its_recording_once_and_its_runs_replay_what_was_checked() {
    use sha2::Digest as _;

    let d = dir("once");
    let path = d.join("day.jsonl");
    std::fs::write(&path, every_kind()).expect("written");
    let want: Vec<String> = decoded(&path)
        .into_iter()
        .map(|p| format!("{:?}", p.event))
        .collect();
    let sha = sha2::Sha256::digest(every_kind().as_bytes());
    let backtest = Backtest::from_file(&path).expect("built").contracts([BTC]);
    let run = |backtest: Backtest| async move {
        let mut seen = Seen::default();
        backtest.run(&mut seen).await.expect("backtest");
        seen.0
    };
    assert_eq!(run(backtest.clone()).await, want);

    // The recording edited and its cache deleted after the backtest was made: its runs read the
    // cache it checked, still open, and hash nothing again.
    let edited = every_kind().replace("30000.0", "30002.0");
    std::fs::write(&path, &edited).expect("edited");
    std::fs::remove_file(cache::cache_path(&path)).expect("the cache deleted");
    assert_eq!(run(backtest.clone()).await, want, "what was checked");
    assert!(!cache::cache_path(&path).exists(), "not opened again");
    // A sweep's runs too; its fingerprint is the SHA-256 of the recording checked.
    let table = backtest
        .clone()
        .sweep(contango_research::backtest::sweep::Grid::new().axis("n", [1, 2]))
        .threads(2)
        .run(|_| Ok::<_, String>(Seen::default()))
        .expect("swept");
    assert_eq!(table.rows.len(), 2);
    let sha: String = sha.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(table.recording, sha);

    // A backtest made now checks the recording as it is: the cache is built again.
    let now = run(Backtest::from_file(&path)
        .expect("rebuilt")
        .contracts([BTC]))
    .await;
    assert!(cache::cache_path(&path).is_file());
    assert_ne!(now, want);
    assert_eq!(now.len(), want.len());
    assert!(now.iter().any(|e| e.contains("30002")), "the edited price");
    let _ = std::fs::remove_dir_all(&d);
}

fn gzip(bytes: &[u8], level: flate2::Compression) -> Vec<u8> {
    use std::io::Write as _;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), level);
    gz.write_all(bytes).expect("compressed");
    gz.finish().expect("compressed")
}

#[test]
fn a_gzip_recording_is_cached_from_its_text_and_one_cut_short_as_far_as_it_goes() {
    let d = dir("gzip");
    let plain = d.join("day.jsonl");
    std::fs::write(&plain, every_kind()).expect("written");
    let want = text(&decoded(&plain));
    let path = d.join("day.jsonl.gz");
    let gz = gzip(every_kind().as_bytes(), flate2::Compression::fast());
    std::fs::write(&path, &gz).expect("written");
    assert_eq!(text(&cached(&path)), want, "built");
    assert!(cache::cache_path(&path).is_file());
    assert_eq!(text(&cached(&path)), want, "read back");
    let _ = Backtest::from_file(&path).expect("a backtest of it");
    let with_frames = MarketEvents::open_with_frames(&path).expect("with frames");
    let frames: Vec<Vec<u8>> = with_frames.filter_map(|p| p.ok()?.frame).collect();
    assert_eq!(frames.len(), want.len(), "each frame's bytes, inflated");

    // Cut inside its data (a copy interrupted): what it holds, as the recording reader reads it.
    std::fs::write(&path, &gz[..gz.len() * 3 / 4]).expect("cut");
    let held = text(&decoded(&path));
    assert!(!held.is_empty() && held.len() < want.len(), "{held:?}");
    assert_eq!(text(&cached(&path)), held, "cut short");
    // Another gzip of the same text is other bytes: built again.
    let other = gzip(every_kind().as_bytes(), flate2::Compression::best());
    assert_ne!(other, gz);
    std::fs::write(&path, &other).expect("written");
    let before = std::fs::read(cache::cache_path(&path)).expect("the cache");
    assert_eq!(text(&cached(&path)), want, "another gzip");
    assert_ne!(std::fs::read(cache::cache_path(&path)).ok(), Some(before));
    let _ = std::fs::remove_dir_all(&d);
}

/// `every_kind` as a rotating recorder writes it, in `d/market/`: two files of one recorder, the
/// first gzip, the second repeating the open connections at its top.
fn rotated(d: &Path) -> PathBuf {
    let lines: Vec<String> = every_kind().lines().map(str::to_owned).collect();
    let rec = d.join("market");
    std::fs::create_dir_all(&rec).expect("a directory");
    let first = lines[..8].join("\n") + "\n";
    std::fs::write(
        rec.join("market-T00.jsonl.gz"),
        gzip(first.as_bytes(), flate2::Compression::fast()),
    )
    .expect("written");
    let second = [&lines[..3], &lines[8..]].concat().join("\n") + "\n";
    std::fs::write(rec.join("market-T01.jsonl"), second).expect("written");
    rec
}

/// Which file is at `path`: a cache built again is a new file renamed over the old one (its
/// time may be the old one's to the tick).
pub fn identity(path: &Path) -> impl PartialEq + std::fmt::Debug {
    let meta = std::fs::metadata(path).expect("a file");
    #[cfg(unix)]
    {
        std::os::unix::fs::MetadataExt::ino(&meta)
    }
    #[cfg(not(unix))]
    {
        meta.modified().ok()
    }
}

/// A change made to a directory of recordings.
type Change = Box<dyn Fn(&Path)>;

#[test]
fn a_directory_is_cached_beside_it_and_built_again_when_a_file_is_added_edited_or_cut() {
    let d = dir("rotated");
    let one = d.join("day.jsonl");
    std::fs::write(&one, every_kind()).expect("written");
    let rec = rotated(&d);
    // Its events are the one file's, at the same entries (the repeated lines read once).
    let want = text(&decoded(&one));
    assert_eq!(text(&cached(&rec)), want, "built");
    let cache = cache::cache_path(&rec);
    assert_eq!(cache, d.join("market.contango-cache"));
    let built = identity(&cache);
    assert_eq!(text(&cached(&rec)), want, "read back");
    assert_eq!(identity(&cache), built, "checked, not built again");
    let frames = MarketEvents::open_with_frames(&rec).expect("with frames");
    let frames: Vec<Vec<u8>> = frames.filter_map(|p| p.ok()?.frame).collect();
    assert_eq!(
        frames.len(),
        want.len(),
        "each frame's bytes from the files"
    );

    let second = rec.join("market-T01.jsonl");
    let lines = |path: &Path| std::fs::read_to_string(path).expect("readable");
    let changes: [(&str, Change); 6] = [
        (
            "a file added",
            Box::new(|rec| {
                let header = every_kind().lines().next().unwrap_or_default().to_owned();
                let depth = every_kind().lines().last().unwrap_or_default().to_owned();
                let later = depth.replace(r#""at_us":7000"#, r#""at_us":9000"#);
                std::fs::write(rec.join("market-T02.jsonl"), format!("{header}\n{later}\n"))
                    .expect("written");
            }),
        ),
        (
            "a file edited",
            Box::new(move |_| {
                let edited = lines(&second).replace("30000.0", "30002.0");
                std::fs::write(&second, edited).expect("edited");
            }),
        ),
        (
            "a line appended (its recorder still writing)",
            Box::new(|rec| {
                let path = rec.join("market-T02.jsonl");
                let text = std::fs::read_to_string(&path).expect("readable");
                let last = text.lines().last().unwrap_or_default();
                let next = last.replace(r#""at_us":9000"#, r#""at_us":9500"#);
                std::fs::write(&path, format!("{text}{next}\n")).expect("appended");
            }),
        ),
        (
            "a file cut short",
            Box::new(|rec| {
                let path = rec.join("market-T02.jsonl");
                let text = std::fs::read_to_string(&path).expect("readable");
                std::fs::write(&path, &text[..text.len() - 40]).expect("cut");
            }),
        ),
        (
            "a file removed",
            Box::new(|rec| std::fs::remove_file(rec.join("market-T02.jsonl")).expect("removed")),
        ),
        (
            "a file compressed",
            Box::new(|rec| {
                let plain = rec.join("market-T01.jsonl");
                let gz = gzip(
                    &std::fs::read(&plain).expect("readable"),
                    flate2::Compression::best(),
                );
                std::fs::write(rec.join("market-T01.jsonl.gz"), gz).expect("written");
                std::fs::remove_file(&plain).expect("removed");
            }),
        ),
    ];
    let mut seen = vec![want];
    for (what, change) in changes {
        let before = identity(&cache);
        change(&rec);
        let now = text(&decoded(&rec));
        assert_eq!(text(&cached(&rec)), now, "{what}");
        assert_ne!(identity(&cache), before, "{what}: built again");
        let events = MarketEvents::open(&rec).expect("read back");
        let warnings = events.warnings().to_vec();
        if what == "a file cut short" {
            assert_eq!(warnings.len(), 1, "{warnings:?}");
            assert!(
                warnings[0].contains("market-T02.jsonl: line 3 is cut short"),
                "{warnings:?}"
            );
        } else {
            assert!(warnings.is_empty(), "{what}: {warnings:?}");
        }
        seen.push(now);
    }
    // Each change but the compression changed the events.
    assert!(seen.windows(2).take(5).all(|w| w[0] != w[1]), "{seen:?}");
    assert_eq!(seen[5], seen[6]);
    let left = names(&d);
    assert_eq!(left.len(), 3, "no temporary file left: {left:?}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_damaged_line_in_a_directory_is_refused_with_its_file_and_line() {
    let d = dir("rotated-damaged");
    let rec = rotated(&d);
    let second = rec.join("market-T01.jsonl");
    let text = std::fs::read_to_string(&second).expect("readable");
    let mut lines: Vec<&str> = text.lines().collect();
    let damaged = lines[4].replace(r#""kind":"frame","#, r#""kind":"frame"#);
    lines[4] = &damaged;
    std::fs::write(&second, lines.join("\n")).expect("damaged");
    refused_at(&rec, &second, 5);
    assert!(!cache::cache_path(&rec).exists(), "no cache");
    let _ = std::fs::remove_dir_all(&d);
}
