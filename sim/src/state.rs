//! The exchange's whole state, behind one mutex.
//!
//! Every operation locks, mutates, queues its stream events and unlocks, never across an
//! `.await`. Events are queued to the connections while the lock is held, so every client sees
//! them in the order the state changed.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use contango::{Credentials, Product};
use rust_decimal::Decimal;
use tokio::sync::watch;

use crate::account::Account;
use crate::clock::Clock;
use crate::config::{ContractConfig, MarginKind, SimConfig};
use crate::engine::mirror::Rule;
use crate::engine::{Book, Resting, Side, TriggerIndex};
use crate::error::{SimError, SimResult};
use crate::faults::Faults;
use crate::listen_keys::ListenKeys;
use crate::market_ws::MarketHub;
use crate::orders::{OrderIntent, OrderRecord, OrderStatus, Origin};
use crate::source::{FillRecord, Mirror};
use crate::stream::Hub;

/// uid of the market maker that seeds the books.
pub const MARKET_MAKER_UID: i64 = 1;
/// uid of the funded account the handle hands out.
pub const USER_UID: i64 = 10_001;

/// A public trade, for the ticker, candlesticks and the market stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Print {
    /// Trade id (the one `myTrades` shows both sides).
    pub trade_id: i64,
    /// The incoming order that matched: the market stream sends the trades of one match in one
    /// frame.
    pub taker_order: i64,
    /// Side of the incoming order (the market stream's `side`).
    pub taker_side: Side,
    /// Exchange-clock time (ms).
    pub time: i64,
    /// Price.
    pub price: Decimal,
    /// Contracts.
    pub volume: Decimal,
    /// The amount the market stream states: price × contracts, as the exchange's own frames
    /// show (a notional in the margin coin needs the contract's multiplier).
    pub amount: Decimal,
}

/// A contract's live state.
#[derive(Debug)]
pub struct Market {
    /// Its configuration.
    pub cfg: ContractConfig,
    /// Its order book.
    pub book: Book,
    /// Mark price (unrealized PnL, liquidation, the -1155 band).
    pub mark: Decimal,
    /// Trades, oldest first.
    pub prints: Vec<Print>,
    /// Pending triggers of conditional orders.
    pub triggers: TriggerIndex,
    /// The market a source drives, when one does ([`crate::source`]).
    pub mirror: Option<Mirror>,
}

impl Market {
    /// Up to `limit` aggregated levels `(price, volume)` of `side`, best first: the orders in the
    /// book, and on a mirrored contract the source's levels (less what our fills took) with our
    /// resting orders added at their prices.
    pub fn levels(&self, side: Side, limit: usize) -> Vec<(Decimal, Decimal)> {
        let Some(mirror) = &self.mirror else {
            return self.book.levels(&side, limit);
        };
        let ours = self.book.levels(&side, usize::MAX);
        if ours.is_empty() {
            return mirror.book.levels(side, limit);
        }
        let mut merged: BTreeMap<Decimal, Decimal> = BTreeMap::new();
        for (p, v) in mirror.book.levels(side, usize::MAX).into_iter().chain(ours) {
            *merged.entry(p).or_default() += v;
        }
        let levels = merged.into_iter();
        match side {
            Side::Buy => levels.rev().take(limit).collect(),
            Side::Sell => levels.take(limit).collect(),
        }
    }
}

/// Everything the exchange knows.
#[derive(Debug)]
pub struct State {
    /// Leverage until `level_edit`, transfer cap, listen-key validity.
    pub config: SimConfig,
    /// Contracts by name.
    pub markets: BTreeMap<String, Market>,
    /// Contract configurations by name (a copy, for borrow-free arithmetic).
    pub contracts: BTreeMap<String, ContractConfig>,
    /// Accounts by uid.
    pub accounts: BTreeMap<i64, Account>,
    /// uid by API key.
    pub keys: HashMap<String, i64>,
    /// Every order ever accepted, by id.
    pub orders: HashMap<i64, OrderRecord>,
    /// Listen keys.
    pub listen_keys: ListenKeys,
    /// Stream connections.
    pub hub: Hub,
    /// Market-stream connections.
    pub market_hub: MarketHub,
    /// Injected faults.
    pub faults: Faults,
    /// Mirrored contracts by market-stream symbol (`e_btcusdt`).
    pub source_symbols: HashMap<String, String>,
    /// The latest fills against a market source (at most [`crate::source::FILL_LOG`]).
    pub fills: VecDeque<FillRecord>,
    /// Fills against a market source since the start, by rule.
    pub fill_counts: BTreeMap<Rule, u64>,
    next_order_id: i64,
    next_trade_id: i64,
    next_position_id: i64,
    next_uid: i64,
    next_record_id: i64,
}

/// What the server tasks share: the state, the clock, the shutdown signal.
#[derive(Debug)]
pub struct Shared {
    state: Mutex<State>,
    /// The injectable clock.
    pub clock: Clock,
    /// Flips to `true` when the simulator shuts down.
    pub shutdown: watch::Sender<bool>,
}

impl Shared {
    /// Builds the state from `config`: accounts, markets, seeded books.
    pub fn new(config: SimConfig) -> SimResult<Arc<Shared>> {
        let clock = Clock::default();
        let mut state = State::new(config);
        state.seed(clock.now())?;
        let (shutdown, _) = watch::channel(false);
        Ok(Arc::new(Shared {
            state: Mutex::new(state),
            clock,
            shutdown,
        }))
    }

    /// Locks the state (a panic elsewhere does not make it unusable).
    pub fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl State {
    fn new(config: SimConfig) -> Self {
        let markets = config
            .contracts
            .iter()
            .map(|c| {
                (
                    c.symbol.clone(),
                    Market {
                        cfg: c.clone(),
                        book: Book::default(),
                        mark: c.initial_price,
                        prints: Vec::new(),
                        triggers: TriggerIndex::default(),
                        mirror: None,
                    },
                )
            })
            .collect();
        let contracts = config
            .contracts
            .iter()
            .map(|c| (c.symbol.clone(), c.clone()))
            .collect();
        let mut state = State {
            markets,
            contracts,
            accounts: BTreeMap::new(),
            keys: HashMap::new(),
            orders: HashMap::new(),
            listen_keys: ListenKeys::default(),
            hub: Hub::default(),
            market_hub: MarketHub::default(),
            faults: Faults::default(),
            source_symbols: HashMap::new(),
            fills: VecDeque::new(),
            fill_counts: BTreeMap::new(),
            next_order_id: 1_690_000_000_000_000_000,
            next_trade_id: 1,
            next_position_id: 100_001,
            next_uid: USER_UID + 1,
            next_record_id: 1_690_600_000_000_000_000,
            config,
        };
        if state.config.market_source.is_some() {
            for symbol in state.mirrored_contracts() {
                if let Some(m) = state.markets.get_mut(&symbol) {
                    m.mirror = Some(Mirror::new());
                }
                state
                    .source_symbols
                    .insert(crate::market_ws::channels::symbol(&symbol), symbol);
            }
        }
        let mm = Account::new(
            MARKET_MAKER_UID,
            Credentials::new(
                "contango-sim-market-maker",
                "contango-sim-market-maker-secret",
            ),
            &state.config.market_maker_balances.clone(),
            &[],
        );
        state.insert_account(mm);
        let user = state.config.user.clone();
        let acct = Account::new(
            USER_UID,
            Credentials::new(user.api_key, user.secret),
            &user.contract_balances,
            &user.wallet_balances,
        );
        state.insert_account(acct);
        state
    }

    /// A state without its seeded book (unit tests seed explicitly).
    #[cfg(test)]
    pub(crate) fn new_for_tests(config: SimConfig) -> Self {
        State::new(config)
    }

    /// Seeds the books at time 0 (unit tests).
    #[cfg(test)]
    pub(crate) fn seed_for_tests(&mut self) {
        let _ = self.seed(0);
    }

    fn insert_account(&mut self, account: Account) {
        self.keys
            .insert(account.credentials.api_key().to_owned(), account.uid);
        self.accounts.insert(account.uid, account);
    }

    /// Creates an account; fails when the key is taken.
    pub fn add_account(
        &mut self,
        credentials: Credentials,
        contract: &[(String, Decimal)],
        wallet: &[(String, Decimal)],
    ) -> SimResult<i64> {
        if self.keys.contains_key(credentials.api_key()) {
            return Err(SimError::param("apiKey (already in use)"));
        }
        let uid = self.next_uid;
        self.next_uid += 1;
        self.insert_account(Account::new(uid, credentials, contract, wallet));
        Ok(uid)
    }

    /// The contracts a market source drives: the configured ones (that exist), else every
    /// tradable one.
    pub fn mirrored_contracts(&self) -> Vec<String> {
        match &self.config.source_contracts {
            Some(names) => names
                .iter()
                .filter(|n| self.contracts.contains_key(*n))
                .cloned()
                .collect(),
            None => self
                .config
                .contracts
                .iter()
                .filter(|c| c.tradable)
                .map(|c| c.symbol.clone())
                .collect(),
        }
    }

    /// The market maker's starting orders: asks then bids, nearest level first (not on a
    /// contract a market source drives).
    fn seed(&mut self, now: i64) -> SimResult<()> {
        let seeds: Vec<(String, Decimal, crate::config::SeedBook)> = self
            .contracts
            .values()
            .filter(|c| {
                self.markets
                    .get(&c.symbol)
                    .is_none_or(|m| m.mirror.is_none())
            })
            .filter_map(|c| {
                c.seed
                    .clone()
                    .map(|s| (c.symbol.clone(), c.initial_price, s))
            })
            .collect();
        for (symbol, centre, seed) in seeds {
            for side in [Side::Sell, Side::Buy] {
                for k in 1..=seed.levels {
                    let offset = seed.step * Decimal::from(k);
                    let price = if side == Side::Sell {
                        centre + offset
                    } else {
                        centre - offset
                    };
                    if price <= Decimal::ZERO {
                        continue;
                    }
                    self.rest_liquidity(MARKET_MAKER_UID, &symbol, side, price, seed.volume, now)?;
                }
            }
        }
        Ok(())
    }

    /// Places a resting LIMIT OPEN order for `uid` without matching, fees or limit checks:
    /// liquidity for tests. The margin is locked like any order's.
    pub fn rest_liquidity(
        &mut self,
        uid: i64,
        symbol: &str,
        side: Side,
        price: Decimal,
        volume: Decimal,
        now: i64,
    ) -> SimResult<i64> {
        let cfg = self.contract(symbol)?.clone();
        if price <= Decimal::ZERO || volume <= Decimal::ZERO {
            return Err(SimError::param("price/volume"));
        }
        let default_leverage = self.config.default_leverage;
        let account = self.account_mut(uid)?;
        let leverage = account.leverage_of(symbol, default_leverage);
        let lock = crate::positions::value(&cfg, volume, price) / Decimal::from(leverage.max(1));
        account.coin(&cfg.margin_coin).order_lock += lock;
        let id = self.next_order_id();
        let intent = OrderIntent::limit(uid, &cfg, side, price, volume, Origin::Liquidity);
        let mut order = OrderRecord::new(id, &intent, leverage, OrderStatus::New, now);
        order.locked = lock;
        self.account_mut(uid)?.open_orders.insert(id);
        self.orders.insert(id, order);
        if let Some(m) = self.markets.get_mut(symbol) {
            m.book.insert(
                &side,
                price,
                Resting {
                    order_id: id,
                    account: uid,
                    remaining: volume,
                },
            );
        }
        Ok(id)
    }

    /// The contract named `symbol` (-1121 when unknown).
    pub fn contract(&self, symbol: &str) -> SimResult<&ContractConfig> {
        self.contracts
            .get(symbol)
            .ok_or_else(|| SimError::new(contango::ErrorCode::InvalidContract))
    }

    /// The contract named `symbol`, checked against the product asked for (-1121, -1147, -1148).
    pub fn contract_for(&self, symbol: &str, product: Product) -> SimResult<ContractConfig> {
        let c = self.contract(symbol)?;
        match (product, c.margin_kind) {
            (Product::UsdtMargined, MarginKind::Coin) => {
                Err(SimError::new(contango::ErrorCode::CoinMarginedNotSupported))
            }
            (Product::CoinMargined, MarginKind::Usdt) => {
                Err(SimError::new(contango::ErrorCode::UsdtMarginedNotSupported))
            }
            _ => Ok(c.clone()),
        }
    }

    /// The account `uid`.
    pub fn account(&self, uid: i64) -> SimResult<&Account> {
        self.accounts
            .get(&uid)
            .ok_or_else(|| SimError::new(contango::ErrorCode::UserNotFound))
    }

    /// The account `uid`, mutable.
    pub fn account_mut(&mut self, uid: i64) -> SimResult<&mut Account> {
        self.accounts
            .get_mut(&uid)
            .ok_or_else(|| SimError::new(contango::ErrorCode::UserNotFound))
    }

    /// The mark price of a contract.
    pub fn mark(&self, symbol: &str) -> Decimal {
        self.markets.get(symbol).map_or(Decimal::ZERO, |m| m.mark)
    }

    /// A fresh order id (above 2^53, like real ids).
    pub fn next_order_id(&mut self) -> i64 {
        self.next_order_id += 1;
        self.next_order_id
    }

    /// A fresh trade id.
    pub fn next_trade_id(&mut self) -> i64 {
        let id = self.next_trade_id;
        self.next_trade_id += 1;
        id
    }

    /// A fresh position id.
    pub fn next_position_id(&mut self) -> i64 {
        let id = self.next_position_id;
        self.next_position_id += 1;
        id
    }

    /// A fresh forced-order record id.
    pub fn next_record_id(&mut self) -> i64 {
        self.next_record_id += 1;
        self.next_record_id
    }
}
