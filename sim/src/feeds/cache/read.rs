//! Reading a cache: checked whole before the first event ([`check`]), then streamed a chunk
//! at a time ([`CacheReader`]), in the memory of one buffer whatever the file's size. The file
//! checked stays open ([`Opened`]) and every reader of it reads at its own offsets, so a
//! cache is checked once however many replays (a sweep's runs, on their threads) read it.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::build::{RecordingHash, hash_all};
use super::format::{
    Decoder, END_RECORD, HEADER, Header, MAX_RECORD, TRAILER, end_record, warnings,
};
use super::{CacheError, Played, Undecodable};

/// What the file reads in at a time.
const CHUNK: usize = 1 << 16;

/// A checked cache, open: its records are read from the file checked, whatever happens to
/// its path afterwards (a builder renames a new cache over it; this one is still read).
#[derive(Debug)]
pub(super) struct Opened {
    file: File,
    pub(super) path: PathBuf,
    /// The records' length in bytes, from the end of the header.
    records: u64,
    /// The events they hold.
    pub(super) count: u64,
    /// What the cache was built from: the recording's length and SHA-256.
    pub(super) header: Header,
    /// What the recording held but not whole (files cut short), in words.
    pub(super) warnings: Vec<String>,
}

/// What a check found.
pub(super) enum Check {
    /// The cache matches the recording whose header is given.
    Good(Opened),
    /// It does not, for this reason: build it again.
    Stale(String),
}

/// Whether the cache at `path` is whole and was built from the recording's bytes as they are
/// now. Nothing in it is taken on trust: its magic and version, the recording's length and
/// hash (read only when the cache could be good), and the hash of its records, every byte.
pub(super) fn check(path: &Path, recording: &mut RecordingHash) -> Result<Check, CacheError> {
    let io_error = |source| CacheError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Check::Stale("none".into())),
        Err(e) => return Err(io_error(e)),
    };
    let len = file.metadata().map_err(io_error)?.len();
    let least = (HEADER + END_RECORD + TRAILER) as u64;
    if len < least {
        return Ok(Check::Stale(format!("{len} bytes: cut short")));
    }
    let mut head = [0_u8; HEADER];
    file.read_exact(&mut head).map_err(io_error)?;
    let header = match Header::read(&head) {
        Ok(h) => h,
        Err(why) => return Ok(Check::Stale(why)),
    };
    if header != recording.get()? {
        return Ok(Check::Stale(
            "built from other bytes of the recording".into(),
        ));
    }
    let records = len - (HEADER + TRAILER) as u64;
    let sha = hash_all((&mut file).take(records))
        .map_err(io_error)?
        .sha256;
    let mut trailer = [0_u8; TRAILER];
    file.read_exact(&mut trailer).map_err(io_error)?;
    if sha != trailer {
        return Ok(Check::Stale(
            "damaged: its records do not match their hash".into(),
        ));
    }
    let end_at = len - (TRAILER + END_RECORD) as u64;
    let mut end = [0_u8; END_RECORD];
    file.seek(SeekFrom::Start(end_at))
        .and_then(|_| file.read_exact(&mut end))
        .map_err(io_error)?;
    let (count, warned) = match end_record(&end) {
        Ok(end) => end,
        Err(why) => return Ok(Check::Stale(why)),
    };
    let mut said = Vec::new();
    if warned > 0 {
        let Some(at) = end_at
            .checked_sub(warned)
            .filter(|at| *at >= HEADER as u64 && warned <= MAX_RECORD as u64)
        else {
            return Ok(Check::Stale(format!("a warnings record of {warned} bytes")));
        };
        let mut bytes = vec![0_u8; usize::try_from(warned).unwrap_or(0)];
        file.seek(SeekFrom::Start(at))
            .and_then(|_| file.read_exact(&mut bytes))
            .map_err(io_error)?;
        said = match warnings(&bytes) {
            Ok(w) => w,
            Err(why) => return Ok(Check::Stale(why)),
        };
    }
    Ok(Check::Good(Opened {
        file,
        path: path.to_path_buf(),
        records,
        count,
        header,
        warnings: said,
    }))
}

/// The cache this process just built at `path` from the recording `header` describes
/// (`count` events, the recording's `warnings`).
pub(super) fn built(
    path: &Path,
    count: u64,
    header: Header,
    warnings: Vec<String>,
) -> Result<Opened, CacheError> {
    let io_error = |source| CacheError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = File::open(path).map_err(io_error)?;
    let len = file.metadata().map_err(io_error)?.len();
    Ok(Opened {
        file,
        path: path.to_path_buf(),
        records: len.saturating_sub((HEADER + TRAILER) as u64),
        count,
        header,
        warnings,
    })
}

/// Reads `buf.len()` bytes at most from `file` at `offset`, leaving the file's own position to
/// other readers.
#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, offset)
}

/// A checked cache's events, read a chunk at a time.
pub(super) struct CacheReader {
    cache: Arc<Opened>,
    buf: Vec<u8>,
    /// What of `buf` is read in and not yet taken.
    pos: usize,
    end: usize,
    /// Where in the file the next read starts, and the bytes of the records not yet read in.
    offset: u64,
    left: u64,
    decoder: Decoder,
    /// Events in all, and played so far.
    count: u64,
    played: u64,
    done: bool,
}

impl CacheReader {
    /// The events of `cache`, from the first.
    pub(super) fn new(cache: Arc<Opened>) -> CacheReader {
        CacheReader {
            buf: vec![0; CHUNK],
            pos: 0,
            end: 0,
            offset: HEADER as u64,
            left: cache.records,
            decoder: Decoder::default(),
            count: cache.count,
            played: 0,
            done: false,
            cache,
        }
    }

    /// The first frame read so far that does not decode.
    pub(super) fn undecodable(&self) -> Option<&Undecodable> {
        self.decoder.undecodable.as_ref()
    }

    fn damaged(&self, why: String) -> CacheError {
        CacheError::Damaged {
            path: self.cache.path.clone(),
            why,
        }
    }

    /// Makes `n` bytes ready at `pos`; false when the records end first.
    fn ready(&mut self, n: usize) -> io::Result<bool> {
        if self.end - self.pos >= n {
            return Ok(true);
        }
        self.buf.copy_within(self.pos..self.end, 0);
        self.end -= self.pos;
        self.pos = 0;
        if self.buf.len() < n {
            self.buf.resize(n, 0);
        }
        while self.end < n && self.left > 0 {
            let room =
                (self.buf.len() - self.end).min(usize::try_from(self.left).unwrap_or(usize::MAX));
            let read = match read_at(
                &self.cache.file,
                &mut self.buf[self.end..self.end + room],
                self.offset,
            ) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if read == 0 {
                return Ok(false);
            }
            self.end += read;
            self.offset += read as u64;
            self.left -= read as u64;
        }
        Ok(self.end >= n)
    }

    /// The next record's event (`None`: the record holds none).
    fn record(&mut self) -> Result<Option<Played>, CacheError> {
        let io_error = |path: &Path, source| CacheError::Io {
            path: path.to_path_buf(),
            source,
        };
        if !self.ready(4).map_err(|e| io_error(&self.cache.path, e))? {
            return Err(self.damaged("the records end without their end".into()));
        }
        let mut word = [0_u8; 4];
        word.copy_from_slice(&self.buf[self.pos..self.pos + 4]);
        let len = u32::from_le_bytes(word) as usize;
        if len > MAX_RECORD {
            return Err(self.damaged(format!("a record of {len} bytes")));
        }
        if !self
            .ready(4 + len)
            .map_err(|e| io_error(&self.cache.path, e))?
        {
            return Err(self.damaged("a record cut short".into()));
        }
        let body = &self.buf[self.pos + 4..self.pos + 4 + len];
        self.pos += 4 + len;
        self.decoder
            .record(body)
            .map_err(|why| CacheError::Damaged {
                path: self.cache.path.clone(),
                why,
            })
    }
}

impl Iterator for CacheReader {
    type Item = Result<Played, CacheError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            match self.record() {
                Ok(Some(p)) => {
                    self.played += 1;
                    return Some(Ok(p));
                }
                Ok(None) if self.decoder.ended => {
                    self.done = true;
                    if self.played != self.count {
                        let why =
                            format!("{} events where {} were counted", self.played, self.count);
                        return Some(Err(self.damaged(why)));
                    }
                }
                Ok(None) => {}
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        None
    }
}
