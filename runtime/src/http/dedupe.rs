//! Requests that must never run twice by accident (new orders). They always carry a client-chosen
//! id; after an ambiguous outcome (no answer after sending, a garbled answer, an "unknown status"
//! code) the client asks the server about that id: found, it returns what the server has; not found,
//! it sends once more with the same id (docs/design.md, Runtime: orders never run twice).

use std::sync::atomic::{AtomicU32, Ordering};

use crate::error::Error;
use crate::http::client::Core;
use crate::http::endpoint::Endpoint;

/// An endpoint whose requests can be looked up by a client-chosen id (generated from the spec's
/// `dedupe` section).
pub trait Dedupe: Endpoint + Clone + Sync {
    /// The request that finds it again.
    type Lookup: Endpoint<Code = Self::Code> + Sync;
    /// The client-chosen id (filled with [`new_client_id`] when the caller left it empty).
    fn client_id(&mut self) -> &mut Option<String>;
    /// The lookup request for this request (same id, same scope).
    fn lookup(&self) -> Self::Lookup;
    /// The original answer rebuilt from the lookup's answer (the record carrying this request's
    /// client id); `None` when it did not find it.
    fn found(&self, answer: <Self::Lookup as Endpoint>::Response) -> Option<Self::Response>;
    /// Whether the lookup's error code means "no such request" rather than a failure.
    fn is_not_found(code: Self::Code) -> bool;
}

/// A fresh client id: unique within the process and across restarts (time + counter + noise),
/// 20 characters of `[0-9a-z]`, well under the interface's 32-character limit.
pub fn new_client_id() -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let ms = crate::http::clock::local_ms().unsigned_abs();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let noise =
        crate::http::retry::jitter(std::time::Duration::from_nanos(u64::from(u32::MAX))).as_nanos();
    let mut id = String::with_capacity(24);
    id.push_str("ct");
    push_base36(&mut id, u128::from(ms), 9);
    push_base36(&mut id, u128::from(n % 46_656), 3);
    push_base36(&mut id, noise % 2_176_782_336, 6);
    id
}

fn push_base36(out: &mut String, mut v: u128, width: usize) {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut buf = [b'0'; 32];
    for slot in buf.iter_mut().take(width).rev() {
        *slot = DIGITS[(v % 36) as usize];
        v /= 36;
    }
    out.extend(buf.iter().take(width).map(|&b| char::from(b)));
}

impl Core {
    /// Sends a request that must not run twice (see the module docs). The answer is the server's,
    /// either from the send or from the lookup after an ambiguous outcome.
    pub async fn send_deduplicated<E: Dedupe>(
        &self,
        req: &E,
    ) -> Result<E::Response, Error<E::Code>> {
        req.validate().map_err(Error::InvalidArgument)?;
        self.send_deduplicated_validated(req).await
    }

    /// [`Core::send_deduplicated`] of a request its caller has validated.
    #[doc(hidden)]
    pub async fn send_deduplicated_validated<E: Dedupe>(
        &self,
        req: &E,
    ) -> Result<E::Response, Error<E::Code>> {
        let mut req = req.clone();
        let generated = req.client_id().is_none();
        let id = req.client_id().get_or_insert_with(new_client_id).clone();
        if let (true, Some(recorder)) = (generated, self.recorder()) {
            // A replay does not compare a value chosen at random.
            recorder.generated(&id);
        }
        let first = match self.send_validated(&req).await {
            Ok(v) => return Ok(v),
            Err(e) if e.is_ambiguous() => e,
            Err(e) => return Err(e),
        };
        tracing::warn!(client_id = %id, error = %first, "contango.outcome_unknown: looking it up");
        let unknown = |detail: String, cause: Error<E::Code>| Error::OutcomeUnknown {
            endpoint: E::META.name,
            client_id: id.clone(),
            detail,
            cause: Box::new(cause),
        };
        let found = match self.send(&req.lookup()).await {
            Ok(answer) => req.found(answer),
            Err(Error::Api { code, .. }) if E::is_not_found(code) => None,
            Err(lookup) => {
                let detail = format!("{first}; then the lookup failed: {lookup}");
                return Err(unknown(detail, first));
            }
        };
        if let Some(v) = found {
            tracing::info!(client_id = %id, "contango.outcome_resolved: the server has it");
            return Ok(v);
        }
        tracing::info!(client_id = %id, "contango.outcome_resolved: not found, sending once more");
        match self.send_validated(&req).await {
            Err(again) if again.is_ambiguous() => {
                let detail = format!("{first}; not found, resent, then: {again}");
                Err(unknown(detail, again))
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_ids_are_short_unique_and_plain() {
        let ids: std::collections::HashSet<String> = (0..10_000).map(|_| new_client_id()).collect();
        assert_eq!(ids.len(), 10_000);
        for id in ids.iter().take(100) {
            assert_eq!(id.len(), 20, "{id}");
            assert!(
                id.bytes()
                    .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase()),
                "{id}"
            );
        }
    }
}
