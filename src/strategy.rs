//! A trading strategy as contango runs it: an async handler of market events, and of its own
//! orders' updates from the private stream, that holds a client. The same strategy runs live on
//! the streams ([`run_live`], [`run_live_with_orders`]) and on a recorded day in the simulator's
//! lockstep backtest (`contango_research::Backtest`), unchanged: there its order updates arrive in
//! event time, as they would live.
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

#[cfg(feature = "user-stream")]
use contango_runtime::stream::{StreamItem, UserStream};

use crate::{Client, MarketEvent, MarketItem, MarketStream};
#[cfg(feature = "user-stream")]
use crate::{Event, OrderTradeUpdate, UserStreamApi};

/// An async handler of market events and of its own orders' updates, holding a client to trade
/// with.
pub trait Strategy {
    /// Called with each market event, in order; the next is handled once this returns (the
    /// backtest releases the next frame only then).
    fn on_event(&mut self, event: &MarketEvent, client: &Client) -> impl Future<Output = ()>;

    /// Called with each private-stream update of the account's orders (accepted, filled,
    /// cancelled), in order among the market events. By default it does nothing.
    #[cfg(feature = "user-stream")]
    fn on_order(&mut self, update: &OrderTradeUpdate, client: &Client) -> impl Future<Output = ()> {
        let _ = (update, client);
        async {}
    }
}

/// Runs `strategy` on a live market stream until the stream ends: each event, in order.
/// Gaps and disconnections are the stream's to handle (it reconnects and resubscribes). With a
/// risk guard installed on `client` (`contango::risk::install`), every order the strategy sends
/// through it is judged before it is signed.
pub async fn run_live<S: Strategy>(stream: &mut MarketStream, client: &Client, strategy: &mut S) {
    while let Some(item) = stream.recv().await {
        if let MarketItem::Event(event) = item {
            strategy.on_event(&event, client).await;
        }
    }
}

#[cfg(feature = "user-stream")]
/// Runs `strategy` on a live market stream and the account's private stream until either ends:
/// each market event and each order update, in the order they arrive. The private stream's
/// fills and funding feed the risk guard installed on `client`, if any: its daily loss limit
/// counts them.
pub async fn run_live_with_orders<S: Strategy>(
    market: &mut MarketStream,
    orders: &mut UserStream<UserStreamApi>,
    client: &Client,
    strategy: &mut S,
) {
    loop {
        tokio::select! {
            item = market.recv() => match item {
                Some(MarketItem::Event(event)) => strategy.on_event(&event, client).await,
                Some(_) => {}
                None => return,
            },
            item = orders.recv() => match item {
                Some(StreamItem::Event(event)) => {
                    // The day's fills and funding reach the risk guard installed on the client.
                    if let Some(guard) = crate::risk::installed(client) {
                        guard.observe(&event);
                    }
                    if let Event::OrderTradeUpdate(u) = &event {
                        strategy.on_order(u, client).await;
                    }
                }
                Some(_) => {}
                None => return,
            },
        }
    }
}
