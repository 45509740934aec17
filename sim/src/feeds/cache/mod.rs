//! A decoded market: a recording's market events (a file's, or a directory of rotated files'
//! read as one session) decoded once into a compact binary cache beside it, which every replay
//! of the recording reads instead (backtests, the recorded market source, the fidelity check's
//! replay, a journal's references): no gzip, no JSON, a few bytes per price level, streamed from
//! disk a chunk at a time. [`MarketEvents`] is the
//! one way in; [`MarketCache`] is a recording's cache checked once and replayed as often as
//! wanted (a backtest and its runs, a sweep's runs).
//!
//! **Where.** Beside the recording, its name and `.contango-cache` (`day.jsonl` →
//! `day.jsonl.contango-cache`, the directory `market/` → `market.contango-cache`); when that
//! directory cannot be written, in the system's temporary directory,
//! `contango-cache/<hash of the recording's path>.contango-cache`.
//!
//! **When.** Opening checks the cache against the recording and builds it again when it does
//! not match: there is none, the recording was edited or cut, the cache is of another format
//! version, cut short or damaged. Nothing is trusted: the header's magic and version, the
//! recording's length and SHA-256 (its bytes read now; a directory's: the SHA-256 of each of its
//! files' name, length and SHA-256, in the order they are joined, so a file added, removed,
//! edited or cut makes it stale), and the SHA-256 of the cache's records are all compared before
//! the first event is read. Building reads the recording a line at a time (a directory's files
//! joined, one open at a time: [`Joined`]), a gzip file inflated as it is read; a damaged line
//! is refused with its file and number ([`CacheError::Recording`]). The hash is of the bytes
//! the cache was built from, read as it was built, so a directory a recorder is still writing
//! gives a cache of what it held then, found stale once it holds more. The file
//! checked is kept open and every replay of it reads that file: the recording is hashed once
//! per [`MarketCache::open`], not once per replay.
//!
//! **The format** (version 3, `format.rs`), little-endian:
//!
//! - header: the magic `\x89CTGMKT\n`, the version (u32), the recording's length (u64) and its
//!   SHA-256 (32 bytes);
//! - records, each its length (u32) and its bytes, the first byte its kind: a channel named
//!   (1: its kind and name; events refer to it by its number, so a symbol is written once), an
//!   event (2: its channel, then its entry, arrival time (µs) and frame time (ms) as varint
//!   differences from the previous event's, then its payload: every field, decimals exact in the
//!   venue's one compact encoding (`crate::codec::compact`), a side of price levels as its two
//!   scales and each level's price step and size (`event.rs`)), a market frame that does not decode (4: its
//!   entry and the decoder's words: replays skip it, the Parquet export refuses it), the
//!   recording's warnings (5: what it held but not whole, its files cut short; only when there
//!   are any, just before the end), the end (3: the event count and the warnings record's size,
//!   u64 each: a check reads both from the file's end);
//! - trailer: the SHA-256 of the records.

mod build;
mod bytes;
mod event;
mod format;
mod frames;
mod read;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use contango::MarketEvent;
use contango::recording::{Joined, RecordingError};

pub use frames::{MarketFrames, RecordedFrame, decoded, market_frames};

use build::RecordingHash;
use read::{CacheReader, Check, Opened};

/// The cache file's name beside its recording: the recording's, and this.
pub const EXTENSION: &str = "contango-cache";

/// Why a recording's market events could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    /// The recording could not be read, or a line of it is damaged (its number says which).
    #[error("{0}")]
    Recording(#[from] RecordingError),
    /// The cache could not be written or read.
    #[error("the market cache {path}: {source}")]
    Io {
        /// The cache file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// A checked cache read back wrong: it changed while it was read.
    #[error("the market cache {path} is damaged: {why}")]
    Damaged {
        /// The cache file.
        path: PathBuf,
        /// What was wrong.
        why: String,
    },
    /// An event too large for a cache record.
    #[error("entry {entry}: an event of {bytes} bytes is too large for the market cache")]
    TooLarge {
        /// Its place in the recording.
        entry: u64,
        /// Its size encoded.
        bytes: usize,
    },
}

/// A market event as a replay plays it: where and when it was recorded, and the event.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// Its entry's place in the recording (its line, from 0); a frame's place among frames
    /// given in memory.
    pub entry: u64,
    /// When it arrived, in µs since the recording started (0 for frames given in memory).
    pub at_us: u64,
    /// The event.
    pub event: MarketEvent,
    /// The frame's bytes as received, when the source keeps them (frames given in memory;
    /// [`MarketEvents::open_with_frames`]).
    pub frame: Option<Vec<u8>>,
}

impl Played {
    /// When it arrived, in ms since the recording started.
    pub fn at_ms(&self) -> u64 {
        self.at_us / 1_000
    }
}

/// A market frame of the recording that does not decode: replays skip it, the Parquet export
/// refuses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undecodable {
    /// Its entry's place in the recording (its line, from 0).
    pub entry: u64,
    /// The decoder's words.
    pub message: String,
}

/// The exchange time of an event (0 when it carries none).
pub fn event_ts(event: &MarketEvent) -> i64 {
    match event {
        MarketEvent::Depth(d) => d.ts.0,
        MarketEvent::Trades(t) => t.ts.0,
        MarketEvent::Ticker(t) => t.ts.0,
        MarketEvent::Kline(k) => k.ts.0,
        MarketEvent::Other { .. } => 0,
    }
}

/// Where the cache of the recording at `recording` (a file or a directory) lives: beside it,
/// named after it.
pub fn cache_path(recording: &Path) -> PathBuf {
    // `.` and `dir/..` name no file: the directory's own name does.
    let recording = match recording.file_name() {
        Some(_) => recording.to_path_buf(),
        None => std::fs::canonicalize(recording).unwrap_or_else(|_| recording.to_path_buf()),
    };
    let mut name = recording.file_name().unwrap_or_default().to_os_string();
    name.push(".");
    name.push(EXTENSION);
    recording.with_file_name(name)
}

/// Where it lives when the recording's directory cannot be written: the temporary directory,
/// named by the hash of the recording's absolute path.
fn elsewhere(recording: &Path) -> PathBuf {
    use sha2::Digest as _;
    let absolute = std::path::absolute(recording).unwrap_or_else(|_| recording.to_path_buf());
    let sha = sha2::Sha256::digest(absolute.as_os_str().as_encoded_bytes());
    let name = hex(&sha[..16]);
    std::env::temp_dir()
        .join(EXTENSION)
        .join(format!("{name}.{EXTENSION}"))
}

/// The decoded market of a recording (a file, or a directory read as one session), its cache
/// checked against the recording (and built first where it did not match) once, when it is
/// opened. Each [`MarketCache::events`] streams the events again from the file that was
/// checked, without hashing anything: clones share it, and replays on several threads read it
/// at once.
#[derive(Clone)]
pub struct MarketCache {
    cache: Arc<Opened>,
    recording: PathBuf,
}

impl std::fmt::Debug for MarketCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MarketCache")
            .field("recording", &self.recording)
            .field("cache", &self.cache.path)
            .field("len", &self.cache.count)
            .finish()
    }
}

impl MarketCache {
    /// The cache of the recording at `recording` (a file, or a directory of files read as one
    /// session, `Recording::from_dir`), checked, or built where it did not match; a damaged
    /// line of the recording is refused with its file and number.
    pub fn open(recording: impl AsRef<Path>) -> Result<MarketCache, CacheError> {
        let recording = recording.as_ref();
        Ok(MarketCache {
            cache: Arc::new(cached(recording)?),
            recording: recording.to_path_buf(),
        })
    }

    /// Its events, from the first, streamed from the cache.
    pub fn events(&self) -> MarketEvents {
        MarketEvents {
            len: self.cache.count,
            source: Source::Cache(CacheReader::new(Arc::clone(&self.cache))),
            warnings: self.cache.warnings.clone(),
            undecodable: None,
        }
    }

    /// [`MarketCache::events`], each with its frame's bytes as recorded (read again from the
    /// recording, line by line, a directory's files joined: what a recorded session writes).
    pub fn events_with_frames(&self) -> Result<MarketEvents, CacheError> {
        let frames = MarketFrames::new(Joined::open(&self.recording)?);
        Ok(MarketEvents {
            len: self.cache.count,
            source: Source::Framed(CacheReader::new(Arc::clone(&self.cache)), Box::new(frames)),
            warnings: self.cache.warnings.clone(),
            undecodable: None,
        })
    }

    /// How many events it holds.
    pub fn len(&self) -> u64 {
        self.cache.count
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.cache.count == 0
    }

    /// The SHA-256 of the recording's bytes it was checked (or built) against.
    pub fn recording_sha256(&self) -> [u8; 32] {
        self.cache.header.sha256
    }

    /// The cache file.
    pub fn path(&self) -> &Path {
        &self.cache.path
    }
}

/// `bytes` in lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A market's events in order, each once: streamed from a recording's cache, or decoded from
/// frames given in memory.
pub struct MarketEvents {
    source: Source,
    len: u64,
    /// What the recording held but not whole (a file cut short by a kill), in words.
    warnings: Vec<String>,
    /// Frames given in memory: the first that does not decode.
    undecodable: Option<Undecodable>,
}

impl std::fmt::Debug for MarketEvents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MarketEvents")
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

enum Source {
    Memory(std::vec::IntoIter<Played>),
    Cache(CacheReader),
    /// A cache's events, each with its frame from the recording, joined by entry.
    Framed(CacheReader, Box<MarketFrames<Joined>>),
}

impl MarketEvents {
    /// The market events of the recording at `recording`, from its cache, which is checked and
    /// built again first when it does not match the recording. A directory of recordings
    /// (`contango record market`'s rotating files) is one session, with the warnings of its
    /// files cut short.
    pub fn open(recording: impl AsRef<Path>) -> Result<MarketEvents, CacheError> {
        Ok(MarketCache::open(recording)?.events())
    }

    /// What the recording held but not whole, in words (its files cut short).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// [`MarketEvents::open`], each event with its frame's bytes as recorded (read again from
    /// the recording, line by line: what a recorded session writes).
    pub fn open_with_frames(recording: impl AsRef<Path>) -> Result<MarketEvents, CacheError> {
        MarketCache::open(recording)?.events_with_frames()
    }

    /// The events of `frames` (frames that hold none are left out), each keeping its bytes.
    pub fn from_frames(frames: impl IntoIterator<Item = RecordedFrame>) -> MarketEvents {
        let mut undecodable = None;
        let played: Vec<Played> = frames
            .into_iter()
            .filter_map(|f| {
                let entry = f.entry;
                frames::decode(f, true).unwrap_or_else(|message| {
                    undecodable.get_or_insert(Undecodable { entry, message });
                    None
                })
            })
            .collect();
        MarketEvents {
            len: played.len() as u64,
            source: Source::Memory(played.into_iter()),
            warnings: Vec::new(),
            undecodable,
        }
    }

    /// The first market frame that does not decode (replays skip it): of frames given in
    /// memory, known at once; of a cache, among the events read so far (all of them once the
    /// iterator has ended).
    pub fn undecodable(&self) -> Option<&Undecodable> {
        match &self.source {
            Source::Memory(_) => self.undecodable.as_ref(),
            Source::Cache(reader) | Source::Framed(reader, _) => reader.undecodable(),
        }
    }

    /// How many events there are in all.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Iterator for MarketEvents {
    type Item = Result<Played, CacheError>;

    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.source {
            Source::Memory(played) => played.next().map(Ok),
            Source::Cache(reader) => reader.next(),
            Source::Framed(reader, frames) => Some(reader.next()?.and_then(|mut p| {
                p.frame = Some(frame_at(frames, p.entry)?);
                Ok(p)
            })),
        }
    }
}

/// The bytes of the frame at `entry`, reading `frames` on to it.
fn frame_at(frames: &mut MarketFrames<Joined>, entry: u64) -> Result<Vec<u8>, CacheError> {
    for f in frames {
        let f = f?;
        if f.entry == entry {
            return Ok(f.bytes);
        }
        if f.entry > entry {
            break;
        }
    }
    Err(RecordingError {
        file: None,
        line: 0,
        message: format!("no market frame at entry {entry}: the recording changed while read"),
    }
    .into())
}

/// The checked cache of `recording`, built first where it is stale.
fn cached(recording: &Path) -> Result<Opened, CacheError> {
    let mut hash = RecordingHash::new(recording);
    let beside = cache_path(recording);
    let why = match read::check(&beside, &mut hash)? {
        Check::Good(opened) => return Ok(opened),
        Check::Stale(why) => why,
    };
    tracing::info!(cache = %beside.display(), %why, "building the market cache");
    let e = match build::build(recording, &beside) {
        Ok(b) => return read::built(&beside, b.count, b.header, b.warnings),
        Err(e @ CacheError::Io { .. }) => e,
        Err(e) => return Err(e),
    };
    let place = elsewhere(recording);
    tracing::warn!(error = %e, cache = %place.display(), "the market cache goes elsewhere");
    if let Check::Good(opened) = read::check(&place, &mut hash)? {
        return Ok(opened);
    }
    if let Some(dir) = place.parent() {
        std::fs::create_dir_all(dir).map_err(|source| CacheError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    let b = build::build(recording, &place)?;
    read::built(&place, b.count, b.header, b.warnings)
}
