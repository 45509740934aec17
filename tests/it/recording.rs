//! Recording a session and replaying it (docs/recordings.md): a session
//! against the simulator over real sockets (public and signed REST, an order with a fill, an
//! error answer, both streams) is recorded, then replayed with the simulator stopped; the same
//! calls give the same values. The file holds no secret; a request the recording lacks is named.

use std::time::Duration;

use contango::recording::{Recorded, Recording};
use contango::{Client, DepthChannel, Event, MarketEvent, MarketItem, OrderType, Side, StreamItem};
use contango_sim::{Pace, Replay, Sim};

use crate::sim_support::{d, order};

const BTC: &str = "E-BTC-USDT";
const WAIT: Duration = Duration::from_secs(10);

/// What one run of the session saw; the listen key is left out (a replay sees its placeholder).
#[derive(Debug, PartialEq)]
struct Seen {
    contracts: Vec<contango::Contract>,
    depth: contango::OrderBook,
    account: contango::Account,
    resting: i64,
    filled: i64,
    query: Vec<contango::Order>,
    open: Vec<contango::Order>,
    cancel_again: Option<contango::ErrorCode>,
    events: Vec<Event>,
    book: MarketEvent,
}

/// The session: the same calls, in the same order, whatever `client` talks to. `events` is how
/// many private events to wait for (`None`: until the resting order's cancel is seen).
async fn session(client: &Client, events: Option<usize>) -> Seen {
    let contracts = client
        .contracts()
        .contract_name(BTC)
        .send()
        .await
        .expect("contracts");
    let depth = client.depth(BTC).limit(5).send().await.expect("depth");
    let account = client.account().send().await.expect("account");
    let mut user = client.user_stream().connect().await.expect("user stream");
    let mut market = client
        .market_stream()
        .subscribe(DepthChannel::new(BTC, 0))
        .connect()
        .await
        .expect("market stream");
    let book = loop {
        match tokio::time::timeout(WAIT, market.recv()).await {
            Ok(Some(MarketItem::Event(e @ MarketEvent::Depth(_)))) => break e,
            Ok(Some(_)) => {}
            other => panic!("no depth frame: {other:?}"),
        }
    };
    // A resting LIMIT order (no client id: the client generates one, the replay ignores it), a
    // MARKET order filled by the seeded book, the cancel, and the same cancel again (an error).
    let resting = client
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Limit,
            contango::Open::Open,
            "1",
            "29000",
        ))
        .send()
        .await
        .expect("limit")
        .order_id;
    let filled = client
        .new_order(order(
            BTC,
            Side::Buy,
            OrderType::Market,
            contango::Open::Open,
            "2",
            "0",
        ))
        .send()
        .await
        .expect("market")
        .order_id;
    let query = client
        .query_order(BTC)
        .order_id(filled)
        .send()
        .await
        .expect("query");
    client
        .cancel_order(BTC)
        .order_id(resting)
        .send()
        .await
        .expect("cancel");
    let cancel_again = client
        .cancel_order(BTC)
        .order_id(resting)
        .send()
        .await
        .err()
        .and_then(|e| e.code());
    let open = client.open_orders(BTC).send().await.expect("open orders");
    let mut seen = Vec::new();
    let cancelled = |e: &Event| {
        matches!(e, Event::OrderTradeUpdate(u)
            if u.order.order_id == resting && u.order.status == contango::OrderStatus::Cancelled)
    };
    while events.is_none_or(|n| seen.len() < n) {
        match tokio::time::timeout(WAIT, user.recv()).await {
            Ok(Some(StreamItem::Event(e))) => {
                let done = events.is_none() && cancelled(&e);
                seen.push(e);
                if done {
                    break;
                }
            }
            Ok(Some(_)) => {}
            other => panic!("private stream after {} events: {other:?}", seen.len()),
        }
    }
    user.shutdown().await.expect("the listen key closed");
    market.shutdown().await;
    Seen {
        contracts,
        depth,
        account,
        resting,
        filled,
        query,
        open,
        cancel_again,
        events: seen,
        book,
    }
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("recordings");
    std::fs::create_dir_all(&dir).expect("a directory for recordings");
    dir.join(name)
}

async fn recorded_client(sim: &Sim, path: &std::path::Path) -> Client {
    Client::builder()
        .base_url(sim.rest_url())
        .credentials(sim.credentials())
        .record_session(path)
        .build()
        .expect("a recording client")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recorded_session_replays_to_the_same_values_with_the_simulator_stopped() {
    let path = scratch("session.jsonl");
    let sim = Sim::start().await.expect("sim");
    let client = recorded_client(&sim, &path).await;
    let live = session(&client, None).await;
    assert!(live.events.len() >= 3, "{:?}", live.events);
    assert_eq!(
        live.query.first().map(|o| o.executed_qty),
        Some(Some(d("2")))
    );
    assert!(live.cancel_again.is_some(), "the second cancel is refused");
    client.flush_recording().await.expect("flushed");
    let signatures: Vec<String> = sim
        .received()
        .into_iter()
        .filter_map(|r| r.signature)
        .collect();
    let (api_key, secret) = (sim.api_key().to_owned(), sim.secret().to_owned());
    sim.shutdown().await;

    let text = std::fs::read_to_string(&path).expect("the recording");
    let recording = Recording::parse(text.as_bytes()).expect("reads back");
    // Both streams' frames are in it, the market's inflated from gzip.
    let frames = |stream: &str| {
        let conns: Vec<u64> = recording
            .entries
            .iter()
            .filter_map(|e| match &e.recorded {
                Recorded::Connect {
                    conn, stream: s, ..
                } if s == stream => Some(*conn),
                _ => None,
            })
            .collect();
        recording
            .entries
            .iter()
            .filter(|e| matches!(&e.recorded, Recorded::Frame(f) if conns.contains(&f.conn)))
            .count()
    };
    assert!(frames("user") > live.events.len(), "{text}");
    assert!(frames("market") >= 2, "{text}");
    assert!(text.contains(r#""gzip":true"#), "{text}");
    assert!(text.contains("<listen-key-1>"), "{text}");
    // No secret anywhere: not the key, not the secret, no signature sent.
    assert!(!signatures.is_empty());
    for secret_text in signatures.iter().chain([&api_key, &secret]) {
        assert!(
            !text.contains(secret_text.as_str()),
            "`{secret_text}` in the recording"
        );
    }

    // The simulator is gone: the replay answers alone, as fast as it can.
    let replay = Replay::from_file(&path)
        .expect("a replay")
        .pace(Pace::Fast)
        .start()
        .await
        .expect("replay starts");
    let client = replay.client().expect("a client of the replay");
    let replayed = session(&client, Some(live.events.len())).await;
    assert_eq!(replayed, live);
    replay
        .verify()
        .expect("every recorded exchange and connection used");
    replay.shutdown().await;
}

/// Both streams lose their connection and get it back: the recording says which stream was
/// blind, and when, in a `gap` line; the signed requests before left the client's clock sample.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnected_stream_leaves_a_gap_line_and_a_clock_sample_its_line() {
    let path = scratch("gaps.jsonl");
    let sim = Sim::start().await.expect("sim");
    let client = recorded_client(&sim, &path).await;
    client.account().send().await.expect("a signed request");
    let backoff = (Duration::from_millis(50), Duration::from_millis(400));
    let mut user = client
        .user_stream()
        .reconnect_backoff(backoff.0, backoff.1)
        .connect()
        .await
        .expect("user stream");
    let mut market = client
        .market_stream()
        .subscribe(DepthChannel::new(BTC, 0))
        .reconnect_backoff(backoff.0, backoff.1)
        .connect()
        .await
        .expect("market stream");
    // The client's connect returns before the server has taken the subscription: close only a
    // connection it holds (bounded: 2 s).
    for _ in 0..200 {
        if sim.market_subscriptions() > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    sim.close_streams();
    sim.close_market_streams();
    loop {
        match tokio::time::timeout(WAIT, user.recv()).await {
            Ok(Some(StreamItem::Gap(_))) => break,
            Ok(Some(_)) => {}
            other => panic!("no gap on the user stream: {other:?}"),
        }
    }
    loop {
        match tokio::time::timeout(WAIT, market.recv()).await {
            Ok(Some(MarketItem::Gap(_))) => break,
            Ok(Some(_)) => {}
            other => panic!("no gap on the market stream: {other:?}"),
        }
    }
    user.shutdown().await.expect("the listen key closed");
    market.shutdown().await;
    client.flush_recording().await.expect("flushed");
    sim.shutdown().await;

    let text = std::fs::read_to_string(&path).expect("the recording");
    let recording = Recording::parse(text.as_bytes()).expect("reads back");
    assert_eq!(recording.version(), contango::recording::VERSION);
    let gaps: Vec<(&str, u64, u64, &[String])> = recording
        .entries
        .iter()
        .filter_map(|e| match &e.recorded {
            Recorded::Gap {
                stream,
                from_us,
                to_us,
                channels,
                ..
            } => Some((stream.as_str(), *from_us, *to_us, &channels[..])),
            _ => None,
        })
        .collect();
    let mut streams: Vec<&str> = gaps.iter().map(|g| g.0).collect();
    streams.sort_unstable();
    assert_eq!(streams, ["market", "user"], "{text}");
    for (stream, from, to, _) in &gaps {
        assert!(from < to, "{stream}: {from}..{to}");
    }
    let market_channels = gaps.iter().find(|g| g.0 == "market").map(|g| g.3);
    assert_eq!(
        market_channels,
        Some(&["market_e_btcusdt_depth_step0".to_owned()][..])
    );
    // The simulator's clock is this machine's: the offset measured is within its round trip.
    let clock = recording.entries.iter().find_map(|e| match e.recorded {
        Recorded::Clock {
            offset_us,
            round_trip_us,
        } => Some((offset_us, round_trip_us)),
        _ => None,
    });
    let Some((offset_us, Some(round_trip_us))) = clock else {
        panic!("no clock sample with its round trip: {text}");
    };
    assert!(
        offset_us.unsigned_abs() <= round_trip_us + 1_000,
        "offset {offset_us} µs, round trip {round_trip_us} µs"
    );
}

#[tokio::test]
async fn the_recorded_listen_key_never_reaches_the_file() {
    let path = scratch("listen-key.jsonl");
    let sim = Sim::start().await.expect("sim");
    let client = recorded_client(&sim, &path).await;
    let key = client
        .create_listen_key()
        .send()
        .await
        .expect("a key")
        .listen_key;
    client
        .keep_alive_listen_key(&key)
        .send()
        .await
        .expect("kept alive");
    client.close_listen_key(&key).send().await.expect("closed");
    client.flush_recording().await.expect("flushed");
    sim.shutdown().await;
    let text = std::fs::read_to_string(&path).expect("the recording");
    assert!(key.len() >= 8, "{key}");
    assert!(!text.contains(&key), "{text}");
    // The same key, the same placeholder: in the answer and in both paths.
    assert_eq!(text.matches("<listen-key-1>").count(), 3, "{text}");
    assert!(!text.contains("<listen-key-2>"), "{text}");
}

#[tokio::test]
async fn a_request_the_recording_lacks_is_named_and_unused_exchanges_are_reported() {
    let path = scratch("short.jsonl");
    let sim = Sim::start().await.expect("sim");
    let client = recorded_client(&sim, &path).await;
    client.depth(BTC).limit(5).send().await.expect("depth");
    client.ticker(BTC).send().await.expect("ticker");
    client.flush_recording().await.expect("flushed");
    sim.shutdown().await;

    let replay = Replay::from_file(&path)
        .expect("replay")
        .start()
        .await
        .expect("starts");
    let client = replay.client().expect("client");
    let e = client
        .depth("E-ETH-USDT")
        .limit(5)
        .send()
        .await
        .expect_err("not recorded");
    let message = e.to_string();
    assert!(
        message.contains("HTTP 404")
            && message.contains("no recorded answer")
            && message.contains("GET /fapi/v1/depth?contractName=E-ETH-USDT&limit=5"),
        "{message}"
    );
    let misses = replay.misses();
    assert_eq!(misses.len(), 1, "{misses:?}");
    assert!(
        misses[0]
            .why
            .contains("(line 2) is GET /fapi/v1/depth?contractName=E-BTC-USDT&limit=5"),
        "{}",
        misses[0]
    );
    // The recorded depth is still there; the ticker was never asked for.
    client
        .depth(BTC)
        .limit(5)
        .send()
        .await
        .expect("recorded depth");
    let unused = replay.unused();
    assert_eq!(unused.len(), 1, "{unused:?}");
    assert_eq!(unused[0].line, 3);
    assert!(
        unused[0].what.starts_with("GET /fapi/v1/ticker?"),
        "{unused:?}"
    );
    let incomplete = replay.verify().expect_err("incomplete").to_string();
    assert!(
        incomplete.contains("unanswered: GET /fapi/v1/depth?contractName=E-ETH-USDT")
            && incomplete.contains("unused (line 3): GET /fapi/v1/ticker"),
        "{incomplete}"
    );
}

#[tokio::test]
async fn with_credentials_the_replay_checks_signatures_as_a_server_would() {
    let path = scratch("signed.jsonl");
    let sim = Sim::start().await.expect("sim");
    let client = recorded_client(&sim, &path).await;
    client.account().send().await.expect("account");
    client.flush_recording().await.expect("flushed");
    sim.shutdown().await;

    let replay = Replay::from_file(&path)
        .expect("replay")
        .credentials("replay-key-0001", "replay-secret-0001")
        .start()
        .await
        .expect("starts");
    let account = replay.client().expect("client").account().send().await;
    account.expect("signed with the replay's credentials");
    assert!(replay.unused().is_empty() && replay.misses().is_empty());
    let forged = Client::builder()
        .base_url(replay.rest_url())
        .credentials(contango::Credentials::new(
            "replay-key-0001",
            "another-secret",
        ))
        .retry_policy(contango::RetryPolicy::NONE)
        .build()
        .expect("client");
    let e = forged.account().send().await.expect_err("refused");
    assert!(e.to_string().contains("HTTP 401"), "{e}");
    let misses = replay.misses();
    assert!(
        misses
            .iter()
            .any(|m| m.request.starts_with("GET /fapi/v2/account")
                && m.why.contains("does not verify")),
        "{misses:?}"
    );
}
