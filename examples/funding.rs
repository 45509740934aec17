//! The mark price and funding of a contract, watched over REST while a position pays funding.
//!
//! The embedded simulator funds every 10 seconds here (an exchange funds every 8 hours) at
//! 0.01 %, paid by longs. The example opens a long, watches `/v1/index` with the
//! `FundingWatcher` (every 5 s, the fastest it polls) and prints the mark, the index, the rates
//! and the countdown; once two fundings have passed it reads the position and checks that it
//! paid them (its capital fee), then exits 0.
//!
//! `cargo run --example funding`

use std::time::Duration;

use contango::funding::{FundingItem, FundingWatcher};
use contango::{NewOrder, Open, OrderType, PositionType, Side};
use contango_sim::Sim;
use rust_decimal::Decimal;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const BTC: &str = "E-BTC-USDT";

#[tokio::main]
async fn main() -> Result {
    let rate = Decimal::new(1, 4);
    let sim = Sim::builder()
        .funding(rate, Duration::from_secs(10))
        .start()
        .await?;
    let client = sim.client()?;
    // A long of 10 contracts at the best ask: it pays funding while the rate is positive.
    client
        .new_order(NewOrder {
            contract_name: BTC.into(),
            side: Side::Buy,
            order_type: OrderType::Market,
            position_type: PositionType::Cross,
            open: Open::Open,
            volume: Decimal::TEN,
            amount: Decimal::ZERO,
            price: Decimal::ZERO,
        })
        .send()
        .await?;

    let mut watcher = FundingWatcher::builder(client.clone())
        .contract(BTC)
        .start();
    println!(
        "watching {BTC} every {:?} (the watcher's floor)",
        watcher.interval()
    );
    let started = tokio::time::Instant::now();
    while started.elapsed() < Duration::from_secs(21) {
        match tokio::time::timeout(Duration::from_secs(10), watcher.next()).await {
            Ok(Some(FundingItem::Updated(f))) => println!(
                "mark {} · index {} · funding {} (next {}) in {}",
                show(f.mark_price()),
                show(f.index_price()),
                show(f.funding_rate()),
                show(f.next_funding_rate()),
                f.until_funding()
                    .map_or("–".to_owned(), |d| format!("{} s", d.as_secs())),
            ),
            Ok(Some(FundingItem::Failed { contract, error })) => {
                println!("{contract}: the poll failed: {error}")
            }
            Ok(None) | Err(_) => return Err("the funding watcher went quiet".into()),
        }
    }

    let account = client.account().send().await?;
    let position = account
        .account
        .iter()
        .flat_map(|b| b.position_vos.iter())
        .flat_map(|g| g.positions.iter())
        .find(|p| p.side == Some(Side::Buy))
        .ok_or("no long position")?;
    let paid = position.capital_fee.unwrap_or_default();
    println!("the long paid {paid} USDT of funding");
    if paid <= Decimal::ZERO {
        return Err("the long paid no funding".into());
    }
    sim.shutdown().await;
    Ok(())
}

fn show(d: Option<Decimal>) -> String {
    d.map_or("–".to_owned(), |d| d.normalize().to_string())
}
