//! The main job: starts the embedded exchange simulator and walks the whole interface through the
//! generated client, printing a short transcript. No account, no network.
//!
//! `cargo run --example quickstart`
//!
//! With `CONTANGO_BASE_URL`, `CONTANGO_API_KEY` and `CONTANGO_SECRET_KEY` set (and optionally
//! `CONTANGO_PRODUCT=usdt|coin`), it runs only read-only calls against that server instead.

use std::time::Duration;

use contango::{
    Client, Credentials, DepthChannel, KlineInterval, MarketEvent, MarketItem, MarketStream,
    NewOrder, Open, OrderType, PositionType, Product, Side, StreamItem, TradesChannel,
    TransferType,
};
use contango_sim::Sim;
use rust_decimal_macros::dec;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const CONTRACT: &str = "E-BTC-USDT";

#[tokio::main]
async fn main() -> Result {
    match std::env::var("CONTANGO_BASE_URL") {
        Ok(url) => read_only(&url).await,
        Err(_) => walkthrough().await,
    }
}

async fn walkthrough() -> Result {
    let sim = Sim::start().await?;
    println!("simulator   {} (stream {})", sim.rest_url(), sim.ws_url());
    let client = Client::builder()
        .base_url(sim.rest_url())
        .product(Product::UsdtMargined)
        .credentials(Credentials::new(sim.api_key(), sim.secret()))
        .build()?;

    println!("\n-- market data");
    client.ping().send().await?;
    let time = client.server_time().send().await?;
    println!(
        "ping        ok; server time {} ms",
        time.server_time.as_millis()
    );
    let contract = client
        .contracts()
        .contract_name(CONTRACT)
        .send()
        .await?
        .remove(0);
    println!(
        "contract    {} multiplier {} min volume {} price precision {}",
        contract.symbol,
        show(contract.multiplier),
        show(contract.min_order_volume),
        show(contract.price_precision)
    );
    let book = client.depth(CONTRACT).limit(3).send().await?;
    let (bid, ask) = (&book.bids[0], &book.asks[0]);
    println!(
        "depth       best bid {} x {}, best ask {} x {}",
        bid.price, bid.quantity, ask.price, ask.quantity
    );
    let ticker = client.ticker(CONTRACT).send().await?;
    println!(
        "ticker      last {} high {} low {}",
        show(ticker.last),
        show(ticker.high),
        show(ticker.low)
    );
    let klines = client
        .klines(CONTRACT, KlineInterval::OneMinute)
        .limit(5)
        .send()
        .await?;
    println!(
        "klines      {} candle(s), last close {}",
        klines.len(),
        show(klines.last().and_then(|k| k.close))
    );

    println!("\n-- market stream");
    let mut market = client
        .market_stream()
        .subscribe(DepthChannel::new(CONTRACT, 0))
        .subscribe(TradesChannel::new(CONTRACT))
        .connect()
        .await?;
    // The server sends the book as it is on subscription, then whenever it changes.
    if let Some(MarketEvent::Depth(d)) =
        next_market(&mut market, |e| matches!(e, MarketEvent::Depth(_))).await
    {
        println!(
            "depth       {} snapshot: {} bid / {} ask levels, best {} / {}",
            d.channel.name(),
            d.tick.buys.len(),
            d.tick.asks.len(),
            show(d.tick.buys.first().map(|l| l.price)),
            show(d.tick.asks.first().map(|l| l.price))
        );
    }

    println!("\n-- account");
    print_balance(&client, "balance    ").await?;
    client
        .transfer(contango::Transfer {
            coin_symbol: "USDT".into(),
            amount: dec!(1000),
            transfer_type: TransferType::WalletToContract,
        })
        .send()
        .await?;
    let history = client
        .transfer_history(TransferType::WalletToContract)
        .send()
        .await?;
    println!(
        "transfer    1000 USDT wallet -> contract; history has {} record(s)",
        history.len()
    );
    print_balance(&client, "balance    ").await?;
    client.level_edit(CONTRACT, 20).send().await?;
    let brackets = client.leverage_bracket(CONTRACT).send().await?;
    let fees = client.commission_rate(CONTRACT).send().await?;
    println!(
        "leverage    set to 20x; {} bracket(s); taker fee {} maker fee {}",
        brackets.brackets.len(),
        show(fees.open_taker_fee_rate),
        show(fees.open_maker_fee_rate)
    );

    println!("\n-- private stream");
    let mut stream = client.user_stream().connect().await?;
    println!("stream      subscribed");
    let (stop, mut stopped) = tokio::sync::oneshot::channel::<()>();
    let printer = tokio::spawn(async move {
        loop {
            let item = tokio::select! {
                item = stream.recv() => item,
                _ = &mut stopped => break,
            };
            let Some(item) = item else { break };
            match item {
                StreamItem::Event(contango::Event::OrderTradeUpdate(u)) => println!(
                    "  event     ORDER_TRADE_UPDATE order {} {} {}",
                    u.order.order_id, u.order.execution_type, u.order.status
                ),
                StreamItem::Event(contango::Event::AccountUpdate(u)) => println!(
                    "  event     ACCOUNT_UPDATE reason {} ({} balance(s), {} position(s))",
                    u.update.reason.map(|r| r.to_string()).unwrap_or_default(),
                    u.update.balances.map_or(0, |b| b.len()),
                    u.update.positions.map_or(0, |p| p.len())
                ),
                StreamItem::Event(other) => println!("  event     {}", other.event_type()),
                other => println!("  stream    {other:?}"),
            }
        }
        stream
    });

    println!("\n-- orders");
    // A LIMIT buy between the best bid and ask rests at the top of the book.
    let price = bid.price + dec!(5);
    let resting = client
        .new_order(NewOrder {
            contract_name: CONTRACT.into(),
            side: Side::Buy,
            order_type: OrderType::Limit,
            position_type: PositionType::Cross,
            open: Open::Open,
            volume: dec!(10),
            amount: dec!(10) * price * dec!(0.001),
            price,
        })
        .client_order_id("quickstart-1")
        .send()
        .await?;
    let open = client.open_orders(CONTRACT).send().await?;
    println!(
        "limit       BUY 10 @ {price} -> order {}; open orders: {}",
        resting.order_id,
        open.len()
    );

    // A second trader's MARKET sell fills it.
    let taker = Client::builder()
        .base_url(sim.rest_url())
        .credentials(Credentials::new("taker-key", "taker-secret"))
        .build()?;
    sim.add_account("taker-key", "taker-secret", &[("USDT", dec!(100000))], &[])?;
    let fill = taker
        .new_order(NewOrder {
            contract_name: CONTRACT.into(),
            side: Side::Sell,
            order_type: OrderType::Market,
            position_type: PositionType::Cross,
            open: Open::Open,
            volume: dec!(10),
            amount: dec!(0),
            price: dec!(0),
        })
        .send()
        .await?;
    let mine = client
        .query_order(CONTRACT)
        .order_id(resting.order_id)
        .send()
        .await?;
    println!(
        "market      another trader SELLs 10 (order {}); ours is now {}",
        fill.order_id,
        mine.first()
            .and_then(|o| o.status.clone())
            .map(|s| s.to_string())
            .unwrap_or_default()
    );
    if let Some(MarketEvent::Trades(t)) =
        next_market(&mut market, |e| matches!(e, MarketEvent::Trades(_))).await
    {
        for tr in &t.tick.data {
            println!(
                "market      trade_ticker: taker {} {} @ {} (trade {})",
                tr.side,
                tr.vol,
                tr.price,
                show(tr.id)
            );
        }
    }
    market.shutdown().await;
    let trades = client.my_trades(CONTRACT).limit(5).send().await?;
    if let Some(t) = trades.first() {
        println!(
            "trade       {} {} @ {} fee {}",
            t.trade_id,
            show(t.qty),
            show(t.price),
            show(t.fee)
        );
    }
    let account = client.account().send().await?;
    for group in account.account.iter().flat_map(|a| &a.position_vos) {
        for p in &group.positions {
            println!(
                "position    {} {} volume {} entry {} leverage {}",
                group.contract_name,
                show(p.side.clone()),
                show(p.volume),
                show(p.open_price),
                show(p.leverage_level)
            );
        }
    }

    let cancel_me = client
        .new_order(NewOrder {
            contract_name: CONTRACT.into(),
            side: Side::Buy,
            order_type: OrderType::Limit,
            position_type: PositionType::Cross,
            open: Open::Open,
            volume: dec!(5),
            amount: dec!(5) * (bid.price - dec!(100)) * dec!(0.001),
            price: bid.price - dec!(100),
        })
        .send()
        .await?;
    client
        .cancel_order(CONTRACT)
        .order_id(cancel_me.order_id)
        .send()
        .await?;
    println!("cancel      order {} cancelled", cancel_me.order_id);
    let forced = client.force_orders_history(CONTRACT).send().await?;
    println!("liquidations {} forced order(s)", forced.len());

    // Let the last events arrive, then close the stream (DELETE of the listen key).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let _ = stop.send(());
    printer.await?.shutdown().await?;
    println!("\n-- done: listen key closed");
    sim.shutdown().await;
    Ok(())
}

/// The next market event that `wanted` accepts, within five seconds.
async fn next_market(
    market: &mut MarketStream,
    wanted: impl Fn(&MarketEvent) -> bool,
) -> Option<MarketEvent> {
    let until = tokio::time::Instant::now() + Duration::from_secs(5);
    while let Ok(Some(item)) = tokio::time::timeout_at(until, market.recv()).await {
        match item {
            MarketItem::Event(e) if wanted(&e) => return Some(e),
            MarketItem::Event(_) => {}
            other => println!("  market    {other:?}"),
        }
    }
    None
}

/// Read-only calls against a real server; each result or typed error is reported.
async fn read_only(url: &str) -> Result {
    let key = std::env::var("CONTANGO_API_KEY")?;
    let secret = std::env::var("CONTANGO_SECRET_KEY")?;
    let product = match std::env::var("CONTANGO_PRODUCT").as_deref() {
        Ok("coin") => Product::CoinMargined,
        _ => Product::UsdtMargined,
    };
    let client = Client::builder()
        .base_url(url)
        .product(product)
        .credentials(Credentials::new(key, secret))
        .build()?;
    let contract = std::env::var("CONTANGO_CONTRACT").unwrap_or_else(|_| match product {
        Product::CoinMargined => "E-BTC-USD".into(),
        _ => CONTRACT.into(),
    });
    let c = contract.as_str();
    report("ping", client.ping().send().await);
    report("time", client.server_time().send().await);
    report(
        "contracts",
        client.contracts().contract_name(c).send().await,
    );
    report("depth", client.depth(c).limit(5).send().await);
    report("ticker", client.ticker(c).send().await);
    report(
        "klines",
        client
            .klines(c, KlineInterval::OneMinute)
            .limit(5)
            .send()
            .await,
    );
    report("account", client.account().send().await);
    report("openOrders", client.open_orders(c).send().await);
    report("myTrades", client.my_trades(c).limit(5).send().await);
    report("leverageBracket", client.leverage_bracket(c).send().await);
    report("commissionRate", client.commission_rate(c).send().await);
    report(
        "transferHistory",
        client
            .transfer_history(TransferType::WalletToContract)
            .send()
            .await,
    );
    report("forceOrders", client.force_orders_history(c).send().await);
    Ok(())
}

fn report<T: std::fmt::Debug>(what: &str, r: std::result::Result<T, contango::Error>) {
    match r {
        Ok(v) => {
            let text = format!("{v:?}");
            let short: String = text.chars().take(160).collect();
            println!(
                "{what:<16} ok  {short}{}",
                if text.len() > short.len() { " ..." } else { "" }
            );
        }
        Err(e) => println!(
            "{what:<16} ERR {e} (code {:?}, retry {:?})",
            e.code(),
            e.retry_class()
        ),
    }
}

async fn print_balance(client: &Client, label: &str) -> Result {
    let a = client.account().send().await?;
    for b in &a.account {
        println!(
            "{label} {} available {} equity {}",
            b.margin_coin,
            show(b.account_normal),
            show(b.total_equity)
        );
    }
    Ok(())
}

fn show<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "-".into(), |v| v.to_string())
}
