//! The journal's encoding of the core's inputs and state: borsh (compact, deterministic, exact
//! for decimals) behind a one-byte format tag, so that a later format is recognised and an older
//! one still read.

use std::collections::BTreeMap;

use borsh::{BorshDeserialize, BorshSerialize};

use crate::config::ContractConfig;
use crate::exchange::input::{FrameRef, Input};
use crate::exchange::{Exchange, Rules};

/// The encoding's format: the first byte of every encoded input and state. Format 2 writes
/// decimals in the venue's one compact encoding (`codec::compact`), which keeps a negative zero
/// and writes a wide mantissa as 16 bytes; format 1's bytes are a subset of it, read the same.
pub const FORMAT: u8 = 2;

/// The formats this build reads: every one it has written.
const READS: [u8; 2] = [1, FORMAT];

/// Why bytes could not be read back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DecodeError(String);

fn encode<T: BorshSerialize>(value: &T) -> Vec<u8> {
    let mut out = vec![FORMAT];
    // Writing to a Vec cannot fail.
    let _ = borsh::to_writer(&mut out, value);
    out
}

fn decode<T: BorshDeserialize>(bytes: &[u8], what: &str) -> Result<T, DecodeError> {
    borsh::from_slice(body(bytes, what)?)
        .map_err(|e| DecodeError(format!("{what} does not decode: {e}")))
}

/// The bytes after the format tag, when this build reads the format.
fn body<'a>(bytes: &'a [u8], what: &str) -> Result<&'a [u8], DecodeError> {
    match bytes.split_first() {
        Some((format, rest)) if READS.contains(format) => Ok(rest),
        Some((other, _)) => Err(DecodeError(format!(
            "{what} is in format {other}, which this build does not know (it reads {READS:?})"
        ))),
        None => Err(DecodeError(format!("{what} is empty"))),
    }
}

/// An input as the journal keeps it.
pub fn encode_input(input: &Input) -> Vec<u8> {
    encode(input)
}

/// An input read back from the journal.
pub fn decode_input(bytes: &[u8]) -> Result<Input, DecodeError> {
    decode(bytes, "the input")
}

/// The core's state as a snapshot keeps it.
pub fn encode_state(exchange: &Exchange) -> Vec<u8> {
    encode(exchange)
}

/// The core's state read back from a snapshot.
pub fn decode_state(bytes: &[u8]) -> Result<Exchange, DecodeError> {
    decode(bytes, "the state")
}

/// The rules and the contracts alone, read from the front of an encoded state (they are its
/// first fields), without decoding the rest: what a report needs of a snapshot.
pub fn decode_front(bytes: &[u8]) -> Result<Front, DecodeError> {
    let mut rest = body(bytes, "the state")?;
    let rules = Rules::deserialize_reader(&mut rest)
        .map_err(|e| DecodeError(format!("the state's rules do not decode: {e}")))?;
    let contracts = BTreeMap::deserialize_reader(&mut rest)
        .map_err(|e| DecodeError(format!("the state's contracts do not decode: {e}")))?;
    Ok((rules, contracts))
}

/// The front of an encoded state: the rules and the contracts by name.
pub type Front = (Rules, BTreeMap<String, ContractConfig>);

/// The journal's `kind` of a market update read from a recording, kept as a reference.
pub const RECORDED: u8 = 6;

/// A recorded frame's reference as the journal keeps it (kind [`RECORDED`]): the recording's
/// file, the entry's place, and the exchange time stamped on the input.
#[derive(Debug, Clone, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct Reference {
    /// The recording file, as given to the source.
    pub file: String,
    /// The entry's place in it (its line, from 0).
    pub entry: u64,
    /// Exchange time stamped on the input.
    pub time: i64,
}

/// A reference to a recorded frame as the journal keeps it.
pub fn encode_reference(r: &FrameRef, time: i64) -> Vec<u8> {
    encode(&Reference {
        file: r.file.to_string_lossy().into_owned(),
        entry: r.entry,
        time,
    })
}

/// A reference read back from the journal.
pub fn decode_reference(bytes: &[u8]) -> Result<Reference, DecodeError> {
    decode(bytes, "the reference to a recorded frame")
}

/// The journal's `kind` column for an input: 1 a request, 2 a market update, 3 a driver step,
/// 4 a clock tick, 5 an admin action (6: a recorded market update, by reference).
pub fn kind(input: &Input) -> u8 {
    match input {
        Input::Request { .. } => 1,
        Input::Market { .. } => 2,
        Input::DriverStep { .. } => 3,
        Input::Tick { .. } => 4,
        Input::Admin { .. } => 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{MarketSource, SimConfig};
    use crate::exchange::book::Side;
    use crate::exchange::book::source::QueueModel;
    use crate::exchange::input::{Command, SourceTrade, SourceUpdate};
    use crate::exchange::order::OrderKind;
    use crate::exchange::testing::{Bed, order};

    const BTC: &str = "E-BTC-USDT";
    use contango::PriceLevel;
    use rust_decimal::Decimal;

    fn d(s: &str) -> Decimal {
        s.parse().expect("decimal")
    }

    /// A depth snapshot of 30 levels a side, prices a tick apart around 30010.5 and sizes of a
    /// few hundred contracts: what a live source sends most.
    fn depth() -> Input {
        let side = |from: i64, dir: i64| {
            (0..30)
                .map(|k| PriceLevel {
                    price: Decimal::new(from + dir * k, 1),
                    quantity: Decimal::from(100 + 37 * k),
                })
                .collect::<Vec<_>>()
        };
        Input::Market {
            time: 1_795_760_229_808,
            update: SourceUpdate::Depth {
                symbol: "E-BTC-USDT".into(),
                asks: side(300_106, 1),
                bids: side(300_104, -1),
            },
            entry: None,
        }
    }

    #[test]
    fn inputs_round_trip_and_market_frames_stay_small() {
        let trade = Input::Market {
            time: 1_795_760_229_900,
            update: SourceUpdate::Trades {
                symbol: "E-BTC-USDT".into(),
                trades: vec![SourceTrade {
                    side: Side::Sell,
                    price: d("30010.4"),
                    volume: d("15"),
                    time: Some(1_795_760_229_899),
                }],
            },
            entry: None,
        };
        let cancel = Input::Request {
            uid: 10_001,
            time: 1_795_760_229_901,
            command: Command::CancelAll {
                product: contango::Product::UsdtMargined,
                symbol: "E-BTC-USDT".into(),
            },
        };
        for input in [depth(), trade.clone(), cancel] {
            let bytes = encode_input(&input);
            let back = decode_input(&bytes).expect("decodes");
            assert_eq!(format!("{back:?}"), format!("{input:?}"));
        }
        // The sizes docs/simulator.md states for a journal's growth.
        assert!(
            encode_input(&depth()).len() <= 460,
            "{}",
            encode_input(&depth()).len()
        );
        assert!(
            encode_input(&trade).len() <= 64,
            "{}",
            encode_input(&trade).len()
        );
        let mut bad = encode_input(&depth());
        bad[0] = FORMAT + 1;
        assert!(decode_input(&bad).is_err_and(|e| e.to_string().contains("format")));
        bad[0] = 0;
        assert!(decode_input(&bad).is_err_and(|e| e.to_string().contains("format")));
        assert!(decode_input(&[]).is_err());
    }

    /// Inputs a format-1 journal holds (bytes written by the build before format 2) read back
    /// as they were written, a wide mantissa included; format 2 writes them again the same
    /// way, a tag apart, save the wide one, which now takes 16 bytes.
    #[test]
    fn a_format_one_journal_still_reads() {
        let hex = |s: &str| {
            (0..s.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
                .collect::<Vec<u8>>()
        };
        let trade = hex(concat!(
            "01010c8ea61ba2010000010a000000452d4254432d5553445401000000010190d12403fdffffff",
            "ffffffffffffffffff3f010b8ea61ba201000000"
        ));
        let depth = hex(concat!(
            "0101b08da61ba2010000000a000000452d4254432d55534454010000000194d12402c413010000",
            "000190d124000000"
        ));
        let Ok(Input::Market {
            time: 1_795_760_229_900,
            update: SourceUpdate::Trades { symbol, trades },
            entry: None,
        }) = decode_input(&trade)
        else {
            panic!("the trade: {:?}", decode_input(&trade));
        };
        assert_eq!(symbol, "E-BTC-USDT");
        assert_eq!(
            (trades[0].side, trades[0].price, trades[0].time),
            (Side::Sell, d("30010.4"), Some(1_795_760_229_899))
        );
        assert_eq!(
            trades[0].volume.to_string(),
            "-79228162514264337593543950.335"
        );
        let Ok(back @ Input::Market { .. }) = decode_input(&depth) else {
            panic!("the depth: {:?}", decode_input(&depth));
        };
        let Input::Market {
            update: SourceUpdate::Depth { asks, bids, .. },
            ..
        } = &back
        else {
            panic!("a depth: {back:?}");
        };
        assert_eq!(
            (asks[0].price, asks[0].quantity.to_string(), bids[0].price),
            (d("30010.6"), "12.50".to_owned(), d("30010.4"))
        );
        assert_eq!(&encode_input(&back)[1..], &depth[1..]);
    }

    #[test]
    fn a_snapshot_keeps_the_queue_model_and_what_printed_since_the_last_book() {
        let config = SimConfig::default()
            .market_source(MarketSource::Stepped)
            .source_contracts([BTC])
            .queue_model(QueueModel::Power(3));
        let mut bed = Bed::new(&config);
        bed.apply(depth()).expect("the book");
        // A bid behind the 137 shown at 30010.3; a trade of 5 there eats 5 of them and is
        // printed for the next snapshot's estimate.
        let bid = order(BTC, Side::Buy, OrderKind::Limit, "1", "30010.3");
        bed.place(bid, 1_795_760_229_850).expect("the bid");
        bed.apply(Input::Market {
            time: 1_795_760_229_900,
            update: SourceUpdate::Trades {
                symbol: BTC.into(),
                trades: vec![SourceTrade {
                    side: Side::Sell,
                    price: d("30010.3"),
                    volume: d("5"),
                    time: None,
                }],
            },
            entry: None,
        })
        .expect("the trade");
        let source = format!("{:?}", bed.ex.market(BTC).and_then(|m| m.source.as_ref()));
        assert!(
            source.contains("ahead: {") && source.contains(": 132}"),
            "{source}"
        );
        assert!(source.contains("printed: [Printed"), "{source}");
        let bytes = encode_state(&bed.ex);
        let back = decode_state(&bytes).expect("decodes");
        assert_eq!(format!("{back:?}"), format!("{:?}", bed.ex));
        assert_eq!(back.rules().queue_model, QueueModel::Power(3));
        let (rules, contracts) = decode_front(&bytes).expect("the front decodes");
        assert_eq!(rules.queue_model, QueueModel::Power(3));
        assert_eq!(&contracts, bed.ex.contracts());
        assert!(decode_front(&bytes[..3]).is_err());
        assert!(decode_front(&[]).is_err());
    }
}
