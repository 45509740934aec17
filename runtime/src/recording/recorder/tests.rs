use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

use super::*;
use crate::recording::msg::{ENTRY_OVERHEAD, HttpAnswer};
use crate::recording::{Recorded, Recording};

/// A sink that stalls while it is closed, as a slow disk does: its writes and flushes wait,
/// and it counts who waits.
#[derive(Clone, Default)]
struct Stalling(Arc<(Mutex<Gate>, Condvar)>);

#[derive(Default)]
struct Gate {
    closed: bool,
    waiting: usize,
    out: Vec<u8>,
}

impl Stalling {
    fn set_closed(&self, closed: bool) {
        let (gate, turn) = &*self.0;
        gate.lock().unwrap().closed = closed;
        turn.notify_all();
    }

    fn open(&self) -> MutexGuard<'_, Gate> {
        let (gate, turn) = &*self.0;
        let mut g = gate.lock().unwrap();
        g.waiting += 1;
        while g.closed {
            g = turn.wait(g).unwrap();
        }
        g.waiting -= 1;
        g
    }

    /// Whether the writer thread comes to wait on the closed sink (within 5 s).
    fn holds_the_writer(&self) -> bool {
        (0..500).any(|_| {
            std::thread::sleep(Duration::from_millis(10));
            self.0.0.lock().unwrap().waiting > 0
        })
    }

    fn text(&self) -> String {
        String::from_utf8(self.0.0.lock().unwrap().out.clone()).unwrap()
    }
}

impl Write for Stalling {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.open().out.extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        drop(self.open());
        Ok(())
    }
}

#[tokio::test]
async fn a_stalled_disk_bounds_the_queue_and_what_is_left_out_is_counted_marked_and_reported() {
    let sink = Stalling::default();
    let frame = Bytes::from(vec![b'x'; 1000]);
    let size = ENTRY_OVERHEAD + frame.len();
    let recorder = Recorder::to_writer(sink.clone())
        .unwrap()
        .max_queued_bytes(10 * size);
    let conn = recorder.connect("market", "ws://127.0.0.1:1/kline-api/ws");
    recorder.flush().await.unwrap();
    sink.set_closed(true);
    assert!(sink.holds_the_writer());

    // Nothing is written now: ten frames wait, the other ninety are left out, and no call
    // waits for the disk (else this would never return).
    for _ in 0..100 {
        recorder.frame(conn, Direction::In, false, frame.clone());
    }
    assert_eq!(recorder.inner.queued.load(Ordering::Acquire), 10 * size);
    assert_eq!(recorder.lost(), 90);

    // The disk catches up: the recording says it is incomplete, now and from then on.
    sink.set_closed(false);
    let e = recorder.flush().await.unwrap_err();
    assert!(
        e.to_string()
            .starts_with("90 exchanges and frames were left out"),
        "{e}"
    );
    assert_eq!(recorder.inner.queued.load(Ordering::Acquire), 0);
    recorder.frame(conn, Direction::In, false, Bytes::from_static(b"after"));
    assert!(recorder.flush().await.is_err());
    assert_eq!(recorder.lost(), 90);

    // The file marks the loss where it happened, between what was kept.
    let recording = Recording::parse(sink.text().as_bytes()).unwrap();
    let lines: Vec<String> = recording
        .entries
        .iter()
        .map(|e| match &e.recorded {
            Recorded::Connect { .. } => "connect".to_owned(),
            Recorded::Frame(f) => format!("frame {}", f.payload.as_bytes().len()),
            Recorded::Lost { count } => format!("lost {count}"),
            other => panic!("{other:?}"),
        })
        .collect();
    let mut expected = vec!["connect".to_owned()];
    expected.extend(std::iter::repeat_n("frame 1000".to_owned(), 10));
    expected.extend(["lost 90".to_owned(), "frame 5".to_owned()]);
    assert_eq!(lines, expected);
}

#[tokio::test]
async fn an_exchange_keeps_both_its_times_and_clock_samples_and_gaps_are_lines() {
    let sink = Stalling::default();
    let recorder = Recorder::to_writer(sink.clone()).unwrap();
    recorder.client(None, &["listenKey"]);
    let conn = recorder.connect("user", "ws://127.0.0.1:1/stream?listenKey=abcdef0123456789");
    let lost_at = Instant::now();
    recorder.clock(-1_500, Some(800));
    let url = url::Url::parse("http://127.0.0.1:1/fapi/v1/ping").unwrap();
    let tap = recorder.http_tap("ping", "GET", &url, None, Vec::new(), None);
    std::thread::sleep(Duration::from_millis(3));
    tap.finish(Ok(HttpAnswer {
        status: 200,
        content_type: None,
        retry_after: None,
        body: Bytes::from_static(b"{}"),
    }));
    recorder.gap(
        "user",
        lost_at,
        Instant::now(),
        "closed by the server (1000 listen key abcdef0123456789 expired)".into(),
        vec!["user_account_update".into()],
    );
    recorder.close(conn, ClosedBy::Client, None, String::new());
    recorder.flush().await.unwrap();

    let text = sink.text();
    assert!(!text.contains("abcdef0123456789"), "{text}");
    let recording = Recording::parse(text.as_bytes()).unwrap();
    assert_eq!(recording.version(), super::VERSION);
    let started = recording.header.started_us;
    assert!(
        (started - crate::http::clock::local_us()).abs() < 60_000_000,
        "{started}"
    );
    let [connect, clock, http, gap, close] = &recording.entries[..] else {
        panic!("{text}");
    };
    assert!(matches!(connect.recorded, Recorded::Connect { .. }));
    assert_eq!(
        clock.recorded,
        Recorded::Clock {
            offset_us: -1_500,
            round_trip_us: Some(800)
        }
    );
    let Recorded::Http(x) = &http.recorded else {
        panic!("{text}");
    };
    let finished = x.finished_us.unwrap();
    assert!(
        finished >= http.at_us + 3_000,
        "sent {} finished {finished}",
        http.at_us
    );
    let Recorded::Gap {
        stream,
        from_us,
        to_us,
        reason,
        channels,
    } = &gap.recorded
    else {
        panic!("{text}");
    };
    assert_eq!(stream, "user");
    assert!(
        *from_us <= clock.at_us && *to_us >= finished,
        "{from_us}..{to_us}"
    );
    assert_eq!(
        reason,
        "closed by the server (1000 listen key <listen-key-1> expired)"
    );
    assert_eq!(channels, &["user_account_update"]);
    assert!(close.at_us >= gap.at_us);
}

#[tokio::test]
async fn a_recorder_on_a_given_clock_stamps_the_start_and_every_line_with_it() {
    use std::sync::atomic::AtomicI64;
    // A clock of its own, moved by hand: no time in the file is the wall's.
    const START: i64 = 1_790_000_000_000_000;
    let now = Arc::new(AtomicI64::new(START));
    let clock = Arc::clone(&now);
    let sink = Stalling::default();
    let recorder =
        Recorder::to_writer_with_clock(sink.clone(), move || clock.load(Ordering::Acquire))
            .unwrap();
    recorder.client(None, &[]);
    let conn = recorder.connect("market", "ws://127.0.0.1:1/kline-api/ws");
    // The client's sample is against the wall: not this recording's.
    recorder.client_clock(-1_500, Some(800));
    recorder.clock(0, None);
    now.store(START + 5_000, Ordering::Release);
    recorder.frame(conn, Direction::In, false, &b"{\"ts\":1}"[..]);
    now.store(START + 7_000, Ordering::Release);
    let url = url::Url::parse("http://127.0.0.1:1/fapi/v1/ping").unwrap();
    let tap = recorder.http_tap("ping", "GET", &url, None, Vec::new(), None);
    now.store(START + 27_250, Ordering::Release);
    std::thread::sleep(Duration::from_millis(3));
    tap.finish(Ok(HttpAnswer {
        status: 200,
        content_type: None,
        retry_after: None,
        body: Bytes::from_static(b"{}"),
    }));
    recorder.flush().await.unwrap();

    let recording = Recording::parse(sink.text().as_bytes()).unwrap();
    assert_eq!(recording.header.started_us, START);
    let lines: Vec<(u64, Option<u64>, &str)> = recording
        .entries
        .iter()
        .map(|e| match &e.recorded {
            Recorded::Connect { .. } => (e.at_us, None, "connect"),
            Recorded::Clock {
                offset_us: 0,
                round_trip_us: None,
            } => (e.at_us, None, "clock 0"),
            Recorded::Frame(_) => (e.at_us, None, "frame"),
            Recorded::Http(x) => (e.at_us, x.finished_us, "http"),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        lines,
        [
            (0, None, "connect"),
            (0, None, "clock 0"),
            (5_000, None, "frame"),
            (7_000, Some(27_250), "http")
        ]
    );
}

#[tokio::test]
async fn an_entry_larger_than_the_bound_is_kept_when_nothing_waits() {
    let sink = Stalling::default();
    let recorder = Recorder::to_writer(sink.clone())
        .unwrap()
        .max_queued_bytes(100);
    let conn = recorder.connect("user", "ws://127.0.0.1:1/stream");
    recorder.frame(conn, Direction::In, false, Bytes::from(vec![b'y'; 4096]));
    recorder.flush().await.unwrap();
    assert_eq!(recorder.lost(), 0);
    assert!(sink.text().contains(&"y".repeat(4096)));
}

/// A tool call is a line of its own, never left out, and the secrets of the clients recorded
/// are taken out of its arguments and its outcome as out of an exchange.
#[tokio::test]
async fn a_tool_call_is_a_line_without_the_clients_secrets() {
    let sink = Stalling::default();
    let recorder = Recorder::to_writer(sink.clone())
        .unwrap()
        .max_queued_bytes(1);
    let credentials = Credentials::new("key-0123456789abcdef", "secret-0123456789abcdef");
    recorder.client(Some(&credentials), &[]);
    recorder.tool(
        "new_order",
        r#"{"side":"BUY","note":"key-0123456789abcdef"}"#,
        Ok(r#"{"orderId":"7"}"#),
    );
    recorder.tool(
        "transfer",
        "{}",
        Err(r#"{"error":"refused","message":"secret-0123456789abcdef"}"#),
    );
    recorder.flush().await.unwrap();
    let text = sink.text();
    assert!(
        !text.contains("0123456789abcdef"),
        "a secret is in the recording: {text}"
    );
    let recording = Recording::parse(text.as_bytes()).unwrap();
    let calls: Vec<&ToolCall> = recording
        .entries
        .iter()
        .filter_map(|e| match &e.recorded {
            Recorded::Tool(call) => Some(call),
            _ => None,
        })
        .collect();
    let [order, transfer] = calls[..] else {
        panic!("{text}");
    };
    assert_eq!(order.name, "new_order");
    assert_eq!(order.arguments, r#"{"side":"BUY","note":"<api-key>"}"#);
    assert_eq!(order.result.as_deref(), Some(r#"{"orderId":"7"}"#));
    assert_eq!(
        transfer.error.as_deref(),
        Some(r#"{"error":"refused","message":"<secret>"}"#)
    );
}
