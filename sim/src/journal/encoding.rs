//! The journal's encoding of the core's inputs and state: borsh (compact, deterministic, exact
//! for decimals) behind a one-byte format tag, so that a later format is recognised and an older
//! one still read.

use std::collections::BTreeMap;

use borsh::{BorshDeserialize, BorshSerialize};

use crate::config::ContractConfig;
use crate::exchange::input::{FrameRef, Input};
use crate::exchange::{Exchange, Rules};

/// The encoding's format: the first byte of every encoded input and state.
pub const FORMAT: u8 = 1;

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
    match bytes.split_first() {
        Some((&FORMAT, rest)) => {
            borsh::from_slice(rest).map_err(|e| DecodeError(format!("{what} does not decode: {e}")))
        }
        Some((other, _)) => Err(DecodeError(format!(
            "{what} is in format {other}, which this build does not know (it reads {FORMAT})"
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
    let Some((&FORMAT, mut rest)) = bytes.split_first() else {
        return decode::<Front>(bytes, "the state");
    };
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
        assert!(decode_input(&[]).is_err());
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
        let mirror = format!("{:?}", bed.ex.market(BTC).and_then(|m| m.mirror.as_ref()));
        assert!(
            mirror.contains("ahead: {") && mirror.contains(": 132}"),
            "{mirror}"
        );
        assert!(mirror.contains("printed: [Printed"), "{mirror}");
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
