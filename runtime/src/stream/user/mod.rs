//! The private event stream: what generated code provides ([`StreamApi`]: decoding and the
//! listen-key calls), the listen keys themselves ([`ListenKeys`]), the stream's control messages
//! (`control`), its session on the engine (`session`) and the handle a user holds
//! ([`UserStream`], `stream`).

mod api;
mod control;
mod keys;
mod session;
mod stream;

pub use api::{DEFAULT_URL_TEMPLATE, StreamApi};
pub use keys::ListenKeys;
pub use stream::{UserStream, UserStreamBuilder};

// For `control`, which names the engine's control vocabulary through `super` (so the fuzz target
// can compile it in beside the engine's frame reading).
use super::engine::frame::Control;
