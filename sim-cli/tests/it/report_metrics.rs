//! A backtest's metrics, ledger, chart and tearsheet, over six hours of a scripted market: the
//! strategy holds long and short positions in one contract at once, closes them in parts and
//! across entries, and ends flat. The metrics are computed again here, from the definitions, out
//! of the report's own minute series and ledger; the ledger is checked against the exchange's
//! realised PnL and fees; the chart and the tearsheet are written and read back.

use contango::strategy::Strategy;
use contango::{Client, MarketEvent, NewOrder, Open, OrderType, PositionType, Side};
use contango_research::{Backtest, Report};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

const BTC: &str = "E-BTC-USDT";
/// 2026-09-01T00:00:00Z.
const T0: i64 = 1_788_220_800_000;
const MINUTE: i64 = 60_000;
/// A book every 20 s for six hours.
const BOOKS: i64 = 1080;

/// A depth frame at `ts` around `mid`, 20 contracts a level, three levels a side.
fn depth(ts: i64, mid: i64) -> Vec<u8> {
    let level = |p: i64| format!(r#"["{p}","20"]"#);
    let asks: Vec<String> = (1..=3).map(|i| level(mid + 5 * i)).collect();
    let bids: Vec<String> = (1..=3).map(|i| level(mid - 5 * i)).collect();
    format!(
        r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","tick":{{"asks":[{}],"buys":[{}]}},"ts":{ts},"status":"ok"}}"#,
        asks.join(","),
        bids.join(",")
    )
    .into_bytes()
}

/// A wave with noise (a fixed linear congruential sequence): the same market every run.
fn market() -> Vec<Vec<u8>> {
    let mut seed: u64 = 7;
    (0..BOOKS)
        .map(|k| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let noise = i64::try_from(seed >> 58).unwrap_or(0) * 10 - 320;
            let wave = (k as f64 / 45.0).sin() * 600.0;
            depth(T0 + k * 20_000, 30_000 + wave as i64 + noise)
        })
        .collect()
}

/// Every 30 books: long 2; short 1 (both open); close 1 of the long; long 1 more; close the
/// short; close the long's 2 (the rest of the first entry and the second). Flat at each end.
#[derive(Default)]
struct Both {
    books: i64,
}

impl Strategy for Both {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        if !matches!(event, MarketEvent::Depth(_)) {
            return;
        }
        self.books += 1;
        let (side, open, volume) = match self.books % 30 {
            1 => (Side::Buy, Open::Open, 2),
            8 => (Side::Sell, Open::Open, 1),
            15 => (Side::Sell, Open::Close, 1),
            20 => (Side::Buy, Open::Open, 1),
            24 => (Side::Buy, Open::Close, 1),
            28 => (Side::Sell, Open::Close, 2),
            _ => return,
        };
        let order = NewOrder {
            contract_name: BTC.into(),
            side,
            order_type: OrderType::Market,
            position_type: PositionType::Cross,
            open,
            volume: Decimal::from(volume),
            amount: Decimal::ZERO,
            price: Decimal::ZERO,
        };
        let _ = client.new_order(order).send().await;
    }
}

fn f(d: Decimal) -> f64 {
    d.to_f64().unwrap_or(f64::NAN)
}

fn near(got: Option<f64>, want: f64, what: &str) {
    let ok = got.is_some_and(|g| (g - want).abs() <= 1e-9 * want.abs().max(1e-9));
    assert!(ok, "{what}: {got:?}, computed {want}");
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

fn sample_sd(xs: &[f64]) -> f64 {
    let m = mean(xs);
    (xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (xs.len() as f64 - 1.0)).sqrt()
}

async fn run() -> Report {
    Backtest::from_frames(market())
        .contracts([BTC])
        .run(&mut Both::default())
        .await
        .expect("backtest")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reports_metrics_are_its_own_series_by_the_definitions() {
    let report = run().await;
    let m = &report.metrics;

    // The minutes: one a minute from the first book's, then the end.
    let minutes = &report.minutes;
    assert_eq!(minutes.first().map(|p| p.time_ms), Some(T0));
    for w in minutes[..minutes.len() - 1].windows(2) {
        assert_eq!(w[1].time_ms - w[0].time_ms, MINUTE);
    }
    assert_eq!(minutes.len(), 360 + 1, "six hours of minutes and the end");
    assert_eq!(report.run.instrument.as_deref(), Some(BTC));

    // Returns, minute to minute.
    let equity: Vec<f64> = minutes.iter().map(|p| f(p.equity)).collect();
    let r: Vec<f64> = equity.windows(2).map(|w| w[1] / w[0] - 1.0).collect();
    let year = 525_600f64.sqrt();
    near(
        m.volatility_ann_pct,
        sample_sd(&r) * year * 100.0,
        "volatility",
    );
    near(m.sharpe_ratio, mean(&r) / sample_sd(&r) * year, "sharpe");
    let downside = (r.iter().map(|x| x.min(0.0).powi(2)).sum::<f64>() / r.len() as f64).sqrt();
    near(m.sortino_ratio, mean(&r) / downside * year, "sortino");
    let (first, last) = (equity[0], equity[equity.len() - 1]);
    near(m.return_pct, (last / first - 1.0) * 100.0, "return");
    let ann = ((last / first).powf(525_600.0 / r.len() as f64) - 1.0) * 100.0;
    near(m.return_ann_pct, ann, "annualised return");
    // Drawdown from the running peak.
    let mut peak = f64::MIN;
    let mut deepest = 0.0f64;
    for e in &equity {
        peak = peak.max(*e);
        deepest = deepest.max((peak - e) / peak);
    }
    near(m.max_drawdown_pct, -deepest * 100.0, "max drawdown");
    near(m.calmar_ratio, ann / (deepest * 100.0), "calmar");
    let prices: Vec<f64> = minutes.iter().filter_map(|p| p.price.map(f)).collect();
    assert_eq!(prices.len(), minutes.len(), "every minute has the mark");
    let bh = (prices[prices.len() - 1] / prices[0] - 1.0) * 100.0;
    near(m.buy_and_hold_return_pct, bh, "buy and hold");
    assert_eq!(m.equity_peak, minutes.iter().map(|p| p.equity).max());

    // The ledger: 36 cycles of four round trips.
    let trades = report.trades();
    assert_eq!(trades.len(), 36 * 4);
    assert_eq!(m.trades, 144);
    let pnl: Vec<f64> = trades.iter().map(|t| f(t.pnl)).collect();
    let won: f64 = pnl.iter().filter(|p| **p > 0.0).sum();
    let lost: f64 = pnl.iter().filter(|p| **p < 0.0).sum();
    near(m.profit_factor, won / -lost, "profit factor");
    let wins = pnl.iter().filter(|p| **p > 0.0).count();
    near(m.win_rate_pct, wins as f64 / 144.0 * 100.0, "win rate");
    near(m.sqn, 12.0 * mean(&pnl) / sample_sd(&pnl), "sqn");
    let returns: Vec<f64> = trades.iter().filter_map(|t| t.return_pct).collect();
    near(m.expectancy_pct, mean(&returns), "expectancy");
    let geometric = returns.iter().map(|x| (1.0 + x / 100.0).ln()).sum::<f64>() / 144.0;
    near(
        m.avg_trade_pct,
        (geometric.exp() - 1.0) * 100.0,
        "average trade",
    );
    let longest = trades.iter().map(|t| t.duration_ms).max();
    assert_eq!(m.max_trade_duration, longest);
    // Exposure: the union of the round trips' spans (the run ends flat), over the duration.
    let mut spans: Vec<(i64, i64)> = trades
        .iter()
        .map(|t| (t.entry_time_ms, t.exit_time_ms))
        .collect();
    spans.sort_unstable();
    let (mut covered, mut reach) = (0, i64::MIN);
    for (a, b) in spans {
        covered += (b - reach.max(a)).max(0);
        reach = reach.max(b);
    }
    let duration = m.duration.unwrap_or(0) as f64;
    near(
        m.exposure_time_pct,
        covered as f64 / duration * 100.0,
        "exposure",
    );

    // FIFO within each side: per cycle the long's first entry goes out in two parts, the
    // second with it, the short alone; long and short were open at once.
    let sides: Vec<&str> = trades[..4].iter().map(|t| t.side.as_str()).collect();
    assert_eq!(sides, ["long", "short", "long", "long"]);
    assert_eq!(trades[2].entry_order_id, trades[0].entry_order_id);
    assert_eq!(trades[2].exit_order_id, trades[3].exit_order_id);
    assert!(
        trades[1].entry_time_ms < trades[0].exit_time_ms,
        "both at once"
    );
    assert!(trades.iter().all(|t| t.volume == Decimal::ONE));

    // Flat at the end: the ledger adds up to the exchange's realised PnL and the fees, exactly.
    let r = &report.results;
    let gross: Decimal = trades.iter().map(|t| t.pnl + t.fees).sum();
    assert_eq!(gross, r.realized_pnl);
    assert_eq!(trades.iter().map(|t| t.fees).sum::<Decimal>(), r.fees);
    assert_eq!(m.fees_maker + m.fees_taker, r.fees);
    assert_eq!(m.fees_taker, r.fees, "market orders take");
    assert_eq!(
        (m.funding_paid, m.funding_received),
        (Decimal::ZERO, Decimal::ZERO)
    );

    // Exposure sampled each minute.
    assert!(m.max_leverage.is_some_and(|l| l > 0.0 && l < 0.01), "{m:?}");
    assert!(m.max_margin_used_pct.is_some_and(|x| x > 0.0));
    assert!(
        m.min_liquidation_distance_pct.is_some_and(|x| x > 50.0),
        "{m:?}"
    );

    // The shape a paper session's report has too.
    assert_eq!(
        crate::report::metric_names(&report),
        crate::report::metrics(),
        "every metric, a figure or null"
    );

    // The ledger as CSV and JSON; the chart; the tearsheet.
    let csv = report.trades_csv();
    assert_eq!(csv.lines().count(), 145);
    assert!(csv.starts_with("contract,side,volume,entry_time_ms,"));
    let json: Vec<serde_json::Value> =
        serde_json::from_str(&report.trades_json()).expect("a JSON array");
    assert_eq!(json.len(), 144);
    let dir = std::env::temp_dir();
    let svg = dir.join(format!(
        "contango-report-metrics-{}.svg",
        std::process::id()
    ));
    let html = dir.join(format!(
        "contango-report-metrics-{}.html",
        std::process::id()
    ));
    report.plot(&svg).expect("the chart");
    report.tearsheet(&html).expect("the tearsheet");
    let page = std::fs::read_to_string(&html).expect("written");
    let chart = std::fs::read_to_string(&svg).expect("written");
    for needle in [
        "<svg",
        "sharpe_ratio",
        "Profit Factor",
        "<td>144</td>",
        "drawdown (%)",
    ] {
        assert!(page.contains(needle), "the tearsheet lacks {needle}");
    }
    for outside in ["<script", "<link", " src=", "url("] {
        assert!(!page.contains(outside), "the tearsheet loads {outside}");
    }
    assert!(chart.contains("position (contracts)") && chart.contains("mark price"));
    let _ = std::fs::remove_file(&svg);
    let _ = std::fs::remove_file(&html);
}
