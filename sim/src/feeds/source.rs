//! Real prices: a market source drives the simulator's market instead of the synthetic driver
//! (docs/design.md, Real prices). This is the feed: it reads the source ([`MarketSource`]) and
//! sends what its frames say to the venue as inputs; the core applies them
//! ([`crate::exchange::source_updates`]).
//!
//! - **live** ([`MarketSource::live`]): the exchange's public market stream at a `ws://` or
//!   `wss://` URL, read through contango's own `MarketStream`: paper trading, real prices, local
//!   fills.
//! - **recorded** ([`MarketSource::recorded`]): a recording file (`ClientBuilder::record`,
//!   `contango --record`) holding a market stream, or a directory of them read as one session
//!   (`contango record market`'s rotating files, plain or gzip), replayed at its recorded pace,
//!   N times it, or as fast as possible ([`Pace`]); the simulator's clock follows the recorded
//!   exchange time. A file's events stream from its decoded cache ([`super::cache`]). A file cut
//!   short by a kill plays up to its last whole line, with a warning
//!   ([`crate::Sim::source_warnings`]).
//! - **lockstep** (`crate::backtest::Backtest`): the harness applies each frame itself and waits
//!   for the strategy before the next ([`MarketSource::Stepped`]).
//!
//! For each configured contract the source's depth snapshots become the book (every level as
//! the source shows it, less what our fills took), its trades print (the tape, the last price,
//! candles), and the mid of its book (the ticker's last price while the book is one-sided)
//! becomes the mark price, so liquidations and conditional orders run on real prices. Sizes are
//! taken as they come: the market stream's volumes are contracts, the unit of the REST depth and
//! of orders (docs/design.md, Real prices, on the unit). The synthetic market maker and its
//! seeded book are off for a source contract, and our orders do not trade with each other:
//! they fill against the source by the rules of [`crate::exchange::book::source`]. Our fills do not print
//! on the simulator's tape, which stays the source's.
//!
//! A source whose book is crossed, that has sent nothing for [`STALE_AFTER`] (live), or that
//! dropped its connection is **degraded**: matching pauses (a MARKET order is cancelled unfilled,
//! a LIMIT order rests, resting orders do not fill) until a good snapshot arrives.
//! [`crate::Sim::source_health`] and the admin route `GET /__sim/source` say which and why.

use std::sync::Arc;
use std::time::Duration;

use contango::recording::Recording;
use contango::{
    DepthChannel, MarketChannel, MarketItem, MarketMessage, MarketStreamApi, TickerChannel,
    TradesChannel,
};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::cache::{CacheError, MarketEvents, Played};
use super::pace::Pace;
use crate::config::source::MarketSource;
use crate::exchange::input::{FrameRef, Input, SourceUpdate};
use crate::venue::Venue;

/// A live source that has sent nothing for this long is degraded.
pub const STALE_AFTER: Duration = Duration::from_secs(30);

/// The running source (aborted when the simulator shuts down).
pub type SourceTask = JoinHandle<()>;

/// A started source: its task, if it runs one, and what its recording lacked, in words.
#[derive(Debug, Default)]
pub struct Started {
    /// The task feeding the venue (none for `Stepped`, and for a recording played out at once).
    pub task: Option<SourceTask>,
    /// The recording's warnings (a file cut short): it plays up to what it holds.
    pub warnings: Vec<String>,
}

pub use super::cache::{RecordedFrame, event_ts, market_frames};

/// A recording's market-stream frames from the server, with when they arrived (ms since the
/// recording started), in order.
pub fn recorded_frames(recording: &Recording) -> Vec<(u64, Vec<u8>)> {
    market_frames(recording)
        .into_iter()
        .map(|f| (f.at_ms, f.bytes))
        .collect()
}

/// Starts `source` for `venue` (its source contracts are set up). A
/// recording that cannot be read fails here; `Stepped` starts nothing.
pub fn start(
    source: &MarketSource,
    venue: Arc<Venue>,
    contracts: Vec<String>,
) -> std::io::Result<Started> {
    match source {
        MarketSource::Stepped => Ok(Started::default()),
        MarketSource::Live { url } => Ok(Started {
            task: Some(tokio::spawn(live(url.clone(), venue, contracts))),
            warnings: Vec::new(),
        }),
        MarketSource::Recorded { path, pace } => {
            let invalid = |e: CacheError| {
                std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string())
            };
            // The recording's events from its decoded cache, streamed.
            let mut events = MarketEvents::open(path).map_err(invalid)?;
            // A restarted venue resumes after the last frame it applied.
            let applied = venue.read().exchange.recorded_entry();
            let mut next = None;
            for p in events.by_ref() {
                let p = p.map_err(invalid)?;
                if applied.is_none_or(|a| p.entry > a) {
                    next = Some(p);
                    break;
                }
            }
            if next.is_none() && applied.is_none() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!(
                        "{}: no market-stream event in the recording",
                        path.display()
                    ),
                ));
            }
            // What the recording shows at its first moment is there before the simulator
            // serves: a client's first request already sees the recorded market.
            let first = next.as_ref().map_or(0, Played::at_ms);
            while let Some(p) = next.take_if(|p| p.at_ms() == first) {
                apply_recorded(&venue, path, p);
                next = events.next().transpose().map_err(invalid)?;
            }
            let path = path.clone();
            let warnings = events.warnings().to_vec();
            Ok(Started {
                task: Some(tokio::spawn(recorded(
                    first, next, events, *pace, venue, path,
                ))),
                warnings,
            })
        }
    }
}

/// Decodes one frame and applies it ([`apply_event`]).
pub fn apply_frame(venue: &Venue, bytes: &[u8], follow: bool) {
    if let Ok(MarketMessage::Event(event)) = MarketStreamApi::decode_frame(bytes) {
        apply_event(venue, event, follow);
    }
}

/// Applies one event at the exchange time it carries when `follow` (the clock follows it), else
/// at the simulator's clock; returns that time. Events of contracts no source drives, and channels
/// the simulator does not use, change nothing.
pub fn apply_event(venue: &Venue, event: contango::MarketEvent, follow: bool) -> i64 {
    let ts = event_ts(&event);
    if follow && ts > 0 {
        venue.clock.follow(ts);
    }
    let time = venue.clock.now();
    let applied = venue.submit_with(|core| {
        Ok(core
            .exchange
            .source_update(event)
            .map(|update| Input::Market {
                time,
                update,
                entry: None,
            }))
    });
    if let Err(e) = applied {
        tracing::debug!(error = %e, "market source: a frame was not applied");
    }
    time
}

/// Applies an event of the recording at `path`, the clock following its time; a journal keeps
/// a reference to its frame rather than the event.
fn apply_recorded(venue: &Venue, path: &std::path::Path, played: Played) {
    let ts = event_ts(&played.event);
    if ts > 0 {
        venue.clock.follow(ts);
    }
    let time = venue.clock.now();
    let reference = FrameRef {
        file: path.to_path_buf(),
        entry: played.entry,
    };
    let entry = Some(played.entry);
    let applied = venue.submit_recorded(reference, |core| {
        Ok(core
            .exchange
            .source_update(played.event)
            .map(|update| Input::Market {
                time,
                update,
                entry,
            }))
    });
    if let Err(e) = applied {
        tracing::debug!(error = %e, "market source: a recorded frame was not applied");
    }
}

/// Tells the venue its source is down: matching pauses until a good snapshot.
fn degrade(venue: &Venue, reason: String) {
    let time = venue.clock.now();
    let update = SourceUpdate::Degraded { reason };
    if let Err(e) = venue.submit(Input::Market {
        time,
        update,
        entry: None,
    }) {
        tracing::debug!(error = %e, "market source: degraded state not applied");
    }
}

/// Plays `next` and the rest of `events` of the recording at `path` at `pace`, their times
/// counted from `first` (ms: the recording's first event). A cache that fails to read on
/// degrades the source.
async fn recorded(
    first: u64,
    next: Option<Played>,
    events: MarketEvents,
    pace: Pace,
    venue: Arc<Venue>,
    path: std::path::PathBuf,
) {
    let started = Instant::now();
    for (n, p) in next.map(Ok).into_iter().chain(events).enumerate() {
        let p = match p {
            Ok(p) => p,
            Err(e) => {
                degrade(&venue, format!("the recording cannot be read on: {e}"));
                return;
            }
        };
        let due = pace.due(p.at_ms().saturating_sub(first));
        match due {
            Some(d) => tokio::time::sleep_until(started + d).await,
            // Fast: let the servers run now and then.
            None if n % 256 == 0 => tokio::task::yield_now().await,
            None => {}
        }
        apply_recorded(&venue, &path, p);
    }
}

async fn live(url: String, venue: Arc<Venue>, contracts: Vec<String>) {
    // Only the market stream is used; the REST base is never called.
    let client = match contango::Client::builder()
        .base_url("http://127.0.0.1:9")
        .market_stream_url(url.clone())
        .build()
    {
        Ok(c) => c,
        Err(e) => {
            degrade(&venue, format!("cannot reach the source {url}: {e}"));
            return;
        }
    };
    let subscribed = || {
        let mut builder = client.market_stream();
        for c in &contracts {
            builder = builder
                .subscribe(MarketChannel::from(DepthChannel::new(c, 0)))
                .subscribe(MarketChannel::from(TradesChannel::new(c)))
                .subscribe(MarketChannel::from(TickerChannel::new(c)));
        }
        builder
    };
    // Once connected, the stream reconnects (and resubscribes) on its own.
    let mut stream = loop {
        match subscribed().connect().await {
            Ok(s) => break s,
            Err(e) => {
                degrade(&venue, format!("cannot connect to the source: {e}"));
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    };
    let mut last = Instant::now();
    let mut check = tokio::time::interval(Duration::from_secs(1));
    loop {
        tokio::select! {
            item = stream.recv() => match item {
                Some(MarketItem::Event(event)) => {
                    last = Instant::now();
                    apply_event(&venue, event, false);
                }
                Some(MarketItem::Disconnected { reason, .. }) => {
                    degrade(&venue, format!("the source disconnected: {reason}"));
                }
                Some(_) => {}
                None => {
                    degrade(&venue, "the source's stream ended".to_owned());
                    return;
                }
            },
            _ = check.tick() => {
                if last.elapsed() > STALE_AFTER {
                    degrade(&venue, format!(
                        "the source is stale: nothing for {} s", last.elapsed().as_secs()
                    ));
                }
            }
        }
    }
}
