//! A server that answers from a recording (docs/design.md, Recordings): what the exchange really
//! did, replayed
//! offline and deterministically. Record a session once with `ClientBuilder::record(path)` (or
//! `contango --record FILE ...`), commit the file, and let tests replay it:
//!
//! ```no_run
//! # async fn f() -> Result<(), Box<dyn std::error::Error>> {
//! let replay = contango_sim::Replay::from_file("tests/sessions/depth.jsonl")?.start().await?;
//! let client = replay.client()?;
//! let book = client.depth("E-BTC-USDT").limit(5).send().await?;
//! replay.verify()?; // every recorded exchange was used, no request went unanswered
//! # Ok(()) }
//! ```
//!
//! - **HTTP**: each request is answered by the first unused recorded exchange with the same
//!   method, path and parameters (query pairs in any order, the JSON body as a value; the
//!   signature and timestamp headers are not compared, nor parameters the client generated at
//!   random, such as a client order id). A recorded transport failure is replayed as a dropped
//!   connection. A request with no recorded answer gets HTTP 404 with a text body naming it and
//!   the closest recorded exchange, and is kept in [`Replay::misses`]. With
//!   [`ReplayBuilder::credentials`], signatures are checked against those credentials as a real
//!   server would (HTTP 401 otherwise).
//! - **Streams**: the n-th WebSocket connection to a path gets the n-th connection recorded to
//!   that path. Its server frames are sent in order (gzip again when they were gzip), with their
//!   recorded spacing or as fast as possible ([`Pace`]); at each frame the client had sent, the
//!   replay waits for the client to send one. A connection the server closed is closed with the
//!   recorded code; one the client closed stays open until the client closes it.
//! - [`Replay::unused`] lists what was recorded and not asked for; [`Replay::verify`] fails
//!   unless everything was used and nothing was missing.

mod http;
mod ws;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use contango::recording::{ClosedBy, Entry, Exchange, Frame, Recorded, Recording, RecordingError};
use contango::{Client, ConfigError, Credentials, Product};
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use crate::feeds::pace::Pace;
use crate::server::routes::{self, url_path};

/// Configures a [`Replay`].
#[derive(Debug)]
#[must_use]
pub struct ReplayBuilder {
    recording: Recording,
    credentials: Option<(String, String)>,
    pace: Pace,
    host: IpAddr,
    port: u16,
}

impl ReplayBuilder {
    /// Checks signatures against these credentials (a request signed otherwise is refused).
    /// Without them, signatures are not checked.
    pub fn credentials(mut self, api_key: impl Into<String>, secret: impl Into<String>) -> Self {
        self.credentials = Some((api_key.into(), secret.into()));
        self
    }

    /// How server frames are spaced (default: as recorded).
    pub fn pace(mut self, pace: Pace) -> Self {
        self.pace = pace;
        self
    }

    /// The port to listen on (default: any free port).
    pub fn port(mut self, port: u16) -> Self {
        self.port = port;
        self
    }

    /// Starts serving on 127.0.0.1 (or the given port).
    pub async fn start(self) -> std::io::Result<Replay> {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(self.host, self.port)).await?;
        let addr = listener.local_addr()?;
        let (stop_tx, stop_rx) = watch::channel(false);
        let state = Arc::new(Playback::new(
            self.recording,
            self.credentials.as_ref(),
            self.pace,
            stop_rx.clone(),
        ));
        let server = tokio::spawn(crate::server::http::serve(
            listener,
            {
                let state = state.clone();
                move |request| http::handle(state.clone(), request)
            },
            stop_rx,
        ));
        let path_of = |stream: &str, default: &str| {
            state
                .conns
                .iter()
                .find(|c| c.stream == stream)
                .map_or_else(|| default.to_owned(), |c| c.path.clone())
        };
        Ok(Replay {
            rest_url: format!("http://{addr}"),
            ws_url: format!("ws://{addr}{}", path_of("user", routes::user_stream_path())),
            market_ws_url: format!(
                "ws://{addr}{}",
                path_of("market", routes::market_stream_path())
            ),
            addr,
            credentials: self.credentials,
            state,
            stop: stop_tx,
            server,
        })
    }
}

/// A running replay server. Shuts down on drop or with [`Replay::shutdown`].
#[derive(Debug)]
pub struct Replay {
    addr: SocketAddr,
    rest_url: String,
    ws_url: String,
    market_ws_url: String,
    credentials: Option<(String, String)>,
    state: Arc<Playback>,
    stop: watch::Sender<bool>,
    server: JoinHandle<()>,
}

impl Replay {
    /// A replay of the recording at `path` (read and checked now; [`ReplayBuilder::start`]
    /// serves it).
    pub fn from_file(path: impl AsRef<Path>) -> Result<ReplayBuilder, RecordingError> {
        Ok(Replay::of(Recording::from_file(path)?))
    }

    /// A replay of a recording already read.
    pub fn of(recording: Recording) -> ReplayBuilder {
        ReplayBuilder {
            recording,
            credentials: None,
            pace: Pace::default(),
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
        }
    }

    /// The bound address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Base URL of the REST interface (`http://127.0.0.1:<port>`): the recorded paths are served
    /// as they were (product prefixes included).
    pub fn rest_url(&self) -> &str {
        &self.rest_url
    }

    /// URL of the private stream (the recorded path, by default `/stream`). A client built on
    /// [`Replay::rest_url`] finds it by itself.
    pub fn ws_url(&self) -> &str {
        &self.ws_url
    }

    /// URL of the market stream (the recorded path, by default `/kline-api/ws`).
    pub fn market_ws_url(&self) -> &str {
        &self.market_ws_url
    }

    /// A client of the USDT-margined product on this replay, with the replay's credentials, or
    /// stand-in ones when signatures are not checked (a recording holds no credentials).
    pub fn client(&self) -> Result<Client, ConfigError> {
        self.client_for(Product::UsdtMargined)
    }

    /// A client of `product` on this replay (see [`Replay::client`]).
    pub fn client_for(&self, product: Product) -> Result<Client, ConfigError> {
        let credentials = match &self.credentials {
            Some((key, secret)) => Credentials::new(key, secret),
            None => Credentials::new("replay-api-key", "replay-secret"),
        };
        Client::builder()
            .base_url(&self.rest_url)
            .market_stream_url(&self.market_ws_url)
            .product(product)
            .credentials(credentials)
            .build()
    }

    /// What was recorded and has not been asked for yet: HTTP exchanges and stream
    /// connections, in recorded order.
    pub fn unused(&self) -> Vec<Unused> {
        let progress = self.state.lock();
        let exchanges = self
            .state
            .exchanges
            .iter()
            .zip(&progress.used)
            .filter(|(_, used)| !**used)
            .map(|((line, x), _)| Unused {
                line: *line,
                what: x.to_string(),
            });
        let conns = self
            .state
            .conns
            .iter()
            .zip(&progress.conn_used)
            .filter(|(_, used)| !**used)
            .map(|(c, _)| Unused {
                line: c.line,
                what: format!("{} stream connection to {}", c.stream, c.path),
            });
        let mut all: Vec<Unused> = exchanges.chain(conns).collect();
        all.sort_by_key(|u| u.line);
        all
    }

    /// Requests the recording had no answer for (or whose signature did not verify), in order.
    pub fn misses(&self) -> Vec<Miss> {
        self.state.lock().misses.clone()
    }

    /// `Ok` when every recorded exchange and connection was used and every request answered;
    /// otherwise what was not, in words.
    pub fn verify(&self) -> Result<(), ReplayIncomplete> {
        let (unused, misses) = (self.unused(), self.misses());
        if unused.is_empty() && misses.is_empty() {
            Ok(())
        } else {
            Err(ReplayIncomplete { unused, misses })
        }
    }

    /// Completes once every recorded stream connection has been played to its end (its server
    /// frames sent; at once when there are none): where a replayed stream has nothing more to
    /// say.
    pub fn played_out(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut played = self.state.played.subscribe();
        let total = self.state.conns.len();
        async move {
            let _ = played.wait_for(|n| *n >= total).await;
        }
    }

    /// Stops serving: open stream connections are closed.
    pub async fn shutdown(mut self) {
        let _ = self.stop.send(true);
        let _ = (&mut self.server).await;
    }
}

impl Drop for Replay {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
        self.server.abort();
    }
}

/// A recorded exchange or connection nobody asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unused {
    /// Its line in the recording.
    pub line: usize,
    /// What it is (`GET /fapi/v1/depth?contractName=E-BTC-USDT`).
    pub what: String,
}

/// A request the replay could not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Miss {
    /// The request (`GET /fapi/v1/depth?contractName=X`, with its body).
    pub request: String,
    /// Why: no recorded answer (and the closest recorded exchange), or a bad signature.
    pub why: String,
}

impl std::fmt::Display for Miss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.request, self.why)
    }
}

/// What [`Replay::verify`] found missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayIncomplete {
    /// Recorded and not used.
    pub unused: Vec<Unused>,
    /// Asked for and not recorded.
    pub misses: Vec<Miss>,
}

impl std::fmt::Display for ReplayIncomplete {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the replay did not go as recorded:")?;
        for m in &self.misses {
            write!(f, "\n  unanswered: {m}")?;
        }
        for u in &self.unused {
            write!(f, "\n  unused (line {}): {}", u.line, u.what)?;
        }
        Ok(())
    }
}

impl std::error::Error for ReplayIncomplete {}

/// A recorded stream connection.
#[derive(Debug)]
struct Conn {
    line: usize,
    stream: String,
    /// The path of its URL (`/stream`), which incoming connections are matched by.
    path: String,
    /// When it opened (ms since the recording's start).
    at_ms: u64,
    /// Its frames, with their times.
    frames: Vec<(u64, Frame)>,
    /// How it ended, if the recording says.
    close: Option<(ClosedBy, Option<u16>, String)>,
}

/// Which recorded exchanges and connections are used, and what went unanswered.
#[derive(Debug)]
struct Progress {
    used: Vec<bool>,
    conn_used: Vec<bool>,
    misses: Vec<Miss>,
}

/// A recording being played back: what the handlers share.
#[derive(Debug)]
struct Playback {
    exchanges: Vec<(usize, Exchange)>,
    conns: Vec<Conn>,
    credentials: Option<Credentials>,
    pace: Pace,
    progress: Mutex<Progress>,
    stop: watch::Receiver<bool>,
    /// How many recorded connections have been played to their end.
    played: watch::Sender<usize>,
}

impl Playback {
    fn new(
        recording: Recording,
        credentials: Option<&(String, String)>,
        pace: Pace,
        stop: watch::Receiver<bool>,
    ) -> Playback {
        let mut exchanges = Vec::new();
        let mut conns: Vec<Conn> = Vec::new();
        let mut index = std::collections::HashMap::new();
        for Entry {
            line,
            at_ms,
            recorded,
            ..
        } in recording.entries
        {
            match recorded {
                Recorded::Http(x) => exchanges.push((line, x)),
                Recorded::Connect { conn, stream, url } => {
                    index.insert(conn, conns.len());
                    conns.push(Conn {
                        line,
                        stream,
                        path: url_path(&url).to_owned(),
                        at_ms,
                        frames: Vec::new(),
                        close: None,
                    });
                }
                Recorded::Frame(f) => {
                    if let Some(&i) = index.get(&f.conn) {
                        conns[i].frames.push((at_ms, f));
                    }
                }
                Recorded::Close {
                    conn,
                    by,
                    code,
                    reason,
                } => {
                    if let Some(&i) = index.get(&conn) {
                        conns[i].close = Some((by, code, reason));
                    }
                }
                // What the recorder left out cannot be served; a request for it is a miss. A
                // clock sample, a stream's gap or an agent's tool call (the exchanges it made
                // are recorded beside it) is a note for readers, nothing to serve.
                Recorded::Lost { .. }
                | Recorded::Clock { .. }
                | Recorded::Gap { .. }
                | Recorded::Tool(_) => {}
            }
        }
        let progress = Progress {
            used: vec![false; exchanges.len()],
            conn_used: vec![false; conns.len()],
            misses: Vec::new(),
        };
        Playback {
            exchanges,
            conns,
            credentials: credentials.map(|(k, s)| Credentials::new(k, s)),
            pace,
            progress: Mutex::new(progress),
            stop,
            played: watch::Sender::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Progress> {
        match self.progress.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        }
    }
}
