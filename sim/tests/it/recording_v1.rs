//! A recording of the first format (version 1: millisecond times, no clock samples nor gaps),
//! as earlier recorders wrote it, still reads with its times and still replays.

use std::time::Duration;

use contango::recording::{Recording, VERSION_1};
use contango::{DepthChannel, MarketEvent, MarketItem};
use contango_sim::{Pace, Replay};
use rust_decimal::Decimal;

const V1: &str = r#"{"contango_recording":1,"started_ms":1764000000000,"client":"contango/0.1.0"}
{"at":3,"kind":"http","endpoint":"server_time","method":"GET","path":"/fapi/v1/time","status":200,"content_type":"application/json","response":"{\"serverTime\":1764000000004,\"timezone\":\"UTC\"}"}
{"at":5,"kind":"connect","conn":1,"stream":"market","url":"ws://127.0.0.1:1/kline-api/ws"}
{"at":6,"kind":"frame","conn":1,"dir":"out","text":"{\"event\":\"sub\",\"params\":{\"channel\":\"market_e_btcusdt_depth_step0\",\"cb_id\":\"1\"}}"}
{"at":9,"kind":"frame","conn":1,"dir":"in","binary":true,"gzip":true,"text":"{\"event_rep\":\"\",\"channel\":\"market_e_btcusdt_depth_step0\",\"data\":null,\"tick\":{\"asks\":[[86526,61555]],\"buys\":[[86525.9,51720]]},\"ts\":1764000000008,\"status\":\"ok\"}"}
{"at":31,"kind":"close","conn":1,"by":"client"}
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_recording_reads_with_its_times_and_replays() {
    let recording = Recording::parse(V1.as_bytes()).expect("a version-1 recording reads");
    assert_eq!(recording.version(), VERSION_1);
    assert_eq!(
        contango_sim::feeds::source::recorded_frames(&recording)
            .iter()
            .map(|(at_ms, _)| *at_ms)
            .collect::<Vec<_>>(),
        [9],
        "its market frames keep their millisecond times"
    );

    let replay = Replay::of(recording)
        .pace(Pace::Fast)
        .start()
        .await
        .expect("the replay starts");
    let client = replay.client().expect("a client of the replay");
    let time = client
        .server_time()
        .send()
        .await
        .expect("the recorded answer");
    assert_eq!(time.server_time.0, 1_764_000_000_004);
    let mut market = client
        .market_stream()
        .subscribe(DepthChannel::new("E-BTC-USDT", 0))
        .connect()
        .await
        .expect("the recorded market stream");
    let depth = loop {
        match tokio::time::timeout(Duration::from_secs(10), market.recv()).await {
            Ok(Some(MarketItem::Event(MarketEvent::Depth(d)))) => break d,
            Ok(Some(_)) => {}
            other => panic!("no recorded depth frame: {other:?}"),
        }
    };
    assert_eq!(depth.tick.asks[0].price, Decimal::from(86_526));
    market.shutdown().await;
    replay
        .verify()
        .expect("every recorded exchange and connection used");
    replay.shutdown().await;
}
