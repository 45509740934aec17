//! Keeping the clock: sampling the server's time, once at a time, for signed requests to carry
//! the server's idea of "now" ([`ServerClock`](super::clock::ServerClock) holds the offset).

use std::time::Instant;

use tracing::Instrument as _;

use crate::error::{Error, Uncoded};
use crate::http::client::Core;
use crate::http::clock::{local_ms, local_us};
use crate::http::endpoint::Endpoint;
use crate::http::exchange::Answer;
use crate::http::request::Written;
use crate::http::send::Typed;

impl Core {
    /// Server time minus local time, in milliseconds, from the last clock sample.
    pub fn clock_offset_ms(&self) -> i64 {
        self.inner.clock.offset_ms()
    }

    /// Samples the server clock now (single-flight: concurrent callers share one sample).
    /// Returns whether a sample was taken; without a time source there is nothing to do.
    pub async fn sync_clock(&self) -> bool {
        self.sync_clock_since(self.inner.clock.generation()).await
    }

    /// Samples the server clock unless a sample was tried since generation `seen`: callers that
    /// looked at the same generation (or signed with it and were refused) take one sample
    /// between them. The check is made under the lock, so no caller can undo another's sample.
    pub(crate) async fn sync_clock_since(&self, seen: u64) -> bool {
        let Some(source) = self.inner.time_source else {
            return false;
        };
        let _guard = self.inner.clock_sync.lock().await;
        if self.inner.clock.generation() != seen {
            return true;
        }
        source(self).await
    }

    /// Sends `req` once (no retries, no rate limit) and records the server time `extract` reads
    /// from the answer, with the round trip's midpoint. Used by the generated time source.
    pub async fn sample_server_time<E: Endpoint + Sync>(
        &self,
        req: &E,
        extract: fn(&E::Response) -> i64,
    ) -> bool {
        let written = req
            .validate()
            .map_err(Uncoded::InvalidArgument)
            .and_then(|()| self.write(E::META, E::RATE_GROUP, req));
        let sampled = match written {
            Ok(written) => {
                let mut answer = Typed::<E>::new(&self.inner.drift);
                let timing = self.sample(&written, &mut answer).await;
                answer.outcome().map(|value| (extract(&value), timing))
            }
            Err(e) => Err(Error::<E::Code>::from(e)),
        };
        match sampled {
            Ok((server_ms, timing)) => {
                self.record_sample(server_ms, timing);
                true
            }
            Err(e) => {
                self.inner.clock.record_failure();
                tracing::warn!(error = %e, "contango.clock_sync failed");
                false
            }
        }
    }

    /// One attempt of a clock sample, timed (its outcome is `answer`'s).
    async fn sample(&self, written: &Written<'_>, answer: &mut (dyn Answer + Send)) -> Timing {
        // Its own span: the sample's status and latency are not the request's that triggered it.
        let span = tracing::info_span!(
            "contango.request",
            endpoint = written.meta.name,
            method = written.meta.method.as_str(),
            status = tracing::field::Empty,
            latency_ms = tracing::field::Empty,
        );
        let sent = local_ms();
        let sent_at = Instant::now();
        self.attempt(written, answer).instrument(span).await;
        Timing {
            sent,
            sent_at,
            received: local_ms(),
        }
    }

    fn record_sample(&self, server_ms: i64, timing: Timing) {
        self.inner
            .clock
            .record(timing.sent, server_ms, timing.received);
        if let Some(recorder) = &self.inner.recorder {
            // In microseconds, which the client's own millisecond offset rounds away: a
            // recording's readers put exchange times on its clock with it.
            let round_trip = timing.sent_at.elapsed();
            let midpoint_us =
                local_us().saturating_sub(i64::try_from(round_trip.as_micros() / 2).unwrap_or(0));
            recorder.client_clock(
                server_ms.saturating_mul(1_000).saturating_sub(midpoint_us),
                u64::try_from(round_trip.as_micros()).ok(),
            );
        }
        tracing::debug!(
            offset_ms = self.inner.clock.offset_ms(),
            "contango.clock_sync"
        );
    }
}

/// When a clock sample was sent and its answer came.
struct Timing {
    sent: i64,
    sent_at: Instant,
    received: i64,
}
