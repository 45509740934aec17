//! A recording's market-stream frames: the frames from the server on its `market`
//! connections, each with its place and time, from a recording in memory ([`market_frames`])
//! or streamed from its file or directory ([`MarketFrames`]); and a frame decoded to what a
//! replay plays ([`decoded`]).

use std::collections::HashSet;

use contango::recording::{Direction, Entry, Recorded, Recording, RecordingError};
use contango::{MarketMessage, MarketStreamApi};

use super::Played;

/// A recorded market-stream frame: where it is in its recording, when it arrived, its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedFrame {
    /// Its entry's place in the recording (its line, from 0).
    pub entry: u64,
    /// When it arrived, in ms since the recording started.
    pub at_ms: u64,
    /// The same in µs.
    pub at_us: u64,
    /// The frame as the server sent it.
    pub bytes: Vec<u8>,
}

/// Which connections are the market's, learnt line by line (a connection's line comes before
/// its frames).
#[derive(Debug, Default)]
struct MarketConns(HashSet<u64>);

impl MarketConns {
    /// The market frame entry `i` holds, if it holds one.
    fn frame(&mut self, i: usize, e: &Entry) -> Option<RecordedFrame> {
        match &e.recorded {
            Recorded::Connect { conn, stream, .. } if stream == "market" => {
                self.0.insert(*conn);
                None
            }
            Recorded::Frame(f) if f.dir == Direction::In && self.0.contains(&f.conn) => {
                Some(RecordedFrame {
                    entry: u64::try_from(i).unwrap_or(u64::MAX),
                    at_ms: e.at_ms,
                    at_us: e.at_us,
                    bytes: f.payload.as_bytes().to_vec(),
                })
            }
            _ => None,
        }
    }
}

/// A recording's market-stream frames from the server, each with its place, in order.
pub fn market_frames(recording: &Recording) -> Vec<RecordedFrame> {
    let mut conns = MarketConns::default();
    recording
        .entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| conns.frame(i, e))
        .collect()
}

/// The market-stream frames of a recording read an entry at a time (`Entries`, `Joined`): a
/// damaged line ends them with its error, which names the line.
#[derive(Debug)]
pub struct MarketFrames<I> {
    entries: I,
    conns: MarketConns,
    index: usize,
}

impl<I> MarketFrames<I> {
    /// The frames of `entries`.
    pub fn new(entries: I) -> MarketFrames<I> {
        MarketFrames {
            entries,
            conns: MarketConns::default(),
            index: 0,
        }
    }

    /// The entries read from.
    pub fn inner(&self) -> &I {
        &self.entries
    }

    /// The entries read from, once the frames are read.
    pub fn into_inner(self) -> I {
        self.entries
    }
}

impl<I: Iterator<Item = Result<Entry, RecordingError>>> Iterator for MarketFrames<I> {
    type Item = Result<RecordedFrame, RecordingError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let entry = match self.entries.next()? {
                Ok(e) => e,
                Err(e) => return Some(Err(e)),
            };
            let i = self.index;
            self.index += 1;
            if let Some(frame) = self.conns.frame(i, &entry) {
                return Some(Ok(frame));
            }
        }
    }
}

/// What a replay plays of `frame` (`None`: it holds no market event: an answer, a ping, bytes
/// that do not decode), keeping the frame's bytes when `keep`.
pub fn decoded(frame: RecordedFrame, keep: bool) -> Option<Played> {
    decode(frame, keep).ok().flatten()
}

/// [`decoded`], with the decoder's words for a frame that does not decode.
pub(crate) fn decode(frame: RecordedFrame, keep: bool) -> Result<Option<Played>, String> {
    match MarketStreamApi::decode_frame(&frame.bytes) {
        Ok(MarketMessage::Event(event)) => Ok(Some(Played {
            entry: frame.entry,
            at_us: frame.at_us,
            event,
            frame: keep.then_some(frame.bytes),
        })),
        Ok(_) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}
