//! Decoding market depth frames (30 levels a side, as the real server sends them): contango's
//! `decode_market_frame` (inflate, envelope, typed depth with exact decimals) beside a
//! `serde_json::Value` parse and a hand-written typed decoder of the same bytes, plain and gzip.
//! Budget (docs/design.md, Performance budgets): at least 200,000 snapshots a second on one core,
//! decompression included.

use std::io::{Read as _, Write as _};

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use rust_decimal::Decimal;
use serde::Deserialize;

/// A depth frame like the probe's: prices with one decimal, integer volumes in contracts.
fn depth_frame(levels: usize) -> String {
    let side = |base: i64, dir: i64| {
        (0..levels as i64)
            .map(|i| {
                let p = base + dir * i;
                format!("[{}.{},{}]", p / 10, p % 10, 1000 + i * 37)
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        r#"{{"event_rep":"","channel":"market_e_btcusdt_depth_step0","data":null,"tick":{{"asks":[{}],"buys":[{}]}},"ts":1790133525574,"status":"ok"}}"#,
        side(865_261, 1),
        side(865_259, -1)
    )
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(bytes).expect("gzip");
    gz.finish().expect("gzip")
}

/// The hand-written reference: the same frame into plain serde structs, exact decimals.
#[derive(Deserialize)]
struct HandFrame {
    #[allow(dead_code)]
    channel: String,
    #[allow(dead_code)]
    ts: i64,
    tick: HandDepth,
}

#[derive(Deserialize)]
struct HandDepth {
    asks: Vec<(Decimal, Decimal)>,
    buys: Vec<(Decimal, Decimal)>,
}

fn contango_decode(bytes: &[u8]) -> usize {
    match contango::MarketStreamApi::decode_frame(bytes) {
        Ok(contango::MarketMessage::Event(contango::MarketEvent::Depth(d))) => {
            d.tick.asks.len() + d.tick.buys.len()
        }
        other => panic!("not a depth frame: {other:?}"),
    }
}

fn depth(c: &mut Criterion) {
    let text = depth_frame(30);
    let packed = gzip(text.as_bytes());
    assert_eq!(contango_decode(text.as_bytes()), 60);
    assert_eq!(contango_decode(&packed), 60);

    let mut g = c.benchmark_group("market_depth_30_plain");
    g.throughput(Throughput::Elements(1));
    g.bench_function("serde_json::Value", |b| {
        b.iter(|| serde_json::from_slice::<serde_json::Value>(black_box(text.as_bytes())))
    });
    g.bench_function("hand-written", |b| {
        b.iter(|| {
            let f: HandFrame = serde_json::from_slice(black_box(text.as_bytes())).expect("frame");
            f.tick.asks.len() + f.tick.buys.len()
        })
    });
    g.bench_function("contango", |b| {
        b.iter(|| contango_decode(black_box(text.as_bytes())))
    });
    g.finish();

    let mut g = c.benchmark_group("market_depth_30_gzip");
    g.throughput(Throughput::Elements(1));
    g.bench_function("hand-written (inflate + typed)", |b| {
        b.iter(|| {
            let mut out = Vec::with_capacity(4096);
            flate2::read::GzDecoder::new(black_box(&packed[..]))
                .read_to_end(&mut out)
                .expect("inflate");
            let f: HandFrame = serde_json::from_slice(&out).expect("frame");
            f.tick.asks.len() + f.tick.buys.len()
        })
    });
    g.bench_function("contango", |b| {
        b.iter(|| contango_decode(black_box(&packed)))
    });
    g.finish();
}

criterion_group!(benches, depth);
criterion_main!(benches);
