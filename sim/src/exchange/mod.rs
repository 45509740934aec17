//! The exchange itself: a deterministic core fed by inputs (docs/design.md, The journaled
//! venue).
//!
//! One way in, [`Exchange::apply`]: an [`Input`] (an accepted request, a market frame, a driver
//! step, a clock tick, an admin action) changes the state and returns its [`Effects`], what
//! leaves the core: the answer, the private-stream events in order, the history records, the
//! listen keys whose streams close. Everything else is a read-only query for the REST views.
//!
//! Deterministic: no I/O, no wall clock (every input carries the exchange time the server
//! stamped on it), no task, no randomness but the market driver's seeded generator held here,
//! no outcome that depends on hash order (every map is ordered). The same inputs from the same
//! start give the same state, which is what lets a journal of inputs bring a venue back.
//!
//! Live state only: accounts, open and waiting orders, positions, armed triggers, books, the id
//! sequences and the clock. An order that is done (filled, cancelled, rejected, with nothing
//! attached still waiting) leaves at the end of the input that finished it, as a record; trades,
//! transfers and forced orders leave as records when they happen. The tape and its candles are
//! capped ([`tape`]).
//!
//! The rules live in one module each: `orders` (placing, filling, cancelling), `conditional`,
//! `prices`, `liquidation`, `margin`, `transfers`, `funding`, `listen_keys`, `source_updates` (a market
//! source's frames), `driver` (the synthetic market); `operation` runs an operation and what it
//! caused;
//! `views` turns the state into the generated response types.

pub mod account;
pub mod book;
pub mod conditional;
pub mod driver;
pub mod effects;
pub mod exposure;
pub mod funding;
pub mod input;
pub mod limits;
pub mod liquidation;
pub mod listen_keys;
pub mod margin;
pub mod market;
pub mod operation;
pub mod order;
pub mod orders;
pub mod positions;
pub mod prices;
pub mod records;
pub mod setup;
pub mod source_updates;
pub mod tape;
pub mod transfers;
pub mod views;

use std::collections::{BTreeMap, BTreeSet};

use contango::Product;
use rust_decimal::Decimal;

use crate::config::{ContractConfig, MarginKind, SimConfig};
use crate::error::{SimError, SimResult};
use account::{Account, ApiKey};
use book::{Resting, Side};
use driver::Driver;
use effects::Effects;
use input::{Answer, Input};
use listen_keys::ListenKeyLeases;
use market::Market;
use market::SourceMarket;
use order::{OrderIntent, OrderRecord, OrderStatus, Origin};
pub use setup::{MARKET_MAKER_UID, Rules, Sequences, USER_UID};

/// Everything the exchange knows that is live.
#[derive(Debug)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Exchange {
    /// The rules. First, so that a report reads them from the front of a snapshot
    /// (`journal::encoding::decode_front`).
    pub(crate) rules: Rules,
    /// Contract configurations by name. Second, for the same reason.
    pub(crate) contracts: BTreeMap<String, ContractConfig>,
    /// Contracts' live state by name.
    pub(crate) markets: BTreeMap<String, Market>,
    /// Accounts by uid.
    pub(crate) accounts: BTreeMap<i64, Account>,
    /// uid by API key.
    pub(crate) keys: BTreeMap<String, i64>,
    /// Open orders, waiting conditional orders, and done orders something still waits on (a
    /// filled parent whose attached orders are armed), by id.
    pub(crate) orders: BTreeMap<i64, OrderRecord>,
    /// The live orders of each account by client order id: `(uid, id) → order ids`.
    pub(crate) client_ids: BTreeMap<(i64, String), BTreeSet<i64>>,
    /// Listen keys.
    pub(crate) listen_keys: ListenKeyLeases,
    /// Source contracts by market-stream symbol (`e_btcusdt`).
    pub(crate) source_symbols: BTreeMap<String, String>,
    /// The synthetic market, when one moves the contracts.
    pub(crate) driver: Option<Driver>,
    /// Id sequences.
    pub(crate) ids: Sequences,
    /// The exchange time of the latest input (ms).
    pub(crate) now: i64,
    /// The last entry of a recorded source applied.
    pub(crate) recorded_entry: Option<u64>,
    /// What the input being applied has caused so far.
    #[cfg_attr(feature = "journal", borsh(skip))]
    pub(crate) out: Effects,
    /// Orders the input being applied changed: those done leave at its end.
    #[cfg_attr(feature = "journal", borsh(skip))]
    touched: BTreeSet<i64>,
    /// Whether every live order an input changed leaves a record of its new state too (a
    /// store keeps each order's latest state).
    #[cfg_attr(feature = "journal", borsh(skip))]
    order_changes: bool,
}

impl Exchange {
    /// The exchange `config` describes at exchange time `now`: its contracts, the funded
    /// account and the market maker, the seeded books (source contracts have none), and the
    /// market driver (its price path given as points: the feed reads a file first); and the
    /// records its start left for the history (the accounts it opened, the trades it
    /// backfilled). Fails, saying why, when the driver cannot be set up.
    pub fn new(config: &SimConfig, now: i64) -> Result<(Exchange, Vec<records::Record>), String> {
        let sourced = if config.market_source.is_some() {
            source_contracts_of(config)
        } else {
            Vec::new()
        };
        let markets = config
            .contracts
            .iter()
            .map(|c| {
                let source = sourced.contains(&c.symbol).then(SourceMarket::new);
                (c.symbol.clone(), Market::new(c, source, now))
            })
            .collect();
        let contracts = config
            .contracts
            .iter()
            .map(|c| (c.symbol.clone(), c.clone()))
            .collect();
        let source_symbols = sourced
            .iter()
            .map(|s| (market::channel_symbol(s), s.clone()))
            .collect();
        let mut ex = Exchange {
            rules: Rules::of(config),
            contracts,
            markets,
            accounts: BTreeMap::new(),
            keys: BTreeMap::new(),
            orders: BTreeMap::new(),
            client_ids: BTreeMap::new(),
            listen_keys: ListenKeyLeases::default(),
            source_symbols,
            driver: None,
            ids: Sequences::default(),
            now,
            recorded_entry: None,
            out: Effects::default(),
            touched: BTreeSet::new(),
            order_changes: config.order_changes,
        };
        ex.open_account(
            MARKET_MAKER_UID,
            ApiKey::new(
                "contango-sim-market-maker",
                "contango-sim-market-maker-secret",
            ),
            &config.market_maker_balances,
            &[],
        );
        let user = &config.user;
        ex.open_account(
            USER_UID,
            ApiKey::new(&user.api_key, &user.secret),
            &user.contract_balances,
            &user.wallet_balances,
        );
        ex.seed(now).map_err(|e| e.message)?;
        if let Some(d) = &config.market_driver {
            Driver::install(d.clone(), &mut ex, &config.contracts, now)
                .map_err(|e| format!("market driver: {e}"))?;
        }
        // The start is not news: nobody is subscribed yet, and the records of the accounts it
        // opened are the venue's to keep.
        let start = std::mem::take(&mut ex.out).records;
        Ok((ex, start))
    }

    /// Applies one input: the state changes, and what leaves the core is returned. A refused
    /// input changes nothing (its effects hold only the refusal).
    pub fn apply(&mut self, input: Input) -> (SimResult<Answer>, Effects) {
        let time = input.time();
        self.now = time;
        self.settle_funding(time);
        let answer = self.dispatch(input, time);
        self.retire_done();
        (answer, std::mem::take(&mut self.out))
    }

    /// The next time a clock tick has something to do (a listen key to expire, a funding time
    /// to settle); `None` while nothing is due. An idle venue ticks only then, so its journal
    /// does not grow with wall time.
    pub fn next_due(&self) -> Option<i64> {
        let funding = self.markets.values().filter_map(|m| m.next_funding);
        funding.chain(self.listen_keys.next_expiry()).min()
    }

    /// The exchange time of the latest input (ms).
    pub fn now(&self) -> i64 {
        self.now
    }

    /// This exchange, making every live order an input changes leave a record of its new state
    /// ([`records::Record::OrderChanged`]), for a store that keeps each order's latest state: a
    /// construction option (a restored state takes it too), never a change between inputs.
    pub fn with_order_changes(mut self) -> Exchange {
        self.order_changes = true;
        self
    }

    /// Notes that order `id` changed: it leaves the core at the end of the input if it is done.
    pub(crate) fn touch_order(&mut self, id: i64) {
        self.touched.insert(id);
    }

    /// Moves the orders the input finished out of the core, as records. An order and the
    /// orders attached to it leave together, once all of them are done: a filled parent stays
    /// while an attached order still waits (the group's one-cancels-other needs it), and a done
    /// attached order stays with its parent (its `childOrders` show it).
    fn retire_done(&mut self) {
        let touched = std::mem::take(&mut self.touched);
        let mut roots = BTreeSet::new();
        for &id in &touched {
            let mut at = id;
            while let Some(parent) = self.orders.get(&at).and_then(|o| o.parent) {
                at = parent;
            }
            roots.insert(at);
        }
        if self.order_changes {
            for id in &touched {
                if let Some(o) = self.orders.get(id) {
                    self.out
                        .records
                        .push(records::Record::OrderChanged(o.clone()));
                }
            }
        }
        for root in roots {
            let Some(o) = self.orders.get(&root) else {
                continue;
            };
            fn done(o: &OrderRecord) -> bool {
                !o.is_open() && !o.is_waiting()
            }
            let family_done = done(o)
                && o.children
                    .iter()
                    .all(|c| self.orders.get(c).is_none_or(done));
            if !family_done {
                continue;
            }
            let children: Vec<OrderRecord> = o
                .children
                .clone()
                .iter()
                .filter_map(|c| self.remove_order(*c))
                .collect();
            if let Some(o) = self.remove_order(root) {
                for c in &children {
                    self.out.retired(c.clone(), Vec::new());
                }
                self.out.retired(o, children);
            }
        }
    }

    /// Takes order `id` out of the core (and its client order id out of the index).
    fn remove_order(&mut self, id: i64) -> Option<OrderRecord> {
        let o = self.orders.remove(&id)?;
        if let Some(coid) = &o.client_order_id {
            let key = (o.uid, coid.clone());
            if let Some(ids) = self.client_ids.get_mut(&key) {
                ids.remove(&id);
                if ids.is_empty() {
                    self.client_ids.remove(&key);
                }
            }
        }
        Some(o)
    }

    /// Files a new order record (and its client order id).
    pub(crate) fn insert_order(&mut self, record: OrderRecord) {
        if let Some(coid) = &record.client_order_id {
            self.client_ids
                .entry((record.uid, coid.clone()))
                .or_default()
                .insert(record.id);
        }
        self.touched.insert(record.id);
        self.orders.insert(record.id, record);
    }

    fn open_account(
        &mut self,
        uid: i64,
        key: ApiKey,
        contract: &[(String, Decimal)],
        wallet: &[(String, Decimal)],
    ) {
        let account = Account::new(uid, key, contract, wallet);
        self.keys.insert(account.key.key.clone(), account.uid);
        self.out.account_opened(&account, self.now);
        self.accounts.insert(account.uid, account);
    }

    /// Creates an account; fails when the key is taken.
    pub(crate) fn add_account(
        &mut self,
        key: ApiKey,
        contract: &[(String, Decimal)],
        wallet: &[(String, Decimal)],
    ) -> SimResult<i64> {
        if self.keys.contains_key(&key.key) {
            return Err(SimError::param("apiKey (already in use)"));
        }
        let uid = self.ids.uid;
        self.ids.uid += 1;
        self.open_account(uid, key, contract, wallet);
        Ok(uid)
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
                    .is_none_or(|m| m.source.is_none())
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
        self.touched.clear();
        Ok(())
    }

    /// Places a resting LIMIT OPEN order for `uid` without matching, fees or limit checks:
    /// the seeded book. The margin is locked like any order's.
    fn rest_liquidity(
        &mut self,
        uid: i64,
        symbol: &str,
        side: Side,
        price: Decimal,
        volume: Decimal,
        now: i64,
    ) -> SimResult<i64> {
        let cfg = self.contract(symbol)?.clone();
        let default_leverage = self.rules.default_leverage;
        let id = self.next_order_id();
        let account = self.account_mut(uid)?;
        let leverage = account.leverage_of(symbol, default_leverage);
        let lock = positions::value(&cfg, volume, price) / Decimal::from(leverage.max(1));
        account.coin(&cfg.margin_coin).order_lock += lock;
        account.open_orders.insert(id);
        let intent = OrderIntent::limit(uid, &cfg, side, price, volume, Origin::Liquidity);
        let mut order = OrderRecord::new(id, &intent, leverage, OrderStatus::New, now);
        order.locked = lock;
        self.insert_order(order);
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

    /// Every contract, by name.
    pub fn contracts(&self) -> &BTreeMap<String, ContractConfig> {
        &self.contracts
    }

    /// The contract named `symbol`, checked against the product asked for (-1121, -1147, -1148).
    pub fn contract_for(&self, symbol: &str, product: Product) -> SimResult<&ContractConfig> {
        let c = self.contract(symbol)?;
        match (product, c.margin_kind) {
            (Product::UsdtMargined, MarginKind::Coin) => {
                Err(SimError::new(contango::ErrorCode::CoinMarginedNotSupported))
            }
            (Product::CoinMargined, MarginKind::Usdt) => {
                Err(SimError::new(contango::ErrorCode::UsdtMarginedNotSupported))
            }
            _ => Ok(c),
        }
    }

    /// The account `uid`.
    pub fn account(&self, uid: i64) -> SimResult<&Account> {
        self.accounts
            .get(&uid)
            .ok_or_else(|| SimError::new(contango::ErrorCode::UserNotFound))
    }

    /// Every account, by uid.
    pub fn accounts(&self) -> &BTreeMap<i64, Account> {
        &self.accounts
    }

    /// The account `uid`, mutable.
    pub(crate) fn account_mut(&mut self, uid: i64) -> SimResult<&mut Account> {
        self.accounts
            .get_mut(&uid)
            .ok_or_else(|| SimError::new(contango::ErrorCode::UserNotFound))
    }

    /// The venue's own accounts: the market maker, and the market driver's taker when a driver
    /// is installed.
    pub fn house_accounts(&self) -> Vec<i64> {
        let mut uids = vec![MARKET_MAKER_UID];
        uids.extend(self.driver.as_ref().map(Driver::taker));
        uids
    }

    /// The uid of the account with `api_key`.
    pub fn uid_of(&self, api_key: &str) -> Option<i64> {
        self.keys.get(api_key).copied()
    }

    /// The live state of contract `symbol`.
    pub fn market(&self, symbol: &str) -> Option<&Market> {
        self.markets.get(symbol)
    }

    /// Every contract's live state, by name.
    pub fn markets(&self) -> &BTreeMap<String, Market> {
        &self.markets
    }

    /// The live order `id` (open, waiting, or done with something attached still waiting).
    pub fn order(&self, id: i64) -> Option<&OrderRecord> {
        self.orders.get(&id)
    }

    /// The live orders, by id.
    pub fn orders(&self) -> &BTreeMap<i64, OrderRecord> {
        &self.orders
    }

    /// The live orders of `uid` with client order id `coid`, oldest first.
    pub fn orders_by_client_id(
        &self,
        uid: i64,
        coid: &str,
    ) -> impl DoubleEndedIterator<Item = &OrderRecord> {
        self.client_ids
            .get(&(uid, coid.to_owned()))
            .into_iter()
            .flatten()
            .filter_map(|id| self.orders.get(id))
    }

    /// The last entry of a recorded market source applied (a restart resumes after it).
    pub fn recorded_entry(&self) -> Option<u64> {
        self.recorded_entry
    }

    /// The id sequences.
    pub fn sequences(&self) -> &Sequences {
        &self.ids
    }

    /// The listen keys.
    pub fn listen_keys(&self) -> &ListenKeyLeases {
        &self.listen_keys
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The mark price of a contract.
    pub fn mark(&self, symbol: &str) -> Decimal {
        self.markets.get(symbol).map_or(Decimal::ZERO, |m| m.mark)
    }

    /// The source contracts (a market source drives them), in name order.
    pub fn source_contracts(&self) -> Vec<String> {
        self.source_symbols.values().cloned().collect()
    }

    /// The former name of [`Exchange::source_contracts`].
    #[deprecated(note = "renamed `source_contracts`")]
    pub fn mirrored_contracts(&self) -> Vec<String> {
        self.source_contracts()
    }

    /// A fresh order id.
    pub(crate) fn next_order_id(&mut self) -> i64 {
        self.ids.order += 1;
        self.ids.order
    }

    /// A fresh trade id.
    pub(crate) fn next_trade_id(&mut self) -> i64 {
        let id = self.ids.trade;
        self.ids.trade += 1;
        id
    }

    /// A fresh position id.
    pub(crate) fn next_position_id(&mut self) -> i64 {
        let id = self.ids.position;
        self.ids.position += 1;
        id
    }

    /// A fresh forced-order record id.
    pub(crate) fn next_record_id(&mut self) -> i64 {
        self.ids.record += 1;
        self.ids.record
    }

    /// A fresh transfer id.
    pub(crate) fn next_transfer_id(&mut self) -> i64 {
        let id = self.ids.transfer;
        self.ids.transfer += 1;
        id
    }
}

/// The contracts a market source drives: the configured ones (that exist), else every tradable
/// one.
fn source_contracts_of(config: &SimConfig) -> Vec<String> {
    match &config.source_contracts {
        Some(names) => names
            .iter()
            .filter(|n| config.contracts.iter().any(|c| &c.symbol == *n))
            .cloned()
            .collect(),
        None => config
            .contracts
            .iter()
            .filter(|c| c.tradable)
            .map(|c| c.symbol.clone())
            .collect(),
    }
}

#[cfg(test)]
pub(crate) mod testing;
