//! contango-sim: an exchange simulator that speaks the futures interface of `spec/futures.yaml`
//! over real HTTP and WebSocket, for local development, paper trading, examples and tests.
//!
//! It reuses the generated request and response types of `contango` (a spec change reaches both
//! sides), routes by the spec's own endpoint table, and verifies signatures with the runtime's
//! own signing code.
//!
//! ```no_run
//! # async fn f() -> Result<(), Box<dyn std::error::Error>> {
//! let sim = contango_sim::Sim::start().await?;
//! let client = sim.client()?; // a contango::Client with the funded key
//! let book = client.depth("E-BTC-USDT").limit(5).send().await?;
//! sim.set_mark_price("E-BTC-USDT", "29000".parse()?)?;
//! # Ok(()) }
//! ```
//!
//! # The shape
//!
//! - [`exchange`]: the exchange itself, a deterministic core with one way in
//!   ([`exchange::Exchange::apply`]: an input in, its effects out) and read-only queries;
//! - [`server`]: the REST interface, both streams and the admin routes, which turn the wire
//!   into inputs and publish the effects;
//! - [`feeds`]: the clock, the market driver's steps, a market source's frames;
//! - [`venue`]: what they share, the core and its [`history`] under one lock;
//! - [`journal`] and [`store`] (the `journal` feature): a venue that survives restarts, each
//!   input committed to SQLite before it is answered, snapshots, replay, read tables;
//! - [`replay`]: a recording served back over the same interface.
//!
//! Backtests, reports, the fidelity check, latency fitting and the Parquet export are in the
//! `contango-research` crate; the `contango-sim` command is the `contango-sim-cli` package's.
//!
//! # The default exchange
//!
//! | contract | product | multiplier | price precision | start price | seeded book |
//! | --- | --- | --- | --- | --- | --- |
//! | `E-BTC-USDT` | `/fapi`, margin USDT | 0.001 BTC | 1 | 30000 | asks 30010…30100, bids 29990…29900 (step 10), 100 contracts each |
//! | `E-ETH-USDT` | `/fapi`, margin USDT | 0.01 ETH | 2 | 2000 | asks 2001…2010, bids 1999…1990 (step 1), 100 each |
//! | `E-BTC-USD` | `/dapi`, margin BTC (inverse) | 100 USD | 1 | 30000 | as E-BTC-USDT |
//! | `S-TEST-USDT` | `/fapi`, not tradable (-1146) | 1 | 4 | 1 | none |
//!
//! Limits of every tradable contract: volumes are whole contracts (-1111 otherwise), minimum
//! volume 1 (-1136), MARKET at most 1000 (-1154), priced orders at most 100000 (-1137); order value
//! at least 1 USDT / 0.001 BTC (-1160), MARKET at most 1000000 USDT / 100 BTC and priced at most
//! 10000000 USDT / 1000 BTC (-1161); prices positive (-1138), within 50 % of the mark price
//! (-1155); at most 20 open orders per contract (-1015). Commission: open taker 0.0004, open maker
//! 0.0002, close taker 0.0005, close maker 0.0003. Leverage defaults to 10, at most 100 (bracket 1).
//! Brackets (USDT): value < 50000: 100×, maintenance 0.005; < 250000: 50×, 0.01; < 1000000: 20×,
//! 0.025; above: 10×, 0.05 (BTC-margined: the same with 5, 25, 100 BTC).
//!
//! The funded account has 100000 USDT and 10 BTC in the contract account and as much in the
//! wallet. A market maker (uid 1) owns the seeded orders.
//!
//! The public market stream is served at [`Sim::market_ws_url`] (`/kline-api/ws`): see
//! [`server::market_stream`]. Nothing moves the market unless asked:
//! [`SimConfig::market_driver`] adds a seeded random walk or a price path
//! ([`exchange::driver`]).
//!
//! The arithmetic (values, margins, fees, PnL) is documented in [`exchange::positions`]; the
//! events in [`exchange::effects`]; the clock in [`venue::clock`]; what each error code means
//! here in [`exchange::orders`], [`server::auth`], [`exchange::margin`], [`exchange::transfers`]
//! and [`exchange::listen_keys`].
//!
//! [`SimConfig::drift`] serves the API changed under the spec, for testing drift detection: see
//! [`server::changed_api`].

#![deny(missing_docs)]

pub mod codec;
pub mod config;
pub mod error;
pub mod exchange;
pub mod feeds;
pub mod handle;
pub mod history;
#[cfg(feature = "journal")]
pub mod journal;
pub mod keys;
pub mod latency;
pub mod replay;
pub mod rng;
pub mod server;
#[cfg(feature = "journal")]
pub mod store;
pub mod time;
pub mod venue;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use contango::{Client, ConfigError, Credentials, Product};
use rust_decimal::Decimal;
use tokio::task::JoinHandle;

pub use config::pace::Pace;
pub use config::queue_model::{QueueModel, QueueModelError};
pub use config::{
    AccountConfig, AdminAccess, ContractConfig, Durability, Funding, JournalKept, MarginKind,
    MarketDriver, MarketSource, MarketStreamConfig, SimConfig, StateConfig, StreamConfig,
};
pub use error::SimError;
pub use exchange::liquidation::Liquidations;
pub use exchange::listen_keys::ListenKeyStats;
pub use exchange::market::SourceHealth;
pub use history::FillRecord;
pub use latency::{Delay, Latency, LatencyError};
pub use replay::{Replay, ReplayBuilder};
pub use rng::SplitMix64;
pub use server::faults::{Fault, FaultRule, Received};
pub use server::throttle::RateLimit;

/// The old name of the simulator's configuration, which is also its builder.
#[deprecated(note = "SimConfig is the builder: `Sim::builder()` returns one")]
pub type SimBuilder = SimConfig;

use exchange::input::Input;
use exchange::{Exchange, USER_UID};
use server::Server;
use server::control::Control;
use venue::{Venue, lock};

impl SimConfig {
    /// Binds, starts serving and returns the handle.
    pub async fn start(self) -> std::io::Result<Sim> {
        Sim::start_with(self).await
    }
}

/// Sums over every account, for checking that funds and volumes add up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Audit {
    /// Σ contract-account balances in the coin.
    pub balances: Decimal,
    /// Σ wallet balances in the coin.
    pub wallets: Decimal,
    /// Σ fees paid in the coin.
    pub fees: Decimal,
    /// Σ unrealized PnL of positions margined in the coin, at the mark prices.
    pub unrealized: Decimal,
    /// Σ order locks in the coin.
    pub order_locks: Decimal,
    /// Σ margin still locked by open orders (must equal `order_locks`).
    pub open_order_margin: Decimal,
    /// Σ long volume per contract.
    pub long_volume: BTreeMap<String, Decimal>,
    /// Σ short volume per contract.
    pub short_volume: BTreeMap<String, Decimal>,
    /// Number of trades recorded (each trade counted once per side).
    pub trade_sides: usize,
}

/// Where a journaled simulator keeps its state, and how it started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateInfo {
    /// The store (`DIR/venue.sqlite`).
    pub file: std::path::PathBuf,
    /// Whether this was the first start (else a restart).
    pub fresh: bool,
    /// Inputs replayed after the latest snapshot.
    pub replayed: usize,
    /// The accounts the first start created, their keys and secrets (owner-only).
    pub accounts_file: Option<std::path::PathBuf>,
}

/// A running simulator. Shuts down on drop or with [`Sim::shutdown`].
#[derive(Debug)]
pub struct Sim {
    server: Arc<Server>,
    state: Option<StateInfo>,
    addr: SocketAddr,
    rest_url: String,
    ws_url: String,
    market_ws_url: String,
    api_key: String,
    secret: String,
    tasks: Vec<JoinHandle<()>>,
    /// What the market source's recording lacked (a file cut short), in words.
    source_warnings: Vec<String>,
}

fn invalid(message: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, message.to_string())
}

impl Sim {
    /// Starts the default exchange on 127.0.0.1 and a free port.
    pub async fn start() -> std::io::Result<Sim> {
        Self::start_with(SimConfig::default()).await
    }

    /// Configures a simulator: the default configuration, to change with its setters, then
    /// [`SimConfig::start`].
    pub fn builder() -> SimConfig {
        SimConfig::default()
    }

    async fn start_with(mut config: SimConfig) -> std::io::Result<Sim> {
        let (api_key, secret) = (config.user.api_key.clone(), config.user.secret.clone());
        let bind = SocketAddr::new(config.host, config.port);
        if config.market_source.is_some() && config.market_driver.is_some() {
            return Err(invalid(
                "a market source replaces the market driver: configure one of them",
            ));
        }
        // The price path is read before serving, so the backfill is there for the first client.
        if let Some(d) = config.market_driver.take() {
            let loaded =
                feeds::driver::load(d).map_err(|e| invalid(format!("market driver: {e}")))?;
            config.market_driver = Some(loaded);
        }
        let clock = venue::clock::Clock::default();
        if let Some(ms) = config.clock_start {
            clock.follow(ms);
        }
        let source = config.market_source.clone();
        let (venue, accounts, state) = match config.state.clone() {
            #[cfg(feature = "journal")]
            Some(state) => {
                let opened = journal::start::open(&config, &state, &clock).map_err(invalid)?;
                let info = StateInfo {
                    file: state.dir.join(store::FILE_NAME),
                    fresh: opened.fresh,
                    replayed: opened.replayed,
                    accounts_file: (!opened.accounts.is_empty())
                        .then(|| journal::start::accounts_file(&state.dir)),
                };
                let (venue, accounts) = opened.into_venue(config, clock);
                (venue, accounts, Some(info))
            }
            #[cfg(not(feature = "journal"))]
            Some(_) => {
                return Err(invalid(
                    "a state directory needs contango-sim's `journal` feature",
                ));
            }
            None => {
                let (exchange, start) = Exchange::new(&config, clock.now()).map_err(invalid)?;
                let core = history::MemoryHistory::core(exchange, start);
                (Venue::new(config, core, clock), Vec::new(), None)
            }
        };
        // The accounts a first start creates, then the clock's first tick: after a restart it
        // settles the funding times missed meanwhile and expires the listen keys that ran out.
        for input in accounts {
            venue.submit(input).map_err(invalid)?;
        }
        let time = venue.clock.now();
        venue.submit(Input::Tick { time }).map_err(invalid)?;
        venue.settled_blocking().map_err(invalid)?;
        let driver = venue.read().exchange.driver_config().cloned();
        let server = Server::new(venue.clone());
        let listener = tokio::net::TcpListener::bind(bind).await?;
        let addr = listener.local_addr()?;
        let serving = tokio::spawn(server::http::serve(
            listener,
            {
                let server = server.clone();
                move |request| server::handle(server.clone(), request)
            },
            venue.shutdown.subscribe(),
        ));
        // Expires listen keys and settles funding as wall time passes: a tick when one is due
        // (looked at every second), so that an idle venue journals nothing.
        let ticking = venue.clone();
        let sweeper = tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            loop {
                tick.tick().await;
                let time = ticking.clock.now();
                let due = ticking.read().exchange.next_due();
                if due.is_some_and(|due| due <= time) {
                    let _ = ticking.submit(Input::Tick { time });
                }
            }
        });
        let mut tasks = vec![serving, sweeper];
        if let Some(d) = driver {
            tasks.push(tokio::spawn(feeds::driver::run(d, venue.clone())));
        }
        let mut source_warnings = Vec::new();
        if let Some(source) = &source {
            let contracts = venue.read().exchange.source_contracts();
            let started = feeds::source::start(source, venue.clone(), contracts)?;
            tasks.extend(started.task);
            source_warnings = started.warnings;
        }
        Ok(Sim {
            server,
            state,
            addr,
            rest_url: format!("http://{addr}"),
            ws_url: format!("ws://{addr}{}", server::routes::user_stream_path()),
            market_ws_url: format!("ws://{addr}{}", server::routes::market_stream_path()),
            api_key,
            secret,
            tasks,
            source_warnings,
        })
    }

    /// The venue: its core for reading ([`Venue::read`]), its inputs ([`Venue::submit`]) and
    /// its subscribers ([`Venue::subscribe`]), for tools that drive it directly (the research
    /// crate's lockstep backtests).
    pub fn venue(&self) -> &Venue {
        &self.server.venue
    }

    /// The servers: their stream connections and a lockstep backtest's hold on requests
    /// ([`server::shared::Server::hold`]).
    pub fn server(&self) -> &Server {
        &self.server
    }

    /// The control door (the admin routes' too), its answer once what it did is committed (at
    /// once without a state directory).
    fn control<T>(
        &self,
        act: impl FnOnce(Control<'_>) -> Result<T, SimError>,
    ) -> Result<T, SimError> {
        let answer = act(Control(&self.server));
        self.venue().settled_blocking()?;
        answer
    }

    /// Where a journaled simulator keeps its state, and how it started (`None`: in memory).
    pub fn state(&self) -> Option<&StateInfo> {
        self.state.as_ref()
    }

    /// The bound address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Base URL of the REST interface (`http://127.0.0.1:<port>`); products are under `/fapi`
    /// and `/dapi`, listen keys under `/user_stream/api/v1/`.
    pub fn rest_url(&self) -> &str {
        &self.rest_url
    }

    /// URL of the private stream (`ws://127.0.0.1:<port>/stream`).
    pub fn ws_url(&self) -> &str {
        &self.ws_url
    }

    /// URL of the public market stream (`ws://127.0.0.1:<port>/kline-api/ws`; see
    /// [`server::market_stream`]).
    pub fn market_ws_url(&self) -> &str {
        &self.market_ws_url
    }

    /// The stream URL for a listen key (`.../stream?listenKey=<key>`).
    pub fn stream_url(&self, listen_key: &str) -> String {
        format!("{}?listenKey={listen_key}", self.ws_url)
    }

    /// The funded account's API key.
    pub fn api_key(&self) -> &str {
        &self.api_key
    }

    /// The funded account's secret.
    pub fn secret(&self) -> &str {
        &self.secret
    }

    /// The funded account's credentials.
    pub fn credentials(&self) -> Credentials {
        Credentials::new(&self.api_key, &self.secret)
    }

    /// Whether answers and frames are served with the API changed under the spec
    /// ([`SimConfig::drift`]).
    pub fn drift_mode(&self) -> bool {
        self.venue().config.drift
    }

    /// The funded account's uid.
    pub fn uid(&self) -> i64 {
        USER_UID
    }

    /// A client of the USDT-margined product with the funded credentials.
    pub fn client(&self) -> Result<Client, ConfigError> {
        self.client_for(Product::UsdtMargined)
    }

    /// A client of `product` with the funded credentials.
    pub fn client_for(&self, product: Product) -> Result<Client, ConfigError> {
        Client::builder()
            .base_url(&self.rest_url)
            .product(product)
            .credentials(self.credentials())
            .build()
    }

    /// Adds an account; returns its uid. Balances are `(coin, amount)`.
    pub fn add_account(
        &self,
        api_key: &str,
        secret: &str,
        contract_balances: &[(&str, Decimal)],
        wallet_balances: &[(&str, Decimal)],
    ) -> Result<i64, SimError> {
        let own = |v: &[(&str, Decimal)]| -> Vec<(String, Decimal)> {
            v.iter().map(|(c, a)| ((*c).to_owned(), *a)).collect()
        };
        let key = exchange::account::ApiKey::new(api_key, secret);
        self.control(|c| c.add_account(key, own(contract_balances), own(wallet_balances)))
    }

    /// Moves the exchange clock forward (listen-key expiry, record times); see
    /// [`venue::clock`].
    pub fn advance_clock(&self, by: Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        let _ = Control(&self.server).advance_clock(ms);
    }

    /// Sets the server clock's offset from wall time in ms (clock skew; -1021 for clients that
    /// do not follow it).
    pub fn set_clock_skew(&self, ms: i64) {
        Control(&self.server).set_clock_skew(ms);
    }

    /// The exchange clock (ms).
    pub fn now_ms(&self) -> i64 {
        self.venue().clock.now()
    }

    /// The server clock (ms), as `GET /v1/time` reports it.
    pub fn server_time_ms(&self) -> i64 {
        self.venue().clock.server_now()
    }

    /// Makes a journaled simulator's next commit fail as a full disk's would: the venue then
    /// refuses every request with -1016 until it is restarted (tests of that refusal).
    #[doc(hidden)]
    pub fn fail_next_commit(&self) {
        Control(&self.server).fail_next_commit();
    }

    /// Adds a fault rule.
    pub fn inject(&self, rule: FaultRule) {
        lock(&self.server.faults).add(rule);
    }

    /// Removes every fault rule.
    pub fn clear_faults(&self) {
        Control(&self.server).clear_faults();
    }

    /// Every REST request received so far (method, path, query and body; faulted or not), oldest
    /// first: what actually reached the exchange. The stream's WebSocket is not logged; a
    /// long-running simulator keeps only the latest [`server::faults::MAX_RECEIVED`].
    pub fn received(&self) -> Vec<Received> {
        lock(&self.server.faults)
            .received()
            .iter()
            .cloned()
            .collect()
    }

    /// How many REST requests `method path` were received (`"POST"`, `"/fapi/v2/order"`).
    pub fn received_count(&self, method: &str, path: &str) -> usize {
        lock(&self.server.faults)
            .received()
            .iter()
            .filter(|r| r.method.eq_ignore_ascii_case(method) && r.path == path)
            .count()
    }

    /// Forgets the received requests (the log starts again).
    pub fn clear_received(&self) {
        lock(&self.server.faults).clear_received();
    }

    /// Sets (or, with `None`, removes) the request-rate limit of an API key.
    pub fn set_rate_limit(&self, api_key: &str, limit: Option<RateLimit>) -> Result<(), SimError> {
        let uid = self.uid_of(api_key)?;
        lock(&self.server.throttle).set(uid, limit);
        Ok(())
    }

    /// Stops serving and closes every connection; a journaled venue takes a last snapshot and
    /// closes its store.
    pub async fn shutdown(mut self) {
        self.venue().shutdown.send_replace(true);
        if let Some(server) = self.tasks.first_mut() {
            let _ = tokio::time::timeout(Duration::from_secs(5), server).await;
        }
        for t in &self.tasks {
            t.abort();
        }
        self.venue().close();
    }
}

/// The wire's side, -1117 for its catch-all.
impl Drop for Sim {
    fn drop(&mut self) {
        self.venue().shutdown.send_replace(true);
        for t in &self.tasks {
            t.abort();
        }
        self.venue().close();
    }
}
