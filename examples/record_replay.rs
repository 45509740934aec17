//! Record a session, then replay it with the server gone (docs/recordings.md).
//!
//! `cargo run --example record_replay [FILE]` starts the embedded simulator, records a session
//! to FILE (default: a file in the system's temporary directory): public and signed REST, an
//! order filled by the book, an error answer, the private stream's events. It stops the
//! simulator, replays the same calls against the recording and compares what they returned.
//! Exit 0 only when everything is equal and every recorded exchange was used.
//!
//! With `CONTANGO_BASE_URL`, `CONTANGO_API_KEY` and `CONTANGO_SECRET_KEY` set it records the
//! read-only part against that server instead (no order is placed on a real account).

use std::time::Duration;

use contango::{
    Client, Credentials, Event, NewOrder, Open, OrderType, PositionType, Side, StreamItem,
};
use contango_sim::{Pace, Replay, Sim};
use rust_decimal_macros::dec;

const CONTRACT: &str = "E-BTC-USDT";

/// What a run of the session returned, compared between the live run and the replay.
#[derive(Debug, PartialEq)]
struct Seen {
    depth: contango::OrderBook,
    account: Option<contango::Account>,
    order: Option<i64>,
    refused: Option<contango::ErrorCode>,
    events: Vec<Event>,
}

/// The session; `trade` places an order and reads the private stream (the simulator only).
async fn session(client: &Client, trade: bool, events: Option<usize>) -> Seen {
    let depth = client.depth(CONTRACT).limit(5).send().await.expect("depth");
    let account = match client.core().credentials() {
        Some(_) => Some(client.account().send().await.expect("account")),
        None => None,
    };
    let (mut order, mut refused, mut seen) = (None, None, Vec::new());
    if trade {
        let mut stream = client.user_stream().connect().await.expect("the stream");
        let ack = client
            .new_order(NewOrder {
                contract_name: CONTRACT.into(),
                side: Side::Buy,
                order_type: OrderType::Market,
                position_type: PositionType::Cross,
                open: Open::Open,
                volume: dec!(2),
                amount: dec!(0),
                price: dec!(0),
            })
            .send()
            .await
            .expect("a market order");
        order = Some(ack.order_id);
        refused = client
            .cancel_order(CONTRACT)
            .order_id(ack.order_id)
            .send()
            .await
            .err()
            .and_then(|e| e.code());
        // Live: until the fill and its account update; replayed: as many as were recorded.
        let want = events.unwrap_or(3);
        while seen.len() < want {
            match tokio::time::timeout(Duration::from_secs(10), stream.recv()).await {
                Ok(Some(StreamItem::Event(e))) => seen.push(e),
                Ok(Some(_)) => {}
                other => panic!("the stream after {} events: {other:?}", seen.len()),
            }
        }
        stream.shutdown().await.expect("the listen key closed");
    }
    Seen {
        depth,
        account,
        order,
        refused,
        events: seen,
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("contango-session.jsonl"));
    let real = std::env::var("CONTANGO_BASE_URL").ok();

    // 1. Record.
    let sim = match real {
        Some(_) => None,
        None => Some(Sim::start().await?),
    };
    let mut builder = Client::builder().record_session(&path);
    builder = match (&sim, &real) {
        (Some(sim), _) => builder
            .base_url(sim.rest_url())
            .credentials(sim.credentials()),
        (None, Some(url)) => {
            let b = builder.base_url(url);
            match (
                std::env::var("CONTANGO_API_KEY"),
                std::env::var("CONTANGO_SECRET_KEY"),
            ) {
                (Ok(k), Ok(s)) => b.credentials(Credentials::new(k, s)),
                _ => b,
            }
        }
        (None, None) => unreachable!("a simulator or a server"),
    };
    let client = builder.build()?;
    let trade = sim.is_some();
    let live = session(&client, trade, None).await;
    client.flush_recording().await?;
    if let Some(sim) = sim {
        sim.shutdown().await;
    }
    let text = std::fs::read_to_string(&path)?;
    let kinds = ["http", "connect", "frame", "close"].map(|k| {
        let n = text.matches(&format!("\"kind\":\"{k}\"")).count();
        format!("{n} {k}")
    });
    println!(
        "recorded    {} ({} lines: {})",
        path.display(),
        text.lines().count(),
        kinds.join(", ")
    );
    println!(
        "live        best bid {:?}, order {:?}, second cancel refused with {:?}, {} events",
        live.depth.bids.first().map(|l| l.price),
        live.order,
        live.refused,
        live.events.len()
    );

    // 2. Replay, with nothing else listening.
    let replay = Replay::from_file(&path)?.pace(Pace::Fast).start().await?;
    let client = match live.account {
        Some(_) => replay.client()?,
        None => Client::builder().base_url(replay.rest_url()).build()?,
    };
    let replayed = session(&client, trade, Some(live.events.len())).await;
    println!(
        "replayed    best bid {:?}, order {:?}, second cancel refused with {:?}, {} events",
        replayed.depth.bids.first().map(|l| l.price),
        replayed.order,
        replayed.refused,
        replayed.events.len()
    );
    let used = replay.verify();
    replay.shutdown().await;
    if replayed != live {
        eprintln!("the replay differs:\nlive     {live:?}\nreplayed {replayed:?}");
        std::process::exit(1);
    }
    if let Err(e) = used {
        eprintln!("{e}");
        std::process::exit(1);
    }
    println!("equal       every value; every recorded exchange used");
    Ok(())
}
