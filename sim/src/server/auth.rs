//! Authentication (section 5), checked before a request is processed, in this order:
//!
//! 1. keyed endpoints: no `X-CH-APIKEY` → -1002; a key no account has → -2015 (on listen-key
//!    endpoints both are the user-stream table's 1022, the only key error that table has);
//! 2. signed (TRADE, USER_DATA) endpoints, and listen-key calls that carry `X-CH-SIGN` (the
//!    exchange's current page signs them; a call without is accepted, a bad signature is the
//!    user-stream table's 1022, a signature without a timestamp its 1102; the page gives these
//!    calls no receive window, so their timestamp is signed but not checked against the clock): no `X-CH-TS` → -1023; no `X-CH-SIGN` → -1024; a body
//!    without `Content-Type: application/json` → -1017; a timestamp outside
//!    `ts < serverTime + 1000 && serverTime − ts <= recvWindow` → -1021 (`recvWindow` from the query
//!    or the JSON body, default 5000, at most 60000; not checked while the clock follows a
//!    recorded market: [`crate::venue::clock`]); a signature that is not
//!    `sign(ts + METHOD + path + ["?" + query] + body)` → -1022.
//!
//! The signature is computed with the runtime's own signing code
//! ([`contango::Credentials::sign`]) over the exact bytes received: the raw path and query string
//! of the request line and the raw body. The header names are the interface document's
//! ([`AuthHeaders::DEFAULT`]), which the shipped spec's `auth` section also gives.

use contango::ErrorCode;
use contango_runtime::AuthHeaders;
use contango_runtime::http::endpoint::EndpointMeta;
use hyper::HeaderMap;
use serde::Deserialize;

use crate::error::{SimError, SimResult};
use crate::venue::Venue;

/// Default receive window (ms) when the request sends none.
pub const DEFAULT_RECV_WINDOW: i64 = 5000;
/// Largest receive window accepted.
pub const MAX_RECV_WINDOW: i64 = 60_000;

#[derive(Deserialize)]
struct RecvWindow {
    #[serde(
        rename = "recvWindow",
        default,
        deserialize_with = "contango::__private::de::wire"
    )]
    recv_window: Option<i64>,
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
}

/// The uid the request acts for (`None` for public endpoints), or the authentication error.
pub fn authenticate(
    venue: &Venue,
    meta: &EndpointMeta,
    method: &str,
    path: &str,
    query: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> SimResult<Option<i64>> {
    if !meta.security.needs_key() {
        return Ok(None);
    }
    let names = AuthHeaders::DEFAULT;
    let user_stream = meta.error_table == "user_stream";
    let Some(key) = header(headers, names.api_key) else {
        return Err(if user_stream {
            SimError::new(ErrorCode::InvalidApiKey)
        } else {
            SimError::new(ErrorCode::Unauthorized)
        });
    };
    let found = {
        let core = venue.read();
        let ex = &core.exchange;
        ex.uid_of(key)
            .and_then(|uid| ex.account(uid).ok().map(|a| (uid, a.credentials.clone())))
    };
    let Some((uid, credentials)) = found else {
        return Err(if user_stream {
            SimError::new(ErrorCode::InvalidApiKey)
        } else {
            SimError::new(ErrorCode::InvalidApiKeyIpOrPermission)
        });
    };
    let signed = Signed {
        method,
        path,
        query,
        headers,
        body,
    };
    if !meta.security.is_signed() {
        // The exchange's current page signs listen-key calls, its security table asks only for
        // the key: a signature that is sent is checked, none is accepted.
        if user_stream && header(headers, names.signature).is_some() {
            check_signed(venue, &credentials, &signed, false).map_err(|e| {
                SimError::new(match e.code {
                    ErrorCode::MissingTimestamp => ErrorCode::MandatoryParamEmptyOrMalformed,
                    _ => ErrorCode::InvalidApiKey,
                })
            })?;
        }
        return Ok(Some(uid));
    }
    check_signed(venue, &credentials, &signed, true)?;
    Ok(Some(uid))
}

/// What a signature covers, as received: the raw path and query of the request line, the
/// headers and the raw body.
pub(crate) struct Signed<'a> {
    pub method: &'a str,
    pub path: &'a str,
    pub query: &'a str,
    pub headers: &'a HeaderMap,
    pub body: &'a [u8],
}

/// The checks of a request `r` signed with `credentials` (step 2 of the module docs); the
/// timestamp against the clock and the receive window only with `window`.
pub(crate) fn check_signed(
    venue: &Venue,
    credentials: &contango::Credentials,
    r: &Signed<'_>,
    window: bool,
) -> SimResult<()> {
    let Signed {
        method,
        path,
        query,
        headers,
        body,
    } = *r;
    let names = AuthHeaders::DEFAULT;
    let ts_text = header(headers, names.timestamp)
        .ok_or_else(|| SimError::new(ErrorCode::MissingTimestamp))?;
    let signature = header(headers, names.signature)
        .ok_or_else(|| SimError::new(ErrorCode::MissingSignature))?;
    if !body.iter().all(u8::is_ascii_whitespace) {
        let json = headers
            .get(hyper::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.split(';')
                    .next()
                    .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
            });
        if !json {
            return Err(SimError::new(ErrorCode::InvalidContentType));
        }
    }
    let ts: i64 = ts_text
        .parse()
        .map_err(|_| SimError::new(ErrorCode::InvalidTimestamp))?;
    if window {
        let window = recv_window(query, body)?;
        let server = venue.clock.server_now();
        // A recorded market's time is not the client's (the clock's module docs).
        let checked = !venue.clock.is_following();
        if checked && !(ts < server.saturating_add(1000) && server.saturating_sub(ts) <= window) {
            return Err(SimError::new(ErrorCode::InvalidTimestamp));
        }
    }
    let expected = credentials.sign(ts, method, path, query, body);
    if !constant_time_eq(expected.as_str().as_bytes(), signature.as_bytes()) {
        return Err(SimError::new(ErrorCode::InvalidSignature));
    }
    Ok(())
}

/// `recvWindow` from the query string or the JSON body; the default when absent.
fn recv_window(query: &str, body: &[u8]) -> SimResult<i64> {
    let from_query = serde_urlencoded::from_str::<RecvWindow>(query)
        .ok()
        .and_then(|r| r.recv_window);
    let from_body = || {
        serde_json::from_slice::<RecvWindow>(body)
            .ok()
            .and_then(|r| r.recv_window)
    };
    let window = from_query.or_else(from_body).unwrap_or(DEFAULT_RECV_WINDOW);
    if window <= 0 || window > MAX_RECV_WINDOW {
        return Err(SimError::param("recvWindow"));
    }
    Ok(window)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0_u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recv_window_sources() {
        assert_eq!(recv_window("", b""), Ok(DEFAULT_RECV_WINDOW));
        assert_eq!(recv_window("a=1&recvWindow=3000", b""), Ok(3000));
        assert_eq!(recv_window("", br#"{"recvWindow":"2000","x":1}"#), Ok(2000));
        assert_eq!(recv_window("", br#"{"recvWindow":2500}"#), Ok(2500));
        assert!(recv_window("recvWindow=0", b"").is_err());
        assert!(recv_window("recvWindow=600000", b"").is_err());
        assert!(constant_time_eq(b"ab", b"ab"));
        assert!(!constant_time_eq(b"ab", b"abc"));
    }
}
