//! The core and what the venue remembers of it: what the venue's lock guards.

use crate::exchange::Exchange;
use crate::history::History;

/// The core and what the venue remembers of it, behind one lock.
#[derive(Debug)]
pub struct Core {
    /// The exchange.
    pub exchange: Exchange,
    /// What left it.
    pub history: Box<dyn History>,
    /// The last input applied (its journal seq).
    pub seq: u64,
}
