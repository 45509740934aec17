//! Where a request goes, from the spec's own table of endpoints (`contango::ENDPOINTS`: each
//! endpoint's method, path template, base and security), so no interface path is written here:
//! an endpoint the spec adds or moves is routed after a rebuild.
//!
//! An endpoint whose base is a product is served under each product's prefix (`/fapi`, `/dapi`),
//! one on the user-stream base at its path as written. A path no endpoint has is 404, a known
//! path asked with another method 405 (both -1020). The streams' paths come from their URL
//! templates in the spec.

use contango::{ErrorCode, Product};
use contango_runtime::http::endpoint::{Base, EndpointMeta};
use contango_runtime::stream::MarketApi as _;
use contango_runtime::wire::encode::percent_decode;
use hyper::Method;

use crate::error::{SimError, SimResult};

/// An endpoint a request reached, the product whose prefix it came under, and the values of the
/// template's path parameters (percent-decoded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// The endpoint.
    pub meta: &'static EndpointMeta,
    /// The product (the default one for the user-stream base).
    pub product: Product,
    /// `(name, value)` of each `{name}` segment.
    pub params: Vec<(&'static str, String)>,
}

impl Route {
    /// The value of path parameter `name`.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The path parameters of `path` against `template`, when it matches (`{name}` matches one
/// non-empty segment).
fn matches(template: &'static str, path: &str) -> Option<Vec<(&'static str, String)>> {
    let mut params = Vec::new();
    let mut want = template.split('/');
    let mut got = path.split('/');
    loop {
        match (want.next(), got.next()) {
            (None, None) => return Some(params),
            (Some(w), Some(g)) => match w.strip_prefix('{').and_then(|w| w.strip_suffix('}')) {
                Some(name) if !g.is_empty() => params.push((name, percent_decode(g))),
                Some(_) => return None,
                None if w == g => {}
                None => return None,
            },
            _ => return None,
        }
    }
}

/// Finds the endpoint of `method path` among `endpoints`: 404 for a path none has, 405 for a
/// known path with another method (both -1020).
pub fn resolve_in(
    endpoints: &'static [EndpointMeta],
    method: &Method,
    path: &str,
) -> SimResult<Route> {
    let mut known = false;
    for meta in endpoints {
        // No allocation per endpoint tried: a request walks the table until its endpoint.
        let found = match meta.base {
            Base::Product => Product::ALL.iter().find_map(|p| {
                let rest = path.strip_prefix(p.prefix())?;
                matches(meta.path, rest).map(|params| (*p, params))
            }),
            Base::UserStream => matches(meta.path, path).map(|params| (Product::default(), params)),
        };
        let Some((product, params)) = found else {
            continue;
        };
        if meta.method.as_str() == method.as_str() {
            return Ok(Route {
                meta,
                product,
                params,
            });
        }
        known = true;
    }
    let status = if known { 405 } else { 404 };
    Err(SimError::new(ErrorCode::UnsupportedOperation).status(status))
}

/// Finds the endpoint of `method path` in the spec ([`resolve_in`]).
pub fn resolve(method: &Method, path: &str) -> SimResult<Route> {
    resolve_in(contango::ENDPOINTS, method, path)
}

/// The path of a WebSocket URL template (`wss://{host}/stream?listenKey={listenKey}` →
/// `/stream`).
pub fn url_path(url: &str) -> &str {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let path = after_scheme
        .find('/')
        .map_or("/", |i| after_scheme.get(i..).unwrap_or("/"));
    path.split(['?', '#']).next().unwrap_or(path)
}

/// The private stream's path, from the spec's URL template.
pub fn user_stream_path() -> &'static str {
    url_path(contango::Event::URL_TEMPLATE)
}

/// The public market stream's path, from the spec's URL template.
pub fn market_stream_path() -> &'static str {
    url_path(contango::MarketStreamApi::URL_TEMPLATE)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(method: Method, path: &str) -> Result<(&'static str, Product), u16> {
        resolve(&method, path)
            .map(|r| (r.meta.name, r.product))
            .map_err(|e| e.status)
    }

    #[test]
    fn every_endpoint_of_the_spec_is_routed_under_each_product() {
        assert_eq!(
            name(Method::GET, "/fapi/v1/ping"),
            Ok(("ping", Product::UsdtMargined))
        );
        assert_eq!(
            name(Method::GET, "/dapi/v2/order"),
            Ok(("query_order", Product::CoinMargined))
        );
        assert_eq!(
            name(Method::POST, "/fapi/v2/order"),
            Ok(("new_order", Product::UsdtMargined))
        );
        assert_eq!(name(Method::POST, "/fapi/v1/ping"), Err(405));
        assert_eq!(name(Method::GET, "/fapi/v9/nope"), Err(404));
        assert_eq!(name(Method::GET, "/other"), Err(404));
        let keep = resolve(&Method::PUT, "/user_stream/api/v1/listenKey/ab%63");
        assert_eq!(
            keep.as_ref().ok().and_then(|r| r.param("listenKey")),
            Some("abc")
        );
        assert_eq!(
            name(Method::DELETE, "/user_stream/api/v1/listenKey/k").map(|r| r.0),
            Ok("close_listen_key")
        );
        assert_eq!(
            name(Method::POST, "/user_stream/api/v1/listenKey").map(|r| r.0),
            Ok("create_listen_key")
        );
        assert_eq!(name(Method::GET, "/user_stream/api/v1/listenKey"), Err(405));
        assert_eq!(
            name(Method::GET, "/user_stream/api/v1/listenKey/"),
            Err(404)
        );
        // Every endpoint is reached at its own template.
        for meta in contango::ENDPOINTS {
            let filled = meta
                .path
                .split('/')
                .map(|s| if s.starts_with('{') { "x" } else { s })
                .collect::<Vec<_>>()
                .join("/");
            let full = match meta.base {
                Base::Product => format!("{}{filled}", Product::default().prefix()),
                Base::UserStream => filled,
            };
            let method = Method::from_bytes(meta.method.as_str().as_bytes()).expect("method");
            assert_eq!(
                resolve(&method, &full).map(|r| r.meta.name).ok(),
                Some(meta.name),
                "{full}"
            );
        }
    }

    #[test]
    fn stream_paths_come_from_the_spec() {
        assert_eq!(url_path("ws://127.0.0.1:9/stream?listenKey=<k>"), "/stream");
        assert_eq!(url_path("wss://h.example/kline-api/ws"), "/kline-api/ws");
        assert_eq!(url_path("wss://h.example"), "/");
        assert!(user_stream_path().starts_with('/'));
        assert!(market_stream_path().starts_with('/'));
    }
}
