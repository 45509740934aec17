//! The recorder's writer thread: it takes what the handles hand over, redacts it, inflates
//! gzip frames, formats each line and writes it, to one file or to rotating ones (`rotate`),
//! so that nothing of this runs on the request path.

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, BufWriter, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, mpsc};

use zeroize::Zeroizing;

#[cfg(feature = "streams")]
use super::line::Frame;
use super::line::{Answer, Exchange, Outcome, Payload, Recorded, ToolCall};
use super::msg::{GENERATED_KEPT, HttpMsg, Msg, TICK};
use super::raw::Raw;
use super::redact::Redactor;
use super::rotate::Rotating;

/// The writer thread's state.
pub(super) struct Writer {
    out: BufWriter<Box<dyn Write + Send>>,
    redactor: Redactor,
    generated: VecDeque<String>,
    /// The first write error; nothing is written after it.
    failed: Option<(io::ErrorKind, String)>,
    /// The same, for the handles to see.
    failure: Arc<OnceLock<String>>,
    /// What waits for this writer, in bytes (the handles add, the writer takes off).
    queued: Arc<AtomicUsize>,
    /// Rotating files, with the session's start (epoch µs).
    rotating: Option<(Rotating, i64)>,
    /// What a new file repeats (rotating only): the connections open, by number, and the last
    /// clock sample, each with its time.
    open: BTreeMap<u64, (u64, Recorded)>,
    last_clock: Option<(u64, Recorded)>,
    /// Closed ([`Recorder::finish`](super::Recorder::finish)): nothing more is written.
    closed: bool,
}

impl Writer {
    pub(super) fn new(
        out: BufWriter<Box<dyn Write + Send>>,
        queued: Arc<AtomicUsize>,
        failure: Arc<OnceLock<String>>,
    ) -> Writer {
        Writer {
            out,
            redactor: Redactor::default(),
            generated: VecDeque::new(),
            failed: None,
            failure,
            queued,
            rotating: None,
            open: BTreeMap::new(),
            last_clock: None,
            closed: false,
        }
    }

    pub(super) fn rotating(mut self, rotating: Rotating, started_us: i64) -> Writer {
        self.rotating = Some((rotating, started_us));
        self
    }

    /// Until every handle is gone: every tick, write what has arrived and flush, so the file is
    /// at most a tick behind. The thread polls rather than waits on the queue: a waiting thread
    /// must be woken by each send, a system call and a context switch in the request path,
    /// while a send to a polling one is a push onto the queue.
    pub(super) fn run(mut self, rx: mpsc::Receiver<Msg>) {
        loop {
            loop {
                match rx.try_recv() {
                    Ok(msg) => {
                        let size = msg.queued_size();
                        self.handle(msg);
                        if let Some(size) = size {
                            self.queued.fetch_sub(size, Ordering::AcqRel);
                        }
                    }
                    Err(mpsc::TryRecvError::Empty) => break,
                    Err(mpsc::TryRecvError::Disconnected) => {
                        self.finish();
                        return;
                    }
                }
            }
            if self
                .rotating
                .as_ref()
                .is_some_and(|(r, _)| !self.closed && r.due_now())
            {
                self.rotate(0);
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
            Msg::Flush { reply, lost } => {
                self.flush();
                let _ = reply.send(self.outcome(lost));
                return;
            }
            Msg::Finish { reply, lost } => {
                self.finish();
                let _ = reply.send(self.outcome(lost));
                return;
            }
            Msg::Lost { at, count } => (at, Recorded::Lost { count }),
            Msg::Tool { at, call } => {
                let redact = |text: String| self.redactor.apply(text);
                let call = ToolCall {
                    name: call.name,
                    arguments: redact(call.arguments),
                    result: call.result.map(redact),
                    error: call.error.map(redact),
                };
                (at, Recorded::Tool(call))
            }
            Msg::Clock {
                at,
                offset_us,
                round_trip_us,
            } => (
                at,
                Recorded::Clock {
                    offset_us,
                    round_trip_us,
                },
            ),
            #[cfg(feature = "streams")]
            Msg::Gap {
                at,
                stream,
                from_us,
                to_us,
                reason,
                channels,
            } => (
                at,
                Recorded::Gap {
                    stream: stream.to_owned(),
                    from_us,
                    to_us,
                    reason: self.redactor.apply(reason),
                    channels,
                },
            ),
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
            finished_us: Some(x.finished),
        })
    }

    /// What a flush or a close answers: the first write error, or what was left out.
    fn outcome(&self, lost: u64) -> io::Result<()> {
        match &self.failed {
            Some((kind, m)) => Err(io::Error::new(*kind, m.clone())),
            None if lost > 0 => Err(io::Error::other(format!(
                "{lost} exchanges and frames were left out: the writer fell behind \
                 by more than the recorder's bound (see the file's `lost` lines)"
            ))),
            None => Ok(()),
        }
    }

    fn write(&mut self, at: u64, recorded: Recorded) {
        if self.failed.is_some() || self.closed {
            return;
        }
        if let Some((rotating, started_us)) = &self.rotating {
            let at_us = started_us.saturating_add(i64::try_from(at).unwrap_or(i64::MAX));
            if rotating.due(at_us) {
                self.rotate(at_us);
                if self.failed.is_some() {
                    return;
                }
            }
            self.remember(at, &recorded);
        }
        self.line(at, recorded);
    }

    fn line(&mut self, at: u64, recorded: Recorded) {
        let raw = Raw::of(at, recorded);
        let written = serde_json::to_writer(&mut self.out, &raw)
            .map_err(io::Error::other)
            .and_then(|()| self.out.write_all(b"\n"));
        if let Err(e) = written {
            self.fail(e);
        }
    }

    /// Keeps what a new file repeats: connections opened and not closed, the last clock sample.
    fn remember(&mut self, at: u64, recorded: &Recorded) {
        match recorded {
            Recorded::Connect { conn, .. } => {
                self.open.insert(*conn, (at, recorded.clone()));
            }
            Recorded::Close { conn, .. } => {
                self.open.remove(conn);
            }
            Recorded::Clock { .. } => self.last_clock = Some((at, recorded.clone())),
            _ => {}
        }
    }

    /// Closes the open file and starts the one of the period holding `at_us` (epoch µs; or
    /// now, if later), repeating the open connections and the last clock sample at its top.
    fn rotate(&mut self, at_us: i64) {
        let Some((rotating, _)) = self.rotating.as_mut() else {
            return;
        };
        let next = rotating.next(at_us).and_then(|(file, closed)| {
            let file: Box<dyn Write + Send> = Box::new(file);
            let old = std::mem::replace(&mut self.out, BufWriter::with_capacity(1 << 16, file));
            // Flushed and closed before it is compressed.
            old.into_inner().map_err(|e| e.into_error())?;
            rotating.compress(closed);
            Ok(())
        });
        if let Err(e) = next {
            self.fail(e);
            return;
        }
        let repeated: Vec<(u64, Recorded)> = self
            .open
            .values()
            .chain(self.last_clock.as_ref())
            .cloned()
            .collect();
        for (at, recorded) in repeated {
            self.line(at, recorded);
        }
    }

    /// Writes what is left and closes the file: a rotating recorder's is compressed, and every
    /// compression waited for. Nothing is written after.
    fn finish(&mut self) {
        if self.closed {
            return;
        }
        self.flush();
        self.closed = true;
        let sink: Box<dyn Write + Send> = Box::new(io::sink());
        drop(std::mem::replace(&mut self.out, BufWriter::new(sink)));
        if let Some((rotating, _)) = self.rotating.as_mut()
            && self.failed.is_none()
        {
            rotating.finish();
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
        let _ = self.failure.set(e.to_string());
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
