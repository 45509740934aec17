//! The fidelity check at work (docs/backtests.md, Fidelity): would the simulator have filled
//! what the exchange filled?
//!
//! `cargo run --example fidelity [--plot FILE.svg]`
//!
//! Until a session recorded against the real exchange is at hand, a lockstep backtest stands in
//! for the exchange, set up otherwise than the simulator's defaults: orders reach its engine 40
//! ms after they are sent, and a trade at a resting order's price fills it whatever the queue
//! ahead (the optimistic queue model). A quoting strategy trades on a seeded market there, and
//! the session is recorded in event time (`Backtest::record_session`). The check then replays the
//! session through the default simulator (no latency, the conservative queue) and prints its
//! verdict table: the orders the planted differences changed, and the PnL gap they make, by
//! cause. The same strategy recorded on a default "exchange" must agree in full. Exit 0 when
//! both hold.

use std::path::PathBuf;
use std::time::Duration;

use contango::strategy::Strategy;
use contango::{Client, MarketEvent, NewOrder, Open, OrderType, PositionType, Side};
use contango_research::{Backtest, Fidelity, FidelityReport};
use contango_sim::{Delay, Latency, QueueModel};
use rust_decimal::Decimal;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const BTC: &str = "E-BTC-USDT";
const START_MS: i64 = 1_790_000_000_000;

/// A seeded walk of the book (a tick of 1 around 30,000), with a trade at the bid or the ask
/// every third step: `frames` market-stream frames, 25 ms apart.
fn market(frames: usize) -> Vec<Vec<u8>> {
    let mut rng = contango_sim::SplitMix64::new(7);
    let mut mid = 30_000i64;
    let mut out = Vec::with_capacity(frames);
    for i in 0..frames {
        let ts = START_MS + 25 * i as i64;
        let draw = rng.next_u64();
        mid += (draw % 3) as i64 - 1;
        if i % 3 == 2 {
            let (price, side) = if draw & 8 == 0 {
                (mid - 1, "SELL")
            } else {
                (mid + 1, "BUY")
            };
            let vol = 2 + draw % 5;
            out.push(format!(
                r#"{{"event_rep":"","channel":"market_e_btcusdt_trade_ticker","tick":{{"data":[{{"price":"{price}","vol":"{vol}","side":"{side}","amount":"0","ds":"","ts":{ts}}}],"ts":{ts}}},"ts":{ts},"status":"ok"}}"#
            ));
        } else {
            out.push(format!(
                r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","tick":{{"asks":[["{}","6"],["{}","9"]],"buys":[["{}","6"],["{}","9"]]}},"ts":{ts},"status":"ok"}}"#,
                mid + 1,
                mid + 2,
                mid - 1,
                mid - 2
            ));
        }
    }
    out.into_iter().map(String::into_bytes).collect()
}

/// Quotes a bid at the best bid every 8th book (cancelling the last one first), and crosses
/// the spread with a market order every 30th, alternately buying and selling.
#[derive(Default)]
struct Quoter {
    books: u32,
    quote: Option<String>,
}

impl Strategy for Quoter {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        let MarketEvent::Depth(d) = event else {
            return;
        };
        self.books += 1;
        let order = |side, order_type, price| NewOrder {
            contract_name: BTC.into(),
            side,
            order_type,
            position_type: PositionType::Cross,
            open: Open::Open,
            volume: Decimal::ONE,
            amount: Decimal::ZERO,
            price,
        };
        if self.books % 8 == 0 {
            if let Some(id) = self.quote.take() {
                let _ = client.cancel_order(BTC).client_order_id(id).send().await;
            }
            if let Some(bid) = d.tick.buys.first() {
                let id = format!("quote-{}", self.books);
                let placed = client
                    .new_order(order(Side::Buy, OrderType::Limit, bid.price))
                    .client_order_id(id.clone())
                    .send()
                    .await;
                self.quote = placed.is_ok().then_some(id);
            }
        }
        if self.books % 30 == 0 {
            let side = if self.books % 60 == 0 {
                Side::Sell
            } else {
                Side::Buy
            };
            let id = format!("take-{}", self.books);
            let _ = client
                .new_order(order(side, OrderType::Market, Decimal::ZERO))
                .client_order_id(id)
                .send()
                .await;
        }
    }
}

/// The strategy's session on an "exchange" set up by `setup`, recorded to `path`.
async fn record(path: &PathBuf, setup: impl FnOnce(Backtest) -> Backtest) -> Result {
    let exchange = Backtest::from_frames(market(3_000))
        .contracts([BTC])
        .record_session(path);
    setup(exchange).run(&mut Quoter::default()).await?;
    Ok(())
}

async fn check(path: &PathBuf) -> Result<FidelityReport> {
    Ok(Fidelity::from_file(path)?
        .latency(Latency::zero())
        .run()
        .await?)
}

#[tokio::main]
async fn main() -> Result {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let plot = args
        .iter()
        .position(|a| a == "--plot")
        .and_then(|i| args.get(i + 1))
        .map(PathBuf::from);
    let dir = std::env::temp_dir();
    let planted_path = dir.join(format!(
        "contango-fidelity-planted-{}.jsonl",
        std::process::id()
    ));
    let plain_path = dir.join(format!(
        "contango-fidelity-plain-{}.jsonl",
        std::process::id()
    ));

    let planted = Latency {
        order_entry: Delay::Constant(Duration::from_millis(40)),
        cancel: Delay::Constant(Duration::from_millis(40)),
        ..Latency::zero()
    };
    record(&planted_path, |b| {
        b.latency(planted).queue_model(QueueModel::Optimistic)
    })
    .await?;
    let report = check(&planted_path).await?;
    println!("planted: 40 ms order entry and the optimistic queue on the exchange\n");
    print!("{report}");
    if let Some(path) = &plot {
        report.plot(path)?;
        println!("chart: {}", path.display());
    }

    record(&plain_path, |b| b).await?;
    let plain = check(&plain_path).await?;
    let s = &plain.summary;
    println!(
        "\nunplanted: {} orders, {} agree, gap {}",
        s.orders,
        s.agree,
        s.gap.normalize()
    );
    for path in [&planted_path, &plain_path] {
        let _ = std::fs::remove_file(contango_sim::feeds::cache::cache_path(path));
        let _ = std::fs::remove_file(path);
    }

    let found = report.summary.agree < report.summary.orders;
    let sums = report.summary.gap_parts.total() == report.summary.gap;
    let clean = s.orders > 0 && s.agree == s.orders && s.gap.is_zero();
    if found && sums && clean {
        Ok(())
    } else {
        Err(format!(
            "the check should find the planted differences (found: {found}, parts sum: {sums}) \
             and agree in full without them (agrees: {clean})"
        )
        .into())
    }
}
