//! The public market stream: what generated code provides (`api`: [`MarketApi`], its channels as
//! [`Subscription`]s), channel names (`channel`: the symbol rule, templates), the frame envelope
//! (`frame`: [`MarketFrame`], read in one pass), its session on the engine (`session`:
//! subscriptions, requests, heartbeats; [`decode_market_frame`] for recorded frames) and the
//! handle a user holds ([`MarketStream`], `stream`).

mod api;
mod channel;
mod frame;
mod session;
mod stream;

pub use api::{MarketApi, MarketData, Protocol, Subscription};
pub use channel::{SymbolRule, TemplatePart, match_template};
pub use frame::{MarketFrame, raw_reader};
pub(crate) use session::decode_market_frame_noting;
pub use session::{MarketMessage, decode_market_frame};
pub use stream::{MarketRequest, MarketStream, MarketStreamBuilder, RequestError};
