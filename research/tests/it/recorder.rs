//! A market recorded to rotating files (`Recorder::rotating`, what `contango record market`
//! writes) replays as one session: the same frames recorded at once by a second client to one
//! file give the same market events in order and the same backtest fill log, the simulator
//! follows the directory as it follows a file (each from its decoded cache), and a file cut
//! short by a kill plays up to its last whole line, with a warning.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

use contango::recording::{Recorder, Recording, Rotation};
use contango::strategy::Strategy;
use contango::{
    Client, DepthChannel, MarketEvent, MarketMessage, MarketStreamApi, NewOrder, Open, OrderType,
    PositionType, Side, TradesChannel,
};
use contango_research::Backtest;
use contango_sim::feeds::cache::{MarketEvents, cache_path};
use contango_sim::feeds::source::recorded_frames;
use contango_sim::{MarketSource, Pace, Sim, SourceHealth};
use rust_decimal::Decimal;

use crate::market_cache::identity;
use crate::market_server::MarketServer;

const BTC: &str = "E-BTC-USDT";

/// Every 2nd book a limit bid at the best bid (filled by the trades that print through it);
/// every 5th a market sell.
#[derive(Default)]
struct Bidder {
    books: u64,
}

impl Strategy for Bidder {
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
        if self.books % 2 == 0
            && let Some(best) = d.tick.buys.first()
        {
            let _ = client
                .new_order(order(Side::Buy, OrderType::Limit, best.price))
                .send()
                .await;
        }
        if self.books % 5 == 0 {
            let _ = client
                .new_order(order(Side::Sell, OrderType::Market, Decimal::ZERO))
                .send()
                .await;
        }
    }
}

fn fresh(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "contango-recorder-test-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&path);
    let _ = std::fs::remove_file(&path);
    path
}

/// A client of `market`'s stream recording through `recorder`, subscribed to BTC's depth and
/// trades, its events drained until `stop` sends.
async fn recording_client(
    market: &MarketServer,
    recorder: Recorder,
    stop: tokio::sync::oneshot::Receiver<()>,
) -> tokio::task::JoinHandle<()> {
    let client = Client::builder()
        .base_url("http://127.0.0.1:9")
        .market_stream_url(market.url())
        .recorder(recorder)
        .build()
        .expect("client");
    let mut stream = client
        .market_stream()
        .subscribe(DepthChannel::new(BTC, 0))
        .subscribe(TradesChannel::new(BTC))
        .connect()
        .await
        .expect("market stream");
    tokio::spawn(async move {
        tokio::pin!(stop);
        loop {
            tokio::select! {
                item = stream.recv() => if item.is_none() { break },
                _ = &mut stop => break,
            }
        }
        stream.shutdown().await;
    })
}

/// 2.5 s of a book moving around 30000 and trades printing through both sides, recorded by
/// two clients at once: to `dir` rotating every second, and to the file `single`.
async fn record(dir: &Path, single: &Path) {
    let market = MarketServer::start().await;
    let rotating =
        Recorder::rotating(dir, "market", Rotation::Every(Duration::from_secs(1))).expect("dir");
    let whole = Recorder::create(single).expect("file");
    let (stop_a, stopped_a) = tokio::sync::oneshot::channel();
    let (stop_b, stopped_b) = tokio::sync::oneshot::channel();
    let a = recording_client(&market, rotating.clone(), stopped_a).await;
    let b = recording_client(&market, whole.clone(), stopped_b).await;
    // Subscriptions are not acknowledged: let the server take them before the first book.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let started = tokio::time::Instant::now();
    let mut n: i64 = 0;
    while started.elapsed() < Duration::from_millis(2_500) {
        n += 1;
        let mid = 30_000 + (n % 4) * 10;
        let level = |p: i64| -> &'static str { Box::leak(p.to_string().into_boxed_str()) };
        market.depth(
            vec![(level(mid + 10), "5"), (level(mid + 20), "9")],
            vec![(level(mid - 10), "7"), (level(mid - 20), "9")],
            1_800_000_000_000 + n * 100,
        );
        let (side, price) = if n % 2 == 0 {
            ("SELL", mid - 20)
        } else {
            ("BUY", mid + 20)
        };
        market.trade(side, level(price), "30", 1_800_000_000_000 + n * 100 + 50);
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    // The last frames cross loopback before the streams close.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let _ = (stop_a.send(()), stop_b.send(()));
    let _ = tokio::join!(a, b);
    rotating.finish().await.expect("the directory is whole");
    whole.flush().await.expect("the file is whole");
    market.stop();
}

fn events(recording: &Recording) -> Vec<String> {
    recorded_frames(recording)
        .into_iter()
        .filter_map(|(_, bytes)| match MarketStreamApi::decode_frame(&bytes) {
            Ok(MarketMessage::Event(e)) => Some(format!("{e:?}")),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rotated_directory_replays_as_the_one_file_of_the_same_frames() {
    let (dir, single) = (fresh("dir"), fresh("single.jsonl"));
    record(&dir, &single).await;
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    assert!(files.iter().all(|f| f.ends_with(".jsonl.gz")), "{files:?}");

    // The same market events, in the same order.
    let joined = Recording::from_dir(&dir).expect("the directory");
    let one = Recording::from_file(&single).expect("the file");
    assert!(joined.warnings.is_empty(), "{:?}", joined.warnings);
    let events_of_dir = events(&joined);
    assert!(events_of_dir.len() > 80, "{}", events_of_dir.len());
    assert_eq!(events_of_dir, events(&one));

    // A backtest over each: one fill log.
    let run = |backtest: Backtest| async move {
        backtest
            .contracts([BTC])
            .run(&mut Bidder::default())
            .await
            .expect("backtest")
    };
    let over_dir = run(Backtest::from_dir(&dir).expect("dir")).await;
    let over_file = run(Backtest::from_file(&single).expect("file")).await;
    assert!(over_dir.fills.len() >= 5, "{:?}", over_dir.fills);
    assert_eq!(over_dir.fill_log(), over_file.fill_log());

    // The directory's market is streamed from its decoded cache beside it, checked, not built
    // again, by the next backtest: the same events as the one file's, the same fill log.
    let cache = cache_path(&dir);
    let built = identity(&cache);
    let again = run(Backtest::from_dir(&dir).expect("dir")).await;
    assert_eq!(again.fill_log(), over_file.fill_log());
    assert_eq!(identity(&cache), built);
    let played = |path: &Path| -> Vec<String> {
        MarketEvents::open(path)
            .expect("the cache")
            .map(|p| format!("{:?}", p.expect("an event").event))
            .collect()
    };
    assert_eq!(played(&dir), events_of_dir);
    assert_eq!(played(&dir), played(&single));

    // The simulator follows the directory (`--market-from DIR`), its files played as one.
    let following = || async {
        Sim::builder()
            .market_source(MarketSource::recorded(&dir, Pace::Fast))
            .source_contracts([BTC])
            .start()
            .await
            .expect("a simulator following the directory")
    };
    let sim = following().await;
    assert!(sim.source_warnings().is_empty());
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while sim.source_health(BTC) != Some(SourceHealth::Live) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{:?}",
            sim.source_health(BTC)
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    sim.shutdown().await;

    // The last file as a kill leaves it: plain, its last line cut short.
    let last = dir.join(&files[files.len() - 1]);
    let mut text = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(&last).expect("open"))
        .read_to_end(&mut text)
        .expect("gunzip");
    std::fs::remove_file(&last).expect("remove");
    let cut = text.len() - 10;
    std::fs::write(last.with_extension(""), &text[..cut]).expect("write");
    let read = Recording::from_dir(&dir).expect("a cut file reads");
    assert_eq!(read.entries.len(), joined.entries.len() - 1);
    assert_eq!(read.warnings.len(), 1, "{:?}", read.warnings);
    assert!(
        read.warnings[0].contains("is cut short"),
        "{:?}",
        read.warnings
    );
    // Its cache is built again and keeps the warning: a simulator that reads it back says it too.
    for _ in ["built", "read back"] {
        let sim = following().await;
        assert_eq!(sim.source_warnings(), read.warnings);
        sim.shutdown().await;
    }
    let _ = std::fs::remove_file(&cache);
    let _ = std::fs::remove_file(cache_path(&single));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&single);
}
