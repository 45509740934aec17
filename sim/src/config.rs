//! What a simulator starts with: contracts and their limits, accounts and their funds, stream timing.
//!
//! [`SimConfig::default`] is a small, deterministic exchange that tests can hand-compute against;
//! see the crate documentation for its numbers.

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use rust_decimal::Decimal;

/// Which product (path prefix) a contract belongs to, and how its amounts are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarginKind {
    /// USDT-margined, served under `/fapi`; linear: value = volume × multiplier × price.
    Usdt,
    /// Coin-margined, served under `/dapi`; inverse: value = volume × multiplier / price.
    Coin,
}

impl MarginKind {
    /// The path prefix of the product.
    pub fn prefix(self) -> &'static str {
        match self {
            MarginKind::Usdt => "/fapi",
            MarginKind::Coin => "/dapi",
        }
    }
}

/// Commission rates of a contract (section 2.9), as fractions of the traded value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Commission {
    /// Taker rate of an opening fill.
    pub open_taker: Decimal,
    /// Maker rate of an opening fill.
    pub open_maker: Decimal,
    /// Taker rate of a closing fill.
    pub close_taker: Decimal,
    /// Maker rate of a closing fill.
    pub close_maker: Decimal,
}

/// One leverage bracket (section 2.8): positions whose value lies in `[min_value, max_value)`
/// may use at most `initial_leverage` and need `maint_ratio` × value as maintenance margin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bracket {
    /// Bracket number, from 1.
    pub bracket: i32,
    /// Maximum initial leverage.
    pub initial_leverage: u32,
    /// Lower bound of the position value (inclusive).
    pub min_value: Decimal,
    /// Upper bound of the position value (exclusive).
    pub max_value: Decimal,
    /// Maintenance margin ratio.
    pub maint_ratio: Decimal,
}

/// The resting liquidity the market maker places when the simulator starts.
///
/// Asks at `initial_price + k × step`, bids at `initial_price − k × step`, `k = 1..=levels`,
/// each of `volume` contracts, placed in that order (so time priority is deterministic).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeedBook {
    /// Price levels per side.
    pub levels: u32,
    /// Distance between levels.
    pub step: Decimal,
    /// Contracts per level.
    pub volume: Decimal,
}

/// A contract and its documented limits (section 2.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContractConfig {
    /// Contract name (`E-BTC-USDT`).
    pub symbol: String,
    /// Contract id, as positions report it.
    pub contract_id: i64,
    /// Product and arithmetic.
    pub margin_kind: MarginKind,
    /// Coin margin, fees and PnL are counted in.
    pub margin_coin: String,
    /// Face value of one contract.
    pub multiplier: Decimal,
    /// Unit of the face value.
    pub multiplier_coin: String,
    /// Decimal places allowed in a price (-1150 beyond).
    pub price_precision: u32,
    /// Decimal places allowed in a volume (-1111 beyond).
    pub volume_precision: u32,
    /// Minimum order volume (-1136 below).
    pub min_order_volume: Decimal,
    /// Minimum order value (-1160 below).
    pub min_order_money: Decimal,
    /// Maximum volume of a market order (-1154 above).
    pub max_market_volume: Decimal,
    /// Maximum value of a market order (-1161 above).
    pub max_market_money: Decimal,
    /// Maximum volume of a priced order (-1137 above).
    pub max_limit_volume: Decimal,
    /// Maximum value of a priced order (-1161 above).
    pub max_limit_money: Decimal,
    /// Maximum number of open orders per account in this contract (-1015 beyond).
    pub max_valid_order: u32,
    /// Whether the contract can be traded (-1146 when not).
    pub tradable: bool,
    /// Starting mark price and centre of the seeded book.
    pub initial_price: Decimal,
    /// Largest allowed relative distance of a price from the mark price (-1155 beyond).
    pub price_band: Decimal,
    /// Commission rates.
    pub commission: Commission,
    /// Leverage brackets, ascending; the first one's leverage is the contract's maximum.
    pub brackets: Vec<Bracket>,
    /// The market maker's starting orders (none when `None`).
    pub seed: Option<SeedBook>,
}

impl ContractConfig {
    /// Maximum leverage of the contract: the first bracket's.
    pub fn max_leverage(&self) -> u32 {
        self.brackets.first().map_or(125, |b| b.initial_leverage)
    }
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

/// Behaviour of the public market stream (`/kline-api/ws`; see [`crate::market_ws`]).
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
    /// Validity of a listen key, extended by creation and keep-alive (60 minutes).
    pub listen_key_validity: Duration,
    /// Private stream timing.
    pub stream: StreamConfig,
    /// Public market stream behaviour.
    pub market_stream: MarketStreamConfig,
    /// What moves the market on its own (nothing by default).
    pub market_driver: Option<crate::driver::MarketDriver>,
    /// A real market the simulator mirrors instead ([`crate::source`]); replaces the driver.
    pub market_source: Option<crate::source::MarketSource>,
    /// The contracts a source drives (default: every tradable one).
    pub source_contracts: Option<Vec<String>>,
    /// Who may use the admin routes (`/__sim/...`); `None`: open on a loopback address, off on
    /// any other ([`AdminAccess`]).
    pub admin: Option<AdminAccess>,
    /// Serve answers and frames with the API changed under the spec ([`crate::drift`]).
    pub drift: bool,
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
    /// The admin access in force: as configured, else open on loopback and off elsewhere.
    pub fn admin_access(&self) -> AdminAccess {
        self.admin.clone().unwrap_or(if self.host.is_loopback() {
            AdminAccess::Open
        } else {
            AdminAccess::Off
        })
    }
}

fn d(text: &str) -> Decimal {
    text.parse().unwrap_or_default()
}

fn usdt_brackets() -> Vec<Bracket> {
    vec![
        bracket(1, 100, "0", "50000", "0.005"),
        bracket(2, 50, "50000", "250000", "0.01"),
        bracket(3, 20, "250000", "1000000", "0.025"),
        bracket(4, 10, "1000000", "10000000000", "0.05"),
    ]
}

fn coin_brackets() -> Vec<Bracket> {
    vec![
        bracket(1, 100, "0", "5", "0.005"),
        bracket(2, 50, "5", "25", "0.01"),
        bracket(3, 20, "25", "100", "0.025"),
        bracket(4, 10, "100", "1000000", "0.05"),
    ]
}

fn bracket(n: i32, lev: u32, min: &str, max: &str, mmr: &str) -> Bracket {
    Bracket {
        bracket: n,
        initial_leverage: lev,
        min_value: d(min),
        max_value: d(max),
        maint_ratio: d(mmr),
    }
}

fn commission() -> Commission {
    Commission {
        open_taker: d("0.0004"),
        open_maker: d("0.0002"),
        close_taker: d("0.0005"),
        close_maker: d("0.0003"),
    }
}

/// The default contracts; their numbers are listed in the crate documentation.
pub fn default_contracts() -> Vec<ContractConfig> {
    let btc = ContractConfig {
        symbol: "E-BTC-USDT".into(),
        contract_id: 1,
        margin_kind: MarginKind::Usdt,
        margin_coin: "USDT".into(),
        multiplier: d("0.001"),
        multiplier_coin: "BTC".into(),
        price_precision: 1,
        volume_precision: 0,
        min_order_volume: d("1"),
        min_order_money: d("1"),
        max_market_volume: d("1000"),
        max_market_money: d("1000000"),
        max_limit_volume: d("100000"),
        max_limit_money: d("10000000"),
        max_valid_order: 20,
        tradable: true,
        initial_price: d("30000"),
        price_band: d("0.5"),
        commission: commission(),
        brackets: usdt_brackets(),
        seed: Some(SeedBook {
            levels: 10,
            step: d("10"),
            volume: d("100"),
        }),
    };
    let eth = ContractConfig {
        symbol: "E-ETH-USDT".into(),
        contract_id: 2,
        multiplier: d("0.01"),
        multiplier_coin: "ETH".into(),
        price_precision: 2,
        initial_price: d("2000"),
        seed: Some(SeedBook {
            levels: 10,
            step: d("1"),
            volume: d("100"),
        }),
        ..btc.clone()
    };
    let btc_usd = ContractConfig {
        symbol: "E-BTC-USD".into(),
        contract_id: 3,
        margin_kind: MarginKind::Coin,
        margin_coin: "BTC".into(),
        multiplier: d("100"),
        multiplier_coin: "USD".into(),
        min_order_money: d("0.001"),
        max_market_money: d("100"),
        max_limit_money: d("1000"),
        brackets: coin_brackets(),
        ..btc.clone()
    };
    let test = ContractConfig {
        symbol: "S-TEST-USDT".into(),
        contract_id: 4,
        multiplier: d("1"),
        multiplier_coin: "TEST".into(),
        price_precision: 4,
        tradable: false,
        initial_price: d("1"),
        seed: None,
        ..btc.clone()
    };
    vec![btc, eth, btc_usd, test]
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
            listen_key_validity: Duration::from_secs(3600),
            stream: StreamConfig::default(),
            market_stream: MarketStreamConfig::default(),
            market_driver: None,
            market_source: None,
            source_contracts: None,
            admin: None,
            drift: false,
        }
    }
}
