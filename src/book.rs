//! A local view of order books, kept from the market stream's depth snapshots: the latest book per
//! contract with best bid and ask, mid, spread, the exchange's time and the local receive time,
//! and a [`BookItem::Stale`] warning when a book stops changing or its frames lag the clock.
//!
//! Depth frames are full snapshots (no sequence numbers), so a book is simply replaced by each
//! frame; nothing has to be resynchronised after a gap, but a book that silently stops changing
//! (frames were seen to arrive seconds late, or not at all) must be noticed: that is what
//! [`BookItem::Stale`] is for.

use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime};

use rust_decimal::Decimal;

use crate::{
    Client, DepthChannel, Error, InvalidArgument, MarketData, MarketDepth, MarketEvent, MarketItem,
    MarketStream, Millis, PriceLevel, market_symbol,
};

/// The latest state of one book.
#[derive(Debug, Clone, PartialEq)]
pub struct Book {
    /// The contract name (`E-BTC-USDT`), or the channel symbol when the watcher does not know it.
    pub contract: String,
    /// The depth channel it comes from.
    pub channel: DepthChannel,
    /// Sell levels, best (lowest) first.
    pub asks: Vec<PriceLevel>,
    /// Buy levels, best (highest) first.
    pub bids: Vec<PriceLevel>,
    /// The exchange's time of the snapshot (0: none, as for an empty book).
    pub exchange_time: Millis,
    /// When the snapshot was received, by the local clock.
    pub received_at: SystemTime,
    /// Contract face value, when loaded ([`BookWatcher::load_multipliers`]): volumes are in
    /// contracts, times this is base units.
    pub multiplier: Option<Decimal>,
}

impl Book {
    /// The highest bid.
    pub fn best_bid(&self) -> Option<&PriceLevel> {
        self.bids.first()
    }

    /// The lowest ask.
    pub fn best_ask(&self) -> Option<&PriceLevel> {
        self.asks.first()
    }

    /// Halfway between the best bid and ask (exact).
    pub fn mid(&self) -> Option<Decimal> {
        let (b, a) = (self.best_bid()?, self.best_ask()?);
        Some((b.price + a.price) / Decimal::TWO)
    }

    /// Best ask minus best bid.
    pub fn spread(&self) -> Option<Decimal> {
        Some(self.best_ask()?.price - self.best_bid()?.price)
    }

    /// Bids with quantities in base units (contracts times the multiplier); `None` until the
    /// multiplier is known.
    pub fn bids_in_base(&self) -> Option<Vec<PriceLevel>> {
        self.in_base(&self.bids)
    }

    /// Asks with quantities in base units; `None` until the multiplier is known.
    pub fn asks_in_base(&self) -> Option<Vec<PriceLevel>> {
        self.in_base(&self.asks)
    }

    fn in_base(&self, levels: &[PriceLevel]) -> Option<Vec<PriceLevel>> {
        let m = self.multiplier?;
        Some(
            levels
                .iter()
                .map(|l| PriceLevel {
                    price: l.price,
                    quantity: l.quantity * m,
                })
                .collect(),
        )
    }
}

/// Why a book is not to be trusted right now.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StaleReason {
    /// The book has not changed (or never arrived) for this long.
    Unchanged(Duration),
    /// The last snapshot's exchange time was this far behind the clock when it arrived.
    Lagging(Duration),
}

/// What the watcher yields.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum BookItem {
    /// A book changed; its new state.
    Book(Book),
    /// A book is stale; reported once per episode (again after it recovers and goes stale again).
    Stale {
        /// The contract (or channel symbol).
        contract: String,
        /// Why.
        reason: StaleReason,
    },
    /// Anything else from the stream: other channels' events, gaps, disconnections, errors.
    Stream(MarketItem),
}

struct Entry {
    book: Option<Book>,
    contract: String,
    changed_at: Instant,
    stale: bool,
    lagging: bool,
}

/// Keeps the latest book of every depth channel of a [`MarketStream`].
///
/// ```no_run
/// # async fn run(client: contango::Client) -> Result<(), Box<dyn std::error::Error>> {
/// use contango::book::{BookItem, BookWatcher};
/// let stream = client.market_stream().connect().await?;
/// let mut books = BookWatcher::new(stream).stale_after(std::time::Duration::from_secs(5));
/// books.track("E-BTC-USDT", 0)?;
/// books.load_multipliers(&client).await?;
/// while let Some(item) = books.next().await {
///     match item {
///         BookItem::Book(b) => println!("{} mid {:?} spread {:?}", b.contract, b.mid(), b.spread()),
///         BookItem::Stale { contract, reason } => println!("{contract} stale: {reason:?}"),
///         BookItem::Stream(other) => println!("{other:?}"),
///         _ => {}
///     }
/// }
/// # Ok(()) }
/// ```
pub struct BookWatcher {
    stream: MarketStream,
    books: HashMap<DepthChannel, Entry>,
    /// Contract names by channel symbol, for the books' `contract`.
    names: HashMap<String, String>,
    multipliers: HashMap<String, Decimal>,
    stale_after: Duration,
    max_lag: Duration,
    /// Items decided but not yet yielded (a change that arrived lagging: stale, then the book).
    queued: std::collections::VecDeque<BookItem>,
}

impl std::fmt::Debug for BookWatcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BookWatcher")
            .field("books", &self.books.len())
            .field("stale_after", &self.stale_after)
            .field("max_lag", &self.max_lag)
            .finish_non_exhaustive()
    }
}

impl BookWatcher {
    /// Watches the depth channels of `stream` (those subscribed now and later; see
    /// [`Self::track`]). Defaults: stale after 10 s without change, or when a snapshot is more
    /// than 5 s behind the clock.
    pub fn new(stream: MarketStream) -> Self {
        BookWatcher {
            stream,
            books: HashMap::new(),
            names: HashMap::new(),
            multipliers: HashMap::new(),
            stale_after: Duration::from_secs(10),
            max_lag: Duration::from_secs(5),
            queued: std::collections::VecDeque::new(),
        }
    }

    /// A book that has not changed for this long is reported stale.
    pub fn stale_after(mut self, d: Duration) -> Self {
        self.stale_after = d.max(Duration::from_millis(1));
        self
    }

    /// A snapshot whose exchange time is further than this behind the clock (the client's
    /// estimate of the exchange's time) marks its book stale.
    pub fn max_lag(mut self, d: Duration) -> Self {
        self.max_lag = d;
        self
    }

    /// Subscribes to `contract`'s depth at `step` (if not yet) and watches it from now: it is
    /// reported stale if no snapshot comes within the stale time.
    pub fn track(&mut self, contract: &str, step: i32) -> Result<(), InvalidArgument> {
        let channel = DepthChannel::new(contract, step);
        self.stream.subscribe(channel.clone())?;
        self.names
            .insert(channel.symbol.clone(), contract.to_owned());
        self.books.entry(channel).or_insert_with(|| Entry {
            book: None,
            contract: contract.to_owned(),
            changed_at: Instant::now(),
            stale: false,
            lagging: false,
        });
        Ok(())
    }

    /// Loads the contract multipliers (face values) of the tracked contracts from `/contracts`,
    /// so books give volumes in base units too.
    pub async fn load_multipliers(&mut self, client: &Client) -> Result<(), Error> {
        let names: Vec<String> = self.names.values().cloned().collect();
        for name in names {
            let limits = crate::checks::facade_limits(client, &name).await?;
            if let Some(m) = limits.and_then(|c| c.multiplier) {
                self.multipliers.insert(market_symbol(&name), m);
            }
        }
        for entry in self.books.values_mut() {
            if let Some(book) = &mut entry.book {
                book.multiplier = self.multipliers.get(&book.channel.symbol).copied();
            }
        }
        Ok(())
    }

    /// The latest book of `contract` (at the lowest step watched), if one arrived.
    pub fn book(&self, contract: &str) -> Option<&Book> {
        let symbol = market_symbol(contract);
        self.books
            .iter()
            .filter(|(c, _)| c.symbol == symbol)
            .min_by_key(|(c, _)| c.step)
            .and_then(|(_, e)| e.book.as_ref())
    }

    /// Whether the book [`Self::book`] gives for `contract` is stale now: unchanged (or never
    /// arrived) for the stale time, or its last snapshot lagged the clock. [`BookItem::Stale`]
    /// says when a book turns stale; this says whether it still is (a view drawn at any time).
    pub fn is_stale(&self, contract: &str) -> bool {
        let symbol = market_symbol(contract);
        self.books
            .iter()
            .filter(|(c, _)| c.symbol == symbol)
            .min_by_key(|(c, _)| c.step)
            .is_some_and(|(_, e)| e.lagging || e.changed_at.elapsed() >= self.stale_after)
    }

    /// The stream underneath (to subscribe to other channels, send requests).
    pub fn stream(&mut self) -> &mut MarketStream {
        &mut self.stream
    }

    /// The next change, staleness warning or other stream item; `None` once the stream stopped.
    pub async fn next(&mut self) -> Option<BookItem> {
        loop {
            if let Some(item) = self.queued.pop_front() {
                return Some(item);
            }
            if let Some(stale) = self.check_unchanged() {
                return Some(stale);
            }
            let wake = self.next_check();
            let item = tokio::select! {
                item = self.stream.recv() => item?,
                _ = tokio::time::sleep_until(wake) => continue,
            };
            match item {
                MarketItem::Event(MarketEvent::Depth(d)) => {
                    if let Some(out) = self.apply(d) {
                        return Some(out);
                    }
                }
                other => return Some(BookItem::Stream(other)),
            }
        }
    }

    /// Stops the stream.
    pub async fn shutdown(self) {
        self.stream.shutdown().await;
    }

    /// The earliest moment a book may turn stale.
    fn next_check(&self) -> tokio::time::Instant {
        let at = self
            .books
            .values()
            .filter(|e| !e.stale)
            .map(|e| e.changed_at + self.stale_after)
            .min()
            .unwrap_or_else(|| Instant::now() + self.stale_after);
        tokio::time::Instant::from_std(at)
    }

    fn check_unchanged(&mut self) -> Option<BookItem> {
        let stale_after = self.stale_after;
        let entry = self
            .books
            .values_mut()
            .find(|e| !e.stale && e.changed_at.elapsed() >= stale_after)?;
        entry.stale = true;
        Some(BookItem::Stale {
            contract: entry.contract.clone(),
            reason: StaleReason::Unchanged(entry.changed_at.elapsed()),
        })
    }

    /// Takes a snapshot: a changed book is yielded; a lagging one is reported stale (once).
    fn apply(&mut self, d: MarketData<DepthChannel, MarketDepth>) -> Option<BookItem> {
        let now_ms = self.stream.server_time_ms();
        let name = self.names.get(&d.channel.symbol).cloned();
        let multiplier = self.multipliers.get(&d.channel.symbol).copied();
        let entry = self
            .books
            .entry(d.channel.clone())
            .or_insert_with(|| Entry {
                book: None,
                contract: name.unwrap_or_else(|| d.channel.symbol.clone()),
                changed_at: Instant::now(),
                stale: false,
                lagging: false,
            });
        let lag_ms = if d.ts.0 > 0 { now_ms - d.ts.0 } else { 0 };
        let lag = Duration::from_millis(u64::try_from(lag_ms).unwrap_or(0));
        let was_lagging = entry.lagging;
        entry.lagging = lag > self.max_lag;
        let changed = entry
            .book
            .as_ref()
            .is_none_or(|b| b.asks != d.tick.asks || b.bids != d.tick.buys);
        let book = Book {
            contract: entry.contract.clone(),
            channel: d.channel,
            asks: d.tick.asks,
            bids: d.tick.buys,
            exchange_time: d.ts,
            received_at: SystemTime::now(),
            multiplier,
        };
        entry.book = Some(book.clone());
        if changed {
            entry.changed_at = Instant::now();
            entry.stale = false;
        }
        let stale = (entry.lagging && !was_lagging).then(|| BookItem::Stale {
            contract: entry.contract.clone(),
            reason: StaleReason::Lagging(lag),
        });
        match (stale, changed) {
            (Some(stale), true) => {
                self.queued.push_back(BookItem::Book(book));
                Some(stale)
            }
            (Some(stale), false) => Some(stale),
            (None, true) => Some(BookItem::Book(book)),
            (None, false) => None,
        }
    }
}
