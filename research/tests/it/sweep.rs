//! Sweeps over real sockets: a grid's rows equal the same runs made one by one, whichever
//! thread ran them; shards merge into the whole; a bad grid or a refused set stops the sweep
//! before any run.

use contango::strategy::Strategy;
use contango::{Client, MarketEvent, Side};
use contango_research::Backtest;
use contango_research::backtest::sweep::{Grid, Params, SweepError, SweepTable};

const T0: i64 = 1_790_000_000_000;

/// A seeded walk of books and trades around 20,000.
fn frames() -> Vec<Vec<u8>> {
    let mut rng = contango_sim::SplitMix64::new(3);
    let mut mid = 20_000i64;
    (0..600)
        .map(|i| {
            let ts = T0 + 10 * i;
            mid += rng.symmetric(1);
            if i % 4 == 3 {
                let side = if rng.below(2) == 0 { "BUY" } else { "SELL" };
                format!(
                    r#"{{"event_rep":"","channel":"market_e_btcusdt_trade_ticker","tick":{{"data":[{{"price":"{mid}","vol":"3","side":"{side}","amount":"0","ds":"","ts":{ts}}}],"ts":{ts}}},"ts":{ts},"status":"ok"}}"#
                )
            } else {
                format!(
                    r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","tick":{{"asks":[["{}","5"]],"buys":[["{}","5"]]}},"ts":{ts},"status":"ok"}}"#,
                    mid + 1,
                    mid - 1
                )
            }
            .into_bytes()
        })
        .collect()
}

/// Buys at market every `every` books and sells every `every * hold`.
struct Every {
    every: u64,
    hold: u64,
    books: u64,
}

impl Strategy for Every {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        if !matches!(event, MarketEvent::Depth(_)) {
            return;
        }
        self.books += 1;
        let side = if self.books % (self.every * self.hold) == 0 {
            Side::Sell
        } else if self.books % self.every == 0 {
            Side::Buy
        } else {
            return;
        };
        let _ = client
            .new_order(crate::backtest::market_order(side))
            .send()
            .await;
    }
}

fn make(p: &Params) -> Result<Every, String> {
    let every = p
        .int("every")
        .filter(|e| *e > 0)
        .ok_or("every must be a whole number over 0")?;
    let hold = p
        .int("hold")
        .filter(|h| *h > 0)
        .ok_or("hold must be a whole number over 0")?;
    Ok(Every {
        every: every as u64,
        hold: hold as u64,
        books: 0,
    })
}

fn backtest() -> Backtest {
    Backtest::from_frames(frames()).contracts(["E-BTC-USDT"])
}

fn grid() -> Grid {
    Grid::new().axis("every", [5, 9, 14]).axis("hold", [2, 3])
}

#[test]
fn a_sweeps_rows_equal_the_same_runs_one_by_one_and_shards_merge_into_it() {
    let table = backtest()
        .sweep(grid())
        .threads(2)
        .run(make)
        .expect("the sweep");
    assert_eq!(table.rows.len(), 6);
    assert_eq!(table.sets, 6);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    for (i, set) in grid().sets().iter().enumerate() {
        let mut strategy = make(set).expect("a strategy");
        let report = rt.block_on(backtest().run(&mut strategy)).expect("a run");
        let mut alone = serde_json::to_value(&report).expect("json");
        if let Some(map) = alone.as_object_mut() {
            map.retain(|k, _| matches!(k.as_str(), "run" | "results" | "metrics"));
        }
        let row = &table.rows[i];
        assert_eq!(&row.params, set, "the grid's order");
        assert_eq!(
            serde_json::to_string(&row.figures).ok(),
            serde_json::to_string(&alone).ok(),
            "row {i} ({set}) equals its run made alone"
        );
    }
    let fees: Vec<Option<f64>> = table.rows.iter().map(|r| r.figure("fees")).collect();
    assert!(fees.iter().all(|f| f.is_some_and(|f| f > 0.0)), "{fees:?}");
    let csv = table.to_csv();
    assert!(
        csv.starts_with("every,hold,") && csv.contains(",fees,"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 7, "a header and a line a set: {csv}");

    let one = backtest()
        .sweep(grid())
        .threads(1)
        .shard(1, 2)
        .run(make)
        .expect("shard 1");
    let two = backtest()
        .sweep(grid())
        .threads(1)
        .shard(2, 2)
        .run(make)
        .expect("shard 2");
    assert_eq!(
        one.rows.iter().map(|r| r.index).collect::<Vec<_>>(),
        [0, 2, 4]
    );
    let two = SweepTable::from_json(&two.to_json()).expect("read back");
    let merged = SweepTable::merge([two, one]).expect("merged");
    assert_eq!(merged, table, "the shards make the whole sweep");

    let svg = std::env::temp_dir().join(format!("contango-sweep-{}.svg", std::process::id()));
    table
        .heatmap("fees", "every", "hold", &svg)
        .expect("the heatmap");
    let text = std::fs::read_to_string(&svg).unwrap_or_default();
    let _ = std::fs::remove_file(&svg);
    assert!(text.contains("<svg") && text.contains("fees over every and hold"));
}

/// Events any strategy of the refused sweep saw: none, if no run started.
static REFUSED_SWEEP_EVENTS: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(0);

struct Counted;

impl Strategy for Counted {
    async fn on_event(&mut self, _: &MarketEvent, _: &Client) {
        REFUSED_SWEEP_EVENTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

#[test]
fn an_empty_grid_or_a_refused_set_stops_the_sweep_before_any_run() {
    for grid in [Grid::new().axis("every", Vec::<i64>::new()), Grid::new()] {
        let empty = backtest().sweep(grid).run(|p| make(p).map(|_| Counted));
        assert!(matches!(empty, Err(SweepError::EmptyGrid)), "{empty:?}");
        assert_eq!(
            empty.err().map(|e| e.to_string()).as_deref(),
            Some("sweep: the grid has no parameter set (an axis without values, or no axis)")
        );
    }
    let refused = backtest()
        .sweep(Grid::new().axis("every", [5, 0]).axis("hold", [2]))
        .run(|p| make(p).map(|_| Counted));
    let text = refused.as_ref().err().map(ToString::to_string);
    let text = text.unwrap_or_default();
    assert!(
        text.starts_with("sweep: the strategy refuses every=0, hold=2: every must be")
            && text.ends_with("(no run started)"),
        "{text}"
    );
    match refused {
        Err(SweepError::Rejected { params, message }) => {
            assert_eq!(params.to_string(), "every=0, hold=2");
            assert!(message.contains("every must be"), "{message}");
        }
        other => panic!("a refused set: {other:?}"),
    }
    assert_eq!(
        REFUSED_SWEEP_EVENTS.load(std::sync::atomic::Ordering::Relaxed),
        0,
        "no run started"
    );
    let bad_shard = backtest().sweep(grid()).shard(3, 2).run(make);
    assert!(
        matches!(bad_shard, Err(SweepError::Shard { .. })),
        "{bad_shard:?}"
    );
}
