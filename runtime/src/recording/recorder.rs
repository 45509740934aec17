//! The recorder: a handle the request path and the streams hand what they already have (bytes,
//! shared buffers), and a writer thread that redacts, inflates, formats and writes it, so the
//! request path never waits on a file.

use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
#[cfg(feature = "streams")]
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use bytes::Bytes;
use zeroize::Zeroizing;

use super::line::{Answer, Exchange, Header, Outcome, Payload, Raw, Recorded, VERSION};
#[cfg(feature = "streams")]
use super::line::{ClosedBy, Direction, Frame};
use super::redact::Redactor;
use crate::credentials::Credentials;
use crate::encode::PathParam;

/// How often the writer looks at its queue (and so how far the file may lag behind).
const TICK: std::time::Duration = std::time::Duration::from_millis(10);

/// How many generated values (client order ids) the writer remembers: enough for every order in
/// flight, bounded whatever the session does.
const GENERATED_KEPT: usize = 4096;

/// Records a session: every HTTP exchange and every stream frame of the clients built with it,
/// in order, to one JSON-lines file (docs/recordings.md). Secrets never
/// reach the file: no request headers are kept (so no API key, signature or timestamp), and
/// listen keys, the API key and the secret are replaced by placeholders wherever they appear.
///
/// Cheap to clone; clones write to the same file. Writing happens on a thread of its own: call
/// [`Recorder::flush`] to wait until everything handed to it so far is in the file.
#[derive(Clone)]
pub struct Recorder {
    inner: Arc<Inner>,
}

struct Inner {
    tx: mpsc::Sender<Msg>,
    started: Instant,
    #[cfg(feature = "streams")]
    next_conn: AtomicU64,
    path: Option<PathBuf>,
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
    Flush(tokio::sync::oneshot::Sender<io::Result<()>>),
}

/// One HTTP exchange as the request path has it.
pub(crate) struct HttpMsg {
    pub at: u64,
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
        Recorder::start(Box::new(file), Some(path.to_path_buf()))
    }

    /// Records to `out` (a file, a buffer shared with a test).
    pub fn to_writer(out: impl Write + Send + 'static) -> io::Result<Recorder> {
        Recorder::start(Box::new(out), None)
    }

    fn start(out: Box<dyn Write + Send>, path: Option<PathBuf>) -> io::Result<Recorder> {
        let started_ms = crate::clock::local_ms();
        let mut out = BufWriter::with_capacity(1 << 16, out);
        let header = Header {
            contango_recording: VERSION,
            started_ms,
            client: concat!("contango/", env!("CARGO_PKG_VERSION")).to_owned(),
        };
        serde_json::to_writer(&mut out, &header).map_err(io::Error::other)?;
        out.write_all(b"\n")?;
        out.flush()?;
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("contango-recorder".into())
            .spawn(move || Writer::new(out).run(rx))?;
        Ok(Recorder {
            inner: Arc::new(Inner {
                tx,
                started: Instant::now(),
                #[cfg(feature = "streams")]
                next_conn: AtomicU64::new(1),
                path,
            }),
        })
    }

    /// The file recorded to, when it is one.
    pub fn path(&self) -> Option<&Path> {
        self.inner.path.as_deref()
    }

    /// Waits until everything handed to the recorder so far is written and flushed; the first
    /// write error, if writing failed (the recording then stops).
    pub async fn flush(&self) -> io::Result<()> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.send(Msg::Flush(tx));
        rx.await
            .unwrap_or_else(|_| Err(io::Error::other("the recorder's writer stopped")))
    }

    pub(crate) fn send(&self, msg: Msg) {
        // The writer outlives every handle; a send fails only if its thread panicked, and then
        // the recording is already incomplete (its flush says so).
        let _ = self.inner.tx.send(msg);
    }

    /// Milliseconds since the recording started.
    pub(crate) fn at(&self) -> u64 {
        u64::try_from(self.inner.started.elapsed().as_millis()).unwrap_or(u64::MAX)
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

    /// A stream connection opened on `url`; its number in the recording.
    #[cfg(feature = "streams")]
    pub(crate) fn connect(&self, stream: &'static str, url: &str) -> u64 {
        let conn = self.inner.next_conn.fetch_add(1, Ordering::Relaxed);
        self.send(Msg::Connect {
            at: self.at(),
            conn,
            stream,
            url: url.to_owned(),
        });
        conn
    }

    /// A frame on connection `conn`, as received or sent (gzip is inflated by the writer).
    #[cfg(feature = "streams")]
    pub(crate) fn frame(&self, conn: u64, dir: Direction, binary: bool, bytes: Bytes) {
        self.send(Msg::Frame {
            at: self.at(),
            conn,
            dir,
            binary,
            bytes,
        });
    }

    /// Connection `conn` ended.
    #[cfg(feature = "streams")]
    pub(crate) fn close(&self, conn: u64, by: ClosedBy, code: Option<u16>, reason: String) {
        self.send(Msg::Close {
            at: self.at(),
            conn,
            by,
            code,
            reason,
        });
    }
}

/// The writer thread's state.
struct Writer {
    out: BufWriter<Box<dyn Write + Send>>,
    redactor: Redactor,
    generated: VecDeque<String>,
    /// The first write error; nothing is written after it.
    failed: Option<(io::ErrorKind, String)>,
}

impl Writer {
    fn new(out: BufWriter<Box<dyn Write + Send>>) -> Writer {
        Writer {
            out,
            redactor: Redactor::default(),
            generated: VecDeque::new(),
            failed: None,
        }
    }

    /// Until every handle is gone: every tick, write what has arrived and flush, so the file is
    /// at most a tick behind. The thread polls rather than waits on the queue: a waiting thread
    /// must be woken by each send, a system call and a context switch in the request path,
    /// while a send to a polling one is a push onto the queue.
    fn run(mut self, rx: mpsc::Receiver<Msg>) {
        loop {
            loop {
                match rx.try_recv() {
                    Ok(msg) => self.handle(msg),
                    Err(mpsc::TryRecvError::Empty) => break,
                    Err(mpsc::TryRecvError::Disconnected) => {
                        self.flush();
                        return;
                    }
                }
            }
            self.flush();
            std::thread::sleep(TICK);
        }
    }

    fn handle(&mut self, msg: Msg) {
        let (at, recorded) = match msg {
            Msg::Secrets { known, fields } => {
                self.redactor.fields(fields);
                for (value, placeholder) in known {
                    self.redactor.known(value, placeholder);
                }
                return;
            }
            Msg::Generated(value) => {
                if self.generated.len() == GENERATED_KEPT {
                    self.generated.pop_front();
                }
                self.generated.push_back(value);
                return;
            }
            Msg::Flush(reply) => {
                self.flush();
                let _ = reply.send(match &self.failed {
                    None => Ok(()),
                    Some((kind, m)) => Err(io::Error::new(*kind, m.clone())),
                });
                return;
            }
            Msg::Http(x) => (x.at, self.exchange(*x)),
            #[cfg(feature = "streams")]
            Msg::Connect {
                at,
                conn,
                stream,
                url,
            } => {
                if let Some((_, query)) = url.split_once('?') {
                    self.redactor.learn_query(query);
                }
                let url = self.redactor.apply(url);
                (
                    at,
                    Recorded::Connect {
                        conn,
                        stream: stream.to_owned(),
                        url,
                    },
                )
            }
            #[cfg(feature = "streams")]
            Msg::Frame {
                at,
                conn,
                dir,
                binary,
                bytes,
            } => {
                let (gzip, bytes) = match inflate(&bytes) {
                    Some(inflated) => (true, inflated),
                    None => (false, bytes.to_vec()),
                };
                let payload = Payload::of(self.redactor.apply_bytes(bytes));
                (
                    at,
                    Recorded::Frame(Frame {
                        conn,
                        dir,
                        binary,
                        gzip,
                        payload,
                    }),
                )
            }
            #[cfg(feature = "streams")]
            Msg::Close {
                at,
                conn,
                by,
                code,
                reason,
            } => (
                at,
                Recorded::Close {
                    conn,
                    by,
                    code,
                    reason: self.redactor.apply(reason),
                },
            ),
        };
        self.write(at, recorded);
    }

    fn exchange(&mut self, x: HttpMsg) -> Recorded {
        let r = &mut self.redactor;
        r.learn_params(x.params.iter().map(|(n, v)| (*n, v.as_str())));
        r.learn_query(&x.query);
        let body = x.body.map(|b| String::from_utf8_lossy(&b).into_owned());
        if let Some(body) = &body {
            r.learn_json(body);
        }
        // A signature is this request's alone: replaced in its own answer (should the server
        // echo it), not remembered.
        let signature = x.signature.map(Zeroizing::new);
        let unsigned = |text: String| match &signature {
            Some(sig) if text.contains(sig.as_str()) => text.replace(sig.as_str(), "<signature>"),
            _ => text,
        };
        let outcome = match x.outcome {
            Ok(a) => {
                let body = match std::str::from_utf8(&a.body) {
                    Ok(text) => {
                        r.learn_json(text);
                        Payload::Text(unsigned(r.apply(text.to_owned())))
                    }
                    Err(_) => Payload::Bytes(a.body.to_vec()),
                };
                Outcome::Answer(Answer {
                    status: a.status,
                    content_type: a.content_type,
                    retry_after: a.retry_after,
                    body,
                })
            }
            Err(e) => Outcome::Failed(unsigned(r.apply(e))),
        };
        let generated = generated_params(&self.generated, &x.query, body.as_deref());
        Recorded::Http(Exchange {
            endpoint: x.endpoint.to_owned(),
            method: x.method.to_owned(),
            path: self.redactor.apply(x.path),
            query: self.redactor.apply(x.query),
            body: body.map(|b| self.redactor.apply(b)),
            generated,
            outcome,
        })
    }

    fn write(&mut self, at: u64, recorded: Recorded) {
        if self.failed.is_some() {
            return;
        }
        let raw = Raw::of(at, recorded);
        let written = serde_json::to_writer(&mut self.out, &raw)
            .map_err(io::Error::other)
            .and_then(|()| self.out.write_all(b"\n"));
        if let Err(e) = written {
            self.fail(e);
        }
    }

    fn flush(&mut self) {
        if self.failed.is_none()
            && let Err(e) = self.out.flush()
        {
            self.fail(e);
        }
    }

    fn fail(&mut self, e: io::Error) {
        tracing::warn!(error = %e, "contango.recording: writing failed; the recording stops here");
        self.failed = Some((e.kind(), e.to_string()));
    }
}

/// The names of the top-level query and body parameters whose value the client generated.
fn generated_params(generated: &VecDeque<String>, query: &str, body: Option<&str>) -> Vec<String> {
    if generated.is_empty() {
        return Vec::new();
    }
    let is_generated = |v: &str| generated.iter().any(|g| g == v);
    let mut names: Vec<String> = query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .filter(|(_, v)| is_generated(v))
        .map(|(k, _)| k.to_owned())
        .collect();
    if let Some(serde_json::Value::Object(map)) =
        body.and_then(|b| serde_json::from_str::<serde_json::Value>(b).ok())
    {
        names.extend(
            map.iter()
                .filter(|(_, v)| v.as_str().is_some_and(is_generated))
                .map(|(k, _)| k.clone()),
        );
    }
    names
}

/// The inflated bytes of a gzip frame (the streams' own inflater); `None` when it is not one.
#[cfg(feature = "streams")]
fn inflate(bytes: &[u8]) -> Option<Vec<u8>> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return None;
    }
    crate::stream::engine::frame::with_payload(bytes, 64 << 20, <[u8]>::to_vec).ok()
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
                at: self.at(),
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
        self.recorder.send(Msg::Http(Box::new(self.msg)));
    }
}
