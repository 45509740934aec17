//! contango-sim: an exchange simulator that speaks the futures interface of `spec/futures.yaml`
//! over real HTTP and WebSocket, for local development, paper trading, examples and tests.
//!
//! It reuses the generated request and response types of `contango` (a spec change reaches both
//! sides) and verifies signatures with the runtime's own signing code.
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
//! [`market_ws`]. Nothing moves the market unless asked: [`SimBuilder::market_driver`] adds a
//! seeded random walk or a price path ([`driver`]).
//!
//! The arithmetic (values, margins, fees, PnL) is documented in [`positions`]; the events in
//! [`events`]; the clock in [`clock`]; what each error code means here in [`orders`], [`auth`],
//! [`margin`], [`transfers`] and [`listen_keys`].
//!
//! [`SimBuilder::drift`] serves the API changed under the spec, for testing drift detection: see
//! [`drift`].

#![deny(missing_docs)]

pub mod account;
pub mod admin;
pub mod auth;
#[cfg(feature = "backtest")]
pub mod backtest;
pub mod clock;
pub mod conditional;
pub mod config;
pub mod drift;
pub mod driver;
pub mod engine;
pub mod error;
pub mod events;
pub mod faults;
pub mod http;
pub mod liquidation;
pub mod listen_keys;
pub mod margin;
pub mod market;
pub mod market_ws;
pub mod operation;
pub mod orders;
pub mod pace;
pub mod positions;
pub mod prices;
pub mod rate_limit;
pub mod replay;
pub mod source;
pub mod state;
pub mod stream;
pub mod transfers;
pub mod views;

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use contango::{Client, ConfigError, Credentials, Product};
use rust_decimal::Decimal;
use tokio::task::JoinHandle;

pub use account::RateLimit;
#[cfg(feature = "backtest")]
pub use backtest::{Backtest, BacktestError, Report};
pub use config::{
    AccountConfig, AdminAccess, ContractConfig, MarginKind, MarketStreamConfig, SimConfig,
    StreamConfig,
};
pub use driver::MarketDriver;
pub use error::SimError;
pub use faults::{Fault, FaultRule, Received};
pub use liquidation::Liquidations;
pub use listen_keys::ListenKeyStats;
pub use pace::Pace;
pub use replay::{Replay, ReplayBuilder};
pub use source::{MarketSource, SourceHealth};

use state::{MARKET_MAKER_UID, Shared, USER_UID};

/// Configures a [`Sim`] before it starts.
#[derive(Debug, Clone, Default)]
pub struct SimBuilder {
    config: SimConfig,
}

impl SimBuilder {
    /// Replaces the whole configuration.
    pub fn config(mut self, config: SimConfig) -> Self {
        self.config = config;
        self
    }

    /// Port to bind (default 0: a free port).
    pub fn port(mut self, port: u16) -> Self {
        self.config.port = port;
        self
    }

    /// Address to bind (default 127.0.0.1).
    pub fn host(mut self, host: std::net::IpAddr) -> Self {
        self.config.host = host;
        self
    }

    /// The funded account's key and secret.
    pub fn credentials(mut self, api_key: impl Into<String>, secret: impl Into<String>) -> Self {
        self.config.user.api_key = api_key.into();
        self.config.user.secret = secret.into();
        self
    }

    /// Interval of the stream's server pings.
    pub fn ping_interval(mut self, d: Duration) -> Self {
        self.config.stream.ping_interval = d;
        self
    }

    /// How long the stream waits for a pong.
    pub fn pong_timeout(mut self, d: Duration) -> Self {
        self.config.stream.pong_timeout = d;
        self
    }

    /// Age at which the server closes a stream connection.
    pub fn max_connection_age(mut self, d: Duration) -> Self {
        self.config.stream.max_connection_age = d;
        self
    }

    /// Sends stream frames gzip-compressed in binary frames.
    pub fn gzip_frames(mut self, on: bool) -> Self {
        self.config.stream.gzip_frames = on;
        self
    }

    /// Interval of the market stream's `{"ping":..}` (default 10 s).
    pub fn market_ping_interval(mut self, d: Duration) -> Self {
        self.config.market_stream.ping_interval = d;
        self
    }

    /// Market-stream connections silent for this many ping intervals are closed (default 3).
    pub fn market_idle_intervals(mut self, n: u32) -> Self {
        self.config.market_stream.idle_intervals = n;
        self
    }

    /// Age at which the server closes a market-stream connection (default 24 h).
    pub fn market_max_connection_age(mut self, d: Duration) -> Self {
        self.config.market_stream.max_connection_age = d;
        self
    }

    /// Market-stream frames as gzip-compressed binary (default, as the real server) or text.
    pub fn market_gzip_frames(mut self, on: bool) -> Self {
        self.config.market_stream.gzip_frames = on;
        self
    }

    /// Shortest time between two pushes of one market channel to one connection (100 ms).
    pub fn market_coalesce(mut self, d: Duration) -> Self {
        self.config.market_stream.coalesce = d;
        self
    }

    /// Subscriptions allowed per market-stream connection (default 100).
    pub fn market_max_subscriptions(mut self, n: usize) -> Self {
        self.config.market_stream.max_subscriptions = n;
        self
    }

    /// Moves the market on its own: a seeded random walk or a price path (see [`driver`]).
    pub fn market_driver(mut self, driver: MarketDriver) -> Self {
        self.config.market_driver = Some(driver);
        self
    }

    /// Drives the market from a real one, live or recorded, instead of the synthetic market
    /// maker (see [`source`]); not with a market driver.
    pub fn market_source(mut self, source: MarketSource) -> Self {
        self.config.market_source = Some(source);
        self
    }

    /// Who may use the admin routes (default: open on a loopback address, off on any other).
    pub fn admin(mut self, access: AdminAccess) -> Self {
        self.config.admin = Some(access);
        self
    }

    /// The contracts a market source drives (default: every tradable one).
    pub fn source_contracts<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.config.source_contracts = Some(names.into_iter().map(Into::into).collect());
        self
    }

    /// Serves answers and frames with the API changed under the spec (default off): extra
    /// fields, a new enum value, a missing field, a changed type, an unknown error code, event
    /// and market channel. [`drift::EXPECTED`] lists the findings a client should report.
    pub fn drift(mut self, on: bool) -> Self {
        self.config.drift = on;
        self
    }

    /// Validity of listen keys (default 60 minutes).
    pub fn listen_key_validity(mut self, d: Duration) -> Self {
        self.config.listen_key_validity = d;
        self
    }

    /// Leverage of contracts until `level_edit` (default 10).
    pub fn default_leverage(mut self, leverage: u32) -> Self {
        self.config.default_leverage = leverage;
        self
    }

    /// Adds a contract, or replaces the one with the same symbol.
    pub fn contract(mut self, contract: ContractConfig) -> Self {
        self.config
            .contracts
            .retain(|c| c.symbol != contract.symbol);
        self.config.contracts.push(contract);
        self
    }

    /// Binds, starts serving and returns the handle.
    pub async fn start(self) -> std::io::Result<Sim> {
        Sim::start_with(self.config).await
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

/// A running simulator. Shuts down on drop or with [`Sim::shutdown`].
#[derive(Debug)]
pub struct Sim {
    shared: Arc<Shared>,
    addr: SocketAddr,
    rest_url: String,
    ws_url: String,
    market_ws_url: String,
    api_key: String,
    secret: String,
    tasks: Vec<JoinHandle<()>>,
}

impl Sim {
    /// Starts the default exchange on 127.0.0.1 and a free port.
    pub async fn start() -> std::io::Result<Sim> {
        Self::start_with(SimConfig::default()).await
    }

    /// Configures a simulator.
    pub fn builder() -> SimBuilder {
        SimBuilder::default()
    }

    async fn start_with(config: SimConfig) -> std::io::Result<Sim> {
        let (api_key, secret) = (config.user.api_key.clone(), config.user.secret.clone());
        let bind = SocketAddr::new(config.host, config.port);
        let driver_config = config.market_driver.clone();
        let source = config.market_source.clone();
        if source.is_some() && driver_config.is_some() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "a market source replaces the market driver: configure one of them",
            ));
        }
        let shared = Shared::new(config).map_err(std::io::Error::other)?;
        // Prepared before serving, so the backfill is there for the first client.
        let driver = match driver_config {
            Some(d) => {
                let now = shared.clock.now();
                let prepared = driver::Driver::prepare(d, &mut shared.lock(), now);
                Some(prepared.map_err(|e| {
                    std::io::Error::new(
                        std::io::ErrorKind::InvalidInput,
                        format!("market driver: {e}"),
                    )
                })?)
            }
            None => None,
        };
        let listener = tokio::net::TcpListener::bind(bind).await?;
        let addr = listener.local_addr()?;
        // Stream frames go out as soon as they are written (no Nagle delay behind a delayed ACK).
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let app = http::router(shared.clone());
        let mut stop = shared.shutdown.subscribe();
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async move {
                    let _ = stop.wait_for(|v| *v).await;
                })
                .await;
        });
        // Closes listen keys that expire by the passing of wall time.
        let sweeper_shared = shared.clone();
        let sweeper = tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            loop {
                tick.tick().await;
                let now = sweeper_shared.clock.now();
                sweeper_shared.lock().sweep_listen_keys(now);
            }
        });
        let mut tasks = vec![server, sweeper];
        if let Some(driver) = driver {
            tasks.push(tokio::spawn(driver::run(driver, shared.clone())));
        }
        if let Some(source) = &source {
            let contracts = shared.lock().mirrored_contracts();
            tasks.extend(source::start(source, shared.clone(), contracts)?);
        }
        Ok(Sim {
            shared,
            addr,
            rest_url: format!("http://{addr}"),
            ws_url: format!("ws://{addr}/stream"),
            market_ws_url: format!("ws://{addr}{}", market_ws::PATH),
            api_key,
            secret,
            tasks,
        })
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
    /// [`market_ws`]).
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
    /// ([`SimBuilder::drift`]).
    pub fn drift_mode(&self) -> bool {
        self.shared.lock().config.drift
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
        self.shared.lock().add_account(
            Credentials::new(api_key, secret),
            &own(contract_balances),
            &own(wallet_balances),
        )
    }

    /// Sets a contract's mark price; liquidates (and deleverages) what falls below maintenance.
    pub fn set_mark_price(&self, symbol: &str, price: Decimal) -> Result<Liquidations, SimError> {
        let now = self.shared.clock.now();
        self.shared.lock().set_mark_price(symbol, price, now)
    }

    /// A contract's mark price.
    pub fn mark_price(&self, symbol: &str) -> Option<Decimal> {
        self.shared.lock().markets.get(symbol).map(|m| m.mark)
    }

    /// Prints a trade of `volume` contracts at `price` between two parties outside the
    /// simulator: the market stream shows it and it becomes the contract's last price (firing
    /// the conditional orders that watch it). No account, book or mark price changes. Returns
    /// its trade id.
    pub fn print_trade(
        &self,
        symbol: &str,
        taker_side: contango::Side,
        price: Decimal,
        volume: Decimal,
    ) -> Result<i64, SimError> {
        let side = orders::intent::side(&taker_side)?;
        let now = self.shared.clock.now();
        self.shared.lock().print(symbol, side, price, volume, now)
    }

    /// A contract's last trade price (its mark price before any trade).
    pub fn last_price(&self, symbol: &str) -> Option<Decimal> {
        let st = self.shared.lock();
        st.markets
            .contains_key(symbol)
            .then(|| st.last_price(symbol))
    }

    /// Who may use the admin routes.
    pub fn admin_access(&self) -> AdminAccess {
        self.shared.lock().config.admin_access()
    }

    /// Where the market comes from, when a source drives it (URL or file).
    pub fn market_source(&self) -> Option<String> {
        self.shared
            .lock()
            .config
            .market_source
            .as_ref()
            .map(|s| match s {
                MarketSource::Live { url } => url.clone(),
                MarketSource::Recorded { path, .. } => path.display().to_string(),
                MarketSource::Stepped => "frames applied in process".to_owned(),
            })
    }

    /// The state of the market source of a mirrored contract (`None`: not mirrored).
    pub fn source_health(&self, symbol: &str) -> Option<source::SourceHealth> {
        let st = self.shared.lock();
        st.markets
            .get(symbol)
            .and_then(|m| m.mirror.as_ref())
            .map(|m| m.health.clone())
    }

    /// The latest fills of our orders against a market source, oldest first (at most
    /// [`source::FILL_LOG`]), each with the rule that made it.
    pub fn fills(&self) -> Vec<source::FillRecord> {
        self.shared.lock().fills.iter().cloned().collect()
    }

    /// Applies one market-stream frame (as the exchange sends it, gzip or text) to a simulator
    /// whose source is [`MarketSource::Stepped`]: the clock follows its time. The lockstep
    /// backtest drives a simulator this way.
    pub fn apply_market_frame(&self, frame: &[u8]) {
        source::run::apply_frame(&self.shared, frame, true);
    }

    /// How many conditional orders wait for their trigger in a contract (armed ones).
    pub fn pending_triggers(&self, symbol: &str) -> usize {
        self.shared
            .lock()
            .markets
            .get(symbol)
            .map_or(0, |m| m.triggers.len())
    }

    /// A LIMIT OPEN order of the market maker (matched like any order); returns its id.
    pub fn add_liquidity(
        &self,
        symbol: &str,
        side: contango::Side,
        price: Decimal,
        volume: Decimal,
    ) -> Result<i64, SimError> {
        self.add_liquidity_for(MARKET_MAKER_UID, symbol, side, price, volume)
    }

    /// A LIMIT OPEN order of the account with `api_key`; returns its id.
    pub fn add_liquidity_as(
        &self,
        api_key: &str,
        symbol: &str,
        side: contango::Side,
        price: Decimal,
        volume: Decimal,
    ) -> Result<i64, SimError> {
        let uid = self
            .shared
            .lock()
            .keys
            .get(api_key)
            .copied()
            .ok_or_else(|| SimError::new(contango::ErrorCode::InvalidApiKeyIpOrPermission))?;
        self.add_liquidity_for(uid, symbol, side, price, volume)
    }

    fn add_liquidity_for(
        &self,
        uid: i64,
        symbol: &str,
        side: contango::Side,
        price: Decimal,
        volume: Decimal,
    ) -> Result<i64, SimError> {
        let side = orders::intent::side(&side)?;
        let now = self.shared.clock.now();
        self.shared
            .lock()
            .add_liquidity(uid, symbol, side, price, volume, now)
    }

    /// Moves the exchange clock forward (listen-key expiry, record times); see [`clock`].
    pub fn advance_clock(&self, by: Duration) {
        self.shared
            .clock
            .advance(i64::try_from(by.as_millis()).unwrap_or(i64::MAX));
        let now = self.shared.clock.now();
        self.shared.lock().sweep_listen_keys(now);
    }

    /// Sets the server clock's offset from wall time in ms (clock skew; -1021 for clients that
    /// do not follow it).
    pub fn set_clock_skew(&self, ms: i64) {
        self.shared.clock.set_skew(ms);
    }

    /// The exchange clock (ms).
    pub fn now_ms(&self) -> i64 {
        self.shared.clock.now()
    }

    /// The server clock (ms), as `GET /v1/time` reports it.
    pub fn server_time_ms(&self) -> i64 {
        self.shared.clock.server_now()
    }

    /// Adds a fault rule.
    pub fn inject(&self, rule: FaultRule) {
        self.shared.lock().faults.add(rule);
    }

    /// Removes every fault rule.
    pub fn clear_faults(&self) {
        self.shared.lock().faults.clear();
    }

    /// Every REST request received so far (method, path, query and body; faulted or not), oldest
    /// first: what actually reached the exchange. The stream's WebSocket is not logged; a
    /// long-running simulator keeps only the latest ones (at least half of
    /// [`faults::MAX_RECEIVED`]).
    pub fn received(&self) -> Vec<Received> {
        self.shared.lock().faults.received().to_vec()
    }

    /// How many REST requests `method path` were received (`"POST"`, `"/fapi/v2/order"`).
    pub fn received_count(&self, method: &str, path: &str) -> usize {
        self.shared
            .lock()
            .faults
            .received()
            .iter()
            .filter(|r| r.method.eq_ignore_ascii_case(method) && r.path == path)
            .count()
    }

    /// Forgets the received requests (the log starts again).
    pub fn clear_received(&self) {
        self.shared.lock().faults.clear_received();
    }

    /// Sets (or, with `None`, removes) the request-rate limit of an API key.
    pub fn set_rate_limit(&self, api_key: &str, limit: Option<RateLimit>) -> Result<(), SimError> {
        let mut st = self.shared.lock();
        let uid = st
            .keys
            .get(api_key)
            .copied()
            .ok_or_else(|| SimError::new(contango::ErrorCode::InvalidApiKeyIpOrPermission))?;
        let account = st.account_mut(uid)?;
        account.rate_limit = limit;
        account.recent.clear();
        Ok(())
    }

    /// Closes every stream connection.
    pub fn close_streams(&self) {
        self.shared.lock().hub.close_all("closed by the simulator");
    }

    /// Private-stream connections (and those opened meanwhile) send and read nothing for `d`,
    /// WebSocket pongs included, and stay open; what fell due is sent when the silence ends. A
    /// client that notices the silence drops the connection, and the events queued on it are lost.
    pub fn silence_streams(&self, d: Duration) {
        self.shared.lock().hub.silence(d);
    }

    /// Every private-stream event published from now on leaves `d` later (in order);
    /// `Duration::ZERO` ends the delay.
    pub fn delay_stream_frames(&self, d: Duration) {
        self.shared.lock().hub.set_delay(d);
    }

    /// Number of open stream connections.
    pub fn stream_connections(&self) -> usize {
        self.shared.lock().hub.len()
    }

    /// Number of stream connections accepted since the start (a rotating client opens one per
    /// rotation).
    pub fn stream_connections_opened(&self) -> u64 {
        self.shared.lock().hub.opened()
    }

    /// Closes every market-stream connection (code 1001).
    pub fn close_market_streams(&self) {
        self.shared.lock().market_hub.close_all();
    }

    /// Market-stream connections (and those opened meanwhile) send nothing for `d`, pings
    /// included, and stay open; what fell due is sent when the silence ends.
    pub fn silence_market_streams(&self, d: Duration) {
        self.shared.lock().market_hub.silence(d);
    }

    /// Every market-stream frame built from now on leaves `d` later (so its `ts` lags the
    /// receive time); `Duration::ZERO` ends the delay.
    pub fn delay_market_frames(&self, d: Duration) {
        self.shared.lock().market_hub.set_delay(d);
    }

    /// Open market-stream connections.
    pub fn market_connections(&self) -> usize {
        self.shared.lock().market_hub.len()
    }

    /// Market-stream connections accepted since the start.
    pub fn market_connections_opened(&self) -> u64 {
        self.shared.lock().market_hub.opened()
    }

    /// Live subscriptions over every market-stream connection.
    pub fn market_subscriptions(&self) -> usize {
        self.shared.lock().market_hub.subscriptions()
    }

    /// How many listen keys were created, kept alive, closed (DELETE) and expired so far.
    pub fn listen_key_stats(&self) -> ListenKeyStats {
        self.shared.lock().listen_keys.stats()
    }

    /// Whether `key` is an active listen key at the exchange clock's now (expired keys are
    /// swept first, closing their streams).
    pub fn listen_key_active(&self, key: &str) -> bool {
        let now = self.shared.clock.now();
        let mut st = self.shared.lock();
        st.sweep_listen_keys(now);
        st.listen_keys.owner(key, now).is_ok()
    }

    /// Sends `text` as a data frame to every subscribed stream connection of account `uid`,
    /// exactly as given (gzip-compressed with `gzip_frames`; in drift mode changed as every
    /// event is): malformed or unknown events for testing a client.
    pub fn send_stream_frame(&self, uid: i64, text: &str) {
        self.shared.lock().hub.send(uid, text);
    }

    /// Sums over every account for `coin`.
    pub fn audit(&self, coin: &str) -> Audit {
        let st = self.shared.lock();
        let mut a = Audit::default();
        for account in st.accounts.values() {
            a.wallets += account.wallet.get(coin).copied().unwrap_or_default();
            if let Some(b) = account.coins.get(coin) {
                a.balances += b.balance;
                a.order_locks += b.order_lock;
            }
            for t in &account.trades {
                if st
                    .contracts
                    .get(&t.symbol)
                    .is_some_and(|c| c.margin_coin == coin)
                {
                    a.fees += t.fee;
                    a.trade_sides += 1;
                }
            }
            for p in account.positions.values() {
                let Some(c) = st.contracts.get(&p.symbol) else {
                    continue;
                };
                if c.margin_coin != coin {
                    continue;
                }
                a.unrealized += p.unrealized(c, st.mark(&p.symbol));
                let map = if p.side == engine::Side::Buy {
                    &mut a.long_volume
                } else {
                    &mut a.short_volume
                };
                *map.entry(p.symbol.clone()).or_default() += p.volume;
            }
        }
        for o in st.orders.values().filter(|o| o.is_open()) {
            if st
                .contracts
                .get(&o.symbol)
                .is_some_and(|c| c.margin_coin == coin)
            {
                a.open_order_margin += o.locked;
            }
        }
        a
    }

    /// Stops serving and closes every connection.
    pub async fn shutdown(mut self) {
        self.shared.shutdown.send_replace(true);
        if let Some(server) = self.tasks.first_mut() {
            let _ = tokio::time::timeout(Duration::from_secs(5), server).await;
        }
        for t in &self.tasks {
            t.abort();
        }
    }
}

impl Drop for Sim {
    fn drop(&mut self) {
        self.shared.shutdown.send_replace(true);
        for t in &self.tasks {
            t.abort();
        }
    }
}
