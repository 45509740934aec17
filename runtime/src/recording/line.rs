//! One line of a recording: what it holds, how it is written and how it is read back. The
//! format is documented in docs/recordings.md; this file is the one place it is defined.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The format version a recording's first line names. A reader refuses any other.
pub const VERSION: u32 = 1;

/// The first line: the format's version and when the recording started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// [`VERSION`] when written.
    pub contango_recording: u32,
    /// Wall-clock time of the start, in milliseconds since the epoch; each line's `at` counts
    /// from here.
    pub started_ms: i64,
    /// What wrote it (`contango/<version>`).
    pub client: String,
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
}

/// A line of a recording read back: where it was, when it happened, what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its line number in the file (the header is line 1).
    pub line: usize,
    /// Milliseconds since the recording started.
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
    pub at: u64,
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
}

impl Raw {
    /// The line of `recorded` at `at_ms`.
    pub fn of(at_ms: u64, recorded: Recorded) -> Raw {
        let mut raw = Raw {
            at: at_ms,
            ..Raw::default()
        };
        match recorded {
            Recorded::Http(x) => {
                raw.kind = Kind::Http;
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
        }
        raw
    }

    /// The typed entry, or what is missing or contradictory.
    fn into_entry(self, line: usize) -> Result<Entry, String> {
        let need = |v: Option<String>, key: &str| v.ok_or_else(|| missing(self.kind, key));
        let payload = |text: Option<String>, hex: Option<String>, keys: [&str; 2]| match (text, hex)
        {
            (Some(t), None) => Ok(Payload::Text(t)),
            (None, Some(h)) => hex::decode(&h)
                .map(Payload::Bytes)
                .map_err(|e| format!("`{}` is not hexadecimal: {e}", keys[1])),
            (None, None) => Err(format!("needs `{}` or `{}`", keys[0], keys[1])),
            (Some(_), Some(_)) => Err(format!("has both `{}` and `{}`", keys[0], keys[1])),
        };
        let recorded = match self.kind {
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
                Recorded::Http(Exchange {
                    endpoint: self.endpoint.unwrap_or_default(),
                    method: need(self.method, "method")?,
                    path: need(self.path, "path")?,
                    query: self.query.unwrap_or_default(),
                    body: self.body,
                    generated: self.generated,
                    outcome,
                })
            }
            Kind::Connect => Recorded::Connect {
                conn: self.conn.ok_or_else(|| missing(self.kind, "conn"))?,
                stream: need(self.stream, "stream")?,
                url: need(self.url, "url")?,
            },
            Kind::Frame => Recorded::Frame(Frame {
                conn: self.conn.ok_or_else(|| missing(self.kind, "conn"))?,
                dir: self.dir.ok_or_else(|| missing(self.kind, "dir"))?,
                binary: self.binary,
                gzip: self.gzip,
                payload: payload(self.text, self.hex, ["text", "hex"])?,
            }),
            Kind::Close => Recorded::Close {
                conn: self.conn.ok_or_else(|| missing(self.kind, "conn"))?,
                by: self.by.ok_or_else(|| missing(self.kind, "by"))?,
                code: self.code,
                reason: self.reason.unwrap_or_default(),
            },
            Kind::Lost => Recorded::Lost {
                count: self.count.ok_or_else(|| missing(self.kind, "count"))?,
            },
        };
        Ok(Entry {
            line,
            at_ms: self.at,
            recorded,
        })
    }
}

fn missing(kind: Kind, key: &str) -> String {
    let kind = match kind {
        Kind::Http => "http",
        Kind::Connect => "connect",
        Kind::Frame => "frame",
        Kind::Close => "close",
        Kind::Lost => "lost",
    };
    format!("a {kind} line needs `{key}`")
}

/// A whole recording, read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recording {
    /// Its first line.
    pub header: Header,
    /// Every other line, in order.
    pub entries: Vec<Entry>,
}

impl Recording {
    /// Reads the recording at `path`.
    pub fn from_file(path: impl AsRef<std::path::Path>) -> Result<Recording, RecordingError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| RecordingError {
            file: Some(name.clone()),
            line: 0,
            message: format!("cannot read: {e}"),
        })?;
        Recording::parse(&bytes).map_err(|e| RecordingError {
            file: Some(name),
            ..e
        })
    }

    /// Reads a recording from its bytes: a header naming [`VERSION`], then one JSON object per
    /// line (blank lines are allowed). The first line that is not one is refused by number.
    pub fn parse(bytes: &[u8]) -> Result<Recording, RecordingError> {
        let fail = |line: usize, message: String| RecordingError {
            file: None,
            line,
            message,
        };
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let line = 1 + bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            fail(line, "not UTF-8 text".into())
        })?;
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty());
        let (first, head) = lines
            .next()
            .ok_or_else(|| fail(1, "empty: a recording starts with its header line".into()))?;
        let version: serde_json::Value = serde_json::from_str(head)
            .map_err(|e| fail(first, format!("the header is not JSON: {e}")))?;
        match version.get("contango_recording").map(|v| v.as_u64()) {
            Some(Some(v)) if v == u64::from(VERSION) => {}
            Some(Some(v)) => {
                return Err(fail(
                    first,
                    format!("format version {v}; this contango reads version {VERSION}"),
                ));
            }
            _ => {
                return Err(fail(
                    first,
                    "not a contango recording (no `contango_recording` version)".into(),
                ));
            }
        }
        let header: Header =
            serde_json::from_str(head).map_err(|e| fail(first, format!("bad header: {e}")))?;
        let entries = lines
            .map(|(n, l)| {
                let raw: Raw = serde_json::from_str(l).map_err(|e| fail(n, e.to_string()))?;
                raw.into_entry(n).map_err(|m| fail(n, m))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Recording { header, entries })
    }

    /// The HTTP exchanges, in order, with their lines.
    pub fn exchanges(&self) -> impl Iterator<Item = (&Entry, &Exchange)> {
        self.entries.iter().filter_map(|e| match &e.recorded {
            Recorded::Http(x) => Some((e, x)),
            _ => None,
        })
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
        r#"{"contango_recording":1,"started_ms":1764000000000,"client":"contango/0.1.0"}"#;

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
            }),
            Recorded::Http(Exchange {
                endpoint: "new_order".into(),
                method: "POST".into(),
                path: "/fapi/v2/order".into(),
                query: String::new(),
                body: Some(r#"{"clientOrderId":"ct1"}"#.into()),
                generated: vec!["clientOrderId".into()],
                outcome: Outcome::Failed("new_order: timed out".into()),
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
        ]
    }

    fn write(recorded: &[Recorded]) -> String {
        let mut text = format!("{HEADER}\n");
        for (i, r) in recorded.iter().enumerate() {
            let raw = Raw::of(i as u64, r.clone());
            text.push_str(&serde_json::to_string(&raw).expect("a line"));
            text.push('\n');
        }
        text
    }

    #[test]
    fn every_kind_of_line_reads_back_as_written() {
        let recorded = every_kind();
        let read = Recording::parse(write(&recorded).as_bytes()).expect("reads");
        assert_eq!(read.header.contango_recording, VERSION);
        let back: Vec<Recorded> = read.entries.iter().map(|e| e.recorded.clone()).collect();
        assert_eq!(back, recorded);
        assert_eq!(
            read.entries.iter().map(|e| e.line).collect::<Vec<_>>(),
            [2, 3, 4, 5, 6, 7, 8, 9]
        );
    }

    fn refused(text: &str) -> RecordingError {
        Recording::parse(text.as_bytes()).expect_err("refused")
    }

    #[test]
    fn a_damaged_recording_is_refused_with_its_line() {
        let good = write(&every_kind());
        // A line cut short (a crash while writing).
        let cut = &good[..good.len() - 20];
        let e = refused(cut);
        assert_eq!(e.line, 9, "{e}");
        assert!(
            e.to_string().starts_with("line 9: EOF while parsing"),
            "{e}"
        );
        // Not JSON at all.
        let e = refused(&good.replacen(r#"{"at":3,"#, "{at:3,", 1));
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
    }

    #[test]
    fn another_version_or_another_file_is_refused_at_the_header() {
        let e =
            refused(&write(&[]).replace(r#""contango_recording":1"#, r#""contango_recording":2"#));
        assert_eq!(e.line, 1);
        assert_eq!(e.message, "format version 2; this contango reads version 1");
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
