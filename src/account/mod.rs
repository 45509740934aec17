//! The trader's own state (open orders, positions, balances), kept from the private stream and
//! reconciled over REST: the other half of [`crate::book`].
//!
//! [`AccountWatcher`] starts from a REST snapshot taken once the stream is subscribed (so nothing
//! that happens afterwards is missed), applies `ORDER_TRADE_UPDATE` and `ACCOUNT_UPDATE` events,
//! and takes a new snapshot after every gap the stream reports and at an interval. Its merge
//! rules ([`state`]; stated in docs/design.md, Account watcher) order events by exchange facts,
//! not by arrival; what a reconciliation fixes comes as an [`AccountItem::Reconciled`], and
//! orders sent through [`AccountWatcher::place`] are pending from the acknowledgement.
//!
//! It uses only what the SDK offers everyone: a [`Client`] and its user stream.

mod rest;
pub mod state;

use std::collections::{BTreeSet, VecDeque};
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::time::{Duration, Instant};

pub use state::{
    AccountState, Applied, BalanceState, Change, ConditionalStage, Fix, PositionKey, PositionState,
    ReconcileCause, Reconciliation, Snapshot, Vanished, WatchedOrder,
};

use crate::{
    Client, ConnectError, Error, ErrorCode, Event, Gap, NewOrderRequest, Order, Side, StreamItem,
    UserStream, UserStreamApi, UserStreamBuilder,
};

/// What the watcher yields.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum AccountItem {
    /// An order changed (placed, filled, finished); its new state.
    Order(WatchedOrder),
    /// A position changed; its new state (volume zero: closed).
    Position(PositionState),
    /// A balance changed; its new state.
    Balance(BalanceState),
    /// The stream was blind for a while (as the stream reports it); a reconciliation follows.
    Gap(Gap),
    /// A REST snapshot was merged: what it changed in the view (empty lists: the view was right).
    Reconciled(Reconciliation),
    /// A REST call of a reconciliation or a multiplier lookup failed; it is retried.
    Error(String),
    /// Anything else from the stream: disconnections, stream errors, unknown event types.
    Stream(StreamItem),
}

/// Why [`AccountWatcherBuilder::start`] failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum StartError {
    /// The stream could not be opened.
    Stream(ConnectError<ErrorCode>),
    /// The first snapshot (or a contract's multiplier) could not be read.
    Rest(Error),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Stream(e) => write!(f, "account watcher: user stream: {e}"),
            StartError::Rest(e) => write!(f, "account watcher: snapshot: {e}"),
        }
    }
}

impl std::error::Error for StartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StartError::Stream(e) => Some(e),
            StartError::Rest(e) => Some(e),
        }
    }
}

/// Configures an [`AccountWatcher`].
#[derive(Debug)]
#[must_use]
pub struct AccountWatcherBuilder {
    client: Client,
    stream: Option<UserStreamBuilder<UserStreamApi>>,
    contracts: BTreeSet<String>,
    reconcile_every: Option<Duration>,
    keep_finished: Duration,
    retry_after: Duration,
}

impl AccountWatcherBuilder {
    /// Lists the open orders of `contract` in every snapshot. Without any, the watcher lists
    /// those of the contracts it has seen (positions, events, orders it placed): an order placed
    /// elsewhere on another contract shows from its first event on.
    pub fn contract(mut self, contract: impl Into<String>) -> Self {
        self.contracts.insert(contract.into());
        self
    }

    /// Reconciles at this interval besides after every gap (default 60 s; `None`: only after
    /// gaps and when asked).
    pub fn reconcile_every(mut self, every: Option<Duration>) -> Self {
        self.reconcile_every = every.filter(|d| !d.is_zero());
        self
    }

    /// How long a finished order stays readable after its last change (default 10 minutes);
    /// then it is dropped, which bounds memory.
    pub fn keep_finished(mut self, window: Duration) -> Self {
        self.keep_finished = window;
        self
    }

    /// Wait after a failed reconciliation before the next attempt (default 1 s).
    pub fn retry_after(mut self, wait: Duration) -> Self {
        self.retry_after = wait.max(Duration::from_millis(1));
        self
    }

    /// The user stream to use, configured (timeouts, backoff); default `client.user_stream()`.
    pub fn user_stream(mut self, stream: UserStreamBuilder<UserStreamApi>) -> Self {
        self.stream = Some(stream);
        self
    }

    /// Connects the stream, then takes the first snapshot; the first item is its
    /// [`AccountItem::Reconciled`] (cause [`ReconcileCause::Start`]).
    pub async fn start(self) -> Result<AccountWatcher, StartError> {
        let client = self.client;
        // The snapshot's time stamp is the client's estimate of the exchange clock.
        client.core().sync_clock().await;
        let stream = self
            .stream
            .unwrap_or_else(|| client.user_stream())
            .connect()
            .await
            .map_err(StartError::Stream)?;
        let mut watcher = AccountWatcher {
            state: AccountState::new(self.keep_finished),
            contracts: self.contracts,
            reconcile_every: self.reconcile_every,
            retry_after: self.retry_after,
            next_interval: self.reconcile_every.map(|d| Instant::now() + d),
            due: None,
            task: None,
            queued: VecDeque::new(),
            unapplied: None,
            connected: true,
            last_event: None,
            next_prune: Instant::now(),
            client,
            stream,
        };
        let contracts: Vec<String> = watcher.contracts.iter().cloned().collect();
        for c in &contracts {
            watcher.load_contract(c).await.map_err(StartError::Rest)?;
        }
        let snapshot = rest::snapshot(watcher.client.clone(), watcher.snapshot_contracts())
            .await
            .map_err(StartError::Rest)?;
        watcher.merge_snapshot(ReconcileCause::Start, snapshot);
        Ok(watcher)
    }
}

/// A REST call running beside the stream.
type Task = Pin<Box<dyn Future<Output = Done> + Send>>;

/// What a finished [`Task`] brings.
enum Done {
    Snapshot(ReconcileCause, Result<Snapshot, Error>),
    Lookups(Reconciliation, Vec<(i64, Result<Option<Order>, Error>)>),
}

/// A reconciliation waiting to start.
#[derive(Debug, Clone, Copy)]
struct Due {
    cause: ReconcileCause,
    at: Instant,
}

/// The trader's open orders, positions and balances, kept from the user stream and reconciled
/// over REST (see the [module docs](self)).
///
/// ```no_run
/// # async fn run(client: contango::Client) -> Result<(), Box<dyn std::error::Error>> {
/// use contango::account::{AccountItem, AccountWatcher};
/// let mut account = AccountWatcher::builder(client).contract("E-BTC-USDT").start().await?;
/// while let Some(item) = account.next().await {
///     match item {
///         AccountItem::Order(o) => println!("order {} {:?}", o.order.order_id, o.order.status),
///         AccountItem::Reconciled(r) if !r.is_clean() => println!("resynced: {r:?}"),
///         _ => {}
///     }
///     println!("{} open orders", account.open_orders().len());
/// }
/// # Ok(()) }
/// ```
pub struct AccountWatcher {
    client: Client,
    stream: UserStream,
    state: AccountState,
    /// Contracts whose open orders snapshots list (configured, and those seen since).
    contracts: BTreeSet<String>,
    reconcile_every: Option<Duration>,
    retry_after: Duration,
    next_interval: Option<Instant>,
    due: Option<Due>,
    task: Option<Task>,
    queued: VecDeque<AccountItem>,
    /// An event taken from the stream and not applied yet (its contract is being looked up).
    unapplied: Option<Event>,
    /// The stream is connected (false from a disconnection to the gap that ends it).
    connected: bool,
    last_event: Option<Instant>,
    next_prune: Instant,
}

impl fmt::Debug for AccountWatcher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AccountWatcher")
            .field("contracts", &self.contracts)
            .field("open_orders", &self.state.open_orders().len())
            .field("positions", &self.state.positions().len())
            .field("reconcile_every", &self.reconcile_every)
            .field("reconciled", &self.is_reconciled())
            .finish_non_exhaustive()
    }
}

impl AccountWatcher {
    /// Starts configuring a watcher of `client`'s account (in its product).
    pub fn builder(client: Client) -> AccountWatcherBuilder {
        AccountWatcherBuilder {
            client,
            stream: None,
            contracts: BTreeSet::new(),
            reconcile_every: Some(Duration::from_secs(60)),
            keep_finished: Duration::from_secs(600),
            retry_after: Duration::from_secs(1),
        }
    }

    /// Working orders (pending ones included), by id.
    pub fn open_orders(&self) -> Vec<&WatchedOrder> {
        self.state.open_orders()
    }

    /// Conditional orders waiting for their trigger, by id.
    pub fn conditional_orders(&self) -> Vec<&WatchedOrder> {
        self.state.conditional_orders()
    }

    /// An order by id; finished orders stay for the keep window.
    pub fn order(&self, id: i64) -> Option<&WatchedOrder> {
        self.state.order(id)
    }

    /// Open positions.
    pub fn positions(&self) -> Vec<&PositionState> {
        self.state.positions()
    }

    /// The open position of `contract` on `side` (`Buy` long, `Sell` short).
    pub fn position(&self, contract: &str, side: Side) -> Option<&PositionState> {
        self.state.position(contract, side)
    }

    /// Balances by margin coin.
    pub fn balances(&self) -> Vec<&BalanceState> {
        self.state.balances()
    }

    /// The balance of a margin coin.
    pub fn balance(&self, coin: &str) -> Option<&BalanceState> {
        self.state.balance(coin)
    }

    /// The whole view.
    pub fn state(&self) -> &AccountState {
        &self.state
    }

    /// Whether the view is known complete: the stream is connected and no reconciliation is
    /// due or running.
    pub fn is_reconciled(&self) -> bool {
        self.connected && self.due.is_none() && self.task.is_none()
    }

    /// When the last event was applied (or checked), by the local clock.
    pub fn last_event_at(&self) -> Option<Instant> {
        self.last_event
    }

    /// The client underneath.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Asks for a reconciliation now (after the one running, if any).
    pub fn reconcile(&mut self) {
        self.schedule(ReconcileCause::Requested, Instant::now());
    }

    /// Places an order through the client (precheck, dedupe: see `Client::new_order`) and holds
    /// it as pending from the acknowledgement on, so [`Self::open_orders`] counts it before its
    /// first event. A client order id is generated when the request has none, so the pending
    /// record carries the one the exchange will report.
    pub async fn place(&mut self, mut request: NewOrderRequest) -> Result<i64, Error> {
        let client_id = request
            .client_order_id
            .get_or_insert_with(crate::__private::dedupe::new_client_id)
            .clone();
        if !self.state.knows_contract(&request.contract_name) {
            // Needed to read its events; a failure here shows again when they arrive.
            let _ = self.load_contract(&request.contract_name).await;
        }
        let ack = self.client.send(&request).await?;
        let pending: Option<Order> = serde_json::from_value(serde_json::json!({
            "orderId": ack.order_id,
            "clientOrderId": client_id,
        }))
        .ok();
        if let Some(mut order) = pending {
            order.contract_name = Some(request.contract_name.clone());
            order.price = Some(request.price);
            order.orig_qty = Some(request.volume);
            order.orig_amount = Some(request.amount);
            order.executed_qty = Some(rust_decimal::Decimal::ZERO);
            order.order_type = Some(request.order_type.clone());
            order.side = Some(request.side.clone());
            order.action = Some(request.open.clone());
            if request.condition_order == Some(true) {
                // Waiting for its trigger until an event or a snapshot says otherwise.
                order.condition_order = Some(true);
                order.trigger_type = request.trigger_type;
                order.trigger_price_type = request.trigger_price_type;
                order.trigger_price = request.trigger_price;
                order.trigger_order_type = request.trigger_order_type;
            }
            if let Some(w) = self
                .state
                .insert_pending(order, self.client.core().timestamp_ms())
            {
                self.queued.push_back(AccountItem::Order(w));
            }
        }
        self.contracts.insert(request.contract_name);
        Ok(ack.order_id)
    }

    /// The next change, gap, reconciliation or other stream item; `None` once the stream has
    /// stopped. Cancel-safe: dropping the future loses nothing (use it in `select!` or under a
    /// timeout).
    pub async fn next(&mut self) -> Option<AccountItem> {
        loop {
            self.apply_unapplied().await;
            if let Some(item) = self.queued.pop_front() {
                return Some(item);
            }
            let now = Instant::now();
            if now >= self.next_prune {
                // Once a second: a walk over every order held.
                self.next_prune = now + Duration::from_secs(1);
                self.state.prune(self.client.core().timestamp_ms());
            }
            if self.task.is_none() && self.connected {
                if let Some(due) = self.due.filter(|d| d.at <= now) {
                    self.due = None;
                    self.task = Some(Box::pin(Self::snapshot_task(
                        self.client.clone(),
                        self.snapshot_contracts(),
                        due.cause,
                    )));
                }
            }
            // Also wakes for the next prune, so finished orders go even when nothing happens.
            let mut wake = self.next_prune;
            if let Some(at) = self.next_interval {
                wake = wake.min(at);
            }
            if let (None, Some(due)) = (&self.task, self.due) {
                wake = wake.min(due.at);
            }
            let woke = {
                let task = self.task.as_mut();
                tokio::select! {
                    item = self.stream.recv() => Woke::Stream(item),
                    done = run(task) => Woke::Task(done),
                    _ = tokio::time::sleep_until(tokio::time::Instant::from_std(wake)) => Woke::Timer,
                }
            };
            match woke {
                Woke::Stream(None) => return None,
                Woke::Stream(Some(item)) => self.on_stream(item).await,
                Woke::Task(done) => {
                    self.task = None;
                    self.on_task(done);
                }
                Woke::Timer => {
                    if let (Some(at), Some(every)) = (self.next_interval, self.reconcile_every) {
                        if at <= Instant::now() {
                            self.next_interval = Some(Instant::now() + every);
                            self.schedule(ReconcileCause::Interval, Instant::now());
                        }
                    }
                }
            }
        }
    }

    /// Stops the stream (closing its listen key).
    pub async fn shutdown(self) -> Result<(), Error> {
        self.stream.shutdown().await
    }

    async fn on_stream(&mut self, item: StreamItem) {
        match item {
            StreamItem::Event(Event::Other { event_type, raw }) => {
                let other = Event::Other { event_type, raw };
                self.queued
                    .push_back(AccountItem::Stream(StreamItem::Event(other)));
            }
            StreamItem::Event(event) => {
                self.last_event = Some(Instant::now());
                self.unapplied = Some(event);
                self.apply_unapplied().await;
            }
            StreamItem::Disconnected { at_ms, reason } => {
                self.connected = false;
                self.queued
                    .push_back(AccountItem::Stream(StreamItem::Disconnected {
                        at_ms,
                        reason,
                    }));
            }
            StreamItem::Gap(gap) => {
                self.connected = true;
                self.schedule(ReconcileCause::Gap, Instant::now());
                self.queued.push_back(AccountItem::Gap(gap));
            }
            other => self.queued.push_back(AccountItem::Stream(other)),
        }
    }

    /// Applies the event taken from the stream, loading the multiplier of a contract it is the
    /// first to name. The event stays in `unapplied` until applied, so `next()` may be cancelled
    /// during the lookup (a `select!`, a timeout) without losing it.
    async fn apply_unapplied(&mut self) {
        while let Some(event) = &self.unapplied {
            match self.state.apply(event) {
                Applied::NeedContract(contract) => {
                    // Either way the contract becomes known (multiplier or another product's).
                    if let Err(e) = self.load_contract(&contract).await {
                        self.unapplied = None;
                        self.queued.push_back(AccountItem::Error(format!(
                            "multiplier of {contract}: {e}; a reconciliation follows"
                        )));
                        self.schedule(ReconcileCause::Unapplied, Instant::now() + self.retry_after);
                    }
                }
                Applied::Changes(changes) => {
                    self.unapplied = None;
                    if self.state.take_unknown_conditional() {
                        self.schedule(ReconcileCause::UnknownConditional, Instant::now());
                    }
                    self.queued.extend(changes.into_iter().map(|c| match c {
                        Change::Order(o) => AccountItem::Order(*o),
                        Change::Position(p) => AccountItem::Position(p),
                        Change::Balance(b) => AccountItem::Balance(b),
                    }));
                }
            }
        }
    }

    async fn load_contract(&mut self, contract: &str) -> Result<(), Error> {
        match rest::contract(&self.client, contract).await? {
            rest::ContractInfo::Multiplier(m) => {
                self.state.set_multiplier(contract, m);
                self.contracts.insert(contract.to_owned());
            }
            rest::ContractInfo::Foreign => self.state.set_foreign(contract),
        }
        Ok(())
    }

    fn on_task(&mut self, done: Done) {
        match done {
            Done::Snapshot(cause, Ok(snapshot)) => self.merge_snapshot(cause, snapshot),
            Done::Snapshot(cause, Err(e)) => {
                self.queued
                    .push_back(AccountItem::Error(format!("reconciliation: {e}")));
                self.schedule(cause, Instant::now() + self.retry_after);
            }
            Done::Lookups(mut fixes, answers) => {
                for (id, answer) in answers {
                    match answer {
                        Ok(Some(order)) => self.state.apply_queried(order, &mut fixes),
                        Ok(None) => fixes
                            .unresolved
                            .push((id, "query_order did not list it".into())),
                        Err(e) => fixes.unresolved.push((id, e.to_string())),
                    }
                }
                if !fixes.unresolved.is_empty() {
                    self.schedule(fixes.cause, Instant::now() + self.retry_after);
                }
                self.queued.push_back(AccountItem::Reconciled(fixes));
            }
        }
    }

    fn merge_snapshot(&mut self, cause: ReconcileCause, snapshot: Snapshot) {
        let (fixes, vanished) = self.state.apply_snapshot(snapshot, cause);
        self.contracts.extend(self.state.contracts());
        if vanished.is_empty() {
            self.queued.push_back(AccountItem::Reconciled(fixes));
        } else {
            let client = self.client.clone();
            self.task = Some(Box::pin(async move {
                let answers = rest::lookup(client, vanished).await;
                Done::Lookups(fixes, answers)
            }));
        }
    }

    /// Schedules a reconciliation at `at` (the earlier one wins; a running one is followed by
    /// another, since it may have read the exchange before what made this one necessary).
    fn schedule(&mut self, cause: ReconcileCause, at: Instant) {
        self.due = Some(match self.due {
            Some(d) if d.at <= at => d,
            _ => Due { cause, at },
        });
    }

    fn snapshot_contracts(&self) -> Vec<String> {
        self.contracts.iter().cloned().collect()
    }

    async fn snapshot_task(client: Client, contracts: Vec<String>, cause: ReconcileCause) -> Done {
        Done::Snapshot(cause, rest::snapshot(client, contracts).await)
    }
}

/// What woke [`AccountWatcher::next`] (a local value, never stored).
#[allow(clippy::large_enum_variant)]
enum Woke {
    Stream(Option<StreamItem>),
    Task(Done),
    Timer,
}

/// The running task's result; never, without one.
async fn run(task: Option<&mut Task>) -> Done {
    match task {
        Some(t) => t.await,
        None => std::future::pending().await,
    }
}
