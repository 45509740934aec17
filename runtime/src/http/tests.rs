//! Client tests against a minimal loopback HTTP/1.1 server that records what it receives.

use std::time::Duration;

use super::builder::CoreBuilder;
use super::client::*;
use super::config::{AuthHeaders, ConfigError};
use super::request::request_url;
use crate::error::tests::TestCode;
use crate::error::{Error, InvalidArgument};
use crate::http::credentials::Credentials;
use crate::http::credentials::sign_message;
use crate::http::endpoint::{Base, Endpoint, Method};
use crate::http::endpoint::{EndpointMeta, Envelope, Security};
use crate::wire::encode::{BodyWriter, PathWriter, QueryWriter};
use crate::wire::envelope::tests::Ack;
use crate::wire::validate::check_range;
use rust_decimal::Decimal;
use serde::Deserializer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

const SECRET: &str = "902ae3cb34ecee2779aa4d3e1d226686";
const KEY: &str = "test-api-key";

/// One request as the server saw it.
#[derive(Debug)]
struct Seen {
    method: String,
    target: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Seen {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Verifies the signature the way a server does: over the request target as received.
    fn signature_is_valid(&self) -> bool {
        let (Some(ts), Some(sig)) = (self.header("x-ch-ts"), self.header("x-ch-sign")) else {
            return false;
        };
        let mut msg = format!("{ts}{}{}", self.method, self.target).into_bytes();
        msg.extend_from_slice(&self.body);
        sign_message(SECRET.as_bytes(), &msg) == sig
    }
}

/// Serves every connection with one fixed answer; returns the base URL and what was received.
async fn server(status: u16, answer_body: &'static str) -> (String, mpsc::UnboundedReceiver<Seen>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((mut sock, _)) = listener.accept().await {
            let tx = tx.clone();
            tokio::spawn(async move {
                let mut buf = Vec::new();
                let mut chunk = [0_u8; 4096];
                let head_end = loop {
                    if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                        break i;
                    }
                    match sock.read(&mut chunk).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => buf.extend_from_slice(&chunk[..n]),
                    }
                };
                let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
                let mut lines = head.split("\r\n");
                let mut request_line = lines.next().unwrap_or_default().split(' ');
                let method = request_line.next().unwrap_or_default().to_owned();
                let target = request_line.next().unwrap_or_default().to_owned();
                let headers: Vec<(String, String)> = lines
                    .filter_map(|l| l.split_once(':'))
                    .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
                    .collect();
                let len = headers
                    .iter()
                    .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
                    .and_then(|(_, v)| v.parse::<usize>().ok())
                    .unwrap_or(0);
                let mut body = buf[head_end + 4..].to_vec();
                while body.len() < len {
                    match sock.read(&mut chunk).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => body.extend_from_slice(&chunk[..n]),
                    }
                }
                let _ = tx.send(Seen {
                    method,
                    target,
                    headers,
                    body,
                });
                let answer = format!(
                    "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{answer_body}",
                    answer_body.len()
                );
                let _ = sock.write_all(answer.as_bytes()).await;
                let _ = sock.shutdown().await;
            });
        }
    });
    (format!("http://{addr}"), rx)
}

fn core(base: &str) -> Core {
    Core::builder()
        .base_url(base)
        .credentials(Credentials::new(KEY, SECRET))
        .build()
        .unwrap()
}

/// `GET /v2/order` (signed, wrapped), with a validated optional `limit`.
struct GetOrder {
    contract: String,
    limit: Option<i32>,
}

impl Endpoint for GetOrder {
    type Response = Ack;
    type Code = TestCode;
    const META: EndpointMeta = EndpointMeta {
        name: "get_order",
        method: Method::Get,
        path: "/v2/order",
        base: Base::Product,
        security: Security::UserData,
        signed: true,
        envelope: Envelope::Wrapped,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> Result<(), InvalidArgument> {
        if let Some(l) = &self.limit {
            check_range("limit", l, Some(1), Some(100))?;
        }
        Ok(())
    }
    fn write_path(&self, out: &mut PathWriter<'_>) {
        out.literal("/v2/order");
    }
    fn write_query(&self, out: &mut QueryWriter<'_>) {
        out.pair("contractName", &self.contract);
        out.opt("limit", &self.limit);
    }
    fn write_body(&self, _: &mut BodyWriter<'_>) {}
    fn decode_data<'de, D: Deserializer<'de>>(d: D) -> Result<Ack, D::Error> {
        crate::wire::de::wire(d)
    }
}

/// `POST /v2/order` (signed, wrapped, JSON body).
struct NewOrder {
    contract: &'static str,
    price: Decimal,
}

impl Endpoint for NewOrder {
    type Response = Ack;
    type Code = TestCode;
    const META: EndpointMeta = EndpointMeta {
        name: "new_order",
        method: Method::Post,
        path: "/v2/order",
        base: Base::Product,
        security: Security::Trade,
        signed: true,
        envelope: Envelope::Wrapped,
        error_table: "futures",
        idempotent: false,
        has_body: true,
    };
    fn validate(&self) -> Result<(), InvalidArgument> {
        Ok(())
    }
    fn write_path(&self, out: &mut PathWriter<'_>) {
        out.literal("/v2/order");
    }
    fn write_query(&self, _: &mut QueryWriter<'_>) {}
    fn write_body(&self, out: &mut BodyWriter<'_>) {
        out.field("contractName", self.contract);
        out.field("price", &self.price);
    }
    fn decode_data<'de, D: Deserializer<'de>>(d: D) -> Result<Ack, D::Error> {
        crate::wire::de::wire(d)
    }
}

/// `GET /v1/orders/{id}` (public, bare) with a path parameter.
struct PublicLookup {
    id: &'static str,
}

impl Endpoint for PublicLookup {
    type Response = Ack;
    type Code = TestCode;
    const META: EndpointMeta = EndpointMeta {
        name: "public_lookup",
        method: Method::Get,
        path: "/v1/orders/{id}",
        base: Base::Product,
        security: Security::None,
        signed: false,
        envelope: Envelope::Bare,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> Result<(), InvalidArgument> {
        Ok(())
    }
    fn write_path(&self, out: &mut PathWriter<'_>) {
        out.literal("/v1/orders/");
        out.param("id", self.id);
    }
    fn write_query(&self, out: &mut QueryWriter<'_>) {
        out.pair("q", "a b+c");
    }
    fn write_body(&self, _: &mut BodyWriter<'_>) {}
    fn decode_data<'de, D: Deserializer<'de>>(d: D) -> Result<Ack, D::Error> {
        crate::wire::de::wire(d)
    }
}

/// `POST /user_stream/api/v1/listenKey` (user-stream base and table): key only, or `SIGNED` as
/// the exchange's current page signs it.
struct ListenKey<const SIGNED: bool>;

impl<const SIGNED: bool> Endpoint for ListenKey<SIGNED> {
    type Response = serde_json::Value;
    type Code = TestCode;
    const META: EndpointMeta = EndpointMeta {
        name: "listen_key",
        method: Method::Post,
        path: "/user_stream/api/v1/listenKey",
        base: Base::UserStream,
        security: Security::UserStream,
        signed: SIGNED,
        envelope: Envelope::Wrapped,
        error_table: "user_stream",
        idempotent: true,
        has_body: true,
    };
    fn validate(&self) -> Result<(), InvalidArgument> {
        Ok(())
    }
    fn write_path(&self, out: &mut PathWriter<'_>) {
        out.literal("/user_stream/api/v1/listenKey");
    }
    fn write_query(&self, _: &mut QueryWriter<'_>) {}
    fn write_body(&self, _: &mut BodyWriter<'_>) {}
    fn decode_data<'de, D: Deserializer<'de>>(d: D) -> Result<serde_json::Value, D::Error> {
        crate::wire::de::wire(d)
    }
}

const ACK: &str = r#"{"code":"0","msg":"Success","data":{"orderId":1690615847831143159}}"#;

#[tokio::test]
async fn signed_get_signs_the_query_it_sends() {
    let (base, mut rx) = server(200, ACK).await;
    let c = Core::builder()
        .base_url(format!("{base}/"))
        .credentials(Credentials::new(KEY, SECRET))
        .recv_window(5000)
        .build()
        .unwrap();
    let ack = c
        .send(&GetOrder {
            contract: "E-BTC-USDT".into(),
            limit: Some(5),
        })
        .await
        .unwrap();
    assert_eq!(ack.order_id, 1690615847831143159);
    let seen = rx.recv().await.unwrap();
    assert_eq!(seen.method, "GET");
    assert_eq!(
        seen.target,
        "/fapi/v2/order?contractName=E-BTC-USDT&limit=5&recvWindow=5000"
    );
    assert_eq!(seen.header("x-ch-apikey"), Some(KEY));
    assert_eq!(seen.header("content-type"), Some("application/json"));
    assert!(seen.body.is_empty());
    assert!(seen.signature_is_valid(), "{seen:?}");
    let ts: i64 = seen.header("x-ch-ts").unwrap().parse().unwrap();
    assert!((ts - c.timestamp_ms()).abs() < 60_000);
}

#[tokio::test]
async fn signed_post_signs_the_body_it_sends() {
    let (base, mut rx) = server(200, ACK).await;
    let c = Core::builder()
        .base_url(base)
        .credentials(Credentials::new(KEY, SECRET))
        .recv_window(3000)
        .build()
        .unwrap();
    c.send(&NewOrder {
        contract: "E-BTC-USDT",
        price: Decimal::new(93001, 1),
    })
    .await
    .unwrap();
    let seen = rx.recv().await.unwrap();
    assert_eq!(seen.target, "/fapi/v2/order");
    assert_eq!(
        String::from_utf8(seen.body.clone()).unwrap(),
        r#"{"contractName":"E-BTC-USDT","price":"9300.1","recvWindow":3000}"#
    );
    assert!(seen.signature_is_valid(), "{seen:?}");
}

#[tokio::test]
async fn public_get_is_unsigned_and_escapes_what_it_sends() {
    let (base, mut rx) = server(200, r#"{"orderId":"42"}"#).await;
    let c = Core::builder()
        .base_url(base)
        .product_prefix("/dapi")
        .build()
        .unwrap();
    assert_eq!(c.product_prefix(), "/dapi");
    let ack = c.send(&PublicLookup { id: "a/b c" }).await.unwrap();
    assert_eq!(ack.order_id, 42);
    let seen = rx.recv().await.unwrap();
    assert_eq!(seen.target, "/dapi/v1/orders/a%2Fb%20c?q=a%20b%2Bc");
    assert_eq!(seen.header("x-ch-apikey"), None);
    assert_eq!(seen.header("x-ch-sign"), None);
    assert_eq!(seen.header("content-type"), Some("application/json"));
}

#[tokio::test]
async fn user_stream_endpoints_use_their_own_base_and_table() {
    let (base, mut rx) = server(
        200,
        r#"{"msg":"succ","code":200,"data":{"listenKey":"ac3a"}}"#,
    )
    .await;
    let (other, mut other_rx) = server(500, "").await;
    let c = Core::builder()
        .base_url(other)
        .user_stream_url(format!("{base}/root"))
        .credentials(Credentials::new(KEY, SECRET))
        .build()
        .unwrap();
    let v = c.send(&ListenKey::<false>).await.unwrap();
    assert_eq!(v["listenKey"], "ac3a");
    let seen = rx.recv().await.unwrap();
    assert_eq!(seen.target, "/root/user_stream/api/v1/listenKey");
    assert_eq!(seen.header("x-ch-apikey"), Some(KEY));
    assert_eq!(seen.header("x-ch-sign"), None);
    assert_eq!(seen.body, b"{}");
    assert!(other_rx.try_recv().is_err());
}

/// A listen-key call the spec signs carries the signature and timestamp over what it sends, and
/// no receive window: that goes only where the interface document signs.
#[tokio::test]
async fn a_signed_listen_key_call_carries_the_signature_but_no_receive_window() {
    let (base, mut rx) = server(
        200,
        r#"{"msg":"succ","code":200,"data":{"listenKey":"ac3a"}}"#,
    )
    .await;
    let c = Core::builder()
        .base_url(base.clone())
        .user_stream_url(base)
        .credentials(Credentials::new(KEY, SECRET))
        .recv_window(5000)
        .build()
        .unwrap();
    let v = c.send(&ListenKey::<true>).await.unwrap();
    assert_eq!(v["listenKey"], "ac3a");
    let seen = rx.recv().await.unwrap();
    assert_eq!(seen.target, "/user_stream/api/v1/listenKey");
    assert_eq!(seen.body, b"{}");
    assert!(seen.header("x-ch-ts").is_some());
    assert!(seen.signature_is_valid(), "{seen:?}");
}

#[tokio::test]
async fn custom_auth_header_names() {
    let (base, mut rx) = server(200, ACK).await;
    let c = Core::builder()
        .base_url(base)
        .credentials(Credentials::new(KEY, SECRET))
        .auth_headers(AuthHeaders {
            api_key: "X-Key",
            signature: "X-Sig",
            timestamp: "X-Ts",
            recv_window: "rw",
        })
        .recv_window(10)
        .build()
        .unwrap();
    c.send(&GetOrder {
        contract: "X".into(),
        limit: None,
    })
    .await
    .unwrap();
    let seen = rx.recv().await.unwrap();
    assert_eq!(seen.target, "/fapi/v2/order?contractName=X&rw=10");
    assert_eq!(seen.header("x-key"), Some(KEY));
    assert!(seen.header("x-sig").is_some() && seen.header("x-ts").is_some());
}

#[tokio::test]
async fn local_refusals_send_nothing() {
    let (base, mut rx) = server(200, ACK).await;
    let anonymous = Core::builder().base_url(&base).build().unwrap();
    match anonymous
        .send(&GetOrder {
            contract: "X".into(),
            limit: None,
        })
        .await
    {
        Err(Error::MissingCredentials { endpoint }) => assert_eq!(endpoint, "get_order"),
        other => panic!("{:?}", other.map(|_| ())),
    }
    match core(&base)
        .send(&GetOrder {
            contract: "X".into(),
            limit: Some(101),
        })
        .await
    {
        Err(Error::InvalidArgument(e)) => {
            assert_eq!(
                e.to_string(),
                "invalid argument `limit`: must be at most 100, got 101"
            );
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
    match core(&base).send(&PublicLookup { id: ".." }).await {
        Err(Error::InvalidArgument(e)) => assert_eq!(e.param, "path"),
        other => panic!("{:?}", other.map(|_| ())),
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert!(
        rx.try_recv().is_err(),
        "a refused request reached the server"
    );
}

#[tokio::test]
async fn server_errors_map_to_error_variants() {
    let (base, _rx) = server(400, r#"{"code":-1121,"msg":"Invalid symbol."}"#).await;
    let e = core(&base)
        .send(&GetOrder {
            contract: "X".into(),
            limit: None,
        })
        .await
        .unwrap_err();
    assert_eq!(e.code(), Some(TestCode::InvalidSymbol));
    assert_eq!(e.status(), Some(400));
    assert_eq!(e.message(), Some("Invalid symbol."));

    let (base, _rx) = server(502, "<html><body>Bad Gateway</body></html>").await;
    let e = core(&base)
        .send(&GetOrder {
            contract: "X".into(),
            limit: None,
        })
        .await
        .unwrap_err();
    assert!(matches!(&e, Error::Http { status: 502, .. }), "{e}");
    assert_eq!(e.retry_class(), crate::RetryClass::Ambiguous);

    let (base, _rx) = server(200, r#"{"code":"0","data":{"orderId":"#).await;
    let e = core(&base)
        .send(&GetOrder {
            contract: "X".into(),
            limit: None,
        })
        .await
        .unwrap_err();
    assert!(
        matches!(
            &e,
            Error::Decode {
                status: 200,
                endpoint: "get_order",
                ..
            }
        ),
        "{e}"
    );
}

#[tokio::test]
async fn timeouts_and_transport_failures() {
    // Accepts and never answers.
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let holder = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((sock, _)) = listener.accept().await {
            held.push(sock);
        }
    });
    let c = Core::builder()
        .base_url(format!("http://{addr}"))
        .timeout(Duration::from_millis(200))
        .build()
        .unwrap();
    let e = c.send(&PublicLookup { id: "1" }).await.unwrap_err();
    assert!(
        matches!(
            e,
            Error::Timeout {
                endpoint: "public_lookup"
            }
        ),
        "{e}"
    );
    holder.abort();

    // Nothing listening.
    let closed = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = closed.local_addr().unwrap();
    drop(closed);
    let c = Core::builder()
        .base_url(format!("http://{addr}"))
        .build()
        .unwrap();
    let e = c.send(&PublicLookup { id: "1" }).await.unwrap_err();
    assert!(matches!(e, Error::Transport { .. }), "{e}");
    assert!(
        !e.to_string().contains("127.0.0.1"),
        "URL leaked into the message: {e}"
    );
    assert!(
        e.to_string().contains("refused"),
        "the cause is missing: {e}"
    );
}

#[test]
fn send_future_is_send() {
    fn assert_send<T: Send>(_: &T) {}
    let c = Core::builder()
        .base_url("https://example.invalid")
        .build()
        .unwrap();
    let req = GetOrder {
        contract: "X".into(),
        limit: None,
    };
    let fut = c.send(&req);
    assert_send(&fut);
}

#[test]
fn builder_checks() {
    let creds = || Credentials::new(KEY, SECRET);
    let err = |b: CoreBuilder| b.build().unwrap_err();
    assert_eq!(err(Core::builder()), ConfigError::MissingBaseUrl);
    assert!(matches!(
        err(Core::builder()
            .base_url("http://exchange.example")
            .credentials(creds())),
        ConfigError::Insecure { .. }
    ));
    assert!(matches!(
        err(Core::builder()
            .base_url("https://exchange.example")
            .user_stream_url("http://stream.example")
            .credentials(creds())),
        ConfigError::Insecure { .. }
    ));
    assert!(matches!(
        err(Core::builder().base_url("ftp://x")),
        ConfigError::InvalidUrl { .. }
    ));
    assert!(matches!(
        err(Core::builder().base_url("not a url")),
        ConfigError::InvalidUrl { .. }
    ));
    assert!(matches!(
        err(Core::builder().base_url("https://x/?a=1")),
        ConfigError::InvalidUrl { .. }
    ));
    assert!(matches!(
        err(Core::builder().base_url("https://u:p@x")),
        ConfigError::InvalidUrl { .. }
    ));
    assert!(matches!(
        err(Core::builder().base_url("https://x").product_prefix("fapi")),
        ConfigError::InvalidPrefix("fapi")
    ));
    assert!(matches!(
        err(Core::builder()
            .base_url("https://x")
            .auth_headers(AuthHeaders {
                api_key: "bad header",
                ..AuthHeaders::DEFAULT
            })),
        ConfigError::InvalidHeaderName("bad header")
    ));
    assert_eq!(
        err(Core::builder()
            .base_url("https://x")
            .credentials(Credentials::new("k\n", SECRET))),
        ConfigError::InvalidApiKey
    );
    for ok in [
        "http://localhost:8080",
        "http://LOCALHOST",
        "http://127.0.0.1",
        "http://127.10.0.1",
        "http://[::1]:9000",
        "https://exchange.example",
    ] {
        Core::builder()
            .base_url(ok)
            .credentials(creds())
            .build()
            .unwrap_or_else(|e| panic!("{ok}: {e}"));
    }
    // Plain http without credentials is fine (public data, a remote simulator).
    let c = Core::builder()
        .base_url("http://exchange.example/api/")
        .build()
        .unwrap();
    assert_eq!(c.base_url(), "http://exchange.example/api");
    assert_eq!(c.product_prefix(), "/fapi");
    let text = format!("{c:?}");
    assert!(!text.contains(SECRET));
    let c = Core::builder()
        .base_url("https://x")
        .credentials(creds())
        .build()
        .unwrap();
    assert!(!format!("{c:?}").contains(SECRET));
}

#[test]
fn url_keeps_percent_encoded_text() {
    let origin = "https://exchange.example:8443";
    for (path, query) in [
        ("/fapi/v1/orders/a%2Fb%20c%3F", "q=a%20b%2Bc&x=%7E~&y=%25"),
        ("/fapi/v1/depth", ""),
        ("/v1/%2E%2Ex", "a=%2E"),
    ] {
        let url = request_url(origin, path, query).unwrap();
        assert_eq!(url.path(), path);
        assert_eq!(url.query().unwrap_or_default(), query);
        let expected = if query.is_empty() {
            format!("{origin}{path}")
        } else {
            format!("{origin}{path}?{query}")
        };
        assert_eq!(url.as_str(), expected);
    }
    for (path, query) in [
        ("/v1/../x", ""),
        ("/v1/./x", ""),
        ("/v1/%2e%2E/x", ""),
        ("/v1/a b", ""),
        ("/v1", "a=b c"),
    ] {
        assert!(request_url(origin, path, query).is_err(), "{path}?{query}");
    }
}
