//! The output queue: items to the consumer, and what a consumer too slow for them costs: its
//! connections, and a gap, so that memory stays bounded.

use tokio::time::{Instant, timeout};

use super::{ConnReport, Flow, Outage, Supervisor};
use crate::stream::engine::session::Session;
use crate::stream::{GapReason, StreamItem};

impl<A: Session, S: Send + 'static> Supervisor<A, S> {
    /// Queues `item` for the consumer. While a connection is live, waits at most the slow-consumer
    /// timeout for room; past it, drops the connections (bounding memory) and then waits for as
    /// long as it takes, since nothing more is being received.
    pub(super) async fn emit(&mut self, item: StreamItem<A::Event, S>) -> Flow {
        let live = self.active.is_some() || self.candidate.is_some() || !self.draining.is_empty();
        if live {
            match timeout(self.settings.slow_consumer_timeout, self.out.reserve()).await {
                Ok(Ok(permit)) => {
                    permit.send(item);
                    return Flow::Go;
                }
                Ok(Err(_)) => return Flow::Stop,
                Err(_) => {}
            }
            let was_active = self.cut_for_slow_consumer();
            let Ok(permit) = self.out.reserve().await else {
                return Flow::Stop;
            };
            permit.send(item);
            // What the dropped connections had already received still comes first.
            while let Ok(report) = self.conn_rx.try_recv() {
                let ConnReport::Frame {
                    conn,
                    identity,
                    event_ms,
                    item,
                } = report
                else {
                    continue;
                };
                if self.seen.is_duplicate(identity, conn) {
                    continue;
                }
                let item = match item {
                    Ok(event) => {
                        if event_ms.is_some() {
                            self.last_event_ms = event_ms;
                        }
                        StreamItem::Event(event)
                    }
                    Err(e) => StreamItem::Error(e),
                };
                let Ok(permit) = self.out.reserve().await else {
                    return Flow::Stop;
                };
                permit.send(item);
            }
            if was_active {
                let Ok(permit) = self.out.reserve().await else {
                    return Flow::Stop;
                };
                permit.send(StreamItem::Disconnected {
                    at_ms: self.now_ms(),
                    reason: GapReason::SlowConsumer,
                });
            }
            return Flow::Go;
        }
        match self.out.reserve().await {
            Ok(permit) => {
                permit.send(item);
                Flow::Go
            }
            Err(_) => Flow::Stop,
        }
    }

    /// Drops every connection because the consumer is too slow; returns whether one was active
    /// (then a gap opens at the last frame processed from it).
    fn cut_for_slow_consumer(&mut self) -> bool {
        let active = self.active.take();
        let was_active = active.is_some();
        if let Some(c) = &active {
            if self.outage.is_none() {
                self.outage = Some(Outage {
                    from_ms: c.last_ms,
                    from: c.last_at,
                    reason: GapReason::SlowConsumer,
                });
            }
        }
        for c in active
            .into_iter()
            .chain(self.candidate.take())
            .chain(self.draining.drain(..))
        {
            c.task.abort();
        }
        let delay = self.settings.backoff(self.failures.saturating_add(1));
        self.reconnect_at = Some(Instant::now() + delay);
        tracing::warn!(
            timeout_ms = self.settings.slow_consumer_timeout.as_millis() as u64,
            "contango.stream.slow_consumer: dropping the connection"
        );
        was_active
    }
}
