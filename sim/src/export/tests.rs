use std::path::{Path, PathBuf};

use parquet::basic::{LogicalType, Repetition};
use parquet::data_type::Decimal as Pq;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::Field;
use rust_decimal_macros::dec;
use serde_json::json;

use super::*;

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
}

#[test]
fn a_market_frame_that_does_not_decode_is_refused_at_its_line() {
    let dir = temp("frame");
    let bad =
        r#"{"channel":"market_e_btcusdt_depth_step0","ts":1,"tick":{"asks":"none","buys":[]}}"#;
    let path = recording(&dir, &[DEPTH, TRADES, bad]);
    let e = parquet_file(&path, &dir.join("out")).expect_err("refused");
    assert!(matches!(e, ExportError::Frame { line: 5, .. }), "{e}");
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
    let values = [(3, Some(dec!(0.000000000000000001))), (9, Some(dec!(10)))];
    let e = tables::scaled("trades", "price", &values).expect_err("refused");
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
            .contains("line 9: trades.price: 10 does not fit DECIMAL(18, 18)"),
        "{e}"
    );
    // What fits is exact, nulls kept apart.
    let ok = tables::scaled(
        "t",
        "c",
        &[(1, Some(dec!(-1.5))), (2, None), (3, Some(dec!(2.25)))],
    )
    .expect("readable");
    assert_eq!(
        (ok.scale, ok.values, ok.defined),
        (2, vec![-150, 225], vec![1, 0, 1])
    );
}

#[test]
fn a_table_cut_into_row_groups_reads_back_whole_nulls_in_their_rows() {
    let dir = temp("groups");
    let path = recording(&dir, &[DEPTH, TRADES, TRADES, TICKER]);
    let recording = Recording::from_file(&path).expect("readable");
    let tables = Tables::from_recording(&recording).expect("rows");
    let out = dir.join("out");
    std::fs::create_dir_all(&out).expect("readable");
    // Three rows of book levels, four trades (ids and amounts null in every other row).
    write::tables(&tables, &out, 2).expect("written");
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
    assert_eq!(rows(&out.join("book_levels.parquet")).len(), 3);
    let file = std::fs::File::open(out.join("book_levels.parquet")).expect("readable");
    let reader = SerializedFileReader::new(file).expect("readable");
    assert_eq!(reader.metadata().num_row_groups(), 2);
    assert_eq!(rows(&out.join("tickers.parquet")).len(), 1);
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
