//! The cache file's layout (documented in [`super`]): its header, its records and what each
//! record's bytes mean. [`Encoder`] turns events into records, [`Decoder`] reads them back;
//! both keep the same running state (the channels named so far, the last entry, arrival and
//! frame time), so an event costs a few bytes beside its payload.

use contango::MarketEvent;

use super::bytes::{Bad, Cursor, put_i64, put_str, put_u64};
use super::event::{self, Channel};
use super::{Played, Undecodable};

/// The first bytes of every cache file: not text, so that it is never taken for a recording.
pub(super) const MAGIC: [u8; 8] = *b"\x89CTGMKT\n";

/// The format's version: raised whenever the layout or the events it holds change, so that a
/// cache written by another version is rebuilt, never read.
pub(super) const VERSION: u32 = 3;

/// The header's size: magic, version, the recording's length and its SHA-256.
pub(super) const HEADER: usize = 8 + 4 + 8 + 32;

/// The trailer's size: the SHA-256 of every record.
pub(super) const TRAILER: usize = 32;

/// The last record's size (its length, tag, event count and the warnings record's size), read
/// first to learn the count and find the warnings.
pub(super) const END_RECORD: usize = 4 + 1 + 8 + 8;

/// A record larger than this is damage, not an event (a depth snapshot takes a few hundred
/// bytes): the reader's memory stays bounded whatever the file says.
pub(super) const MAX_RECORD: usize = 64 << 20;

const CHANNEL: u8 = 1;
const EVENT: u8 = 2;
const END: u8 = 3;
const UNDECODABLE: u8 = 4;
const WARNINGS: u8 = 5;

/// The longest decoder's message a cache keeps of a frame that does not decode.
const MESSAGE: usize = 1_000;

/// The header: what the cache was built from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Header {
    /// The recording's length in bytes.
    pub len: u64,
    /// The SHA-256 of the recording's bytes.
    pub sha256: [u8; 32],
}

impl Header {
    pub(super) fn to_bytes(self) -> [u8; HEADER] {
        let mut out = [0_u8; HEADER];
        out[..8].copy_from_slice(&MAGIC);
        out[8..12].copy_from_slice(&VERSION.to_le_bytes());
        out[12..20].copy_from_slice(&self.len.to_le_bytes());
        out[20..].copy_from_slice(&self.sha256);
        out
    }

    /// The header in `bytes`, or why it is not one of this version.
    pub(super) fn read(bytes: &[u8; HEADER]) -> Result<Header, Bad> {
        if bytes[..8] != MAGIC {
            return Err("not a market cache".into());
        }
        let mut word = [0_u8; 4];
        word.copy_from_slice(&bytes[8..12]);
        let version = u32::from_le_bytes(word);
        if version != VERSION {
            return Err(format!("format version {version}, not {VERSION}"));
        }
        let mut len = [0_u8; 8];
        len.copy_from_slice(&bytes[12..20]);
        let mut sha256 = [0_u8; 32];
        sha256.copy_from_slice(&bytes[20..]);
        Ok(Header {
            len: u64::from_le_bytes(len),
            sha256,
        })
    }
}

/// The running state both sides keep.
#[derive(Debug, Default)]
struct State {
    entry: u64,
    at_us: u64,
    ts: i64,
}

/// Turns events into records.
#[derive(Debug, Default)]
pub(super) struct Encoder {
    channels: Vec<Channel>,
    last: State,
    events: u64,
    body: Vec<u8>,
}

impl Encoder {
    /// Appends `played`'s records to `out` (its channel's definition first, the first time),
    /// each as its length and its bytes.
    pub(super) fn push(&mut self, played: &Played, out: &mut Vec<u8>) {
        let channel = Channel::of(&played.event);
        let id = match self.channels.iter().position(|c| *c == channel) {
            Some(id) => id,
            None => {
                self.body.clear();
                self.body.push(CHANNEL);
                channel.put(&mut self.body);
                record(out, &self.body);
                self.channels.push(channel);
                self.channels.len() - 1
            }
        };
        let ts = super::event_ts(&played.event);
        self.body.clear();
        self.body.push(EVENT);
        put_u64(&mut self.body, id as u64);
        put_u64(&mut self.body, played.entry.wrapping_sub(self.last.entry));
        put_i64(
            &mut self.body,
            played.at_us.wrapping_sub(self.last.at_us) as i64,
        );
        put_i64(&mut self.body, ts.wrapping_sub(self.last.ts));
        event::put(&mut self.body, &played.event, ts);
        record(out, &self.body);
        self.last = State {
            entry: played.entry,
            at_us: played.at_us,
            ts,
        };
        self.events += 1;
    }

    /// Appends the record of a market frame at `entry` that does not decode, and why.
    pub(super) fn undecodable(&mut self, entry: u64, why: &str, out: &mut Vec<u8>) {
        let mut end = why.len().min(MESSAGE);
        while !why.is_char_boundary(end) {
            end -= 1;
        }
        self.body.clear();
        self.body.push(UNDECODABLE);
        put_u64(&mut self.body, entry);
        put_str(&mut self.body, &why[..end]);
        record(out, &self.body);
    }

    /// Appends the last records: the recording's warnings (when it has any: as many as fit a
    /// record), then how many events there are and the warnings record's size.
    pub(super) fn end(&self, warnings: &[String], out: &mut Vec<u8>) {
        let start = out.len();
        if !warnings.is_empty() {
            let mut body = vec![WARNINGS];
            let fit = warnings
                .iter()
                .scan(0, |size, w| {
                    *size += w.len() + 10;
                    Some(*size)
                })
                .take_while(|size| *size < MAX_RECORD - 10)
                .count();
            put_u64(&mut body, fit as u64);
            for w in &warnings[..fit] {
                put_str(&mut body, w);
            }
            record(out, &body);
        }
        let warned = (out.len() - start) as u64;
        let mut body = vec![END];
        body.extend_from_slice(&self.events.to_le_bytes());
        body.extend_from_slice(&warned.to_le_bytes());
        record(out, &body);
    }
}

/// Appends a record: its length, then `body`.
fn record(out: &mut Vec<u8>, body: &[u8]) {
    // The builder refuses an event past `MAX_RECORD` before it gets here.
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(body);
}

/// The event count an end record holds and the size of the warnings record before it (0: none),
/// or why `bytes` is not one.
pub(super) fn end_record(bytes: &[u8; END_RECORD]) -> Result<(u64, u64), Bad> {
    if bytes[..5] != [17, 0, 0, 0, END] {
        return Err("no end record".into());
    }
    let mut word = [0_u8; 8];
    word.copy_from_slice(&bytes[5..13]);
    let count = u64::from_le_bytes(word);
    word.copy_from_slice(&bytes[13..]);
    Ok((count, u64::from_le_bytes(word)))
}

/// The warnings a warnings record (`bytes`, its length first) holds, or why it is not one.
pub(super) fn warnings(bytes: &[u8]) -> Result<Vec<String>, Bad> {
    let body = bytes.get(4..).ok_or("no warnings record")?;
    if bytes[..4] != (body.len() as u32).to_le_bytes() || body.first() != Some(&WARNINGS) {
        return Err("no warnings record".into());
    }
    let mut c = Cursor::new(&body[1..]);
    let warnings = warning_list(&mut c)?;
    if !c.is_empty() {
        return Err("a record longer than what it holds".into());
    }
    Ok(warnings)
}

/// A warnings record's list.
fn warning_list(c: &mut Cursor) -> Result<Vec<String>, Bad> {
    let count = c.count()?;
    (0..count).map(|_| c.str().map(str::to_owned)).collect()
}

/// Reads records back.
#[derive(Debug, Default)]
pub(super) struct Decoder {
    channels: Vec<Channel>,
    last: State,
    /// Whether the end record was read.
    pub(super) ended: bool,
    /// The first frame read that does not decode.
    pub(super) undecodable: Option<Undecodable>,
}

impl Decoder {
    /// The event of the record whose bytes (without its length) are `body` (`None`: a record
    /// that holds none).
    pub(super) fn record(&mut self, body: &[u8]) -> Result<Option<Played>, Bad> {
        let mut c = Cursor::new(body);
        let record = match c.u8()? {
            CHANNEL => {
                self.channels.push(Channel::read(&mut c)?);
                None
            }
            EVENT => {
                let id = c.u64()?;
                let channel = usize::try_from(id)
                    .ok()
                    .and_then(|id| self.channels.get(id))
                    .ok_or_else(|| format!("channel {id} was never named"))?;
                let entry = self.last.entry.wrapping_add(c.u64()?);
                let at_us = self.last.at_us.wrapping_add(c.i64()? as u64);
                let ts = self.last.ts.wrapping_add(c.i64()?);
                let event: MarketEvent = event::read(&mut c, channel, ts)?;
                self.last = State { entry, at_us, ts };
                Some(Played {
                    entry,
                    at_us,
                    event,
                    frame: None,
                })
            }
            END => {
                c.take(16)?;
                self.ended = true;
                None
            }
            // Read when the cache is checked ([`warnings`]).
            WARNINGS => {
                warning_list(&mut c)?;
                None
            }
            UNDECODABLE => {
                let entry = c.u64()?;
                let message = c.str()?.to_owned();
                self.undecodable
                    .get_or_insert(Undecodable { entry, message });
                None
            }
            tag => return Err(format!("a record of unknown kind {tag}")),
        };
        if !c.is_empty() {
            return Err("a record longer than what it holds".into());
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use contango::{MarketMessage, MarketStreamApi};

    fn played(entry: u64, text: &str) -> Played {
        let Ok(MarketMessage::Event(event)) = MarketStreamApi::decode_frame(text.as_bytes()) else {
            panic!("not an event: {text}");
        };
        Played {
            entry,
            at_us: entry * 1_000,
            event,
            frame: None,
        }
    }

    /// Record bodies, by their length prefixes.
    fn bodies(bytes: &[u8]) -> Vec<&[u8]> {
        let mut out = Vec::new();
        let mut rest = bytes;
        while rest.len() >= 4 {
            let len = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]) as usize;
            let Some(body) = rest.get(4..4 + len) else {
                break;
            };
            out.push(body);
            rest = &rest[4 + len..];
        }
        out
    }

    #[test]
    fn records_read_back_and_any_damage_is_an_error_or_a_value_never_a_panic() {
        let events = [
            played(
                3,
                r#"{"channel":"market_e_btcusdt_depth_step0","tick":{"asks":[["30000.5","10"],["30000.6","12"]],"buys":[["29999.9","7"]]},"ts":1790000000010}"#,
            ),
            played(
                5,
                r#"{"channel":"market_e_btcusdt_trade_ticker","tick":{"data":[{"id":1,"price":"30000.5","vol":"3","side":"BUY","amount":"90001.5","ds":"x","ts":1790000000011}],"ts":1790000000011},"ts":1790000000011}"#,
            ),
            played(
                6,
                r#"{"channel":"market_e_btcusdt_ticker","tick":{"close":"30000.5","rose":"-0.01"},"ts":1790000000012}"#,
            ),
            played(
                7,
                r#"{"channel":"market_e_btcusdt_kline_1min","tick":{"id":1790000000,"open":"1","ds":"y"},"ts":1790000000013}"#,
            ),
            played(
                9,
                r#"{"channel":"market_e_btcusdt_other","tick":{"a":1},"ts":1790000000014}"#,
            ),
        ];
        let mut encoder = Encoder::default();
        let mut bytes = Vec::new();
        for p in &events {
            encoder.push(p, &mut bytes);
            if p.entry == 5 {
                // A frame that does not decode: kept apart, the events around it unchanged.
                encoder.undecodable(6, &"é".repeat(600), &mut bytes);
            }
        }
        let said = ["a file cut short".to_owned()];
        encoder.end(&said, &mut bytes);
        // The end record says where the warnings are, and they read back.
        let mut end = [0_u8; END_RECORD];
        end.copy_from_slice(&bytes[bytes.len() - END_RECORD..]);
        let (count, warned) = end_record(&end).expect("an end record");
        assert_eq!(count, events.len() as u64);
        let at = bytes.len() - END_RECORD - warned as usize;
        assert_eq!(
            warnings(&bytes[at..bytes.len() - END_RECORD]),
            Ok(said.to_vec())
        );
        let mut decoder = Decoder::default();
        for body in bodies(&bytes) {
            let _ = decoder.record(body);
        }
        let kept = decoder.undecodable.expect("kept");
        // Its words cut at a character, within the limit.
        assert_eq!((kept.entry, kept.message.len()), (6, 1_000));
        let read = |bytes: &[u8]| -> Result<Vec<Played>, Bad> {
            let mut decoder = Decoder::default();
            let mut out = Vec::new();
            for body in bodies(bytes) {
                out.extend(decoder.record(body)?);
            }
            Ok(out)
        };
        assert_eq!(read(&bytes), Ok(events.to_vec()));
        for i in 0..bytes.len() {
            for flip in [0x01, 0x80, 0xff] {
                let mut bad = bytes.clone();
                bad[i] ^= flip;
                let _ = read(&bad);
            }
            let _ = read(&bytes[..i]);
        }
    }
}
