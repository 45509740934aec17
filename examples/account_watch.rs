//! The account watcher against the embedded simulator with its market driver on: places and
//! cancels orders around a moving market, gets fills, has the simulator drop the private stream
//! twice (once closed, once silent), and prints the state as it goes. Then it compares the
//! watcher's view with a fresh REST snapshot and exits 0 only if they agree.
//!
//! `cargo run --example account_watch`

use std::time::Duration;

use contango::account::{AccountItem, AccountWatcher, BalanceState, PositionState};
use contango::{Client, NewOrder, NewOrderRequest, Open, OrderType, PositionType, Side};
use contango_sim::{MarketDriver, Sim};
use rust_decimal::Decimal;
use tokio::time::{Instant, timeout};

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const BTC: &str = "E-BTC-USDT";

#[tokio::main]
async fn main() -> Result {
    let sim = Sim::builder()
        .market_driver(
            MarketDriver::random_walk(7)
                .contracts([BTC])
                .step(Duration::from_millis(50)),
        )
        .start()
        .await?;
    println!(
        "simulator  REST {}  stream {}",
        sim.rest_url(),
        sim.ws_url()
    );
    let client = sim.client()?;
    let stream = client
        .user_stream()
        .ping_interval(Duration::from_millis(200))
        .silence_timeout(Duration::from_millis(800))
        .reconnect_backoff(Duration::from_millis(50), Duration::from_millis(500));
    let mut watcher = AccountWatcher::builder(client.clone())
        .contract(BTC)
        .reconcile_every(Some(Duration::from_secs(3)))
        .user_stream(stream)
        .start()
        .await?;

    // Trade around the market for 6 s; the stream is dropped at 2 s and silenced at 4 s.
    let start = Instant::now();
    let mut next_step = start;
    let (mut dropped, mut silenced, mut step) = (false, false, 0u32);
    while start.elapsed() < Duration::from_secs(6) {
        if Instant::now() >= next_step {
            next_step += Duration::from_millis(400);
            step += 1;
            trade(&sim, &mut watcher, step).await;
            print_state(&watcher);
        }
        if !dropped && start.elapsed() >= Duration::from_secs(2) {
            dropped = true;
            println!("-- the simulator closes the private stream");
            sim.close_streams();
        }
        if !silenced && start.elapsed() >= Duration::from_secs(4) {
            silenced = true;
            println!("-- the simulator silences the private stream for 1.5 s");
            sim.silence_streams(Duration::from_millis(1500));
        }
        if let Ok(Some(item)) = timeout(Duration::from_millis(50), watcher.next()).await {
            show(&item);
        }
    }

    // Settle: cancel everything (one by one: the exchange deprecated the bulk cancel), leave two
    // orders far from the market, wait for the view.
    for o in client.open_orders(BTC).send().await? {
        client.cancel_order(BTC).order_id(o.order_id).send().await?;
    }
    let mark = sim.mark_price(BTC).ok_or("no mark price")?;
    let far = [
        (Side::Buy, Decimal::new(97, 2)),
        (Side::Sell, Decimal::new(103, 2)),
    ];
    let mut ids = Vec::new();
    for (side, factor) in far {
        let price = (mark * factor).round_dp(0);
        ids.push(watcher.place(order(side, Open::Open, 1, price)).await?);
    }
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let settled = watcher.is_reconciled()
            && ids
                .iter()
                .all(|id| watcher.order(*id).is_some_and(|o| !o.pending));
        if settled {
            // What the last events still carry (their balance updates).
            let quiet = Instant::now() + Duration::from_millis(300);
            while let Ok(Some(item)) = timeout(quiet - Instant::now(), watcher.next()).await {
                show(&item);
            }
            break;
        }
        if Instant::now() >= deadline {
            return Err("the view did not settle within 15 s".into());
        }
        if let Ok(Some(item)) = timeout(deadline - Instant::now(), watcher.next()).await {
            show(&item);
        }
    }
    print_state(&watcher);
    let agree = compare(&watcher, &client).await?;
    watcher.shutdown().await?;
    sim.shutdown().await;
    if agree {
        println!("the watcher's view equals a fresh REST snapshot");
        Ok(())
    } else {
        Err("the watcher's view differs from REST".into())
    }
}

fn order(side: Side, open: Open, volume: u32, price: Decimal) -> NewOrderRequest {
    let order_type = if price.is_zero() {
        OrderType::Market
    } else {
        OrderType::Limit
    };
    NewOrderRequest::new(NewOrder {
        contract_name: BTC.into(),
        side,
        order_type,
        position_type: PositionType::Cross,
        open,
        volume: Decimal::from(volume),
        amount: Decimal::ONE,
        price,
    })
}

/// One step: a bid and an ask near the mark, a market order now and then, and the oldest open
/// order cancelled once there are more than four.
async fn trade(sim: &Sim, watcher: &mut AccountWatcher, step: u32) {
    let Some(mark) = sim.mark_price(BTC) else {
        return;
    };
    let near = Decimal::from(10 * (step % 3 + 1));
    let orders = [
        order(
            Side::Buy,
            Open::Open,
            1 + step % 2,
            (mark - near).round_dp(0),
        ),
        order(Side::Sell, Open::Open, 1, (mark + near).round_dp(0)),
    ];
    for o in orders {
        if let Err(e) = watcher.place(o).await {
            println!("   order refused: {e}");
        }
    }
    if step % 4 == 0 {
        let _ = watcher
            .place(order(Side::Sell, Open::Close, 1, mark.round_dp(0)))
            .await;
    }
    let open: Vec<i64> = watcher
        .open_orders()
        .iter()
        .map(|o| o.order.order_id)
        .collect();
    if open.len() > 4 {
        let client = watcher.client().clone();
        if let Err(e) = client.cancel_order(BTC).order_id(open[0]).send().await {
            println!("   cancel refused: {e}");
        }
    }
}

fn show(item: &AccountItem) {
    match item {
        AccountItem::Order(o) if o.is_finished() => println!(
            "   order {} {:?} filled {}",
            o.order.order_id,
            o.order.status,
            o.order.executed_qty.unwrap_or_default()
        ),
        AccountItem::Gap(g) => println!("-- gap of {} ms ({})", g.duration().as_millis(), g.reason),
        AccountItem::Reconciled(r) => println!(
            "-- reconciled ({:?}): {} orders, {} positions, {} balances fixed",
            r.cause,
            r.orders.len(),
            r.positions.len(),
            r.balances.len()
        ),
        AccountItem::Error(e) => println!("-- {e}"),
        _ => {}
    }
}

fn print_state(w: &AccountWatcher) {
    let positions: Vec<String> = w
        .positions()
        .iter()
        .map(|p| {
            format!(
                "{:?} {} @ {}",
                p.key.side,
                p.volume,
                p.entry_price.unwrap_or_default().round_dp(2)
            )
        })
        .collect();
    let balance = w
        .balance("USDT")
        .map(|b| {
            format!(
                "{} (locked {})",
                b.wallet().round_dp(4),
                b.locked.round_dp(4)
            )
        })
        .unwrap_or_default();
    println!(
        "state: {} open orders | positions {:?} | USDT {balance} | {}",
        w.open_orders().len(),
        positions,
        if w.is_reconciled() {
            "reconciled"
        } else {
            "resyncing"
        }
    );
}

/// The watcher's view against a fresh REST snapshot: open orders whole, positions and balances
/// in every field the stream carries.
async fn compare(w: &AccountWatcher, client: &Client) -> Result<bool> {
    let mut rest_orders = client.open_orders(BTC).send().await?;
    for o in &mut rest_orders {
        o.contract_name.get_or_insert_with(|| BTC.to_owned());
    }
    rest_orders.sort_by_key(|o| o.order_id);
    let mine: Vec<_> = w.open_orders().iter().map(|o| o.order.clone()).collect();
    let mut agree = mine == rest_orders;
    if !agree {
        println!("open orders differ:\n  watcher {mine:?}\n  REST    {rest_orders:?}");
    }
    let account = client.account().send().await?;
    let mut positions: Vec<PositionState> = Vec::new();
    let mut balances: Vec<BalanceState> = Vec::new();
    for entry in &account.account {
        balances.push(BalanceState::from_record(entry, 0));
        for g in &entry.position_vos {
            positions.extend(
                g.positions
                    .iter()
                    .filter_map(|p| PositionState::from_record(&g.contract_name, p, 0)),
            );
        }
    }
    let held = w.positions();
    let positions_agree = held.len() == positions.len()
        && positions
            .iter()
            .all(|p| held.iter().any(|mine| mine.agrees(p)));
    if !positions_agree {
        println!("positions differ:\n  watcher {held:?}\n  REST    {positions:?}");
    }
    let balances_agree = balances
        .iter()
        .all(|b| w.balance(&b.coin).is_some_and(|mine| mine.agrees(b)));
    if !balances_agree {
        println!(
            "balances differ:\n  watcher {:?}\n  REST    {balances:?}",
            w.balances()
        );
    }
    agree &= positions_agree && balances_agree;
    println!(
        "compared {} open orders, {} positions, {} balances with REST",
        mine.len(),
        positions.len(),
        balances.len()
    );
    Ok(agree)
}
