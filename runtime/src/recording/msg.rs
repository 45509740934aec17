//! What the recorder's handle hands its writer thread (`writer`): the messages, each exchange
//! as the request path has it, and what a message counts against the queue's bound.

use std::io;

use bytes::Bytes;
use zeroize::Zeroizing;

use super::line::ToolCall;
#[cfg(feature = "streams")]
use super::line::{ClosedBy, Direction};
use crate::wire::encode::PathParam;

/// How often the writer looks at its queue (and so how far the file may lag behind).
pub(super) const TICK: std::time::Duration = std::time::Duration::from_millis(10);

/// How many generated values (client order ids) the writer remembers: enough for every order in
/// flight, bounded whatever the session does.
pub(super) const GENERATED_KEPT: usize = 4096;

/// What an exchange or a frame is counted as besides its bytes (its fields, the queue's node).
pub(super) const ENTRY_OVERHEAD: usize = 128;

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
    /// An agent's tool call and its outcome.
    Tool {
        at: u64,
        call: ToolCall,
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
