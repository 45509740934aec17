//! What feeds the venue besides the servers: the clock that stamps inputs, the market driver's
//! steps, a market source's frames (live, recorded, or stepped by a caller), and how recorded
//! frames are paced.

pub mod clock;
pub mod driver;
pub mod pace;
pub mod source;
