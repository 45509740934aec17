//! The recorder: a handle the request path and the streams hand what they already have (bytes,
//! shared buffers), and a writer thread (`writer`) that redacts, inflates, formats and writes
//! it, so the request path never waits on a file.
//!
//! What waits for the writer is bounded ([`Recorder::max_queued_bytes`]): a trading program
//! must not slow down, nor grow without limit, because a disk is slow. Past the bound an
//! exchange or frame is left out, never silently: it is counted ([`Recorder::lost`]), logged,
//! marked in the file where it was lost (a `lost` line with the count), and every later
//! [`Recorder::flush`] says the recording is incomplete.
//!
//! A recorder writes one file, or rotating files in a directory ([`Recorder::rotating`]: a file
//! per UTC hour or day, each closed one compressed; `rotate`), for a recording that runs for
//! weeks. A new file starts with what a reader of it alone needs from before it: the
//! connections still open and the last clock sample, repeated as they were written.

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use bytes::Bytes;
use zeroize::Zeroizing;

#[cfg(feature = "streams")]
use super::line::{ClosedBy, Direction};
use super::line::{RawHeader, VERSION};
use super::rotate::{Rotating, Rotation};
use super::writer::Writer;
use crate::http::credentials::Credentials;
use crate::wire::encode::PathParam;

/// How often the writer looks at its queue (and so how far the file may lag behind).
pub(super) const TICK: std::time::Duration = std::time::Duration::from_millis(10);

/// How many generated values (client order ids) the writer remembers: enough for every order in
/// flight, bounded whatever the session does.
pub(super) const GENERATED_KEPT: usize = 4096;

/// The default bound of what may wait for the writer: 64 MiB of exchanges and frames, about a
/// minute of the heaviest market stream, far more than a healthy disk ever lets build up.
pub const DEFAULT_MAX_QUEUED_BYTES: usize = 64 << 20;

/// What an exchange or a frame is counted as besides its bytes (its fields, the queue's node).
const ENTRY_OVERHEAD: usize = 128;

/// Records a session: every HTTP exchange and every stream frame of the clients built with it,
/// in order, to one JSON-lines file (docs/recordings.md). Secrets never
/// reach the file: no request headers are kept (so no API key, signature or timestamp), and
/// listen keys, the API key and the secret are replaced by placeholders wherever they appear.
///
/// Cheap to clone; clones write to the same file. Writing happens on a thread of its own: call
/// [`Recorder::flush`] to wait until everything handed to it so far is in the file. Times are
/// the wall's, or a clock's given at creation ([`Recorder::create_with_clock`]).
///
/// The request path never waits for the writer. What waits for it is bounded
/// ([`Recorder::max_queued_bytes`], [`DEFAULT_MAX_QUEUED_BYTES`] by default); an exchange or
/// frame that would pass the bound is left out and counted ([`Recorder::lost`]), the file gets a
/// `lost` line with the count where it happened, and [`Recorder::flush`] fails from then on, so
/// an incomplete recording never passes for a whole one.
#[derive(Clone)]
pub struct Recorder {
    inner: Arc<Inner>,
}

struct Inner {
    tx: mpsc::Sender<Msg>,
    clock: Arc<Clock>,
    #[cfg(feature = "streams")]
    next_conn: AtomicU64,
    path: Option<PathBuf>,
    /// The bound of `queued`, in bytes.
    limit: AtomicUsize,
    /// Bytes of exchanges and frames handed to the writer and not written yet (the writer
    /// takes off what it has written).
    queued: Arc<AtomicUsize>,
    /// Exchanges and frames left out, in all.
    lost: AtomicU64,
    /// Of those, the ones no `lost` line counts yet.
    unreported: AtomicU64,
    /// The writer's first error, after which it writes nothing.
    failure: Arc<OnceLock<String>>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        // The last handle: what was lost since the last line says so.
        let count = self.unreported.swap(0, Ordering::AcqRel);
        if count > 0 {
            let at = self.clock.at_us();
            let _ = self.tx.send(Msg::Lost { at, count });
        }
    }
}

/// Where a recorder writes.
enum Out {
    /// One file, or any writer.
    Writer(Box<dyn Write + Send>),
    /// Rotating files in a directory.
    Rotating {
        dir: PathBuf,
        prefix: String,
        rotation: Rotation,
    },
}

/// What a recording's times are read from.
enum Clock {
    /// The wall: each line counts from the start's instant, steady whatever the system clock
    /// does.
    Wall(Instant),
    /// A clock given at creation (epoch µs), and its reading at the start.
    Given {
        read: Arc<dyn Fn() -> i64 + Send + Sync>,
        started_us: i64,
    },
}

impl Clock {
    /// Microseconds since the start (zero for a given clock read before it).
    fn at_us(&self) -> u64 {
        match self {
            Clock::Wall(started) => micros(started.elapsed()),
            Clock::Given { read, started_us } => {
                u64::try_from(read().saturating_sub(*started_us)).unwrap_or(0)
            }
        }
    }
}

impl fmt::Debug for Recorder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Recorder")
            .field("path", &self.inner.path)
            .finish_non_exhaustive()
    }
}

/// What the request path and the streams hand the writer.
pub(crate) enum Msg {
    /// Secrets to replace from now on, and the names of listen-key parameters and fields.
    Secrets {
        known: Vec<(Zeroizing<String>, &'static str)>,
        fields: &'static [&'static str],
    },
    /// A value the client generated (a client order id) for the next exchanges.
    Generated(String),
    Http(Box<HttpMsg>),
    #[cfg(feature = "streams")]
    Connect {
        at: u64,
        conn: u64,
        stream: &'static str,
        url: String,
    },
    #[cfg(feature = "streams")]
    Frame {
        at: u64,
        conn: u64,
        dir: Direction,
        binary: bool,
        bytes: Bytes,
    },
    #[cfg(feature = "streams")]
    Close {
        at: u64,
        conn: u64,
        by: ClosedBy,
        code: Option<u16>,
        reason: String,
    },
    /// `count` exchanges and frames were left out here (the writer was too far behind).
    Lost {
        at: u64,
        count: u64,
    },
    /// The client measured its clock's offset to the exchange's.
    Clock {
        at: u64,
        offset_us: i64,
        round_trip_us: Option<u64>,
    },
    /// A stream was blind from `from_us` to `to_us`.
    #[cfg(feature = "streams")]
    Gap {
        at: u64,
        stream: &'static str,
        from_us: u64,
        to_us: u64,
        reason: String,
        channels: Vec<String>,
    },
    /// Write everything so far; `lost` exchanges and frames were left out in all.
    Flush {
        reply: tokio::sync::oneshot::Sender<io::Result<()>>,
        lost: u64,
    },
    /// As `Flush`, then close the file (compressed, when rotating) and write nothing more.
    Finish {
        reply: tokio::sync::oneshot::Sender<io::Result<()>>,
        lost: u64,
    },
}

impl Msg {
    /// What an exchange or a frame counts against the bound while it waits for the writer;
    /// `None` for the rest, which always goes through: secrets (so that redaction never misses
    /// one), connections opened and closed (so that every frame in the file has its
    /// connection), `lost`, `clock` and `gap` lines and flushes, all small and few.
    pub(super) fn queued_size(&self) -> Option<usize> {
        match self {
            Msg::Http(x) => {
                let answer = x
                    .outcome
                    .as_ref()
                    .map_or_else(String::len, |a| a.body.len());
                let body = x.body.as_ref().map_or(0, Bytes::len);
                Some(ENTRY_OVERHEAD + x.path.len() + x.query.len() + body + answer)
            }
            #[cfg(feature = "streams")]
            Msg::Frame { bytes, .. } => Some(ENTRY_OVERHEAD + bytes.len()),
            _ => None,
        }
    }
}

/// One HTTP exchange as the request path has it; times in microseconds since the start.
pub(crate) struct HttpMsg {
    /// When the request was sent.
    pub at: u64,
    /// When the answer had arrived whole, or the exchange failed.
    pub finished: u64,
    pub endpoint: &'static str,
    pub method: &'static str,
    pub path: String,
    pub query: String,
    pub body: Option<Bytes>,
    pub params: Vec<PathParam>,
    /// The signature sent, replaced should the server echo it.
    pub signature: Option<String>,
    pub outcome: Result<HttpAnswer, String>,
}

pub(crate) struct HttpAnswer {
    pub status: u16,
    pub content_type: Option<String>,
    pub retry_after: Option<String>,
    pub body: Bytes,
}

impl Recorder {
    /// Records to a new file at `path` (an existing one is replaced), writing its header line at
    /// once so that an unwritable path fails here.
    pub fn create(path: impl AsRef<Path>) -> io::Result<Recorder> {
        let path = path.as_ref();
        let file = std::fs::File::create(path).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot create {}: {e}", path.display()))
        })?;
        Recorder::start(Out::Writer(Box::new(file)), Some(path.to_path_buf()), None)
    }

    /// Records to `out` (a file, a buffer shared with a test).
    pub fn to_writer(out: impl Write + Send + 'static) -> io::Result<Recorder> {
        Recorder::start(Out::Writer(Box::new(out)), None, None)
    }

    /// Records to rotating files in `dir` (created if missing): a new file at each period of
    /// `rotation` (UTC hours or days), named by it (`PREFIX-2026-11-27T13.jsonl`) so that names
    /// sort by time, each closed file compressed (`.jsonl.gz`) off the writer's thread, the
    /// open one plain. Every file has the session's header, and starts with the connections
    /// still open and the last clock sample, so that it reads on its own as well as with the
    /// others (`Recording::from_dir` joins them into one session). A name already taken is
    /// never overwritten: `_2`, `_3`, ... are added.
    ///
    /// [`Recorder::finish`] closes and compresses the open file and waits for the compression;
    /// dropping every handle does the same without waiting.
    pub fn rotating(
        dir: impl AsRef<Path>,
        prefix: &str,
        rotation: Rotation,
    ) -> io::Result<Recorder> {
        let out = Out::Rotating {
            dir: dir.as_ref().to_path_buf(),
            prefix: prefix.to_owned(),
            rotation,
        };
        Recorder::start(out, Some(dir.as_ref().to_path_buf()), None)
    }

    /// [`Recorder::rotating`] on a clock given as for [`Recorder::create_with_clock`]: lines are
    /// stamped with it, and files rotate by it.
    pub fn rotating_with_clock(
        dir: impl AsRef<Path>,
        prefix: &str,
        rotation: Rotation,
        clock: impl Fn() -> i64 + Send + Sync + 'static,
    ) -> io::Result<Recorder> {
        let out = Out::Rotating {
            dir: dir.as_ref().to_path_buf(),
            prefix: prefix.to_owned(),
            rotation,
        };
        Recorder::start(out, Some(dir.as_ref().to_path_buf()), Some(Arc::new(clock)))
    }

    /// Records to a new file at `path`, as [`Recorder::create`], with every time read from
    /// `clock` (epoch microseconds) instead of the wall: the header's start and each line's
    /// time. For a program whose time is not the wall's, such as a backtest in event time, so
    /// that its recording reads as the session would have been recorded live. Clients record
    /// no clock sample of their own to it (they measure the exchange against the wall): whoever
    /// chose the clock says how it relates to the exchange's ([`Recorder::clock`]). The clock is
    /// read on the request path, so it must be cheap (an atomic load).
    pub fn create_with_clock(
        path: impl AsRef<Path>,
        clock: impl Fn() -> i64 + Send + Sync + 'static,
    ) -> io::Result<Recorder> {
        let path = path.as_ref();
        let file = std::fs::File::create(path).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot create {}: {e}", path.display()))
        })?;
        Recorder::start(
            Out::Writer(Box::new(file)),
            Some(path.to_path_buf()),
            Some(Arc::new(clock)),
        )
    }

    /// Records to `out` with every time read from `clock` ([`Recorder::create_with_clock`]).
    pub fn to_writer_with_clock(
        out: impl Write + Send + 'static,
        clock: impl Fn() -> i64 + Send + Sync + 'static,
    ) -> io::Result<Recorder> {
        Recorder::start(Out::Writer(Box::new(out)), None, Some(Arc::new(clock)))
    }

    fn start(
        out: Out,
        path: Option<PathBuf>,
        clock: Option<Arc<dyn Fn() -> i64 + Send + Sync>>,
    ) -> io::Result<Recorder> {
        let started_us = clock
            .as_ref()
            .map_or_else(crate::http::clock::local_us, |c| c());
        let clock = Arc::new(match clock {
            None => Clock::Wall(Instant::now()),
            Some(read) => Clock::Given { read, started_us },
        });
        let (out, rotating) = match out {
            Out::Writer(w) => {
                let mut out = BufWriter::with_capacity(1 << 16, w);
                let header = RawHeader {
                    contango_recording: VERSION,
                    started_us,
                    client: concat!("contango/", env!("CARGO_PKG_VERSION")).to_owned(),
                };
                serde_json::to_writer(&mut out, &header).map_err(io::Error::other)?;
                out.write_all(b"\n")?;
                out.flush()?;
                (out, None)
            }
            Out::Rotating {
                dir,
                prefix,
                rotation,
            } => {
                let now = Arc::clone(&clock);
                let now_us = Box::new(move || {
                    started_us.saturating_add(i64::try_from(now.at_us()).unwrap_or(i64::MAX))
                });
                let (rotating, file) = Rotating::open(&dir, &prefix, rotation, started_us, now_us)?;
                let out: Box<dyn Write + Send> = Box::new(file);
                (BufWriter::with_capacity(1 << 16, out), Some(rotating))
            }
        };
        let (tx, rx) = mpsc::channel();
        let queued = Arc::new(AtomicUsize::new(0));
        let failure = Arc::new(OnceLock::new());
        let mut writer = Writer::new(out, Arc::clone(&queued), Arc::clone(&failure));
        if let Some(rotating) = rotating {
            writer = writer.rotating(rotating, started_us);
        }
        std::thread::Builder::new()
            .name("contango-recorder".into())
            .spawn(move || writer.run(rx))?;
        Ok(Recorder {
            inner: Arc::new(Inner {
                tx,
                clock,
                #[cfg(feature = "streams")]
                next_conn: AtomicU64::new(1),
                path,
                limit: AtomicUsize::new(DEFAULT_MAX_QUEUED_BYTES),
                queued,
                lost: AtomicU64::new(0),
                unreported: AtomicU64::new(0),
                failure,
            }),
        })
    }

    /// How many bytes of exchanges and frames may wait for the writer (default
    /// [`DEFAULT_MAX_QUEUED_BYTES`]); past it, a new one is left out and counted, so a slow disk
    /// never slows the request path nor grows its memory. One larger than the bound is still
    /// taken when nothing waits. Applies to every clone.
    pub fn max_queued_bytes(self, bytes: usize) -> Recorder {
        self.inner.limit.store(bytes, Ordering::Relaxed);
        self
    }

    /// Exchanges and frames left out so far because the writer was too far behind (each also
    /// counted in a `lost` line of the file, and reported by [`Recorder::flush`]).
    pub fn lost(&self) -> u64 {
        self.inner.lost.load(Ordering::Acquire)
    }

    /// The file recorded to, when it is one; a rotating recorder's directory.
    pub fn path(&self) -> Option<&Path> {
        self.inner.path.as_deref()
    }

    /// Why the writer stopped, once it has: the first error writing or creating a file (a full
    /// disk), after which nothing more is written. A program recording for weeks checks it, so
    /// that it does not run on recording nothing.
    pub fn failure(&self) -> Option<&str> {
        self.inner.failure.get().map(String::as_str)
    }

    /// Waits until everything handed to the recorder so far is written and flushed. An error
    /// says the recording is incomplete: the first write error (the recording then stops), or
    /// how many exchanges and frames were left out because the writer was too far behind.
    pub async fn flush(&self) -> io::Result<()> {
        let (reply, rx) = tokio::sync::oneshot::channel();
        self.report_lost();
        let lost = self.lost();
        self.send(Msg::Flush { reply, lost });
        rx.await
            .unwrap_or_else(|_| Err(io::Error::other("the recorder's writer stopped")))
    }

    /// Ends the recording: writes everything handed over so far, closes the file (a rotating
    /// recorder's open file compressed, as every closed one) and waits for it; what is handed
    /// over later is not written. Its error is [`Recorder::flush`]'s.
    pub async fn finish(&self) -> io::Result<()> {
        let (reply, rx) = tokio::sync::oneshot::channel();
        self.report_lost();
        let lost = self.lost();
        self.send(Msg::Finish { reply, lost });
        rx.await
            .unwrap_or_else(|_| Err(io::Error::other("the recorder's writer stopped")))
    }

    /// Hands `msg` to the writer without waiting: an exchange or a frame that would take what
    /// waits past the bound is left out and counted instead.
    pub(crate) fn send(&self, msg: Msg) {
        if let Some(size) = msg.queued_size() {
            let inner = &self.inner;
            let limit = inner.limit.load(Ordering::Relaxed);
            let before = inner.queued.fetch_add(size, Ordering::AcqRel);
            if before > 0 && before.saturating_add(size) > limit {
                inner.queued.fetch_sub(size, Ordering::AcqRel);
                inner.unreported.fetch_add(1, Ordering::AcqRel);
                let lost = inner.lost.fetch_add(1, Ordering::AcqRel) + 1;
                if lost.is_power_of_two() {
                    tracing::warn!(
                        lost,
                        max_queued_bytes = limit,
                        "contango.recording: the writer is behind; exchanges and frames are left out"
                    );
                }
                return;
            }
            // The loss is marked where it happened: before the first entry taken after it.
            self.report_lost();
        }
        // The writer outlives every handle; a send fails only if its thread panicked, and then
        // the recording is already incomplete (its flush says so).
        let _ = self.inner.tx.send(msg);
    }

    /// Queues a `lost` line for what was left out since the last one.
    fn report_lost(&self) {
        let count = self.inner.unreported.swap(0, Ordering::AcqRel);
        if count > 0 {
            let _ = self.inner.tx.send(Msg::Lost {
                at: self.at_us(),
                count,
            });
        }
    }

    /// Microseconds since the recording started, on its clock.
    pub(crate) fn at_us(&self) -> u64 {
        self.inner.clock.at_us()
    }

    /// `at`, in microseconds since the recording started (zero for an instant before it); on a
    /// given clock, as long before its reading now as `at` is before the wall's now.
    #[cfg(feature = "streams")]
    fn us_of(&self, at: Instant) -> u64 {
        match self.inner.clock.as_ref() {
            Clock::Wall(started) => micros(at.saturating_duration_since(*started)),
            Clock::Given { .. } => self.at_us().saturating_sub(micros(at.elapsed())),
        }
    }

    /// A clock sample: the exchange's clock minus the recording's, in microseconds, and the
    /// round trip it was measured over, when there was one. A client on the wall records its
    /// own before its first signed request; a program that gave the recorder a clock
    /// ([`Recorder::create_with_clock`]) records how that clock relates to the exchange's, so
    /// that readers can put the exchange's times on the recording's clock.
    pub fn clock(&self, offset_us: i64, round_trip_us: Option<u64>) {
        self.send(Msg::Clock {
            at: self.at_us(),
            offset_us,
            round_trip_us,
        });
    }

    /// The client's own sample, measured against the wall: kept only when the recording's
    /// clock is the wall, since against a given clock its offset would be wrong.
    pub(crate) fn client_clock(&self, offset_us: i64, round_trip_us: Option<u64>) {
        if matches!(*self.inner.clock, Clock::Wall(_)) {
            self.clock(offset_us, round_trip_us);
        }
    }

    /// `stream` was blind from `from` (the last frame of the lost connection) until `to` (a
    /// new one subscribed), for `reason`, on `channels`.
    #[cfg(feature = "streams")]
    pub(crate) fn gap(
        &self,
        stream: &'static str,
        from: Instant,
        to: Instant,
        reason: String,
        channels: Vec<String>,
    ) {
        self.send(Msg::Gap {
            at: self.at_us(),
            stream,
            from_us: self.us_of(from),
            to_us: self.us_of(to),
            reason,
            channels,
        });
    }

    /// Secrets of a client built with this recorder, and its listen-key names.
    pub(crate) fn client(
        &self,
        credentials: Option<&Credentials>,
        fields: &'static [&'static str],
    ) {
        let known = credentials
            .map(|c| {
                vec![
                    (Zeroizing::new(c.api_key().to_owned()), "<api-key>"),
                    (c.secret_text(), "<secret>"),
                ]
            })
            .unwrap_or_default();
        self.send(Msg::Secrets { known, fields });
    }

    /// A value the client generated for the next request (its client order id).
    pub(crate) fn generated(&self, value: &str) {
        self.send(Msg::Generated(value.to_owned()));
    }

    /// A stream connection (`user` or `market`) opened on `url`; its number in the recording.
    /// The client's streams record their own; a program that delivers stream frames by other
    /// means (a backtest's harness) records them with this and [`Recorder::frame`].
    #[cfg(feature = "streams")]
    pub fn connect(&self, stream: &'static str, url: &str) -> u64 {
        let conn = self.inner.next_conn.fetch_add(1, Ordering::Relaxed);
        self.send(Msg::Connect {
            at: self.at_us(),
            conn,
            stream,
            url: url.to_owned(),
        });
        conn
    }

    /// A frame on connection `conn` ([`Recorder::connect`]), as received or sent: a binary or
    /// text message (gzip is inflated by the writer, off the caller's path).
    #[cfg(feature = "streams")]
    pub fn frame(&self, conn: u64, dir: Direction, binary: bool, bytes: impl Into<Bytes>) {
        self.send(Msg::Frame {
            at: self.at_us(),
            conn,
            dir,
            binary,
            bytes: bytes.into(),
        });
    }

    /// Connection `conn` ended.
    #[cfg(feature = "streams")]
    pub(crate) fn close(&self, conn: u64, by: ClosedBy, code: Option<u16>, reason: String) {
        self.send(Msg::Close {
            at: self.at_us(),
            conn,
            by,
            code,
            reason,
        });
    }
}

/// `d` in whole microseconds (saturating: a recording does not last 584,000 years).
fn micros(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

/// An HTTP exchange being recorded: the request as sent, waiting for its outcome.
pub(crate) struct HttpTap<'a> {
    recorder: &'a Recorder,
    msg: HttpMsg,
}

impl Recorder {
    /// Starts recording a request to `url` (path and query as sent).
    pub(crate) fn http_tap(
        &self,
        endpoint: &'static str,
        method: &'static str,
        url: &url::Url,
        body: Option<&[u8]>,
        params: Vec<PathParam>,
        signature: Option<&str>,
    ) -> HttpTap<'_> {
        HttpTap {
            recorder: self,
            msg: HttpMsg {
                at: self.at_us(),
                finished: 0,
                endpoint,
                method,
                path: url.path().to_owned(),
                query: url.query().unwrap_or_default().to_owned(),
                body: body.map(Bytes::copy_from_slice),
                params,
                signature: signature.map(str::to_owned),
                outcome: Err(String::new()),
            },
        }
    }
}

impl HttpTap<'_> {
    /// Records the exchange with its outcome: the answer, or what failed.
    pub(crate) fn finish(mut self, outcome: Result<HttpAnswer, String>) {
        self.msg.outcome = outcome;
        self.msg.finished = self.recorder.at_us().max(self.msg.at);
        self.recorder.send(Msg::Http(Box::new(self.msg)));
    }
}

#[cfg(all(test, feature = "streams"))]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::sync::{Condvar, Mutex, MutexGuard};
    use std::time::Duration;

    use super::*;
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
}
