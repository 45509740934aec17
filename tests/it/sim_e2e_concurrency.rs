//! End-to-end: many clients hammer the simulator at once (bounded in count and time); afterwards
//! no accepted order is lost and funds and volumes add up.

use std::time::Duration;

use crate::sim_support::{client_as, d, order, sim};
use contango::*;
use rust_decimal::Decimal;

const BTC: &str = "E-BTC-USDT";
const TASKS: usize = 8;
const STEPS: usize = 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_clients_see_consistent_books_and_balances() {
    let sim = sim().await;
    let before = sim.audit("USDT");
    let mut handles = Vec::new();
    for i in 0..TASKS {
        let (key, secret) = (format!("hammer-{i}"), format!("secret-{i}"));
        let funds = [("USDT", d("100000"))];
        sim.add_account(&key, &secret, &funds, &funds)
            .expect("account");
        let c = client_as(&sim, &key, &secret, Product::UsdtMargined);
        handles.push(tokio::spawn(async move {
            let mut accepted = Vec::new();
            let mut last_resting = None;
            for j in 0..STEPS {
                let k = i64::try_from(j % 5).unwrap_or(0);
                let volume = format!("{}", 1 + (i + j) % 3);
                let result = match (i + j) % 4 {
                    0 => {
                        let price = (Decimal::from(29998) + Decimal::from(k)).to_string();
                        c.new_order(order(
                            BTC,
                            Side::Buy,
                            OrderType::Limit,
                            Open::Open,
                            &volume,
                            &price,
                        ))
                        .send()
                        .await
                    }
                    1 => {
                        let price = (Decimal::from(30002) - Decimal::from(k)).to_string();
                        c.new_order(order(
                            BTC,
                            Side::Sell,
                            OrderType::Limit,
                            Open::Open,
                            &volume,
                            &price,
                        ))
                        .send()
                        .await
                    }
                    2 => {
                        let side = if j % 2 == 0 { Side::Buy } else { Side::Sell };
                        c.new_order(order(BTC, side, OrderType::Market, Open::Open, "2", "0"))
                            .send()
                            .await
                    }
                    _ => {
                        if let Some(id) = last_resting.take() {
                            match c.cancel_order(BTC).order_id(id).send().await {
                                Ok(_) => {}
                                // Filled meanwhile by another task.
                                Err(e) if e.code() == Some(ErrorCode::OrderNotCancellable) => {}
                                Err(e) => panic!("cancel: {e}"),
                            }
                        }
                        continue;
                    }
                };
                let ack = result.expect("order accepted");
                if (i + j) % 4 < 2 {
                    last_resting = Some(ack.order_id);
                }
                accepted.push(ack.order_id);
            }
            (c, accepted)
        }));
    }
    let mut results = Vec::new();
    for h in handles {
        let r = tokio::time::timeout(Duration::from_secs(60), h)
            .await
            .expect("bounded in time")
            .expect("task");
        results.push(r);
    }

    // Every accepted order is there, in a consistent state.
    for (c, accepted) in &results {
        let open: Vec<i64> = c
            .open_orders(BTC)
            .send()
            .await
            .expect("open")
            .iter()
            .map(|o| o.order_id)
            .collect();
        for id in accepted {
            let o = &c
                .query_order(BTC)
                .order_id(*id)
                .send()
                .await
                .expect("never lost")[0];
            let filled = o.executed_qty.unwrap_or_default();
            let orig = o.orig_qty.unwrap_or_default();
            match o.status.clone() {
                Some(OrderStatus::Filled) => assert_eq!(filled, orig),
                Some(OrderStatus::New) => assert!(filled.is_zero() && open.contains(id)),
                Some(OrderStatus::PartiallyFilled) => assert!(filled < orig && open.contains(id)),
                Some(OrderStatus::Cancelled) => assert!(!open.contains(id)),
                other => panic!("unexpected status {other:?}"),
            }
        }
        // Positions equal the trades: opening buys make the long, opening sells the short.
        let trades = c.my_trades(BTC).limit(1000).send().await.expect("trades");
        let bought: Decimal = trades
            .iter()
            .filter(|t| t.is_buyer == Some(true))
            .filter_map(|t| t.qty)
            .sum();
        let sold: Decimal = trades
            .iter()
            .filter(|t| t.is_buyer == Some(false))
            .filter_map(|t| t.qty)
            .sum();
        let account = c.account().send().await.expect("account");
        let volume = |side: Side| -> Decimal {
            account.account[0]
                .position_vos
                .iter()
                .flat_map(|g| g.positions.iter())
                .filter(|p| p.side == Some(side.clone()))
                .filter_map(|p| p.volume)
                .sum()
        };
        assert_eq!(volume(Side::Buy), bought);
        assert_eq!(volume(Side::Sell), sold);
    }

    // Funds add up: balances + wallets + fees paid + unrealized PnL are what there was at the
    // start (PnL is zero-sum). Partial closes divide, so allow the last digits of 28.
    let after = sim.audit("USDT");
    let total = |a: &contango_sim::Audit| a.balances + a.wallets + a.fees + a.unrealized;
    let added = Decimal::from(TASKS) * d("200000");
    let drift = (total(&after) - total(&before) - added).abs();
    assert!(drift < d("0.000000001"), "drift {drift}");
    assert!(after.fees > Decimal::ZERO);
    assert_eq!(after.order_locks, after.open_order_margin);
    assert_eq!(after.long_volume.get(BTC), after.short_volume.get(BTC));
    assert_eq!(after.trade_sides % 2, 0);
    // The book is not crossed.
    let book = results[0]
        .0
        .depth(BTC)
        .limit(1)
        .send()
        .await
        .expect("depth");
    assert!(book.bids[0].price < book.asks[0].price);
}
