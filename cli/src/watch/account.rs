//! `contango watch account`: the [`AccountWatcher`] as JSON lines, or as a view on the terminal
//! (`view`) of positions, open orders and balances. [`AccountFeed`] is what the
//! views read of it (the trading screen's too).
//!
//! What the watcher has ready is taken as one batch, so an exchange event that changes an order,
//! a balance and a position makes one `state` line, not three. The state is the watcher's (its
//! merge rules decide it); this module only writes it.

use contango::account::{
    AccountItem, AccountWatcher, BalanceState, PositionState, ReconcileCause, Reconciliation,
    StartError, WatchedOrder,
};
use contango::{
    Client, Event, Order, OrderStatus, Side, TriggerOrderType, TriggerPriceType, TriggerType,
};
use rust_decimal::Decimal;
use serde_json::{Value, json};

use super::text;
use super::view::state::{
    AccountPanel, BalanceRow, ConditionalRow, OrderProgress, OrderRow, PositionRow, Screen,
    Trigger, ViewState, Watched,
};
use super::view::{self, Feed, ready};
use crate::commands::watched;
use crate::failure::Failure;
use crate::output::Format;
use crate::shape::{answer, raw_event};
use crate::stream::{Stop, either, gap_json, item_json, stdout_sink};

/// Items taken in one batch at most (a flood still gets a state line now and then).
const BATCH: usize = 256;

/// Starts the watcher (stream, then the first snapshot) for `contracts`; `None` when `stop`
/// came first.
pub(super) async fn start(
    client: Client,
    contracts: Vec<String>,
    stop: &mut Stop,
) -> Result<Option<AccountWatcher>, Failure> {
    let mut builder = AccountWatcher::builder(client);
    for contract in contracts {
        builder = builder.contract(contract);
    }
    tokio::select! {
        w = builder.start() => w.map(Some).map_err(start_failure),
        () = &mut *stop => Ok(None),
    }
}

/// Starts the watcher and follows it until `stop` (with `played_out`: JSON lines end there
/// too, the view stays); then shuts it down, closing the listen key.
pub(super) async fn run(
    client: Client,
    contracts: Vec<String>,
    mut stop: Stop,
    played_out: Option<Stop>,
    format: Format,
    header: String,
) -> Result<(), Failure> {
    if format == Format::Table {
        view::check_terminal()?;
    }
    let clock_of = client.clone();
    let Some(mut watcher) = start(client, contracts, &mut stop).await? else {
        return Ok(());
    };
    eprintln!("watch: started; Ctrl-C or SIGTERM stops it and closes the listen key");
    let outcome = match format {
        Format::Json => {
            // JSON lines end where a replay's recording does.
            let mut stop = match played_out {
                Some(played_out) => either(stop, played_out),
                None => stop,
            };
            lines(&mut watcher, &mut stop).await
        }
        Format::Table => {
            let mut state =
                ViewState::new(Screen::Account, "contango watch account".to_owned(), header);
            state.account = Some(AccountPanel::default());
            let mut feed = AccountFeed::new(&mut watcher);
            let clock = || super::book::exchange_now(&clock_of);
            view::run(&mut feed, state, &mut stop, played_out, &clock).await
        }
    };
    let closed = watcher.shutdown().await.map_err(Failure::from);
    outcome.and(closed)
}

fn start_failure(e: StartError) -> Failure {
    match e {
        StartError::Stream(e) => Failure::from(e),
        StartError::Rest(e) => Failure::from(e),
        other => Failure::Other(other.to_string()),
    }
}

/// Writes the state, then every batch of items, until `stop` or the stream's end.
async fn lines(w: &mut AccountWatcher, stop: &mut Stop) -> Result<(), Failure> {
    write(w, Vec::new(), true)?;
    loop {
        let item = tokio::select! {
            item = w.next() => item,
            () = &mut *stop => return Ok(()),
        };
        let Some(first) = item else {
            return Err(Failure::Transport(AccountFeed::ENDED.to_owned()));
        };
        let mut batch = vec![first];
        // `AccountWatcher::next` is cancel-safe: a future dropped by `ready` loses nothing.
        while batch.len() < BATCH {
            match ready(w.next()).await {
                Some(Some(item)) => batch.push(item),
                _ => break,
            }
        }
        write(w, batch, false)?;
    }
}

/// Writes a batch: its gap, reconciliation and other lines, then a state line when the state
/// changed (or `force`).
fn write(w: &AccountWatcher, batch: Vec<AccountItem>, force: bool) -> Result<(), Failure> {
    let mut sink = stdout_sink();
    let mut changed = force;
    for item in &batch {
        changed |= changes_state(item);
        if let Some(line) = item_line(item) {
            sink(&line).map_err(cannot_write)?;
        }
    }
    if changed {
        sink(&state_json(w)?).map_err(cannot_write)?;
    }
    Ok(())
}

fn cannot_write(_: std::io::Error) -> Failure {
    Failure::Other("cannot write to stdout".to_owned())
}

/// Whether the item changed the view: an order, position or balance, or a reconciliation that
/// found the view wrong (the start's is the first state, already written).
fn changes_state(item: &AccountItem) -> bool {
    match item {
        AccountItem::Order(_) | AccountItem::Position(_) | AccountItem::Balance(_) => true,
        AccountItem::Reconciled(r) => r.cause != ReconcileCause::Start && !r.is_clean(),
        _ => false,
    }
}

/// The line of an item other than a change: `gap`, `reconciled`, `error` and the stream's
/// `disconnected`, `error` and unknown events.
fn item_line(item: &AccountItem) -> Option<Value> {
    match item {
        AccountItem::Gap(g) => Some(gap_json(g)),
        AccountItem::Reconciled(r) if r.cause != ReconcileCause::Start => Some(reconciled_json(r)),
        AccountItem::Error(m) => Some(json!({ "type": "error", "message": m })),
        AccountItem::Stream(s) => Some(item_json(s, unapplied_event)),
        _ => None,
    }
}

/// An event the watcher passes on rather than applies: a type the spec does not list.
fn unapplied_event(e: &Event) -> Value {
    match e {
        Event::Other { event_type, raw } => raw_event(event_type, raw),
        _ => json!({ "type": "other" }),
    }
}

/// `{"type":"state",..}`: the items as `open-orders` and `account` print them.
fn state_json(w: &AccountWatcher) -> Result<Value, Failure> {
    let open_orders = w
        .open_orders()
        .into_iter()
        .map(|o| answer(&o.order, watched::ORDER))
        .collect::<Result<Vec<_>, _>>()?;
    let positions = w
        .positions()
        .into_iter()
        .map(position_json)
        .collect::<Result<Vec<_>, _>>()?;
    let balances = w
        .balances()
        .into_iter()
        .map(balance_json)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(json!({
        "type": "state",
        "open_orders": open_orders,
        "positions": positions,
        "balances": balances,
        "time": w.client().core().timestamp_ms(),
    }))
}

/// A position as the account answer's `positions` item, with the `contractName` of its group.
fn position_json(p: &PositionState) -> Result<Value, Failure> {
    let mut v = answer(&p.to_record(), watched::POSITION)?;
    if let Some(map) = v.as_object_mut() {
        map.insert("contractName".into(), Value::String(p.key.contract.clone()));
    }
    Ok(v)
}

/// A balance as the account answer's entry, without `positionVos` (the state's `positions`).
fn balance_json(b: &BalanceState) -> Result<Value, Failure> {
    let mut v = answer(&b.to_record(), watched::BALANCE)?;
    if let Some(map) = v.as_object_mut() {
        map.remove("positionVos");
    }
    Ok(v)
}

/// `{"type":"reconciled",..}`: why it ran and what it changed (the next state line shows the
/// result).
fn reconciled_json(r: &Reconciliation) -> Value {
    let orders: Vec<i64> = r
        .orders
        .iter()
        .filter_map(|f| f.after.as_ref().or(f.before.as_ref()))
        .map(|o| o.order.order_id)
        .collect();
    let positions: Vec<Value> = r
        .positions
        .iter()
        .filter_map(|f| f.after.as_ref().or(f.before.as_ref()))
        .map(|p| {
            json!({
                "contractName": p.key.contract,
                "side": p.key.side.as_str(),
                "positionType": p.key.margin.as_i64(),
            })
        })
        .collect();
    let balances: Vec<&str> = r
        .balances
        .iter()
        .filter_map(|f| f.after.as_ref().or(f.before.as_ref()))
        .map(|b| b.coin.as_str())
        .collect();
    let unresolved: Vec<Value> = r
        .unresolved
        .iter()
        .map(|(id, error)| json!({ "orderId": id, "error": error }))
        .collect();
    json!({
        "type": "reconciled",
        "cause": cause(r.cause),
        "snapshot_ms": r.snapshot_ms,
        "clean": r.is_clean(),
        "orders": orders,
        "positions": positions,
        "balances": balances,
        "unresolved": unresolved,
    })
}

fn cause(c: ReconcileCause) -> &'static str {
    match c {
        ReconcileCause::Start => "start",
        ReconcileCause::Gap => "gap",
        ReconcileCause::Interval => "interval",
        ReconcileCause::Requested => "requested",
        ReconcileCause::Unapplied => "unapplied",
        ReconcileCause::UnknownConditional => "unknown-conditional",
        _ => "other",
    }
}

/// `gap, clean`, or `gap, fixed 1 order, 2 balances; 1 order unresolved`.
fn summary(r: &Reconciliation) -> String {
    let count = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let fixed: Vec<String> = [
        (r.orders.len(), "order"),
        (r.positions.len(), "position"),
        (r.balances.len(), "balance"),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| count(n, what))
    .collect();
    let mut text = cause(r.cause).to_owned();
    match fixed.is_empty() {
        true if r.unresolved.is_empty() => text.push_str(", clean"),
        true => {}
        false => text.push_str(&format!(", fixed {}", fixed.join(", "))),
    }
    if !r.unresolved.is_empty() {
        text.push_str(&format!(
            "; {} unresolved",
            count(r.unresolved.len(), "order")
        ));
    }
    text
}

/// What the views read of an [`AccountWatcher`]: its positions, working and conditional
/// orders, fills (an order that filled more than before), balances, whether it is reconciled
/// and when its last event came; gaps, errors and disconnections as the notice.
#[derive(Debug)]
pub(super) struct AccountFeed<'a> {
    w: &'a mut AccountWatcher,
    /// Whether the orders of the first snapshot were taken as known (not as fills).
    seeded: bool,
}

impl<'a> AccountFeed<'a> {
    pub(super) fn new(w: &'a mut AccountWatcher) -> AccountFeed<'a> {
        AccountFeed { w, seeded: false }
    }
}

impl Feed for AccountFeed<'_> {
    type Item = AccountItem;
    const ENDED: &'static str = "the private stream ended";

    fn next(&mut self) -> impl std::future::Future<Output = Option<AccountItem>> {
        self.w.next()
    }

    fn note(&mut self, item: AccountItem, view: &mut ViewState) {
        let now = view.now_ms;
        match &item {
            AccountItem::Order(o) => {
                if let Some(panel) = view.account.as_mut() {
                    panel.note_order(&progress(&o.order), now, false);
                }
            }
            AccountItem::Reconciled(r) if r.cause != ReconcileCause::Start => {
                if let Some(panel) = view.account.as_mut() {
                    panel.reconciliation = Some((summary(r), now));
                }
            }
            AccountItem::Gap(g) => {
                let text = format!(
                    "gap of {} at {} UTC ({})",
                    text::age(g.duration()),
                    text::clock_ms(g.from_ms).get(..8).unwrap_or_default(),
                    g.reason
                );
                view.notice = Some((text, now));
            }
            AccountItem::Error(m) => view.notice = Some((format!("error: {m}"), now)),
            AccountItem::Stream(s) => {
                view.notice = Some((text::notice(&item_json(s, unapplied_event)), now));
            }
            _ => {}
        }
    }

    fn refresh(&mut self, view: &mut ViewState) {
        let now = view.now_ms;
        let Some(panel) = view.account.as_mut() else {
            return;
        };
        if !self.seeded {
            // What the first snapshot had filled is known, not a fill of this view.
            self.seeded = true;
            for o in self.w.open_orders() {
                panel.note_order(&progress(&o.order), now, true);
            }
        }
        fill(panel, self.w, now);
        if let Some(book) = view.book.as_mut() {
            book.mine = mine(self.w.open_orders(), &book.contract);
        }
    }
}

/// Puts what `w` holds into `panel`'s rows at local time `now`.
fn fill(panel: &mut AccountPanel, w: &AccountWatcher, now: i64) {
    panel.reconciled = w.is_reconciled();
    panel.last_event_ms = w
        .last_event_at()
        .map(|at| now - i64::try_from(at.elapsed().as_millis()).unwrap_or(i64::MAX / 2));
    panel.positions = w.positions().into_iter().map(position_row).collect();
    // The watcher holds conditional orders apart while they wait for their trigger; once fired
    // each is the working order it placed.
    panel.orders = w.open_orders().into_iter().map(order_row).collect();
    panel.conditional = w
        .conditional_orders()
        .into_iter()
        .map(|o| conditional_row(&o.order))
        .collect();
    panel.balances = w.balances().into_iter().map(balance_row).collect();
}

/// Our working orders' remaining volume by price on `contract`.
fn mine(orders: Vec<&WatchedOrder>, contract: &str) -> std::collections::HashMap<Decimal, Decimal> {
    let mut out = std::collections::HashMap::new();
    for o in orders {
        let o = &o.order;
        if o.contract_name.as_deref() != Some(contract) {
            continue;
        }
        if let (Some(price), Some(volume)) = (o.price, o.orig_qty) {
            let left = volume - o.executed_qty.unwrap_or_default();
            if left > Decimal::ZERO {
                *out.entry(price.normalize()).or_insert(Decimal::ZERO) += left;
            }
        }
    }
    out
}

fn progress(o: &Order) -> OrderProgress {
    OrderProgress {
        id: o.order_id,
        contract: o.contract_name.clone().unwrap_or_default(),
        side: o.side.as_ref().map_or("-", Side::as_str).to_owned(),
        executed: o.executed_qty.unwrap_or_default(),
        avg_price: o.avg_price.filter(|p| *p > Decimal::ZERO),
        price: o.price,
    }
}

fn position_row(p: &PositionState) -> PositionRow {
    PositionRow {
        contract: p.key.contract.clone(),
        side: match p.key.side {
            Side::Buy => "long".to_owned(),
            Side::Sell => "short".to_owned(),
            ref other => other.as_str().to_owned(),
        },
        margin: match p.key.margin {
            contango::PositionType::Cross => "cross".to_owned(),
            contango::PositionType::Isolated => "isolated".to_owned(),
            other => other.as_i64().to_string(),
        },
        volume: p.volume,
        entry: p.entry_price,
        mark: p.mark,
        unrealised: p.unrealized,
        realised: p.realized,
    }
}

fn order_row(w: &WatchedOrder) -> OrderRow {
    let o = &w.order;
    let text = |s: Option<&str>| s.unwrap_or("-").to_owned();
    OrderRow {
        id: o.order_id,
        contract: text(o.contract_name.as_deref()),
        side: text(o.side.as_ref().map(Side::as_str)),
        action: text(o.action.as_ref().map(contango::Open::as_str)),
        kind: text(o.order_type.as_ref().map(contango::OrderType::as_str)),
        price: o.price,
        volume: o.orig_qty,
        filled: o.executed_qty,
        status: match (&o.status, w.pending) {
            (Some(s), _) => s.as_str().to_owned(),
            (None, true) => "pending".to_owned(),
            (None, false) => "-".to_owned(),
        },
    }
}

/// A conditional order's row (`docs/design.md`, Conditional orders): stop loss or take profit,
/// its trigger price, the price it watches (the last trade's when the order does not say) and
/// what it places when it fires.
pub(super) fn conditional_row(o: &Order) -> ConditionalRow {
    ConditionalRow {
        id: o.order_id,
        contract: o.contract_name.clone().unwrap_or_else(|| "-".to_owned()),
        side: o.side.as_ref().map_or("-", Side::as_str).to_owned(),
        trigger: match o.trigger_type {
            Some(TriggerType::StopLoss) => Trigger::StopLoss,
            Some(TriggerType::TakeProfit) => Trigger::TakeProfit,
            other => Trigger::Other(other.map(TriggerType::as_i64)),
        },
        trigger_price: o.trigger_price,
        watches: match o.trigger_price_type {
            Some(TriggerPriceType::MarkPrice) => Watched::Mark,
            _ => Watched::Last,
        },
        places: match (o.trigger_order_type, &o.order_type) {
            (Some(TriggerOrderType::Position), _) => "close position".to_owned(),
            (Some(TriggerOrderType::Market), _) | (_, Some(contango::OrderType::Market)) => {
                "MARKET".to_owned()
            }
            (_, Some(t)) => format!("{} {}", t.as_str(), text::num(o.price)),
            (_, None) => "-".to_owned(),
        },
        volume: o.orig_qty,
        status: o
            .status
            .as_ref()
            .map_or("-", OrderStatus::as_str)
            .to_owned(),
    }
}

fn balance_row(b: &BalanceState) -> BalanceRow {
    BalanceRow {
        coin: b.coin.clone(),
        wallet: Some(b.wallet()),
        available: b.to_record().account_normal,
        order_margin: Some(b.locked),
        isolated: Some(b.isolated),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse<T: serde::de::DeserializeOwned>(text: &str) -> T {
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
    }

    #[test]
    fn the_rows_hold_positions_with_mark_and_pnl_orders_and_balances() {
        let position: contango::Position = parse(
            r#"{"id":7,"positionType":1,"side":"SELL","volume":"3","openPrice":"29990","unRealizedAmount":"-0.030","historyRealizedAmount":"-0.036","indexPrice":"30000.0"}"#,
        );
        let position = PositionState::from_record("E-BTC-USDT", &position, 1).expect("a position");
        let row = position_row(&position);
        assert_eq!(
            (row.side.as_str(), row.margin.as_str(), row.volume),
            ("short", "cross", Decimal::from(3))
        );
        assert_eq!(
            (row.entry, row.mark, row.unrealised),
            (
                Some(Decimal::from(29990)),
                Some(Decimal::from(30000)),
                Some(Decimal::new(-3, 2))
            )
        );
        let order = WatchedOrder {
            order: parse(
                r#"{"orderId":1690000000000000061,"contractName":"E-BTC-USDT","price":"29000.50","origQty":"2","executedQty":"0","status":"NEW","type":"LIMIT","side":"BUY","action":"OPEN"}"#,
            ),
            pending: false,
            updated_ms: 1,
        };
        let row = order_row(&order);
        assert_eq!(
            (
                row.id,
                row.side.as_str(),
                row.kind.as_str(),
                row.status.as_str()
            ),
            (1690000000000000061, "BUY", "LIMIT", "NEW")
        );
        assert_eq!(
            mine(vec![&order], "E-BTC-USDT").get(&Decimal::new(290005, 1)),
            Some(&Decimal::from(2))
        );
        let balance: contango::AccountBalance = parse(
            r#"{"marginCoin":"USDT","accountNormal":"99000","accountLock":"1000","totalPositionNormal":"0","partPositionNormal":"0","positionVos":[]}"#,
        );
        let row = balance_row(&BalanceState::from_record(&balance, 1));
        assert_eq!(
            (row.wallet, row.available, row.order_margin),
            (
                Some(Decimal::from(100_000)),
                Some(Decimal::from(99_000)),
                Some(Decimal::from(1_000))
            )
        );
    }

    #[test]
    fn a_conditional_orders_row_says_its_trigger_the_price_it_watches_and_what_it_places() {
        let stop: Order = parse(
            r#"{"orderId":9,"contractName":"E-BTC-USDT","price":"0","origQty":"1","status":"INIT","type":"MARKET","side":"SELL","action":"CLOSE","triggerPrice":"29500","triggerType":1,"triggerPriceType":2,"triggerOrderType":3,"conditionOrder":true}"#,
        );
        let row = conditional_row(&stop);
        assert_eq!(
            (
                row.trigger,
                row.trigger_price,
                row.watches,
                row.places.as_str()
            ),
            (
                Trigger::StopLoss,
                Some(Decimal::from(29500)),
                Watched::Mark,
                "close position"
            )
        );
        let take: Order = parse(
            r#"{"orderId":10,"price":"31000","origQty":"1","status":"INIT","type":"LIMIT","side":"SELL","triggerPrice":"30900","triggerType":2,"conditionOrder":true}"#,
        );
        let row = conditional_row(&take);
        // No triggerPriceType: the last trade's price, as the simulator decides.
        assert_eq!(
            (row.trigger, row.watches, row.places.as_str()),
            (Trigger::TakeProfit, Watched::Last, "LIMIT 31000")
        );
    }

    #[test]
    fn a_reconciliation_that_fixed_something_says_what() {
        let mut r = Reconciliation::new(ReconcileCause::Gap, 5);
        assert_eq!(summary(&r), "gap, clean");
        r.unresolved.push((1, "timeout".into()));
        assert_eq!(summary(&r), "gap; 1 order unresolved");
        let line = reconciled_json(&r);
        assert_eq!(line["type"], "reconciled");
        assert_eq!(line["clean"], false);
        assert_eq!(line["unresolved"][0]["orderId"], 1);
        // A conditional order placed elsewhere is named as the reason, not as "other".
        let r = Reconciliation::new(ReconcileCause::UnknownConditional, 5);
        assert_eq!(summary(&r), "unknown-conditional, clean");
        assert_eq!(reconciled_json(&r)["cause"], "unknown-conditional");
    }

    /// The feed against the simulator's watcher: a resting order is a working order on the
    /// ladder, a market order that fills is a fill and a position, a stop loss placed elsewhere
    /// is a conditional order with its trigger and the price it watches.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_feed_puts_the_watchers_orders_positions_and_fills_into_the_view() {
        use contango::{NewOrder, NewOrderRequest, Open, OrderType, PositionType};
        let sim = contango_sim::Sim::start().await.expect("a simulator");
        let client = sim.client().expect("a client");
        let order = |side, order_type, volume: i64, price: i64| {
            NewOrderRequest::new(NewOrder {
                contract_name: "E-BTC-USDT".into(),
                side,
                order_type,
                position_type: PositionType::Cross,
                open: Open::Open,
                volume: Decimal::from(volume),
                amount: Decimal::ZERO,
                price: Decimal::from(price),
            })
        };
        let mut w = AccountWatcher::builder(client)
            .start()
            .await
            .expect("the watcher");
        let mut view = ViewState::new(Screen::Trade, String::new(), String::new());
        view.account = Some(AccountPanel::default());
        view.book = Some(super::super::view::state::BookPanel::new(
            "E-BTC-USDT".into(),
            5,
        ));
        let resting = w
            .place(order(Side::Buy, OrderType::Limit, 2, 29_000))
            .await
            .expect("placed");
        w.place(order(Side::Buy, OrderType::Market, 3, 0))
            .await
            .expect("placed");
        // A stop loss on that position, placed by another client: the watcher finds it.
        let other = sim.client().expect("a client");
        let stop = other
            .stop_loss(
                "E-BTC-USDT",
                Side::Buy,
                PositionType::Cross,
                contango::conditional::Trigger::mark(Decimal::from(29_500)),
            )
            .send()
            .await
            .expect("a stop loss");
        let mut feed = AccountFeed::new(&mut w);
        feed.refresh(&mut view);
        let filled = |v: &ViewState| {
            v.account.as_ref().is_some_and(|a| {
                // The stream's event names no trigger: the snapshot the watcher takes for a
                // conditional order placed elsewhere does.
                !a.fills.is_empty()
                    && !a.positions.is_empty()
                    && a.conditional.iter().any(|c| c.trigger_price.is_some())
            })
        };
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
        for _ in 0..200 {
            if filled(&view) {
                break;
            }
            match tokio::time::timeout_at(deadline, feed.next()).await {
                Ok(Some(item)) => {
                    feed.note(item, &mut view);
                    feed.refresh(&mut view);
                }
                _ => break,
            }
        }
        let a = view.account.clone().unwrap_or_default();
        assert_eq!(
            a.orders.iter().map(|o| o.id).collect::<Vec<_>>(),
            [resting],
            "{a:?}"
        );
        assert_eq!(
            (a.fills.len(), a.fills.front().map(|f| f.volume)),
            (1, Some(Decimal::from(3))),
            "{a:?}"
        );
        assert_eq!(a.positions.len(), 1, "{a:?}");
        assert_eq!(a.positions[0].volume, Decimal::from(3));
        let c = a.conditional.first().cloned();
        assert_eq!(
            c.map(|c| (c.id, c.trigger, c.trigger_price, c.watches, c.places)),
            Some((
                stop.order_id,
                Trigger::StopLoss,
                Some(Decimal::from(29_500)),
                Watched::Mark,
                "close position".to_owned()
            )),
            "{a:?}"
        );
        let mine = view.book.map(|b| b.mine).unwrap_or_default();
        assert_eq!(mine.get(&Decimal::from(29_000)), Some(&Decimal::from(2)));
        w.shutdown().await.expect("closed");
        sim.shutdown().await;
    }
}
