use serde_json::json;

use super::*;

/// The recording starts at this epoch µs; the exchange's clock is 2.5 s ahead of the local one.
const START_US: i64 = 1_764_000_000_000_000;
const OFFSET_US: i64 = 2_500_000;

/// Builds a version-2 recording line by line.
struct Session(Vec<Value>);

impl Session {
    fn new() -> Session {
        let mut s = Session(vec![json!({
            "contango_recording": 2, "started_us": START_US, "client": "test"
        })]);
        s.line(
            json!({"at_us": 100, "kind": "clock", "offset_us": OFFSET_US, "round_trip_us": 900}),
        );
        s.line(json!({"at_us": 200, "kind": "connect", "conn": 1, "stream": "user", "url": "ws://h/stream"}));
        s.line(json!({"at_us": 300, "kind": "connect", "conn": 2, "stream": "market", "url": "ws://h/kline-api/ws"}));
        s
    }

    fn line(&mut self, v: Value) {
        self.0.push(v);
    }

    /// The exchange's time, in whole ms, of local µs-since-start `at_us`.
    fn exchange_ms(at_us: u64) -> i64 {
        (START_US + i64::try_from(at_us).unwrap_or(0) + OFFSET_US) / 1_000
    }

    fn event(&mut self, arrives_us: u64, at_us: u64, id: i64, client: &str, status: &str) {
        let frame = json!({
            "e": "ORDER_TRADE_UPDATE", "E": Session::exchange_ms(at_us),
            "o": {"s": "E-BTC-USDT", "c": client, "x": "NEW", "X": status, "i": id}
        });
        self.line(json!({"at_us": arrives_us, "kind": "frame", "conn": 1, "dir": "in", "text": frame.to_string()}));
    }

    /// An exchange of `endpoint` sent at `sent_us`, answered at `finished_us`.
    fn http(&mut self, endpoint: &str, sent_us: u64, finished_us: u64, body: Value, answer: Value) {
        self.line(json!({
            "at_us": sent_us, "finished_us": finished_us, "kind": "http", "endpoint": endpoint,
            "method": "POST", "path": "/fapi/v2/x", "body": body.to_string(), "status": 200,
            "response": answer.to_string()
        }));
    }

    fn market(&mut self, arrives_us: u64, made_us: u64) {
        let frame = json!({"channel": "market_e_btcusdt_trade_ticker", "tick": {}, "ts": Session::exchange_ms(made_us)});
        self.line(json!({"at_us": arrives_us, "kind": "frame", "conn": 2, "dir": "in", "gzip": true, "binary": true, "text": frame.to_string()}));
    }

    fn recording(&self) -> Recording {
        let text: String = self.0.iter().map(|l| format!("{l}\n")).collect();
        Recording::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }
}

fn ok(order_id: i64) -> Value {
    json!({"code": "0", "msg": "Success", "data": {"orderId": order_id.to_string()}})
}

/// Orders sent every 100 ms, each reaching the engine 40 ms later and answered 25 ms after
/// that; the one placed with a client order id only is matched by it; each is cancelled
/// (45 ms there, the same 25 back); a frame made every 50 ms arrives 30 ms later.
fn session(cancels_seen: bool) -> Session {
    let mut s = Session::new();
    for i in 0..5u64 {
        let sent = 1_000_000 + i * 100_000;
        let id = 100 + i64::try_from(i).unwrap_or(0);
        let client = format!("ct{i}");
        s.event(sent + 40_000 + 3_000, sent + 40_000, id, &client, "NEW");
        let answer = if i == 3 {
            json!({"code": "0", "msg": "Success", "data": {}})
        } else {
            ok(id)
        };
        s.http(
            "new_order",
            sent,
            sent + 65_000,
            json!({"clientOrderId": client}),
            answer,
        );
        let cancel = sent + 70_000;
        if cancels_seen {
            s.event(
                cancel + 45_000 + 3_000,
                cancel + 45_000,
                id,
                &client,
                "CANCELED",
            );
        }
        s.http(
            "cancel_order",
            cancel,
            cancel + 70_000,
            json!({"orderId": id}),
            ok(id),
        );
    }
    // Refused: no sample, though the order's cancellation is on the stream.
    s.http(
        "cancel_order",
        5_000_000,
        5_001_000,
        json!({"orderId": 100}),
        json!({"code": "-1102", "msg": "unknown order"}),
    );
    for i in 0..10u64 {
        s.market(600_000 + i * 50_000 + 30_000, 600_000 + i * 50_000);
    }
    s
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

#[test]
fn each_leg_is_recovered_on_the_exchange_clock_put_on_the_local_one() {
    let fitted = Latency::fitted(&session(true).recording()).expect("fits");
    let l = &fitted.latency;
    let count = |d: &Delay| match d {
        Delay::Empirical(s) => s.len(),
        Delay::Constant(_) => 0,
    };
    assert_eq!(
        [&l.order_entry, &l.cancel, &l.response, &l.market_data].map(count),
        [5, 5, 10, 10]
    );
    assert_eq!(l.order_entry.median(), ms(40));
    assert_eq!(l.cancel.median(), ms(45));
    assert_eq!(l.response.median(), ms(25));
    assert_eq!(l.market_data.median(), ms(30));
    assert!(!fitted.cancel_from_order_entry);
    assert_eq!(fitted.clock_samples, 1);
    assert_eq!(
        fitted.to_string(),
        "order entry 5 samples, median 40 ms, cancel 5 samples, median 45 ms, response 10 \
         samples, median 25 ms, market data 10 samples, median 30 ms"
    );
}

#[test]
fn without_a_cancel_on_the_stream_the_cancel_leg_is_order_entry() {
    let fitted = Latency::fitted(&session(false).recording()).expect("fits");
    assert!(fitted.cancel_from_order_entry);
    assert_eq!(fitted.latency.cancel, fitted.latency.order_entry);
    assert!(
        fitted
            .to_string()
            .ends_with("(no cancel on the private stream: cancel is order entry's samples)")
    );
}

#[test]
fn the_latest_clock_sample_puts_later_times_on_the_local_clock() {
    // The local clock steps 1 s back before the frames (a clock sample says so): they arrive
    // at the same local times, stamped by an exchange 1 s further ahead.
    let mut lines = session(true).0;
    for line in &mut lines {
        if line["kind"] != "frame" {
            continue;
        }
        let mut frame: Value =
            serde_json::from_str(line["text"].as_str().unwrap_or("")).unwrap_or_default();
        for key in ["ts", "E"] {
            if let Some(ms) = frame[key].as_i64() {
                frame[key] = json!(ms + 1_000);
            }
        }
        line["text"] = Value::String(frame.to_string());
    }
    lines.push(json!({"at_us": 590_000, "kind": "clock", "offset_us": OFFSET_US + 1_000_000}));
    let fitted = Latency::fitted(&Session(lines).recording()).expect("fits");
    let l = &fitted.latency;
    assert_eq!(
        [&l.order_entry, &l.cancel, &l.response, &l.market_data].map(Delay::median),
        [ms(40), ms(45), ms(25), ms(30)]
    );
    assert_eq!(fitted.clock_samples, 2);
}

#[test]
fn a_file_or_a_directory_streamed_fits_the_model_of_the_recording_read_whole() {
    let lines: Vec<String> = session(true).0.iter().map(Value::to_string).collect();
    let dir = std::env::temp_dir().join(format!("contango-fit-path-{}", std::process::id()));
    let rotated = dir.join("rotated");
    let written = std::fs::create_dir_all(&rotated).and_then(|()| {
        // The whole session in one file, and split in two files of one recorder (a rotation).
        std::fs::write(dir.join("session.jsonl"), lines.join("\n") + "\n")?;
        let (first, rest) = lines.split_at(lines.len() / 2);
        std::fs::write(rotated.join("a.jsonl"), first.join("\n") + "\n")?;
        std::fs::write(
            rotated.join("b.jsonl"),
            format!("{}\n{}\n", lines[0], rest.join("\n")),
        )
    });
    let whole = Latency::fitted(&session(true).recording());
    let from_file = Latency::fitted_from_path(dir.join("session.jsonl"));
    let from_dir = Latency::fitted_from_path(&rotated);
    let missing = Latency::from_path(dir.join("missing.jsonl"));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(written.is_ok(), "{written:?}");
    assert!(whole.is_ok(), "{whole:?}");
    assert_eq!(from_file, whole);
    assert_eq!(from_dir, whole);
    assert!(
        matches!(&missing, Err(FitError::Unreadable(e)) if e.line == 0
            && e.file.as_deref().is_some_and(|f| f.ends_with("missing.jsonl"))),
        "{missing:?}"
    );
    // A version-1 recording is refused at its header, before its entries are read.
    let v1 = Recording::parse(b"{\"contango_recording\":1,\"started_ms\":1,\"client\":\"x\"}\n")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Fit::new(&v1.header, None).err(), Some(FitError::Version1));
}

#[test]
fn what_cannot_be_fitted_is_refused_with_the_reason() {
    let v1 = Recording::parse(b"{\"contango_recording\":1,\"started_ms\":1,\"client\":\"x\"}\n")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Latency::from_recording(&v1), Err(FitError::Version1));
    assert!(
        FitError::Version1
            .to_string()
            .contains("only when each request was sent")
    );

    let mut no_clock = session(true);
    no_clock.0.retain(|l| l["kind"] != "clock");
    assert_eq!(
        Latency::from_recording(&no_clock.recording()),
        Err(FitError::NoClockSample)
    );

    let mut no_orders = session(true);
    no_orders.0.retain(|l| l["conn"] != 1);
    let e = Latency::from_recording(&no_orders.recording()).err();
    assert!(
        matches!(
            e,
            Some(FitError::NoSamples {
                leg: Leg::OrderEntry,
                ..
            })
        ),
        "{e:?}"
    );
    assert!(e.is_some_and(|e| {
        e.to_string()
            .starts_with("no order entry sample in the recording: no order placed")
    }));

    let mut no_market = session(true);
    no_market.0.retain(|l| l["conn"] != 2);
    let e = Latency::from_recording(&no_market.recording()).err();
    assert!(
        e.as_ref().is_some_and(|e| e.to_string()
            == "no market data sample in the recording: no market-stream frame with an \
                exchange time (`ts`): record the market stream"),
        "{e:?}"
    );
}
