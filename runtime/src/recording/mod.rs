//! Recordings of real sessions (docs/design.md, Recordings): every HTTP exchange and stream frame
//! of a client, in order, as JSON lines, without secrets; read back by [`Recording`] (or a line
//! at a time by [`Entries`]) for replays (`contango_sim::Replay`) and offline drift checks
//! (`contango drift --from`).
//!
//! `line` is the format, `recorder` the writer (one file, or rotating files by the UTC hour or
//! day, each closed one gzipped: `rotate`), `entries` the reading of one file's lines as they
//! come (a last line cut short by a kill ends it with a warning), `text` a file's text (plain or
//! gzip, inflated as it is read), `join` a file or a directory of them read as one session an
//! entry at a time, one file open at a time ([`Joined`]), `files` the same read whole; `redact`
//! keeps secrets out.
//!
//! The format (version 3), one JSON object per line; times are microseconds since the start:
//!
//! - line 1, the header: `{"contango_recording":3,"started_us":<epoch µs>,"client":"contango/x"}`;
//! - an HTTP exchange: `{"at_us":<sent>,"finished_us":<answer whole>,"kind":"http",
//!   "endpoint":"depth","method":"GET","path":"/fapi/v1/depth","query":"contractName=E-BTC-USDT",
//!   "body":"{..}","generated":["clientOrderId"],"status":200,"content_type":"application/json",
//!   "retry_after":"1","response":"<body as received>"}`, or `"error":"<what failed>"` instead
//!   of an answer; `response_hex` holds a body that is not UTF-8; no request header is kept;
//! - a stream connection: `{"at_us":..,"kind":"connect","conn":1,"stream":"user","url":".."}`;
//! - a frame: `{"at_us":..,"kind":"frame","conn":1,"dir":"in","binary":true,"gzip":true,
//!   "text":"<payload, inflated>"}` (`dir` `out` for the client's own; `hex` for a payload that
//!   is not UTF-8);
//! - a connection's end: `{"at_us":..,"kind":"close","conn":1,"by":"server","code":1000,
//!   "reason":".."}` (`by`: `server`, `client` or `error`);
//! - what the recorder left out: `{"at_us":..,"kind":"lost","count":12}`;
//! - a clock sample: `{"at_us":..,"kind":"clock","offset_us":-1234,"round_trip_us":812}`, the
//!   exchange's clock minus the local one as the client measured it (the local clock is the
//!   wall, or the one the recorder was given: `Recorder::create_with_clock`);
//! - a stream blind for a while: `{"at_us":..,"kind":"gap","stream":"market","reason":"..",
//!   "from_us":..,"to_us":..,"channels":[".."]}`, from the last frame of the lost connection to
//!   the new one's subscription;
//! - an agent's tool call (version 3): `{"at_us":..,"kind":"tool","tool":"new_order",
//!   "arguments":"<JSON>","result":"<JSON>"}`, or `"error":"<JSON>"` for a tool error.
//!
//! Version 2 (still read) is the same without tool calls. Version 1 (still read) had `"started_ms"` and `"at"` in milliseconds, an exchange's time
//! only when it was sent, and neither clock samples nor gaps; [`Entry::at_us`] gives its times
//! in microseconds all the same.
//!
//! Listen keys become `<listen-key-1>`, `<listen-key-2>`, ... (the same key, the same
//! placeholder), the API key `<api-key>`, the secret `<secret>` and a signature `<signature>`
//! wherever a server might echo them.

mod entries;
mod files;
mod join;
mod line;
mod msg;
mod raw;
mod recorder;
mod redact;
mod rotate;
mod tap;
mod text;
mod writer;

pub use entries::Entries;
pub use entries::Recording;
pub use join::{Disk, FileSource, Joined};
pub use line::{
    Answer, ClosedBy, Direction, Entry, Exchange, Frame, Header, Outcome, Payload, Recorded,
    RecordingError, ToolCall, VERSION, VERSION_1, VERSION_2,
};
pub(crate) use msg::HttpAnswer;
pub use recorder::{DEFAULT_MAX_QUEUED_BYTES, Recorder};
pub use rotate::Rotation;
pub use text::{Inflated, Text};
