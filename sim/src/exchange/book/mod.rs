//! The matching engine: one price-time priority book per contract.
//!
//! Pure data structures, no accounts and no I/O: [`matching::plan`] says which resting orders an
//! incoming order would trade with, without touching the book, so the caller can check funds,
//! fill-or-kill and post-only first; [`Book::fill`] then applies the plan. [`TriggerIndex`] keeps
//! the pending triggers of conditional orders sorted by price, for the prices to test cheaply.
//! [`source::SourceBook`] is the book a market source shows, with the rules our orders fill by
//! against it.

pub mod matching;
pub mod orders;
pub mod source;
pub mod triggers;

pub use matching::{Fill, plan};
pub use orders::{Book, Resting};
pub use triggers::{Crossing, Slot, TriggerIndex, WatchedPrice};

/// The former name of [`Crossing`].
#[deprecated(note = "renamed `Crossing`")]
pub type Direction = Crossing;
/// The former name of [`WatchedPrice`].
#[deprecated(note = "renamed `WatchedPrice` (a source is a market source)")]
pub type PriceSource = WatchedPrice;

/// Direction of an order in the book (the wire's `Side` minus its catch-all).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
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

    /// The wire's side; `None` for its catch-all.
    pub fn from_wire(s: &contango::Side) -> Option<Side> {
        match s {
            contango::Side::Buy => Some(Side::Buy),
            contango::Side::Sell => Some(Side::Sell),
            _ => None,
        }
    }
}
