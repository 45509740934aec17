//! `contango watch book`: the [`BookWatcher`] of one contract as JSON lines of the book, or as a
//! ladder redrawn in place: asks above bids, sizes as bars scaled to the largest level shown,
//! spread and mid between them, `STALE` while the watcher says the book is not to be trusted.

use std::time::{Duration, Instant};

use contango::book::{Book, BookItem, BookWatcher, StaleReason};
use contango::{Client, DepthChannel, MarketEvent, PriceLevel};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde_json::{Value, json};

use super::screen::{self, Screen, bold, colour};
use crate::commands::watched;
use crate::failure::Failure;
use crate::output::Format;
use crate::shape::{answer, raw_market_event};
use crate::stream::{Stop, item_json, stdout_sink};

/// The exact book: depth step 0.
const STEP: i32 = 0;
/// Cells of the longest bar.
const BAR_WIDTH: u32 = 40;
/// A bar's last cell in eighths.
const EIGHTHS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/// Subscribes `contract`'s depth (its name refused before connecting, with the SDK's text) and
/// follows its book until `stop`.
pub(super) async fn run(
    client: Client,
    contract: String,
    levels: usize,
    mut stop: Stop,
    format: Format,
    header: Vec<String>,
) -> Result<(), Failure> {
    let channel = DepthChannel::new(&contract, STEP);
    channel
        .check()
        .map_err(|e| Failure::Refused(e.to_string()))?;
    let connect = client.market_stream().subscribe(channel).connect();
    let stream = tokio::select! {
        s = connect => s.map_err(Failure::from)?,
        () = &mut stop => return Ok(()),
    };
    let mut books = BookWatcher::new(stream);
    let outcome = match books.track(&contract, STEP) {
        Ok(()) => {
            eprintln!("watch: subscribed; Ctrl-C or SIGTERM stops it");
            let view = View {
                contract,
                levels,
                header,
                stale: None,
                notice: None,
            };
            follow(&mut books, view, &mut stop, format).await
        }
        Err(e) => Err(Failure::Refused(e.to_string())),
    };
    books.shutdown().await;
    outcome
}

/// Writes each item until `stop` or the stream's end. The terminal's alternate screen ends with
/// this function.
async fn follow(
    books: &mut BookWatcher,
    mut view: View,
    stop: &mut Stop,
    format: Format,
) -> Result<(), Failure> {
    let mut screen = match format {
        Format::Table => Some(Screen::enter()?),
        Format::Json => None,
    };
    let mut sink = stdout_sink();
    // The ages and the stale marker move on without frames.
    let mut tick = tokio::time::interval(Duration::from_millis(500));
    loop {
        // `None`: a tick, only to redraw.
        let item = tokio::select! {
            item = books.next() => match item {
                Some(item) => Some(item),
                None => return Err(Failure::Transport("the market stream ended".to_owned())),
            },
            () = &mut *stop => return Ok(()),
            _ = tick.tick(), if screen.is_some() => None,
        };
        match &mut screen {
            Some(screen) => {
                if let Some(item) = &item {
                    view.note(item);
                }
                let book = books.book(&view.contract);
                let stale = books.is_stale(&view.contract);
                screen.draw(&view.render(book, stale, screen::now_ms()))?;
            }
            None => {
                let line = match &item {
                    Some(BookItem::Book(b)) => Some(book_json(b, view.levels)?),
                    Some(BookItem::Stale { contract, reason }) => {
                        Some(stale_json(contract, reason))
                    }
                    Some(BookItem::Stream(s)) => Some(item_json(s, unwatched_event)),
                    _ => None,
                };
                if let Some(line) = line {
                    sink(&line).map_err(|_| Failure::Other("cannot write to stdout".to_owned()))?;
                }
            }
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

/// What the ladder shows besides the book.
#[derive(Debug)]
struct View {
    contract: String,
    levels: usize,
    header: Vec<String>,
    /// Why the book last turned stale, and when that was said.
    stale: Option<(StaleReason, Instant)>,
    /// The last gap, disconnection or error, and when.
    notice: Option<(String, Instant)>,
}

impl View {
    fn note(&mut self, item: &BookItem) {
        match item {
            BookItem::Stale { reason, .. } => self.stale = Some((reason.clone(), Instant::now())),
            BookItem::Stream(s) => {
                let line = item_json(s, unwatched_event);
                let field = |key: &str| line[key].as_str().unwrap_or_default().to_owned();
                let text = match field("type").as_str() {
                    "gap" => format!(
                        "gap: {} (the next snapshot replaces the book)",
                        field("reason")
                    ),
                    "disconnected" => format!("disconnected: {}", field("reason")),
                    "error" => format!("stream error: {}", field("message")),
                    _ => format!("stream: {line}"),
                };
                self.notice = Some((text, Instant::now()));
            }
            _ => {}
        }
    }

    /// The ladder of `book` at local time `now_ms`.
    fn render(&self, book: Option<&Book>, stale: bool, now_ms: i64) -> Vec<String> {
        let mut header = self.header.iter();
        let mut out = vec![format!(
            "{}  {}",
            bold(&format!("contango watch book {}", self.contract)),
            header.next().map(String::as_str).unwrap_or_default()
        )];
        out.extend(header.cloned());
        let Some(book) = book else {
            out.push(String::new());
            out.push(format!("waiting for the first book of {}…", self.contract));
            return out;
        };
        let mut status = match book.exchange_time.0 {
            0 => "no exchange time".to_owned(),
            t => format!(
                "exchange time {} UTC ({} ago)",
                screen::clock_ms(t),
                screen::age(Duration::from_millis(
                    u64::try_from(now_ms - t).unwrap_or(0)
                ))
            ),
        };
        status.push_str(&format!("   {} levels a side", self.levels));
        if stale {
            status.push_str("   ");
            status.push_str(&colour(31, &format!("STALE{}", self.stale_text())));
        }
        out.push(status);
        if let Some((text, at)) = &self.notice {
            out.push(format!("{text} ({} ago)", screen::age(at.elapsed())));
        }
        out.push(String::new());
        out.extend(ladder(book, self.levels));
        out
    }

    /// `: unchanged for 12.5 s` or `: frames 2.0 s late`, from the watcher's last word.
    fn stale_text(&self) -> String {
        match &self.stale {
            Some((StaleReason::Unchanged(d), at)) => {
                format!(": unchanged for {}", screen::age(*d + at.elapsed()))
            }
            Some((StaleReason::Lagging(d), _)) => format!(": frames {} late", screen::age(*d)),
            _ => String::new(),
        }
    }
}

/// Asks (worst at the top) above bids (best at the top), the spread and mid between them, each
/// level's size as a bar scaled to the largest level shown. Prices and sizes align at their
/// decimal points.
fn ladder(book: &Book, levels: usize) -> Vec<String> {
    let asks = &book.asks[..book.asks.len().min(levels)];
    let bids = &book.bids[..book.bids.len().min(levels)];
    let shown = || asks.iter().chain(bids);
    let scale = |f: fn(&PriceLevel) -> Decimal| {
        shown().map(|l| f(l).normalize().scale()).max().unwrap_or(0)
    };
    let (price_scale, size_scale) = (scale(|l| l.price), scale(|l| l.quantity));
    let cells: Vec<(String, String)> = shown()
        .map(|l| (fixed(l.price, price_scale), fixed(l.quantity, size_scale)))
        .collect();
    let pw = cells.iter().map(|(p, _)| p.len()).max().unwrap_or(0).max(5);
    let sw = cells.iter().map(|(_, s)| s.len()).max().unwrap_or(0).max(4);
    let largest = shown().map(|l| l.quantity).max().unwrap_or_default();
    let row = |side: &str, code: u8, l: &PriceLevel| {
        let (p, s) = (fixed(l.price, price_scale), fixed(l.quantity, size_scale));
        let line = format!("{side}  {p:>pw$}  {s:>sw$}  ");
        format!("{}{}", line, colour(code, &bar(l.quantity, largest)))
    };
    let mut out = vec![format!("     {:>pw$}  {:>sw$}", "price", "size")];
    match asks.is_empty() {
        true => out.push("ask  (none)".to_owned()),
        false => out.extend(asks.iter().rev().map(|l| row("ask", 31, l))),
    }
    out.push(match (book.spread(), book.mid()) {
        (Some(spread), Some(mid)) => {
            let bps = (spread * Decimal::from(10_000))
                .checked_div(mid)
                .map(|b| b.round_dp(1).normalize().to_string())
                .unwrap_or_else(|| "-".to_owned());
            format!(
                "     spread {} ({bps} bps)   mid {}",
                spread.normalize(),
                mid.normalize()
            )
        }
        _ => "     no spread: a side is empty".to_owned(),
    });
    match bids.is_empty() {
        true => out.push("bid  (none)".to_owned()),
        false => out.extend(bids.iter().map(|l| row("bid", 32, l))),
    }
    out
}

/// `d` with exactly `scale` decimals (never fewer digits than it has: `scale` is the largest).
fn fixed(d: Decimal, scale: u32) -> String {
    let mut d = d.normalize();
    d.rescale(scale);
    d.to_string()
}

/// `quantity`'s bar: `BAR_WIDTH` cells for `largest`, in eighths of a cell, at least one eighth.
fn bar(quantity: Decimal, largest: Decimal) -> String {
    if quantity <= Decimal::ZERO || largest <= Decimal::ZERO {
        return String::new();
    }
    let eighths = (quantity * Decimal::from(BAR_WIDTH * 8))
        .checked_div(largest)
        .and_then(|e| e.floor().to_u32())
        .unwrap_or(0)
        .clamp(1, BAR_WIDTH * 8);
    let full = usize::try_from(eighths / 8).unwrap_or(0);
    let part = EIGHTHS
        .get(usize::try_from(eighths % 8).unwrap_or(0))
        .copied()
        .unwrap_or_default();
    format!("{}{part}", "█".repeat(full))
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

    /// Without the colour sequences.
    fn plain(line: &str) -> String {
        line.replace("\x1b[1;31m", "")
            .replace("\x1b[1;32m", "")
            .replace("\x1b[1m", "")
            .replace("\x1b[0m", "")
    }

    #[test]
    fn the_ladder_puts_asks_above_bids_with_bars_scaled_to_the_largest_level_shown() {
        // Three levels a side: the 1000 at 30040 is not shown, so the largest is the bid's 200.
        let lines: Vec<String> = ladder(&book(), 3).iter().map(|l| plain(l)).collect();
        let full = "█".repeat(40);
        assert_eq!(
            lines,
            [
                "       price  size".to_owned(),
                format!("ask  30030.5    25  {}", "█".repeat(5)),
                format!("ask  30020.0    50  {}", "█".repeat(10)),
                format!("ask  30010.0   100  {}", "█".repeat(20)),
                "     spread 20 (6.7 bps)   mid 30000".to_owned(),
                format!("bid  29990.0   200  {full}"),
                // The smallest size still shows: one eighth of a cell.
                "bid  29980.0     1  ▏".to_owned(),
            ]
        );
    }

    #[test]
    fn the_view_marks_a_stale_book_and_waits_for_the_first_one() {
        let view = View {
            contract: "E-BTC-USDT".into(),
            levels: 3,
            header: vec!["http://127.0.0.1:1".into()],
            stale: Some((StaleReason::Lagging(Duration::from_secs(2)), Instant::now())),
            notice: None,
        };
        let waiting: Vec<String> = view
            .render(None, false, 0)
            .iter()
            .map(|l| plain(l))
            .collect();
        assert_eq!(waiting[2], "waiting for the first book of E-BTC-USDT…");
        let stale = view.render(Some(&book()), true, 3_500);
        let status = plain(&stale[1]);
        assert_eq!(
            status,
            "exchange time 00:00:01.000 UTC (2.5 s ago)   3 levels a side   STALE: frames 2.0 s late"
        );
        let fresh = plain(&view.render(Some(&book()), false, 3_500)[1]);
        assert!(!fresh.contains("STALE"), "{fresh}");
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
