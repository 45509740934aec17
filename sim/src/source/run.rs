//! The task that feeds a source's frames to the simulator: a live market stream read through
//! contango's own `MarketStream`, or a recording played at its pace.

use std::sync::Arc;
use std::time::Duration;

use contango::recording::{Direction, Recorded, Recording};
use contango::{
    DepthChannel, MarketChannel, MarketItem, MarketMessage, MarketStreamApi, TickerChannel,
    TradesChannel,
};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::{MarketSource, Pace, STALE_AFTER};
use crate::state::Shared;

/// The running source (aborted when the simulator shuts down).
pub type SourceTask = JoinHandle<()>;

/// A recording's market-stream frames from the server, with when they arrived (ms since the
/// recording started), in order.
pub fn recorded_frames(recording: &Recording) -> Vec<(u64, Vec<u8>)> {
    let market: std::collections::HashSet<u64> = recording
        .entries
        .iter()
        .filter_map(|e| match &e.recorded {
            Recorded::Connect { conn, stream, .. } if stream == "market" => Some(*conn),
            _ => None,
        })
        .collect();
    recording
        .entries
        .iter()
        .filter_map(|e| match &e.recorded {
            Recorded::Frame(f) if f.dir == Direction::In && market.contains(&f.conn) => {
                Some((e.at_ms, f.payload.as_bytes().to_vec()))
            }
            _ => None,
        })
        .collect()
}

/// Starts `source` for the simulator of `shared` (its mirrored contracts are set up). A
/// recording that cannot be read fails here; `Stepped` starts nothing.
pub fn start(
    source: &MarketSource,
    shared: Arc<Shared>,
    contracts: Vec<String>,
) -> std::io::Result<Option<SourceTask>> {
    match source {
        MarketSource::Stepped => Ok(None),
        MarketSource::Live { url } => Ok(Some(tokio::spawn(live(url.clone(), shared, contracts)))),
        MarketSource::Recorded { path, pace } => {
            let recording = Recording::from_file(path).map_err(|e| {
                std::io::Error::new(std::io::ErrorKind::InvalidInput, e.to_string())
            })?;
            let mut frames = recorded_frames(&recording);
            if frames.is_empty() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!(
                        "{}: no market-stream frame in the recording",
                        path.display()
                    ),
                ));
            }
            // What the recording shows at its first moment is there before the simulator
            // serves: a client's first request already sees the recorded market.
            let first = frames.first().map_or(0, |(at, _)| *at);
            let starting = frames.iter().take_while(|(at, _)| *at == first).count();
            for (_, bytes) in &frames[..starting] {
                apply_frame(&shared, bytes, true);
            }
            let rest = frames.split_off(starting);
            Ok(Some(tokio::spawn(recorded(first, rest, *pace, shared))))
        }
    }
}

/// Decodes one frame and applies it ([`apply_event`]).
pub fn apply_frame(shared: &Shared, bytes: &[u8], follow: bool) {
    if let Ok(MarketMessage::Event(event)) = MarketStreamApi::decode_frame(bytes) {
        apply_event(shared, event, follow);
    }
}

/// Applies one event at the exchange time it carries when `follow` (the clock follows it), else
/// at the simulator's clock; returns that time.
pub fn apply_event(shared: &Shared, event: contango::MarketEvent, follow: bool) -> i64 {
    let ts = event_ts(&event);
    if follow && ts > 0 {
        shared.clock.follow(ts);
    }
    let now = shared.clock.now();
    if let Err(e) = shared.lock().apply_market_event(event, now) {
        tracing::debug!(error = %e, "market source: a frame was not applied");
    }
    now
}

/// The exchange time of an event (0 when it carries none).
pub fn event_ts(event: &contango::MarketEvent) -> i64 {
    match event {
        contango::MarketEvent::Depth(d) => d.ts.0,
        contango::MarketEvent::Trades(t) => t.ts.0,
        contango::MarketEvent::Ticker(t) => t.ts.0,
        contango::MarketEvent::Kline(k) => k.ts.0,
        _ => 0,
    }
}

/// Plays `frames` at `pace`, their times counted from `first` (the recording's first frame).
async fn recorded(first: u64, frames: Vec<(u64, Vec<u8>)>, pace: Pace, shared: Arc<Shared>) {
    let started = Instant::now();
    for (n, (at, bytes)) in frames.iter().enumerate() {
        let due = pace.due(at - first);
        match due {
            Some(d) => tokio::time::sleep_until(started + d).await,
            // Fast: let the servers run now and then.
            None if n % 256 == 0 => tokio::task::yield_now().await,
            None => {}
        }
        apply_frame(&shared, bytes, true);
    }
}

async fn live(url: String, shared: Arc<Shared>, contracts: Vec<String>) {
    // Only the market stream is used; the REST base is never called.
    let client = match contango::Client::builder()
        .base_url("http://127.0.0.1:9")
        .market_stream_url(url.clone())
        .build()
    {
        Ok(c) => c,
        Err(e) => {
            shared
                .lock()
                .degrade_sources(&format!("cannot reach the source {url}: {e}"));
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
                shared
                    .lock()
                    .degrade_sources(&format!("cannot connect to the source: {e}"));
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
                    apply_event(&shared, event, false);
                }
                Some(MarketItem::Disconnected { reason, .. }) => {
                    shared.lock().degrade_sources(&format!("the source disconnected: {reason}"));
                }
                Some(_) => {}
                None => {
                    shared.lock().degrade_sources("the source's stream ended");
                    return;
                }
            },
            _ = check.tick() => {
                if last.elapsed() > STALE_AFTER {
                    shared.lock().degrade_sources(&format!(
                        "the source is stale: nothing for {} s", last.elapsed().as_secs()
                    ));
                }
            }
        }
    }
}
