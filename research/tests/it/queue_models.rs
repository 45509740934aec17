//! The queue models over real sockets: one scripted market (depth snapshots and trades at the
//! price of a resting bid) replayed in lockstep under each model, with a strategy that rests one
//! limit order through the SDK. Each model gives exactly the fills its definition says
//! (docs/design.md, Queue models), each named for it, and the report names the model.

use contango::strategy::Strategy;
use contango::{Client, MarketEvent, NewOrder, Open, OrderType, PositionType, Side};
use contango_research::Backtest;
use contango_sim::QueueModel;
use rust_decimal::Decimal;

use crate::market_server::{Levels, depth_text, trade_text};

const BTC: &str = "E-BTC-USDT";
/// The frames' exchange time: one frame every 100 ms from here.
const T: i64 = 1_767_225_600_000;

/// Rests a bid of 5 at 29990 on the first book, then watches.
#[derive(Default)]
struct OneBid {
    placed: bool,
}

impl Strategy for OneBid {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        if self.placed || !matches!(event, MarketEvent::Depth(_)) {
            return;
        }
        self.placed = true;
        client
            .new_order(NewOrder {
                contract_name: BTC.into(),
                side: Side::Buy,
                order_type: OrderType::Limit,
                position_type: PositionType::Cross,
                open: Open::Open,
                volume: Decimal::from(5),
                amount: Decimal::ZERO,
                price: Decimal::from(29_990),
            })
            .send()
            .await
            .expect("the bid rests");
    }
}

/// A book with `bid` contracts shown at 29990 (and an ask above, for a mid).
fn book(bid: &'static str, at: i64) -> Vec<u8> {
    let asks: Levels = vec![("30010", "10")];
    let bids: Levels = vec![("29990", bid)];
    depth_text(&asks, &bids, T + at).into_bytes()
}

/// A seller's trade of `vol` at the bid's price.
fn sold(vol: &str, at: i64) -> Vec<u8> {
    trade_text("SELL", "29990", vol, T + at).into_bytes()
}

/// The script: our bid joins the 14 shown; the level grows to 18 (4 behind us); a trade of 2
/// (12 ahead, 16 on the level); a snapshot of 6, so 10 left besides the trade; trades of 4 and 10.
fn frames() -> Vec<Vec<u8>> {
    vec![
        book("14", 0),
        book("18", 100),
        sold("2", 200),
        book("6", 300),
        sold("4", 400),
        sold("10", 500),
    ]
}

/// The fills of the run under `model`: `(time after T, volume, rule)`; and the run's model.
async fn run(model: QueueModel) -> (Vec<(i64, Decimal, String)>, String) {
    let report = Backtest::from_frames(frames())
        .contracts([BTC])
        .queue_model(model)
        .run(&mut OneBid::default())
        .await
        .expect("backtest");
    let fills = report
        .fills
        .iter()
        .map(|f| (f.time_ms - T, f.volume, f.rule.clone()))
        .collect();
    (fills, report.run.queue_model)
}

fn fill(at: i64, volume: i64, rule: &str) -> (i64, Decimal, String) {
    (at, Decimal::from(volume), rule.to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conservative_fills_only_once_the_queue_ahead_traded() {
    // 14 ahead; the trade of 2 leaves 12, the snapshot caps them at 6, the trade of 4 leaves 2;
    // the trade of 10 eats them and fills the bid.
    let (fills, model) = run(QueueModel::Conservative).await;
    assert_eq!(fills, vec![fill(500, 5, "queue_cleared")]);
    assert_eq!(model, "conservative");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn optimistic_fills_at_the_first_trade_at_the_price() {
    // Nothing ahead counts: the trade of 2 fills 2, the trade of 4 the other 3.
    let (fills, model) = run(QueueModel::Optimistic).await;
    assert_eq!(
        fills,
        vec![
            fill(200, 2, "queue_optimistic"),
            fill(400, 3, "queue_optimistic")
        ]
    );
    assert_eq!(model, "optimistic");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn power_fills_once_the_estimated_queue_ahead_traded() {
    // After the trade of 2: 12 ahead, 4 behind. The snapshot of 6: 10 left besides the trade;
    // with n = 2, p = 4^2 / (4^2 + 12^2) = 0.1 of them from behind, so 12 - 0.9 * 10 = 3 ahead
    // (back - p * chg = 3, not below zero). The trade of 4 eats 3 and fills 1, the trade of 10
    // fills 4. (Counting the trade's 2 in the decrease again would leave 2.4, so 2, ahead.)
    let (fills, model) = run(QueueModel::Power(2)).await;
    assert_eq!(
        fills,
        vec![fill(400, 1, "queue_power"), fill(500, 4, "queue_power")]
    );
    assert_eq!(model, "power:2");
}
