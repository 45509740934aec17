//! One line of a recording: what it holds, how it is written and how it is read back. The
//! format is documented in docs/recordings.md; this file is the one place it is defined.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The format version a recorder writes. A reader takes it and [`VERSION_1`]; it refuses any
/// other at the header.
pub const VERSION: u32 = 2;

/// The first format: times in whole milliseconds, an exchange's only when it was sent, no clock
/// samples nor gaps. Still read: its `at` becomes [`Entry::at_us`] × 1000.
pub const VERSION_1: u32 = 1;

/// The first line: the format's version and when the recording started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// [`VERSION`] when written; [`VERSION_1`] for a file of the first format.
    pub contango_recording: u32,
    /// Wall-clock time of the start, in microseconds since the epoch (version 2's
    /// `started_us`; version 1's `started_ms` × 1000); each line's time counts from here.
    pub started_us: i64,
    /// The same in whole milliseconds, for readers that count in them.
    pub started_ms: i64,
    /// What wrote it (`contango/<version>`).
    pub client: String,
}

/// The header as version 2 writes it: the start in microseconds, an integer that JSON readers
/// keep exact (below 2^53 until the year 2255).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawHeader {
    pub contango_recording: u32,
    pub started_us: i64,
    pub client: String,
}

/// The header as version 1 wrote it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHeaderV1 {
    contango_recording: u32,
    started_ms: i64,
    client: String,
}

/// One HTTP exchange: the request as sent (without its headers: no key, signature or
/// timestamp), and the answer as received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// The spec's endpoint key (`depth`), or what the caller named a custom endpoint.
    pub endpoint: String,
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path as sent (base path and product prefix included, parameters percent-encoded).
    pub path: String,
    /// The query string as sent, without `?` (empty when none).
    pub query: String,
    /// The JSON body as sent, if any.
    pub body: Option<String>,
    /// Parameters whose value the client chose at random (a generated client order id): a
    /// replay does not compare them.
    pub generated: Vec<String>,
    /// What came back.
    pub outcome: Outcome,
    /// When the answer had arrived whole (or the exchange failed), in microseconds since the
    /// recording started; its entry's [`Entry::at_us`] is when the request was sent. `None` in a
    /// version-1 recording, which kept only the sending.
    pub finished_us: Option<u64>,
}

/// How an exchange ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// An HTTP answer.
    Answer(Answer),
    /// No answer: a timeout or a transport failure, in words.
    Failed(String),
}

/// An HTTP answer: the status, the headers that matter and the body exactly as received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// HTTP status.
    pub status: u16,
    /// `Content-Type`, if sent.
    pub content_type: Option<String>,
    /// `Retry-After`, if sent.
    pub retry_after: Option<String>,
    /// The body.
    pub body: Payload,
}

/// Bytes as received: text when they are UTF-8 (almost always), else hexadecimal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Payload {
    /// UTF-8 text.
    Text(String),
    /// Anything else, kept byte for byte.
    Bytes(Vec<u8>),
}

impl Payload {
    /// The payload of `bytes`: text when it is UTF-8.
    pub fn of(bytes: Vec<u8>) -> Payload {
        match String::from_utf8(bytes) {
            Ok(text) => Payload::Text(text),
            Err(e) => Payload::Bytes(e.into_bytes()),
        }
    }

    /// The bytes.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Payload::Text(t) => t.as_bytes(),
            Payload::Bytes(b) => b,
        }
    }
}

/// Which way a frame went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// From the server.
    In,
    /// From the client.
    Out,
}

/// Who ended a stream connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClosedBy {
    /// The server sent a close frame or ended the connection.
    Server,
    /// The client closed it (shutdown, rotation).
    Client,
    /// It failed (transport error, silence); `reason` says how.
    Error,
}

/// A stream frame. A replay sends `In` frames as they were received (gzip again when they were
/// gzip) and waits for the client's own frame at each `Out`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// The connection ([`Recorded::Connect`]'s `conn`).
    pub conn: u64,
    /// Which way it went.
    pub dir: Direction,
    /// Whether it was a binary WebSocket message (else text).
    pub binary: bool,
    /// Whether it was gzip on the wire; `payload` is then the inflated bytes.
    pub gzip: bool,
    /// The payload, inflated.
    pub payload: Payload,
}

/// One line after the header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recorded {
    /// An HTTP exchange.
    Http(Exchange),
    /// A stream connection opened.
    Connect {
        /// Numbers the recording's connections, from 1.
        conn: u64,
        /// `user` or `market`.
        stream: String,
        /// The URL connected to (listen keys replaced by placeholders).
        url: String,
    },
    /// A frame on a connection.
    Frame(Frame),
    /// A connection ended.
    Close {
        /// The connection.
        conn: u64,
        /// Who ended it.
        by: ClosedBy,
        /// The close code, when there was a close frame with one.
        code: Option<u16>,
        /// The close frame's reason, or what failed.
        reason: String,
    },
    /// Exchanges and frames left out here: the writer fell further behind than the recorder's
    /// bound allows (`Recorder::max_queued_bytes`), so the recording is incomplete from here.
    Lost {
        /// How many.
        count: u64,
    },
    /// The client measured its clock against the exchange's (version 2): what it measured,
    /// so that a reader can put the exchange's timestamps on the recording's clock.
    Clock {
        /// The exchange's clock minus the local one, in microseconds: the exchange's time read
        /// (whole milliseconds) minus the local midpoint of the round trip.
        offset_us: i64,
        /// The round trip of the measurement, when it came from one: the offset is good to
        /// about half of it.
        round_trip_us: Option<u64>,
    },
    /// A stream was blind (version 2): its connection was lost at `from_us` and a new one
    /// subscribed at `to_us`, so what the exchange sent between them is not in the recording.
    Gap {
        /// `user` or `market`.
        stream: String,
        /// The last frame received on the lost connection, in microseconds since the start.
        from_us: u64,
        /// When the stream was whole again, in microseconds since the start.
        to_us: u64,
        /// Why the connection was lost.
        reason: String,
        /// The channels the lost connection carried, when the stream names them (a market
        /// stream over several connections loses one at a time).
        channels: Vec<String>,
    },
}

/// A line of a recording read back: where it was, when it happened, what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its line number in its file (the header is line 1); 0 for a line no file holds (the gap
    /// [`Recording::from_dir`] puts where a directory's recorder was not running).
    pub line: usize,
    /// When it happened, in microseconds since the recording started (an HTTP exchange: when
    /// its request was sent). A version-1 line's milliseconds × 1000.
    pub at_us: u64,
    /// The same in whole milliseconds, for readers that count in them.
    pub at_ms: u64,
    /// What it holds.
    pub recorded: Recorded,
}

/// A recording that cannot be read, with the line that says why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", place(.file, *.line))]
pub struct RecordingError {
    /// The file, when read from one.
    pub file: Option<String>,
    /// The line (from 1; 0 when the file itself could not be read).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// `file: line N: `, as much of it as is known.
fn place(file: &Option<String>, line: usize) -> String {
    let mut s = file.as_ref().map(|f| format!("{f}: ")).unwrap_or_default();
    if line > 0 {
        s.push_str(&format!("line {line}: "));
    }
    s
}

/// Every line's keys, flat: what is written and read. `kind` says which are present; the
/// typed [`Recorded`] is made from it and checked ([`Raw::into_entry`]).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Raw {
    /// Version 1's time, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// Version 2's time, in microseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_us: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_us: Option<u64>,
    pub kind: Kind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub generated: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_hex: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conn: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dir: Option<Direction>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub binary: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub gzip: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<ClosedBy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset_us: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_trip_us: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_us: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_us: Option<u64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub channels: Vec<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Kind {
    #[default]
    Http,
    Connect,
    Frame,
    Close,
    Lost,
    Clock,
    Gap,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Http => "http",
            Kind::Connect => "connect",
            Kind::Frame => "frame",
            Kind::Close => "close",
            Kind::Lost => "lost",
            Kind::Clock => "clock",
            Kind::Gap => "gap",
        }
    }
}

impl Raw {
    /// The line of `recorded` at `at_us`, as this version writes it.
    pub fn of(at_us: u64, recorded: Recorded) -> Raw {
        let mut raw = Raw {
            at_us: Some(at_us),
            ..Raw::default()
        };
        match recorded {
            Recorded::Http(x) => {
                raw.kind = Kind::Http;
                raw.finished_us = x.finished_us;
                raw.endpoint = Some(x.endpoint);
                raw.method = Some(x.method);
                raw.path = Some(x.path);
                raw.query = Some(x.query).filter(|q| !q.is_empty());
                raw.body = x.body;
                raw.generated = x.generated;
                match x.outcome {
                    Outcome::Answer(a) => {
                        raw.status = Some(a.status);
                        raw.content_type = a.content_type;
                        raw.retry_after = a.retry_after;
                        match a.body {
                            Payload::Text(t) => raw.response = Some(t),
                            Payload::Bytes(b) => raw.response_hex = Some(hex::encode(b)),
                        }
                    }
                    Outcome::Failed(e) => raw.error = Some(e),
                }
            }
            Recorded::Connect { conn, stream, url } => {
                raw.kind = Kind::Connect;
                raw.conn = Some(conn);
                raw.stream = Some(stream);
                raw.url = Some(url);
            }
            Recorded::Frame(f) => {
                raw.kind = Kind::Frame;
                raw.conn = Some(f.conn);
                raw.dir = Some(f.dir);
                raw.binary = f.binary;
                raw.gzip = f.gzip;
                match f.payload {
                    Payload::Text(t) => raw.text = Some(t),
                    Payload::Bytes(b) => raw.hex = Some(hex::encode(b)),
                }
            }
            Recorded::Close {
                conn,
                by,
                code,
                reason,
            } => {
                raw.kind = Kind::Close;
                raw.conn = Some(conn);
                raw.by = Some(by);
                raw.code = code;
                raw.reason = Some(reason);
            }
            Recorded::Lost { count } => {
                raw.kind = Kind::Lost;
                raw.count = Some(count);
            }
            Recorded::Clock {
                offset_us,
                round_trip_us,
            } => {
                raw.kind = Kind::Clock;
                raw.offset_us = Some(offset_us);
                raw.round_trip_us = round_trip_us;
            }
            Recorded::Gap {
                stream,
                from_us,
                to_us,
                reason,
                channels,
            } => {
                raw.kind = Kind::Gap;
                raw.stream = Some(stream);
                raw.from_us = Some(from_us);
                raw.to_us = Some(to_us);
                raw.reason = Some(reason);
                raw.channels = channels;
            }
        }
        raw
    }

    /// When the line happened, in microseconds, by the keys of `version`.
    fn time(&self, version: u32) -> Result<u64, String> {
        if version == VERSION_1 {
            if self.at_us.is_some() || self.finished_us.is_some() {
                return Err(format!(
                    "`{}` is a version-2 key: a version-1 line has `at` (milliseconds)",
                    if self.at_us.is_some() {
                        "at_us"
                    } else {
                        "finished_us"
                    }
                ));
            }
            if matches!(self.kind, Kind::Clock | Kind::Gap) {
                return Err(format!(
                    "a {} line needs format version 2 (the header says 1)",
                    self.kind.name()
                ));
            }
            let ms = self.at.ok_or_else(|| "a line needs `at`".to_owned())?;
            return ms
                .checked_mul(1_000)
                .ok_or_else(|| format!("`at` {ms} is too large"));
        }
        if self.at.is_some() {
            return Err("`at` is version 1's: a version-2 line has `at_us` (microseconds)".into());
        }
        if self.kind != Kind::Http && self.finished_us.is_some() {
            return Err(format!("a {} line has no `finished_us`", self.kind.name()));
        }
        self.at_us.ok_or_else(|| "a line needs `at_us`".to_owned())
    }

    /// The typed entry, or what is missing or contradictory.
    fn into_entry(self, line: usize, version: u32) -> Result<Entry, String> {
        let at_us = self.time(version)?;
        let kind = self.kind;
        let need = |v: Option<String>, key: &str| v.ok_or_else(|| missing(kind, key));
        let payload = |text: Option<String>, hex: Option<String>, keys: [&str; 2]| match (text, hex)
        {
            (Some(t), None) => Ok(Payload::Text(t)),
            (None, Some(h)) => hex::decode(&h)
                .map(Payload::Bytes)
                .map_err(|e| format!("`{}` is not hexadecimal: {e}", keys[1])),
            (None, None) => Err(format!("needs `{}` or `{}`", keys[0], keys[1])),
            (Some(_), Some(_)) => Err(format!("has both `{}` and `{}`", keys[0], keys[1])),
        };
        let recorded = match kind {
            Kind::Http => {
                let outcome = match (self.status, self.error) {
                    (Some(status), None) => {
                        if !(100..=599).contains(&status) {
                            return Err(format!("`status` {status} is not an HTTP status"));
                        }
                        Outcome::Answer(Answer {
                            status,
                            content_type: self.content_type,
                            retry_after: self.retry_after,
                            body: payload(
                                self.response,
                                self.response_hex,
                                ["response", "response_hex"],
                            )?,
                        })
                    }
                    (None, Some(e)) => Outcome::Failed(e),
                    (None, None) => return Err("an http line needs `status` or `error`".into()),
                    (Some(_), Some(_)) => {
                        return Err("an http line has `status` or `error`, not both".into());
                    }
                };
                let finished_us = match (version, self.finished_us) {
                    (VERSION_1, _) => None,
                    (_, None) => return Err(missing(kind, "finished_us")),
                    (_, Some(f)) if f < at_us => {
                        return Err(format!(
                            "`finished_us` {f} is before the sending (`at_us` {at_us})"
                        ));
                    }
                    (_, f) => f,
                };
                Recorded::Http(Exchange {
                    endpoint: self.endpoint.unwrap_or_default(),
                    method: need(self.method, "method")?,
                    path: need(self.path, "path")?,
                    query: self.query.unwrap_or_default(),
                    body: self.body,
                    generated: self.generated,
                    outcome,
                    finished_us,
                })
            }
            Kind::Connect => Recorded::Connect {
                conn: self.conn.ok_or_else(|| missing(kind, "conn"))?,
                stream: need(self.stream, "stream")?,
                url: need(self.url, "url")?,
            },
            Kind::Frame => Recorded::Frame(Frame {
                conn: self.conn.ok_or_else(|| missing(kind, "conn"))?,
                dir: self.dir.ok_or_else(|| missing(kind, "dir"))?,
                binary: self.binary,
                gzip: self.gzip,
                payload: payload(self.text, self.hex, ["text", "hex"])?,
            }),
            Kind::Close => Recorded::Close {
                conn: self.conn.ok_or_else(|| missing(kind, "conn"))?,
                by: self.by.ok_or_else(|| missing(kind, "by"))?,
                code: self.code,
                reason: self.reason.unwrap_or_default(),
            },
            Kind::Lost => Recorded::Lost {
                count: self.count.ok_or_else(|| missing(kind, "count"))?,
            },
            Kind::Clock => Recorded::Clock {
                offset_us: self.offset_us.ok_or_else(|| missing(kind, "offset_us"))?,
                round_trip_us: self.round_trip_us,
            },
            Kind::Gap => {
                let from_us = self.from_us.ok_or_else(|| missing(kind, "from_us"))?;
                let to_us = self.to_us.ok_or_else(|| missing(kind, "to_us"))?;
                if to_us < from_us {
                    return Err(format!(
                        "a gap ends (`to_us` {to_us}) before it starts (`from_us` {from_us})"
                    ));
                }
                Recorded::Gap {
                    stream: need(self.stream, "stream")?,
                    from_us,
                    to_us,
                    reason: self.reason.unwrap_or_default(),
                    channels: self.channels,
                }
            }
        };
        Ok(Entry {
            line,
            at_us,
            at_ms: at_us / 1_000,
            recorded,
        })
    }
}

/// The entry of line `n` (its text `line`) of a recording of `version`, or why it is not one.
pub(super) fn read_line(n: usize, line: &str, version: u32) -> Result<Entry, String> {
    let raw: Raw = serde_json::from_str(line).map_err(|e| e.to_string())?;
    raw.into_entry(n, version)
}

fn missing(kind: Kind, key: &str) -> String {
    let article = if kind == Kind::Http { "an" } else { "a" };
    format!("{article} {} line needs `{key}`", kind.name())
}

/// A whole recording, read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recording {
    /// Its first line (a directory's: its first file's).
    pub header: Header,
    /// Every other line, in order.
    pub entries: Vec<Entry>,
    /// What was read but not whole, in words: a file cut short (a recorder killed while
    /// writing), read up to its last whole line. Also logged when read.
    pub warnings: Vec<String>,
}

impl Recording {
    /// Reads a recording from its bytes: a header naming [`VERSION`] or [`VERSION_1`], then one
    /// JSON object per line (blank lines are allowed). The first line that is not one is
    /// refused by number, except a last line cut short, which a killed recorder leaves: the
    /// recording is read up to the line before, with a warning ([`Recording::warnings`]).
    /// [`Entries`](super::Entries) reads the same, a line at a time.
    pub fn parse(bytes: &[u8]) -> Result<Recording, RecordingError> {
        let recording = Recording::parse_quietly(bytes)?;
        for warning in &recording.warnings {
            tracing::warn!(%warning, "contango.recording.incomplete");
        }
        Ok(recording)
    }

    /// [`Recording::parse`] without logging its warnings (its callers log them with more).
    pub(super) fn parse_quietly(bytes: &[u8]) -> Result<Recording, RecordingError> {
        let mut read = super::Entries::new(bytes)?;
        let entries = read.by_ref().collect::<Result<Vec<_>, _>>()?;
        Ok(Recording {
            header: read.header().clone(),
            entries,
            warnings: read.warnings(),
        })
    }

    /// The format version of the file ([`VERSION`] or [`VERSION_1`]).
    pub fn version(&self) -> u32 {
        self.header.contango_recording
    }

    /// The HTTP exchanges, in order, with their lines.
    pub fn exchanges(&self) -> impl Iterator<Item = (&Entry, &Exchange)> {
        self.entries.iter().filter_map(|e| match &e.recorded {
            Recorded::Http(x) => Some((e, x)),
            _ => None,
        })
    }
}

/// The header of either version, or why it is not one.
pub(super) fn read_header(head: &str) -> Result<Header, String> {
    let value: serde_json::Value =
        serde_json::from_str(head).map_err(|e| format!("the header is not JSON: {e}"))?;
    let bad = |e: serde_json::Error| format!("bad header: {e}");
    match value
        .get("contango_recording")
        .map(serde_json::Value::as_u64)
    {
        Some(Some(v)) if v == u64::from(VERSION) => {
            let h: RawHeader = serde_json::from_str(head).map_err(bad)?;
            Ok(Header {
                contango_recording: h.contango_recording,
                started_us: h.started_us,
                started_ms: h.started_us.div_euclid(1_000),
                client: h.client,
            })
        }
        Some(Some(v)) if v == u64::from(VERSION_1) => {
            let h: RawHeaderV1 = serde_json::from_str(head).map_err(bad)?;
            Ok(Header {
                contango_recording: h.contango_recording,
                started_us: h
                    .started_ms
                    .checked_mul(1_000)
                    .ok_or_else(|| format!("`started_ms` {} is too large", h.started_ms))?,
                started_ms: h.started_ms,
                client: h.client,
            })
        }
        Some(Some(v)) => Err(format!(
            "format version {v}; this contango reads versions {VERSION_1} and {VERSION} \
             (a newer contango wrote it?)"
        )),
        _ => Err("not a contango recording (no `contango_recording` version)".into()),
    }
}

impl fmt::Display for Exchange {
    /// `GET /fapi/v1/depth?contractName=E-BTC-USDT` and the body, as a person reads a request.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.method, self.path)?;
        if !self.query.is_empty() {
            write!(f, "?{}", self.query)?;
        }
        if let Some(body) = &self.body {
            write!(f, " {body}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str =
        r#"{"contango_recording":2,"started_us":1764000000000123,"client":"contango/0.1.0"}"#;

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
        let recorded = every_kind();
        let text = write(&recorded);
        let read = Recording::parse(text.as_bytes()).expect("reads");
        assert_eq!(read.version(), VERSION);
        assert_eq!(read.header.started_us, 1_764_000_000_000_123);
        assert_eq!(read.header.started_ms, 1_764_000_000_000);
        let back: Vec<Recorded> = read.entries.iter().map(|e| e.recorded.clone()).collect();
        assert_eq!(back, recorded);
        assert_eq!(
            read.entries.iter().map(|e| e.line).collect::<Vec<_>>(),
            (2..=13).collect::<Vec<_>>()
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
        let e =
            refused(&write(&[]).replace(r#""contango_recording":2"#, r#""contango_recording":3"#));
        assert_eq!(e.line, 1);
        assert_eq!(
            e.message,
            "format version 3; this contango reads versions 1 and 2 (a newer contango wrote it?)"
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
        let e =
            refused("{\"contango_recording\":1,\"started_ms\":1,\"client\":\"x\"}\n\u{0}\u{ff}");
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
}
