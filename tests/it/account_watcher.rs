//! The account watcher against the simulator over real sockets: its view follows the stream,
//! survives dropped, silenced and delayed streams through reconciliation, ignores late and
//! duplicated events, shows placed orders as pending before their first event, and, after random
//! activity with random stream faults, equals a fresh REST snapshot field for field.
//!
//! `CONTANGO_ACCOUNT_SEEDS=<n>` runs the property test over `n` seeds (default 6).

use std::time::Duration;

use crate::sim_support::{client, d};
use contango::account::{
    AccountItem, AccountWatcher, BalanceState, PositionState, ReconcileCause, Reconciliation,
};
use contango::{
    Client, NewOrder, NewOrderRequest, Open, Order, OrderStatus, OrderType, PositionType, Side,
    Transfer, TransferType,
};
use contango_sim::Sim;
use contango_sim::SplitMix64;
use rust_decimal::Decimal;
use tokio::time::{Instant, timeout};

const BTC: &str = "E-BTC-USDT";
const ETH: &str = "E-ETH-USDT";
/// How long a step may take: generous, since the suite shares two cores with builds.
pub(crate) const WAIT: Duration = Duration::from_secs(20);

/// A watcher of BTC and ETH whose stream notices silence within 400 ms and reconnects fast.
pub(crate) async fn watcher(sim: &Sim, every: Option<Duration>) -> AccountWatcher {
    let client = client(sim);
    let stream = client
        .user_stream()
        .ping_interval(Duration::from_millis(100))
        .silence_timeout(Duration::from_millis(400))
        .reconnect_backoff(Duration::from_millis(20), Duration::from_millis(200));
    AccountWatcher::builder(client)
        .contract(BTC)
        .contract(ETH)
        .reconcile_every(every)
        .retry_after(Duration::from_millis(50))
        .user_stream(stream)
        .start()
        .await
        .expect("watcher starts")
}

/// Takes items until `done` holds (checked before each), for at most `limit`; returns them.
pub(crate) async fn until(
    w: &mut AccountWatcher,
    limit: Duration,
    what: &str,
    done: impl Fn(&AccountWatcher) -> bool,
) -> Vec<AccountItem> {
    let deadline = Instant::now() + limit;
    let mut items = Vec::new();
    while !done(w) {
        match timeout(deadline.saturating_duration_since(Instant::now()), w.next()).await {
            Ok(Some(item)) => items.push(item),
            Ok(None) => panic!("the stream ended while waiting for {what}"),
            Err(_) => panic!("no {what} within {limit:?}; items: {items:#?}"),
        }
    }
    items
}

/// Takes items for `d`.
pub(crate) async fn drain(w: &mut AccountWatcher, d: Duration) -> Vec<AccountItem> {
    let deadline = Instant::now() + d;
    let mut items = Vec::new();
    while let Ok(Some(item)) =
        timeout(deadline.saturating_duration_since(Instant::now()), w.next()).await
    {
        items.push(item);
    }
    items
}

fn limit(contract: &str, side: Side, open: Open, volume: &str, price: &str) -> NewOrderRequest {
    limit_in(contract, side, open, PositionType::Cross, volume, price)
}

fn limit_in(
    contract: &str,
    side: Side,
    open: Open,
    margin: PositionType,
    volume: &str,
    price: &str,
) -> NewOrderRequest {
    NewOrderRequest::new(NewOrder {
        contract_name: contract.into(),
        side,
        order_type: OrderType::Limit,
        position_type: margin,
        open,
        volume: d(volume),
        amount: d("1"),
        price: d(price),
    })
}

fn status(w: &AccountWatcher, id: i64) -> Option<OrderStatus> {
    w.order(id).and_then(|o| o.order.status.clone())
}

fn confirmed(w: &AccountWatcher, id: i64) -> bool {
    w.order(id).is_some_and(|o| !o.pending)
}

/// Waits until every event published so far has been applied and no reconciliation is due.
/// A POST_ONLY order that would cross is rejected with order events only (no account update),
/// and its events come after all earlier ones: once it shows finished, the rest has been applied.
pub(crate) async fn catch_up(w: &mut AccountWatcher, sim: &Sim) {
    let mark = sim.mark_price(BTC).expect("mark");
    let price = (mark * d("1.3")).round_dp(0);
    sim.add_liquidity(BTC, Side::Sell, price, d("1"))
        .expect("an ask to cross");
    let mut req = limit(BTC, Side::Buy, Open::Open, "1", &price.to_string());
    req.order_type = OrderType::PostOnly;
    let id = w.place(req).await.expect("sentinel placed");
    until(
        w,
        Duration::from_secs(15),
        "the sentinel's rejection",
        |w| status(w, id) == Some(OrderStatus::Rejected) && w.is_reconciled(),
    )
    .await;
}

/// The REST view: open orders of BTC and ETH by id, positions and balances in the stream's terms.
async fn rest_view(client: &Client) -> (Vec<Order>, Vec<PositionState>, Vec<BalanceState>) {
    let mut orders = Vec::new();
    for c in [BTC, ETH] {
        let mut open = client.open_orders(c).send().await.expect("open orders");
        for o in &mut open {
            o.contract_name.get_or_insert_with(|| c.to_owned());
            // The view holds attached orders as orders of their own, not inside their parent.
            o.child_orders = None;
        }
        orders.extend(open);
    }
    orders.sort_by_key(|o| o.order_id);
    let account = client.account().send().await.expect("account");
    let mut positions = Vec::new();
    let mut balances = Vec::new();
    for entry in &account.account {
        balances.push(BalanceState::from_record(entry, 0));
        for group in &entry.position_vos {
            for p in &group.positions {
                positions.extend(PositionState::from_record(&group.contract_name, p, 0));
            }
        }
    }
    positions.sort_by(|a, b| a.key.cmp(&b.key));
    balances.sort_by(|a, b| a.coin.cmp(&b.coin));
    (orders, positions, balances)
}

/// The fields the stream carries, for field-by-field comparison.
type PositionFields = (
    String,
    Side,
    PositionType,
    Decimal,
    Option<Decimal>,
    Option<Decimal>,
    Option<Decimal>,
);

fn position_fields(p: &PositionState) -> PositionFields {
    (
        p.key.contract.clone(),
        p.key.side.clone(),
        p.key.margin,
        p.volume,
        p.entry_price,
        p.realized,
        p.isolated_margin,
    )
}

fn balance_fields(b: &BalanceState) -> (String, Decimal, Decimal, Decimal) {
    (b.coin.clone(), b.cross_wallet, b.locked, b.isolated)
}

/// The watcher's view equals a fresh REST snapshot: open orders and waiting conditional orders
/// whole, positions and balances in every field the stream carries; and a reconciliation then
/// finds nothing to fix.
pub(crate) async fn assert_view_is_rest(w: &mut AccountWatcher, context: &str) {
    let (orders, positions, balances) = rest_view(w.client()).await;
    let mut mine: Vec<Order> = w
        .open_orders()
        .iter()
        .chain(&w.conditional_orders())
        .map(|o| o.order.clone())
        .collect();
    mine.sort_by_key(|o| o.order_id);
    assert_eq!(mine, orders, "{context}: open and conditional orders");
    let mine: Vec<PositionFields> = w.positions().into_iter().map(position_fields).collect();
    let rest: Vec<PositionFields> = positions.iter().map(position_fields).collect();
    assert_eq!(mine, rest, "{context}: positions");
    let mine: Vec<_> = w.balances().into_iter().map(balance_fields).collect();
    let rest: Vec<_> = balances.iter().map(balance_fields).collect();
    assert_eq!(mine, rest, "{context}: balances");
    w.reconcile();
    let items = until(w, WAIT, "a reconciliation", |w| w.is_reconciled()).await;
    let fixes = reconciliations(&items);
    assert!(
        !fixes.is_empty(),
        "{context}: no reconciliation in {items:#?}"
    );
    for r in fixes {
        assert!(r.is_clean(), "{context}: the snapshot had to fix {r:#?}");
    }
}

fn reconciliations(items: &[AccountItem]) -> Vec<&Reconciliation> {
    items
        .iter()
        .filter_map(|i| match i {
            AccountItem::Reconciled(r) => Some(r),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn starts_from_the_snapshot_then_follows_the_stream() {
    let sim = crate::sim_support::sim().await;
    let c = client(&sim);
    // An order and a position from before the watcher.
    let resting = c
        .new_order(crate::sim_support::order(
            BTC,
            Side::Buy,
            OrderType::Limit,
            Open::Open,
            "2",
            "29995",
        ))
        .send()
        .await
        .expect("order")
        .order_id;
    c.new_order(crate::sim_support::order(
        BTC,
        Side::Buy,
        OrderType::Market,
        Open::Open,
        "3",
        "30010",
    ))
    .send()
    .await
    .expect("market order");
    let mut w = watcher(&sim, None).await;
    let first = w.next().await.expect("an item");
    let AccountItem::Reconciled(r) = first else {
        panic!("first item {first:?}");
    };
    assert_eq!(r.cause, ReconcileCause::Start);
    assert_eq!(w.open_orders().len(), 1);
    assert_eq!(w.open_orders()[0].order.order_id, resting);
    assert_eq!(w.position(BTC, Side::Buy).map(|p| p.volume), Some(d("3")));
    assert!(w.balance("USDT").is_some());
    assert!(w.is_reconciled());

    // A fill of the resting order arrives as events: order, then position and balance.
    sim.add_liquidity(BTC, Side::Sell, d("29995"), d("2"))
        .expect("liquidity");
    let mut items = until(&mut w, WAIT, "the fill", |w| {
        status(w, resting) == Some(OrderStatus::Filled)
            && w.position(BTC, Side::Buy).map(|p| p.volume) == Some(d("5"))
    })
    .await;
    // The view holds an event's every change when its first item is yielded; the rest follow.
    items.extend(drain(&mut w, Duration::from_millis(100)).await);
    assert!(
        items
            .iter()
            .any(|i| matches!(i, AccountItem::Order(o) if o.order.order_id == resting))
    );
    assert!(items.iter().any(|i| matches!(i, AccountItem::Position(_))));
    assert!(items.iter().any(|i| matches!(i, AccountItem::Balance(_))));
    assert!(w.open_orders().is_empty());
    catch_up(&mut w, &sim).await;
    assert_view_is_rest(&mut w, "after a fill").await;
    w.shutdown().await.expect("shutdown");
}

#[tokio::test]
async fn a_placed_order_is_pending_before_its_first_event() {
    let sim = crate::sim_support::sim().await;
    let mut w = watcher(&sim, None).await;
    drain(&mut w, Duration::from_millis(50)).await;
    // Every event from now on leaves 300 ms late.
    sim.delay_stream_frames(Duration::from_millis(300));
    let id = w
        .place(limit(BTC, Side::Buy, Open::Open, "1", "29000"))
        .await
        .expect("placed");
    let held = w.order(id).expect("known at once");
    assert!(held.pending);
    assert_eq!(held.order.status, None);
    assert_eq!(w.open_orders().len(), 1, "a pending order counts as open");
    let items = until(&mut w, WAIT, "its NEW", |w| confirmed(w, id)).await;
    assert!(
        items
            .iter()
            .any(|i| matches!(i, AccountItem::Order(o) if o.order.order_id == id && !o.pending))
    );
    assert_eq!(status(&w, id), Some(OrderStatus::New));
    sim.delay_stream_frames(Duration::ZERO);
    catch_up(&mut w, &sim).await;
    assert_view_is_rest(&mut w, "after a pending order").await;
}

/// A bot that keeps one bid open, deciding from the watcher alone while every event is late,
/// never sends a second one.
#[tokio::test]
async fn a_watcher_backed_bot_never_places_a_duplicate_after_late_events() {
    let sim = crate::sim_support::sim().await;
    let mut w = watcher(&sim, None).await;
    sim.delay_stream_frames(Duration::from_millis(250));
    let before = sim.received_count("POST", "/fapi/v2/order");
    let deadline = Instant::now() + Duration::from_millis(1500);
    let mut rounds = 0;
    while Instant::now() < deadline {
        rounds += 1;
        let bids = w
            .open_orders()
            .iter()
            .filter(|o| o.order.contract_name.as_deref() == Some(BTC))
            .count();
        if bids == 0 {
            w.place(limit(BTC, Side::Buy, Open::Open, "1", "29995"))
                .await
                .expect("placed");
        }
        drain(&mut w, Duration::from_millis(20)).await;
    }
    assert!(rounds > 20, "the loop ran {rounds} times");
    assert_eq!(
        sim.received_count("POST", "/fapi/v2/order") - before,
        1,
        "one order placed in {rounds} rounds"
    );
    // Filled while its events are late: the bot places the next one only after the fill shows.
    sim.add_liquidity(BTC, Side::Sell, d("29995"), d("1"))
        .expect("liquidity");
    sim.delay_stream_frames(Duration::ZERO);
    catch_up(&mut w, &sim).await;
    let c = client(&sim);
    let open = c.open_orders(BTC).send().await.expect("open orders");
    assert!(open.is_empty(), "{open:?}");
}

#[tokio::test]
async fn an_order_filled_while_the_stream_was_silent_is_reconciled_and_named() {
    let sim = crate::sim_support::sim().await;
    let mut w = watcher(&sim, None).await;
    let id = w
        .place(limit(BTC, Side::Buy, Open::Open, "2", "29995"))
        .await
        .expect("placed");
    until(&mut w, WAIT, "its NEW", |w| confirmed(w, id)).await;
    // The stream goes silent; the order fills meanwhile; the events queued on the silent
    // connection die with it when the watcher drops it.
    sim.silence_streams(Duration::from_millis(900));
    sim.add_liquidity(BTC, Side::Sell, d("29995"), d("2"))
        .expect("liquidity");
    let items = until(&mut w, WAIT, "the reconciliation", |w| {
        status(w, id) == Some(OrderStatus::Filled) && w.is_reconciled()
    })
    .await;
    assert!(
        items.iter().any(|i| matches!(i, AccountItem::Gap(_))),
        "a gap first: {items:#?}"
    );
    let fixed: Vec<_> = reconciliations(&items)
        .into_iter()
        .filter(|r| r.cause == ReconcileCause::Gap)
        .flat_map(|r| r.orders.iter())
        .filter(|f| f.after.as_ref().is_some_and(|o| o.order.order_id == id))
        .collect();
    assert_eq!(
        fixed.len(),
        1,
        "the reconciliation names the order: {items:#?}"
    );
    assert_eq!(
        fixed[0].after.as_ref().and_then(|o| o.order.status.clone()),
        Some(OrderStatus::Filled)
    );
    assert_eq!(w.position(BTC, Side::Buy).map(|p| p.volume), Some(d("2")));
    // No order event was applied twice: the fill shows once, from the reconciliation.
    let fills = items
        .iter()
        .filter(|i| matches!(i, AccountItem::Order(o) if o.order.order_id == id && o.is_finished()))
        .count();
    assert_eq!(
        fills, 0,
        "the lost fill events did not come back: {items:#?}"
    );
    catch_up(&mut w, &sim).await;
    assert_view_is_rest(&mut w, "after a silent stream").await;
}

#[tokio::test]
async fn a_dropped_stream_is_followed_by_a_gap_and_a_reconciliation() {
    let sim = crate::sim_support::sim().await;
    let mut w = watcher(&sim, None).await;
    drain(&mut w, Duration::from_millis(50)).await;
    sim.close_streams();
    let mut items = until(&mut w, WAIT, "the disconnection", |w| !w.is_reconciled()).await;
    items.extend(until(&mut w, WAIT, "the reconciliation", |w| w.is_reconciled()).await);
    // What the reconciliation queued.
    items.extend(drain(&mut w, Duration::from_millis(50)).await);
    assert!(
        items.iter().any(|i| matches!(i, AccountItem::Gap(_))),
        "{items:#?}"
    );
    let r = reconciliations(&items);
    assert!(
        r.iter().any(|r| r.cause == ReconcileCause::Gap),
        "{items:#?}"
    );
}

/// Events that arrive after a snapshot which already reflects them, and copies of events, change
/// nothing.
#[tokio::test]
async fn late_and_duplicated_events_do_not_undo_a_snapshot() {
    let sim = crate::sim_support::sim().await;
    let mut w = watcher(&sim, None).await;
    drain(&mut w, Duration::from_millis(50)).await;
    // Every event of the fill leaves 600 ms late; the snapshot sees the fill first.
    sim.delay_stream_frames(Duration::from_millis(600));
    let c = client(&sim);
    let market = c
        .new_order(crate::sim_support::order(
            BTC,
            Side::Buy,
            OrderType::Market,
            Open::Open,
            "4",
            "30010",
        ))
        .send()
        .await
        .expect("market order")
        .order_id;
    tokio::time::sleep(Duration::from_millis(5)).await;
    w.reconcile();
    let items = until(&mut w, WAIT, "the reconciliation", |w| {
        w.is_reconciled() && w.position(BTC, Side::Buy).is_some()
    })
    .await;
    let r = reconciliations(&items);
    assert!(
        r.iter()
            .any(|r| r.positions.iter().any(|f| f.after.is_some())),
        "the snapshot brought the position: {items:#?}"
    );
    let balance = w.balance("USDT").cloned().expect("balance");
    // The late events, then copies of an older state sent again: no change at all.
    sim.delay_stream_frames(Duration::ZERO);
    let stale = format!(
        r#"{{"e":"ACCOUNT_UPDATE","E":1000,"T":1000,"a":{{"m":"ORDER","B":[{{"a":"USDT","cw":"1","lb":"0","iw":"0","bc":"0"}}],"P":[{{"s":"{BTC}","pa":"0","ep":"0","cr":"0","up":"0","mt":"1","iw":"0","ps":"LONG"}}]}}}}"#
    );
    sim.send_stream_frame(sim.uid(), &stale);
    let items = drain(&mut w, Duration::from_millis(900)).await;
    // The market order itself is news (a snapshot lists open orders only); nothing else is.
    let changed: Vec<_> = items
        .iter()
        .filter(|i| match i {
            AccountItem::Position(_) | AccountItem::Balance(_) => true,
            AccountItem::Order(o) => o.order.order_id != market,
            _ => false,
        })
        .collect();
    assert!(
        changed.is_empty(),
        "late events changed the view: {changed:#?}"
    );
    assert_eq!(w.position(BTC, Side::Buy).map(|p| p.volume), Some(d("4")));
    assert_eq!(w.balance("USDT"), Some(&balance));
    catch_up(&mut w, &sim).await;
    assert_view_is_rest(&mut w, "after late events").await;
}

#[tokio::test]
async fn finished_orders_are_dropped_after_the_keep_window() {
    let sim = crate::sim_support::sim().await;
    let client = client(&sim);
    let mut w = AccountWatcher::builder(client)
        .contract(BTC)
        .reconcile_every(None)
        .keep_finished(Duration::from_millis(200))
        .start()
        .await
        .expect("watcher");
    let id = w
        .place(limit(BTC, Side::Buy, Open::Open, "1", "30010"))
        .await
        .expect("placed");
    until(&mut w, WAIT, "the fill", |w| {
        status(w, id) == Some(OrderStatus::Filled)
    })
    .await;
    // Pruning runs as the watcher runs (at most once a second).
    drain(&mut w, Duration::from_millis(1300)).await;
    assert!(w.order(id).is_none(), "dropped after the window");
}

/// What the property test's runs went through, so that it cannot pass without exercising
/// reconciliation.
#[derive(Debug, Default)]
struct Seen {
    gaps: usize,
    fixing_reconciliations: usize,
    liquidations: usize,
}

impl Seen {
    fn count(&mut self, items: &[AccountItem]) {
        for i in items {
            match i {
                AccountItem::Gap(_) => self.gaps += 1,
                AccountItem::Reconciled(r) if !r.is_clean() && r.cause != ReconcileCause::Start => {
                    self.fixing_reconciliations += 1
                }
                _ => {}
            }
        }
    }
}

/// One random step of the property test.
async fn random_step(
    rng: &mut SplitMix64,
    sim: &Sim,
    w: &mut AccountWatcher,
    log: &mut Vec<String>,
    seen: &mut Seen,
) {
    let contract = if rng.below(4) == 0 { ETH } else { BTC };
    let mark = sim.mark_price(contract).expect("mark");
    let tick = if contract == BTC { d("10") } else { d("1") };
    let side = if rng.below(2) == 0 {
        Side::Buy
    } else {
        Side::Sell
    };
    let margin = if rng.below(3) == 0 {
        PositionType::Isolated
    } else {
        PositionType::Cross
    };
    let c = w.client().clone();
    match rng.below(100) {
        // Limit orders around the mark: some rest, some cross the seeded book.
        0..=29 => {
            let offset = Decimal::from(rng.symmetric(6)) * tick;
            let price = (mark + offset).round_dp(2).to_string();
            let open = if rng.below(4) == 0 {
                Open::Close
            } else {
                Open::Open
            };
            let volume = (1 + rng.below(5)).to_string();
            let r = w
                .place(limit_in(
                    contract,
                    side.clone(),
                    open,
                    margin,
                    &volume,
                    &price,
                ))
                .await;
            log.push(format!(
                "limit {contract} {side:?} {volume}@{price} {margin:?}: {r:?}"
            ));
        }
        30..=39 => {
            let mut req = limit_in(contract, side.clone(), Open::Open, margin, "1", "0");
            req.order_type = OrderType::Market;
            req.volume = Decimal::from(1 + rng.below(3));
            req.price = mark;
            let r = w.place(req).await;
            log.push(format!("market {contract} {side:?}: {r:?}"));
        }
        40..=54 => {
            let open: Vec<(String, i64)> = w
                .open_orders()
                .iter()
                .filter_map(|o| Some((o.order.contract_name.clone()?, o.order.order_id)))
                .collect();
            if let Some((contract, id)) = open.get(rng.below(open.len() as u64) as usize) {
                let r = c.cancel_order(contract.clone()).order_id(*id).send().await;
                log.push(format!("cancel {id}: {}", r.is_ok()));
            }
        }
        55..=62 => {
            let leverage = [5, 10, 20, 50][rng.below(4) as usize];
            let r = c.level_edit(contract, leverage).send().await;
            log.push(format!("leverage {contract} {leverage}: {}", r.is_ok()));
        }
        63..=69 => {
            let kind = if rng.below(2) == 0 {
                TransferType::WalletToContract
            } else {
                TransferType::ContractToWallet
            };
            let amount = Decimal::from(1 + rng.below(500));
            let r = c
                .transfer(Transfer {
                    coin_symbol: "USDT".into(),
                    amount,
                    transfer_type: kind.clone(),
                })
                .send()
                .await;
            log.push(format!("transfer {kind:?} {amount}: {}", r.is_ok()));
        }
        // Mark moves; now and then far against an isolated position, to liquidate it.
        70..=79 => {
            let isolated = w
                .positions()
                .into_iter()
                .find(|p| p.key.margin == PositionType::Isolated)
                .map(|p| (p.key.contract.clone(), p.key.side.clone()));
            let (contract, pct) = match isolated {
                Some((c, side)) if rng.below(2) == 0 => {
                    (c, if side == Side::Buy { -15 } else { 15 })
                }
                _ => (contract.to_owned(), rng.symmetric(3)),
            };
            let base = if contract == BTC {
                d("30000")
            } else {
                d("2000")
            };
            let moved = (base * (Decimal::ONE + Decimal::from(pct) / d("100"))).round_dp(1);
            let r = sim.set_mark_price(&contract, moved);
            if let Ok(l) = &r {
                seen.liquidations += l
                    .liquidated
                    .iter()
                    .filter(|(uid, _)| *uid == sim.uid())
                    .count();
            }
            log.push(format!("mark {contract} {moved}: {r:?}"));
        }
        // The market maker trades against whatever rests near the mark.
        80..=87 => {
            let offset = Decimal::from(rng.symmetric(4)) * tick;
            let price = (mark + offset).round_dp(2);
            let r = sim.add_liquidity(
                contract,
                side.clone(),
                price,
                Decimal::from(1 + rng.below(4)),
            );
            log.push(format!("maker {contract} {side:?} @{price}: {r:?}"));
        }
        // Stream faults.
        88..=91 => {
            sim.close_streams();
            log.push("close streams".into());
        }
        92..=95 => {
            let ms = 500 + rng.below(500);
            sim.silence_streams(Duration::from_millis(ms));
            log.push(format!("silence {ms} ms"));
        }
        _ => {
            let ms = rng.below(300);
            sim.delay_stream_frames(Duration::from_millis(ms));
            log.push(format!("delay {ms} ms"));
        }
    }
    let pause = Duration::from_millis(rng.below(40));
    seen.count(&drain(w, pause).await);
}

/// Random orders, cancels, leverage changes, transfers, mark moves (liquidations included) and
/// market-maker trades, with the stream dropped, silenced and delayed at random: once activity
/// stops and the watcher has caught up, its view equals a REST snapshot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_random_activity_and_faults_the_view_equals_rest() {
    let seeds: u64 = std::env::var("CONTANGO_ACCOUNT_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let started = std::time::Instant::now();
    let mut seen = Seen::default();
    for seed in 0..seeds {
        let sim = crate::sim_support::sim().await;
        let mut w = watcher(&sim, Some(Duration::from_millis(700))).await;
        let mut rng = SplitMix64::new(0xC0FFEE ^ seed);
        let mut log = Vec::new();
        for _ in 0..30 {
            random_step(&mut rng, &sim, &mut w, &mut log, &mut seen).await;
        }
        sim.delay_stream_frames(Duration::ZERO);
        catch_up(&mut w, &sim).await;
        let context = format!("seed {seed}; steps:\n{}", log.join("\n"));
        assert_view_is_rest(&mut w, &context).await;
        w.shutdown().await.expect("shutdown");
        sim.shutdown().await;
    }
    eprintln!("{seeds} seeds in {:?}: {seen:?}", started.elapsed());
    assert!(seen.gaps > 0 && seen.fixing_reconciliations > 0, "{seen:?}");
    assert!(
        seen.liquidations > 0,
        "no liquidation in {seeds} seeds: {seen:?}"
    );
}
