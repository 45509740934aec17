//! Recordings of real sessions (docs/design.md, Recordings): every HTTP exchange and stream frame
//! of a client,
//! in order, as JSON lines, without secrets; read back by [`Recording`] for replays
//! (`contango_sim::Replay`) and offline drift checks (`contango drift --from`).
//!
//! The format, one JSON object per line:
//!
//! - line 1, the header: `{"contango_recording":1,"started_ms":<epoch ms>,"client":"contango/x"}`;
//! - an HTTP exchange: `{"at":<ms since start>,"kind":"http","endpoint":"depth","method":"GET",
//!   "path":"/fapi/v1/depth","query":"contractName=E-BTC-USDT","body":"{..}","generated":
//!   ["clientOrderId"],"status":200,"content_type":"application/json","retry_after":"1",
//!   "response":"<body as received>"}`, or `"error":"<what failed>"` instead of an answer;
//!   `response_hex` holds a body that is not UTF-8; no request header is kept;
//! - a stream connection: `{"at":..,"kind":"connect","conn":1,"stream":"user","url":".."}`;
//! - a frame: `{"at":..,"kind":"frame","conn":1,"dir":"in","binary":true,"gzip":true,
//!   "text":"<payload, inflated>"}` (`dir` `out` for the client's own; `hex` for a payload that
//!   is not UTF-8);
//! - a connection's end: `{"at":..,"kind":"close","conn":1,"by":"server","code":1000,
//!   "reason":".."}` (`by`: `server`, `client` or `error`).
//!
//! Listen keys become `<listen-key-1>`, `<listen-key-2>`, ... (the same key, the same
//! placeholder), the API key `<api-key>`, the secret `<secret>` and a signature `<signature>`
//! wherever a server might echo them.

mod line;
mod recorder;
mod redact;

pub use line::{
    Answer, ClosedBy, Direction, Entry, Exchange, Frame, Header, Outcome, Payload, Recorded,
    Recording, RecordingError, VERSION,
};
pub(crate) use recorder::HttpAnswer;
pub use recorder::{DEFAULT_MAX_QUEUED_BYTES, Recorder};
