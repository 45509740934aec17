//! Requests decoded with the generated request types, then checked with their own `validate`
//! (the spec's documented limits). Any mistake is -1102 naming the parameter.

use contango_runtime::endpoint::Endpoint;
use serde::de::DeserializeOwned;

use crate::error::{SimError, SimResult};

/// -1102 naming the field serde complained about (the text between backticks), or its message.
fn malformed(message: &str) -> SimError {
    let name = message
        .split('`')
        .nth(1)
        .filter(|n| !n.is_empty())
        .unwrap_or(message);
    SimError::param(name)
}

fn checked<T: Endpoint>(req: T) -> SimResult<T> {
    req.validate().map_err(|e| SimError::param(e.param))?;
    Ok(req)
}

/// A GET request from its query string.
pub fn query<T: DeserializeOwned + Endpoint>(query: &str) -> SimResult<T> {
    let req = serde_urlencoded::from_str(query).map_err(|e| malformed(&e.to_string()))?;
    checked(req)
}

/// A POST request from its JSON body (an empty body counts as `{}`).
pub fn body<T: DeserializeOwned + Endpoint>(body: &[u8]) -> SimResult<T> {
    checked(json(body)?)
}

/// Any JSON body (an empty body counts as `{}`), not validated.
pub fn json<T: DeserializeOwned>(body: &[u8]) -> SimResult<T> {
    let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
    };
    serde_json::from_slice(body).map_err(|e| malformed(&e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use contango::{DepthRequest, NewOrderRequest};

    #[test]
    fn numbers_or_strings_and_errors() {
        let r: DepthRequest =
            query("contractName=E-BTC-USDT&limit=5&recvWindow=1").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.limit, Some(5));
        let e = query::<DepthRequest>("limit=5").err().map(|e| e.message);
        assert_eq!(
            e.as_deref(),
            Some("required parameter contractName not sent, empty, or wrong format")
        );
        let e = query::<DepthRequest>("contractName=X&limit=500")
            .err()
            .map(|e| e.message);
        assert_eq!(
            e.as_deref(),
            Some("required parameter limit not sent, empty, or wrong format")
        );
        let r: NewOrderRequest = body(
            br#"{"contractName":"E-BTC-USDT","side":"BUY","type":"LIMIT","positionType":"1","open":"OPEN","volume":1,"amount":"2.5","price":"30000.1"}"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.price.to_string(), "30000.1");
        assert!(body::<NewOrderRequest>(b"not json").is_err());
    }
}
