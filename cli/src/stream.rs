//! `contango stream user`: the private stream as JSON lines until a signal, then a clean close.
//!
//! Each line is one object with a `type`: `event` (`event` names its type, `data` holds the
//! record, decimals as strings), `disconnected`, `gap` (events between `from_ms` and `to_ms` may
//! be missing: resync over REST) or `error` (a frame that did not decode; the stream goes on).
//! On SIGINT or SIGTERM the stream is shut down, which closes the listen key, and the command
//! exits 0.

use std::future::Future;
use std::io::Write;
use std::pin::Pin;

use contango_runtime::stream::{StreamApi, StreamItem, UserStreamBuilder};
use serde_json::{Value, json};

use crate::failure::Failure;

/// Completes when the stream should stop (a signal).
pub type Stop = Pin<Box<dyn Future<Output = ()> + Send>>;

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

/// Connects, prints every item as a JSON line until `stop`, then shuts the stream down (closing
/// the listen key).
pub async fn run_user_stream<A: StreamApi>(
    builder: UserStreamBuilder<A>,
    event_json: fn(&A::Event) -> Value,
    mut stop: Stop,
) -> Result<(), Failure> {
    let mut stream = tokio::select! {
        s = builder.connect() => s?,
        () = &mut stop => return Ok(()),
    };
    eprintln!("stream: subscribed; Ctrl-C or SIGTERM stops it and closes the listen key");
    let mut outcome = Ok(());
    loop {
        let item = tokio::select! {
            item = stream.recv() => item,
            () = &mut stop => break,
        };
        let Some(item) = item else {
            outcome = Err(Failure::Transport("the stream ended".to_owned()));
            break;
        };
        let line = item_json(&item, event_json);
        let mut out = std::io::stdout().lock();
        if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
            outcome = Err(Failure::Other("cannot write to stdout".to_owned()));
            break;
        }
    }
    let closed = stream.shutdown().await.map_err(Failure::from);
    outcome.and(closed)
}

fn item_json<E, S>(item: &StreamItem<E, S>, event_json: fn(&E) -> Value) -> Value {
    match item {
        StreamItem::Event(e) => event_json(e),
        StreamItem::Disconnected { at_ms, reason } => {
            json!({ "type": "disconnected", "at_ms": at_ms, "reason": reason.to_string() })
        }
        StreamItem::Gap(g) => json!({
            "type": "gap",
            "from_ms": g.from_ms,
            "to_ms": g.to_ms,
            "last_event_ms": g.last_event_ms,
            "reason": g.reason.to_string(),
        }),
        StreamItem::Error(e) => json!({ "type": "error", "message": e.to_string() }),
        _ => json!({ "type": "other" }),
    }
}
