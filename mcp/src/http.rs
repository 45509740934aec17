//! Streamable HTTP (`--http ADDR`): rmcp's service behind the checks a listener on a network
//! needs.
//!
//! - Loopback unless `--allow-remote`, and a remote listener only over TLS (a certificate and
//!   key in PEM files).
//! - Every request carries `Authorization: Bearer <token>`, the token read from a file of its own
//!   (created on first use, 256 random bits as hex, mode 600, refused when others can read it);
//!   without it the answer is 401 with `WWW-Authenticate`.
//! - A request from a browser page (an `Origin` header) is refused unless the page is on this
//!   machine (`localhost`, `127.0.0.1`, `[::1]`), and the `Host` must be one too unless remote
//!   (DNS rebinding); sessions (`Mcp-Session-Id`) are rmcp's, as the specification has them.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bytes::Bytes;
use contango_cli::Failure;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use rmcp::ServerHandler;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;

/// How the HTTP listener is set up.
#[derive(Debug, Clone)]
pub struct Options {
    /// Where to listen.
    pub addr: SocketAddr,
    /// Listening on an address other than loopback is allowed.
    pub allow_remote: bool,
    /// A certificate chain and its key (PEM files): the listener speaks TLS.
    pub tls: Option<(PathBuf, PathBuf)>,
    /// The file holding the bearer token.
    pub token_file: PathBuf,
}

/// The browser origins served: pages of this machine.
const LOCAL_ORIGINS: &[&str] = &[
    "http://localhost:*",
    "https://localhost:*",
    "http://127.0.0.1:*",
    "https://127.0.0.1:*",
    "http://[::1]:*",
    "https://[::1]:*",
];

/// The token file's default place: `$XDG_CONFIG_HOME/contango/mcp-token` (else
/// `~/.config/contango/mcp-token`), beside the profile file.
pub fn default_token_file() -> Option<PathBuf> {
    contango_cli::profile::default_path().and_then(|p| p.parent().map(|dir| dir.join("mcp-token")))
}

/// The bearer token in `path`, made (256 random bits, mode 600) when there is none. Refused
/// when others can read the file.
pub fn token(path: &Path) -> Result<String, Failure> {
    let shown = path.display();
    if !path.exists() {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)
            .map_err(|e| Failure::Other(format!("no random bytes for a token: {e}")))?;
        let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| Failure::Refused(format!("cannot create {}: {e}", dir.display())))?;
        }
        write_private(path, &token)
            .map_err(|e| Failure::Refused(format!("cannot write the token file {shown}: {e}")))?;
        eprintln!("contango mcp: a new bearer token is in {shown} (mode 600)");
        return Ok(token);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)
            .map_err(|e| Failure::Refused(format!("cannot read {shown}: {e}")))?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            return Err(Failure::Refused(format!(
                "the token file {shown} can be read by others (mode {:o}): chmod 600 {shown}",
                mode & 0o777
            )));
        }
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Refused(format!("cannot read the token file {shown}: {e}")))?;
    let token = text.trim().to_owned();
    if token.len() < 32 {
        return Err(Failure::Refused(format!(
            "the token in {shown} is shorter than 32 characters"
        )));
    }
    Ok(token)
}

fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(text.as_bytes())?;
    file.write_all(b"\n")
}

/// Refuses what the options cannot serve: a remote address without `--allow-remote`, a remote
/// listener without TLS.
pub fn check(options: &Options) -> Result<(), Failure> {
    let ip = options.addr.ip();
    if !ip.is_loopback() && !options.allow_remote {
        return Err(Failure::Refused(format!(
            "--http {}: the server listens on loopback only (127.0.0.1, ::1) unless \
             --allow-remote is given",
            options.addr
        )));
    }
    if !ip.is_loopback() && options.tls.is_none() {
        return Err(Failure::Refused(format!(
            "--http {} --allow-remote: a listener others reach needs TLS: --tls-cert FILE and \
             --tls-key FILE (PEM)",
            options.addr
        )));
    }
    Ok(())
}

/// The TLS acceptor of a certificate chain and key (PEM files).
fn acceptor(cert: &Path, key: &Path) -> Result<TlsAcceptor, Failure> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let certs = CertificateDer::pem_file_iter(cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| Failure::Refused(format!("--tls-cert {}: {e}", cert.display())))?;
    let key = PrivateKeyDer::from_pem_file(key)
        .map_err(|e| Failure::Refused(format!("--tls-key {}: {e}", key.display())))?;
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .and_then(|b| b.with_no_client_auth().with_single_cert(certs, key))
    .map_err(|e| Failure::Refused(format!("the TLS certificate and key: {e}")))?;
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// Binds the listener (after [`check`]), printing where it is on stderr.
pub async fn bind(options: &Options) -> Result<TcpListener, Failure> {
    check(options)?;
    let listener = TcpListener::bind(options.addr)
        .await
        .map_err(|e| Failure::Transport(format!("cannot listen on {}: {e}", options.addr)))?;
    let local = listener
        .local_addr()
        .map_err(|e| Failure::Transport(e.to_string()))?;
    let scheme = if options.tls.is_some() {
        "https"
    } else {
        "http"
    };
    eprintln!(
        "contango mcp: listening on {scheme}://{local}/mcp (bearer token in {})",
        options.token_file.display()
    );
    Ok(listener)
}

/// Serves `handler` (a fresh one per session) on `listener` until `stop` completes; requests
/// carry `token` ([`token`]).
pub async fn serve<S>(
    listener: TcpListener,
    options: &Options,
    token: String,
    session: impl Fn() -> S + Send + Sync + 'static,
    stop: impl std::future::Future<Output = ()>,
) -> Result<(), Failure>
where
    S: ServerHandler + Send + Sync + 'static,
{
    let token = Arc::new(token);
    let tls = match &options.tls {
        Some((cert, key)) => Some(acceptor(cert, key)?),
        None => None,
    };
    let mut config = StreamableHttpServerConfig::default()
        .with_allowed_origins(LOCAL_ORIGINS.iter().copied())
        .enforce_origin_validation();
    if options.allow_remote {
        // Reached by name from other machines: the token (over TLS) is the check.
        config = config.with_allowed_hosts(Vec::<String>::new());
    }
    let service = StreamableHttpService::new(
        move || Ok(session()),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    tokio::pin!(stop);
    loop {
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    tracing::warn!(error = %e, "contango.mcp.http accept failed");
                    continue;
                }
            },
            () = &mut stop => return Ok(()),
        };
        let (service, token, tls) = (service.clone(), token.clone(), tls.clone());
        tokio::spawn(async move {
            let handle = hyper::service::service_fn(move |request: Request<Incoming>| {
                let (service, token) = (service.clone(), token.clone());
                async move { Ok::<_, Infallible>(answer(&service, &token, request).await) }
            });
            let builder = hyper::server::conn::http1::Builder::new();
            let served = match tls {
                Some(tls) => match tls.accept(stream).await {
                    Ok(stream) => builder.serve_connection(TokioIo::new(stream), handle).await,
                    Err(e) => {
                        tracing::info!(error = %e, "contango.mcp.http TLS handshake failed");
                        return;
                    }
                },
                None => builder.serve_connection(TokioIo::new(stream), handle).await,
            };
            if let Err(e) = served {
                tracing::debug!(error = %e, "contango.mcp.http connection ended");
            }
        });
    }
}

/// One request: the token first, then rmcp's service (origins, hosts, sessions, the protocol).
async fn answer<S>(
    service: &StreamableHttpService<S, LocalSessionManager>,
    token: &str,
    request: Request<Incoming>,
) -> Response<BoxBody<Bytes, Infallible>>
where
    S: ServerHandler + Send + 'static,
{
    let presented = request
        .headers()
        .get(hyper::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim);
    if !presented.is_some_and(|p| same(p.as_bytes(), token.as_bytes())) {
        let body = r#"{"error":"unauthorized","message":"a bearer token is required: Authorization: Bearer <the token in the server's token file>"}"#;
        return Response::builder()
            .status(StatusCode::UNAUTHORIZED)
            .header(
                hyper::header::WWW_AUTHENTICATE,
                r#"Bearer realm="contango""#,
            )
            // Its body is not read: the connection is not kept for another request.
            .header(hyper::header::CONNECTION, "close")
            .header(hyper::header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from_static(body.as_bytes())).boxed())
            .unwrap_or_else(|_| Response::new(Full::new(Bytes::new()).boxed()));
    }
    service.handle(request).await
}

/// Compares in time that does not depend on where the first difference is.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
