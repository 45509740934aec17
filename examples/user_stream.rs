//! The private event stream against the embedded exchange simulator: opens
//! `client.user_stream()`, places a resting LIMIT order, lets a second account's MARKET order fill
//! it, cancels another order, has the simulator drop the connection (the stream reconnects and
//! reports the gap), and shuts the stream down, which closes the listen key (DELETE). Every item
//! is printed as it arrives. No account, no network.
//!
//! `cargo run --example user_stream`

use std::time::Duration;

use contango::{
    Client, Credentials, Event, NewOrder, Open, OrderType, PositionType, Side, StreamItem,
    UserStream,
};
use contango_sim::Sim;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const CONTRACT: &str = "E-BTC-USDT";

#[tokio::main]
async fn main() -> Result {
    let sim = Sim::start().await?;
    let client = Client::builder()
        .base_url(sim.rest_url())
        .credentials(Credentials::new(sim.api_key(), sim.secret()))
        .build()?;
    sim.add_account("taker-key", "taker-secret", &[("USDT", dec!(100000))], &[])?;
    let taker = Client::builder()
        .base_url(sim.rest_url())
        .credentials(Credentials::new("taker-key", "taker-secret"))
        .build()?;

    let mut stream = client
        .user_stream()
        .reconnect_backoff(Duration::from_millis(100), Duration::from_secs(2))
        .connect()
        .await?;
    let key = stream.listen_keys().current().await.unwrap_or_default();
    println!(
        "stream    subscribed at {} (listen key {}…)",
        sim.ws_url(),
        key.get(..8).unwrap_or_default()
    );

    println!("\n-- a resting LIMIT buy");
    let resting = client
        .new_order(order(Side::Buy, OrderType::Limit, dec!(10), dec!(29995)))
        .client_order_id("demo-1")
        .send()
        .await?;
    println!("rest      BUY 10 @ 29995 -> order {}", resting.order_id);
    show(&mut stream, 2).await?;

    println!("\n-- another account's MARKET sell fills it");
    let fill = taker
        .new_order(order(Side::Sell, OrderType::Market, dec!(10), dec!(0)))
        .send()
        .await?;
    println!(
        "rest      taker SELL 10 at market -> order {}",
        fill.order_id
    );
    show(&mut stream, 2).await?;

    println!("\n-- a LIMIT buy, then its cancel");
    let cancel_me = client
        .new_order(order(Side::Buy, OrderType::Limit, dec!(5), dec!(29000)))
        .send()
        .await?;
    client
        .cancel_order(CONTRACT)
        .order_id(cancel_me.order_id)
        .send()
        .await?;
    println!(
        "rest      BUY 5 @ 29000 -> order {}, cancelled",
        cancel_me.order_id
    );
    show(&mut stream, 4).await?;

    println!("\n-- the simulator drops the connection");
    sim.close_streams();
    show_until_gap(&mut stream).await?;
    let after = client
        .new_order(order(Side::Buy, OrderType::Limit, dec!(1), dec!(29500)))
        .send()
        .await?;
    println!("rest      BUY 1 @ 29500 -> order {}", after.order_id);
    show(&mut stream, 2).await?;

    stream.shutdown().await?;
    println!(
        "\n-- shut down: listen key closed (DELETE); still valid on the simulator: {}",
        sim.listen_key_active(&key)
    );
    sim.shutdown().await;
    Ok(())
}

/// A cross-margined OPEN order on [`CONTRACT`].
fn order(side: Side, order_type: OrderType, volume: Decimal, price: Decimal) -> NewOrder {
    NewOrder {
        contract_name: CONTRACT.into(),
        side,
        order_type,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume,
        amount: Decimal::ZERO,
        price,
    }
}

/// The next item, within 5 seconds.
async fn next(stream: &mut UserStream) -> Result<StreamItem> {
    match tokio::time::timeout(Duration::from_secs(5), stream.recv()).await {
        Ok(Some(item)) => Ok(item),
        Ok(None) => Err("the stream ended".into()),
        Err(_) => Err("no stream item within 5 s".into()),
    }
}

/// Prints items until `events` events have arrived.
async fn show(stream: &mut UserStream, events: usize) -> Result {
    let mut seen = 0;
    while seen < events {
        let item = next(stream).await?;
        seen += usize::from(matches!(item, StreamItem::Event(_)));
        print_item(&item);
    }
    Ok(())
}

/// Prints items up to and including the gap that follows a reconnect.
async fn show_until_gap(stream: &mut UserStream) -> Result {
    loop {
        let item = next(stream).await?;
        print_item(&item);
        if matches!(item, StreamItem::Gap(_)) {
            return Ok(());
        }
    }
}

fn print_item(item: &StreamItem) {
    match item {
        StreamItem::Event(Event::OrderTradeUpdate(u)) => {
            let o = &u.order;
            println!(
                "event     ORDER_TRADE_UPDATE order {} {} {} {} q {} @ {}: {}, filled {}{}",
                o.order_id,
                o.execution_type,
                show_opt(o.side.as_ref()),
                o.symbol,
                show_opt(o.quantity.as_ref()),
                show_opt(o.price.as_ref()),
                o.status,
                show_opt(o.cumulative_filled_quantity.as_ref()),
                match (&o.last_filled_price, &o.fee) {
                    (Some(p), Some(fee))
                        if !o.last_filled_quantity.unwrap_or_default().is_zero() =>
                        format!(
                            " (last fill @ {p}, fee {fee} {})",
                            show_opt(o.fee_asset.as_ref())
                        ),
                    _ => String::new(),
                }
            );
        }
        StreamItem::Event(Event::AccountUpdate(u)) => {
            let mut parts = Vec::new();
            for b in u.update.balances.iter().flatten() {
                parts.push(format!(
                    "{} wallet {} locked {}",
                    b.asset,
                    show_opt(b.cross_wallet_balance.as_ref()),
                    show_opt(b.locked_balance.as_ref())
                ));
            }
            for p in u.update.positions.iter().flatten() {
                parts.push(format!(
                    "position {} {} {} @ {} (unrealized {})",
                    p.symbol,
                    show_opt(p.position_side.as_ref()),
                    show_opt(p.position_amount.as_ref()),
                    show_opt(p.entry_price.as_ref()),
                    show_opt(p.unrealized_profit.as_ref())
                ));
            }
            println!("event     ACCOUNT_UPDATE {}", parts.join("; "));
        }
        StreamItem::Event(other) => println!("event     {} (kept raw)", other.event_type()),
        StreamItem::Disconnected { reason, .. } => println!("stream    disconnected: {reason}"),
        StreamItem::Gap(gap) => println!(
            "stream    reconnected; GAP of {} ms: events in it may be missing, resync over REST",
            gap.duration().as_millis()
        ),
        StreamItem::Error(e) => println!("stream    error: {e}"),
        other => println!("stream    {other:?}"),
    }
}

fn show_opt<T: std::fmt::Display>(v: Option<&T>) -> String {
    v.map_or_else(|| "-".to_owned(), ToString::to_string)
}
