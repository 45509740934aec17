//! Behaviour of the user stream against an in-test WebSocket server and a mock listen-key API.

mod support;

use std::io::Write as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio_tungstenite::tungstenite::Message;

use super::{
    ConnectError, GapReason, ListenKeys, StreamError, StreamItem, UserStream, UserStreamBuilder,
};
use support::*;

/// A builder with test-sized timings.
fn builder(server: &Server) -> UserStreamBuilder<TestApi> {
    UserStream::<TestApi>::builder(server.core())
        .connect_timeout(Duration::from_secs(2))
        .ack_timeout(Duration::from_secs(2))
        .close_timeout(Duration::from_secs(1))
        .reconnect_backoff(Duration::from_millis(40), Duration::from_millis(400))
}

fn expect_event(item: Item, id: i64) {
    assert_eq!(item, StreamItem::Event(order_event(id)));
}

#[tokio::test]
async fn subscribes_then_delivers_events() {
    let mut server = Server::start().await;
    // The server side checks the subscribe message and acknowledges it; connect() returns after.
    let (stream, peer) = tokio::join!(builder(&server).connect(), server.subscribed_peer());
    let (mut stream, mut peer) = (stream.unwrap(), peer);
    assert_eq!(server.mock.creates(), 1);
    assert!(
        server.mock.is_valid(&peer.key),
        "connected with the created key"
    );
    peer.send(&order(1)).await;
    peer.send(&order(2)).await;
    expect_event(next_item(&mut stream).await, 1);
    expect_event(next_item(&mut stream).await, 2);
    stream.shutdown().await.unwrap();
}

/// `connect()` needs the real acknowledgement: subscribe was answered by the test manually.
async fn connect_with_answer(answer: Option<&str>) -> Result<(), ConnectError<TestCode>> {
    let mut server = Server::start().await;
    let b = builder(&server).ack_timeout(Duration::from_millis(200));
    let connecting = tokio::spawn(b.connect());
    let mut peer = server.next_peer().await;
    assert_eq!(peer.recv_text().await, SUB);
    if let Some(a) = answer {
        peer.send(a).await;
    }
    let r = connecting.await.unwrap();
    // A failed start closes the key it created.
    assert_eq!(server.mock.closes().len(), usize::from(r.is_err()));
    r.map(|_| ())
}

#[tokio::test]
async fn connect_fails_without_an_ack_or_on_a_refusal() {
    let e = connect_with_answer(None).await.unwrap_err();
    assert!(
        matches!(e, ConnectError::AckTimeout(d) if d == Duration::from_millis(200)),
        "{e}"
    );
    let e = connect_with_answer(Some(r#"{"event":"user_account_update","status":"fail"}"#))
        .await
        .unwrap_err();
    assert!(
        matches!(&e, ConnectError::Subscribe(m) if m.contains("fail")),
        "{e}"
    );
    // A ping before the ack is answered, and the ack still counts.
    let mut server = Server::start().await;
    let connecting = tokio::spawn(builder(&server).connect());
    let mut peer = server.next_peer().await;
    assert_eq!(peer.recv_text().await, SUB);
    peer.send(r#"{"event":"ping","ts":"7"}"#).await;
    assert_eq!(peer.recv_text().await, r#"{"event":"pong","ts":"7"}"#);
    peer.send(ACK).await;
    let stream = connecting.await.unwrap().unwrap();
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn connect_reports_listen_key_errors() {
    let server = Server::start().await;
    *server.mock.create_error.lock().unwrap() = Some(1022);
    let e = builder(&server).connect().await.unwrap_err();
    match e {
        ConnectError::ListenKey(e) => assert_eq!(e.code(), Some(TestCode::Other(1022))),
        other => panic!("{other}"),
    }
    assert!(server.mock.closes().is_empty(), "no key, nothing to close");
}

#[tokio::test]
async fn server_pings_are_answered_with_the_same_ts() {
    let mut server = Server::start().await;
    let b = builder(&server).ping_interval(Duration::from_millis(50));
    let (stream, peer) = tokio::join!(b.connect(), server.subscribed_peer());
    let (mut stream, mut peer) = (stream.unwrap(), peer);
    peer.send(r#"{"event":"ping","ts":"1635221621062"}"#).await;
    assert_eq!(
        peer.recv_text().await,
        r#"{"event":"pong","ts":"1635221621062"}"#
    );
    peer.send(r#"{"event":"ping","ts":1635221621063}"#).await;
    assert_eq!(
        peer.recv_text().await,
        r#"{"event":"pong","ts":"1635221621063"}"#
    );
    // The client's own WebSocket pings arrive too.
    let mut pings = 0;
    for _ in 0..50 {
        if let Some(Message::Ping(_)) = peer.recv().await {
            pings += 1;
            if pings == 2 {
                break;
            }
        }
    }
    assert_eq!(pings, 2);
    // Pings are control messages, never items.
    peer.send(&order(1)).await;
    expect_event(next_item(&mut stream).await, 1);
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_silent_connection_is_dropped_and_replaced() {
    let mut server = Server::start().await;
    let b = builder(&server)
        .ping_interval(Duration::from_millis(50))
        .silence_timeout(Duration::from_millis(300));
    let (stream, peer) = tokio::join!(b.connect(), server.subscribed_peer());
    let (mut stream, mut peer) = (stream.unwrap(), peer);
    peer.send(&order(1)).await;
    expect_event(next_item(&mut stream).await, 1);
    let silent_since = Instant::now();
    peer.go_silent(); // no more pongs to the client's pings
    match next_item(&mut stream).await {
        StreamItem::Disconnected { reason, .. } => {
            assert_eq!(reason, GapReason::Silent(Duration::from_millis(300)));
        }
        other => panic!("{other:?}"),
    }
    assert!(silent_since.elapsed() >= Duration::from_millis(200));
    let mut peer2 = server.subscribed_peer().await;
    match next_item(&mut stream).await {
        StreamItem::Gap(gap) => {
            assert_eq!(gap.reason, GapReason::Silent(Duration::from_millis(300)));
            assert!(gap.from_ms <= gap.to_ms);
            assert_eq!(gap.last_event_ms, Some(1_001));
        }
        other => panic!("{other:?}"),
    }
    peer2.send(&order(2)).await;
    expect_event(next_item(&mut stream).await, 2);
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_dropped_connection_reconnects_with_a_gap_and_no_duplicates() {
    let mut server = Server::start().await;
    let (stream, peer) = tokio::join!(builder(&server).connect(), server.subscribed_peer());
    let (mut stream, mut peer) = (stream.unwrap(), peer);
    peer.send(&order(1)).await;
    peer.send(&order(2)).await;
    let mut items = vec![next_item(&mut stream).await, next_item(&mut stream).await];
    let key = peer.key.clone();
    let dropped = Instant::now();
    peer.kill();
    items.push(next_item(&mut stream).await);
    // The client reconnects (after a backoff), checks its key, and subscribes again.
    let mut peer2 = server.next_peer().await;
    assert!(
        dropped.elapsed() >= Duration::from_millis(20),
        "a backoff before reconnecting"
    );
    assert_eq!(peer2.key, key, "the key is still valid");
    assert_eq!(
        server.mock.keep_alives(),
        1,
        "the key was checked before reconnecting"
    );
    peer2.subscribe().await;
    peer2.send(&order(3)).await;
    peer2.send(&order(4)).await;
    for _ in 0..3 {
        items.push(next_item(&mut stream).await);
    }
    assert!(
        item_within(&mut stream, Duration::from_millis(200))
            .await
            .is_none(),
        "nothing more"
    );
    assert_eq!(items[0], StreamItem::Event(order_event(1)));
    assert_eq!(items[1], StreamItem::Event(order_event(2)));
    assert!(
        matches!(items[2], StreamItem::Disconnected { .. }),
        "{:?}",
        items[2]
    );
    match &items[3] {
        StreamItem::Gap(gap) => {
            assert!(gap.from_ms <= gap.to_ms, "{gap:?}");
            assert_eq!(gap.last_event_ms, Some(1_002));
        }
        other => panic!("a gap before the first event after the outage, got {other:?}"),
    }
    assert_eq!(items[4], StreamItem::Event(order_event(3)));
    assert_eq!(items[5], StreamItem::Event(order_event(4)));
    assert_eq!(server.mock.creates(), 1);
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn reconnect_attempts_back_off_and_are_reported() {
    let mut server = Server::start().await;
    let (stream, peer) = tokio::join!(builder(&server).connect(), server.subscribed_peer());
    let (mut stream, peer) = (stream.unwrap(), peer);
    server.mock.refuse_handshakes.store(3, Ordering::SeqCst);
    let key = peer.key.clone();
    let dropped = Instant::now();
    peer.kill();
    assert!(matches!(
        next_item(&mut stream).await,
        StreamItem::Disconnected { .. }
    ));
    for attempt in 1..=3 {
        match next_item(&mut stream).await {
            StreamItem::Error(StreamError::Connect {
                attempt: a,
                message,
            }) => {
                assert_eq!(a, attempt);
                assert!(message.contains("503"), "{message}");
                assert!(!message.contains(&key), "the key is never in messages");
            }
            other => panic!("{other:?}"),
        }
    }
    let mut peer = server.subscribed_peer().await;
    assert!(matches!(next_item(&mut stream).await, StreamItem::Gap(_)));
    // Waits of at least 20 + 20 + 40 + 80 ms (half of each jittered, doubling backoff).
    assert!(
        dropped.elapsed() >= Duration::from_millis(160),
        "{:?}",
        dropped.elapsed()
    );
    peer.send(&order(9)).await;
    expect_event(next_item(&mut stream).await, 9);
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn rotation_at_max_age_loses_nothing_and_yields_no_gap() {
    let mut server = Server::start().await;
    let b = builder(&server).max_connection_age(Duration::from_millis(300));
    let (stream, peer) = tokio::join!(b.connect(), server.subscribed_peer());
    let (mut stream, mut old) = (stream.unwrap(), peer);
    old.send(&order(1)).await;
    expect_event(next_item(&mut stream).await, 1);

    // At the maximum age the client opens a second connection, with the same key.
    let mut new = server.next_peer().await;
    assert_eq!(new.key, old.key);
    assert_eq!(new.recv_text().await, SUB);
    // Until the new one is subscribed, the old one stays open and delivers.
    old.send(&order(2)).await;
    assert!(
        !old.pending().iter().any(|m| matches!(m, Message::Close(_))),
        "the old connection is not closed before the new one is subscribed"
    );
    new.send(ACK).await;
    // The server sends the next events on both connections during the overlap.
    new.send(&order(3)).await;
    old.send(&order(3)).await;
    new.send(&order(4)).await;
    assert!(
        old.closed_by_client().await,
        "the old connection is closed with a close frame"
    );
    new.send(&order(5)).await;

    let mut got = Vec::new();
    for _ in 0..4 {
        got.push(next_item(&mut stream).await);
    }
    // Nothing else: no duplicate of 3, no gap, no disconnect.
    if let Some(extra) = item_within(&mut stream, Duration::from_millis(150)).await {
        panic!("unexpected item {extra:?} after {got:?}");
    }
    let mut ids: Vec<i64> = got
        .iter()
        .map(|i| match i {
            StreamItem::Event(TestEvent::Order { id, .. }) => *id,
            other => panic!("only events across a rotation, got {other:?}"),
        })
        .collect();
    ids.sort_unstable();
    assert_eq!(ids, vec![2, 3, 4, 5]);
    assert_eq!(server.mock.creates(), 1, "a rotation keeps the key");
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn keep_alives_follow_the_configured_interval() {
    let mut server = Server::start().await;
    let b = builder(&server).keep_alive_interval(Duration::from_millis(100));
    let (stream, peer) = tokio::join!(b.connect(), server.subscribed_peer());
    let (stream, _peer) = (stream.unwrap(), peer);
    assert_eq!(server.mock.keep_alives(), 0);
    tokio::time::sleep(Duration::from_millis(560)).await;
    let n = server.mock.keep_alives();
    assert!(
        (3..=6).contains(&n),
        "{n} keep-alives in 560 ms at a 100 ms interval"
    );
    assert_eq!(server.mock.creates(), 1);
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_invalid_key_on_keep_alive_is_replaced_make_before_break() {
    let mut server = Server::start().await;
    let b = builder(&server).keep_alive_interval(Duration::from_millis(150));
    let (stream, peer) = tokio::join!(b.connect(), server.subscribed_peer());
    let (mut stream, mut old) = (stream.unwrap(), peer);
    let key1 = old.key.clone();
    server.mock.expire_keys(); // -1150 on the next keep-alive; the old socket stays open
    let mut new = server.next_peer().await;
    assert_ne!(new.key, key1, "a new key");
    assert_eq!(server.mock.creates(), 2);
    old.send(&order(1)).await; // still delivered: the old connection is open until the switch
    new.subscribe().await;
    assert!(old.closed_by_client().await);
    new.send(&order(2)).await;
    expect_event(next_item(&mut stream).await, 1);
    expect_event(next_item(&mut stream).await, 2);
    assert!(
        item_within(&mut stream, Duration::from_millis(100))
            .await
            .is_none(),
        "no gap"
    );
    stream.shutdown().await.unwrap();
    assert_eq!(server.mock.closes(), vec![new.key.clone()]);
}

#[tokio::test]
async fn an_expired_key_and_a_closed_stream_give_a_new_key_and_a_gap() {
    let mut server = Server::start().await;
    let (stream, peer) = tokio::join!(builder(&server).connect(), server.subscribed_peer());
    let (mut stream, peer) = (stream.unwrap(), peer);
    let key1 = peer.key.clone();
    // The server expires the key and ends its stream.
    server.mock.expire_keys();
    peer.kill();
    assert!(matches!(
        next_item(&mut stream).await,
        StreamItem::Disconnected { .. }
    ));
    let mut peer2 = server.subscribed_peer().await;
    assert_ne!(peer2.key, key1);
    assert!(server.mock.is_valid(&peer2.key));
    assert_eq!(server.mock.creates(), 2);
    assert!(matches!(next_item(&mut stream).await, StreamItem::Gap(_)));
    peer2.send(&order(1)).await;
    expect_event(next_item(&mut stream).await, 1);
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn malformed_unknown_and_gzip_frames() {
    let mut server = Server::start().await;
    let (stream, peer) = tokio::join!(builder(&server).connect(), server.subscribed_peer());
    let (mut stream, mut peer) = (stream.unwrap(), peer);
    peer.send("this is not json").await;
    peer.send(r#"{"e":"ORDER","E":1,"i":"not a number"}"#).await;
    peer.send(r#"{"e":"NEW_KIND","x":[1,2]}"#).await;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(order(7).as_bytes()).unwrap();
    peer.send_binary(gz.finish().unwrap()).await;
    peer.send_binary(vec![0x1f, 0x8b, 0, 1, 2]).await;
    peer.send_binary(order(8).into_bytes()).await;
    peer.send(&order(9)).await;

    match next_item(&mut stream).await {
        StreamItem::Error(StreamError::Malformed { frame, .. }) => {
            assert_eq!(frame, "this is not json");
        }
        other => panic!("{other:?}"),
    }
    match next_item(&mut stream).await {
        StreamItem::Error(StreamError::Malformed { message, frame }) => {
            assert!(message.contains("invalid type"), "{message}");
            assert!(frame.contains("not a number"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        next_item(&mut stream).await,
        StreamItem::Event(TestEvent::Other {
            event_type: "NEW_KIND".into(),
            raw: r#"{"e":"NEW_KIND","x":[1,2]}"#.into(),
        })
    );
    expect_event(next_item(&mut stream).await, 7);
    match next_item(&mut stream).await {
        StreamItem::Error(StreamError::Malformed { message, .. }) => {
            assert!(message.contains("gzip"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    expect_event(next_item(&mut stream).await, 8);
    expect_event(next_item(&mut stream).await, 9);
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn shutdown_closes_the_key_and_the_connection() {
    let mut server = Server::start().await;
    let (stream, peer) = tokio::join!(builder(&server).connect(), server.subscribed_peer());
    let (stream, mut peer) = (stream.unwrap(), peer);
    let key = peer.key.clone();
    stream.shutdown().await.unwrap();
    assert_eq!(server.mock.closes(), vec![key.clone()]);
    assert!(!server.mock.is_valid(&key));
    assert!(peer.closed_by_client().await, "a close frame, not a reset");
}

#[tokio::test]
async fn dropping_the_stream_closes_the_key_in_the_background() {
    let mut server = Server::start().await;
    let (stream, peer) = tokio::join!(builder(&server).connect(), server.subscribed_peer());
    let key = peer.key.clone();
    drop(stream.unwrap());
    for _ in 0..100 {
        if !server.mock.closes().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(server.mock.closes(), vec![key]);
}

#[tokio::test]
async fn listen_key_creation_is_single_flight() {
    let server = Server::start().await;
    *server.mock.create_delay.lock().unwrap() = Duration::from_millis(50);
    let keys = Arc::new(ListenKeys::<TestApi>::new(server.core()));
    let calls = (0..8).map(|_| {
        let keys = Arc::clone(&keys);
        tokio::spawn(async move { keys.get().await.unwrap() })
    });
    let got: Vec<String> = futures_util::future::join_all(calls)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(server.mock.creates(), 1, "8 concurrent callers, 1 request");
    assert!(got.iter().all(|k| *k == got[0]));

    // Renewing the same stale key concurrently: one request, one new key.
    server.mock.expire_keys();
    let stale = got[0].clone();
    let calls = (0..4).map(|_| {
        let keys = Arc::clone(&keys);
        let stale = stale.clone();
        tokio::spawn(async move { keys.renew(&stale).await.unwrap() })
    });
    let renewed: Vec<String> = futures_util::future::join_all(calls)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(server.mock.creates(), 2);
    assert!(renewed.iter().all(|k| *k == renewed[0] && *k != stale));
    assert!(format!("{keys:?}").contains("key2"), "{keys:?}");
    assert!(
        !format!("{keys:?}").contains(&renewed[0]),
        "the key is redacted in Debug"
    );
}

#[tokio::test]
async fn shared_keys_are_closed_by_the_last_stream() {
    let mut server = Server::start().await;
    let keys = Arc::new(ListenKeys::<TestApi>::new(server.core()));
    let (a, pa) = tokio::join!(
        builder(&server).listen_keys(Arc::clone(&keys)).connect(),
        server.subscribed_peer()
    );
    let (b, pb) = tokio::join!(
        builder(&server).listen_keys(Arc::clone(&keys)).connect(),
        server.subscribed_peer()
    );
    assert_eq!(pa.key, pb.key);
    assert_eq!(server.mock.creates(), 1);
    a.unwrap().shutdown().await.unwrap();
    assert!(
        server.mock.closes().is_empty(),
        "still in use by the other stream"
    );
    b.unwrap().shutdown().await.unwrap();
    assert_eq!(server.mock.closes(), vec![pa.key.clone()]);
}

#[tokio::test]
async fn a_slow_consumer_gets_a_gap_not_unbounded_memory() {
    let mut server = Server::start().await;
    let b = builder(&server)
        .buffer(2)
        .slow_consumer_timeout(Duration::from_millis(100));
    let (stream, peer) = tokio::join!(b.connect(), server.subscribed_peer());
    let (mut stream, mut peer) = (stream.unwrap(), peer);
    for id in 0..200 {
        peer.send(&order(id)).await;
    }
    // Nobody reads: after the timeout the client drops the connection (no close handshake).
    assert!(!peer.closed_by_client().await);
    let mut ids = Vec::new();
    let mut disconnected = false;
    for _ in 0..300 {
        match next_item(&mut stream).await {
            StreamItem::Event(TestEvent::Order { id, .. }) => ids.push(id),
            StreamItem::Disconnected { reason, .. } => {
                assert_eq!(reason, GapReason::SlowConsumer);
                disconnected = true;
                break;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(disconnected);
    assert!(
        ids.len() < 200,
        "some frames were never read: {}",
        ids.len()
    );
    assert!(
        ids.windows(2).all(|w| w[0] < w[1]),
        "in order, no duplicates"
    );
    let mut peer2 = server.subscribed_peer().await;
    match next_item(&mut stream).await {
        StreamItem::Gap(gap) => assert_eq!(gap.reason, GapReason::SlowConsumer),
        other => panic!("{other:?}"),
    }
    peer2.send(&order(1000)).await;
    expect_event(next_item(&mut stream).await, 1000);
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn snapshots_follow_the_start_and_every_gap() {
    let mut server = Server::start().await;
    let calls = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&calls);
    let b = builder(&server)
        .snapshot(move |_core| {
            let n = counter.fetch_add(1, Ordering::SeqCst) + 1;
            async move {
                if n == 3 {
                    Err("REST is down")
                } else {
                    Ok(format!("snapshot {n}"))
                }
            }
        })
        .snapshot_on_connect(true);
    let (stream, peer) = tokio::join!(b.connect(), server.subscribed_peer());
    let mut stream = stream.unwrap();
    assert_eq!(
        next_item(&mut stream).await,
        StreamItem::Snapshot("snapshot 1".to_owned())
    );
    peer.kill();
    assert!(matches!(
        next_item(&mut stream).await,
        StreamItem::Disconnected { .. }
    ));
    let peer = server.subscribed_peer().await;
    assert!(matches!(next_item(&mut stream).await, StreamItem::Gap(_)));
    assert_eq!(
        next_item(&mut stream).await,
        StreamItem::Snapshot("snapshot 2".to_owned())
    );
    peer.kill();
    assert!(matches!(
        next_item(&mut stream).await,
        StreamItem::Disconnected { .. }
    ));
    let _peer = server.subscribed_peer().await;
    assert!(matches!(next_item(&mut stream).await, StreamItem::Gap(_)));
    assert_eq!(
        next_item(&mut stream).await,
        StreamItem::Error(StreamError::Snapshot("REST is down".into()))
    );
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn start_retries_the_first_connection_in_the_background() {
    let mut server = Server::start().await;
    server.mock.refuse_handshakes.store(1, Ordering::SeqCst);
    let mut stream = builder(&server).start().unwrap();
    match next_item(&mut stream).await {
        StreamItem::Error(StreamError::Connect { attempt: 1, .. }) => {}
        other => panic!("{other:?}"),
    }
    let mut peer = server.subscribed_peer().await;
    peer.send(&order(1)).await;
    expect_event(next_item(&mut stream).await, 1);
    stream.shutdown().await.unwrap();
}

#[tokio::test]
async fn bad_configuration_is_refused() {
    let server = Server::start().await;
    let e = builder(&server)
        .url("wss://example.com/ws")
        .start()
        .unwrap_err();
    assert!(
        matches!(&e, ConnectError::Config(m) if m.contains("{listenKey}")),
        "{e}"
    );
    let e = builder(&server).buffer(0).start().unwrap_err();
    assert!(matches!(e, ConnectError::Config(_)));
    let e = builder(&server)
        .keep_alive_interval(Duration::ZERO)
        .start()
        .unwrap_err();
    assert!(matches!(e, ConnectError::Config(_)));
}

#[tokio::test]
async fn an_explicit_url_is_used() {
    let mut server = Server::start().await;
    let url = format!(
        "ws://{}/stream?listenKey={{listenKey}}&extra=1",
        server.addr
    );
    let (stream, peer) = tokio::join!(
        builder(&server).url(url).connect(),
        server.subscribed_peer()
    );
    assert!(server.mock.is_valid(&peer.key));
    stream.unwrap().shutdown().await.unwrap();
}
