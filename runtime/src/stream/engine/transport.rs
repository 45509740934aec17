//! Opening a WebSocket: TCP, TLS (rustls with ring and the webpki roots, as the HTTP client) for
//! `wss://`, then the WebSocket handshake.

use std::sync::{Arc, OnceLock};

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore, pki_types::ServerName};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::{self, protocol::WebSocketConfig};
use url::Url;

/// A byte stream a WebSocket runs over (plain TCP or TLS).
pub(crate) trait Io: AsyncRead + AsyncWrite + Send + Unpin {}
impl<T: AsyncRead + AsyncWrite + Send + Unpin> Io for T {}

/// An open WebSocket.
pub(crate) type Ws = WebSocketStream<Box<dyn Io>>;

/// Connects to `url` (`ws://` or `wss://`). Errors never contain the URL (it carries the key).
pub(crate) async fn connect(url: &str, max_frame_bytes: usize) -> Result<Ws, String> {
    let parsed = Url::parse(url).map_err(|e| format!("invalid stream URL: {e}"))?;
    let tls = match parsed.scheme() {
        "wss" => true,
        "ws" => false,
        other => return Err(format!("unsupported scheme `{other}`")),
    };
    let host = match parsed.host() {
        Some(url::Host::Domain(d)) => d.to_owned(),
        Some(url::Host::Ipv4(ip)) => ip.to_string(),
        Some(url::Host::Ipv6(ip)) => ip.to_string(),
        None => return Err("the stream URL has no host".into()),
    };
    let port = parsed
        .port_or_known_default()
        .unwrap_or(if tls { 443 } else { 80 });
    let tcp = TcpStream::connect((host.as_str(), port))
        .await
        .map_err(|e| format!("cannot connect to {host}:{port}: {e}"))?;
    // Latency over throughput: events are small and should leave at once.
    let _ = tcp.set_nodelay(true);
    let io: Box<dyn Io> = if tls {
        let name = ServerName::try_from(host.clone())
            .map_err(|e| format!("invalid TLS server name `{host}`: {e}"))?;
        let connector = TlsConnector::from(tls_config()?);
        Box::new(
            connector
                .connect(name, tcp)
                .await
                .map_err(|e| format!("TLS handshake with {host}: {e}"))?,
        )
    } else {
        Box::new(tcp)
    };
    let config = WebSocketConfig::default()
        .max_message_size(Some(max_frame_bytes))
        .max_frame_size(Some(max_frame_bytes));
    let (ws, _response) = tokio_tungstenite::client_async_with_config(url, io, Some(config))
        .await
        .map_err(|e| handshake_error(&e))?;
    Ok(ws)
}

/// A handshake failure in words, with the start of an HTTP error body (the exchange's
/// `{code, msg}` says why, e.g. an unknown listen key), never the URL.
fn handshake_error(e: &tungstenite::Error) -> String {
    match e {
        tungstenite::Error::Http(response) => {
            let body = response
                .body()
                .as_deref()
                .map(super::frame::preview)
                .unwrap_or_default();
            format!("handshake refused: HTTP {} {body}", response.status())
        }
        tungstenite::Error::Url(_) => "invalid stream URL".into(),
        other => format!("handshake failed: {other}"),
    }
}

/// One TLS configuration for every connection: ring, TLS 1.2 and 1.3, the webpki roots (or the
/// system's, with `native-roots`).
fn tls_config() -> Result<Arc<ClientConfig>, String> {
    static CONFIG: OnceLock<Result<Arc<ClientConfig>, String>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let roots = roots()?;
            let provider = Arc::new(rustls::crypto::ring::default_provider());
            let mut config = ClientConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .map_err(|e| format!("TLS configuration: {e}"))?
                .with_root_certificates(roots)
                .with_no_client_auth();
            config.alpn_protocols = vec![b"http/1.1".to_vec()];
            Ok(Arc::new(config))
        })
        .clone()
}

/// The bundled Mozilla roots.
#[cfg(not(feature = "native-roots"))]
fn roots() -> Result<RootCertStore, String> {
    let mut roots = RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    Ok(roots)
}

/// The operating system's certificate store. Certificates it cannot parse are skipped, as
/// reqwest skips them; a store with none usable is an error, not a client that trusts nothing.
#[cfg(feature = "native-roots")]
fn roots() -> Result<RootCertStore, String> {
    let found = rustls_native_certs::load_native_certs();
    let mut roots = RootCertStore::empty();
    let (added, _skipped) = roots.add_parsable_certificates(found.certs);
    if added == 0 {
        let why = found.errors.first().map(ToString::to_string);
        return Err(format!(
            "no usable certificate in the system's store{}",
            why.map(|w| format!(": {w}")).unwrap_or_default()
        ));
    }
    Ok(roots)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tls_configuration_builds() {
        assert!(tls_config().is_ok());
        // Whichever store the build trusts has roots in it (with `native-roots`, this machine's).
        let roots = roots().expect("roots");
        assert!(roots.len() > 50, "{} roots", roots.len());
    }

    #[tokio::test]
    async fn connect_errors_do_not_leak_the_url() {
        // A port nobody listens on (bound, then released).
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").ok();
            l.and_then(|l| l.local_addr().ok()).map_or(1, |a| a.port())
        };
        let url = format!("ws://127.0.0.1:{port}/stream?listenKey=SECRETKEY");
        let e = connect(&url, 1 << 20).await.err().unwrap_or_default();
        assert!(e.contains("cannot connect"), "{e}");
        assert!(!e.contains("SECRETKEY"), "{e}");
        let e = connect("http://h/x", 1 << 20)
            .await
            .err()
            .unwrap_or_default();
        assert!(e.contains("unsupported scheme"), "{e}");
    }
}
