//! HTTP/1.1 and WebSocket on hyper, for the venue's servers and the replay: the accept loop and
//! its graceful end, the answers' body, a request's body read to a limit, and the WebSocket
//! handshake (RFC 6455) over hyper's upgrade.
//!
//! The routes are the spec's ([`super::routes`]), so no router framework sits in between: a
//! handler is a function of the request.

use std::convert::Infallible;
use std::future::Future;
use std::pin::{Pin, pin};
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::BodyExt;
use hyper::body::{Frame, Incoming, SizeHint};
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::upgrade::{OnUpgrade, Upgraded};
use hyper::{Method, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role;

/// A request as hyper hands it over.
pub type Request = hyper::Request<Incoming>;
/// An answer.
pub type Response = hyper::Response<Body>;
/// A server's side of an upgraded WebSocket connection.
pub type WebSocket = WebSocketStream<TokioIo<Upgraded>>;

/// The largest request body read (what the interface sends is a few hundred bytes).
pub const BODY_LIMIT: usize = 2 << 20;

/// An answer's body: bytes, or a body that fails as it is sent, so that hyper aborts the
/// connection and the client gets no answer (the "drop the connection" fault).
#[derive(Debug)]
pub enum Body {
    /// The bytes not sent yet (`None` once sent, or when there are none).
    Bytes(Option<Bytes>),
    /// A body that fails.
    Failing,
}

impl Body {
    /// No bytes.
    pub fn empty() -> Body {
        Body::Bytes(None)
    }

    /// A body that fails.
    pub fn failing() -> Body {
        Body::Failing
    }

    /// The bytes; an error for a body that fails.
    pub fn into_bytes(self) -> std::io::Result<Bytes> {
        match self {
            Body::Bytes(bytes) => Ok(bytes.unwrap_or_default()),
            Body::Failing => Err(dropped()),
        }
    }
}

fn dropped() -> std::io::Error {
    std::io::Error::other("dropped by fault injection")
}

impl<T: Into<Bytes>> From<T> for Body {
    fn from(bytes: T) -> Body {
        let bytes = bytes.into();
        Body::Bytes((!bytes.is_empty()).then_some(bytes))
    }
}

impl hyper::body::Body for Body {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
        Poll::Ready(match &mut *self {
            Body::Bytes(bytes) => bytes.take().map(|b| Ok(Frame::data(b))),
            Body::Failing => Some(Err(dropped())),
        })
    }

    fn is_end_stream(&self) -> bool {
        matches!(self, Body::Bytes(None))
    }

    fn size_hint(&self) -> SizeHint {
        match self {
            Body::Bytes(bytes) => {
                SizeHint::with_exact(bytes.as_ref().map_or(0, |b| b.len() as u64))
            }
            Body::Failing => SizeHint::default(),
        }
    }
}

/// An answer of `status` with `body`.
pub fn answer(status: StatusCode, body: impl Into<Body>) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    response
}

/// An answer of `status` with `body` of `content_type`.
pub fn typed(status: StatusCode, content_type: &'static str, body: impl Into<Body>) -> Response {
    let mut response = answer(status, body);
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

/// A plain-text answer.
pub fn text(status: StatusCode, message: String) -> Response {
    typed(status, "text/plain; charset=utf-8", message)
}

/// A request's body, whole; `None` when it is over `limit` bytes or the connection failed.
pub async fn read_body(body: Incoming, limit: usize) -> Option<Bytes> {
    http_body_util::Limited::new(body, limit)
        .collect()
        .await
        .ok()
        .map(|c| c.to_bytes())
}

/// Serves connections from `listener` with `handler` until `stop` turns true; then stops
/// accepting, lets each connection finish the request it is on, and returns once every one has
/// closed (upgraded WebSocket connections are their handlers' to end).
pub async fn serve<H, F>(listener: TcpListener, handler: H, mut stop: watch::Receiver<bool>)
where
    H: Fn(Request) -> F + Clone + Send + Sync + 'static,
    F: Future<Output = Response> + Send + 'static,
{
    // Each connection's task holds a sender; the channel closes once every one has ended.
    let (open, mut closed) = mpsc::channel::<Infallible>(1);
    let http = hyper::server::conn::http1::Builder::new();
    loop {
        let tcp = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((tcp, _)) => tcp,
                Err(e) => {
                    // Out of descriptors or memory: wait rather than spin; a connection that
                    // failed while it was accepted is only that connection's loss.
                    if !is_connection_error(&e) {
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                    continue;
                }
            },
            () = stopped(&mut stop) => break,
        };
        // Stream frames go out as soon as they are written (no Nagle delay behind a delayed ACK).
        let _ = tcp.set_nodelay(true);
        let handler = handler.clone();
        let service = hyper::service::service_fn(move |request| {
            let answer = handler(request);
            async move { Ok::<_, Infallible>(answer.await) }
        });
        let connection = http
            .serve_connection(TokioIo::new(tcp), service)
            .with_upgrades();
        let mut stop = stop.clone();
        let open = open.clone();
        tokio::spawn(async move {
            let mut connection = pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                () = stopped(&mut stop) => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(open);
        });
    }
    drop(listener);
    drop(open);
    let _ = closed.recv().await;
}

/// Returns once `stop` is true (or its sender is gone).
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|v| *v).await;
}

fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    )
}

/// A WebSocket handshake a request asks for (HTTP/1.1: `GET`, `Connection: upgrade`,
/// `Upgrade: websocket`, `Sec-WebSocket-Version: 13` and a key).
#[derive(Debug)]
pub struct Upgrade {
    on_upgrade: OnUpgrade,
    accept: String,
}

impl Upgrade {
    /// The handshake `request` asks for, taken from it; `None` when it asks for none.
    pub fn take(request: &mut Request) -> Option<Upgrade> {
        let headers = request.headers();
        let asked = request.method() == Method::GET
            && has_token(headers, header::CONNECTION, "upgrade")
            && has_token(headers, header::UPGRADE, "websocket")
            && headers
                .get(header::SEC_WEBSOCKET_VERSION)
                .is_some_and(|v| v.as_bytes() == b"13");
        let key = headers.get(header::SEC_WEBSOCKET_KEY).filter(|_| asked)?;
        let accept = derive_accept_key(key.as_bytes());
        let on_upgrade = request.extensions_mut().remove::<OnUpgrade>()?;
        Some(Upgrade { on_upgrade, accept })
    }

    /// The `101 Switching Protocols` answer; once it is sent, `run` gets the connection as a
    /// WebSocket, in a task of its own.
    pub fn answer<R, F>(self, run: R) -> Response
    where
        R: FnOnce(WebSocket) -> F + Send + 'static,
        F: Future<Output = ()> + Send + 'static,
    {
        tokio::spawn(async move {
            let Ok(upgraded) = self.on_upgrade.await else {
                return;
            };
            let socket =
                WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Server, None).await;
            run(socket).await;
        });
        let mut response = answer(StatusCode::SWITCHING_PROTOCOLS, Body::empty());
        let headers = response.headers_mut();
        headers.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
        headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
        if let Ok(accept) = HeaderValue::from_str(&self.accept) {
            headers.insert(header::SEC_WEBSOCKET_ACCEPT, accept);
        }
        response
    }
}

/// Whether a comma-separated header of `name` holds `token` (ASCII case aside).
fn has_token(headers: &HeaderMap, name: header::HeaderName, token: &str) -> bool {
    headers.get_all(name).iter().any(|v| {
        v.to_str()
            .is_ok_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
    })
}
