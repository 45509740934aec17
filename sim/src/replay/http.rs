//! The replay's one handler: a WebSocket upgrade goes to [`super::ws`], any other request is
//! matched to a recorded exchange.

use std::sync::Arc;

use contango::recording::{Exchange, Outcome};
use contango_runtime::AuthHeaders;
use contango_runtime::wire::encode::percent_decode as decode;
use hyper::StatusCode;
use hyper::header::{self, HeaderMap, HeaderValue};
use serde_json::Value;

use crate::server::http::{Body, Request, Response, Upgrade, read_body, text};

use super::{Miss, Playback};

pub(super) async fn handle(state: Arc<Playback>, mut request: Request) -> Response {
    let path = request.uri().path().to_owned();
    if let Some(ws) = Upgrade::take(&mut request) {
        return super::ws::upgrade(state, ws, &path);
    }
    let method = request.method().as_str().to_owned();
    let query = request.uri().query().unwrap_or_default().to_owned();
    let headers = request.headers().clone();
    let Some(body) = read_body(request.into_body(), 16 << 20).await else {
        return text(
            StatusCode::BAD_REQUEST,
            "replay: unreadable request body".into(),
        );
    };
    let asked = Asked::new(&method, &path, &query, &body);
    if let Some(why) = bad_signature(&state, &method, &path, &query, &headers, &body) {
        let miss = Miss {
            request: asked.shown.clone(),
            why,
        };
        let message = format!("replay: {miss}");
        state.lock().misses.push(miss);
        return text(StatusCode::UNAUTHORIZED, message);
    }
    let found = {
        let mut progress = state.lock();
        let hit = state
            .exchanges
            .iter()
            .zip(progress.used.iter())
            .position(|((_, x), used)| !used && asked.matches(x));
        match hit {
            Some(i) => {
                progress.used[i] = true;
                Ok(&state.exchanges[i].1)
            }
            None => {
                let why = match closest(&state, &progress.used, &asked) {
                    Some((line, x, used)) => format!(
                        "no recorded answer; the closest recorded exchange (line {line}{}) is {x}",
                        if used { ", already used" } else { "" }
                    ),
                    None => "no recorded answer (the recording has no HTTP exchange)".into(),
                };
                let miss = Miss {
                    request: asked.shown.clone(),
                    why,
                };
                let message = format!("replay: {miss}");
                progress.misses.push(miss);
                Err(message)
            }
        }
    };
    match found {
        Ok(x) => answer(x),
        Err(message) => text(StatusCode::NOT_FOUND, message),
    }
}

/// The recorded answer, as it came.
fn answer(x: &Exchange) -> Response {
    let a = match &x.outcome {
        Outcome::Answer(a) => a,
        Outcome::Failed(_) => return crate::server::wire::dropped(),
    };
    let mut r = Response::new(Body::from(a.body.as_bytes().to_vec()));
    *r.status_mut() = StatusCode::from_u16(a.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    for (name, value) in [
        (header::CONTENT_TYPE, &a.content_type),
        (header::RETRY_AFTER, &a.retry_after),
    ] {
        if let Some(v) = value.as_deref().and_then(|v| HeaderValue::from_str(v).ok()) {
            r.headers_mut().insert(name, v);
        }
    }
    r
}

/// Why a signed request does not verify with the replay's credentials (`None`: it does, or
/// signatures are not checked, or it is not signed).
fn bad_signature(
    state: &Playback,
    method: &str,
    path: &str,
    query: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> Option<String> {
    let credentials = state.credentials.as_ref()?;
    let names = AuthHeaders::DEFAULT;
    let get = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let key = get(names.api_key)?;
    if key != credentials.api_key() {
        return Some(format!(
            "the API key is not the replay's (`{}`)",
            credentials.api_key()
        ));
    }
    let signature = get(names.signature)?;
    let Some(ts) = get(names.timestamp).and_then(|t| t.parse::<i64>().ok()) else {
        return Some(format!("signed without a valid {}", names.timestamp));
    };
    let expected = credentials.sign(ts, method, path, query, body);
    (expected.as_str() != signature)
        .then(|| "the signature does not verify with the replay's credentials".into())
}

/// A request as the replay compares it: method, decoded path, parameters as values.
struct Asked {
    method: String,
    path: String,
    query: Vec<(String, String)>,
    body: Option<Value>,
    /// As a person reads it, for errors.
    shown: String,
}

impl Asked {
    fn new(method: &str, path: &str, query: &str, body: &[u8]) -> Asked {
        let body_text = String::from_utf8_lossy(body);
        let body_text = body_text.trim();
        let mut shown = format!("{method} {path}");
        if !query.is_empty() {
            shown.push('?');
            shown.push_str(query);
        }
        if !body_text.is_empty() {
            shown.push(' ');
            shown.push_str(body_text);
        }
        Asked {
            method: method.to_owned(),
            path: decode(path),
            query: pairs(query),
            body: json(body_text),
            shown,
        }
    }

    /// Whether `x` asks the same (parameters the client generated are not compared).
    fn matches(&self, x: &Exchange) -> bool {
        self.method.eq_ignore_ascii_case(&x.method)
            && self.path == decode(&x.path)
            && without(&self.query, &x.generated) == without(&pairs(&x.query), &x.generated)
            && body_without(&self.body, &x.generated)
                == body_without(&json(x.body.as_deref().unwrap_or_default()), &x.generated)
    }

    /// How alike `x` is: the method and path first, then the parameters in common.
    fn likeness(&self, x: &Exchange) -> usize {
        let same_method = usize::from(self.method.eq_ignore_ascii_case(&x.method));
        let same_path = usize::from(self.path == decode(&x.path));
        let recorded = pairs(&x.query);
        let common = self.query.iter().filter(|p| recorded.contains(p)).count();
        same_path * 1000 + same_method * 100 + common
    }
}

/// The recorded exchange most like `asked`, unused ones first among equals.
fn closest<'a>(
    state: &'a Playback,
    used: &[bool],
    asked: &Asked,
) -> Option<(usize, &'a Exchange, bool)> {
    state
        .exchanges
        .iter()
        .zip(used)
        .map(|((line, x), used)| (asked.likeness(x), !used, *line, x, *used))
        .max_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)).then(b.2.cmp(&a.2)))
        .map(|(_, _, line, x, used)| (line, x, used))
}

/// Query pairs, decoded and sorted (order does not matter to a server).
fn pairs(query: &str) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = serde_urlencoded::from_str(query)
        .unwrap_or_else(|_| vec![(query.to_owned(), String::new())]);
    pairs.sort();
    pairs
}

fn without(pairs: &[(String, String)], skip: &[String]) -> Vec<(String, String)> {
    pairs
        .iter()
        .filter(|(k, _)| !skip.contains(k))
        .cloned()
        .collect()
}

fn json(text: &str) -> Option<Value> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    Some(serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned())))
}

fn body_without(body: &Option<Value>, skip: &[String]) -> Option<Value> {
    match body {
        Some(Value::Object(map)) if !skip.is_empty() => Some(Value::Object(
            map.iter()
                .filter(|(k, _)| !skip.contains(k))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        )),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use contango::recording::{Answer, Payload};

    fn exchange(method: &str, path: &str, query: &str, body: Option<&str>) -> Exchange {
        Exchange {
            endpoint: "x".into(),
            method: method.into(),
            path: path.into(),
            query: query.into(),
            body: body.map(str::to_owned),
            generated: Vec::new(),
            outcome: Outcome::Answer(Answer {
                status: 200,
                content_type: None,
                retry_after: None,
                body: Payload::Text("{}".into()),
            }),
            finished_us: None,
        }
    }

    #[test]
    fn parameters_match_in_any_order_and_escaped_paths_match_placeholders() {
        let asked = Asked::new(
            "GET",
            "/fapi/v1/depth",
            "limit=5&contractName=E-BTC-USDT",
            b"",
        );
        assert!(asked.matches(&exchange(
            "GET",
            "/fapi/v1/depth",
            "contractName=E-BTC-USDT&limit=5",
            None
        )));
        assert!(!asked.matches(&exchange(
            "GET",
            "/fapi/v1/depth",
            "contractName=E-BTC-USDT",
            None
        )));
        let key = Asked::new("PUT", "/l/%3Clisten-key-1%3E", "", b"");
        assert!(key.matches(&exchange("PUT", "/l/<listen-key-1>", "", None)));
    }

    #[test]
    fn bodies_match_as_values_without_generated_parameters() {
        let asked = Asked::new(
            "POST",
            "/o",
            "",
            br#"{"b":1,"clientOrderId":"ct999","a":"x"}"#,
        );
        let mut x = exchange(
            "POST",
            "/o",
            "",
            Some(r#"{"a":"x","clientOrderId":"ct123","b":1}"#),
        );
        assert!(!asked.matches(&x));
        x.generated = vec!["clientOrderId".into()];
        assert!(asked.matches(&x));
    }
}
