//! Paper trading: the simulator follows a live market stream (real prices, local fills) and a
//! strategy trades on it through the SDK, as it would on the exchange (docs/backtests.md).
//!
//! `CONTANGO_MARKET_WS_URL=wss://<market host>/kline-api/ws cargo run --example paper_trade`
//!
//! - `CONTANGO_MARKET_WS_URL` (required): the exchange's public market stream;
//! - `CONTANGO_CONTRACT` (default `E-BTC-USDT`): the source contract to trade;
//! - `CONTANGO_PAPER_SECONDS` (default 30): how long to trade.
//!
//! The strategy joins the best bid with one contract and, once filled, offers it one tick above
//! the best ask; it runs on the simulator's own market stream with `run_live`, the same code a
//! backtest runs. At the end it prints the source's health, every fill with the rule that made
//! it, and the account. Exit 0 when the source was live and the strategy placed its order.

use std::time::Duration;

use contango::strategy::{Strategy, run_live};
use contango::{Client, DepthChannel, MarketEvent, NewOrder, Open, OrderType, PositionType, Side};
use contango_sim::{MarketSource, Sim, SourceHealth};
use rust_decimal::Decimal;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

/// Joins the best bid once, then offers what filled just above the best ask.
struct Joiner {
    contract: String,
    bid: Option<i64>,
    offered: bool,
}

impl Strategy for Joiner {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        let MarketEvent::Depth(d) = event else {
            return;
        };
        let (Some(bid), Some(ask)) = (d.tick.buys.first(), d.tick.asks.first()) else {
            return;
        };
        let order = |side, open, price| NewOrder {
            contract_name: self.contract.clone(),
            side,
            order_type: OrderType::Limit,
            position_type: PositionType::Cross,
            open,
            volume: Decimal::ONE,
            amount: Decimal::ZERO,
            price,
        };
        match self.bid {
            None => {
                let placed = client
                    .new_order(order(Side::Buy, Open::Open, bid.price))
                    .send()
                    .await;
                match placed {
                    Ok(ack) => {
                        println!("joined the bid at {}: order {}", bid.price, ack.order_id);
                        self.bid = Some(ack.order_id);
                    }
                    Err(e) => println!("bid refused: {e}"),
                }
            }
            Some(id) if !self.offered => {
                let Ok(found) = client.query_order(&self.contract).order_id(id).send().await else {
                    return;
                };
                let filled = found
                    .first()
                    .and_then(|o| o.executed_qty)
                    .unwrap_or_default();
                if filled > Decimal::ZERO {
                    let tick = (ask.price - bid.price).max(Decimal::new(1, 1));
                    let price = ask.price + tick;
                    match client
                        .new_order(order(Side::Sell, Open::Close, price))
                        .send()
                        .await
                    {
                        Ok(ack) => println!("offered at {price}: order {}", ack.order_id),
                        Err(e) => println!("offer refused: {e}"),
                    }
                    self.offered = true;
                }
            }
            Some(_) => {}
        }
    }
}

#[tokio::main]
async fn main() -> Result {
    let Ok(url) = std::env::var("CONTANGO_MARKET_WS_URL") else {
        eprintln!("set CONTANGO_MARKET_WS_URL to a market stream (wss://<host>/kline-api/ws)");
        std::process::exit(2);
    };
    let contract = std::env::var("CONTANGO_CONTRACT").unwrap_or_else(|_| "E-BTC-USDT".into());
    let seconds: u64 = std::env::var("CONTANGO_PAPER_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    let sim = Sim::builder()
        .market_source(MarketSource::live(&url))
        .source_contracts([contract.clone()])
        .start()
        .await?;
    println!("paper venue {} following {url}", sim.rest_url());
    let deadline = tokio::time::Instant::now() + Duration::from_secs(seconds);
    while sim.source_health(&contract) == Some(SourceHealth::Waiting) {
        if tokio::time::Instant::now() > deadline {
            return Err(format!("no book from {url} within {seconds} s").into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let client = sim.client()?;
    let mut stream = Client::builder()
        .base_url(sim.rest_url())
        .market_stream_url(sim.market_ws_url())
        .build()?
        .market_stream()
        .subscribe(DepthChannel::new(&contract, 0))
        .connect()
        .await?;
    let mut strategy = Joiner {
        contract: contract.clone(),
        bid: None,
        offered: false,
    };
    let _ = tokio::time::timeout_at(deadline, run_live(&mut stream, &client, &mut strategy)).await;
    let health = sim.source_health(&contract);
    println!("source: {health:?}");
    for f in sim.fills() {
        println!(
            "fill: order {} {} {} @ {} ({})",
            f.order_id,
            f.side.name(),
            f.volume,
            f.price,
            f.rule.name()
        );
    }
    let account = client.account().send().await?;
    for b in &account.account {
        println!(
            "account {}: available {}",
            b.margin_coin,
            b.account_normal.unwrap_or_default()
        );
    }
    stream.shutdown().await;
    sim.shutdown().await;
    if strategy.bid.is_none() || health != Some(SourceHealth::Live) {
        return Err("the source was not live or the strategy placed nothing".into());
    }
    Ok(())
}
