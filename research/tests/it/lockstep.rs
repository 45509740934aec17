//! Lockstep backtests with a latency model, over real sockets: a request reaches the engine its
//! order-entry delay after it was sent, against the book of that moment; the frames applied
//! meanwhile reach the strategy once its handler returns; its own fills reach it a response
//! delay after the engine made them; a seed gives the same run every time.

use std::time::Duration;

use contango::recording::{Entry, Recorded, Recording, VERSION};
use contango::strategy::Strategy;
use contango::{
    Client, MarketEvent, NewOrder, Open, OrderStatus, OrderTradeUpdate, OrderType, PositionType,
    Side,
};
use contango_research::Backtest;
use contango_research::FitLatency as _;
use contango_sim::{Delay, Latency};
use rust_decimal::Decimal;

const T0: i64 = 1_790_000_000_000;

fn depth(ts: i64, ask: &str, bid: &str) -> Vec<u8> {
    format!(
        r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","tick":{{"asks":[["{ask}","10"]],"buys":[["{bid}","10"]]}},"ts":{ts},"status":"ok"}}"#
    )
    .into_bytes()
}

fn trade(ts: i64, price: &str, vol: &str, side: &str) -> Vec<u8> {
    format!(
        r#"{{"event_rep":"","channel":"market_e_btcusdt_trade_ticker","tick":{{"data":[{{"price":"{price}","vol":"{vol}","side":"{side}","amount":"0","ds":"2026-09-23 11:18:39","ts":{ts}}}],"ts":{ts}}},"ts":{ts},"status":"ok"}}"#
    )
    .into_bytes()
}

fn order(side: Side, kind: OrderType, price: Decimal) -> NewOrder {
    NewOrder {
        contract_name: "E-BTC-USDT".into(),
        side,
        order_type: kind,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: Decimal::ONE,
        amount: Decimal::ZERO,
        price,
    }
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn d(s: &str) -> Decimal {
    s.parse().unwrap_or_default()
}

/// What the strategy saw, in order: `depth@<ts>`, `trade@<ts>`, `answer`, `fill@<event time>`.
#[derive(Default)]
struct Seen {
    log: Vec<String>,
    /// The order to send on the first book.
    first: Option<NewOrder>,
}

impl Strategy for Seen {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        match event {
            MarketEvent::Depth(d) => self.log.push(format!("depth@{}", d.ts.0 - T0)),
            MarketEvent::Trades(t) => self.log.push(format!("trade@{}", t.ts.0 - T0)),
            _ => {}
        }
        if let Some(order) = self.first.take() {
            let answer = client.new_order(order).send().await;
            self.log.push(format!("answer ok={}", answer.is_ok()));
        }
    }

    async fn on_order(&mut self, update: &OrderTradeUpdate, _client: &Client) {
        if update.order.status == OrderStatus::Filled {
            self.log.push(format!("fill@{}", update.event_time.0 - T0));
        }
    }
}

fn book_moves() -> Vec<Vec<u8>> {
    vec![
        depth(T0, "10000", "9990"),
        depth(T0 + 20, "10050", "10040"),
        depth(T0 + 100, "10050", "10040"),
    ]
}

async fn market_buy(latency: Option<Latency>) -> (Vec<String>, Vec<(Decimal, i64)>) {
    let mut strategy = Seen {
        first: Some(order(Side::Buy, OrderType::Market, Decimal::ZERO)),
        ..Seen::default()
    };
    let mut backtest = Backtest::from_frames(book_moves()).contracts(["E-BTC-USDT"]);
    if let Some(l) = latency {
        backtest = backtest.latency(l);
    }
    let report = backtest.run(&mut strategy).await.expect("backtest");
    let fills = report
        .fills
        .iter()
        .map(|f| (f.price, f.time_ms - T0))
        .collect();
    (strategy.log, fills)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_market_order_sent_before_the_book_moves_fills_against_the_book_its_latency_meets() {
    let (log, fills) = market_buy(None).await;
    assert_eq!(fills, vec![(d("10000"), 0)], "no latency: the book it saw");
    assert_eq!(
        log,
        [
            "depth@0",
            "answer ok=true",
            "fill@0",
            "depth@20",
            "depth@100"
        ],
        "no latency: its fill comes at once"
    );

    let entry = Latency {
        order_entry: Delay::Constant(ms(50)),
        ..Latency::zero()
    };
    let (log, fills) = market_buy(Some(entry)).await;
    assert_eq!(fills, vec![(d("10050"), 50)], "50 ms later: the moved book");
    assert_eq!(
        log,
        [
            "depth@0",
            "answer ok=true",
            "depth@20",
            "fill@50",
            "depth@100"
        ],
        "the book applied while the order travelled reaches the strategy after its handler"
    );

    let both = Latency {
        order_entry: Delay::Constant(ms(10)),
        response: Delay::Constant(ms(30)),
        market_data: Delay::Constant(ms(5)),
        ..Latency::zero()
    };
    let (log, fills) = market_buy(Some(both)).await;
    // It sees the first book at 5 ms; its order arrives at 15, before the book moves at 20.
    assert_eq!(fills, vec![(d("10000"), 15)]);
    assert_eq!(
        log,
        [
            "depth@0",
            "answer ok=true",
            "depth@20",
            "fill@15",
            "depth@100"
        ],
        "the answer at 45; the moved book seen at 25, the fill at 45 (made at 15, 30 ms back)"
    );
}

/// Rests a bid at 9,990 on the first book; a trade through it fills it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_strategy_sees_its_own_fill_a_response_delay_after_the_engine_made_it() {
    let frames = vec![
        depth(T0, "10000", "9990"),
        trade(T0 + 100, "9980", "5", "SELL"),
        depth(T0 + 110, "10000", "9980"),
        depth(T0 + 140, "10000", "9980"),
        depth(T0 + 200, "10000", "9980"),
    ];
    let run = |latency: Latency| {
        let frames = frames.clone();
        async move {
            let mut strategy = Seen {
                first: Some(order(Side::Buy, OrderType::Limit, d("9990"))),
                ..Seen::default()
            };
            let report = Backtest::from_frames(frames)
                .contracts(["E-BTC-USDT"])
                .latency(latency)
                .run(&mut strategy)
                .await
                .expect("backtest");
            (strategy.log, report)
        }
    };
    let response = Latency {
        response: Delay::Constant(ms(50)),
        ..Latency::zero()
    };
    let (log, report) = run(response).await;
    assert_eq!(
        report
            .fills
            .iter()
            .map(|f| (f.price, f.time_ms - T0, f.rule.as_str()))
            .collect::<Vec<_>>(),
        vec![(d("9990"), 100, "trade_through")]
    );
    assert_eq!(
        log,
        [
            "depth@0",
            "answer ok=true",
            "trade@100",
            "depth@110",
            "depth@140",
            "fill@100",
            "depth@200"
        ],
        "the fill made at 100 reaches it at 150, after the book of 140 and before that of 200"
    );
    assert!(
        report.run.latency.contains("response 50 ms"),
        "{}",
        report.run.latency
    );
    let (log, _) = run(Latency::zero()).await;
    assert_eq!(
        log,
        [
            "depth@0",
            "answer ok=true",
            "trade@100",
            "fill@100",
            "depth@110",
            "depth@140",
            "depth@200"
        ],
        "without delay it comes right after the trade that made it"
    );
}

/// A strategy that requotes its bid and takes on every few books, and sells after some of its
/// fills: orders, cancels and order updates, each held in event time.
#[derive(Default)]
struct Churn {
    books: u64,
    resting: Option<i64>,
    fills: u64,
}

impl Strategy for Churn {
    async fn on_event(&mut self, event: &MarketEvent, client: &Client) {
        let MarketEvent::Depth(d) = event else {
            return;
        };
        self.books += 1;
        if let Some(id) = self.resting.take() {
            let _ = client.cancel_order("E-BTC-USDT").order_id(id).send().await;
        }
        if let Some(bid) = d.tick.buys.first() {
            let placed = client
                .new_order(order(Side::Buy, OrderType::Limit, bid.price))
                .send()
                .await;
            self.resting = placed.ok().map(|o| o.order_id);
        }
        if self.books % 4 == 0 {
            let side = if self.books % 8 == 0 {
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

    async fn on_order(&mut self, update: &OrderTradeUpdate, client: &Client) {
        if update.order.status == OrderStatus::Filled && update.order.side == Some(Side::Buy) {
            self.fills += 1;
            if self.fills % 3 == 0 {
                let _ = client
                    .new_order(order(Side::Sell, OrderType::Market, Decimal::ZERO))
                    .send()
                    .await;
            }
        }
    }
}

/// A wandering book with trades every few milliseconds.
fn wandering(n: i64) -> Vec<Vec<u8>> {
    let mut frames = Vec::new();
    let mut mid = 10_000i64;
    let mut step = 7u64;
    for i in 0..n {
        step = step.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        mid += (step >> 62) as i64 - 1;
        let ts = T0 + i * 7;
        frames.push(depth(ts, &(mid + 1).to_string(), &(mid - 1).to_string()));
        if i % 3 == 0 {
            let side = if step & 1 == 0 { "BUY" } else { "SELL" };
            frames.push(trade(ts + 3, &mid.to_string(), "4", side));
        }
    }
    frames
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_runs_with_the_same_seed_give_the_same_fill_log() {
    let frames = wandering(300);
    let model = |seed| Latency {
        order_entry: Delay::empirical([3, 9, 14, 30].map(ms).to_vec()).expect("samples"),
        cancel: Delay::Constant(ms(5)),
        response: Delay::empirical([2, 6, 11].map(ms).to_vec()).expect("samples"),
        market_data: Delay::empirical([1, 4].map(ms).to_vec()).expect("samples"),
        seed,
    };
    let run = |seed| {
        let frames = frames.clone();
        async move {
            let mut strategy = Churn::default();
            let report = Backtest::from_frames(frames)
                .contracts(["E-BTC-USDT"])
                .latency(model(seed))
                .run(&mut strategy)
                .await
                .expect("backtest");
            (report.fill_log(), strategy.fills)
        }
    };
    let (first, fills) = run(11).await;
    assert!(fills >= 5, "the strategy should see fills: {fills}");
    assert!(first.lines().count() >= 20, "{first}");
    let (second, _) = run(11).await;
    assert_eq!(first, second, "one seed, one fill log");
    let (other, _) = run(12).await;
    assert_ne!(
        first, other,
        "another seed draws other delays, and fills otherwise"
    );
}

/// Rests a bid to be filled and one to be cancelled on the first book; cancels the second once
/// the first is filled. Counts the market events it receives.
#[derive(Default)]
struct PlaceFillCancel {
    events: usize,
    far: Option<i64>,
}

impl Strategy for PlaceFillCancel {
    async fn on_event(&mut self, _event: &MarketEvent, client: &Client) {
        self.events += 1;
        if self.events > 1 {
            return;
        }
        let near = client
            .new_order(order(Side::Buy, OrderType::Limit, d("9990")))
            .send()
            .await;
        assert!(near.is_ok(), "{near:?}");
        let far = client
            .new_order(order(Side::Buy, OrderType::Limit, d("9900")))
            .send()
            .await;
        self.far = far.ok().map(|o| o.order_id);
    }

    async fn on_order(&mut self, update: &OrderTradeUpdate, client: &Client) {
        if update.order.status != OrderStatus::Filled {
            return;
        }
        if let Some(id) = self.far.take() {
            let cancelled = client.cancel_order("E-BTC-USDT").order_id(id).send().await;
            assert!(cancelled.is_ok(), "{cancelled:?}");
        }
    }
}

/// A line of a recording as the test reads it: its time (µs since the start) and what it is,
/// exchange times relative to `T0` (ms).
fn line_of(entry: &Entry, conns: &[(u64, String)]) -> String {
    let at = entry.at_us;
    match &entry.recorded {
        Recorded::Connect { stream, .. } => format!("{at} connect {stream}"),
        Recorded::Clock {
            offset_us,
            round_trip_us,
        } => format!("{at} clock {offset_us} {round_trip_us:?}"),
        Recorded::Frame(f) => {
            let stream = conns
                .iter()
                .find(|(c, _)| *c == f.conn)
                .map_or("?", |(_, s)| s.as_str());
            let v: serde_json::Value =
                serde_json::from_slice(f.payload.as_bytes()).unwrap_or_default();
            match stream {
                "user" => format!(
                    "{at} user {} E={}",
                    v["o"]["X"].as_str().unwrap_or("?"),
                    v["E"].as_i64().unwrap_or(0) - T0
                ),
                _ => format!("{at} market ts={}", v["ts"].as_i64().unwrap_or(0) - T0),
            }
        }
        Recorded::Http(x) => format!("{at}..{} {}", x.finished_us.unwrap_or_default(), x.endpoint),
        other => format!("{at} {other:?}"),
    }
}

/// Order entry 30 ms, cancel 40, response 20, market data 5: the strategy sees the first book at
/// 5 ms and sends an order (there at 35, answered at 55) and another (85, 105); the trade at
/// 100 fills the first (the update at 120), on which it cancels the second (160, 180).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recorded_backtest_reads_back_in_event_time_fits_its_model_and_replays() {
    let frames = vec![
        depth(T0, "10000", "9990"),
        depth(T0 + 50, "10000", "9990"),
        trade(T0 + 100, "9980", "5", "SELL"),
        depth(T0 + 110, "10000", "9980"),
        depth(T0 + 150, "10000", "9980"),
        depth(T0 + 300, "10000", "9980"),
    ];
    let planted: Latency = "order_entry=30ms,cancel=40ms,response=20ms,market_data=5ms"
        .parse()
        .expect("a model");
    let dir = std::env::temp_dir().join(format!("contango-lockstep-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let path = dir.join("session.jsonl");
    let mut strategy = PlaceFillCancel::default();
    let report = Backtest::from_frames(frames.clone())
        .contracts(["E-BTC-USDT"])
        .latency(planted.clone())
        .record_session(&path)
        .run(&mut strategy)
        .await
        .expect("backtest");
    assert_eq!(strategy.events, frames.len(), "every frame reached it");

    let text = std::fs::read_to_string(&path).expect("the recording");
    for secret in [
        "contango-sim-api-key",
        "contango-sim-secret-0123456789abcdef",
    ] {
        assert!(!text.contains(secret), "{secret} in\n{text}");
    }
    let recording = Recording::from_file(&path).expect("reads back");
    assert_eq!(recording.version(), VERSION);
    // Event time, not the wall's: the recording starts at the first frame.
    assert_eq!(recording.header.started_us, T0 * 1_000);
    let conns: Vec<(u64, String)> = recording
        .entries
        .iter()
        .filter_map(|e| match &e.recorded {
            Recorded::Connect { conn, stream, .. } => Some((*conn, stream.clone())),
            _ => None,
        })
        .collect();
    // The client's housekeeping (its contract lookup, its clock sync) passes at once, at the
    // strategy's time.
    let (orders, housekeeping): (Vec<_>, Vec<_>) = recording
        .entries
        .iter()
        .filter(|e| matches!(e.recorded, Recorded::Http(_)))
        .partition(|e| matches!(&e.recorded, Recorded::Http(x) if x.endpoint.contains("order")));
    assert!(!housekeeping.is_empty());
    for e in &housekeeping {
        assert!(line_of(e, &conns).starts_with("5000..5000 "), "{e:?}");
    }
    assert_eq!(
        orders
            .iter()
            .map(|e| line_of(e, &conns))
            .collect::<Vec<_>>(),
        [
            "5000..55000 new_order",
            "55000..105000 new_order",
            "120000..180000 cancel_order"
        ],
        "sent at the strategy's time, answered when the harness released the answer"
    );
    let streams: Vec<String> = recording
        .entries
        .iter()
        .filter(|e| !matches!(e.recorded, Recorded::Http(_)))
        .map(|e| line_of(e, &conns))
        .collect();
    assert_eq!(
        streams,
        [
            "0 connect market",
            "0 connect user",
            "0 clock 0 None",
            "5000 market ts=0",
            "55000 user NEW E=35",
            "55000 market ts=50",
            "105000 user NEW E=85",
            "105000 market ts=100",
            "115000 market ts=110",
            "120000 user FILLED E=100",
            "155000 market ts=150",
            "180000 user CANCELLED E=160",
            "305000 market ts=300",
        ],
        "each frame when it reached the strategy: a market frame 5 ms after its time, an order \
         update 20 ms after the engine made it"
    );
    let first_http = recording
        .entries
        .iter()
        .position(|e| matches!(e.recorded, Recorded::Http(_)));
    let clock = recording
        .entries
        .iter()
        .position(|e| matches!(e.recorded, Recorded::Clock { .. }));
    assert!(
        clock < first_http,
        "the clock sample comes before any request"
    );
    // The market frames exactly as delivered.
    let market: Vec<&[u8]> = recording
        .entries
        .iter()
        .filter_map(|e| match &e.recorded {
            Recorded::Frame(f) if f.conn == conns[0].0 => Some(f.payload.as_bytes()),
            _ => None,
        })
        .collect();
    assert_eq!(market, frames.iter().map(Vec::as_slice).collect::<Vec<_>>());

    // Every time is whole milliseconds here (the frames' `ts`, constant delays), so the fit
    // loses nothing to the exchange's millisecond timestamps: each leg exact to the µs.
    let fitted = Latency::fitted(&recording).expect("fits");
    assert_eq!(Latency::fitted_from_path(&path).as_ref(), Ok(&fitted));
    assert!(!fitted.cancel_from_order_entry);
    assert_eq!(fitted.clock_samples, 1);
    let l = &fitted.latency;
    let count = |d: &Delay| match d {
        Delay::Empirical(s) => s.len(),
        Delay::Constant(_) => 0,
    };
    assert_eq!(
        [&l.order_entry, &l.cancel, &l.response, &l.market_data].map(count),
        [2, 1, 3, 6]
    );
    assert_eq!(
        [&l.order_entry, &l.cancel, &l.response, &l.market_data].map(Delay::median),
        [ms(30), ms(40), ms(20), ms(5)],
        "{fitted}"
    );

    // The recording's market replays: the same frames, the same fills.
    let mut again = PlaceFillCancel::default();
    let replayed = Backtest::from_file(&path)
        .expect("a backtest of the recording")
        .contracts(["E-BTC-USDT"])
        .latency(planted)
        .run(&mut again)
        .await
        .expect("replay");
    assert_eq!(again.events, strategy.events);
    assert_eq!(replayed.timing.map(|t| t.frames), Some(6));
    let fills = |r: &contango_research::Report| {
        r.fills
            .iter()
            .map(|f| (f.price, f.time_ms - T0, f.rule.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(fills(&replayed), fills(&report));
    assert_eq!(
        fills(&report),
        [(d("9990"), 100, "trade_through".to_owned())]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_that_cannot_be_recorded_fails_the_run_before_it_starts() {
    let mut strategy = PlaceFillCancel::default();
    let e = Backtest::from_frames(book_moves())
        .contracts(["E-BTC-USDT"])
        .record_session("/nonexistent/contango/session.jsonl")
        .run(&mut strategy)
        .await
        .err();
    assert!(
        e.as_ref().is_some_and(|e| e
            .to_string()
            .starts_with("backtest: recording the session: cannot create /nonexistent/")),
        "{e:?}"
    );
    assert_eq!(strategy.events, 0);
}
