//! What a simulator starts with: contracts and their limits, accounts and their funds, stream
//! timing, what moves the market. One type, [`SimConfig`]: public fields, and a setter for each
//! that chains (`Sim::builder()` is `SimConfig::default()`; `.start()` runs it).
//!
//! [`SimConfig::default`] is a small, deterministic exchange that tests can hand-compute against;
//! see the crate documentation for its numbers.

pub mod contracts;
pub mod driver;
pub mod pace;
pub mod queue_model;
pub mod source;
pub mod state;

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use rust_decimal::Decimal;

use crate::latency::Latency;
pub use queue_model::QueueModel;

pub use contracts::{
    Bracket, Commission, ContractConfig, Funding, MarginKind, SeedBook, default_contracts,
};
pub use driver::MarketDriver;
pub use source::MarketSource;
pub use state::{Durability, JournalKept, StateConfig};

fn d(text: &str) -> Decimal {
    text.parse().unwrap_or_default()
}

/// An account to create at start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountConfig {
    /// API key (`X-CH-APIKEY`).
    pub api_key: String,
    /// Secret the account's requests are signed with.
    pub secret: String,
    /// Contract-account balances per coin.
    pub contract_balances: Vec<(String, Decimal)>,
    /// Wallet balances per coin (moved in with `futures_transfer`).
    pub wallet_balances: Vec<(String, Decimal)>,
}

/// Timing of the private WebSocket stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StreamConfig {
    /// How often the server sends `{"event":"ping","ts":"<ms>"}`.
    pub ping_interval: Duration,
    /// How long the server waits for the matching pong before closing the connection.
    pub pong_timeout: Duration,
    /// Connections older than this are closed by the server.
    pub max_connection_age: Duration,
    /// Send every server frame as a gzip-compressed binary frame (as the exchange's public
    /// market stream does) instead of text.
    pub gzip_frames: bool,
}

impl Default for StreamConfig {
    fn default() -> Self {
        StreamConfig {
            ping_interval: Duration::from_secs(30),
            pong_timeout: Duration::from_secs(10),
            max_connection_age: Duration::from_secs(24 * 3600),
            gzip_frames: false,
        }
    }
}

/// Behaviour of the public market stream (`/kline-api/ws`; see [`crate::server::market_stream`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarketStreamConfig {
    /// How often the server sends `{"ping":<unix seconds>}` (10 s, as the real server).
    pub ping_interval: Duration,
    /// A connection from which nothing arrives for this many ping intervals is closed (3).
    pub idle_intervals: u32,
    /// Connections older than this are closed by the server (24 h).
    pub max_connection_age: Duration,
    /// Send every frame gzip-compressed in a binary frame, as the real server does (default);
    /// `false` sends text frames (easier to read in a debugger).
    pub gzip_frames: bool,
    /// Pushes of one channel (depth, ticker, kline) to one connection are at least this far
    /// apart (100 ms); changes in between are coalesced into the next snapshot.
    pub coalesce: Duration,
    /// Subscriptions allowed per connection (100); the next `sub` gets an error frame.
    pub max_subscriptions: usize,
}

impl Default for MarketStreamConfig {
    fn default() -> Self {
        MarketStreamConfig {
            ping_interval: Duration::from_secs(10),
            idle_intervals: 3,
            max_connection_age: Duration::from_secs(24 * 3600),
            gzip_frames: true,
            coalesce: Duration::from_millis(100),
            max_subscriptions: 100,
        }
    }
}

/// Everything a simulator starts with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimConfig {
    /// Address to bind (default 127.0.0.1).
    pub host: IpAddr,
    /// Port to bind (default 0: any free port).
    pub port: u16,
    /// Contracts of both products.
    pub contracts: Vec<ContractConfig>,
    /// The funded account whose key the handle hands out.
    pub user: AccountConfig,
    /// Contract-account funds of the market maker that seeds the books.
    pub market_maker_balances: Vec<(String, Decimal)>,
    /// Leverage of a contract until `level_edit` changes it.
    pub default_leverage: u32,
    /// Largest single transfer (-1151 above).
    pub max_transfer: Decimal,
    /// Validity of a listen key, extended by creation and keep-alive (30 minutes, the exchange's
    /// current page).
    pub listen_key_validity: Duration,
    /// Private stream timing.
    pub stream: StreamConfig,
    /// Public market stream behaviour.
    pub market_stream: MarketStreamConfig,
    /// What moves the market on its own (nothing by default).
    pub market_driver: Option<MarketDriver>,
    /// A real market the simulator follows instead ([`crate::feeds::source`]); replaces the
    /// driver.
    pub market_source: Option<MarketSource>,
    /// The contracts a source drives (default: every tradable one).
    pub source_contracts: Option<Vec<String>>,
    /// Who may use the admin routes (`/__sim/...`); `None`: open on a loopback address, off on
    /// any other ([`AdminAccess`]).
    pub admin: Option<AdminAccess>,
    /// Serve answers and frames with the API changed under the spec
    /// ([`crate::server::changed_api`]).
    pub drift: bool,
    /// Where the venue keeps its state across restarts (`None`: in memory only). Needs the
    /// `journal` feature.
    pub state: Option<StateConfig>,
    /// An injected exchange clock: it starts at this time (ms since the epoch) and moves only
    /// when advanced (`Sim::advance_clock`, `POST /__sim/advance_clock`), so that runs tick the
    /// same each time (`None`: wall time).
    pub clock_start: Option<i64>,
    /// Delays of paper trading ([`Latency`]): a request waits its order-entry (or cancel)
    /// delay before the engine takes it, and its answer and its private-stream events their
    /// response delay; market-stream frames wait the market-data delay (`None`: no delay).
    pub latency: Option<Latency>,
    /// How the queue ahead of an order resting against a market source moves, hence when a
    /// trade at its price fills it ([`QueueModel`]; conservative by default). Part of the
    /// venue's rules: a restarted venue keeps the model it started with.
    pub queue_model: QueueModel,
    /// Answer `contracts` as the 2023 document has it: the contract's name required (-1102
    /// without it), instead of the whole list the exchange's current page answers.
    pub contracts_need_name: bool,
    /// Every live order an input changes leaves a record of its new state too, for whoever
    /// follows each order's latest state (a store's read tables, a backtest's fills).
    pub order_changes: bool,
}

/// Who may use the admin routes (move the mark price, print trades, skew the clock, add
/// liquidity, read the fills): a paper venue other bots reach must not answer strangers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminAccess {
    /// Anyone who reaches the port (the default on a loopback address).
    Open,
    /// Requests signed as the interface's signed requests (`X-CH-APIKEY`, `X-CH-TS`,
    /// `X-CH-SIGN` over method, path, query and body) with this API key and secret.
    Signed {
        /// The admin API key.
        api_key: String,
        /// The admin secret.
        secret: String,
    },
    /// No admin route (the default on any other address).
    Off,
}

impl SimConfig {
    /// Port to bind (default 0: a free port).
    pub fn port(mut self, port: u16) -> Self {
        self.port = port;
        self
    }

    /// Address to bind (default 127.0.0.1).
    pub fn host(mut self, host: std::net::IpAddr) -> Self {
        self.host = host;
        self
    }

    /// The funded account's key and secret.
    pub fn credentials(mut self, api_key: impl Into<String>, secret: impl Into<String>) -> Self {
        self.user.api_key = api_key.into();
        self.user.secret = secret.into();
        self
    }

    /// Interval of the stream's server pings.
    pub fn ping_interval(mut self, d: Duration) -> Self {
        self.stream.ping_interval = d;
        self
    }

    /// How long the stream waits for a pong.
    pub fn pong_timeout(mut self, d: Duration) -> Self {
        self.stream.pong_timeout = d;
        self
    }

    /// Age at which the server closes a stream connection.
    pub fn max_connection_age(mut self, d: Duration) -> Self {
        self.stream.max_connection_age = d;
        self
    }

    /// Sends stream frames gzip-compressed in binary frames.
    pub fn gzip_frames(mut self, on: bool) -> Self {
        self.stream.gzip_frames = on;
        self
    }

    /// Interval of the market stream's `{"ping":..}` (default 10 s).
    pub fn market_ping_interval(mut self, d: Duration) -> Self {
        self.market_stream.ping_interval = d;
        self
    }

    /// Market-stream connections silent for this many ping intervals are closed (default 3).
    pub fn market_idle_intervals(mut self, n: u32) -> Self {
        self.market_stream.idle_intervals = n;
        self
    }

    /// Age at which the server closes a market-stream connection (default 24 h).
    pub fn market_max_connection_age(mut self, d: Duration) -> Self {
        self.market_stream.max_connection_age = d;
        self
    }

    /// Market-stream frames as gzip-compressed binary (default, as the real server) or text.
    pub fn market_gzip_frames(mut self, on: bool) -> Self {
        self.market_stream.gzip_frames = on;
        self
    }

    /// Shortest time between two pushes of one market channel to one connection (100 ms).
    pub fn market_coalesce(mut self, d: Duration) -> Self {
        self.market_stream.coalesce = d;
        self
    }

    /// Subscriptions allowed per market-stream connection (default 100).
    pub fn market_max_subscriptions(mut self, n: usize) -> Self {
        self.market_stream.max_subscriptions = n;
        self
    }

    /// Moves the market on its own: a seeded random walk or a price path ([`MarketDriver`]).
    pub fn market_driver(mut self, driver: MarketDriver) -> Self {
        self.market_driver = Some(driver);
        self
    }

    /// Drives the market from a real one, live or recorded, instead of the synthetic market
    /// maker ([`crate::feeds::source`]); not with a market driver.
    pub fn market_source(mut self, source: MarketSource) -> Self {
        self.market_source = Some(source);
        self
    }

    /// Who may use the admin routes (default: open on a loopback address, off on any other).
    pub fn admin(mut self, access: AdminAccess) -> Self {
        self.admin = Some(access);
        self
    }

    /// The contracts a market source drives (default: every tradable one).
    pub fn source_contracts<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        self.source_contracts = Some(names.into_iter().map(Into::into).collect());
        self
    }

    /// Serves answers and frames with the API changed under the spec (default off): extra
    /// fields, a new enum value, a missing field, a changed type, an unknown error code, event
    /// and market channel. [`crate::server::changed_api::EXPECTED`] lists the findings a client should report.
    pub fn drift(mut self, on: bool) -> Self {
        self.drift = on;
        self
    }

    /// Makes every live order an input changes leave a record of its new state
    /// ([`SimConfig::order_changes`](SimConfig#structfield.order_changes); default off).
    pub fn order_changes(mut self, on: bool) -> Self {
        self.order_changes = on;
        self
    }

    /// Answers `contracts` as the 2023 document has it (default off): a call without
    /// `contractName` is refused (-1102), as a server of that reading would; with it, the whole
    /// list, as the exchange's current page answers.
    pub fn contracts_need_name(mut self, on: bool) -> Self {
        self.contracts_need_name = on;
        self
    }

    /// Validity of listen keys (default 30 minutes, the exchange's current page; its 2023
    /// document said 60): a test proves the client's keep-alive interval with a short one.
    pub fn listen_key_validity(mut self, d: Duration) -> Self {
        self.listen_key_validity = d;
        self
    }

    /// Leverage of contracts until `level_edit` (default 10).
    pub fn default_leverage(mut self, leverage: u32) -> Self {
        self.default_leverage = leverage;
        self
    }

    /// Funds every tradable contract at `rate` every `interval` ([`Funding`]; off by default).
    pub fn funding(mut self, rate: Decimal, interval: Duration) -> Self {
        let interval_ms = i64::try_from(interval.as_millis()).unwrap_or(i64::MAX);
        for c in self.contracts.iter_mut().filter(|c| c.tradable) {
            c.funding = Some(Funding { rate, interval_ms });
        }
        self
    }

    /// Delays requests, answers, private-stream events and market-stream frames as `latency`
    /// says (none by default; see [`SimConfig::latency`](SimConfig#structfield.latency)).
    pub fn latency(mut self, latency: Latency) -> Self {
        self.latency = Some(latency);
        self
    }

    /// How orders resting against a market source advance in the queue ahead of them
    /// ([`SimConfig::queue_model`](SimConfig#structfield.queue_model)).
    pub fn queue_model(mut self, model: QueueModel) -> Self {
        self.queue_model = model;
        self
    }

    /// Keeps the venue's state in `dir` across restarts (a journal of its inputs, snapshots and
    /// read tables in `dir/venue.sqlite`; the `journal` feature).
    pub fn state_dir(mut self, dir: impl Into<std::path::PathBuf>) -> Self {
        self.state = Some(StateConfig::new(dir));
        self
    }

    /// How the state directory is kept ([`StateConfig`]), replacing [`SimConfig::state_dir`].
    pub fn state(mut self, state: StateConfig) -> Self {
        self.state = Some(state);
        self
    }

    /// Injects the exchange clock: it starts at `ms` and moves only when advanced
    /// ([`SimConfig::clock_start`]).
    pub fn clock_at(mut self, ms: i64) -> Self {
        self.clock_start = Some(ms);
        self
    }

    /// Adds a contract, or replaces the one with the same symbol.
    pub fn contract(mut self, contract: ContractConfig) -> Self {
        self.contracts.retain(|c| c.symbol != contract.symbol);
        self.contracts.push(contract);
        self
    }
}

impl SimConfig {
    /// The admin access in force: as configured, else open on loopback and off elsewhere.
    pub fn admin_access(&self) -> AdminAccess {
        self.admin.clone().unwrap_or(if self.host.is_loopback() {
            AdminAccess::Open
        } else {
            AdminAccess::Off
        })
    }
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            contracts: default_contracts(),
            user: AccountConfig {
                api_key: "contango-sim-api-key".into(),
                secret: "contango-sim-secret-0123456789abcdef".into(),
                contract_balances: vec![("USDT".into(), d("100000")), ("BTC".into(), d("10"))],
                wallet_balances: vec![("USDT".into(), d("100000")), ("BTC".into(), d("10"))],
            },
            market_maker_balances: vec![
                ("USDT".into(), d("1000000000000")),
                ("BTC".into(), d("1000000000")),
            ],
            default_leverage: 10,
            max_transfer: d("100000000"),
            listen_key_validity: Duration::from_secs(30 * 60),
            stream: StreamConfig::default(),
            market_stream: MarketStreamConfig::default(),
            market_driver: None,
            market_source: None,
            source_contracts: None,
            admin: None,
            drift: false,
            state: None,
            clock_start: None,
            latency: None,
            queue_model: QueueModel::Conservative,
            contracts_need_name: false,
            order_changes: false,
        }
    }
}
