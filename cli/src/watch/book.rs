//! `contango watch book`: the [`BookWatcher`] of one contract as JSON lines of the book, or as a
//! ladder on the terminal (`view`): asks above bids, sizes as bars scaled to the
//! largest level shown, spread and mid between them, `STALE` while the watcher says the book is
//! not to be trusted. [`BookFeed`] is what the views read of it (the trading screen's too).

use std::time::Duration;

use contango::book::{Book, BookItem, BookWatcher, StaleReason};
use contango::{Client, DepthChannel, MarketEvent, MarketStream, PriceLevel};
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::text;
use super::view::state::{BookPanel, Screen, ViewState};
use super::view::{self, Feed};
use crate::commands::watched;
use crate::failure::Failure;
use crate::output::Format;
use crate::shape::{answer, raw_market_event};
use crate::stream::{Stop, either, item_json, stdout_sink};

/// The exact book: depth step 0.
const STEP: i32 = 0;

/// Connects the market stream with `contract`'s depth subscribed (its name refused before
/// connecting, with the SDK's text), and a [`BookWatcher`] tracking it; `None` when `stop`
/// came first.
pub(super) async fn connect(
    client: &Client,
    contract: &str,
    stop: &mut Stop,
) -> Result<Option<BookWatcher>, Failure> {
    let channel = DepthChannel::new(contract, STEP);
    channel
        .check()
        .map_err(|e| Failure::Refused(e.to_string()))?;
    // A frame's lag is measured against the client's estimate of the exchange clock: sample
    // it first (a simulator following a recording runs at the recording's time).
    client.core().sync_clock().await;
    let connect = client.market_stream().subscribe(channel).connect();
    let stream: MarketStream = tokio::select! {
        s = connect => s.map_err(Failure::from)?,
        () = &mut *stop => return Ok(None),
    };
    let mut books = BookWatcher::new(stream);
    match books.track(contract, STEP) {
        Ok(()) => Ok(Some(books)),
        Err(e) => {
            books.shutdown().await;
            Err(Failure::Refused(e.to_string()))
        }
    }
}

/// The exchange's time now as `client` estimates it (the local clock and its last sample of
/// the server's), Unix milliseconds.
pub(super) fn exchange_now(client: &Client) -> i64 {
    text::now_ms().saturating_add(client.core().clock_offset_ms())
}

/// Follows `contract`'s book until `stop` (with `played_out`: JSON lines end there too, the
/// view stays): JSON lines, or the ladder of `levels` a side under `header`.
pub(super) async fn run(
    client: Client,
    contract: String,
    levels: usize,
    mut stop: Stop,
    played_out: Option<Stop>,
    format: Format,
    header: String,
) -> Result<(), Failure> {
    if format == Format::Table {
        view::check_terminal()?;
    }
    let Some(mut books) = connect(&client, &contract, &mut stop).await? else {
        return Ok(());
    };
    eprintln!("watch: subscribed; Ctrl-C or SIGTERM stops it");
    let outcome = match format {
        Format::Json => {
            // JSON lines end where a replay's recording does.
            let mut stop = match played_out {
                Some(played_out) => either(stop, played_out),
                None => stop,
            };
            lines(&mut books, levels, &mut stop).await
        }
        Format::Table => {
            let mut state = ViewState::new(
                Screen::Book,
                format!("contango watch book {contract}"),
                header,
            );
            state.book = Some(BookPanel::new(contract.clone(), levels));
            let mut feed = BookFeed::new(&mut books, contract);
            let clock = || exchange_now(&client);
            view::run(&mut feed, state, &mut stop, played_out, &clock).await
        }
    };
    books.shutdown().await;
    outcome
}

/// Writes each item as a JSON line until `stop` or the stream's end.
async fn lines(books: &mut BookWatcher, levels: usize, stop: &mut Stop) -> Result<(), Failure> {
    let mut sink = stdout_sink();
    loop {
        let item = tokio::select! {
            item = books.next() => match item {
                Some(item) => item,
                None => return Err(Failure::Transport(BookFeed::ENDED.to_owned())),
            },
            () = &mut *stop => return Ok(()),
        };
        let line = match &item {
            BookItem::Book(b) => Some(book_json(b, levels)?),
            BookItem::Stale { contract, reason } => Some(stale_json(contract, reason)),
            BookItem::Stream(s) => Some(item_json(s, unwatched_event)),
            _ => None,
        };
        if let Some(line) = line {
            sink(&line).map_err(|_| Failure::Other("cannot write to stdout".to_owned()))?;
        }
    }
}

/// `{"type":"book",..}`: the best `levels` a side as `depth` prints its levels, mid and spread.
fn book_json(b: &Book, levels: usize) -> Result<Value, Failure> {
    let side = |l: &[PriceLevel]| answer(&l.get(..levels).unwrap_or(l), &watched::LEVELS);
    let text = |d: Option<Decimal>| d.map(|d| d.to_string());
    Ok(json!({
        "type": "book",
        "contract": b.contract,
        "channel": b.channel.name(),
        "time": b.exchange_time.0,
        "asks": side(&b.asks)?,
        "bids": side(&b.bids)?,
        "mid": text(b.mid()),
        "spread": text(b.spread()),
    }))
}

/// `{"type":"stale",..}`: the book turned stale, and for how long it has not changed or how far
/// its frames lag.
fn stale_json(contract: &str, reason: &StaleReason) -> Value {
    let (why, d) = match reason {
        StaleReason::Unchanged(d) => ("unchanged", Some(*d)),
        StaleReason::Lagging(d) => ("lagging", Some(*d)),
        _ => ("other", None),
    };
    let ms = d.map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
    json!({ "type": "stale", "contract": contract, "reason": why, "ms": ms })
}

/// A market event the watcher passes on: only depth is subscribed, so a channel the spec does
/// not list.
fn unwatched_event(e: &MarketEvent) -> Value {
    match e {
        MarketEvent::Other { channel, raw } => raw_market_event(channel, raw),
        _ => json!({ "type": "other" }),
    }
}

/// What the views read of a [`BookWatcher`]: each book of the contract into the ladder (its
/// moves marked), staleness, and the stream's gaps and disconnections as the notice.
#[derive(Debug)]
pub(super) struct BookFeed<'a> {
    books: &'a mut BookWatcher,
    contract: String,
    /// Why the book last turned stale, and when that was said (local ms).
    stale: Option<(StaleReason, i64)>,
}

impl<'a> BookFeed<'a> {
    pub(super) fn new(books: &'a mut BookWatcher, contract: String) -> BookFeed<'a> {
        BookFeed {
            books,
            contract,
            stale: None,
        }
    }
}

impl Feed for BookFeed<'_> {
    type Item = BookItem;
    const ENDED: &'static str = "the market stream ended";

    fn next(&mut self) -> impl std::future::Future<Output = Option<BookItem>> {
        self.books.next()
    }

    fn note(&mut self, item: BookItem, view: &mut ViewState) {
        let now = view.now_ms;
        match item {
            BookItem::Book(b) if b.contract == self.contract => {
                let side = |l: &[PriceLevel]| -> Vec<(Decimal, Decimal)> {
                    l.iter().map(|l| (l.price, l.quantity)).collect()
                };
                if let Some(panel) = view.book.as_mut() {
                    panel.update(&side(&b.asks), &side(&b.bids), b.exchange_time.0, now);
                }
            }
            BookItem::Stale { reason, .. } => self.stale = Some((reason, now)),
            BookItem::Stream(s) => {
                view.notice = Some((text::notice(&item_json(&s, unwatched_event)), now));
            }
            _ => {}
        }
    }

    fn refresh(&mut self, view: &mut ViewState) {
        let now = view.now_ms;
        if let Some(panel) = view.book.as_mut() {
            let stale = self.books.is_stale(&self.contract);
            panel.stale = stale.then(|| stale_text(self.stale.as_ref(), now));
        }
    }
}

/// `unchanged for 12.5 s` or `frames 2.0 s late`, from the watcher's last word at `now`.
fn stale_text(stale: Option<&(StaleReason, i64)>, now: i64) -> String {
    match stale {
        Some((StaleReason::Unchanged(d), at)) => {
            let since = Duration::from_millis(u64::try_from(now - at).unwrap_or(0));
            format!("unchanged for {}", text::age(*d + since))
        }
        Some((StaleReason::Lagging(d), _)) => format!("frames {} late", text::age(*d)),
        _ => "no change for a while".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use std::time::SystemTime;

    use super::*;
    use contango::Millis;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    fn levels(l: &[(&str, &str)]) -> Vec<PriceLevel> {
        l.iter()
            .map(|(p, q)| PriceLevel {
                price: d(p),
                quantity: d(q),
            })
            .collect()
    }

    fn book() -> Book {
        Book {
            contract: "E-BTC-USDT".into(),
            channel: DepthChannel::new("E-BTC-USDT", 0),
            asks: levels(&[
                ("30010", "100"),
                ("30020", "50"),
                ("30030.5", "25"),
                ("30040", "1000"),
            ]),
            bids: levels(&[("29990", "200"), ("29980", "1")]),
            exchange_time: Millis(1_000),
            received_at: SystemTime::now(),
            multiplier: None,
        }
    }

    #[test]
    fn a_stale_book_says_for_how_long_or_how_late() {
        let unchanged = (StaleReason::Unchanged(Duration::from_secs(10)), 1_000);
        assert_eq!(stale_text(Some(&unchanged), 3_500), "unchanged for 12.5 s");
        let lagging = (StaleReason::Lagging(Duration::from_secs(2)), 1_000);
        assert_eq!(stale_text(Some(&lagging), 9_000), "frames 2.0 s late");
    }

    #[test]
    fn a_book_line_holds_the_best_levels_as_depth_prints_them() {
        let line = book_json(&book(), 2).unwrap_or_default();
        assert_eq!(line["type"], "book");
        assert_eq!(line["channel"], "market_e_btcusdt_depth_step0");
        assert_eq!(line["asks"], json!([["30010", "100"], ["30020", "50"]]));
        assert_eq!(line["bids"], json!([["29990", "200"], ["29980", "1"]]));
        assert_eq!(
            (&line["mid"], &line["spread"]),
            (&json!("30000"), &json!("20"))
        );
    }
}
