//! The matching engine: one price-time priority book per contract.
//!
//! Pure data structures, no accounts and no I/O: [`matching::plan`] says which resting orders an
//! incoming order would trade with, without touching the book, so the caller can check funds,
//! fill-or-kill and post-only first; [`Book::fill`] then applies the plan. [`TriggerIndex`] keeps
//! the pending triggers of conditional orders sorted by price, for the prices to test cheaply.
//! [`mirror::MirrorBook`] is a book mirrored from a market source, with the rules our orders fill
//! by against it.

pub mod book;
pub mod matching;
pub mod mirror;
pub mod triggers;

pub use book::{Book, Resting};
pub use matching::{Fill, plan};
pub use triggers::{Direction, PriceSource, Slot, TriggerIndex};

/// Direction of an order in the book (the wire's `Side` minus its catch-all).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Buy: rests among the bids.
    Buy,
    /// Sell: rests among the asks.
    Sell,
}

impl Side {
    /// The other side.
    pub fn opposite(self) -> Side {
        match self {
            Side::Buy => Side::Sell,
            Side::Sell => Side::Buy,
        }
    }

    /// `BUY` or `SELL`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Buy => "BUY",
            Side::Sell => "SELL",
        }
    }

    /// The wire value.
    pub fn wire(self) -> contango::Side {
        match self {
            Side::Buy => contango::Side::Buy,
            Side::Sell => contango::Side::Sell,
        }
    }
}
