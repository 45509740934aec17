//! The lockstep backtest over real sockets: a session recorded from the simulator's driven
//! market, replayed with a strategy that rests limit orders and sends market ones. Two runs give
//! byte-identical fill logs and reports equal in everything but their timing, and the recorded
//! pace gives the fills of the fastest one.

use std::path::PathBuf;
use std::time::Duration;

use contango::strategy::Strategy;
use contango::{Client, MarketEvent, NewOrder, Open, OrderType, PositionType, Side};
use contango_research::report::{RunKind, ZERO_LATENCY};
use contango_research::{Backtest, Report};
use contango_sim::Pace;
use rust_decimal::Decimal;

const BTC: &str = "E-BTC-USDT";

/// Every 3rd book: a bid one level under the best (it fills by queue, trade through or a book
/// crossing it); every 5th: a market order, alternately buying and selling.
#[derive(Default)]
pub(crate) struct Busy {
    books: u64,
}

impl Strategy for Busy {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        let MarketEvent::Depth(d) = event else {
            return;
        };
        self.books += 1;
        let order = |side, kind, price| NewOrder {
            contract_name: BTC.into(),
            side,
            order_type: kind,
            position_type: PositionType::Cross,
            open: Open::Open,
            volume: Decimal::ONE,
            amount: Decimal::ZERO,
            price,
        };
        if self.books % 3 == 0 {
            if let Some(level) = d.tick.buys.get(1) {
                let _ = client
                    .new_order(order(Side::Buy, OrderType::Limit, level.price))
                    .send()
                    .await;
            }
        }
        if self.books % 5 == 0 {
            let side = if self.books % 10 == 0 {
                Side::Sell
            } else {
                Side::Buy
            };
            let _ = client
                .new_order(order(side, OrderType::Market, Decimal::ZERO))
                .send()
                .await;
        }
    }
}

/// A market order of one contract of BTC that opens a position.
pub(crate) fn market_order(side: Side) -> NewOrder {
    NewOrder {
        contract_name: BTC.into(),
        side,
        order_type: OrderType::Market,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: Decimal::ONE,
        amount: Decimal::ZERO,
        price: Decimal::ZERO,
    }
}

/// Records `ms` of the driven BTC market (depth and trades).
pub(crate) async fn recorded(ms: u64) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "contango-backtest-test-{}-{ms}.jsonl",
        std::process::id()
    ));
    let driver = contango_sim::MarketDriver::random_walk(3)
        .contracts([BTC])
        .step(Duration::from_millis(10))
        .trade_every(1);
    contango_sim::Sim::record_market(&path, driver, &[BTC], Duration::from_millis(ms))
        .await
        .expect("a recording");
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_recording_and_strategy_fill_alike_at_any_pace() {
    let path = recorded(2000).await;
    let run = |pace| {
        let path = path.clone();
        async move {
            Backtest::from_file(&path)
                .expect("recording")
                .contracts([BTC])
                .pace(pace)
                .run(&mut Busy::default())
                .await
                .expect("backtest")
        }
    };
    let first = run(Pace::Fast).await;
    let frames = first.timing.map_or(0, |t| t.frames);
    assert!(frames > 50, "{first:?}");
    let r = &first.results;
    assert!(
        first.fills.len() >= 3 && r.fills_by_rule.len() >= 2,
        "the strategy should fill by more than one rule: {:?}",
        r.fills_by_rule
    );
    assert!(r.orders > 0 && r.fees > Decimal::ZERO);
    assert_eq!(first.run.kind, RunKind::Backtest);
    assert_eq!(first.run.coin, "USDT");
    assert_eq!(first.run.latency, ZERO_LATENCY);
    assert_eq!(first.run.queue_model, "conservative");
    let span = first.run.span.expect("a span");
    assert!(span.first_ms < span.last_ms);
    assert!(r.equity_start.is_some() && r.equity_end.is_some() && r.max_drawdown.is_some());
    let fees: Decimal = first.fills.iter().map(|f| f.fee).sum();
    assert_eq!(r.fees, fees, "every fill is in the log");
    let second = run(Pace::Fast).await;
    assert_eq!(
        first.fill_log(),
        second.fill_log(),
        "two runs, one fill log"
    );
    let untimed = |r: &Report| {
        Report {
            timing: None,
            ..r.clone()
        }
        .to_json()
    };
    assert_eq!(
        untimed(&first),
        untimed(&second),
        "two runs, one report but for the timing"
    );
    let paced = run(Pace::Recorded).await;
    assert_eq!(
        first.fill_log(),
        paced.fill_log(),
        "the recorded pace fills alike"
    );
    let seconds = paced.timing.map_or(0.0, |t| t.seconds);
    assert!(seconds >= 1.0, "the recorded pace took {seconds} s");
    let _ = std::fs::remove_file(contango_sim::feeds::cache::cache_path(&path));
    let _ = std::fs::remove_file(&path);
}
