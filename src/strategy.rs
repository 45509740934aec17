//! A trading strategy as contango runs it: an async handler of market events that holds a
//! client. The same strategy runs live on a market stream ([`run_live`]) and on a recorded day
//! in the simulator's lockstep backtest (`contango_sim::Backtest`), unchanged.
//!
//! ```no_run
//! use contango::strategy::Strategy;
//! use contango::{Client, MarketEvent};
//!
//! struct Quiet;
//!
//! impl Strategy for Quiet {
//!     async fn on_event(&mut self, event: &MarketEvent, _client: &Client) {
//!         if let MarketEvent::Depth(d) = event {
//!             println!("{} levels", d.tick.asks.len() + d.tick.buys.len());
//!         }
//!     }
//! }
//! ```

use std::future::Future;

use crate::{Client, MarketEvent, MarketItem, MarketStream};

/// An async handler of market events, holding a client to trade with.
pub trait Strategy {
    /// Called with each market event, in order; the next is handled once this returns (the
    /// backtest releases the next frame only then).
    fn on_event(&mut self, event: &MarketEvent, client: &Client) -> impl Future<Output = ()>;
}

/// Runs `strategy` on a live market stream until the stream ends: each event, in order.
/// Gaps and disconnections are the stream's to handle (it reconnects and resubscribes).
pub async fn run_live<S: Strategy>(stream: &mut MarketStream, client: &Client, strategy: &mut S) {
    while let Some(item) = stream.recv().await {
        if let MarketItem::Event(event) = item {
            strategy.on_event(&event, client).await;
        }
    }
}
