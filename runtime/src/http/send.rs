//! The typed edge of the send path, the one part compiled per endpoint: validate, write the
//! request out, run the [exchange](super::exchange) (compiled once), and read the answer as the
//! endpoint's type: the envelope decoder, then drift detection's look at what it decoded.

use crate::drift::{self, DriftLog};
use crate::error::{Error, Uncoded};
use crate::http::client::Core;
use crate::http::endpoint::Endpoint;
use crate::http::exchange::{Answer, Failure};
use crate::wire::envelope;

impl Core {
    /// Validates, signs and sends `req`, and decodes the answer; waits for a rate-limit slot,
    /// keeps the clock in sync, and retries what may be retried (the rules: docs/design.md,
    /// Runtime).
    pub async fn send<E: Endpoint + Sync>(&self, req: &E) -> Result<E::Response, Error<E::Code>> {
        req.validate().map_err(Error::InvalidArgument)?;
        self.send_validated(req).await
    }

    /// [`Core::send`] of a request its caller has validated: generated code validates before its
    /// prechecks, and each request is validated once.
    #[doc(hidden)]
    pub async fn send_validated<E: Endpoint + Sync>(
        &self,
        req: &E,
    ) -> Result<E::Response, Error<E::Code>> {
        let written = self.write(E::META, E::RATE_GROUP, req)?;
        let mut answer = Typed::<E>::new(&self.inner.drift);
        self.exchange(&written, &mut answer).await;
        answer.outcome()
    }
}

/// Decodes one answer of `E` as the send path does: the envelope, then drift detection's look
/// at it (an unknown field, enum value or error code; a missing field; a mismatched type).
pub fn answer<E: Endpoint>(
    drift: &DriftLog,
    status: u16,
    body: &[u8],
) -> Result<E::Response, Error<E::Code>> {
    let result = envelope::decode::<E>(status, body);
    drift::observe::<E>(drift, &result, body);
    result
}

/// The outcome of an exchange as `E`'s: the last answer decoded, or the failure without one.
pub(crate) struct Typed<'a, E: Endpoint> {
    drift: &'a DriftLog,
    outcome: Option<Result<E::Response, Error<E::Code>>>,
}

impl<'a, E: Endpoint> Typed<'a, E> {
    pub(crate) fn new(drift: &'a DriftLog) -> Self {
        Typed {
            drift,
            outcome: None,
        }
    }

    pub(crate) fn outcome(self) -> Result<E::Response, Error<E::Code>> {
        self.outcome
            .unwrap_or_else(|| Err(Error::Config("the request was never attempted".into())))
    }
}

impl<E: Endpoint> Answer for Typed<'_, E> {
    fn read(&mut self, status: u16, body: &[u8]) -> Option<Failure> {
        let result = answer::<E>(self.drift, status, body);
        let failure = result.as_ref().err().map(Failure::of);
        self.outcome = Some(result);
        failure
    }

    fn fail(&mut self, error: Uncoded) -> Failure {
        let error = Error::from(error);
        let failure = Failure::of(&error);
        self.outcome = Some(Err(error));
        failure
    }
}
