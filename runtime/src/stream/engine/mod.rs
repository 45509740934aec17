//! The one WebSocket engine both streams run, generic over a [`Session`] (what differs between
//! them): the [`supervisor`](Supervisor) owns the connections (reconnect with jittered backoff,
//! make-before-break rotation with frame dedupe, typed gaps naming their channels, the bounded
//! buffer and the slow-consumer policy, the session's upkeep, a snapshot hook after each gap);
//! each [`connection`] task connects, subscribes, answers pings, watches for silence and
//! forwards frames, read in one pass by the session. `frame` inflates gzip frames and names the
//! control messages a session may recognise; `item` is what the streams yield.

mod config;
pub(crate) mod connection;
pub(crate) mod frame;
mod item;
mod seen;
mod session;
mod supervisor;
mod transport;

pub(crate) use config::{Settings, common_setters};
pub use item::{ConnectError, Gap, GapReason, StreamError, StreamItem};
pub(crate) use session::{Decoded, Opening, Read, Session, Upkeep};
pub use supervisor::SnapshotHook;
pub(crate) use supervisor::{Command, Start, Supervisor};
