//! Drift's look at a decoded REST answer (the streams' are in `frames`): the send path decodes,
//! then hands the result here, which reads the thread's flag ([`super::take`]); the walk runs
//! only when it was set or the decode failed.

use serde_json::Value;

use super::walk::walk;
use super::{DriftLog, Finding, FindingKind};
use crate::error::{ApiCode, Error};
use crate::http::endpoint::{Endpoint, Envelope};
use crate::wire::envelope;

/// Notes in `log` what the answer `body` of `E`, decoded as `result`, holds that the spec does
/// not describe: an unknown field, enum value or error code, a missing field, a mismatched type.
pub fn observe<E: Endpoint>(
    log: &DriftLog,
    result: &Result<E::Response, Error<E::Code>>,
    body: &[u8],
) {
    let noticed = super::take();
    match result {
        Ok(_) if !noticed => {}
        Ok(_) | Err(Error::Decode { .. }) => answer_data::<E>(log, body),
        Err(Error::Api { code, message, .. }) if !code.is_known() => {
            log.note(Finding {
                kind: FindingKind::UnknownErrorCode,
                endpoint: E::META.name.to_owned(),
                path: String::new(),
                wire: code.code().to_string(),
                sample: None,
                suggested_type: None,
                spec_type: Some(E::META.error_table.to_owned()),
                message: Some(message.clone()),
                count: 0,
            });
        }
        Err(_) => {}
    }
}

/// Decodes the answer of `E` and notes its drift in `log`.
#[deprecated(note = "the send path's decode is `contango_runtime::http::answer`")]
pub fn answer<E: Endpoint>(
    log: &DriftLog,
    status: u16,
    body: &[u8],
) -> Result<E::Response, Error<E::Code>> {
    let result = envelope::decode::<E>(status, body);
    observe::<E>(log, &result, body);
    result
}

// Off the hot path: only a noticed (or failed) answer comes here.
#[cold]
#[inline(never)]
fn answer_data<E: Endpoint>(log: &DriftLog, body: &[u8]) {
    let Ok(v) = serde_json::from_slice::<Value>(body) else {
        return;
    };
    let data = match E::META.envelope {
        Envelope::Bare => Some(&v),
        Envelope::Wrapped => v.get("data"),
    };
    if let Some(data) = data {
        check(log, E::META.name, E::META.name, data, E::data_ty());
    }
}

/// Walks `v` as `ty` for `name` (the endpoint, event or channel) unless `source`'s steady drift
/// is being sampled ([`DriftLog::should_check`]).
pub(super) fn check(
    log: &DriftLog,
    source: &'static str,
    name: &str,
    v: &Value,
    ty: crate::drift::Ty,
) {
    if !log.should_check(source) {
        return;
    }
    let mut new = false;
    walk(name, v, ty, &mut |f| new |= log.note(f));
    log.checked(source, new);
}
