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

#[cfg(feature = "streams")]
use bytes::Bytes;
use zeroize::Zeroizing;

use super::line::ToolCall;
use super::line::VERSION;
#[cfg(feature = "streams")]
use super::line::{ClosedBy, Direction};
use super::msg::Msg;
use super::raw::RawHeader;
use super::rotate::{Rotating, Rotation};
use super::writer::Writer;
use crate::http::credentials::Credentials;

/// The default bound of what may wait for the writer: 64 MiB of exchanges and frames, about a
/// minute of the heaviest market stream, far more than a healthy disk ever lets build up.
pub const DEFAULT_MAX_QUEUED_BYTES: usize = 64 << 20;

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

    /// A tool call an agent made (`contango mcp --record`): its name, its arguments and its
    /// outcome (the structured answer, or the tool error's), each as JSON text. The writer takes
    /// the client's secrets out of them as it does out of every exchange.
    pub fn tool(&self, name: &str, arguments: &str, outcome: Result<&str, &str>) {
        let (result, error) = match outcome {
            Ok(r) => (Some(r.to_owned()), None),
            Err(e) => (None, Some(e.to_owned())),
        };
        self.send(Msg::Tool {
            at: self.at_us(),
            call: ToolCall {
                name: name.to_owned(),
                arguments: arguments.to_owned(),
                result,
                error,
            },
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

#[cfg(all(test, feature = "streams"))]
#[allow(clippy::unwrap_used)]
mod tests;
