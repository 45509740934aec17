//! Building a recording's cache in one pass over the recording: each line read and checked
//! (a damaged one refused at its number), its bytes hashed as they go by (a gzip file's before
//! they are inflated), each market frame decoded once and its event written, or, for a frame
//! that does not decode, its place and the decoder's words. The cache is written to a temporary file beside its
//! place and renamed there whole, so no reader sees half of one, and two builders racing each
//! leave a whole cache.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use contango::recording::Entries;
use sha2::{Digest, Sha256};

use super::CacheError;
use super::format::{Encoder, HEADER, Header, MAX_RECORD};
use super::frames::{MarketFrames, decode};
use super::text::{self, Text};

/// A reader that hashes what it reads.
pub(super) struct Hashing<R> {
    inner: R,
    sha: Sha256,
    len: u64,
}

impl<R> Hashing<R> {
    pub(super) fn new(inner: R) -> Hashing<R> {
        Hashing {
            inner,
            sha: Sha256::new(),
            len: 0,
        }
    }

    /// The length and SHA-256 of what was read and of what is left, read now.
    fn rest(mut self) -> io::Result<Header>
    where
        R: Read,
    {
        io::copy(&mut self, &mut io::sink())?;
        Ok(self.finish())
    }

    /// The length and SHA-256 of what was read.
    pub(super) fn finish(self) -> Header {
        Header {
            len: self.len,
            sha256: self.sha.finalize().into(),
        }
    }
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.sha.update(&buf[..n]);
        self.len += n as u64;
        Ok(n)
    }
}

/// The length and SHA-256 of a recording's bytes, read (in bounded memory) the first time
/// they are asked for.
pub(super) struct RecordingHash<'a> {
    path: &'a Path,
    hash: Option<Header>,
}

impl RecordingHash<'_> {
    pub(super) fn new(path: &Path) -> RecordingHash<'_> {
        RecordingHash { path, hash: None }
    }

    pub(super) fn get(&mut self) -> Result<Header, CacheError> {
        if let Some(h) = self.hash {
            return Ok(h);
        }
        let file = File::open(self.path).map_err(|e| unreadable(self.path, &e))?;
        let h = hash_all(file).map_err(|e| unreadable(self.path, &e))?;
        self.hash = Some(h);
        Ok(h)
    }
}

/// The length and SHA-256 of what `input` holds, read a megabyte at a time.
pub(super) fn hash_all(input: impl Read) -> io::Result<Header> {
    let mut hashing = Hashing::new(input);
    let mut buf = vec![0; 1 << 20];
    loop {
        match hashing.read(&mut buf) {
            Ok(0) => return Ok(hashing.finish()),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

fn unreadable(path: &Path, e: &io::Error) -> CacheError {
    CacheError::Recording(text::unreadable(path, e))
}

/// Builds the cache of the recording at `recording` at `cache`; how many events it holds, and
/// the recording's length and hash it was built from.
pub(super) fn build(recording: &Path, cache: &Path) -> Result<(u64, Header), CacheError> {
    let file = File::open(recording).map_err(|e| unreadable(recording, &e))?;
    let reader = BufReader::with_capacity(1 << 18, Hashing::new(file));
    let text = Text::new(reader).map_err(|e| unreadable(recording, &e))?;
    let entries = Entries::named(text, Some(recording.display().to_string()))?;
    let mut frames = MarketFrames::new(entries);
    let temporary = temporary(cache);
    let io_error = |source| CacheError::Io {
        path: temporary.clone(),
        source,
    };
    let out = File::create_new(&temporary).map_err(io_error)?;
    let written = write(&mut frames, out).map_err(|e| match e {
        Failed::Io(source) => io_error(source),
        Failed::Cache(e) => e,
    });
    let written = written.and_then(|(out, count)| {
        let text = frames.into_inner();
        if text.ended_early() {
            tracing::warn!(
                recording = %recording.display(),
                "the gzip data ends early: the market cache holds what it holds"
            );
        }
        // Every line was read; what follows the text (a gzip trailer) is hashed too, so the hash
        // is the whole recording's.
        let header = text
            .into_inner()
            .into_inner()
            .rest()
            .map_err(|e| unreadable(recording, &e))?;
        finish(out, header)
            .and_then(|()| std::fs::rename(&temporary, cache))
            .map_err(io_error)?;
        Ok((count, header))
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// Why writing stopped.
enum Failed {
    Io(io::Error),
    Cache(CacheError),
}

impl From<io::Error> for Failed {
    fn from(e: io::Error) -> Failed {
        Failed::Io(e)
    }
}

/// Writes a header to fill in later, every event's records, the end record and the trailer
/// (the SHA-256 of the records); the file and the event count.
fn write<R: Read>(
    frames: &mut MarketFrames<Text<BufReader<Hashing<R>>>>,
    out: File,
) -> Result<(File, u64), Failed> {
    let mut out = BufWriter::with_capacity(1 << 20, out);
    out.write_all(&[0; HEADER])?;
    let mut encoder = Encoder::default();
    let mut records = Vec::with_capacity(1 << 12);
    let mut sha = Sha256::new();
    let mut count = 0_u64;
    for frame in frames {
        let frame = frame.map_err(|e| Failed::Cache(CacheError::Recording(e)))?;
        let entry = frame.entry;
        records.clear();
        match decode(frame, false) {
            Ok(Some(played)) => {
                encoder.push(&played, &mut records);
                count += 1;
            }
            Ok(None) => continue,
            Err(why) => encoder.undecodable(entry, &why, &mut records),
        }
        if records.len() > MAX_RECORD {
            return Err(Failed::Cache(CacheError::TooLarge {
                entry,
                bytes: records.len(),
            }));
        }
        sha.update(&records);
        out.write_all(&records)?;
    }
    records.clear();
    encoder.end(&mut records);
    sha.update(&records);
    out.write_all(&records)?;
    out.write_all(&sha.finalize())?;
    let out = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    Ok((out, count))
}

/// Fills in the header. A crash before the rename leaves only a temporary file; after it, a
/// cache whose trailer is checked before it is read, so no sync is needed for safety.
fn finish(mut out: File, header: Header) -> io::Result<()> {
    out.seek(SeekFrom::Start(0))?;
    out.write_all(&header.to_bytes())?;
    out.flush()
}

/// A name beside `cache` no other builder uses.
fn temporary(cache: &Path) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let mut name = cache.file_name().unwrap_or_default().to_os_string();
    name.push(format!(
        ".tmp-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    cache.with_file_name(name)
}
