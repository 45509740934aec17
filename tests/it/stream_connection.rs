//! The private event stream's connection management through `Client::user_stream()` against the
//! simulator: ping/pong, keep-alive and expiry on the simulator's clock, reconnects with gaps,
//! and make-before-break rotation.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::sim_support::{client, order, sim};
use crate::stream_support::{
    ITEM_WAIT, assert_quiet, next_account, next_item, next_order, raw_closed, raw_subscribed,
    wait_until,
};
use contango::*;
use contango_sim::Sim;
use tokio::time::{Instant, timeout};

const BTC: &str = "E-BTC-USDT";
const ETH: &str = "E-ETH-USDT";
const MINUTE: Duration = Duration::from_secs(60);

/// A resting LIMIT buy that yields exactly one ORDER_TRADE_UPDATE (NEW) and one ACCOUNT_UPDATE
/// (the lock); returns its order id.
async fn place_resting(c: &Client, symbol: &str, client_id: &str) -> i64 {
    let price = if symbol == BTC { "29000" } else { "1900" };
    c.new_order(order(
        symbol,
        Side::Buy,
        OrderType::Limit,
        Open::Open,
        "1",
        price,
    ))
    .client_order_id(client_id)
    .send()
    .await
    .unwrap_or_else(|e| panic!("order {client_id}: {e}"))
    .order_id
}

/// The server pings every 100 ms and closes connections that do not answer within 1 s: a raw
/// socket that never answers is closed (1008) while the client's connection, on the same key,
/// stays open across more than 20 ping intervals (never a second connection, never a
/// `Disconnected` or `Gap` item) and still delivers events.
#[tokio::test]
async fn the_client_answers_server_pings_and_stays_connected_while_a_silent_socket_is_closed() {
    let sim = Sim::builder()
        .ping_interval(Duration::from_millis(100))
        .pong_timeout(Duration::from_secs(1))
        .start()
        .await
        .expect("sim");
    let c = client(&sim);
    let mut s = c.user_stream().connect().await.expect("stream");
    let key = s.listen_keys().current().await.expect("a key");
    assert_eq!(sim.stream_connections(), 1);

    let (mut silent, _ack) = raw_subscribed(&sim, &key).await;
    assert_eq!(sim.stream_connections(), 2);
    assert_eq!(
        raw_closed(&mut silent, Duration::from_secs(5)).await,
        Some(1008),
        "the socket that does not pong is closed for it"
    );
    wait_until(ITEM_WAIT, "the silent socket is gone", || {
        sim.stream_connections() == 1
    })
    .await;

    // 2.2 s = 22 ping intervals, sampled every 50 ms: always exactly the client's connection.
    let opened = sim.stream_connections_opened();
    let until = Instant::now() + Duration::from_millis(2200);
    while Instant::now() < until {
        assert_eq!(sim.stream_connections(), 1);
        if let Ok(item) = timeout(Duration::from_millis(50), s.recv()).await {
            panic!("expected no item while connected, got {item:?}");
        }
    }
    assert_eq!(sim.stream_connections_opened(), opened, "no new connection");

    an_order_arrives(&c, &mut s, "ping-1", "an order after the pings").await;
    s.shutdown().await.expect("shutdown");
}

/// With a 100 ms keep-alive interval the client extends its key (PUT) again and again; the
/// simulator's clock is advanced 20 minutes after each extension, 2 hours in all (four times
/// the key's 30-minute validity), and the key stays the same and valid, on the same connection,
/// with no item at all.
#[tokio::test]
async fn keep_alive_puts_keep_the_key_valid_past_its_validity_on_the_sim_clock() {
    let sim = sim().await;
    let c = client(&sim);
    let mut s = c
        .user_stream()
        .keep_alive_interval(Duration::from_millis(100))
        .connect()
        .await
        .expect("stream");
    let key = s.listen_keys().current().await.expect("a key");
    for step in 0..6 {
        let before = sim.listen_key_stats().kept_alive;
        wait_until(ITEM_WAIT, "the client sends a keep-alive", || {
            sim.listen_key_stats().kept_alive > before
        })
        .await;
        sim.advance_clock(20 * MINUTE);
        assert!(
            sim.listen_key_active(&key),
            "step {step}: the key is still valid"
        );
    }
    let stats = sim.listen_key_stats();
    assert!(stats.kept_alive >= 6, "{stats:?}");
    assert_eq!((stats.created, stats.expired), (1, 0), "{stats:?}");
    assert_eq!(
        s.listen_keys().current().await.as_deref(),
        Some(key.as_str())
    );
    assert_eq!(sim.stream_connections(), 1);
    assert_eq!(sim.stream_connections_opened(), 1);
    assert_quiet(&mut s, Duration::from_millis(200), "no disconnect, no gap").await;

    an_order_arrives(&c, &mut s, "ka-1", "an order on the same connection").await;
    s.shutdown().await.expect("shutdown");
}

/// The keep-alive interval against the key's lifetime, in proportion: the simulator's keys live
/// 1.5 s after each creation or keep-alive (30 minutes by default), the client keeps its key
/// alive every second (20 minutes by default) and takes it as valid 1.5 s. Kept open for three
/// lifetimes on the wall clock, the stream never loses its key: one key, no expiry, one
/// connection, no disconnection or gap.
#[tokio::test]
async fn a_stream_kept_open_past_the_key_lifetime_never_loses_its_key() {
    let lifetime = Duration::from_millis(1500);
    let sim = Sim::builder()
        .listen_key_validity(lifetime)
        .start()
        .await
        .expect("simulator starts");
    let c = client(&sim);
    let mut s = c
        .user_stream()
        .keep_alive_interval(lifetime * 2 / 3)
        .key_validity(lifetime)
        .connect()
        .await
        .expect("stream");
    let key = s.listen_keys().current().await.expect("a key");
    assert_quiet(&mut s, lifetime * 3, "no disconnect, no gap").await;
    assert!(sim.listen_key_active(&key));
    let stats = sim.listen_key_stats();
    assert_eq!((stats.created, stats.expired), (1, 0), "{stats:?}");
    assert!(stats.kept_alive >= 3, "{stats:?}");
    assert_eq!(sim.stream_connections_opened(), 1);
    an_order_arrives(&c, &mut s, "life-1", "an order on the same connection").await;
    s.shutdown().await.expect("shutdown");
}

/// The simulator's clock jumps 61 minutes before the client's (20-minute) keep-alive runs: the
/// key expires and the simulator closes its connection. The client yields `Disconnected`, finds
/// the key gone (-1150), creates a new one, reconnects on it, and yields a `Gap` before the next
/// event.
#[tokio::test]
async fn an_expired_key_is_replaced_and_the_stream_reconnects_with_a_gap() {
    let sim = sim().await;
    let c = client(&sim);
    let mut s = c
        .user_stream()
        .reconnect_backoff(Duration::from_millis(50), Duration::from_millis(500))
        .connect()
        .await
        .expect("stream");
    let old = s.listen_keys().current().await.expect("a key");

    sim.advance_clock(61 * MINUTE);
    assert!(!sim.listen_key_active(&old));
    assert_eq!(sim.listen_key_stats().expired, 1);

    match next_item(&mut s, "the disconnection").await {
        StreamItem::Disconnected { reason, .. } => assert_eq!(
            reason,
            GapReason::Closed {
                code: Some(1000),
                reason: "listen key expired".into()
            }
        ),
        other => panic!("expected Disconnected, got {other:?}"),
    }
    let gap = match next_item(&mut s, "the gap").await {
        StreamItem::Gap(gap) => gap,
        other => panic!("expected a Gap, got {other:?}"),
    };
    assert!(gap.to_ms >= gap.from_ms, "{gap:?}");
    assert!(matches!(gap.reason, GapReason::Closed { .. }), "{gap:?}");

    let new = s.listen_keys().current().await.expect("a key");
    assert_ne!(new, old, "a new key");
    assert!(sim.listen_key_active(&new));
    assert_eq!(sim.listen_key_stats().created, 2);
    assert_eq!(sim.stream_connections(), 1);

    an_order_arrives(&c, &mut s, "exp-1", "an order after the gap").await;
    s.shutdown().await.expect("shutdown");
    assert!(!sim.listen_key_active(&new), "the new key is closed too");
}

/// What the stream yielded, by kind: order updates by (order id, execution type), account
/// updates counted, gaps and disconnections in order of arrival.
#[derive(Debug, Default)]
struct Seen {
    orders: BTreeMap<(i64, String), usize>,
    accounts: usize,
    /// `(index in the item sequence, item)` of every non-event item.
    other: Vec<(usize, String)>,
    /// Index of each order id's first update in the item sequence.
    position: BTreeMap<i64, usize>,
    items: usize,
}

impl Seen {
    fn take(&mut self, item: StreamItem) {
        let index = self.items;
        self.items += 1;
        match item {
            StreamItem::Event(Event::OrderTradeUpdate(u)) => {
                let key = (u.order.order_id, format!("{:?}", u.order.execution_type));
                *self.orders.entry(key).or_default() += 1;
                self.position.entry(u.order.order_id).or_insert(index);
            }
            StreamItem::Event(Event::AccountUpdate(_)) => self.accounts += 1,
            other => self.other.push((index, format!("{other:?}"))),
        }
    }

    fn new_updates(&self, id: i64) -> usize {
        self.orders
            .get(&(id, "New".to_owned()))
            .copied()
            .unwrap_or(0)
    }
}

/// Five orders, then the simulator drops every connection (`close_streams`), then five more
/// orders. The client yields `Disconnected` at once, waits its backoff (at least half the 200 ms
/// minimum), reconnects, resubscribes and yields a `Gap`; the later orders' events arrive. Every
/// order sent while a connection was up is seen exactly once (its NEW update and its account
/// update), the gap sits between the fifth and the sixth, and nothing else is yielded.
#[tokio::test]
async fn a_dropped_connection_reconnects_with_backoff_and_a_gap_losing_nothing_sent_while_connected()
 {
    let sim = sim().await;
    let c = client(&sim);
    let mut s = c
        .user_stream()
        .reconnect_backoff(Duration::from_millis(200), Duration::from_secs(2))
        .connect()
        .await
        .expect("stream");
    let mut seen = Seen::default();
    let mut ids = Vec::new();
    for i in 0..5 {
        ids.push(place_resting(&c, BTC, &format!("drop-{i}")).await);
    }
    for _ in 0..10 {
        seen.take(next_item(&mut s, "the first five orders' events").await);
    }

    sim.close_streams();
    let lost_at = Instant::now();
    let item = next_item(&mut s, "the disconnection").await;
    assert!(
        matches!(
            &item,
            StreamItem::Disconnected {
                reason: GapReason::Closed {
                    code: Some(1001),
                    ..
                },
                ..
            }
        ),
        "{item:?}"
    );
    seen.take(item);
    let item = next_item(&mut s, "the gap").await;
    let waited = lost_at.elapsed();
    let StreamItem::Gap(gap) = &item else {
        panic!("expected a Gap, got {item:?}");
    };
    assert!(
        waited >= Duration::from_millis(100),
        "reconnected after {waited:?}, before the backoff"
    );
    assert!(gap.to_ms >= gap.from_ms, "{gap:?}");
    assert_eq!(
        gap.reason,
        GapReason::Closed {
            code: Some(1001),
            reason: "closed by the simulator".into()
        }
    );
    seen.take(item);
    assert_eq!(
        sim.stream_connections(),
        1,
        "resubscribed on one connection"
    );
    assert_eq!(sim.stream_connections_opened(), 2);

    for i in 5..10 {
        ids.push(place_resting(&c, BTC, &format!("drop-{i}")).await);
    }
    for _ in 0..10 {
        seen.take(next_item(&mut s, "the last five orders' events").await);
    }
    assert_quiet(&mut s, Duration::from_millis(200), "nothing more").await;

    for id in &ids {
        assert_eq!(seen.new_updates(*id), 1, "order {id}: {seen:?}");
    }
    assert_eq!(seen.orders.len(), 10, "{seen:?}");
    assert_eq!(seen.accounts, 10, "{seen:?}");
    let kinds: Vec<&str> = seen
        .other
        .iter()
        .map(|(_, s)| s.split([' ', '(']).next().unwrap_or(""))
        .collect();
    assert_eq!(kinds, ["Disconnected", "Gap"], "{seen:?}");
    let gap_at = seen.other[1].0;
    assert!(seen.position[&ids[4]] < gap_at && gap_at < seen.position[&ids[5]]);
    s.shutdown().await.expect("shutdown");
}

/// The simulator ends connections at 1.5 s; the client rotates at 600 ms, make-before-break.
/// For about 3 s (several rotations, twice the simulator's age) forty orders are placed and,
/// densely (10 frames every millisecond, so that some fall in a rotation's overlap, where both
/// connections carry them), numbered frames of an unlisted event type are sent. Every order
/// yields exactly one NEW update and one account update, every numbered frame arrives exactly
/// once, and no gap, disconnection or error is yielded.
#[tokio::test]
async fn rotation_before_the_sims_maximum_age_loses_nothing_duplicates_nothing_and_yields_no_gap() {
    let sim = std::sync::Arc::new(
        Sim::builder()
            .max_connection_age(Duration::from_millis(1500))
            .start()
            .await
            .expect("sim"),
    );
    let c = client(&sim);
    let mut s = c
        .user_stream()
        .max_connection_age(Duration::from_millis(600))
        .connect()
        .await
        .expect("stream");

    let mut placer = {
        let c = c.clone();
        tokio::spawn(async move {
            let mut ids = Vec::new();
            for i in 0..40 {
                let symbol = if i % 2 == 0 { BTC } else { ETH };
                ids.push(place_resting(&c, symbol, &format!("rot-{i}")).await);
                tokio::time::sleep(Duration::from_millis(75)).await;
            }
            ids
        })
    };
    let mut numbered = {
        let sim = std::sync::Arc::clone(&sim);
        tokio::spawn(async move {
            let mut n = 0u64;
            let until = Instant::now() + Duration::from_millis(3000);
            while Instant::now() < until {
                for _ in 0..10 {
                    sim.send_stream_frame(sim.uid(), &format!(r#"{{"e":"SEQ","n":{n}}}"#));
                    n += 1;
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            n
        })
    };
    let mut seen = Seen::default();
    let mut numbers: BTreeMap<u64, usize> = BTreeMap::new();
    let (mut ids, mut sent) = (None, None);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if ids.is_none() && placer.is_finished() {
            ids = Some((&mut placer).await.expect("the orders"));
        }
        if sent.is_none() && numbered.is_finished() {
            sent = Some((&mut numbered).await.expect("the numbered frames"));
        }
        if ids.is_some() && sent.is_some_and(|n| numbers.len() as u64 >= n) && seen.items >= 80 {
            break;
        }
        match timeout(Duration::from_millis(100), s.recv()).await {
            Ok(Some(StreamItem::Event(Event::Other { event_type, raw })))
                if event_type == "SEQ" =>
            {
                let v: serde_json::Value = serde_json::from_str(&raw).expect("json");
                *numbers.entry(v["n"].as_u64().expect("n")).or_default() += 1;
            }
            Ok(Some(item)) => seen.take(item),
            Ok(None) => panic!("the stream ended: {seen:?}"),
            Err(_) => assert!(
                Instant::now() < deadline,
                "timed out: {} numbered frames of {sent:?}; {seen:?}",
                numbers.len()
            ),
        }
    }
    let (ids, sent) = (ids.unwrap_or_default(), sent.unwrap_or_default());
    assert_quiet(&mut s, Duration::from_millis(300), "nothing more").await;

    assert!(
        seen.other.is_empty(),
        "no gap, disconnection or error: {seen:?}"
    );
    for id in &ids {
        assert_eq!(seen.new_updates(*id), 1, "order {id}: {seen:?}");
    }
    assert_eq!(seen.orders.len(), 40, "{seen:?}");
    assert_eq!(seen.accounts, 40, "{seen:?}");
    let missing: Vec<u64> = (0..sent).filter(|n| !numbers.contains_key(n)).collect();
    let doubled: Vec<(&u64, &usize)> = numbers.iter().filter(|(_, c)| **c != 1).collect();
    assert!(
        missing.is_empty() && doubled.is_empty() && numbers.len() as u64 == sent,
        "{sent} numbered frames sent; missing {missing:?}; more than once {doubled:?}"
    );
    let opened = sim.stream_connections_opened();
    assert!(
        opened >= 4,
        "the client rotated (connections opened: {opened})"
    );
    s.shutdown().await.expect("shutdown");
}

/// The same account update twice on one connection is two events (dedupe only drops the copy a
/// second connection delivers during a rotation); sanity check for the rotation test above.
#[tokio::test]
async fn repeated_frames_on_one_connection_are_all_delivered() {
    let sim = sim().await;
    let c = client(&sim);
    let mut s = c.user_stream().connect().await.expect("stream");
    let frame = r#"{"e":"ACCOUNT_UPDATE","E":1700000000000,"a":{"m":"DEPOSIT","B":[]}}"#;
    sim.send_stream_frame(sim.uid(), frame);
    sim.send_stream_frame(sim.uid(), frame);
    let a = next_account(&mut s, "the first copy").await;
    let b = next_account(&mut s, "the second copy").await;
    assert_eq!(a, b);
    s.shutdown().await.expect("shutdown");
}

/// The contrast to the rotation above: a client whose `max_connection_age` is above the
/// simulator's (500 ms) has its connection ended by the server each time, and each time it yields
/// `Disconnected` and a `Gap` naming the server's reason, then goes on.
#[tokio::test]
async fn a_connection_the_sim_ends_at_its_maximum_age_is_an_outage_with_a_gap() {
    let sim = Sim::builder()
        .max_connection_age(Duration::from_millis(500))
        .start()
        .await
        .expect("sim");
    let c = client(&sim);
    let mut s = c
        .user_stream()
        .reconnect_backoff(Duration::from_millis(50), Duration::from_millis(500))
        .connect()
        .await
        .expect("stream");
    let reason = GapReason::Closed {
        code: Some(1000),
        reason: "maximum connection age reached".into(),
    };
    for round in 0..2 {
        match next_item(&mut s, "the disconnection").await {
            StreamItem::Disconnected { reason: r, .. } => assert_eq!(r, reason, "round {round}"),
            other => panic!("round {round}: expected Disconnected, got {other:?}"),
        }
        match next_item(&mut s, "the gap").await {
            StreamItem::Gap(gap) => assert_eq!(gap.reason, reason, "round {round}"),
            other => panic!("round {round}: expected a Gap, got {other:?}"),
        }
    }
    let id = place_resting(&c, BTC, "age-1").await;
    // Events follow (a third outage may come first on a slow machine).
    let deadline = Instant::now() + ITEM_WAIT;
    loop {
        match tokio::time::timeout_at(deadline, s.recv()).await {
            Ok(Some(StreamItem::Event(Event::OrderTradeUpdate(u)))) => {
                assert_eq!(u.order.order_id, id);
                break;
            }
            Ok(Some(StreamItem::Disconnected { .. } | StreamItem::Gap(_))) => {}
            other => panic!("expected the order's update, got {other:?}"),
        }
    }
    s.shutdown().await.expect("shutdown");
}

/// The buffer policy end to end: with room for 4 items and a 200 ms slow-consumer timeout, a
/// consumer that does not read while 200 frames arrive gets the frames already received (a
/// prefix, in order, without holes), then `Disconnected` and a `Gap`, both for `SlowConsumer`;
/// the stream reconnects and events flow again.
#[tokio::test]
async fn a_slow_consumer_gets_a_prefix_then_a_gap_and_the_stream_goes_on() {
    let sim = sim().await;
    let c = client(&sim);
    let mut s = c
        .user_stream()
        .buffer(4)
        .slow_consumer_timeout(Duration::from_millis(200))
        .reconnect_backoff(Duration::from_millis(50), Duration::from_millis(500))
        .connect()
        .await
        .expect("stream");
    for n in 0..200 {
        sim.send_stream_frame(sim.uid(), &format!(r#"{{"e":"SEQ","n":{n}}}"#));
    }
    // Not reading until the client has dropped its connection (it reconnects once the consumer
    // has taken what was received: nothing more can arrive meanwhile).
    wait_until(ITEM_WAIT, "the client drops its connection", || {
        sim.stream_connections() == 0
    })
    .await;
    assert_eq!(sim.stream_connections_opened(), 1);

    let mut numbers = Vec::new();
    let disconnected = loop {
        match next_item(&mut s, "the received frames, then Disconnected").await {
            StreamItem::Event(Event::Other { raw, .. }) => {
                let v: serde_json::Value = serde_json::from_str(&raw).expect("json");
                numbers.push(v["n"].as_u64().expect("n"));
            }
            other => break other,
        }
    };
    assert!(
        matches!(
            disconnected,
            StreamItem::Disconnected {
                reason: GapReason::SlowConsumer,
                ..
            }
        ),
        "{disconnected:?}"
    );
    let k = numbers.len() as u64;
    assert!((4..200).contains(&k), "{k} frames delivered");
    assert_eq!(numbers, (0..k).collect::<Vec<_>>(), "a prefix, in order");
    match next_item(&mut s, "the gap").await {
        StreamItem::Gap(gap) => assert_eq!(gap.reason, GapReason::SlowConsumer),
        other => panic!("expected a Gap, got {other:?}"),
    }
    an_order_arrives(&c, &mut s, "slow-1", "an order after the gap").await;
    s.shutdown().await.expect("shutdown");
}

/// Places a resting order with client id `client_id` and waits for its event on `s`.
async fn an_order_arrives(c: &Client, s: &mut UserStream, client_id: &str, what: &str) {
    let id = place_resting(c, BTC, client_id).await;
    assert_eq!(next_order(s, what).await.order.order_id, id, "{what}");
}
