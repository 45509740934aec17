//! `contango stream user` and `contango stream market`: a stream as JSON lines until a signal,
//! then a clean close. Both go through one printing loop ([`run_stream`]), so they write gaps,
//! disconnections and errors alike.
//!
//! Each line is one object with a `type`: `event` (the user stream's `event` names its type; the
//! market stream's `channel` and `kind` name its channel; `data` holds the record, decimals as
//! strings), `disconnected`, `gap` (events between `from_ms` and `to_ms` may be missing: resync
//! over REST; `channels` lists the market channels that may have missed frames) or `error` (a
//! frame that did not decode; the stream goes on). On SIGINT or SIGTERM the stream is shut down
//! (which closes the user stream's listen key) and the command exits 0.

use std::future::Future;
use std::io::Write;
use std::pin::Pin;

use contango_runtime::stream::{Gap, MarketApi, MarketStream, StreamApi, StreamItem, UserStream};
use serde_json::{Value, json};

use crate::failure::Failure;

/// Completes when the stream should stop (a signal).
pub type Stop = Pin<Box<dyn Future<Output = ()> + Send>>;

/// Completes when the first of `a` and `b` does.
pub fn either(a: Stop, b: Stop) -> Stop {
    Box::pin(async move {
        tokio::select! {
            () = a => {}
            () = b => {}
        }
    })
}

/// Where a stream's lines go: stdout for `stream`, nowhere for `drift` (which only counts them).
pub type Sink = Box<dyn FnMut(&Value) -> std::io::Result<()> + Send>;

/// Each line to stdout, flushed.
pub fn stdout_sink() -> Sink {
    Box::new(|line| {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{line}").and_then(|()| out.flush())
    })
}

/// Completes on SIGINT (Ctrl-C) or SIGTERM. The handlers are installed now, not at the first
/// poll, so a signal that comes early is not lost (nor kills the process).
pub fn on_signal() -> Stop {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match (
            signal(SignalKind::interrupt()),
            signal(SignalKind::terminate()),
        ) {
            (Ok(mut int), Ok(mut term)) => Box::pin(async move {
                tokio::select! {
                    _ = int.recv() => {}
                    _ = term.recv() => {}
                }
            }),
            _ => Box::pin(async {
                let _ = tokio::signal::ctrl_c().await;
            }),
        }
    }
    #[cfg(not(unix))]
    {
        Box::pin(async {
            let _ = tokio::signal::ctrl_c().await;
        })
    }
}

/// A connected stream as [`run_stream`] reads it: its items, and how it is closed.
pub trait Lines {
    /// The stream's event type.
    type Event;
    /// What is said on stderr once connected (how to stop, what stopping does).
    const SUBSCRIBED: &'static str;
    /// The next item; `None` once the stream has stopped.
    fn next(&mut self) -> impl Future<Output = Option<StreamItem<Self::Event>>>;
    /// Shuts the stream down.
    fn close(self) -> impl Future<Output = Result<(), Failure>>;
}

impl<A: StreamApi> Lines for UserStream<A> {
    type Event = A::Event;
    const SUBSCRIBED: &'static str =
        "stream: subscribed; Ctrl-C or SIGTERM stops it and closes the listen key";
    fn next(&mut self) -> impl Future<Output = Option<StreamItem<A::Event>>> {
        self.recv()
    }
    async fn close(self) -> Result<(), Failure> {
        self.shutdown().await.map_err(Failure::from)
    }
}

impl<A: MarketApi> Lines for MarketStream<A> {
    type Event = A::Event;
    const SUBSCRIBED: &'static str = "stream: subscribed; Ctrl-C or SIGTERM stops it";
    fn next(&mut self) -> impl Future<Output = Option<StreamItem<A::Event>>> {
        self.recv()
    }
    async fn close(self) -> Result<(), Failure> {
        self.shutdown().await;
        Ok(())
    }
}

/// The loop both streams share: `connect` (the SDK builder's, so its checks refuse arguments
/// before anything is sent; a signal while connecting ends the command cleanly), then one JSON
/// line per item to `sink` until `stop` or the stream's end, then close the stream.
pub async fn run_stream<S: Lines>(
    connect: impl Future<Output = Result<S, Failure>>,
    event_json: fn(&S::Event) -> Value,
    mut stop: Stop,
    mut sink: Sink,
) -> Result<(), Failure> {
    let mut stream = tokio::select! {
        s = connect => s?,
        () = &mut stop => return Ok(()),
    };
    eprintln!("{}", S::SUBSCRIBED);
    let mut outcome = Ok(());
    loop {
        let item = tokio::select! {
            item = stream.next() => item,
            () = &mut stop => break,
        };
        let Some(item) = item else {
            outcome = Err(Failure::Transport("the stream ended".to_owned()));
            break;
        };
        if sink(&item_json(&item, event_json)).is_err() {
            outcome = Err(Failure::Other("cannot write to stdout".to_owned()));
            break;
        }
    }
    let closed = stream.close().await;
    outcome.and(closed)
}

/// One stream item as its line (`contango watch` writes the watchers' stream items alike).
pub(crate) fn item_json<E>(item: &StreamItem<E>, event_json: fn(&E) -> Value) -> Value {
    match item {
        StreamItem::Event(e) => event_json(e),
        StreamItem::Disconnected { at_ms, reason } => {
            json!({ "type": "disconnected", "at_ms": at_ms, "reason": reason.to_string() })
        }
        StreamItem::Gap(g) => gap_json(g),
        StreamItem::Error(e) => json!({ "type": "error", "message": e.to_string() }),
        _ => json!({ "type": "other" }),
    }
}

/// A gap's line.
pub(crate) fn gap_json(g: &Gap) -> Value {
    json!({
        "type": "gap",
        "from_ms": g.from_ms,
        "to_ms": g.to_ms,
        "last_event_ms": g.last_event_ms,
        "reason": g.reason.to_string(),
        "channels": g.channels,
    })
}
