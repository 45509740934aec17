//! Stop loss and take profit against the embedded simulator: opens a long of 5 contracts with a
//! stop loss and a take profit attached, lets the market driver move the market down through the
//! stop, prints the private stream's order events as they arrive, and exits 0 only if the stop
//! fired, the position is closed and the take profit was cancelled with it.
//!
//! `cargo run --example stop_loss`

use std::time::Duration;

use contango::conditional::Trigger;
use contango::{
    Client, Event, NewOrder, Open, OrderStatus, OrderType, OrderUpdate, PositionType, Side,
    StreamItem,
};
use contango_sim::{MarketDriver, Sim};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use tokio::time::{Instant, timeout};

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const BTC: &str = "E-BTC-USDT";

#[tokio::main]
async fn main() -> Result {
    // A price path (the driver holds each point's price until the next): 30000 for a second,
    // then 25 lower every 100 ms down to 29000. The driver's trades print around the mark, so
    // the last trade price follows it.
    let path: Vec<(Duration, Decimal)> = (0..=40u32)
        .map(|i| {
            let at = Duration::from_millis(1000 + 100 * u64::from(i));
            (at, dec!(30000) - dec!(25) * Decimal::from(i))
        })
        .collect();
    let sim = Sim::builder()
        .market_driver(
            MarketDriver::price_path(path)
                .contracts([BTC])
                .step(Duration::from_millis(50))
                .trade_every(1),
        )
        .start()
        .await?;
    let client = sim.client()?;
    let mut stream = client.user_stream().connect().await?;

    // The long, protected in the same request: a stop loss at 29500 on the last trade price and
    // a take profit at 31000 on the mark price, both MARKET once they fire.
    let entry = NewOrder {
        contract_name: BTC.into(),
        side: Side::Buy,
        order_type: OrderType::Market,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: dec!(5),
        amount: Decimal::ZERO,
        price: dec!(30000),
    };
    let parent = client
        .new_order(entry)
        .stop_loss(dec!(29500))
        .take_profit(Trigger::mark(dec!(31000)))
        .send()
        .await?
        .order_id;
    println!("long of 5 placed: order {parent}, stop loss 29500 (last), take profit 31000 (mark)");
    let attached = client
        .query_order(BTC)
        .order_id(parent)
        .send()
        .await?
        .into_iter()
        .flat_map(|o| o.child_orders.unwrap_or_default())
        .map(|o| o.order_id)
        .collect::<Vec<_>>();
    let [stop, take] = attached[..] else {
        return Err(format!("expected two attached orders, got {attached:?}").into());
    };

    // Events until the stop has fired and the take profit is gone, within 20 s.
    let deadline = Instant::now() + Duration::from_secs(20);
    let (mut fired, mut cancelled) = (false, false);
    while !(fired && cancelled) && Instant::now() < deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(Some(item)) = timeout(left, stream.recv()).await else {
            break;
        };
        if let StreamItem::Event(Event::OrderTradeUpdate(u)) = item {
            let o = &u.order;
            print_order(o, parent, stop, take);
            fired |= o.order_id == stop && o.status == OrderStatus::Filled;
            cancelled |= o.order_id == take && o.status == OrderStatus::Cancelled;
        }
    }
    let long = long_volume(&client).await?;
    println!(
        "last trade price {}, mark price {}",
        sim.last_price(BTC).unwrap_or_default(),
        sim.mark_price(BTC).unwrap_or_default()
    );
    println!("stop fired: {fired}; take profit cancelled: {cancelled}; long left: {long}");
    stream.shutdown().await?;
    sim.shutdown().await;
    if fired && cancelled && long.is_zero() {
        println!("ok: the stop closed the position and took the take profit with it");
        Ok(())
    } else {
        Err("the stop loss did not protect the position".into())
    }
}

fn print_order(o: &OrderUpdate, parent: i64, stop: i64, take: i64) {
    let name = match o.order_id {
        id if id == parent => "long",
        id if id == stop => "stop loss",
        id if id == take => "take profit",
        _ => "other",
    };
    println!(
        "  {name:<11} {:?} {:?}  qty {}  filled {}  last fill {} @ {}",
        o.execution_type,
        o.status,
        o.quantity.unwrap_or_default(),
        o.cumulative_filled_quantity.unwrap_or_default(),
        o.last_filled_quantity.unwrap_or_default(),
        o.last_filled_price.unwrap_or_default(),
    );
}

/// The account's long BTC position, in contracts.
async fn long_volume(client: &Client) -> Result<Decimal> {
    let account = client.account().send().await?;
    Ok(account
        .account
        .iter()
        .flat_map(|b| &b.position_vos)
        .filter(|g| g.contract_name == BTC)
        .flat_map(|g| &g.positions)
        .filter(|p| p.side == Some(Side::Buy))
        .filter_map(|p| p.volume)
        .sum())
}
