//! A request's bytes: written out once, before its first attempt, and signed again by each
//! attempt with the clock of its moment.
//!
//! The exact text signed is the exact text sent: path and query are built once by the encode
//! writers, the URL is parsed from that text once, and the parse is checked not to have rewritten
//! anything.

use bytes::Bytes;
use reqwest::header::{CONTENT_TYPE, HeaderMap, HeaderValue};
use url::Url;

use crate::error::{InvalidArgument, Uncoded};
use crate::http::client::Core;
use crate::http::credentials::Credentials;
use crate::http::endpoint::{Base, Endpoint, EndpointMeta, Method};
use crate::wire::encode::{BodyWriter, PathParam, PathWriter, QueryWriter};

/// A request's writers without its types, so that what is done with them is compiled once.
pub(crate) trait Writes {
    fn path(&self, out: &mut PathWriter<'_>);
    fn query(&self, out: &mut QueryWriter<'_>);
    fn body(&self, out: &mut BodyWriter<'_>);
}

impl<E: Endpoint> Writes for E {
    fn path(&self, out: &mut PathWriter<'_>) {
        self.write_path(out);
    }
    fn query(&self, out: &mut QueryWriter<'_>) {
        self.write_query(out);
    }
    fn body(&self, out: &mut BodyWriter<'_>) {
        self.write_body(out);
    }
}

/// A request written out: what every attempt signs and sends.
pub(crate) struct Written<'a> {
    pub(crate) meta: EndpointMeta,
    pub(crate) rate_group: &'static str,
    /// The credentials it carries (keyed and signed endpoints).
    pub(crate) credentials: Option<&'a Credentials>,
    pub(crate) url: Url,
    /// The path and query as signed: the URL's own, checked not rewritten.
    pub(crate) path: String,
    pub(crate) query: String,
    pub(crate) body: Option<Bytes>,
    /// The path's parameters, for the recording (none when not recording).
    pub(crate) params: Vec<PathParam>,
}

impl Core {
    /// Writes `req` out after the refusals that need no network: credentials, transport
    /// security, a URL the parser would rewrite. Once per call, before anything (a clock sample
    /// included) is sent.
    pub(crate) fn write(
        &self,
        meta: EndpointMeta,
        rate_group: &'static str,
        req: &dyn Writes,
    ) -> Result<Written<'_>, Uncoded> {
        let inner = &*self.inner;
        let credentials = if meta.security.needs_key() {
            let credentials = inner.credentials.as_ref();
            Some(credentials.ok_or(Uncoded::MissingCredentials {
                endpoint: meta.name,
            })?)
        } else {
            None
        };
        let base = match meta.base {
            Base::Product => &inner.product,
            Base::UserStream => &inner.user_stream,
        };
        if credentials.is_some() && !base.secure {
            return Err(Uncoded::Insecure { url: base.text() });
        }
        // The receive window goes where the interface document signs (TRADE, USER_DATA): a
        // listen-key call signed as the exchange's current page asks carries none, since a
        // server that only wants the key may refuse an unknown parameter.
        let recv_window = if meta.signed && meta.security.is_signed() {
            inner.recv_window
        } else {
            None
        };
        let is_get = meta.method == Method::Get;

        let mut path = String::with_capacity(64);
        path.push_str(&base.path);
        if meta.base == Base::Product {
            path.push_str(inner.prefix);
        }
        // One pass; a recording also notes the parameters (it redacts the secret ones).
        let mut params = Vec::new();
        if inner.recorder.is_some() {
            req.path(&mut PathWriter::noting(&mut path, &mut params));
        } else {
            req.path(&mut PathWriter::new(&mut path));
        }
        if path.is_empty() {
            path.push('/');
        }

        let mut query = String::new();
        {
            let mut q = QueryWriter::new(&mut query);
            req.query(&mut q);
            if let (true, Some(rw)) = (is_get, recv_window) {
                q.pair(inner.names.recv_window, &rw);
            }
        }

        let body = if meta.has_body && !is_get {
            let mut buf = Vec::with_capacity(128);
            let mut w = BodyWriter::new(&mut buf);
            req.body(&mut w);
            if let Some(rw) = recv_window {
                w.field(inner.names.recv_window, &rw);
            }
            w.finish().map_err(|e| {
                Uncoded::InvalidArgument(InvalidArgument::new("body", e.to_string()))
            })?;
            Some(Bytes::from(buf))
        } else {
            None
        };

        let url = request_url(&base.origin, &path, &query).map_err(Uncoded::InvalidArgument)?;
        Ok(Written {
            meta,
            rate_group,
            credentials,
            url,
            path,
            query,
            body,
            params,
        })
    }

    /// The request of one attempt: the written bytes, signed with the clock of now.
    pub(crate) fn request(&self, w: &Written<'_>) -> Result<reqwest::Request, Uncoded> {
        let inner = &*self.inner;
        let mut headers = HeaderMap::with_capacity(4);
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        if let (Some(credentials), Some(key)) = (w.credentials, &inner.api_key) {
            headers.insert(inner.api_key_header.clone(), key.clone());
            if w.meta.signed {
                let ts = self.timestamp_ms();
                let body = w.body.as_deref().unwrap_or_default();
                let sig = credentials.sign(ts, w.meta.method.as_str(), &w.path, &w.query, body);
                let mut sig_value = HeaderValue::from_str(sig.as_str())
                    .map_err(|_| Uncoded::Config("signature is not a header value".into()))?;
                sig_value.set_sensitive(true);
                headers.insert(inner.signature_header.clone(), sig_value);
                headers.insert(inner.timestamp_header.clone(), HeaderValue::from(ts));
            }
        }
        let mut request = reqwest::Request::new(http_method(w.meta.method), w.url.clone());
        *request.headers_mut() = headers;
        if let Some(body) = &w.body {
            *request.body_mut() = Some(body.clone().into());
        }
        Ok(request)
    }
}

fn http_method(m: Method) -> reqwest::Method {
    match m {
        Method::Get => reqwest::Method::GET,
        Method::Post => reqwest::Method::POST,
        Method::Put => reqwest::Method::PUT,
        Method::Delete => reqwest::Method::DELETE,
    }
}

/// Parses `origin + path + ("?" + query)` once, refusing any URL the parser would rewrite
/// (dot segments, characters it would escape), since the signature covers the text as built.
pub(super) fn request_url(origin: &str, path: &str, query: &str) -> Result<Url, InvalidArgument> {
    let mut text = String::with_capacity(origin.len() + path.len() + query.len() + 1);
    text.push_str(origin);
    text.push_str(path);
    if !query.is_empty() {
        text.push('?');
        text.push_str(query);
    }
    let url = Url::parse(&text)
        .map_err(|e| InvalidArgument::new("path", format!("does not form a valid URL: {e}")))?;
    if url.path() != path || url.query().unwrap_or_default() != query {
        return Err(InvalidArgument::new(
            "path",
            format!("`{path}` would be rewritten by URL normalisation (a `.` or `..` segment?)"),
        ));
    }
    Ok(url)
}
