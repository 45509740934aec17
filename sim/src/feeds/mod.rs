//! What feeds the venue besides the servers: the market driver's steps, a market source's frames (live, recorded, or stepped by a caller), how recorded
//! frames are paced, and the decoded cache recorded markets replay from.

pub mod cache;
pub mod driver;
pub use crate::config::pace;
pub mod source;
