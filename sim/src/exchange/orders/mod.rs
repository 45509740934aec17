//! Orders: how one is placed ([`place`]), filled ([`settle`]) and cancelled ([`cancel`]). What
//! an order is lives in `order`; a request is read into one by the server.
//!
//! Order types:
//! - `LIMIT` trades what crosses its price, then rests (status NEW or PARTIALLY_FILLED).
//! - `MARKET` trades at any price, up to its volume; the rest is cancelled. Its `price` is ignored.
//! - `IOC` trades what crosses its price; the rest is cancelled (CANCELLED, with `executedQty`).
//! - `FOK` trades its whole volume if the book allows, else nothing (CANCELLED).
//! - `POST_ONLY` rests without trading; one that would trade is REJECTED.
//!
//! A conditional order (a stop loss or take profit) waits with status INIT until its trigger
//! fires, then becomes the LIMIT or MARKET order it places, under the same id
//! (`conditional`). An accepted order always gets an id; refusals (errors) create nothing.
//! PENDING_CANCEL is never produced. A done order leaves the core as a record at the end of the
//! input that finished it.
//!
//! Finding an order: a conditional order that has not fired is found only when the request says
//! `conditionOrder=true` (the exchange keeps them apart until they fire); with it, only orders
//! that are or were conditional are found ([`visible`]).

pub mod cancel;
pub mod place;
pub mod settle;

use super::order::OrderRecord;

/// Whether `o` is what a request of `uid` in `symbol` with `conditionOrder` = `conditional`
/// may see (module docs).
pub fn visible(o: &OrderRecord, uid: i64, symbol: &str, conditional: bool) -> bool {
    o.uid == uid
        && o.symbol == symbol
        && if conditional {
            o.condition.is_some()
        } else {
            !o.is_waiting()
        }
}

#[cfg(test)]
mod tests;
