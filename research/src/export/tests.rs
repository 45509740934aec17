use std::path::{Path, PathBuf};

use parquet::basic::{LogicalType, Repetition};
use parquet::data_type::Decimal as Pq;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::Field;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde_json::json;

use super::*;
use contango_sim::feeds::cache;

const DEPTH: &str = r#"{"channel":"market_e_btcusdt_depth_step0","ts":1700000000000,"tick":{"asks":[["65000.5","1.25"],["65001","3"]],"buys":[["64999.75","2"]]}}"#;
const TRADES: &str = r#"{"channel":"market_e_btcusdt_trade_ticker","ts":1700000000100,"tick":{"data":[{"id":7,"price":"65000.5","vol":"0.5","side":"BUY","ts":1700000000090},{"price":65000,"vol":2,"side":"sell","amount":"130000.25"}]}}"#;
const TICKER: &str = r#"{"channel":"market_e_btcusdt_ticker","ts":1700000000200,"tick":{"open":"60000","close":"65000.5","high":"66000","low":"59000.1","vol":"12345","rose":"0.0833"}}"#;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("contango-export-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// A recording file: the header, a market connection (line 2), then `frames` from line 3 on.
fn recording(dir: &Path, frames: &[&str]) -> PathBuf {
    let mut text = String::from(
        r#"{"contango_recording":2,"started_us":1700000000000000,"client":"contango/0.1.0"}"#,
    );
    text.push('\n');
    text.push_str(
        r#"{"at_us":0,"kind":"connect","conn":1,"stream":"market","url":"ws://h/kline-api/ws"}"#,
    );
    text.push('\n');
    for (n, f) in frames.iter().enumerate() {
        let line =
            json!({"at_us": (n + 1) * 1000, "kind": "frame", "conn": 1, "dir": "in", "text": f});
        text.push_str(&format!("{line}\n"));
    }
    let path = dir.join("market.jsonl");
    std::fs::write(&path, text).expect("the recording written");
    path
}

/// The recording at `path` gzipped, beside it (its name and `.gz`).
fn gzipped(path: &Path) -> PathBuf {
    use std::io::Write as _;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&std::fs::read(path).expect("readable"))
        .expect("compressed");
    let mut name = path.as_os_str().to_owned();
    name.push(".gz");
    let out = PathBuf::from(name);
    std::fs::write(&out, gz.finish().expect("compressed")).expect("written");
    out
}

/// Each row of a Parquet file as (column, value) pairs, read with the parquet crate's reader.
fn rows(path: &Path) -> Vec<Vec<(String, Field)>> {
    let file = std::fs::File::open(path).expect("the exported file");
    let reader = SerializedFileReader::new(file).expect("a Parquet file");
    reader
        .get_row_iter(None)
        .expect("its rows")
        .map(|row| {
            row.expect("a row")
                .get_column_iter()
                .map(|(name, field)| (name.clone(), field.clone()))
                .collect()
        })
        .collect()
}

fn decimal(value: i64, scale: i32) -> Field {
    Field::Decimal(Pq::from_i64(value, 18, scale))
}

fn text(s: &str) -> Field {
    Field::Str(s.to_owned())
}

#[test]
fn an_export_reads_back_with_exact_decimals_at_each_columns_largest_scale() {
    let dir = temp("exact");
    let path = recording(&dir, &[DEPTH, r#"{"ping":1700000000150}"#, TRADES, TICKER]);
    let out = dir.join("out");
    let exported = parquet_file(&path, &out).expect("exported");
    assert_eq!(
        exported,
        Exported {
            book_levels: 3,
            trades: 2,
            tickers: 1
        }
    );

    // Prices at scale 2 (64999.75), sizes at scale 2 (1.25): every value rescaled, none rounded.
    let book = rows(&out.join("book_levels.parquet"));
    let level = |time, side: &str, level, price, size| {
        vec![
            ("time_ms".to_owned(), Field::Long(time)),
            ("contract".to_owned(), text("e_btcusdt")),
            ("step".to_owned(), Field::Int(0)),
            ("side".to_owned(), text(side)),
            ("level".to_owned(), Field::Int(level)),
            ("price".to_owned(), decimal(price, 2)),
            ("size".to_owned(), decimal(size, 2)),
        ]
    };
    assert_eq!(
        book,
        vec![
            level(1_700_000_000_000, "bid", 1, 6_499_975, 200),
            level(1_700_000_000_000, "ask", 1, 6_500_050, 125),
            level(1_700_000_000_000, "ask", 2, 6_500_100, 300),
        ]
    );

    let trades = rows(&out.join("trades.parquet"));
    let trade = |time, side: &str, price, volume, amount: Option<i64>, id: Option<i64>| {
        vec![
            ("time_ms".to_owned(), Field::Long(time)),
            ("contract".to_owned(), text("e_btcusdt")),
            ("side".to_owned(), text(side)),
            ("price".to_owned(), decimal(price, 1)),
            ("volume".to_owned(), decimal(volume, 1)),
            (
                "amount".to_owned(),
                amount.map_or(Field::Null, |a| decimal(a, 2)),
            ),
            ("id".to_owned(), id.map_or(Field::Null, Field::Long)),
        ]
    };
    assert_eq!(
        trades,
        vec![
            // The trade's own time; the second has none and takes the frame's.
            trade(1_700_000_000_090, "buy", 650_005, 5, None, Some(7)),
            trade(
                1_700_000_000_100,
                "sell",
                650_000,
                20,
                Some(13_000_025),
                None
            ),
        ]
    );

    let tickers = rows(&out.join("tickers.parquet"));
    assert_eq!(
        tickers,
        vec![vec![
            ("time_ms".to_owned(), Field::Long(1_700_000_000_200)),
            ("contract".to_owned(), text("e_btcusdt")),
            ("open".to_owned(), decimal(60_000, 0)),
            ("high".to_owned(), decimal(66_000, 0)),
            ("low".to_owned(), decimal(590_001, 1)),
            ("close".to_owned(), decimal(650_005, 1)),
            ("volume".to_owned(), decimal(12_345, 0)),
            ("amount".to_owned(), Field::Null),
            ("change".to_owned(), decimal(833, 4)),
        ]]
    );

    // The schema says DECIMAL(18, scale) for readers that go by it (pandas, polars, DuckDB).
    let reader = SerializedFileReader::new(
        std::fs::File::open(out.join("trades.parquet")).expect("readable"),
    )
    .expect("readable");
    let schema = reader.metadata().file_metadata().schema_descr_ptr();
    let price = schema.column(3);
    assert_eq!(price.name(), "price");
    assert_eq!(
        price.logical_type_ref(),
        Some(&LogicalType::Decimal {
            scale: 1,
            precision: 18
        })
    );
    assert_eq!(
        price.self_type().get_basic_info().repetition(),
        Repetition::REQUIRED
    );
    assert_eq!(
        schema.column(5).self_type().get_basic_info().repetition(),
        Repetition::OPTIONAL
    );
    assert!(!out.join("trades.parquet.tmp").exists());
}

#[test]
fn a_damaged_recording_is_refused_at_its_line() {
    let dir = temp("damaged");
    let path = recording(&dir, &[DEPTH, TRADES]);
    let mut text = std::fs::read_to_string(&path).expect("readable");
    text = text.replacen(r#"{"at_us":2000"#, r#"{"at_us":2000,,"#, 1);
    text.push_str(&format!("{TICKER}\n"));
    std::fs::write(&path, text).expect("readable");
    let e = parquet_file(&path, &dir.join("out")).expect_err("refused");
    assert!(
        matches!(&e, ExportError::Recording(r) if r.line == 4),
        "{e}"
    );
    assert!(e.to_string().contains("line 4"), "{e}");
    assert!(!dir.join("out").exists());
    // The cache builder's refusal, word for word: the export reads the recording through it.
    let built = MarketEvents::open(&path).expect_err("refused");
    assert_eq!(built.to_string(), e.to_string());
    assert!(!cache::cache_path(&path).exists(), "no cache of it");
    // Gzipped, the same line.
    let e = parquet_file(&gzipped(&path), &dir.join("out")).expect_err("refused");
    assert!(
        matches!(&e, ExportError::Recording(r) if r.line == 4),
        "{e}"
    );
    assert!(!dir.join("out").exists());
    // A line cut short at the end (a killed recorder) is not damage: what is before it exports.
    let path = recording(&dir, &[DEPTH, TRADES, TICKER]);
    let mut text = std::fs::read_to_string(&path).expect("readable");
    text.push_str(r#"{"at_us":5000,"kind":"fr"#);
    std::fs::write(&path, text).expect("written");
    let exported = parquet_file(&path, &dir.join("out")).expect("exported");
    assert_eq!((exported.trades, exported.tickers), (2, 1));
}

#[test]
fn a_market_frame_that_does_not_decode_is_refused_at_its_line() {
    let dir = temp("frame");
    let bad =
        r#"{"channel":"market_e_btcusdt_depth_step0","ts":1,"tick":{"asks":"none","buys":[]}}"#;
    let path = recording(&dir, &[DEPTH, TRADES, bad]);
    let e = parquet_file(&path, &dir.join("out")).expect_err("refused");
    let file = path.display().to_string();
    assert!(
        matches!(&e, ExportError::Frame { line: 5, file: Some(f), .. } if *f == file),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with(&format!("{file}: line 5: a market frame does not decode: ")),
        "{e}"
    );
    // Replays skip it: the cache was built, and keeps it; exported again from the cache, it is
    // refused again.
    assert!(cache::cache_path(&path).is_file());
    let again = parquet_file(&path, &dir.join("out")).expect_err("refused");
    assert_eq!(again.to_string(), e.to_string());
    assert!(!dir.join("out").exists(), "no file written");
}

#[test]
fn a_gzip_recording_exports_as_its_text_does_and_a_wide_value_is_refused_at_its_line() {
    let dir = temp("gzip");
    let plain = recording(&dir, &[DEPTH, TRADES, TICKER]);
    let path = gzipped(&plain);
    let from_gzip = parquet_file(&path, &dir.join("gz")).expect("exported");
    let from_text = parquet_file(&plain, &dir.join("text")).expect("exported");
    assert_eq!(from_gzip, from_text);
    let same = |out: &str| {
        for name in FILES {
            let text = rows(&dir.join("text").join(name));
            assert_eq!(rows(&dir.join(out).join(name)), text, "{out}: {name}");
        }
    };
    same("gz");
    // A directory holding it reads as one session, the same rows.
    let session = dir.join("session");
    std::fs::create_dir_all(&session).expect("a directory");
    std::fs::copy(&path, session.join("market.jsonl.gz")).expect("copied");
    assert_eq!(
        parquet_file(&session, &dir.join("dir")).ok(),
        Some(from_text)
    );
    same("dir");

    // A trade price of 18 decimals, then one of 10 two lines on (a blank line between): 10 does
    // not fit DECIMAL(18, 18), refused at its line in the file.
    let trade = |price: &str| {
        format!(
            r#"{{"channel":"market_e_btcusdt_trade_ticker","ts":1700000000100,"tick":{{"data":[{{"price":"{price}","vol":"1","side":"buy"}}]}}}}"#
        )
    };
    let path = recording(&dir, &[DEPTH, &trade("0.000000000000000001")]);
    let mut text = std::fs::read_to_string(&path).expect("readable");
    text.push('\n');
    let line = json!({"at_us": 9000, "kind": "frame", "conn": 1, "dir": "in", "text": trade("10")});
    text.push_str(&format!("{line}\n"));
    std::fs::write(&path, text).expect("written");
    let e = parquet_file(&path, &dir.join("wide")).expect_err("refused");
    assert!(
        matches!(
            &e,
            ExportError::DoesNotFit {
                table: "trades",
                column: "price",
                file: Some(f),
                line: 6,
                scale: 18,
                ..
            } if *f == path.display().to_string()
        ),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with(&format!("{}: line 6: trades.price: 10", path.display())),
        "{e}"
    );
    assert!(!dir.join("wide").exists(), "refused before any file");
}

#[test]
fn a_recording_without_a_market_is_refused() {
    let dir = temp("empty");
    let path = recording(&dir, &[]);
    let e = parquet_file(&path, &dir.join("out")).expect_err("refused");
    assert!(matches!(e, ExportError::NoMarket), "{e}");
}

#[test]
fn a_value_too_wide_for_its_columns_scale_is_refused_not_rounded() {
    // 18 decimals in one row make the column's scale 18: 10 no longer fits 18 digits.
    let line_of = |entry: u64| Place {
        file: None,
        line: entry as usize + 2,
    };
    let mut w = Widest::default();
    w.note(1, dec!(0.000000000000000001));
    w.note(7, dec!(10));
    let e = w.scale("trades", "price", &line_of).expect_err("refused");
    assert!(
        matches!(
            &e,
            ExportError::DoesNotFit {
                line: 9,
                scale: 18,
                column: "price",
                ..
            }
        ),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with("line 9: trades.price: 10 does not fit DECIMAL(18, 18)"),
        "{e}"
    );
    // A scale past 18 fits nothing; 18 digits before the point fit a scale of 0 only.
    let mut deep = Widest::default();
    deep.note(3, Decimal::new(1, 19));
    assert!(deep.scale("t", "c", &line_of).is_err());
    let mut wide = Widest::default();
    wide.note(0, dec!(999999999999999999));
    assert_eq!(wide.scale("t", "c", &line_of).ok(), Some(0));
    wide.note(1, dec!(0.5));
    assert!(wide.scale("t", "c", &line_of).is_err());
    // What fits is exact, at the column's largest scale.
    let mut ok = Widest::default();
    for (entry, d) in [(1, dec!(-1.5)), (3, dec!(2.25)), (4, dec!(-0.0))] {
        ok.note(entry, d);
    }
    assert_eq!(ok.scale("t", "c", &line_of).ok(), Some(2));
    let values: Vec<_> = [dec!(-1.5), dec!(2.25), dec!(-0.0)]
        .into_iter()
        .map(|d| tables::rescaled(d, 2))
        .collect();
    assert_eq!(values, [Some(-150), Some(225), Some(0)]);
}

#[test]
fn a_table_cut_into_row_groups_reads_back_whole_nulls_in_their_rows() {
    let dir = temp("groups");
    let path = recording(&dir, &[DEPTH, TRADES, TRADES, TICKER]);
    let recording = Recording::from_file(&path).expect("readable");
    let out = dir.join("out");
    // Three rows of book levels, four trades (ids and amounts null in every other row).
    let market = || Ok(MarketEvents::from_frames(market_frames(&recording)));
    let exported = export(&market, &|_| Place::default(), &out, 2).expect("written");
    assert_eq!((exported.book_levels, exported.trades), (3, 4));
    let file = std::fs::File::open(out.join("trades.parquet")).expect("readable");
    let reader = SerializedFileReader::new(file).expect("readable");
    assert_eq!(reader.metadata().num_row_groups(), 2);
    let trades = rows(&out.join("trades.parquet"));
    let column = |name: &str| -> Vec<Field> {
        trades
            .iter()
            .map(|r| {
                r.iter()
                    .find(|(n, _)| n == name)
                    .expect("a column")
                    .1
                    .clone()
            })
            .collect()
    };
    assert_eq!(
        column("id"),
        vec![Field::Long(7), Field::Null, Field::Long(7), Field::Null]
    );
    assert_eq!(
        column("amount"),
        vec![
            Field::Null,
            decimal(13_000_025, 2),
            Field::Null,
            decimal(13_000_025, 2)
        ]
    );
    assert_eq!(
        column("side"),
        [text("buy"), text("sell"), text("buy"), text("sell")]
    );
    assert_eq!(rows(&out.join("book_levels.parquet")).len(), 3);
    let file = std::fs::File::open(out.join("book_levels.parquet")).expect("readable");
    let reader = SerializedFileReader::new(file).expect("readable");
    assert_eq!(reader.metadata().num_row_groups(), 2);
    assert_eq!(rows(&out.join("tickers.parquet")).len(), 1);
    // The file exported from the same recording, in one row group each, holds the same rows.
    let whole = dir.join("whole");
    parquet_file(&path, &whole).expect("exported");
    for name in FILES {
        assert_eq!(rows(&whole.join(name)), rows(&out.join(name)), "{name}");
    }
}

#[test]
fn an_empty_table_is_written_with_its_columns() {
    let dir = temp("none");
    let path = recording(&dir, &[DEPTH]);
    let out = dir.join("out");
    let exported = parquet_file(&path, &out).expect("exported");
    assert_eq!(exported.trades, 0);
    let file = std::fs::File::open(out.join("trades.parquet")).expect("readable");
    let reader = SerializedFileReader::new(file).expect("readable");
    assert_eq!(reader.metadata().file_metadata().num_rows(), 0);
    assert_eq!(
        reader
            .metadata()
            .file_metadata()
            .schema_descr()
            .num_columns(),
        7
    );
}

#[test]
fn a_directory_exports_as_its_files_joined_and_what_it_refuses_names_the_file_within_it() {
    let dir = temp("rotated");
    // One recording, then the same frames in two files of one recorder, the second repeating
    // the open connection at its top, as a rotating recorder writes them.
    let one = recording(&dir, &[DEPTH, TRADES, TICKER]);
    let whole = parquet_file(&one, &dir.join("one")).expect("exported");
    let text = std::fs::read_to_string(&one).expect("readable");
    let lines: Vec<&str> = text.lines().collect();
    let rotated = dir.join("market");
    std::fs::create_dir_all(&rotated).expect("a directory");
    let first = format!("{}\n", lines[..4].join("\n"));
    let second = format!("{}\n{}\n{}\n", lines[0], lines[1], lines[4]);
    let first = {
        let plain = rotated.join("market-T00.jsonl");
        std::fs::write(&plain, first).expect("written");
        let gz = gzipped(&plain);
        std::fs::remove_file(&plain).expect("removed");
        gz
    };
    let second_path = rotated.join("market-T01.jsonl");
    std::fs::write(&second_path, &second).expect("written");
    let joined = parquet_file(&rotated, &dir.join("joined")).expect("exported");
    assert_eq!(joined, whole);
    for file in FILES {
        assert_eq!(
            rows(&dir.join("joined").join(file)),
            rows(&dir.join("one").join(file)),
            "{file}"
        );
    }
    assert!(
        cache::cache_path(&rotated).is_file(),
        "streamed from a cache"
    );
    assert!(first.is_file());

    // A damaged line in the second file: refused with that file and its line, before any file
    // is written, as the cache builder refuses it.
    std::fs::write(
        &second_path,
        second.replacen(r#""at_us":3000"#, r#""at_us":3000,,"#, 1),
    )
    .expect("damaged");
    let e = parquet_file(&rotated, &dir.join("out")).expect_err("refused");
    assert!(
        matches!(&e, ExportError::Recording(r) if r.line == 3
            && r.file.as_deref() == Some(&*second_path.display().to_string())),
        "{e}"
    );
    assert!(!dir.join("out").exists());
    assert_eq!(
        MarketEvents::open(&rotated)
            .expect_err("refused")
            .to_string(),
        e.to_string()
    );

    // A frame that does not decode in the second file, and a value too wide for its column in
    // the second file: each refused with that file and its line there, not the first file's.
    let bad =
        r#"{"channel":"market_e_btcusdt_depth_step0","ts":1,"tick":{"asks":"none","buys":[]}}"#;
    let bad = json!({"at_us": 4000, "kind": "frame", "conn": 1, "dir": "in", "text": bad});
    std::fs::write(&second_path, format!("{second}{bad}\n")).expect("written");
    let e = parquet_file(&rotated, &dir.join("out")).expect_err("refused");
    let file = second_path.display().to_string();
    assert!(
        matches!(&e, ExportError::Frame { file: Some(f), line: 4, .. } if *f == file),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with(&format!("{file}: line 4: a market frame does not decode: ")),
        "{e}"
    );
    assert!(!dir.join("out").exists());
    let wide = r#"{"channel":"market_e_btcusdt_trade_ticker","ts":1700000000300,"tick":{"data":[{"price":"1000000000000000000","vol":"1","side":"buy"}]}}"#;
    let wide = json!({"at_us": 4000, "kind": "frame", "conn": 1, "dir": "in", "text": wide});
    std::fs::write(&second_path, format!("{second}\n{wide}\n")).expect("written");
    let e = parquet_file(&rotated, &dir.join("out")).expect_err("refused");
    assert!(
        matches!(
            &e,
            ExportError::DoesNotFit { column: "price", file: Some(f), line: 5, .. } if *f == file
        ),
        "{e}"
    );
    assert!(!dir.join("out").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
