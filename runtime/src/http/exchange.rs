//! The exchange: a written request's attempts on the wire, bytes out and bytes back, with the
//! rate limit, the clock, retries and the recording tap. It knows no endpoint's types, so every
//! application compiles it once; what an answer means (a value, or an error and whether it may
//! be retried) comes back from the typed edge through [`Answer`].
//!
//! Retries follow docs/design.md, Runtime (retries by idempotency, clock, rate limits): by the
//! failure's [`RetryClass`](crate::RetryClass) and the request's idempotency, within the
//! [`RetryPolicy`](crate::RetryPolicy)'s attempts and time budget.

use std::time::{Duration, Instant};

use reqwest::header::{CONTENT_TYPE, HeaderValue};
use tracing::Instrument as _;

use crate::error::{ApiCode, Error, RetryClass, Uncoded};
use crate::http::client::Core;
use crate::http::ratelimit::Permit;
use crate::http::request::Written;
use crate::http::retry::parse_retry_after;
use crate::recording::HttpAnswer;

/// How long a 418 ban lasts when the server does not say (`Retry-After`).
const DEFAULT_BAN: Duration = Duration::from_secs(120);

/// The typed edge of one exchange: it reads each answer as the endpoint's type and keeps the
/// last outcome, a value or an error, for the caller.
pub(crate) trait Answer {
    /// Decodes an answer: `None` for a value, else what the exchange needs to know of the error.
    fn read(&mut self, status: u16, body: &[u8]) -> Option<Failure>;
    /// Keeps a failure that has no answer as the outcome.
    fn fail(&mut self, error: Uncoded) -> Failure;
}

/// What the exchange needs to know of a failed attempt, whatever the endpoint.
pub(crate) struct Failure {
    class: RetryClass,
    status: Option<u16>,
    proves_not_processed: bool,
    /// The server's error code, when it answered with one.
    code: Option<i64>,
    /// The error's text, for the log.
    text: String,
}

impl Failure {
    pub(crate) fn of<C: ApiCode>(e: &Error<C>) -> Failure {
        Failure {
            class: e.retry_class(),
            status: e.status(),
            proves_not_processed: e.proves_not_processed(),
            code: e.code().map(ApiCode::code),
            text: e.to_string(),
        }
    }
}

impl Core {
    /// Sends `w` until an attempt settles it: a value, an error that may not be retried, or
    /// the retry policy's end. The outcome is `answer`'s.
    pub(crate) async fn exchange(&self, w: &Written<'_>, answer: &mut (dyn Answer + Send)) {
        // No URL path: path parameters can be secrets (listen keys); the endpoint names the path.
        // Each field is recorded once: a formatter appends a field recorded again, so what
        // changes per attempt (status, latency) is on the attempt's own span.
        let span = tracing::info_span!(
            "contango.request",
            endpoint = w.meta.name,
            method = w.meta.method.as_str(),
            code = tracing::field::Empty,
            attempts = tracing::field::Empty,
        );
        let mut attempts = 0;
        let code = self
            .attempts(w, answer, &mut attempts)
            .instrument(span.clone())
            .await;
        if attempts > 0 {
            span.record("attempts", attempts);
        }
        if let Some(code) = code {
            span.record("code", code);
        }
    }

    /// The retry loop; returns the server's code of the failure it ended on, if any.
    async fn attempts(
        &self,
        w: &Written<'_>,
        answer: &mut (dyn Answer + Send),
        attempts: &mut u32,
    ) -> Option<i64> {
        let meta = w.meta;
        let inner = &*self.inner;
        let policy = inner.retry;
        let started = Instant::now();
        let mut attempt: u32 = 1;
        let mut resynced = false;
        let banned = |retry_after| Uncoded::Banned {
            endpoint: meta.name,
            retry_after,
        };
        loop {
            match inner.limiter.reserve(w.rate_group) {
                Permit::After(wait) if !wait.is_zero() => tokio::time::sleep(wait).await,
                Permit::After(_) => {}
                Permit::Banned(retry_after) => {
                    answer.fail(banned(retry_after));
                    return None;
                }
            }
            // Read before the staleness check: callers that all found the clock stale share the
            // first one's sample.
            let seen = inner.clock.generation();
            if meta.signed
                && inner.time_source.is_some()
                && inner.clock.is_stale(inner.clock_interval)
            {
                self.sync_clock_since(seen).await;
            }
            let clock_generation = inner.clock.generation();
            let span = tracing::info_span!(
                "contango.attempt",
                n = attempt,
                status = tracing::field::Empty,
                latency_ms = tracing::field::Empty,
            );
            *attempts = attempt;
            let (failure, retry_after) = self.attempt(w, answer).instrument(span).await;
            let Some(failure) = failure else {
                return None; // a value
            };
            // The server's own signals first: a ban stops everything, a 429 pauses everyone.
            match failure.status {
                Some(418) => {
                    let ban = retry_after.unwrap_or(DEFAULT_BAN);
                    inner.limiter.ban(ban);
                    tracing::warn!(ban_s = ban.as_secs(), "contango.banned");
                    answer.fail(banned(ban));
                    return None;
                }
                Some(429) => inner
                    .limiter
                    .pause(retry_after.unwrap_or_else(|| policy.backoff(attempt))),
                _ => {}
            }
            let class = failure.class;
            if class == RetryClass::BackOff && failure.status != Some(429) {
                inner
                    .limiter
                    .pause(retry_after.unwrap_or_else(|| policy.backoff(attempt)));
            }
            if class == RetryClass::ResyncClock && meta.signed {
                if resynced || inner.time_source.is_none() {
                    return failure.code;
                }
                resynced = true;
                // Resample unless another request did since this one was signed (concurrent
                // -1021s share one sample instead of each taking their own).
                self.sync_clock_since(clock_generation).await;
                tracing::info!(
                    offset_ms = inner.clock.offset_ms(),
                    "contango.resync_and_resign"
                );
                continue;
            }
            let may_retry = if meta.idempotent {
                matches!(
                    class,
                    RetryClass::Safe | RetryClass::BackOff | RetryClass::Ambiguous
                )
            } else {
                failure.proves_not_processed
            };
            let delay = retry_after
                .unwrap_or_else(|| policy.backoff(attempt))
                .min(policy.max_delay.max(retry_after.unwrap_or_default()));
            if !may_retry
                || attempt >= policy.max_attempts
                || started.elapsed() + delay > policy.max_elapsed
            {
                return failure.code;
            }
            tracing::info!(attempt, delay_ms = delay.as_millis() as u64, error = %failure.text, "contango.retry");
            // A pause set above already delays the next slot; only sleep the remainder.
            if !matches!(class, RetryClass::BackOff) {
                tokio::time::sleep(delay).await;
            }
            attempt += 1;
        }
    }

    /// One attempt on the wire: sign, send, hand the answer to `answer`. Also returns the
    /// answer's `Retry-After`, when it has one.
    pub(crate) async fn attempt(
        &self,
        w: &Written<'_>,
        answer: &mut (dyn Answer + Send),
    ) -> (Option<Failure>, Option<Duration>) {
        let endpoint = w.meta.name;
        let request = match self.request(w) {
            Ok(r) => r,
            Err(e) => return (Some(answer.fail(e)), None),
        };
        // Recording: what was sent, taken before sending (nothing of this when not recording).
        let tap = self.inner.recorder.as_ref().map(|r| {
            let signature = request
                .headers()
                .get(&self.inner.signature_header)
                .and_then(|v| v.to_str().ok());
            r.http_tap(
                endpoint,
                w.meta.method.as_str(),
                request.url(),
                w.body.as_deref(),
                w.params.clone(),
                signature,
            )
        });
        let span = tracing::Span::current();
        let started = Instant::now();
        let transport = |e: reqwest::Error| {
            if e.is_timeout() {
                Uncoded::Timeout { endpoint }
            } else {
                Uncoded::Transport {
                    endpoint,
                    source: e.without_url(),
                }
            }
        };
        let response = match self.inner.http.execute(request).await {
            Ok(r) => r,
            Err(e) => {
                let failure = answer.fail(transport(e));
                if let Some(tap) = tap {
                    tap.finish(Err(failure.text.clone()));
                }
                return (Some(failure), None);
            }
        };
        let status = response.status().as_u16();
        span.record("status", status);
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(parse_retry_after);
        let header = |name| {
            response
                .headers()
                .get(name)
                .and_then(|v: &HeaderValue| v.to_str().ok())
                .map(str::to_owned)
        };
        let tap = tap.map(|tap| {
            let headers = (header(CONTENT_TYPE), header(reqwest::header::RETRY_AFTER));
            (tap, headers)
        });
        let body = match response.bytes().await {
            Ok(b) => b,
            Err(e) => {
                let failure = answer.fail(transport(e));
                if let Some((tap, _)) = tap {
                    tap.finish(Err(failure.text.clone()));
                }
                return (Some(failure), retry_after);
            }
        };
        if let Some((tap, (content_type, retry))) = tap {
            tap.finish(Ok(HttpAnswer {
                status,
                content_type,
                retry_after: retry,
                body: body.clone(),
            }));
        }
        let latency = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        span.record("latency_ms", latency);
        (answer.read(status, &body), retry_after)
    }
}
