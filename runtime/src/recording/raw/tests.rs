use super::*;
use crate::recording::Recording;

const HEADER: &str =
    r#"{"contango_recording":3,"started_us":1764000000000123,"client":"contango/0.1.0"}"#;

fn every_kind() -> Vec<Recorded> {
    vec![
        Recorded::Http(Exchange {
            endpoint: "depth".into(),
            method: "GET".into(),
            path: "/fapi/v1/depth".into(),
            query: "contractName=E-BTC-USDT&limit=5".into(),
            body: None,
            generated: Vec::new(),
            outcome: Outcome::Answer(Answer {
                status: 200,
                content_type: Some("application/json".into()),
                retry_after: None,
                body: Payload::Text(r#"{"bids":[[29990,100]],"asks":[]}"#.into()),
            }),
            finished_us: Some(1_500),
        }),
        Recorded::Http(Exchange {
            endpoint: "new_order".into(),
            method: "POST".into(),
            path: "/fapi/v2/order".into(),
            query: String::new(),
            body: Some(r#"{"clientOrderId":"ct1"}"#.into()),
            generated: vec!["clientOrderId".into()],
            outcome: Outcome::Failed("new_order: timed out".into()),
            finished_us: Some(10_001_001),
        }),
        Recorded::Http(Exchange {
            endpoint: "ping".into(),
            method: "GET".into(),
            path: "/fapi/v1/ping".into(),
            query: String::new(),
            body: None,
            generated: Vec::new(),
            outcome: Outcome::Answer(Answer {
                status: 503,
                content_type: None,
                retry_after: Some("2".into()),
                body: Payload::Bytes(vec![0xff, 0x00]),
            }),
            finished_us: Some(2_500),
        }),
        Recorded::Connect {
            conn: 1,
            stream: "market".into(),
            url: "ws://127.0.0.1:1/kline-api/ws".into(),
        },
        Recorded::Frame(Frame {
            conn: 1,
            dir: Direction::In,
            binary: true,
            gzip: true,
            payload: Payload::Text(r#"{"ping":1}"#.into()),
        }),
        Recorded::Frame(Frame {
            conn: 1,
            dir: Direction::Out,
            binary: false,
            gzip: false,
            payload: Payload::Text(r#"{"pong":1}"#.into()),
        }),
        Recorded::Close {
            conn: 1,
            by: ClosedBy::Server,
            code: Some(1000),
            reason: "bye".into(),
        },
        Recorded::Lost { count: 12 },
        Recorded::Clock {
            offset_us: -2_345,
            round_trip_us: Some(812),
        },
        Recorded::Clock {
            offset_us: 7,
            round_trip_us: None,
        },
        Recorded::Gap {
            stream: "market".into(),
            from_us: 4_000,
            to_us: 9_000,
            reason: "closed by the server (1001 closed)".into(),
            channels: vec!["market_e_btcusdt_depth_step0".into()],
        },
        Recorded::Gap {
            stream: "user".into(),
            from_us: 9_500,
            to_us: 9_500,
            reason: "silent for 30000ms".into(),
            channels: Vec::new(),
        },
    ]
}

/// Version 3's tool calls: one answered, one refused.
fn tool_calls() -> Vec<Recorded> {
    vec![
        Recorded::Tool(ToolCall {
            name: "new_order".into(),
            arguments: r#"{"contractName":"E-BTC-USDT","side":"BUY","volume":"1"}"#.into(),
            result: Some(r#"{"orderId":"1690000000000000062"}"#.into()),
            error: None,
        }),
        Recorded::Tool(ToolCall {
            name: "new_order".into(),
            arguments: "{}".into(),
            result: None,
            error: Some(r#"{"error":"invalid_argument","field":"side"}"#.into()),
        }),
    ]
}

/// Line `i` is at `i` ms plus `i` µs: every line's time keeps its microseconds.
fn at_us(i: usize) -> u64 {
    i as u64 * 1_001
}

fn write(recorded: &[Recorded]) -> String {
    let mut text = format!("{HEADER}\n");
    for (i, r) in recorded.iter().enumerate() {
        let raw = Raw::of(at_us(i), r.clone());
        text.push_str(&serde_json::to_string(&raw).expect("a line"));
        text.push('\n');
    }
    text
}

#[test]
fn every_kind_of_line_reads_back_as_written() {
    let mut recorded = every_kind();
    recorded.extend(tool_calls());
    let text = write(&recorded);
    let read = Recording::parse(text.as_bytes()).expect("reads");
    assert_eq!(read.version(), VERSION);
    assert_eq!(read.header.started_us, 1_764_000_000_000_123);
    assert_eq!(read.header.started_ms, 1_764_000_000_000);
    let back: Vec<Recorded> = read.entries.iter().map(|e| e.recorded.clone()).collect();
    assert_eq!(back, recorded);
    assert_eq!(
        read.entries.iter().map(|e| e.line).collect::<Vec<_>>(),
        (2..=15).collect::<Vec<_>>()
    );
    for (i, e) in read.entries.iter().enumerate() {
        assert_eq!((e.at_us, e.at_ms), (at_us(i), at_us(i) / 1_000));
    }
    // The new kinds as a person reads them.
    for line in [
        r#"{"at_us":1001,"finished_us":10001001,"kind":"http","endpoint":"new_order""#,
        r#"{"at_us":8008,"kind":"clock","offset_us":-2345,"round_trip_us":812}"#,
        r#"{"at_us":9009,"kind":"clock","offset_us":7}"#,
        r#"{"at_us":10010,"kind":"gap","stream":"market","reason":"closed by the server (1001 closed)","from_us":4000,"to_us":9000,"channels":["market_e_btcusdt_depth_step0"]}"#,
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
}

/// A version-1 file as the first recorders wrote it: millisecond times, an exchange's only
/// when it was sent.
const V1: &str = r#"{"contango_recording":1,"started_ms":1764000000000,"client":"contango/0.1.0"}
{"at":5,"kind":"http","endpoint":"depth","method":"GET","path":"/fapi/v1/depth","query":"contractName=E-BTC-USDT","status":200,"response":"{}"}
{"at":8,"kind":"connect","conn":1,"stream":"market","url":"ws://h/kline-api/ws"}
{"at":11,"kind":"frame","conn":1,"dir":"in","binary":true,"gzip":true,"text":"{\"ping\":1}"}
{"at":19,"kind":"close","conn":1,"by":"client"}
{"at":20,"kind":"lost","count":3}
"#;

#[test]
fn a_version_1_recording_reads_with_its_millisecond_times() {
    let read = Recording::parse(V1.as_bytes()).expect("reads");
    assert_eq!(read.version(), VERSION_1);
    assert_eq!(read.header.started_us, 1_764_000_000_000_000);
    assert_eq!(read.header.started_ms, 1_764_000_000_000);
    let times: Vec<(u64, u64)> = read.entries.iter().map(|e| (e.at_ms, e.at_us)).collect();
    assert_eq!(
        times,
        [
            (5, 5_000),
            (8, 8_000),
            (11, 11_000),
            (19, 19_000),
            (20, 20_000)
        ]
    );
    let Recorded::Http(x) = &read.entries[0].recorded else {
        panic!("an exchange first");
    };
    assert_eq!(
        (x.to_string().as_str(), x.finished_us),
        ("GET /fapi/v1/depth?contractName=E-BTC-USDT", None)
    );
    // What version 2 added is refused in a file that says it is version 1, and the other way.
    let line = |l: &str| format!("{}\n{l}\n", V1.lines().next().unwrap_or_default());
    let e = refused(&line(r#"{"at":1,"kind":"clock","offset_us":3}"#));
    assert_eq!(
        (e.line, e.message.as_str()),
        (2, "a clock line needs format version 2 (the header says 1)")
    );
    let e = refused(&line(r#"{"at_us":1,"kind":"lost","count":1}"#));
    assert!(e.message.starts_with("`at_us` is a version-2 key"), "{e}");
    let e = refused(&format!(
        "{HEADER}\n{}\n",
        V1.lines().nth(2).unwrap_or_default()
    ));
    assert!(e.message.starts_with("`at` is version 1's"), "{e}");
}

fn refused(text: &str) -> RecordingError {
    Recording::parse(text.as_bytes()).expect_err("refused")
}

#[test]
fn a_damaged_recording_is_refused_with_its_line() {
    let good = write(&every_kind());
    // A line cut short, then more lines: damage, not a kill.
    let cut = &good[..good.len() - 20];
    let e = refused(&format!(
        "{cut}\n{}",
        good.lines().nth(1).unwrap_or_default()
    ));
    assert_eq!(e.line, 13, "{e}");
    assert!(
        e.to_string().starts_with("line 13: EOF while parsing"),
        "{e}"
    );
    // A last line that is not the start of one.
    let e = refused(&format!("{good}garbage"));
    assert_eq!(e.line, 14, "{e}");
    // Not JSON at all.
    let e = refused(&good.replacen(r#"{"at_us":3003,"#, "{at_us:3003,", 1));
    assert_eq!(e.line, 5, "{e}");
    // A key that is not the format's (a typo in a hand edit).
    let e = refused(&good.replacen(r#""status":503"#, r#""stauts":503"#, 1));
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("unknown field `stauts`"), "{e}");
    // A line of the right shape missing what its kind needs.
    let e = refused(&good.replacen(r#""dir":"out","#, "", 1));
    assert_eq!(
        (e.line, e.message.as_str()),
        (7, "a frame line needs `dir`")
    );
    let e = refused(&good.replacen(r#","count":12"#, "", 1));
    assert_eq!(
        (e.line, e.message.as_str()),
        (9, "a lost line needs `count`")
    );
    let e = refused(&good.replacen(r#""status":200"#, r#""status":700"#, 1));
    assert_eq!(
        (e.line, e.message.as_str()),
        (2, "`status` 700 is not an HTTP status")
    );
    let e = refused(&good.replacen(r#""finished_us":1500,"#, "", 1));
    assert_eq!(
        (e.line, e.message.as_str()),
        (2, "an http line needs `finished_us`")
    );
    let e = refused(&good.replacen(r#""finished_us":2500,"#, r#""finished_us":1,"#, 1));
    assert_eq!(
        (e.line, e.message.as_str()),
        (4, "`finished_us` 1 is before the sending (`at_us` 2002)")
    );
    let e = refused(&good.replacen(r#","offset_us":7"#, "", 1));
    assert_eq!(
        (e.line, e.message.as_str()),
        (11, "a clock line needs `offset_us`")
    );
    let e = refused(&good.replacen(r#""to_us":9000"#, r#""to_us":3000"#, 1));
    assert_eq!(
        (e.line, e.message.as_str()),
        (
            12,
            "a gap ends (`to_us` 3000) before it starts (`from_us` 4000)"
        )
    );
    let e = refused(&good.replacen(r#""stream":"user","#, "", 1));
    assert_eq!(
        (e.line, e.message.as_str()),
        (13, "a gap line needs `stream`")
    );
    let e = refused(&good.replacen(r#"{"at_us":0,"#, "{", 1));
    assert_eq!((e.line, e.message.as_str()), (2, "a line needs `at_us`"));
}

#[test]
fn a_file_cut_short_reads_up_to_its_last_whole_line_with_a_warning() {
    let good = write(&every_kind());
    let whole = Recording::parse(good.as_bytes()).expect("reads");
    assert!(whole.warnings.is_empty());
    // Cut anywhere inside the last line, a character included: the lines before it.
    let last = good.trim_end().rfind('\n').unwrap_or_default() + 1;
    let accented = good.replace("silent for", "muet (é) for");
    let inside = accented.rfind('é').unwrap_or_default() + 1;
    for cut in [
        &good.as_bytes()[..good.len() - 20],
        &good.as_bytes()[..last + 1],
        &accented.as_bytes()[..inside],
    ] {
        let read = Recording::parse(cut).expect("reads up to the cut");
        assert_eq!(read.entries.len(), whole.entries.len() - 1);
        assert_eq!(read.entries[..], whole.entries[..11]);
        assert_eq!(
            read.warnings,
            [
                "line 13 is cut short (the file ends inside it, as a killed recorder \
                 leaves it): read up to line 12"
            ]
        );
    }
    // A last line whole but for its newline is a line; a cut at a line's end, no cut.
    for whole_lines in [good.trim_end(), &good[..last]] {
        let read = Recording::parse(whole_lines.as_bytes()).expect("reads");
        assert!(read.warnings.is_empty(), "{:?}", read.warnings);
    }
    // The header alone, cut: nothing to read.
    let e = refused(&HEADER[..30]);
    assert_eq!(
        (e.line, e.message.as_str()),
        (1, "the header line is cut short")
    );
}

#[test]
fn another_version_or_another_file_is_refused_at_the_header() {
    let e = refused(&write(&[]).replace(r#""contango_recording":3"#, r#""contango_recording":4"#));
    assert_eq!(e.line, 1);
    assert_eq!(
        e.message,
        "format version 4; this contango reads versions 1 to 3 (a newer contango wrote it?)"
    );
    // Each version's header keys are its own.
    let e = refused(&write(&[]).replace("started_us", "started_ms"));
    assert!(
        e.message
            .starts_with("bad header: unknown field `started_ms`"),
        "{e}"
    );
    let e = refused(&V1.replace("started_ms", "started_us"));
    assert!(
        e.message
            .starts_with("bad header: unknown field `started_us`"),
        "{e}"
    );
    let e = refused("\n\n{\"hello\":1}\n");
    assert_eq!(e.line, 3);
    assert!(e.message.contains("not a contango recording"), "{e}");
    assert_eq!(refused("").line, 1);
    let e = refused("{\"contango_recording\":1,\"started_ms\":1,\"client\":\"x\"}\n\u{0}\u{ff}");
    assert_eq!(e.line, 2, "{e}");
}

#[test]
fn a_file_error_names_the_file() {
    let e = Recording::from_file("/nonexistent/contango.jsonl").expect_err("no file");
    assert!(
        e.to_string()
            .starts_with("/nonexistent/contango.jsonl: cannot read"),
        "{e}"
    );
}

/// A file of version 2 reads as it is, and only a version-3 file has tool calls; a tool line
/// holds its outcome, one of the two.
#[test]
fn tool_lines_need_version_3_and_one_outcome() {
    let (earlier, tools) = (every_kind(), tool_calls());
    let v2 =
        |text: String| text.replacen(r#""contango_recording":3"#, r#""contango_recording":2"#, 1);
    let read = Recording::parse(v2(write(&earlier)).as_bytes()).expect("a version-2 file reads");
    assert_eq!(read.version(), VERSION_2);
    assert_eq!(read.entries.len(), earlier.len());
    let e = refused(&v2(write(&tools)));
    assert_eq!(e.line, 2);
    assert!(
        e.message
            .contains("a tool line needs format version 3 (the header says 2)"),
        "{e}"
    );
    let both = write(&tools[..1]).replace(r#""result":"#, r#""error":"no","result":"#);
    let e = refused(&both);
    assert!(
        e.message.contains("`result` or `error`, one of them"),
        "{e}"
    );
    let neither =
        write(&tools[..1]).replace(r#","result":"{\"orderId\":\"1690000000000000062\"}""#, "");
    let e = refused(&neither);
    assert!(
        e.message.contains("`result` or `error`, one of them"),
        "{e}"
    );
}
