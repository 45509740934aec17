//! The metrics on hand-worked cases: a known equity path and a known ledger, and the figures
//! that have no value.

use rust_decimal::Decimal;
use rust_decimal_macros::dec;

use super::tally::{MINUTE_MS, Money, Sample, Tally};
use super::{FillLine, Report, RunAccount, RunKind};
use contango_sim::exchange::book::source::QueueModel;

fn report(t: Tally) -> Report {
    let account = RunAccount {
        uid: 7,
        api_key: None,
    };
    let money = Money::default();
    t.report(
        RunKind::Backtest,
        account,
        "USDT".into(),
        money,
        QueueModel::Conservative,
        None,
        |_| false,
    )
}

/// A linear fill (0.001 a contract) without fee.
fn fill(ms: i64, order: i64, side: &str, action: &str, price: i64, volume: i64) -> FillLine {
    let (price, volume) = (Decimal::from(price), Decimal::from(volume));
    FillLine {
        time_ms: ms,
        contract: "E-BTC-USDT".into(),
        order_id: order,
        side: side.into(),
        action: action.into(),
        price,
        volume,
        value: price * volume * dec!(0.001),
        maker: order % 2 == 0,
        rule: "match".into(),
        fee: Decimal::ZERO,
    }
}

fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() <= 1e-9 * b.abs().max(1.0))
}

#[test]
fn a_known_path_has_its_known_sharpe_drawdown_and_profit_factor() {
    let mut t = Tally::default();
    // Returns +2 %, −1 %, +2 %, −1 %, a minute apart.
    for (i, e) in [
        dec!(100),
        dec!(102),
        dec!(100.98),
        dec!(102.9996),
        dec!(101.969604),
    ]
    .into_iter()
    .enumerate()
    {
        let s = Sample::bare(i64::try_from(i).unwrap_or(0) * MINUTE_MS, e, Decimal::ZERO);
        t.sample(&s, true);
        t.minute(s);
    }
    // Four round trips: +3, −1 (a short), +2, −2 (linear, 0.001 a contract, no fee).
    for f in [
        fill(0, 1, "BUY", "OPEN", 1000, 1),
        fill(10, 2, "SELL", "CLOSE", 4000, 1),
        fill(20, 3, "SELL", "OPEN", 2000, 1),
        fill(30, 4, "BUY", "CLOSE", 3000, 1),
        fill(40, 5, "BUY", "OPEN", 1000, 2),
        fill(50, 6, "SELL", "CLOSE", 2000, 2),
        fill(60, 7, "BUY", "OPEN", 3000, 1),
        fill(70, 8, "SELL", "CLOSE", 1000, 1),
    ] {
        t.fill(f);
    }
    let end = Sample::bare(0, dec!(101.969604), Decimal::ZERO);
    t.end_minutes(end.clone());
    t.end(end, Decimal::ZERO);
    let m = report(t).metrics;

    // mean 0.005, sample sd √(4 × 0.015² / 3) = √0.0003; × √525600.
    let year = 525_600f64.sqrt();
    assert!(close(m.sharpe_ratio, 0.005 / 0.0003f64.sqrt() * year));
    assert!(close(m.sharpe_ratio, 209.284_495_364_563_4));
    // Downside deviation √(2 × 0.01² / 4).
    assert!(close(
        m.sortino_ratio,
        0.005 / (0.0002f64 / 4.0).sqrt() * year
    ));
    assert!(close(m.volatility_ann_pct, 0.0003f64.sqrt() * year * 100.0));
    // 1.0196…^(525600 / 4) is past any float: undefined, and so is Calmar.
    assert_eq!((m.return_ann_pct, m.calmar_ratio), (None, None));
    assert!(close(m.return_pct, 1.969_604));

    // Drawdowns: 1 % from 102 (two minutes to recover), 1 % from 102.9996 (one minute, open).
    assert!(close(m.max_drawdown_pct, -1.0));
    assert!(close(m.avg_drawdown_pct, -1.0));
    assert_eq!(m.max_drawdown_duration, Some(2 * MINUTE_MS));
    assert_eq!(m.avg_drawdown_duration, Some(90_000));
    assert_eq!(m.equity_peak, Some(dec!(102.9996)));
    assert_eq!(m.equity_final, Some(dec!(101.969604)));

    // Profit factor (3 + 2) / (1 + 2); returns 300 %, −50 %, 100 %, −66.67 %.
    assert_eq!(m.trades, 4);
    assert!(close(m.profit_factor, 5.0 / 3.0));
    assert!(close(m.win_rate_pct, 50.0));
    assert!(close(m.best_trade_pct, 300.0));
    assert!(close(m.worst_trade_pct, -200.0 / 3.0));
    assert!(close(
        m.expectancy_pct,
        (300.0 - 50.0 + 100.0 - 200.0 / 3.0) / 4.0
    ));
    assert!(close(
        m.avg_trade_pct,
        ((4.0 * 0.5 * 2.0 / 3.0f64).powf(0.25) - 1.0) * 100.0
    ));
    // SQN: √4 × mean 0.5 / sd √(17 / 3).
    assert!(close(m.sqn, 2.0 * 0.5 / (17.0f64 / 3.0).sqrt()));
    assert_eq!(
        (m.max_trade_duration, m.avg_trade_duration),
        (Some(10), Some(10))
    );
    // Exposed from 0 to 70 but for the gaps between trips: 4 × 10 of 240 000 ms.
    assert!(close(m.exposure_time_pct, 40.0 / 240_000.0 * 100.0));
}

#[test]
fn figures_the_data_does_not_define_are_none_and_null() {
    // One minute sample: no return, no drawdown period; one winning trip: no losing one.
    let mut t = Tally::default();
    let s = Sample::bare(0, dec!(100), Decimal::ZERO);
    t.sample(&s, true);
    t.minute(s);
    t.fill(fill(1, 1, "BUY", "OPEN", 1000, 1));
    t.fill(fill(2, 2, "SELL", "CLOSE", 1100, 1));
    let r = report(t);
    let m = &r.metrics;
    assert_eq!(
        (
            m.sharpe_ratio,
            m.sortino_ratio,
            m.volatility_ann_pct,
            m.return_ann_pct
        ),
        (None, None, None, None)
    );
    assert_eq!((m.calmar_ratio, m.max_drawdown_duration), (None, None));
    assert_eq!(m.max_drawdown_pct, Some(0.0), "no fall: 0, defined");
    assert_eq!((m.profit_factor, m.sqn), (None, None));
    assert_eq!(m.buy_and_hold_return_pct, None, "no price");
    assert_eq!(m.max_leverage, None, "no exposure sampled");
    let json: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap_or_default();
    for key in ["sharpe_ratio", "profit_factor", "sqn", "calmar_ratio"] {
        assert!(
            json["metrics"][key].is_null(),
            "{key}: {}",
            json["metrics"][key]
        );
    }
    assert!(!r.to_json().contains("NaN"));

    // Two samples, one return: a return and a drawdown, but no deviation of returns.
    let mut t = Tally::default();
    for (i, e) in [dec!(100), dec!(99)].into_iter().enumerate() {
        t.minute(Sample::bare(
            i64::try_from(i).unwrap_or(0) * MINUTE_MS,
            e,
            Decimal::ZERO,
        ));
    }
    let m = report(t).metrics;
    assert!(close(m.return_pct, -1.0) && close(m.max_drawdown_pct, -1.0));
    assert_eq!(
        (m.sharpe_ratio, m.sortino_ratio, m.volatility_ann_pct),
        (None, None, None)
    );
}
