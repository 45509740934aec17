//! One line of a recording: what it holds, how it is written and how it is read back. The
//! format is documented in docs/recordings.md; this file is the one place it is defined.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The format version a recorder writes: version 2 with the tool calls of an agents' session
/// ([`Recorded::Tool`]). A reader takes it, [`VERSION_2`] and [`VERSION_1`]; it refuses any
/// other at the header, and a kind of line its file's version does not have.
pub const VERSION: u32 = 3;

/// The second format: times in microseconds, clock samples and gaps; no tool calls. Read as it is.
pub const VERSION_2: u32 = 2;

/// The first format: times in whole milliseconds, an exchange's only when it was sent, no clock
/// samples nor gaps. Still read: its `at` becomes [`Entry::at_us`] × 1000.
pub const VERSION_1: u32 = 1;

/// The first line: the format's version and when the recording started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// [`VERSION`] when written; [`VERSION_2`] or [`VERSION_1`] for a file of an earlier format.
    pub contango_recording: u32,
    /// Wall-clock time of the start, in microseconds since the epoch (version 2's
    /// `started_us`; version 1's `started_ms` × 1000); each line's time counts from here.
    pub started_us: i64,
    /// The same in whole milliseconds, for readers that count in them.
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

/// A tool call of an agents' session (`contango mcp --record`): what the agent asked and what
/// it was answered, each as JSON text. Exactly one of `result` and `error` is present.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolCall {
    /// The tool's name (`new_order`, `account_state`).
    pub name: String,
    /// The arguments as the agent gave them, a JSON object.
    pub arguments: String,
    /// The structured answer, when the call succeeded.
    pub result: Option<String>,
    /// The tool error's structured content, when it did not (a refused argument, a risk limit,
    /// the exchange's error).
    pub error: Option<String>,
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
    /// A tool call an agent made (version 3), beside the exchanges it caused.
    Tool(ToolCall),
}

/// A line of a recording read back: where it was, when it happened, what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its line number in its file (the header is line 1); 0 for a line no file holds (the gap
    /// [`Recording::from_dir`](super::Recording::from_dir) puts where a directory's recorder was not running).
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
